//! Presenter mode's guided tour: one key per lesson, each opening its case at the right step.

use gjk::FeatureKind;
use gjk_lab::app::headless_app;
use gjk_lab::case::assets::default_scenario;
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::teach::classroom::{Classroom, TourCommand};
use gjk_lab::teach::lesson::{Lesson, Shown};

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
    // Separated shows the whole run; touching and intersecting GJK's last step (its simplex,
    // which their captions talk about, not the EPA polytope after it); then one lesson per
    // region kind, each stopped on a step whose kept feature is of that kind.
    assert_eq!(seen[0].1, Some(false));
    assert_eq!((seen[1].1, seen[1].3), (Some(true), false));
    assert_eq!((seen[2].1, seen[2].3), (Some(true), false));
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
    let case = gjk_lab::case::assets::find("gallery/24-coal-close-boxes.json")
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
    let case = gjk_lab::case::assets::find("cast-advancement-ball-box.json")
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
        playback.timeline = gjk_lab::case::playback::Timeline::Cast;
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
        (gjk_lab::case::playback::Timeline::Cast, 2)
    );
}
