//! The app in the plane: a 2D case opens square-on, every Voronoi region of the step is drawn
//! (the regions tile the drawing rectangle, the one holding the origin is the step's), the
//! words and the reference are the plane's, the 2D/3D switch and links carry the plane; and,
//! under a display, the regions on screen.

use bevy::prelude::*;
use gjk::config::Dimension;
use gjk::{FeatureKind, Scenario};
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback, PlaybackCommand};
use gjk_lab::case::reference::ReferenceAnswer;
use gjk_lab::case::scenario_io::ScenarioRequest;
use gjk_lab::views::camera::Orbit;
use gjk_lab::views::plane::regions;
use gjk_lab_files::bundled::{PLANE_STARTUP, STARTUP, default_scenario, find};

fn open(app: &mut App, name: &str) {
    let case = find(name).expect("a bundled case");
    app.world_mut()
        .write_message(ScenarioRequest::OpenCase(case));
    app.update();
    app.update();
}

fn seek(app: &mut App, step: usize) {
    app.world_mut().write_message(PlaybackCommand::Seek(step));
    app.update();
    app.update();
}

/// Whether `p` is inside (or on) the convex polygon, counter-clockwise.
fn inside(polygon: &[Vec3], p: Vec2) -> bool {
    (0..polygon.len()).all(|k| {
        let (a, b) = (
            polygon[k].truncate(),
            polygon[(k + 1) % polygon.len()].truncate(),
        );
        (b - a).perp_dot(p - a) >= -1e-4
    })
}

#[test]
fn a_triangle_s_seven_regions_tile_the_picture_and_the_origin_s_is_the_step_s() {
    let mut app = headless_app(default_scenario());
    app.update();
    open(&mut app, "gallery/p13-vertex-wedge.json");
    seek(&mut app, 3);
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.case.dimension, Dimension::Two);
    let step = playback.current().expect("step 3");
    let drawn = regions(step);
    assert_eq!(
        drawn.len(),
        7,
        "three wedges, three half-strips, the inside"
    );
    let kinds = |k: FeatureKind| drawn.iter().filter(|r| r.kind == k).count();
    assert_eq!(
        [FeatureKind::Vertex, FeatureKind::Edge, FeatureKind::Face].map(kinds),
        [3, 3, 1]
    );
    let chosen: Vec<_> = drawn.iter().filter(|r| r.chosen).collect();
    assert_eq!(chosen.len(), 1);
    assert_eq!(chosen[0].kind, FeatureKind::Vertex);
    assert!(
        inside(&chosen[0].polygon, Vec2::ZERO),
        "the origin is in it"
    );
    // The seven regions cover the drawing rectangle without overlapping: every point of a grid
    // over it is in one region, or on a boundary between two.
    let (lo, hi) = drawn.iter().flat_map(|r| &r.polygon).fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), p| (lo.min(p.truncate()), hi.max(p.truncate())),
    );
    let mut alone = 0;
    for i in 1..40 {
        for j in 1..40 {
            let p = lo + (hi - lo) * Vec2::new(i as f32, j as f32) / 40.0;
            let holders = drawn.iter().filter(|r| inside(&r.polygon, p)).count();
            assert!((1..=2).contains(&holders), "{p}: in {holders} regions");
            alone += usize::from(holders == 1);
        }
    }
    assert!(alone > 1400, "{alone}");
    // Its names are the simplex's labels; the words are the plane's, with the inequality.
    let names: Vec<_> = drawn.iter().map(|r| r.name.as_str()).collect();
    assert!(
        names.contains(&"w₁w₂w₃") && names.contains(&"w₃"),
        "{names:?}"
    );
    let words = step.explanation_in(Dimension::Two);
    assert!(words.contains("(O − w₃)·(w₁ − w₃) = "), "{words}");
    // Both cameras look straight down on the plane.
    for orbit in app
        .world_mut()
        .query::<&Orbit>()
        .iter(app.world())
        .collect::<Vec<_>>()
    {
        assert_eq!((orbit.yaw, orbit.pitch), (0.0, 0.0));
    }
}

#[test]
fn the_switch_opens_the_plane_and_space_and_the_cameras_follow() {
    let mut app = headless_app(default_scenario());
    app.update();
    open(&mut app, PLANE_STARTUP);
    assert_eq!(
        app.world().resource::<Lab>().scenario.dimension,
        Dimension::Two
    );
    // parry2d is the reference beside ours in the plane.
    let theirs = app.world().resource::<ReferenceAnswer>().0.clone().unwrap();
    let lab = &app.world().resource::<Lab>().scenario;
    let expected = gjk::tools::reference::plane::reference(&lab.a, &lab.b).unwrap();
    assert_eq!(theirs, expected);
    open(&mut app, STARTUP);
    assert_eq!(
        app.world().resource::<Lab>().scenario.dimension,
        Dimension::Three
    );
    let turned = app
        .world_mut()
        .query::<&Orbit>()
        .iter(app.world())
        .all(|o| o.yaw != 0.0 && o.pitch != 0.0);
    assert!(turned, "space gets its three-quarter view back");
}

#[test]
fn a_2d_case_travels_by_link_and_file_in_the_plane_s_form() {
    let wanted: Scenario = find("gallery/p12-epa-polygon.json")
        .unwrap()
        .load()
        .unwrap();
    let link = gjk_lab_files::link::encode(&wanted, 5, "http://127.0.0.1:8080/");
    let mut app = headless_app(default_scenario());
    app.update();
    app.world_mut()
        .write_message(ScenarioRequest::OpenLink(link));
    app.update();
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.case, wanted);
    assert_eq!(playback.step, 5);
    let text = playback.case.to_text(gjk::Format::Json);
    assert!(
        text.contains("\"dimension\": 2") && text.contains("\"circle\""),
        "{text}"
    );
}
