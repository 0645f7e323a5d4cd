//! Where the cameras stand: a case opened is framed with its own shapes, F frames both views
//! again, and a framing survives the views changing shape (see also the tour's exit in
//! `teach::classroom`).

use bevy::prelude::App;
use gjk_lab::app::headless_app_with_cameras;
use gjk_lab::case::playback::FrameViews;
use gjk_lab::case::scenario_io::ScenarioRequest;
use gjk_lab::views::camera::{FramedFor, Heading, Orbit, View};
use gjk_lab_files::bundled::{default_scenario, find};

/// The camera of `view`: where it looks and how far back.
pub(crate) fn orbit_of(app: &mut App, view: View) -> Orbit {
    *app.world_mut()
        .query::<(&View, &Orbit)>()
        .iter(app.world())
        .find(|(v, _)| **v == view)
        .expect("a camera for the view")
        .1
}

/// Frames until the cameras have eased where they were heading (they ease by the clock).
pub(crate) fn settle(app: &mut App) {
    for _ in 0..200 {
        app.update();
        let moving = app
            .world_mut()
            .query::<&Heading>()
            .iter(app.world())
            .count();
        if moving == 0 {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the cameras never arrived");
}

fn same_place(a: Orbit, b: Orbit) -> bool {
    a.focus.distance(b.focus) < 1e-4 * b.distance && (a.distance / b.distance - 1.0).abs() < 1e-4
}

fn open(app: &mut App, name: &str) {
    let case = find(name).expect("a bundled case");
    app.world_mut()
        .write_message(ScenarioRequest::OpenCase(case));
    settle(app);
}

/// A long capsule in a box, then a small case in the plane: the world view frames the plane's
/// bodies as a fresh start on that case does, not the last case's large ones.
#[test]
fn a_case_opened_after_another_is_framed_with_its_own_shapes() {
    let mut fresh = headless_app_with_cameras(default_scenario(), 1280, 800);
    settle(&mut fresh);
    open(&mut fresh, "gallery/p13-vertex-wedge.json");
    let wanted = orbit_of(&mut fresh, View::World);

    let mut app = headless_app_with_cameras(default_scenario(), 1280, 800);
    settle(&mut app);
    open(&mut app, "gallery/41-f32-long-capsule-in-box.json");
    let big = orbit_of(&mut app, View::World);
    open(&mut app, "gallery/p13-vertex-wedge.json");
    let world = orbit_of(&mut app, View::World);
    assert!(
        same_place(world, wanted),
        "after the capsule ({big:?}): {world:?}, fresh: {wanted:?}"
    );
}

/// F (or the panel's Frame) frames both views again after a hand zoomed them away.
#[test]
fn frame_brings_both_views_back_after_a_zoom() {
    let mut app = headless_app_with_cameras(default_scenario(), 1280, 800);
    settle(&mut app);
    let framed = [View::World, View::Minkowski].map(|v| orbit_of(&mut app, v));
    let mut zoomed = app
        .world_mut()
        .query::<(bevy::prelude::Entity, &mut Orbit)>();
    let entities: Vec<_> = zoomed.iter(app.world()).map(|(e, _)| e).collect();
    for entity in entities {
        let mut orbit = app.world_mut().get_mut::<Orbit>(entity).unwrap();
        orbit.distance *= 20.0;
        orbit.focus.x += 3.0;
        app.world_mut().entity_mut(entity).remove::<FramedFor>();
    }
    app.world_mut().write_message(FrameViews);
    settle(&mut app);
    for (view, before) in [View::World, View::Minkowski].into_iter().zip(framed) {
        let now = orbit_of(&mut app, view);
        assert!(
            same_place(now, before),
            "{view:?}: {now:?}, framed {before:?}"
        );
    }
}
