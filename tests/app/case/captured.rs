//! A case captured from a game: opened as a file or as the link the capture logs, it shows the
//! engine's answer read against this run's, computed with the run.

use bevy::prelude::*;
use gjk::scenario::engine::{Agreement, EngineAnswer, EngineContact, EnginePoint, PoseSource};
use gjk::{BodySpec, Precision, Scenario, Shape, SolverSpec};
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::Playback;
use gjk_lab::case::scenario_io::ScenarioRequest;
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::incoming::Incoming;
use gjk_lab_files::link::{encode, pack};
use glam::{DQuat, DVec3};

/// What a capture writes for a ball 0.01 deep in a slab: f32, the engine's one point.
fn captured(separation: f64) -> Scenario {
    let body = |shape, y| BodySpec {
        shape,
        position: DVec3::new(0.3, y, -0.2),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let mut s = Scenario::new(
        "frame12-5v0-4v0",
        body(Shape::Sphere { radius: 0.5 }, 0.99),
        body(
            Shape::Cuboid {
                half_extents: DVec3::new(2.0, 0.5, 2.0),
            },
            0.0,
        ),
    );
    s.solver = SolverSpec {
        precision: Precision::F32,
        ..SolverSpec::default()
    };
    s.engine = Some(EngineAnswer {
        engine: "avian3d 0.8".into(),
        routine: Some("contact_manifold_convex_ball".into()),
        poses: PoseSource::Recomputed,
        contact: Some(EngineContact {
            normal: DVec3::NEG_Y,
            points: vec![EnginePoint {
                point_a: DVec3::new(0.3, 0.49, -0.2),
                point_b: DVec3::new(0.3, 0.5, -0.2),
                separation,
            }],
        }),
        cast: None,
    });
    s.validated().expect("a valid capture")
}

fn agreement(app: &App) -> Agreement {
    let playback = app.world().resource::<Playback>();
    let check = playback
        .engine
        .as_ref()
        .expect("the engine's answer is read");
    assert!(
        check.sentence.starts_with("Your engine (avian3d 0.8) said"),
        "{}",
        check.sentence
    );
    check.agreement
}

#[test]
fn a_captured_file_shows_the_engine_s_answer_against_the_run() {
    let mut app = headless_app(default_scenario());
    app.update();
    assert!(
        app.world().resource::<Playback>().engine.is_none(),
        "no engine on a plain case"
    );
    let text = serde_json::to_string(&captured(-0.01)).unwrap();
    app.world_mut()
        .write_message(ScenarioRequest::Open(Incoming::given(
            "frame12-5v0-4v0.json",
            text.into_bytes(),
        )));
    app.update();
    assert_eq!(agreement(&app), Agreement::Inside);
    // A wrong engine answer is said to be wrong.
    let text = serde_json::to_string(&captured(-0.05)).unwrap();
    app.world_mut()
        .write_message(ScenarioRequest::Open(Incoming::given(
            "wrong.json",
            text.into_bytes(),
        )));
    app.update();
    assert!(matches!(agreement(&app), Agreement::Outside { .. }));
    // Its one point too: its ends 0.05 apart where 0.01 is proven at most.
    let playback = app.world().resource::<Playback>();
    let check = playback.engine.as_ref().expect("the engine's answer");
    assert_eq!(check.points.len(), 1);
    assert!((check.points[0].beyond - 0.04).abs() < 1e-3, "{check:?}");
    assert!(matches!(
        check.points[0].agreement,
        Agreement::Outside { .. }
    ));
    assert_eq!(check.our_points, Some(1), "a ball touches at one point");
}

#[test]
fn a_captured_link_opens_at_its_step_with_the_engine_s_answer() {
    let mut app = headless_app(default_scenario());
    app.update();
    let case = captured(-0.01);
    // The capture's link names the last step, where the answer stands.
    let json = serde_json::to_string(&case).unwrap();
    let steps = gjk::trace(&case.a, &case.b, &case.config()).steps.len();
    let link = format!("http://127.0.0.1:8080/#case={}&step={steps}", pack(&json));
    app.world_mut()
        .write_message(ScenarioRequest::OpenLink(link));
    app.update();
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.case.engine, case.engine);
    assert!(steps > 0);
    assert_eq!(playback.step, playback.end());
    assert_eq!(agreement(&app), Agreement::Inside);
    // And at a step, as a shared link gives it.
    app.world_mut()
        .write_message(ScenarioRequest::OpenLink(encode(&case, 1, "http://x/")));
    app.update();
    assert_eq!(app.world().resource::<Playback>().step, 1);
    assert_eq!(agreement(&app), Agreement::Inside);
}
