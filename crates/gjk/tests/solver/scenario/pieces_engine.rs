//! A captured case of many pieces: the engine's normal on each piece put to the seam test
//! (a ghost on a flat quad's diagonal, the floor's normal real), read back as written in space
//! and the plane, handed to the piece's pair, and each bad field refused by its name.

use gjk::scenario::pieces::PiecesCase;
use gjk::scenario::pieces::report::answer;
use gjk::{Format, ScenarioError};
use glam::DVec3;

/// A ball resting across a flat quad's diagonal (x = z), and what an engine with no
/// internal-edge fix answers: triangle 0's manifold with the lone triangle's normal at its
/// diagonal edge (towards +x -z, 17° off the floor's), triangle 1's with the floor's.
fn captured(tilt: [f64; 3], piece: u32) -> String {
    let n = DVec3::from(tilt).normalize();
    format!(
        r#"{{"name": "captured", "a": {{"shape": {{"type": "sphere", "radius": 0.5}}, "position": [0.1, 0.45, -0.1]}},
 "b": {{"mesh": {{"vertices": [[-1, 0, -1], [1, 0, -1], [1, 0, 1], [-1, 0, 1]], "triangles": [[0, 3, 2], [0, 2, 1]]}}}},
 "engine": {{"engine": "avian3d 0.8", "poses": "recomputed", "internal_edges": false,
   "contacts": [
     {{"piece": {piece}, "normal": [{}, {}, {}], "points": [{{"point_a": [0.0, 0.0, 0.0], "point_b": [0.0, 0.0, 0.0], "separation": -0.2}}]}},
     {{"piece": 1, "normal": [0, 1, 0], "points": [{{"point_a": [0.1, -0.05, -0.1], "point_b": [0.1, 0, -0.1], "separation": -0.05}}]}}
   ]}}}}"#,
        n.x, n.y, n.z
    )
}

#[test]
fn the_engines_normal_on_the_diagonal_is_judged_a_ghost_and_the_floors_real() {
    // Triangle 0's contact lies on the diagonal at the origin; the lone triangle's normal
    // there leans 17.4° towards +x -z.
    let (case, composite) = PiecesCase::read(&captured([0.1, 0.32, -0.1], 0), Format::Json)
        .unwrap_or_else(|e| panic!("{e}"));
    let report = answer(&case, &composite);
    let engine = report.engine.expect("the engine's section is judged");
    assert_eq!(engine.engine, "avian3d 0.8");
    assert!(!engine.internal_edges);
    assert_eq!(engine.contacts.len(), 2);
    let ghost = &engine.contacts[0];
    assert_eq!((ghost.piece, ghost.seam.verdict), (0, "ghost"));
    assert_eq!(ghost.seam.on.as_deref(), Some("edge 2"));
    // Off the cone (the floor's normal, on a flat edge) by the tilt's angle.
    let tilt = DVec3::new(0.1, 0.32, -0.1)
        .angle_between(DVec3::Y)
        .to_degrees();
    assert!((ghost.seam.off_by_degrees.unwrap() - tilt).abs() < 1e-9);
    assert!(ghost.seam.says.contains("a ghost"), "{}", ghost.seam.says);
    let real = &engine.contacts[1];
    assert_eq!((real.piece, real.seam.verdict), (1, "real"));
    assert_eq!(real.seam.on.as_deref(), Some("face"));
    // The engine's normal on a piece reaches the piece's pair, in a pair's sense (A to B).
    let pair = case.pair(&composite, 0);
    let contact = pair.engine.unwrap().contact.unwrap();
    assert!((contact.normal + DVec3::new(0.1, 0.32, -0.1).normalize()).length() < 1e-12);
    assert_eq!(
        case.pair(&composite, 1)
            .engine
            .unwrap()
            .contact
            .unwrap()
            .normal,
        -DVec3::Y
    );
    // Written and read again, as it was.
    let text = gjk::scenario::document_text(&case, Format::Json);
    assert_eq!(PiecesCase::read(&text, Format::Json).unwrap().0, case);
    let ron = gjk::scenario::document_text(&case, Format::Ron);
    assert_eq!(PiecesCase::read(&ron, Format::Ron).unwrap().0, case);
}

#[test]
fn a_chains_engine_hit_is_judged_and_written_back_in_the_plane() {
    let text = r#"{"dimension": 2,
      "a": {"shape": {"type": "cuboid", "half_extents": [0.5, 0.5]}, "position": [-0.6, 0.5]},
      "b": {"chain": {"points": [[3, 0], [2, 0], [1, 0], [0, 0], [-1, 0]]}},
      "cast": {"velocity_a": [1, 0]},
      "engine": {"engine": "avian2d 0.8", "poses": "at_call",
        "cast": {"piece": 2, "hit": {"time_of_impact": 0.1, "status": "converged",
          "normal": [-1, 0], "point_a": [0, 0], "point_b": [0, 0]}}}}"#;
    let (case, composite) = PiecesCase::read(text, Format::Json).unwrap_or_else(|e| panic!("{e}"));
    let engine = answer(&case, &composite).engine.unwrap();
    let hit = engine.cast.expect("the hit is judged");
    // At the seam between segments 2 and 3, the chain is flat: a normal along it is a ghost.
    assert_eq!((hit.piece, hit.seam.verdict), (2, "ghost"));
    let written = gjk::scenario::document_text(&case, Format::Json);
    let value: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(
        value["engine"]["cast"]["hit"]["normal"],
        serde_json::json!([-1.0, 0.0])
    );
    assert_eq!(PiecesCase::read(&written, Format::Json).unwrap().0, case);
}

fn refused(text: &str) -> (String, String) {
    match PiecesCase::read(text, Format::Json) {
        Err(ScenarioError::Invalid { field, reason }) => (field, reason),
        other => panic!("read {text}: {other:?}"),
    }
}

#[test]
fn an_engines_bad_piece_or_number_is_refused_by_its_field() {
    let (field, reason) = refused(&captured([0.1, 0.32, -0.1], 2));
    assert_eq!(field, "engine.contacts[0].piece");
    assert!(reason.contains("the body has 2"), "{reason}");
    let bad = captured([0.1, 0.32, -0.1], 0).replacen("-0.05}", "NaN}", 1);
    let bad = bad.replace("\"separation\": NaN", "\"separation\": \"x\"");
    assert!(PiecesCase::read(&bad, Format::Json).is_err());
    let huge = captured([0.1, 0.32, -0.1], 0).replacen("[0.1, 0, -0.1]", "[1e400, 0, 0]", 1);
    assert!(PiecesCase::read(&huge, Format::Json).is_err());
}
