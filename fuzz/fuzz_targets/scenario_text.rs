//! Any text, read as a scenario file is (JSON when it opens with `{`, else RON), validated,
//! and where it is accepted solved four ways (as written, mirrored, swapped, translated) and
//! checked as the soak checks its own answers: no panic, no non-finite number, every proven
//! claim and bound agreeing across the four, a refusal that names its field
//! (`gjk::tools::soak::check_text`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let report = gjk::tools::soak::check_text(text);
    assert!(report.sound(), "{report}");
});
