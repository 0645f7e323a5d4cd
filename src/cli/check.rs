//! `gjk-lab check`: a case's promises (its `expect` section) against what it answers, one
//! line per file and one per broken promise.

use super::trace::traced;
use gjk_lab_files::case::Case;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `check` says of one file: one line, then one per broken promise; and whether it passed.
fn check_file(file: &Path) -> (String, bool) {
    let label = file.display();
    let scenario = match Case::load(file) {
        Ok(Case::Pair(s)) => s,
        Ok(Case::Pieces(read)) => {
            let (case, composite) = &*read;
            return crate::cli::guard::guarded(|| {
                pieces_check(&label.to_string(), case, composite)
            })
            .unwrap_or_else(|e| (format!("ERROR {label}: {e}"), false));
        }
        Err(e) => return (format!("ERROR {e}"), false),
    };
    let Some(expect) = &scenario.expect else {
        return (
            format!("ERROR {label}: no `expect` section, nothing to check"),
            false,
        );
    };
    let checked = crate::cli::guard::guarded(|| {
        let (t, cast) = traced(&scenario);
        let contacts = scenario.manifold_prepared(&scenario.prepare(), &t.finish);
        let manifold = contacts.as_ref().map(|(m, _)| m);
        expect.check(&t, cast.as_ref().map(|c| &c.answer), manifold)
    });
    match checked {
        Ok(checks) => promises_text(&label.to_string(), &checks),
        Err(e) => (format!("ERROR {label}: {e}"), false),
    }
}

/// `check`'s line for a file whose promises were checked: `ok` with their count, or `FAIL`
/// and a line per broken promise; and whether every promise was kept.
pub(super) fn promises_text(label: &str, checks: &[gjk::Check]) -> (String, bool) {
    let broken: Vec<_> = checks.iter().filter(|c| !c.passed).collect();
    if broken.is_empty() {
        return (
            format!("ok    {label} ({} promises kept)", checks.len()),
            true,
        );
    }
    let mut text = format!("FAIL  {label}");
    for c in broken {
        text.push_str(&format!(
            "\n      {}: expected {}, got {}",
            c.what, c.expected, c.actual
        ));
    }
    (text, false)
}

/// `gjk-lab check`: one line per file, then one per broken promise; returns the exit code.
pub fn check(files: &[PathBuf]) -> i32 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut code = 0;
    for file in files {
        let (text, passed) = check_file(file);
        if !passed {
            code = 1;
        }
        if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
            return crate::cli::guard::output_failed("check", &e, code);
        }
    }
    code
}

/// `check`'s line for the case (and one per broken promise), and whether it passed.
fn pieces_check(
    label: &str,
    case: &gjk::scenario::pieces::PiecesCase,
    composite: &gjk::composite::Composite,
) -> (String, bool) {
    let Some(expect) = &case.expect else {
        return (
            format!("ERROR {label}: no `expect` section, nothing to check"),
            false,
        );
    };
    let report = gjk::scenario::pieces::report::answer(case, composite);
    promises_text(label, &expect.check(&report))
}
