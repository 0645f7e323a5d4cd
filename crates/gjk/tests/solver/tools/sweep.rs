//! Sweeps: sample values, what each sample reports, and bad ranges.

use crate::solver::common::at;
use gjk::SweepSample;
use gjk::{Scenario, Shape, Sweep, SweepAxis, SweepParam};
use glam::DVec3;
use std::sync::atomic::AtomicUsize;

fn spheres() -> Scenario {
    let ball = Shape::Sphere { radius: 1.0 };
    Scenario::new(
        "two unit spheres",
        at(ball.clone(), DVec3::ZERO),
        at(ball, DVec3::new(3.0, 0.0, 0.0)),
    )
}

fn axis(param: SweepParam, from: f64, to: f64, samples: usize) -> SweepAxis {
    SweepAxis {
        param,
        from,
        to,
        samples,
    }
}

#[test]
fn tolerances_are_sampled_per_decade_and_positions_evenly() {
    let log = axis(SweepParam::RelTolerance, 1e-12, 1e-3, 10);
    assert_eq!(log.value(0), 1e-12);
    assert!((log.value(9) / 1e-3 - 1.0).abs() < 1e-12);
    assert!((log.value(1) / 1e-11 - 1.0).abs() < 1e-12);
    let lin = axis(SweepParam::BX, 2.0, 4.0, 5);
    assert_eq!(
        (0..5).map(|i| lin.value(i)).collect::<Vec<_>>(),
        [2.0, 2.5, 3.0, 3.5, 4.0]
    );
}

#[test]
fn a_position_sweep_reports_the_analytic_distance_and_the_overlap() {
    let sweep = Sweep {
        first: axis(SweepParam::BX, 1.0, 4.0, 31),
        second: None,
    };
    let samples = ok(sweep.run(
        &spheres(),
        &spheres().prepare(),
        &AtomicUsize::new(0),
        &|| false,
    ));
    assert_eq!(samples.len(), 31);
    for s in &samples {
        let exact = (s.value[0] - 2.0).max(0.0);
        assert!((s.reference - exact).abs() < 1e-9, "{s:?}");
        assert!(s.error.unwrap() < 1e-9, "{s:?}");
        assert_eq!(s.certificate.intersecting, Some(s.value[0] <= 2.0), "{s:?}");
        assert!(s.certified(), "{s:?}");
    }
}

#[test]
fn a_tight_tolerance_against_a_low_cap_is_reported_uncertified() {
    // The gallery's crawling spheres (folded: the whole curved surface): rel 1e-15 needs 24
    // iterations, 1e-3 far fewer.
    let mut base = spheres();
    base.solver.radii = Some(gjk::Radii::Folded);
    base.b.position = DVec3::new(2.5, 0.7, 0.3);
    base.solver.initial_direction = Some(DVec3::Y);
    base.solver.max_iterations = Some(16);
    let sweep = Sweep {
        first: axis(SweepParam::RelTolerance, 1e-15, 1e-3, 13),
        second: None,
    };
    let samples = ok(sweep.run(&base, &base.prepare(), &AtomicUsize::new(0), &|| false));
    let (tight, loose) = (samples[0], samples[12]);
    assert_eq!(tight.termination.name(), "max_iterations");
    assert!(!tight.certified());
    assert!(loose.certified() && loose.iterations < tight.iterations);
    // Looser tolerances never take more iterations here, and the error grows with them.
    for w in samples.windows(2) {
        assert!(w[1].iterations <= w[0].iterations, "{w:?}");
    }
    assert!(loose.error.unwrap() <= 1e-3 * loose.reference);
}

#[test]
fn a_grid_runs_row_major_and_can_be_cancelled() {
    let sweep = Sweep {
        first: axis(SweepParam::BX, 1.0, 4.0, 20),
        second: Some(axis(SweepParam::BY, -1.0, 1.0, 10)),
    };
    let all = sweep.run(
        &spheres(),
        &spheres().prepare(),
        &AtomicUsize::new(0),
        &|| false,
    );
    assert_eq!(all.len(), 200);
    assert_eq!(all[21].as_ref().unwrap().index, [1, 1]);
    let progress = AtomicUsize::new(0);
    let cancelled = sweep.run(&spheres(), &spheres().prepare(), &progress, &|| {
        progress.load(std::sync::atomic::Ordering::Relaxed) >= 64
    });
    assert_eq!(cancelled.len(), 64);
}

#[test]
fn bad_ranges_are_named() {
    let err = |s: Sweep| s.validated().unwrap_err();
    let one = |a| Sweep {
        first: a,
        second: None,
    };
    assert!(err(one(axis(SweepParam::RelTolerance, 0.0, 1e-3, 10))).contains("log scale"));
    assert!(err(one(axis(SweepParam::BX, 0.0, 1.0, 0))).contains("samples"));
    assert!(err(one(axis(SweepParam::BX, f64::NAN, 1.0, 5))).contains("finite"));
    assert!(err(one(axis(SweepParam::MaxIterations, 0.0, 10.0, 5))).contains("from 1"));
    // The same limits as a scenario file's solver section.
    assert!(err(one(axis(SweepParam::MaxIterations, 1.5, 10.0, 5))).contains("whole numbers"));
    assert!(err(one(axis(SweepParam::MaxIterations, 1.0, 1e12, 5))).contains("100000"));
    let same = Sweep {
        first: axis(SweepParam::BX, 0.0, 1.0, 5),
        second: Some(axis(SweepParam::BX, 0.0, 1.0, 5)),
    };
    assert!(err(same).contains("same parameter"));
    let e = "b.w".parse::<SweepParam>().unwrap_err();
    assert!(e.contains("b.angle_z"), "{e}");
    assert_eq!("b.angle_y".parse::<SweepParam>(), Ok(SweepParam::BAngleY));
}

/// The samples that ran (none is expected to be refused).
fn ok(samples: Vec<Result<SweepSample, gjk::SweepRefusal>>) -> Vec<SweepSample> {
    samples
        .into_iter()
        .map(|s| s.expect("the sample's scenario is valid"))
        .collect()
}

#[test]
fn samples_beyond_the_precisions_limit_are_refused_by_name_and_the_rest_run() {
    // The issue's `--param b.x --from -1e308 --to 1e308`: the ends are refused, the middle runs.
    let sweep = Sweep {
        first: axis(SweepParam::BX, -1e308, 1e308, 5),
        second: None,
    };
    let out = sweep.run(
        &spheres(),
        &spheres().prepare(),
        &AtomicUsize::new(0),
        &|| false,
    );
    assert_eq!(out.len(), 5);
    for (n, s) in out.iter().enumerate() {
        match s {
            Ok(s) => assert_eq!(s.value[0], 0.0, "only b.x = 0 is solvable: {s:?}"),
            Err(r) => {
                assert_eq!(r.index, [n, 0]);
                assert!(r.reason.starts_with("b.position.x: "), "{}", r.reason);
                assert!(r.reason.contains("limit of 1e75"), "{}", r.reason);
            }
        }
    }
    assert!(out[2].is_ok());
}
