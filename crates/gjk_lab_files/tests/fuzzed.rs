//! The readers' fuzz targets' corpora replayed on stable: every input `lesson_text`, `link`
//! and `mesh_file` (in `fuzz/`) found new coverage with, kept minimised in `fuzz/corpus/`,
//! and every bundled lesson, each checked as the targets check them
//! (`gjk_lab_files::checks`). CI runs this without nightly or libFuzzer.

use std::path::{Path, PathBuf};

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("{}: the corpus is part of the source", dir.display());
    };
    let mut found: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    found.sort();
    found
}

fn replay(target: &str, check: fn(&[u8]) -> Result<(), String>) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let inputs = files_in(&root.join(target));
    for path in &inputs {
        let bytes = std::fs::read(path).unwrap();
        if let Err(broken) = check(&bytes) {
            panic!("{}: {broken}", path.display());
        }
    }
    inputs.len()
}

#[test]
fn every_lesson_the_fuzzer_kept_and_every_bundled_lesson_reads_as_promised() {
    assert!(replay("lesson_text", gjk_lab_files::checks::lesson_text) > 100);
    let lessons = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/lessons");
    for path in files_in(&lessons) {
        let text = std::fs::read(&path).unwrap();
        gjk_lab_files::checks::lesson_text(&text).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_link_the_fuzzer_kept_reads_as_promised() {
    assert!(replay("link", gjk_lab_files::checks::link) > 100);
}

#[test]
fn every_mesh_the_fuzzer_kept_reads_as_promised() {
    assert!(replay("mesh_file", gjk_lab_files::checks::mesh_file) > 100);
}
