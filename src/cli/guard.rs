//! What keeps a batch going: one item's failure, even a bug, becomes that item's error line,
//! and the output's own failures end the run with a message (or, for a closed pipe, quietly).

use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `work`; a panic inside it comes back as an error naming it a bug, so the caller can
/// report it on the item's own line and go on with the next.
pub fn guarded<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "no message".to_string());
        format!("internal error (a bug in GJK Lab; please report it with this input): {message}")
    })
}

/// The exit code after writing the output failed: a closed pipe (`| head`) ends the run quietly
/// with `so_far`; anything else (a full disk) is said, and is exit 1.
pub fn output_failed(command: &str, error: &io::Error, so_far: i32) -> i32 {
    if error.kind() == io::ErrorKind::BrokenPipe {
        so_far
    } else {
        eprintln!("gjk-lab {command}: cannot write the output: {error}");
        1
    }
}
