//! Nothing the user types, drags or opens stops the app: every field driven to its extremes and
//! every kind of bad file gets a message naming the field or the reason, and the last good run
//! stays on screen.

use bevy::prelude::*;
use gjk::{MAX_EPA_ITERATIONS, MAX_ITERATIONS, Precision, Scenario, Shape};
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::case::scenario_io::{ScenarioFiles, ScenarioRequest};
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::incoming::Incoming;
use glam::{DQuat, DVec3};

fn edit(app: &mut App, change: impl FnOnce(&mut Scenario)) {
    let mut s = default_scenario();
    change(&mut s);
    app.world_mut().resource_mut::<Lab>().scenario = s;
    app.update();
}

fn finite_answer(app: &App) -> bool {
    let finish = app.world().resource::<Playback>().trace.finish;
    finish
        .certificate
        .distance_bounds
        .iter()
        .all(|x| x.is_finite())
        && finish.outcome.distance().is_none_or(f64::is_finite)
}

#[test]
fn typed_fields_at_their_extremes_are_refused_by_name_and_the_app_goes_on() {
    let mut app = headless_app(default_scenario());
    app.update();
    let good = app.world().resource::<Playback>().trace.clone();
    type Change = Box<dyn Fn(&mut Scenario)>;
    let refused: Vec<(&str, Change)> = vec![
        ("b.position.x", Box::new(|s| s.b.position.x = 1e300)),
        ("b.position.y", Box::new(|s| s.b.position.y = f64::NAN)),
        (
            "b.position.z",
            Box::new(|s| s.b.position.z = f64::NEG_INFINITY),
        ),
        (
            "does not fit in f32",
            Box::new(|s| {
                s.solver.precision = Precision::F32;
                s.a.shape = Shape::Sphere { radius: 1e39 };
            }),
        ),
        ("a.margin", Box::new(|s| s.a.margin = -1.0)),
        (
            "a.rotation",
            Box::new(|s| s.a.rotation = DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0)),
        ),
        (
            "solver.rel_tolerance",
            Box::new(|s| s.solver.rel_tolerance = Some(2.0)),
        ),
        (
            "solver.abs_tolerance",
            Box::new(|s| s.solver.abs_tolerance = Some(-1e-9)),
        ),
        (
            "solver.epa_tolerance",
            Box::new(|s| s.solver.epa_tolerance = Some(f64::NAN)),
        ),
        (
            "solver.max_iterations",
            Box::new(|s| s.solver.max_iterations = Some(0)),
        ),
        (
            "solver.max_iterations",
            Box::new(|s| s.solver.max_iterations = Some(u32::MAX)),
        ),
        (
            "solver.epa_max_iterations",
            Box::new(|s| s.solver.epa_max_iterations = Some(u32::MAX)),
        ),
        (
            "solver.initial_direction",
            Box::new(|s| s.solver.initial_direction = Some(DVec3::ZERO)),
        ),
    ];
    for (field, change) in &refused {
        edit(&mut app, change);
        let error = app.world().resource::<Lab>().error.clone();
        assert!(
            error.as_deref().is_some_and(|e| e.contains(field)),
            "{field}: {error:?}"
        );
        assert_eq!(
            app.world().resource::<Playback>().trace,
            good,
            "{field}: the last good run stays"
        );
    }
    // The extremes the sliders and fields allow are solved, with finite answers.
    let accepted: Vec<Change> = vec![
        Box::new(|s| s.solver.rel_tolerance = Some(1e-16)),
        Box::new(|s| s.solver.rel_tolerance = Some(1.0)),
        Box::new(|s| s.solver.abs_tolerance = Some(0.0)),
        Box::new(|s| s.solver.max_iterations = Some(1)),
        Box::new(|s| s.solver.max_iterations = Some(MAX_ITERATIONS)),
        Box::new(|s| s.solver.epa_max_iterations = Some(MAX_EPA_ITERATIONS)),
        Box::new(|s| s.solver.epa_tolerance = Some(0.0)),
        Box::new(|s| s.b.position = DVec3::splat(1e75)),
        Box::new(|s| {
            s.solver.precision = Precision::F32;
            s.b.position = DVec3::splat(-1e8);
        }),
        Box::new(|s| s.b.rotation = DQuat::from_xyzw(1e300, 1e300, 0.0, 1e300)),
        Box::new(|s| s.b.rotation = DQuat::from_xyzw(1e-300, 0.0, 0.0, 1e-300)),
        Box::new(|s| s.solver.initial_direction = Some(DVec3::new(1e300, 0.0, -1e300))),
    ];
    for (n, change) in accepted.iter().enumerate() {
        edit(&mut app, change);
        let lab = app.world().resource::<Lab>();
        assert_eq!(lab.error, None, "extreme {n}");
        assert!(finite_answer(&app), "extreme {n}");
    }
}

#[test]
fn bad_files_are_named_with_their_reason_and_the_case_stays() {
    let dir = std::env::temp_dir().join(format!("gjk-bad-files-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("folder.json")).unwrap();
    let one = serde_json::to_string(&default_scenario()).unwrap();
    let files = [
        ("missing.json", None, "missing.json"),
        ("folder.json", None, "is a directory"),
        (
            "notes.txt",
            Some("hello".to_string()),
            "unknown scenario format",
        ),
        ("empty.json", Some(String::new()), "EOF"),
        (
            "garbage.json",
            Some("\u{0}\u{1}{{[".to_string()),
            "garbage.json",
        ),
        (
            "two.json",
            Some(format!("{one}\n{one}")),
            "goes on after the scenario",
        ),
        (
            "trailing.json",
            Some(format!("{one} x")),
            "goes on after the scenario",
        ),
        (
            "four.json",
            Some({
                let mut v = serde_json::to_value(default_scenario()).unwrap();
                v["a"]["position"] = serde_json::json!([0, 0, 0, 0]);
                v.to_string()
            }),
            "expected 3 numbers",
        ),
        (
            "bad.ron",
            Some("(a: (shape: (type: \"sphere\", radius: \"big\")))".to_string()),
            "a.shape.radius: 1:",
        ),
        (
            "empty-promise.json",
            Some(one.replacen('{', "{\"expect\": {},", 1)),
            "makes no promise",
        ),
    ];
    let mut app = headless_app(default_scenario());
    app.update();
    let before = app.world().resource::<Lab>().scenario.clone();
    for (name, text, reason) in &files {
        let path = dir.join(name);
        if let Some(text) = text {
            std::fs::write(&path, text).unwrap();
        }
        app.world_mut()
            .write_message(ScenarioRequest::Open(Incoming::on_disk(path)));
        app.update();
        let status = app.world().resource::<ScenarioFiles>().status.clone();
        assert!(status.failed, "{name}: {status}");
        assert!(
            status.text.starts_with("Could not open: "),
            "{name}: {status}"
        );
        assert!(status.text.contains(reason), "{name}: {status}");
        assert_eq!(app.world().resource::<Lab>().scenario, before, "{name}");
    }
    // A byte-order mark in front (a Windows editor) is not an error.
    let bom = dir.join("bom.json");
    std::fs::write(&bom, format!("\u{feff}{one}")).unwrap();
    app.world_mut()
        .write_message(ScenarioRequest::Open(Incoming::on_disk(bom)));
    app.update();
    let status = app.world().resource::<ScenarioFiles>().status.clone();
    assert!(
        !status.failed && status.text.starts_with("Opened"),
        "{status}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A panel edit goes through the validation a file does: a refused value changes nothing and
/// names the field; an accepted edge case (a capsule of radius 0, a segment) is solved as such.
#[test]
fn panel_edits_are_refused_by_field_or_solved_as_drawn() {
    use gjk_lab::case::playback::{Lab, Playback, Which};
    let mut app = headless_app(default_scenario());
    app.update();
    let before = app.world().resource::<Lab>().scenario.clone();
    let mut body = before.b.clone();
    body.shape = Shape::Capsule {
        half_height: 0.5,
        radius: -1.0,
    };
    let refused = {
        let mut lab = app.world_mut().resource_mut::<Lab>();
        Which::B.edit(&mut lab, body.clone())
    };
    let why = refused.unwrap_err().to_string();
    assert!(why.contains("b.shape.radius"), "{why}");
    assert_eq!(app.world().resource::<Lab>().scenario, before);

    body.shape = Shape::Capsule {
        half_height: 0.5,
        radius: 0.0,
    };
    {
        let mut lab = app.world_mut().resource_mut::<Lab>();
        Which::B.edit(&mut lab, body.clone()).unwrap();
    }
    app.update();
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.case.b.shape, body.shape);
    assert_eq!(
        playback.trace.finish.outcome.distance(),
        gjk::solve(&before.a, &body, &playback.case.config())
            .outcome
            .distance()
    );
}

/// A large hull is prepared, solved and handed to parry off the frame: the frame that asked for
/// it returns at once with the last case still on screen and "computing" said, and the case
/// and parry's answer arrive when ready.
#[test]
fn a_large_hull_is_prepared_off_the_frame() {
    use gjk_lab::case::playback::{Lab, Playback};
    use gjk_lab::case::reference::{ReferenceAnswer, ReferenceOffFrame};
    use gjk_lab::case::solving::{OFF_FRAME_POINTS, OffFrame};
    let mut app = headless_app(default_scenario());
    app.update();
    let before = app.world().resource::<Playback>().case.clone();
    // Points on a sphere of radius 0.6: every one a hull vertex.
    let n = OFF_FRAME_POINTS + 10_000;
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let vertices = (0..n)
        .map(|i| {
            let y = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
            let r = (1.0 - y * y).sqrt();
            let t = golden * i as f64;
            glam::DVec3::new(r * t.cos(), y, r * t.sin()) * 0.6
        })
        .collect::<Vec<_>>();
    app.world_mut().resource_mut::<Lab>().scenario.b.shape = Shape::Polytope { vertices };
    app.update();
    assert!(app.world().resource::<OffFrame>().computing().is_some());
    assert_eq!(
        app.world().resource::<Playback>().case,
        before,
        "the last case stays"
    );
    // Frames go on until it is ready (bounded, so a hang fails instead of waiting forever).
    let mut frames = 0;
    while app.world().resource::<OffFrame>().computing().is_some()
        || app
            .world()
            .resource::<ReferenceOffFrame>()
            .computing()
            .is_some()
    {
        frames += 1;
        assert!(frames < 600_000, "never finished");
        std::thread::sleep(std::time::Duration::from_millis(1));
        app.update();
    }
    assert!(frames > 0);
    let playback = app.world().resource::<Playback>();
    assert!(matches!(&playback.case.b.shape, Shape::Polytope { vertices } if vertices.len() == n));
    let ours = playback.trace.finish.outcome.distance();
    let theirs = app
        .world()
        .resource::<ReferenceAnswer>()
        .0
        .as_ref()
        .map(|r| r.distance);
    let (ours, theirs) = (ours.expect("apart"), theirs.expect("parry answers"));
    assert!((ours - theirs).abs() < 1e-6, "ours {ours}, parry {theirs}");
}
