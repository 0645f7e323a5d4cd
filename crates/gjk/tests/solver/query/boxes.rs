//! Two boxes asked only whether they overlap (`algorithm: boolean`, `epa: false`): the
//! separating-axis test's answers, each checked from outside — its lower bound against GJK's
//! proven distance, its two points inside their boxes, its verdict against parry's own test —
//! in space and in the plane, in both precisions, near the origin and far from it.

use crate::solver::common::{Rng, to_parry};
use gjk::config::Dimension;
use gjk::{Algorithm, BodySpec, Outcome, Precision, Shape, Shortcut, SolverConfig, Termination};
use glam::{DQuat, DVec3};

/// A random box with no margin: flat and turned about z in the plane.
fn boxy(rng: &mut Rng, plane: bool, offset: DVec3) -> BodySpec {
    let (half_extents, position, rotation) = if plane {
        let h = rng.vec(0.05, 1.2);
        let p = rng.vec(-1.6, 1.6);
        (
            DVec3::new(h.x, h.y, 0.0),
            DVec3::new(p.x, p.y, 0.0),
            DQuat::from_rotation_z(rng.range(-3.2, 3.2)),
        )
    } else {
        (rng.vec(0.05, 1.2), rng.vec(-1.6, 1.6), rng.rotation())
    };
    BodySpec {
        shape: Shape::Cuboid { half_extents },
        position: position + offset,
        rotation,
        margin: 0.0,
    }
}

/// Whether `p` lies in the box, to within `slack`, worked out here in f64.
fn inside(b: &BodySpec, p: DVec3, slack: f64) -> bool {
    let Shape::Cuboid { half_extents } = b.shape else {
        return false;
    };
    let local = b.rotation.inverse() * (p - b.position);
    (local.abs() - half_extents).max_element() <= slack
}

#[test]
fn two_boxes_are_told_apart_or_overlapping_by_their_axes_and_every_answer_is_proven() {
    let mut rng = Rng::new(47);
    // [space, plane] × [apart, overlapping], and the pairs left to GJK.
    let mut answered = [[0usize; 2]; 2];
    let mut left = 0;
    let mut touching = 0;
    for i in 0..8000 {
        let plane = i % 2 == 1;
        let precision = [Precision::F64, Precision::F32][i / 2 % 2];
        let far = if i % 8 >= 6 { 1e4 } else { 0.0 };
        let offset = DVec3::new(far, -far, if plane { 0.0 } else { far });
        let (a, mut b) = (boxy(&mut rng, plane, offset), boxy(&mut rng, plane, offset));
        let dimension = if plane {
            Dimension::Two
        } else {
            Dimension::Three
        };
        // One pair in four is moved to touch: B back along the closest points' offset.
        if i / 4 % 4 == 1
            && let Outcome::Separated {
                point_a, point_b, ..
            } = gjk::solve(
                &a,
                &b,
                &SolverConfig {
                    dimension,
                    ..SolverConfig::default()
                },
            )
            .outcome
        {
            b.position -= point_b - point_a;
        }
        let asked = SolverConfig {
            dimension,
            epa: false,
            ..SolverConfig::default_for(Algorithm::Boolean, precision)
        };
        // What GJK proves of the same pair in f64, with EPA: the distance's bounds.
        let truth = gjk::solve(
            &a,
            &b,
            &SolverConfig {
                dimension,
                ..SolverConfig::default()
            },
        );
        let [_, truth_upper] = truth.certificate.distance_bounds;
        let trace = gjk::trace(&a, &b, &asked);
        let f = trace.finish;
        let context =
            format!("pair {i} ({precision:?}, plane {plane}): {a:?}\n{b:?}\n{f:?}\n{truth:?}");
        let scale = 8.0 * 1.2e-7 * (a.position.length() + b.position.length() + 4.0);
        match f.termination {
            Termination::Shortcut(Shortcut::SeparatingAxis { gap }) => {
                assert_eq!(f.outcome, Outcome::Disjoint, "{context}");
                assert!(f.certificate.certified, "{context}");
                assert_eq!(f.certificate.intersecting, Some(false), "{context}");
                let [lower, upper] = f.certificate.distance_bounds;
                assert!(0.0 < lower && lower <= upper, "{context}");
                // A lower bound never above what GJK found them apart by.
                assert!(lower <= truth_upper, "{context}");
                assert_ne!(truth.certificate.intersecting, Some(true), "{context}");
                assert!(gap > 0.0, "{context}");
                // The step's support point in the world: a corner of each box, their
                // difference, behind the origin along the axis.
                let step = &trace.steps[0];
                let w = step.support;
                assert!(
                    inside(&a, w.a, scale) && inside(&b, w.b, scale),
                    "{context}"
                );
                assert!((w.a - w.b - w.point).length() <= scale, "{context}");
                assert!(w.point.dot(step.direction) < 0.0, "{context}");
                answered[usize::from(plane)][0] += 1;
            }
            Termination::Shortcut(Shortcut::SharedPoint { apart }) => {
                assert_eq!(f.outcome, Outcome::Intersecting, "{context}");
                assert!(f.certificate.certified, "{context}");
                assert_eq!(f.certificate.intersecting, Some(true), "{context}");
                assert!(apart <= asked.abs_tolerance, "{context}");
                // The step shows the two points, in the world: each in its box, `apart` apart.
                assert_eq!(trace.steps.len(), 1, "{context}");
                let point = trace.steps[0].support;
                let (p, q) = (point.a, point.b);
                assert!(inside(&a, p, 1e-12 * (1.0 + far)), "{context}");
                assert!(inside(&b, q, 1e-12 * (1.0 + far)), "{context}");
                // Moved back to the world, their difference carries the rounding of 1e4.
                assert!((p - q).length() <= apart + 1e-15 * (1.0 + far), "{context}");
                assert_ne!(truth.certificate.intersecting, Some(false), "{context}");
                answered[usize::from(plane)][1] += 1;
                touching += usize::from(apart > 0.0);
            }
            _ => {
                // Left to boolean GJK: pairs within rounding of touching, and overlaps whose
                // common point the rounds of projection did not reach (never a pair apart).
                left += 1;
                let apart = truth.outcome.distance().is_some_and(|d| d > 1e3 * scale);
                assert!(!apart, "{context}");
            }
        }
        // parry's own separating-axis test agrees with every verdict we proved, away from a
        // touch (where either may round either way).
        let clear = truth.outcome.distance().is_some_and(|d| d > 1e-6)
            || truth.penetration.is_some_and(|p| p.depth > 1e-6);
        if !plane
            && clear
            && let Some(ours) = f.certificate.intersecting
        {
            let ((pa, sa), (pb, sb)) = (to_parry(&a).expect("a box"), to_parry(&b).expect("a box"));
            let theirs = parry3d_f64::query::intersection_test(&pa, &*sa.0, &pb, &*sb.0)
                .expect("cuboids")
                .intersecting;
            assert_eq!(ours, theirs, "{context}");
        }
    }
    assert!(
        answered.iter().flatten().all(|&n| n > 600) && left < 320 && touching > 300,
        "answered [space, plane] × [apart, overlapping]: {answered:?}, {touching} of those touching; left to GJK: {left}"
    );
}

#[test]
fn the_test_answers_in_one_step_that_says_what_proved_it() {
    let at = |x: f64| BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::splat(0.5),
        },
        position: DVec3::new(x, 0.2, 0.0),
        rotation: DQuat::from_rotation_z(0.3),
        margin: 0.0,
    };
    let yes_no = SolverConfig {
        epa: false,
        ..SolverConfig::default_for(Algorithm::Boolean, Precision::F64)
    };
    // Apart: the axis, the support point along it behind the origin, the certificate.
    let apart = gjk::trace(&at(0.0), &at(1.6), &yes_no);
    assert_eq!(apart.steps.len(), 1);
    let step = &apart.steps[0];
    assert_eq!(apart.finish.termination.name(), "separating_axis");
    assert!(step.is_box_test());
    assert!(step.support.point.dot(step.direction) < 0.0);
    assert_eq!(step.certificate, Some(apart.finish.certificate));
    let words = step.explanation();
    assert!(words.contains("separating-axis test"), "{words}");
    assert!(words.contains("do not intersect"), "{words}");
    // Overlapping: the point inside both.
    let overlap = gjk::trace(&at(0.0), &at(0.6), &yes_no);
    assert_eq!(overlap.finish.termination.name(), "shared_point");
    assert_eq!(overlap.steps.len(), 1);
    assert!(overlap.steps[0].explanation().contains("intersect"));
    // With EPA asked for, the overlap's depth needs GJK's simplex: GJK runs, as before.
    let deep = gjk::trace(
        &at(0.0),
        &at(0.6),
        &SolverConfig {
            epa: true,
            ..yes_no
        },
    );
    assert!(deep.steps.len() > 1 && deep.finish.penetration.is_some());
    assert!(!deep.steps.iter().any(|s| s.is_box_test()));
}

#[test]
fn hostile_boxes_get_a_proven_answer_or_gjks_and_never_a_panic() {
    let cuboid = |h: f64, x: f64| BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::splat(h),
        },
        position: DVec3::new(x, 0.0, 0.0),
        rotation: DQuat::from_rotation_z(0.4),
        margin: 0.0,
    };
    let cases = [
        (cuboid(0.0, 0.0), cuboid(0.0, 0.0)),
        (cuboid(0.0, 0.0), cuboid(0.0, 1e-300)),
        (cuboid(1e-300, 0.0), cuboid(1e-300, 3e-300)),
        (cuboid(1e300, 0.0), cuboid(1e300, 1.5e300)),
        (cuboid(1.0, 1e300), cuboid(1.0, 1e300 + 1e285)),
        (cuboid(1.0, -1e308), cuboid(1.0, 1e308)),
        (cuboid(1e-8, 0.0), cuboid(1e-8, 2e-8)),
    ];
    for precision in [Precision::F64, Precision::F32] {
        let yes_no = SolverConfig {
            epa: false,
            ..SolverConfig::default_for(Algorithm::Boolean, precision)
        };
        for (a, b) in &cases {
            let ours = gjk::solve(a, b, &yes_no);
            let gjk = gjk::solve(
                a,
                b,
                &SolverConfig::default_for(Algorithm::Boolean, precision),
            );
            let context = format!("{precision:?} {a:?} {b:?}: {ours:?} / {gjk:?}");
            assert!(
                ours.certificate.distance_bounds.iter().all(|x| !x.is_nan()),
                "{context}"
            );
            // Within the tolerance of touching, boolean GJK may call a pair touching
            // (intersecting) that a plane proves apart by less: both are proven.
            let [lower, upper] = ours.certificate.distance_bounds;
            assert!(lower <= upper, "{context}");
            if ours.certificate.certified
                && lower > yes_no.abs_tolerance
                && let Some(verdict) = gjk.certificate.intersecting
            {
                assert_eq!(ours.certificate.intersecting, Some(verdict), "{context}");
            }
        }
    }
}

#[test]
fn a_pose_no_box_has_is_left_to_gjk_and_proves_nothing() {
    let at = |x: f64, rotation: DQuat, half: f64| BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::splat(half),
        },
        position: DVec3::new(x, 0.0, 0.0),
        rotation,
        margin: 0.0,
    };
    let yes_no = SolverConfig {
        epa: false,
        ..SolverConfig::default_for(Algorithm::Boolean, Precision::F64)
    };
    // A rotation that is not a number (the library's callers may pass one; a scenario never
    // does), and a negative half extent: the box test answers neither.
    let nan = DQuat::from_xyzw(f64::NAN, 0.0, 0.0, 1.0);
    for (a, b) in [
        (at(0.0, nan, 1.0), at(100.0, DQuat::IDENTITY, 1.0)),
        (
            at(0.0, DQuat::IDENTITY, -1.0),
            at(100.0, DQuat::IDENTITY, 1.0),
        ),
    ] {
        let f = gjk::solve(&a, &b, &yes_no);
        assert!(
            !matches!(
                f.termination,
                Termination::Shortcut(
                    Shortcut::SeparatingAxis { .. } | Shortcut::SharedPoint { .. }
                )
            ),
            "{f:?}"
        );
        assert_ne!(f.certificate.intersecting, Some(true), "{f:?}");
    }
}
