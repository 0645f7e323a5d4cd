"""Puts wasm-bindgen's table of JavaScript values back where wasm-opt moved its export.

Binaryen's wasm-opt 108 (Debian's) writes the export `__wbindgen_externrefs` with the index
of the module's first table, the function table, instead of the externref table it named in
its input: even a round trip with no passes does it. The page then fails at its first call with
`WebAssembly.Table.set(): Argument 1 is invalid for table`. The code itself still uses the right
table (the module validates), so the export alone is corrected: it is pointed at the one
externref table. Does nothing when the export already names an externref table (a fixed
wasm-opt); refuses a module it cannot read that way.

Usage: python3 web/table_export.py MODULE.wasm   (rewritten in place)
"""

import sys

EXPORT = "__wbindgen_externrefs"
FUNCREF, EXTERNREF = 0x70, 0x6F


def leb(data, i):
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def sections(data):
    i = 8
    while i < len(data):
        kind = data[i]
        size, start = leb(data, i + 1)
        yield kind, start, size
        i = start + size


def table_types(data, start):
    count, j = leb(data, start)
    types = []
    for _ in range(count):
        types.append(data[j])
        flags = data[j + 1]
        _, j = leb(data, j + 2)
        if flags & 1:
            _, j = leb(data, j)
    return types


def export_index_at(data, start):
    """Where the table index of EXPORT is written: (offset, index)."""
    count, j = leb(data, start)
    for _ in range(count):
        length, j = leb(data, j)
        name = data[j : j + length].decode()
        j += length
        kind = data[j]
        index, after = leb(data, j + 1)
        if name == EXPORT and kind == 1:
            return j + 1, index, after - (j + 1)
        j = after
    return None


def main(path):
    data = bytearray(open(path, "rb").read())
    found = {kind: start for kind, start, _ in sections(data)}
    if 4 not in found or 7 not in found:
        sys.exit(f"{path}: no table or export section")
    types = table_types(data, found[4])
    at = export_index_at(data, found[7])
    if at is None:
        sys.exit(f"{path}: no table exported as {EXPORT}")
    offset, index, width = at
    if index < len(types) and types[index] == EXTERNREF:
        return
    externref = [i for i, t in enumerate(types) if t == EXTERNREF]
    if len(externref) != 1 or width != 1 or externref[0] > 0x7F:
        sys.exit(f"{path}: cannot tell which table {EXPORT} should be")
    data[offset] = externref[0]
    open(path, "wb").write(bytes(data))
    print(f"{path}: {EXPORT} pointed back at table {externref[0]} (was {index})", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
