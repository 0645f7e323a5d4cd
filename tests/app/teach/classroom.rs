//! Presenter mode's guided tour: one key per lesson, each opening its case at the right step.

use crate::app::views::cameras::{orbit_of, settle};
use bevy::prelude::Transform;
use gjk::FeatureKind;
use gjk::config::Dimension;
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::teach::classroom::{Classroom, TourCommand};
use gjk_lab::views::camera::{Orbit, View, ViewLayout};
use gjk_lab::views::plane::regions;
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::lesson::{Lesson, Shown};

fn send(app: &mut bevy::prelude::App, command: TourCommand) {
    app.world_mut().write_message(command);
    app.update();
}

#[test]
fn the_tour_walks_separated_touching_intersecting_and_every_region_kind() {
    let mut app = headless_app(default_scenario());
    app.update();
    send(&mut app, TourCommand::Toggle);
    assert!(app.world().resource::<Classroom>().enabled);
    let mut seen = Vec::new();
    let tour = Lesson::tour();
    for (n, lesson) in tour.slides.iter().enumerate() {
        if n > 0 {
            send(&mut app, TourCommand::Next);
        }
        let classroom = app.world().resource::<Classroom>();
        assert_eq!(classroom.slide, n);
        assert_eq!(classroom.error, None);
        let playback = app.world().resource::<Playback>();
        let step = playback.current().expect("a lesson shows a step");
        let outcome = playback.trace.finish.intersecting();
        // The caption names what the step on screen shows, its placeholders filled.
        let caption = Shown {
            trace: &playback.trace,
            step: playback.step,
            dimension: playback.case.dimension,
        }
        .fill(&lesson.caption)
        .expect("every placeholder has a value at the slide's step");
        assert!(!caption.contains('{'), "{}: {caption}", lesson.title);
        if let Some(f) = &step.feature
            && lesson.caption.contains("{feature}")
        {
            let named = gjk::trace::explain::feature_name(&f.vertices, &|i| step.label(i));
            assert!(caption.contains(&named), "{caption} / {named}");
        }
        claims_match_the_drawing(&lesson.title, &caption, step, playback.case.dimension);
        seen.push((
            lesson.title.clone(),
            step.termination.is_some().then_some(outcome).flatten(),
            step.feature.as_ref().map(|f| f.kind),
            step.epa().is_some(),
        ));
    }
    // The plane first: a segment's edge region, a triangle's vertex wedge, its inside (each
    // a step keeping a feature of that kind), then EPA's polygon at its end.
    let plane: Vec<_> = seen[..3].iter().map(|s| s.2).collect();
    assert_eq!(
        plane,
        [
            Some(FeatureKind::Edge),
            Some(FeatureKind::Vertex),
            Some(FeatureKind::Face)
        ]
    );
    assert!(seen[3].3, "the plane's last slide shows EPA");
    let seen = &seen[4..];
    // Separated shows the whole run; touching GJK's last step (its simplex, which its caption
    // talks about); intersecting EPA's last, its depth (GJK's enclosing tetrahedron is the
    // last slide's picture: two slides never show the same); then one lesson per region
    // kind, each stopped on a step whose kept feature is of that kind.
    assert_eq!(seen[0].1, Some(false));
    assert_eq!((seen[1].1, seen[1].3), (Some(true), false));
    assert_eq!((seen[2].1, seen[2].3), (Some(true), true));
    let kinds: Vec<_> = seen[3..].iter().map(|s| s.2).collect();
    assert_eq!(
        kinds,
        [
            Some(FeatureKind::Vertex),
            Some(FeatureKind::Edge),
            Some(FeatureKind::Face),
            Some(FeatureKind::Interior)
        ]
    );
    // Next at the last lesson stays there; Previous goes back and reloads.
    send(&mut app, TourCommand::Next);
    assert_eq!(
        app.world().resource::<Classroom>().slide,
        tour.slides.len() - 1
    );
    send(&mut app, TourCommand::Goto(4));
    assert_eq!(
        app.world().resource::<Lab>().scenario.name,
        "box and sphere, apart"
    );
    send(&mut app, TourCommand::Toggle);
    assert!(!app.world().resource::<Classroom>().enabled);
}

/// What a caption says is drawn, the step draws: as many Voronoi regions as it counts (in the
/// plane, where they are drawn), the origin's region named as the caption names it, the yellow
/// d and the green line from v to the origin where it speaks of them.
fn claims_match_the_drawing(title: &str, caption: &str, step: &gjk::Step, dimension: Dimension) {
    let regions = if dimension.is_plane() {
        regions(step)
    } else {
        Vec::new()
    };
    for (word, n) in [("three", 3), ("seven", 7)] {
        if caption.contains(&format!("{word} Voronoi regions"))
            || caption.contains(&format!("{word} regions"))
        {
            assert_eq!(regions.len(), n, "{title}: {caption}");
        }
    }
    if let Some(f) = &step.feature
        && !regions.is_empty()
    {
        let named = gjk::trace::explain::feature_name(&f.vertices, &|i| step.label(i));
        let chosen = regions
            .iter()
            .find(|r| r.chosen)
            .expect("the origin's region");
        assert!(
            named.ends_with(&chosen.name),
            "{title}: {named} / {}",
            chosen.name
        );
    }
    if caption.contains("yellow d") {
        assert!(
            step.epa().is_none() && step.direction.length() > 0.0,
            "{title}: no d is drawn"
        );
    }
    if caption.contains("green line from v") {
        assert!(
            step.closest.is_some_and(|v| v.length() > 0.0),
            "{title}: no v is drawn"
        );
    }
    // The next direction is not drawn: a caption speaks of it only beside the one drawn.
    if caption.contains("next search") || caption.contains("next direction") {
        assert!(
            caption.contains("yellow d is"),
            "{title}: which arrow? {caption}"
        );
    }
}

#[test]
fn a_lesson_asked_for_before_the_first_frame_is_solved_and_shown() {
    // What `--present N` does: both messages land before the app's first update.
    let mut app = headless_app(default_scenario());
    app.world_mut().write_message(TourCommand::Toggle);
    app.world_mut().write_message(TourCommand::Goto(9));
    app.update();
    let lab = app.world().resource::<Lab>();
    let playback = app.world().resource::<Playback>();
    assert_eq!(lab.scenario.name, "two hulls overlapping");
    assert_eq!(
        playback.case.name, lab.scenario.name,
        "the trace on screen is the lesson's"
    );
    let step = playback.current().expect("a lesson shows a step");
    assert_eq!(
        step.feature.as_ref().map(|f| f.kind),
        Some(FeatureKind::Face)
    );
}

#[test]
fn leaving_presenter_mode_puts_back_the_case_step_and_file_name() {
    let case = gjk_lab_files::bundled::find("gallery/24-coal-close-boxes.json")
        .unwrap()
        .load()
        .unwrap();
    let mut app = headless_app(case.clone());
    app.update();
    app.world_mut().resource_mut::<Playback>().step = 3;
    app.world_mut()
        .resource_mut::<gjk_lab::case::scenario_io::ScenarioFiles>()
        .path_field = "my-case.json".into();
    app.update();

    send(&mut app, TourCommand::Toggle);
    send(&mut app, TourCommand::Next);
    let during = app
        .world()
        .resource::<gjk_lab::case::scenario_io::ScenarioFiles>();
    assert_ne!(
        during.path_field, "my-case.json",
        "Save would overwrite the open file"
    );
    assert_ne!(app.world().resource::<Lab>().scenario, case);

    send(&mut app, TourCommand::Toggle);
    app.update();
    assert!(!app.world().resource::<Classroom>().enabled);
    assert_eq!(app.world().resource::<Lab>().scenario, case);
    let playback = app.world().resource::<Playback>();
    assert_eq!((playback.case == case, playback.step), (true, 3));
    let files = app
        .world()
        .resource::<gjk_lab::case::scenario_io::ScenarioFiles>();
    assert_eq!(files.path_field, "my-case.json");
}

#[test]
fn the_tour_turns_compare_off_and_gives_back_compare_and_the_cast_s_step() {
    let case = gjk_lab_files::bundled::find("cast-advancement-ball-box.json")
        .unwrap()
        .load()
        .unwrap();
    let mut app = headless_app(case);
    app.update();
    {
        let world = app.world_mut();
        world
            .resource_mut::<gjk_lab::case::compare::CompareSettings>()
            .enabled = true;
        let mut playback = world.resource_mut::<Playback>();
        playback.timeline = gjk_lab_files::lesson::Timeline::Cast;
        playback.cast_step = 2;
    }
    app.update();
    send(&mut app, TourCommand::Toggle);
    let compare = |app: &bevy::prelude::App| {
        app.world()
            .resource::<gjk_lab::case::compare::CompareSettings>()
            .enabled
    };
    assert!(!compare(&app), "a lesson is one run, not a comparison");
    send(&mut app, TourCommand::Next);
    assert!(!compare(&app));
    send(&mut app, TourCommand::Toggle);
    app.update();
    assert!(compare(&app), "compare mode is given back");
    let playback = app.world().resource::<Playback>();
    assert_eq!(
        (playback.timeline, playback.cast_step),
        (gjk_lab_files::lesson::Timeline::Cast, 2)
    );
}

/// The app on the plane's startup case, with cameras on a window of `width` × `height`.
fn plane_app(width: u32, height: u32) -> bevy::prelude::App {
    let case = gjk_lab_files::bundled::find(gjk_lab_files::bundled::PLANE_STARTUP)
        .unwrap()
        .load()
        .unwrap();
    gjk_lab::app::headless_app_with_cameras(case, width, height)
}

#[test]
fn leaving_the_tour_gives_the_plane_its_square_on_cameras_back() {
    let mut app = plane_app(1920, 1080);
    for _ in 0..3 {
        app.update();
    }
    let cameras = |app: &mut bevy::prelude::App| {
        let mut standing: Vec<_> = app
            .world_mut()
            .query::<(&View, &Orbit, &Transform)>()
            .iter(app.world())
            .map(|(v, o, t)| (*v == View::World, *o, *t))
            .collect();
        standing.sort_by_key(|(world, ..)| *world);
        standing
    };
    let before = cameras(&mut app);
    assert_eq!(before.len(), 2);
    for (_, orbit, transform) in &before {
        assert_eq!(
            (orbit.yaw, orbit.pitch),
            (0.0, 0.0),
            "square-on in the plane"
        );
        assert_eq!(*transform, orbit.transform());
    }

    // The tour is in space: its cameras turn and close in.
    send(&mut app, TourCommand::Toggle);
    for _ in 0..10 {
        send(&mut app, TourCommand::Next);
    }
    for _ in 0..3 {
        app.update();
    }
    assert!(cameras(&mut app).iter().all(|(_, o, _)| o.pitch != 0.0));

    send(&mut app, TourCommand::Toggle);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Playback>().case.dimension,
        gjk::config::Dimension::Two
    );
    let after = cameras(&mut app);
    // The world view stands where it stood; A ⊖ B frames the step given back, square-on too.
    assert_eq!(
        (after[1].1.focus, after[1].1.distance),
        (before[1].1.focus, before[1].1.distance)
    );
    for (_, orbit, transform) in &after {
        assert_eq!((orbit.yaw, orbit.pitch), (0.0, 0.0));
        assert_eq!(
            *transform,
            orbit.transform(),
            "the camera stands where its orbit says"
        );
    }
}

/// In the plane, B dragged onto A and stepped into EPA, the tour taken and left at once: A − B
/// is framed at that step as it was before, not at the tour's case or half-way there.
#[test]
fn leaving_the_tour_from_an_epa_step_frames_that_step_again() {
    use gjk_lab::case::playback::PlaybackCommand;
    let mut app = plane_app(1280, 800);
    app.update();
    let a = app.world().resource::<Lab>().scenario.a.position;
    app.world_mut().resource_mut::<Lab>().scenario.b.position = a + glam::DVec3::new(0.2, 0.1, 0.0);
    app.update();
    app.world_mut().write_message(PlaybackCommand::Seek(5));
    settle(&mut app);
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.step, 5);
    assert!(
        playback.current().unwrap().epa().is_some(),
        "step 5 is EPA's"
    );
    let framed = orbit_of(&mut app, View::Minkowski);

    // Presenter mode folds the panel and puts a caption under the views (the panel and the
    // caption say their sizes as they are drawn, a frame later: here by hand).
    let layout = |app: &mut bevy::prelude::App, panel: f32, caption: f32| {
        let mut layout = app.world_mut().resource_mut::<ViewLayout>();
        layout.panel_width = panel;
        layout.caption_height = caption;
    };
    send(&mut app, TourCommand::Toggle);
    layout(&mut app, 30.0, 150.0);
    settle(&mut app);
    send(&mut app, TourCommand::Toggle);
    app.update();
    layout(&mut app, 360.0, 0.0);
    settle(&mut app);
    assert_eq!(app.world().resource::<Playback>().step, 5);
    let after = orbit_of(&mut app, View::Minkowski);
    assert!(
        after.focus.distance(framed.focus) < 1e-4 * framed.distance
            && (after.distance / framed.distance - 1.0).abs() < 1e-4,
        "before the tour {framed:?}, after it {after:?}"
    );
}
