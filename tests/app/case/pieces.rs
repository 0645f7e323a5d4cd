//! A case of many pieces in the app: it opens as the pair of its body and the piece that
//! answers it, whose trace on screen is the command line's trace of that piece to the bit;
//! another piece is stepped on request; moving the body answers the pieces again; and a pair's
//! `b` that is no longer the piece leaves the body of many pieces.

use gjk::scenario::pieces::report::trace;
use gjk_lab::app::headless_app;
use gjk_lab::case::pieces::{Pieces, StepPiece};
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::case::scenario_io::ScenarioRequest;
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::case::Case;
use gjk_lab_files::incoming::Incoming;
use glam::DVec3;
use std::path::Path;

const HEIGHT_FIELD: &str = "assets/meshes/ball-over-a-height-fields-vertex.json";

/// The app on the default scene, then the case at `path` opened through the panel's request.
fn opened(path: &str) -> bevy::app::App {
    let mut app = headless_app(default_scenario());
    app.update();
    app.world_mut()
        .write_message(ScenarioRequest::Open(Incoming::on_disk(path)));
    app.update();
    app
}

/// The command line's traces of every piece of the case at `path`, as JSON by piece.
fn cli_traces(path: &str) -> Vec<(u32, String)> {
    let Ok(Case::Pieces(read)) = Case::load(Path::new(path)) else {
        panic!("{path} is a case of many pieces");
    };
    let (case, composite) = &*read;
    trace(case, composite)
        .queries
        .into_iter()
        .map(|q| {
            (
                q.piece,
                serde_json::to_string(&q.trace).expect("traces serialise"),
            )
        })
        .collect()
}

fn shown(app: &bevy::app::App) -> String {
    serde_json::to_string(&app.world().resource::<Playback>().trace).expect("traces serialise")
}

fn chosen(app: &bevy::app::App) -> Option<u32> {
    app.world()
        .resource::<Pieces>()
        .0
        .as_ref()
        .map(|s| s.chosen)
}

#[test]
fn a_case_of_many_pieces_opens_at_its_answering_piece_with_the_command_lines_trace() {
    let mut app = opened(HEIGHT_FIELD);
    let traces = cli_traces(HEIGHT_FIELD);
    // The ball is over triangle 7, whose push alone is real: the deepest overlap.
    assert_eq!(chosen(&app), Some(7));
    let of = |k: u32| &traces.iter().find(|(p, _)| *p == k).expect("queried").1;
    assert_eq!(shown(&app), *of(7), "the answering piece's trace");
    {
        let pieces = app.world().resource::<Pieces>();
        let state = pieces.0.as_ref().expect("the pieces are kept");
        assert_eq!(state.answer.runs.len(), traces.len());
        let ghosts: Vec<u32> = state.answer.ghosts().map(|(p, _)| p).collect();
        assert_eq!(ghosts, [0, 1, 2, 5, 6], "the case's promised ghosts");
    }

    // Another piece, stepped from its first step: its own trace, to the bit.
    app.world_mut().write_message(StepPiece(2));
    app.update();
    assert_eq!(chosen(&app), Some(2));
    assert_eq!(app.world().resource::<Playback>().step, 0);
    assert_eq!(shown(&app), *of(2), "piece 2's trace");
    // Saved as piece 2's pair, beside the file of many pieces.
    let files = app
        .world()
        .resource::<gjk_lab::case::scenario_io::ScenarioFiles>();
    assert_eq!(
        files.path_field,
        "assets/meshes/ball-over-a-height-fields-vertex-piece-2.json"
    );

    // A piece that does not exist changes nothing.
    app.world_mut().write_message(StepPiece(99));
    app.update();
    assert_eq!(chosen(&app), Some(2));
}

#[test]
fn moving_the_body_answers_the_pieces_again_and_replacing_b_leaves_them() {
    let mut app = opened(HEIGHT_FIELD);
    let before = app.world().resource::<Pieces>().0.clone().expect("opened");
    // Lifted clear of the floor: no piece overlaps any more, and none is a ghost.
    app.world_mut().resource_mut::<Lab>().scenario.a.position += DVec3::Y;
    app.update();
    let after = app
        .world()
        .resource::<Pieces>()
        .0
        .clone()
        .expect("still the pieces");
    assert_eq!(after.chosen, before.chosen);
    assert_eq!(after.case.a.position, before.case.a.position + DVec3::Y);
    assert_eq!(before.answer.intersecting, Some(true));
    assert_eq!(after.answer.intersecting, Some(false));
    assert_eq!(after.answer.ghosts().count(), 0);

    // B moved off the piece's place: the pair is a pair of its own now.
    app.world_mut().resource_mut::<Lab>().scenario.b.position.x += 0.5;
    app.update();
    assert!(app.world().resource::<Pieces>().0.is_none());
}

#[test]
fn a_pair_opened_after_a_case_of_many_pieces_leaves_them_and_a_bad_file_keeps_them() {
    let mut app = opened(HEIGHT_FIELD);
    app.world_mut()
        .write_message(ScenarioRequest::Open(Incoming::given(
            "broken.json",
            b"{ \"a\": 1 }".to_vec(),
        )));
    app.update();
    assert_eq!(
        chosen(&app),
        Some(7),
        "a file that does not open leaves the case"
    );
    let pair = default_scenario().to_text(gjk::Format::Json);
    app.world_mut()
        .write_message(ScenarioRequest::Open(Incoming::given(
            "pair.json",
            pair.into_bytes(),
        )));
    app.update();
    assert!(app.world().resource::<Pieces>().0.is_none());
}

#[test]
fn a_floor_from_the_gallery_opens_as_its_pieces_and_is_saved_beside_as_a_pair() {
    let floor = gjk_lab_files::bundled::floors()
        .into_iter()
        .find(|c| c.title() == "box-sliding-over-flush-tiles")
        .expect("the tiles are bundled");
    let mut app = headless_app(default_scenario());
    app.update();
    app.world_mut()
        .write_message(ScenarioRequest::OpenCase(floor));
    app.update();
    // The box rests on the first tile: its run is the one stepped.
    assert_eq!(chosen(&app), Some(0));
    let files = app
        .world()
        .resource::<gjk_lab::case::scenario_io::ScenarioFiles>();
    assert_eq!(
        files.path_field,
        "box-sliding-over-flush-tiles-piece-0.json"
    );
    let lab = app.world().resource::<Lab>();
    assert!(matches!(lab.scenario.b.shape, gjk::Shape::Cuboid { .. }));
}

#[test]
fn a_pieces_pair_saved_opens_again_as_a_pair_and_traces_as_the_app_exported_it() {
    let mut app = opened(HEIGHT_FIELD);
    app.world_mut().write_message(StepPiece(2));
    app.update();
    let dir = std::env::temp_dir().join(format!("gjk-lab-piece-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (saved, export) = (dir.join("piece.json"), dir.join("trace.json"));
    app.world_mut()
        .write_message(ScenarioRequest::Save(saved.clone()));
    app.world_mut()
        .write_message(ScenarioRequest::ExportTrace(export.clone()));
    app.update();
    app.update();
    // Read back: a convex pair, the one on screen.
    let Ok(Case::Pair(pair)) = Case::load(&saved) else {
        panic!("the saved piece is a convex pair");
    };
    assert_eq!(*pair, app.world().resource::<Lab>().scenario);
    // The command line's trace of the saved file is the app's export, to the bit.
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .arg("trace")
        .arg(&saved)
        .output()
        .expect("gjk-lab runs");
    assert!(cli.status.success(), "{cli:?}");
    let read = |bytes: &[u8]| -> serde_json::Value { serde_json::from_slice(bytes).unwrap() };
    let exported = read(&std::fs::read(&export).unwrap());
    assert_eq!(read(&cli.stdout), exported);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_captured_case_opens_at_the_engines_ghost_with_the_engines_answer_beside_its_pair() {
    const CAUGHT: &str = "assets/meshes/box-caught-on-a-seam-captured-from-avian3d.json";
    let mut app = opened(CAUGHT);
    // avian's normal on triangle 2 is the ghost: the case opens there, not at the deepest
    // overlap.
    assert_eq!(chosen(&app), Some(2));
    {
        let pieces = app.world().resource::<Pieces>();
        let engine = pieces.0.as_ref().unwrap().engine.as_ref().expect("judged");
        assert_eq!(engine.first_ghost(), Some(2));
        assert!(!engine.internal_edges);
    }
    let normal = |app: &bevy::app::App| {
        let lab = app.world().resource::<Lab>();
        let engine = lab.scenario.engine.as_ref().expect("the engine's answer");
        engine.contact.as_ref().expect("its manifold").normal
    };
    // The pair's engine answer is the piece's, from the body (A) into the piece (B): +x.
    assert!(normal(&app).distance(DVec3::X) < 1e-6, "{}", normal(&app));
    // Another piece stepped: its own engine answer, the floor's normal into the floor.
    app.world_mut().write_message(StepPiece(1));
    app.update();
    assert_eq!(chosen(&app), Some(1));
    assert!(normal(&app).distance(-DVec3::Y) < 1e-6, "{}", normal(&app));
}
