//! One trace: whatever way the app reaches a case, it shows the trace a fresh solve gives, and
//! what it exports is what it shows.

use bevy::prelude::*;
use gjk::{BodySpec, Scenario, Shape};
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback, PlaybackCommand, Shapes, WarmStart};
use gjk_lab::case::scenario_io::ScenarioRequest;
use gjk_lab::case::sweep::{SweepRequest, SweepRun};
use gjk_lab::views::hull::{local_shape_points, minkowski_points};
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::lesson::Timeline;
use glam::{DQuat, DVec3};
use std::time::{Duration, Instant};

/// A 200-point hull against a box: large enough that its supports walk the hull graph.
fn walking_case() -> Scenario {
    let points = (0..200)
        .map(|i| {
            let y = 1.0 - 2.0 * (f64::from(i) + 0.5) / 200.0;
            let (r, t) = ((1.0 - y * y).sqrt(), 2.4 * f64::from(i));
            DVec3::new(r * t.cos(), y, r * t.sin() * 0.7)
        })
        .collect();
    Scenario::new(
        "hull and box",
        BodySpec {
            shape: Shape::Polytope { vertices: points },
            position: DVec3::ZERO,
            rotation: DQuat::from_rotation_y(0.3),
            margin: 0.0,
        },
        BodySpec {
            shape: Shape::Cuboid {
                half_extents: DVec3::new(0.4, 0.5, 0.3),
            },
            position: DVec3::new(1.9, 0.2, 0.1),
            rotation: DQuat::from_rotation_z(0.2),
            margin: 0.0,
        },
    )
}

/// Exports the trace on screen through the app's own request and reads the file back.
fn exported(app: &mut App, name: &str) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("gjk-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("trace.json");
    app.world_mut()
        .write_message(ScenarioRequest::ExportTrace(path.clone()));
    app.update();
    let text = std::fs::read_to_string(&path).expect("the trace was written");
    let _ = std::fs::remove_dir_all(&dir);
    serde_json::from_str(&text).expect("the trace is JSON")
}

fn shown(app: &App) -> String {
    serde_json::to_string(&app.world().resource::<Playback>().trace).expect("traces serialise")
}

fn fresh(s: &Scenario) -> String {
    serde_json::to_string(&gjk::trace(&s.a, &s.b, &s.config())).expect("traces serialise")
}

#[test]
fn every_way_to_a_case_shows_the_trace_of_a_fresh_solve() {
    // As the app solves it: validated, so rotations are normalised.
    let case = walking_case().validated().expect("a valid case");
    let expected = fresh(&case);
    let mut app = headless_app(case.clone());
    app.update();
    assert_eq!(shown(&app), expected, "opened");
    let prepared = app.world().resource::<Shapes>().0.clone();
    assert_eq!(prepared[0].support_method(), gjk::SupportMethod::Walk);

    // Dragged away and back: only the pose changed, the prepared shapes are kept.
    for dy in [0.3, -0.3] {
        app.world_mut().resource_mut::<Lab>().scenario.b.position.y += dy;
        app.update();
    }
    app.world_mut().resource_mut::<Lab>().scenario.b.position = case.b.position;
    app.update();
    assert_eq!(shown(&app), expected, "after a drag");
    let kept = &app.world().resource::<Shapes>().0;
    assert!(kept[0].same(&prepared[0]) && kept[1].same(&prepared[1]));

    // Drawn by the views (which sample the prepared shapes' supports), then solved again.
    let [a, b] = app.world().resource::<Shapes>().placed(&case);
    assert!(!local_shape_points(a.shape, 0.0, 200).is_empty());
    assert!(!minkowski_points(a, b, 200).is_empty());
    app.world_mut().resource_mut::<Lab>().set_changed();
    app.update();
    assert_eq!(shown(&app), expected, "after the views drew it");

    // After a sweep over the same case.
    app.world_mut().write_message(SweepRequest::Start);
    let started = Instant::now();
    while app.world().resource::<SweepRun>().result.is_none() {
        app.update();
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the sweep never finished"
        );
    }
    app.world_mut().resource_mut::<Lab>().set_changed();
    app.update();
    assert_eq!(shown(&app), expected, "after a sweep");
    assert_eq!(fresh(&case), expected, "a second fresh solve");
}

#[test]
fn the_exported_trace_is_the_one_on_screen() {
    let mut app = headless_app(default_scenario());
    app.update();
    // Warm start makes the trace on screen differ from a cold solve of the same case.
    app.world_mut().resource_mut::<WarmStart>().enabled = true;
    for _ in 0..3 {
        app.world_mut().resource_mut::<Lab>().scenario.b.position.y -= 0.01;
        app.update();
    }
    let playback = app.world().resource::<Playback>().clone();
    assert!(
        playback.trace.steps[0]
            .explanation()
            .contains("Warm start: the previous run's simplex")
    );
    // An edit that cannot be solved leaves the last trace on screen.
    app.world_mut().resource_mut::<Lab>().scenario.a.margin = -1.0;
    app.update();
    assert!(app.world().resource::<Lab>().error.is_some());

    let written = exported(&mut app, "one-trace");
    // Both through JSON text: serde_json reads a number back to within an ulp, not exactly.
    let on_screen: serde_json::Value = serde_json::from_str(
        &serde_json::to_string(&playback.trace.steps).expect("steps serialise"),
    )
    .expect("JSON");
    assert_eq!(written["steps"], on_screen);
    assert_eq!(
        written["scenario"]["b"]["position"],
        serde_json::to_value(playback.case.b.position).expect("a vector")
    );
    assert_eq!(
        written["scenario"]["a"]["margin"], 0.0,
        "the case of the trace"
    );
}

#[test]
fn a_cast_is_recorded_with_its_case_shown_and_exported() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenarios/gallery/26-cast-thin-wall-tunnelling.json");
    let case = Scenario::load(&path).expect("the gallery case");
    let mut app = headless_app(case.clone());
    app.update();
    let playback = app.world().resource::<Playback>().clone();
    let fresh = case.trace_cast().expect("a cast");
    assert_eq!(playback.cast.as_ref(), Some(&fresh), "opened");
    assert!(matches!(fresh.answer.status, gjk::CastStatus::Hit { .. }));
    // A new cast shows its last step, and the ghosts stand at its time of impact.
    assert_eq!(playback.cast_step, fresh.steps.len());
    let ghosts = |app: &App| {
        app.world()
            .resource::<gjk_lab::case::cast_plot::CastView>()
            .time
    };
    assert_eq!(Some(ghosts(&app)), fresh.answer.toi);
    // Stepping the cast: the keys move through its steps, the ghosts follow its time, and the
    // query's own step stays where it was.
    let query_step = playback.step;
    // Switched to, the cast's stepper opens at its step 0.
    app.world_mut()
        .write_message(PlaybackCommand::Timeline(Timeline::Cast));
    app.update();
    assert_eq!(app.world().resource::<Playback>().cast_step, 0);
    for command in [
        PlaybackCommand::Reset,
        PlaybackCommand::Forward,
        PlaybackCommand::Forward,
        PlaybackCommand::Forward,
        PlaybackCommand::Forward,
    ] {
        app.world_mut().write_message(command);
    }
    app.update();
    let stepped = app.world().resource::<Playback>();
    assert_eq!((stepped.cast_step, stepped.step), (4, query_step));
    // The ray has advanced twice by then (steps 3 and 4).
    assert_eq!(ghosts(&app), fresh.steps[3].next_time);
    assert!(fresh.steps[3].next_time > fresh.steps[2].next_time);
    // The plot samples the distance along the motion: it falls to the target by the impact.
    let plot = app.world().resource::<gjk_lab::case::cast_plot::CastPlot>();
    let toi = fresh.answer.toi.unwrap();
    let before = plot.curve.iter().filter(|p| p[0] < toi).map(|p| p[1]);
    assert!(before.clone().count() > 10);
    assert!(before.fold(f64::INFINITY, f64::min) > 0.0);
    assert!(matches!(plot.reference, Some(Ok(_))));

    // A changed velocity is cast again; removing the motion removes the cast.
    app.world_mut()
        .resource_mut::<Lab>()
        .scenario
        .cast
        .as_mut()
        .unwrap()
        .velocity_b
        .x = 30.0;
    app.update();
    let slower = app.world().resource::<Playback>().cast.clone().unwrap();
    assert_eq!(slower.answer.status.name(), "miss");

    let written = exported(&mut app, "cast-trace");
    assert_eq!(written["cast"]["status"]["kind"], "miss");
    assert_eq!(
        written["cast"]["steps"].as_array().map(Vec::len),
        Some(slower.steps.len())
    );

    app.world_mut().resource_mut::<Lab>().scenario.cast = None;
    app.update();
    assert!(app.world().resource::<Playback>().cast.is_none());
}

#[test]
fn a_case_turned_and_moved_in_the_plane_and_saved_is_the_case_on_screen_to_the_bit() {
    let mut app = headless_app(gjk_lab_files::bundled::default_plane_scenario());
    app.update();
    // As a Shift-drag and a drag in the plane change a body (`views::scene`), and as the
    // panel's angle field does.
    for turn in [0.13, -0.02, 0.3, 0.01, 0.0071] {
        let mut lab = app.world_mut().resource_mut::<Lab>();
        let a = &mut lab.scenario.a;
        a.rotation = gjk::shape::plane::rotation_of(gjk::shape::plane::angle_of(a.rotation) + turn);
        lab.scenario.b.position += DVec3::new(0.0173, -0.011, 0.0);
        app.update();
    }
    app.world_mut().resource_mut::<Lab>().scenario.b.rotation =
        gjk::shape::plane::rotation_of(57.3_f64.to_radians());
    app.update();
    let dir = std::env::temp_dir().join(format!("gjk-plane-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("turned.json");
    app.world_mut()
        .write_message(ScenarioRequest::Save(path.clone()));
    app.update();
    let saved = Scenario::load(&path).expect("the saved case reads back");
    let _ = std::fs::remove_dir_all(&dir);
    let held = app.world().resource::<Lab>().scenario.clone();
    assert_eq!(saved.a, held.a, "what the app holds is what it saved");
    assert_eq!(saved.b, held.b);
    assert_eq!(
        shown(&app),
        fresh(&saved),
        "the trace on screen is the file's"
    );
}
