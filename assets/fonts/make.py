#!/usr/bin/env python3
"""Makes the four fonts of this folder from egui's own (epaint_default_fonts 0.36.2).

    pip install fonttools==4.68.0
    python3 assets/fonts/make.py ~/.cargo/registry/src/*/epaint_default_fonts-0.36.2/fonts

See README.md for what is cut and why.
"""

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent

# Code points egui never draws from its built-in fonts (epaint's `ignore_character`): two
# religious symbols with a secondary nefarious reading, and Ubuntu's private-use logo glyphs.
IGNORED = {0x534D, 0x5350, 0xE0FF, 0xEFFD, 0xF0FF, 0xF200}


def keep(font, wanted):
    """The code points of `font`'s character map that `wanted` accepts, less IGNORED."""
    return sorted(c for c in font.getBestCmap() if wanted(c) and c not in IGNORED)


def cut(source, target, wanted, hinting=True, rename=None):
    font = TTFont(source)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = hinting
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep(font, wanted))
    subsetter.subset(font)
    if rename:
        derive(font, rename)
    font.save(HERE / target)


def derive(font, suffix):
    """Names a modified font as the Ubuntu Font Licence asks of one not substantially changed:
    the original name with "derivative X" appended (family, full, unique and PostScript names)."""
    table = font["name"]
    family = table.getDebugName(1)
    joined = "".join(word[0].upper() + word[1:] for word in suffix.split())
    for record in list(table.names):
        text = record.toUnicode()
        if record.nameID in (1, 3, 16):
            new = f"{text} {suffix}"
        elif record.nameID == 4:
            new = text.replace(family, f"{family} {suffix}", 1)
        elif record.nameID == 6:
            stem, _, style = text.partition("-")
            new = f"{stem}{joined}-{style}"
        else:
            continue
        table.setName(new, record.nameID, record.platformID, record.platEncID, record.langID)


def main(fonts):
    fonts = Path(fonts)
    everything = lambda c: True  # noqa: E731
    below_pictographs = lambda c: c < 0x1F000  # noqa: E731
    cut(fonts / "Ubuntu-Light.ttf", "UbuntuDerivativeGJKLab-Light.ttf", everything,
        hinting=False, rename="derivative GJK Lab")
    cut(fonts / "Hack-Regular.ttf", "HackDerivativeGJKLab-Regular.ttf", everything,
        hinting=False, rename="derivative GJK Lab")
    cut(fonts / "NotoEmoji-Regular.ttf", "NotoEmoji-Symbols.ttf", below_pictographs)
    # Without the private-use icons (U+E000–F8FF), with the panel's one pictograph, 🗑.
    cut(fonts / "emoji-icon-font.ttf", "emoji-icon-font-Symbols.ttf",
        lambda c: (below_pictographs(c) and not 0xE000 <= c <= 0xF8FF) or c == 0x1F5D1)


if __name__ == "__main__":
    main(sys.argv[1])
