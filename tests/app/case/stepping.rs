//! The stepping state without a window: messages in, `app.update()`, assertions on resources.

use bevy::prelude::*;
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback, PlaybackCommand};
use gjk_lab_files::bundled::default_scenario;

fn send(app: &mut App, command: PlaybackCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn step(app: &App) -> usize {
    app.world().resource::<Playback>().step
}

#[test]
fn forward_back_reset_end_and_seek() {
    let mut app = headless_app(default_scenario());
    app.update();
    let end = app.world().resource::<Playback>().end();
    assert!(end >= 3, "the default scene takes a few steps ({end})");
    assert_eq!(step(&app), 0, "the app opens at step 0");
    send(&mut app, PlaybackCommand::Forward);
    send(&mut app, PlaybackCommand::Forward);
    assert_eq!(step(&app), 2);
    send(&mut app, PlaybackCommand::Back);
    assert_eq!(step(&app), 1);
    send(&mut app, PlaybackCommand::End);
    assert_eq!(step(&app), end);
    send(&mut app, PlaybackCommand::Forward);
    assert_eq!(step(&app), end, "forward stops at the end");
    send(&mut app, PlaybackCommand::Reset);
    assert_eq!(step(&app), 0);
    send(&mut app, PlaybackCommand::Back);
    assert_eq!(step(&app), 0, "back stops at 0");
    send(&mut app, PlaybackCommand::Seek(end - 1));
    assert_eq!(step(&app), end - 1, "the timeline slider seeks");
    send(&mut app, PlaybackCommand::Seek(10_000));
    assert_eq!(step(&app), end, "seeking past the end clamps");
}

#[test]
fn moving_a_shape_reruns_the_solver_and_keeps_the_step() {
    let mut app = headless_app(default_scenario());
    app.update();
    send(&mut app, PlaybackCommand::Seek(2));
    let before = app
        .world()
        .resource::<Playback>()
        .current()
        .unwrap()
        .clone();
    // A small drag of B: the same step, with different numbers.
    app.world_mut().resource_mut::<Lab>().scenario.b.position.x += 0.1;
    app.update();
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.step, 2);
    let after = playback.current().unwrap();
    assert_ne!(before.support.point, after.support.point);

    // Dragging B onto A: a different run; the index is kept, clamped to its length.
    send(&mut app, PlaybackCommand::Seek(1000));
    let long = step(&app);
    app.world_mut().resource_mut::<Lab>().scenario.b.position = glam::DVec3::new(-0.9, 0.0, 0.0);
    app.update();
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.trace.finish.outcome, gjk::Outcome::Intersecting);
    assert_eq!(playback.step, long.min(playback.end()));
}

#[test]
fn an_invalid_edit_keeps_the_last_trace_and_says_why() {
    let mut app = headless_app(default_scenario());
    app.update();
    let before = app.world().resource::<Playback>().trace.clone();
    app.world_mut().resource_mut::<Lab>().scenario.a.margin = -1.0;
    app.update();
    assert_eq!(app.world().resource::<Playback>().trace, before);
    let error = app
        .world()
        .resource::<Lab>()
        .error
        .clone()
        .expect("an error is shown");
    assert!(error.contains("a.margin"), "{error}");
}

#[test]
fn play_advances_and_stops_at_the_end() {
    let mut app = headless_app(default_scenario());
    app.update();
    send(&mut app, PlaybackCommand::Speed(1e6));
    assert_eq!(
        app.world().resource::<Playback>().speed,
        60.0,
        "speed is clamped"
    );
    send(&mut app, PlaybackCommand::TogglePlay);
    // Time advances between updates; at 60 steps per second the end is reached in well
    // under two seconds.
    for _ in 0..200 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        app.update();
        if !app.world().resource::<Playback>().playing {
            break;
        }
    }
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.step, playback.end());
    assert!(!playback.playing);
}

#[test]
fn warm_start_while_dragging_starts_from_the_last_simplex_of_the_same_shapes() {
    use gjk_lab::case::playback::WarmStart;
    let mut app = headless_app(default_scenario());
    app.update();
    app.world_mut().resource_mut::<WarmStart>().enabled = true;
    let first_step = |app: &App| {
        app.world().resource::<Playback>().trace.steps[0]
            .explanation()
            .clone()
    };
    // The first rerun after switching it on starts cold and leaves its simplex behind.
    app.world_mut().resource_mut::<Lab>().scenario.b.position.y -= 0.01;
    app.update();
    let (mut cold, mut warm) = (0, 0);
    for _ in 0..20 {
        app.world_mut().resource_mut::<Lab>().scenario.b.position.y -= 0.01;
        app.update();
        assert!(first_step(&app).contains("Warm start: the previous run's simplex"));
        warm += app.world().resource::<Playback>().trace.finish.iterations;
        let lab = app.world().resource::<Lab>().scenario.clone();
        cold += gjk::trace(&lab.a, &lab.b, &lab.config()).finish.iterations;
    }
    assert!(
        warm * 10 < cold * 7,
        "warm {warm} vs cold {cold} iterations"
    );
    // Another shape: the old simplex is not made of its points, so the run starts cold.
    app.world_mut().resource_mut::<Lab>().scenario.b.shape = gjk::Shape::Sphere { radius: 0.3 };
    app.update();
    assert!(
        first_step(&app).contains("Start: the support point"),
        "{}",
        first_step(&app)
    );
}

/// Frames asked for during `updates` updates.
fn redraws(app: &mut App, updates: usize) -> usize {
    type Redraws = Messages<bevy::window::RequestRedraw>;
    let mut cursor = app.world().resource::<Redraws>().get_cursor_current();
    let mut asked = 0;
    for _ in 0..updates {
        app.update();
        asked += cursor.read(app.world().resource::<Redraws>()).count();
    }
    asked
}

#[test]
fn an_idle_app_asks_for_no_frames_and_a_playing_one_does() {
    let mut app = headless_app(default_scenario());
    app.update();
    assert_eq!(redraws(&mut app, 50), 0, "idle at step 0");
    send(&mut app, PlaybackCommand::Forward);
    assert_eq!(redraws(&mut app, 50), 0, "idle after a step");
    // Playing moves on its own: a frame is asked for every update until it stops at the end.
    send(&mut app, PlaybackCommand::Speed(60.0));
    send(&mut app, PlaybackCommand::TogglePlay);
    assert_eq!(redraws(&mut app, 5), 5, "while playing");
    app.world_mut().resource_mut::<Playback>().playing = false;
    app.update();
    assert_eq!(redraws(&mut app, 20), 0, "idle again after pausing");
}
