//! `gjk_lab_files::checks::mesh_file` on the fuzzer's bytes: see that function for how the bytes
//! are read and what is promised of them.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Err(broken) = gjk_lab_files::checks::mesh_file(bytes) {
        panic!("{broken}");
    }
});
