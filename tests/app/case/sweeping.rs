//! The sweep runs on a worker thread while frames go on; a clicked sample opens in the stepper.

use bevy::prelude::*;
use gjk::{SweepAxis, SweepParam};
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::case::sweep::{SweepRequest, SweepRun, SweepSettings};
use gjk_lab_files::bundled::default_scenario;
use std::time::{Duration, Instant};

fn run_until_done(app: &mut App) -> usize {
    let started = Instant::now();
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        let run = app.world().resource::<SweepRun>();
        if run.result.is_some() || run.error.is_some() {
            return frames;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the sweep never finished"
        );
    }
}

#[test]
fn a_sweep_runs_off_the_main_thread_and_a_sample_opens_in_the_stepper() {
    let mut app = headless_app(default_scenario());
    app.update();
    let x0 = app.world().resource::<Lab>().scenario.b.position.x;
    app.world_mut().resource_mut::<SweepSettings>().first = SweepAxis {
        param: SweepParam::BX,
        from: -2.0,
        to: 2.0,
        samples: 2000,
    };
    app.world_mut().write_message(SweepRequest::Start);
    run_until_done(&mut app);
    let run = app.world().resource::<SweepRun>();
    let result = run.result.as_ref().expect("a result");
    assert_eq!(result.samples.len(), 2000);
    assert!(result.refused.is_empty());
    assert!(!result.cancelled);
    // Dragging B through A: both answers appear, and every error against the reference is tiny.
    let hits = result
        .samples
        .iter()
        .filter(|s| s.certificate.intersecting == Some(true))
        .count();
    assert!(hits > 0 && hits < 2000, "{hits} intersecting");
    assert!(result.samples.iter().all(|s| s.error.unwrap() < 1e-6));
    // The sweep did not move the case on screen.
    assert_eq!(app.world().resource::<Lab>().scenario.b.position.x, x0);
    app.world_mut().write_message(SweepRequest::Open([1999, 0]));
    app.update();
    assert_eq!(app.world().resource::<Lab>().scenario.b.position.x, 2.0);
    let playback = app.world().resource::<Playback>();
    assert!(
        playback.is_final() && playback.end() > 0,
        "opened at its last step"
    );
}

#[test]
fn a_bad_range_is_refused_with_its_reason_and_a_sweep_can_be_cancelled() {
    let mut app = headless_app(default_scenario());
    app.update();
    app.world_mut().resource_mut::<SweepSettings>().first = SweepAxis {
        param: SweepParam::AbsTolerance,
        from: 0.0,
        to: 1.0,
        samples: 10,
    };
    app.world_mut().write_message(SweepRequest::Start);
    app.update();
    let error = app.world().resource::<SweepRun>().error.clone();
    assert!(error.is_some_and(|e| e.contains("log scale")));
    app.world_mut().resource_mut::<SweepSettings>().first = SweepAxis {
        param: SweepParam::BY,
        from: -2.0,
        to: 2.0,
        samples: 1_000_000,
    };
    app.world_mut().write_message(SweepRequest::Start);
    app.update();
    app.world_mut().write_message(SweepRequest::Cancel);
    run_until_done(&mut app);
    let result = app.world().resource::<SweepRun>().result.clone().unwrap();
    assert!(result.cancelled && result.samples.len() < 1_000_000);
}
