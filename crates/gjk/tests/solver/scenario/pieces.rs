//! Case files of a body against many pieces: the bundled cases (`assets/meshes/`) keep their
//! promises and read back as written; each bad field is refused by name; the convex pair's
//! reader says what such a file is.

use gjk::scenario::pieces::report::{answer, trace};
use gjk::scenario::pieces::{PiecesCase, is_pieces};
use gjk::{Format, Scenario, ScenarioError};
use std::path::PathBuf;

fn bundled() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/meshes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

#[test]
fn every_bundled_mesh_case_keeps_its_promises_and_reads_back_as_written() {
    let files = bundled();
    assert!(files.len() >= 4, "{files:?}");
    for file in files {
        let (case, composite) = PiecesCase::load(&file).unwrap_or_else(|e| panic!("{e}"));
        let report = answer(&case, &composite);
        let expect = case.expect.as_ref().expect("every bundled case promises");
        let checks = expect.check(&report);
        let promised = serde_json::to_value(expect).unwrap();
        assert_eq!(checks.len(), promised.as_object().unwrap().len());
        for check in checks {
            assert!(check.passed, "{}: {check:?}", file.display());
        }
        // Written and read again, it answers to the bit.
        let text = gjk::scenario::document_text(&case, Format::Json);
        let (again, body) = PiecesCase::read(&text, Format::Json).unwrap();
        assert_eq!(again, case);
        assert_eq!(answer(&again, &body), report, "{}", file.display());
        let ron = gjk::scenario::document_text(&case, Format::Ron);
        assert!(is_pieces(&ron, Format::Ron), "{ron}");
        assert_eq!(PiecesCase::read(&ron, Format::Ron).unwrap().0, case);
    }
}

#[test]
fn the_quads_ghost_is_said_in_words_with_the_engines_fixes() {
    let file = bundled()
        .into_iter()
        .find(|f| f.ends_with("ball-over-a-quads-diagonal.json"))
        .unwrap();
    let (case, composite) = PiecesCase::load(&file).unwrap();
    let report = answer(&case, &composite);
    let ghost = &report.pieces[0].contacts[0].seam;
    assert_eq!(ghost.verdict, "ghost");
    assert_eq!(ghost.on.as_deref(), Some("edge 2"));
    assert!(
        ghost
            .says
            .starts_with("on triangle 0's edge 2, flat with triangle 1: the normal is 17."),
        "{}",
        ghost.says
    );
    let floor = glam::DVec3::Y;
    assert!(ghost.jolt.unwrap().distance(floor) < 1e-9);
    assert!(ghost.parry.unwrap().unwrap().distance(floor) < 1e-9);
    // The trace holds each piece's steps, and the same report.
    let traced = trace(&case, &composite);
    assert_eq!(traced.report, report);
    assert_eq!(traced.queries.len(), report.pieces.len());
    assert!(traced.queries.iter().all(|q| !q.trace.steps.is_empty()));
}

fn refused(text: &str) -> (String, String) {
    match PiecesCase::read(text, Format::Json) {
        Err(ScenarioError::Invalid { field, reason })
        | Err(ScenarioError::Parse {
            field,
            message: reason,
        }) => (field, reason),
        other => panic!("read {text}: {other:?}"),
    }
}

const BALL: &str = r#""a": {"shape": {"type": "sphere", "radius": 0.5}}"#;

#[test]
fn each_bad_field_is_refused_by_its_name() {
    let mesh = |triangles: &str| {
        format!(
            r#"{{{BALL}, "b": {{"mesh": {{"vertices": [[0,0,0],[1,0,0],[0,0,1]], "triangles": {triangles}}}}}}}"#
        )
    };
    let (field, reason) = refused(&mesh("[[0, 1, 2], [0, 1, 7]]"));
    assert_eq!(field, "b.mesh.triangles[1]");
    assert!(reason.contains("vertex 7"), "{reason}");
    let (field, _) = refused(&mesh("[[0, 1, 1]]"));
    assert_eq!(field, "b.mesh.triangles[0]");
    let tiles =
        |piece: &str| format!(r#"{{{BALL}, "b": {{"compound": {{"pieces": [{piece}]}}}}}}"#);
    let (field, _) = refused(&tiles(
        r#"{"shape": {"type": "sphere", "radius": 1}, "margin": 0.1}"#,
    ));
    assert_eq!(field, "b.compound.pieces[0].margin");
    let (field, _) = refused(&tiles(r#"{"shape": {"type": "sphere", "radius": -1}}"#));
    assert_eq!(field, "b.compound.pieces[0].shape.radius");
    let (field, reason) = refused(&format!(
        r#"{{{BALL}, "b": {{"mesh": {{"vertices": [], "triangles": []}}, "compound": {{"pieces": []}}}}}}"#
    ));
    assert_eq!(field, "b");
    assert!(
        reason.contains("one of mesh, height_field, compound, chain or mesh_file"),
        "{reason}"
    );
    // A chain lies in the plane, a mesh in space: each in the other's case is refused.
    let chain = r#"{"chain": {"points": [[0, 0], [1, 0]]}}"#;
    let (field, reason) = refused(&format!(r#"{{{BALL}, "b": {chain}}}"#));
    assert_eq!(field, "b.chain");
    assert!(reason.contains("\"dimension\": 2"), "{reason}");
    let circle = r#""a": {"shape": {"type": "circle", "radius": 0.5}}"#;
    let flat_mesh =
        r#"{"mesh": {"vertices": [[0,0,0],[1,0,0],[0,0,1]], "triangles": [[0, 1, 2]]}}"#;
    let (field, _) = refused(&format!(
        r#"{{"dimension": 2, {circle}, "b": {flat_mesh}}}"#
    ));
    assert_eq!(field, "b.mesh");
    let (field, _) = refused(&format!(
        r#"{{"dimension": 2, {circle}, "b": {{"chain": {{"points": [[0, 0], [0, 0]]}}}}}}"#
    ));
    assert_eq!(field, "b.chain.points[1]");
    let good = mesh("[[0, 1, 2]]");
    let with = |extra: &str| format!("{}, {extra}}}", &good[..good.len() - 1]);
    assert_eq!(refused(&with(r#""prediction": -1"#)).0, "prediction");
    assert_eq!(
        refused(&with(r#""cast": {"angular_velocity_b": [0, 1, 0]}"#)).0,
        "cast.angular_velocity_b"
    );
    assert_eq!(
        refused(&with(r#""expect": {"first": {"status": "bounced"}}"#)).0,
        "expect.first.status"
    );
    assert_eq!(
        refused(&with(
            r#""expect": {"next": {"status": "hit", "verdict": "odd"}}"#
        ))
        .0,
        "expect.next.verdict"
    );
    assert_eq!(refused(&with(r#""expect": {}"#)).0, "expect");
}

#[test]
fn a_pair_reader_given_a_mesh_case_says_what_it_is() {
    let text = std::fs::read_to_string(&bundled()[0]).unwrap();
    match Scenario::parse(&text, Format::Json) {
        Err(ScenarioError::Invalid { field, reason }) => {
            assert_eq!(field, "b");
            assert!(reason.contains("gjk-lab query"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // A pair's file is not a case of pieces.
    let pair = r#"{"a": {"shape": {"type": "sphere", "radius": 1}}, "b": {"shape": {"type": "sphere", "radius": 1}}}"#;
    assert!(!is_pieces(pair, Format::Json));
    assert!(Scenario::parse(pair, Format::Json).is_ok());
}
