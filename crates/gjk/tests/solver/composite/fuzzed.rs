//! The `composite_bodies` fuzzer's corpus replayed on stable: every input it kept, as the case
//! it stands for (`fuzz/corpus/composite_bodies_files`, written by `decode_bodies`, with a few
//! cases written by hand among them: the flat quad's ghost, a vertex past f64's limit, a mesh
//! 1e7 out, a fin), each checked as the target checks it (`gjk::tools::composite_check`).

use gjk::tools::composite_check::check_composite_text;
use std::path::Path;

#[test]
fn every_composite_case_the_fuzzer_kept_checks_sound() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/composite_bodies_files");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 4, "only {} cases", cases.len());
    for path in cases {
        let text = std::fs::read_to_string(&path).unwrap();
        let problems = check_composite_text(&text);
        assert!(
            problems.is_empty(),
            "{}:\n{}",
            path.display(),
            problems.join("\n")
        );
    }
}
