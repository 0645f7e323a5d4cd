//! The fuzzers' corpora replayed on stable: every input `fuzz/fuzz_targets/scenario_text.rs`
//! found interesting (kept, minimised, in `fuzz/corpus/scenario_text`), every input the
//! structure-aware targets (`query_bodies`, `cast_bodies`, `manifold_bodies`, `capture`) kept,
//! as the scenario file it stands for (`fuzz/corpus/<target>_files`, written by
//! `decode_bodies`), and every bundled scenario, their seeds, each checked as the targets
//! check them (`gjk::tools::soak::check_text`). CI runs this without nightly or libFuzzer.

use std::path::{Path, PathBuf};

/// The files directly in `dir` (and its folders, for the bundled scenarios), sorted.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files_in(&path));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}

#[test]
fn every_input_the_fuzzers_kept_and_every_bundled_scenario_checks_sound() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let corpus: Vec<PathBuf> = [
        "scenario_text",
        "query_bodies_files",
        "cast_bodies_files",
        "manifold_bodies_files",
        "capture_files",
    ]
    .iter()
    .flat_map(|kept| files_in(&root.join("fuzz/corpus").join(kept)))
    .collect();
    let bundled: Vec<PathBuf> = files_in(&root.join("assets/scenarios"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "ron"))
        .collect();
    assert!(!corpus.is_empty() && bundled.len() > 60);
    for path in corpus.iter().chain(&bundled) {
        let bytes = std::fs::read(path).unwrap();
        // The target reads only UTF-8; so does the replay.
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let report = gjk::tools::soak::check_text(text);
        assert!(report.sound(), "{}:\n{report}", path.display());
    }
}
