//! Compare mode: a second configuration on the same timeline, and the step where the runs part.

use gjk_lab::app::headless_app;
use gjk_lab::case::compare::{CompareRun, CompareSettings};
use gjk_lab::case::playback::{Lab, Playback, PlaybackCommand};

fn gallery(name: &str) -> gjk::Scenario {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenarios/gallery")
        .join(name);
    gjk::Scenario::load(&path).unwrap()
}

#[test]
fn f32_against_f64_shares_the_timeline_and_names_the_first_difference() {
    let mut app = headless_app(gallery("11-gap-1e-7-f32.json"));
    app.update();
    let lab = app.world().resource::<Lab>().clone();
    app.world_mut()
        .resource_mut::<CompareSettings>()
        .enable_against_other_precision(&lab);
    app.update();
    let run = app.world().resource::<CompareRun>();
    let second = run.trace.as_ref().expect("the second run");
    assert!(
        second.finish.outcome.distance().is_some_and(|d| d > 0.0),
        "f64 sees the gap"
    );
    let d = run.divergence.clone().expect("they differ");
    assert_eq!((d.step, d.what.as_str()), (3, "termination"));
    // The timeline is as long as the longer run, and stepping past the first run's end keeps
    // showing its last step while the second goes on.
    let (first_len, second_len) = (
        app.world().resource::<Playback>().trace.steps.len(),
        second.steps.len(),
    );
    app.world_mut().write_message(PlaybackCommand::End);
    app.update();
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.end(), first_len.max(second_len));
    assert!(playback.current().is_some());
    // A drag reruns both.
    app.world_mut().resource_mut::<Lab>().scenario.b.position.x += 0.5;
    app.update();
    let run = app.world().resource::<CompareRun>();
    assert_eq!(
        run.divergence, None,
        "a clear gap: both precisions decide alike"
    );
    // Off again: one run, one timeline.
    app.world_mut().resource_mut::<CompareSettings>().enabled = false;
    app.update();
    assert!(app.world().resource::<CompareRun>().trace.is_none());
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.end(), playback.trace.steps.len());
}
