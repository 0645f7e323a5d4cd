//! Presenter mode's guided tour: one key per lesson, each opening its case at the right step.

use gjk::FeatureKind;
use gjk_lab::app::headless_app;
use gjk_lab::case::assets::default_scenario;
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::teach::classroom::{Classroom, LESSONS, TourCommand};

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
    for (n, lesson) in LESSONS.iter().enumerate() {
        if n > 0 {
            send(&mut app, TourCommand::Next);
        }
        let classroom = app.world().resource::<Classroom>();
        assert_eq!(classroom.lesson, n);
        assert_eq!(classroom.error, None);
        let playback = app.world().resource::<Playback>();
        let step = playback.current().expect("a lesson shows a step");
        let outcome = playback.trace.finish.intersecting();
        seen.push((
            lesson.title,
            playback.is_final().then_some(outcome).flatten(),
            step.feature.as_ref().map(|f| f.kind),
        ));
    }
    // Separated, touching and intersecting show the whole run; then one lesson per region kind,
    // each stopped on a step whose kept feature is of that kind.
    assert_eq!(seen[0].1, Some(false));
    assert_eq!(seen[1].1, Some(true));
    assert_eq!(seen[2].1, Some(true));
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
        app.world().resource::<Classroom>().lesson,
        LESSONS.len() - 1
    );
    send(&mut app, TourCommand::Goto(0));
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
    app.world_mut().write_message(TourCommand::Goto(5));
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
