//! The contact manifold in the app: built once with the run, stepped by its own stages, kept
//! while a drag reruns the solver, and written in the exported trace.

use bevy::prelude::*;
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback, PlaybackCommand};

fn box_on_box() -> gjk::Scenario {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/scenarios/gallery/43-manifold-box-resting-on-a-box.json"
    );
    gjk::Scenario::load(path.as_ref()).unwrap()
}

fn send(app: &mut App, command: PlaybackCommand) {
    app.world_mut().write_message(command);
    app.update();
}

#[test]
fn a_box_on_a_box_steps_its_manifold_stage_by_stage() {
    let mut app = headless_app(box_on_box());
    app.update();
    let playback = app.world().resource::<Playback>();
    let run = playback
        .manifold
        .as_ref()
        .expect("an overlap has a manifold");
    assert_eq!(run.manifold.points.len(), 4);
    assert_eq!(run.stage, 0, "not drawn until asked");
    assert!(playback.manifold_drawn().is_none());
    let stages = run.steps.len();
    // Features, reference, four side planes, depths.
    assert_eq!(stages, 7, "{:#?}", run.steps);
    send(&mut app, PlaybackCommand::ManifoldStage(3));
    let playback = app.world().resource::<Playback>();
    let (_, stage) = playback.manifold_drawn().expect("stage 3 drawn");
    assert!(matches!(stage.stage, gjk::manifold::Stage::Clip { .. }));
    assert!(
        playback.world_step().is_none(),
        "the manifold takes the world view from GJK's witnesses"
    );
    // A small drag reruns the solver; the stage drawn stays.
    app.world_mut().resource_mut::<Lab>().scenario.b.position.x += 0.05;
    app.update();
    app.update();
    let run = app.world().resource::<Playback>().manifold.clone().unwrap();
    assert_eq!(run.stage, 3);
    // The manifold follows B (now at x = 0.35): its corners at x = 0.35 ± 0.5.
    for c in &run.manifold.points {
        let x = c.point_b.x;
        assert!((x + 0.15).abs() < 1e-9 || (x - 0.85).abs() < 1e-9, "{x}");
    }
    send(&mut app, PlaybackCommand::ManifoldStage(100));
    let run = app.world().resource::<Playback>().manifold.clone().unwrap();
    assert_eq!(run.stage, stages, "a stage past the last is the last");
    send(&mut app, PlaybackCommand::ManifoldStage(0));
    let playback = app.world().resource::<Playback>();
    assert!(playback.manifold_drawn().is_none());
    assert!(playback.world_step().is_some() || playback.step == 0);
}

#[test]
fn apart_shapes_have_no_manifold_and_the_trace_document_writes_one_for_an_overlap() {
    let mut apart = box_on_box();
    apart.b.position.y = 3.0;
    let mut app = headless_app(apart);
    app.update();
    assert!(app.world().resource::<Playback>().manifold.is_none());
    let s = box_on_box();
    let shapes = s.prepare();
    let trace = gjk::trace(&s.a, &s.b, &s.config());
    let (m, steps) = s.manifold_prepared(&shapes, &trace.finish).unwrap();
    let json = gjk::TraceDocument::new(&s, &trace)
        .with_manifold(Some((&m, &steps[..])))
        .to_json();
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let written = &doc["manifold"];
    assert_eq!(written["points"].as_array().map(Vec::len), Some(4));
    let kinds: Vec<&str> = written["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "features",
            "reference",
            "clip",
            "clip",
            "clip",
            "clip",
            "depths"
        ]
    );
    assert!(
        written["steps"][0]["explanation"]
            .as_str()
            .unwrap()
            .contains("face of 4 corners")
    );
}
