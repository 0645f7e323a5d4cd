//! Spheres and capsules in closed form (`radii: closed`, the default): the cores' closest
//! points in f64 and f32, and the boolean question decided from them.

use super::radii::{apart, capsule, closed, closest_on_segments, core_segment, sphere, split};
use crate::solver::common::{Rng, body};
use gjk::{CoreCase, Outcome, Radii, SolverConfig};
use glam::{DQuat, DVec3};

/// A random pair of spheres and capsules (margins included, as `body` draws them).
fn round_pair(rng: &mut Rng) -> (gjk::BodySpec, gjk::BodySpec) {
    let kinds = ["sphere", "capsule"];
    let (ka, kb) = (kinds[rng.pick(2)], kinds[rng.pick(2)]);
    (body(rng, ka), body(rng, kb))
}

/// Spheres and capsules apart, `radii: closed`: the cores are answered in closed form (no
/// iteration), certified, with the distance and the closest points of the brute-force search
/// (`closest_on_segments`, in the radii tests), recorded as one step; GJK on the same cores (`radii: split`) gives an answer within
/// the closed form's proven bounds, and the other way round.
#[test]
fn separated_spheres_and_capsules_are_answered_in_closed_form_and_agree_with_gjk() {
    let mut rng = Rng::new(77);
    let (mut answered, mut checked) = (0, 0);
    while checked < 4_000 {
        let (a, b) = round_pair(&mut rng);
        let (pa, qa, ra) = core_segment(&a);
        let (pb, qb, rb) = core_segment(&b);
        let (ca, cb) = closest_on_segments(pa, qa, pb, qb);
        let expected = ca.distance(cb) - ra - rb - a.margin - b.margin;
        if expected < 1e-3 {
            continue;
        }
        checked += 1;
        let f = gjk::solve(&a, &b, &closed());
        let (distance, point_a, point_b) = apart(&f);
        assert!(f.certificate.certified, "{f:?}");
        let [lo, hi] = f.certificate.distance_bounds;
        assert!(
            lo <= expected + 1e-12 && expected <= hi + 1e-12,
            "{expected} outside {lo}..{hi}"
        );
        assert!(
            (distance - expected).abs() <= 1e-9 * expected,
            "{distance} vs {expected}"
        );
        let trace = gjk::trace(&a, &b, &closed());
        assert_eq!(trace.finish, f, "the trace is the answer");
        if f.termination.name() == "closed_form" {
            answered += 1;
            assert_eq!(f.iterations, 0);
            assert_eq!(trace.steps.len(), 1, "one step");
            // The surfaces' points lie on the cores' closest line, a radius out.
            let n = (cb - ca) / ca.distance(cb);
            assert!(
                point_a.distance(ca + n * (ra + a.margin)) <= 1e-6,
                "{point_a} vs {ca}"
            );
            assert!(
                point_b.distance(cb - n * (rb + b.margin)) <= 1e-6,
                "{point_b} vs {cb}"
            );
        }
        let gjk = gjk::solve(&a, &b, &split());
        assert_ne!(gjk.termination.name(), "closed_form");
        let [glo, ghi] = gjk.certificate.distance_bounds;
        assert!(gjk.certificate.certified, "{gjk:?}");
        assert!(
            glo <= hi && lo <= ghi,
            "closed [{lo}, {hi}] vs GJK [{glo}, {ghi}]"
        );
    }
    println!("{answered} of {checked} separated pairs answered in closed form");
    assert_eq!(
        answered, checked,
        "every separated pair is tight enough to certify"
    );
}

/// Two unit spheres 3 apart on a tilted line: 1 apart, to the last bits, and the closest points
/// on the line between the centres.
#[test]
fn two_spheres_in_closed_form_are_exact() {
    let (ca, cb) = (
        DVec3::new(0.5, -1.0, 2.0),
        DVec3::new(0.5, 1.0, 2.0 + 5f64.sqrt()),
    );
    let f = gjk::solve(&sphere(1.0, ca), &sphere(1.0, cb), &closed());
    assert_eq!(f.termination.name(), "closed_form");
    let n = (cb - ca) / 3.0;
    let (distance, point_a, point_b) = apart(&f);
    assert!((distance - 1.0).abs() <= 4.0 * f64::EPSILON, "{distance}");
    assert!(point_a.distance(ca + n) <= 1e-15 && point_b.distance(cb - n) <= 1e-15);
}

/// Where the closed form does not answer, GJK does: cores that cross (their depth is EPA's).
#[test]
fn crossing_cores_go_through_gjk() {
    let across = DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2);
    let (a, b) = (
        capsule(1.0, 0.2, DVec3::ZERO, DQuat::IDENTITY),
        capsule(1.0, 0.2, DVec3::new(0.0, 0.0, 0.0), across),
    );
    let f = gjk::solve(&a, &b, &closed());
    assert_ne!(f.termination.name(), "closed_form");
    assert_eq!(f.radii.expect("split").case, CoreCase::CoresOverlap);
}

/// In f32 the closed form is worked in f32, and its bounds allow for f32's rounding: on
/// random separated spheres and capsules they hold the exact (f64) distance, and are as
/// tight as f32's tolerance asks.
#[test]
fn f32_closed_forms_are_worked_in_f32_and_bound_the_exact_distance() {
    let f32 = SolverConfig {
        radii: Radii::Closed,
        ..SolverConfig::default_for(gjk::Algorithm::Distance, gjk::Precision::F32)
    };
    let (a, b) = (sphere(0.5, DVec3::ZERO), sphere(0.5, DVec3::X * 2.0));
    let f = gjk::solve(&a, &b, &f32);
    assert_eq!(f.termination.name(), "closed_form");
    assert!((f.outcome.distance().expect("apart") - 1.0).abs() <= 1e-6);
    let mut rng = Rng::new(79);
    let (mut answered, mut inexact) = (0, 0);
    while answered < 2_000 {
        let (a, b) = round_pair(&mut rng);
        let exact = gjk::solve(&a, &b, &closed());
        let (Some(truth), "closed_form") = (exact.outcome.distance(), exact.termination.name())
        else {
            continue;
        };
        let f = gjk::solve(&a, &b, &f32);
        if f.termination.name() != "closed_form" {
            continue;
        }
        answered += 1;
        let [lo, hi] = f.certificate.distance_bounds;
        assert!(lo <= truth && truth <= hi, "{truth} outside [{lo}, {hi}]");
        assert!(f.certificate.certified, "{f:?}");
        let distance = f.outcome.distance().expect("apart");
        assert!(
            (distance - truth).abs() <= 1e-5 * truth.max(1.0),
            "{distance} vs {truth}"
        );
        inexact += usize::from(distance != truth);
    }
    // Worked in f32, not f64 rounded at the end.
    assert!(inexact > 1_000, "{inexact}");
}

/// The boolean question on spheres and capsules, `radii: closed`: decided from the cores'
/// closed form, never against boolean GJK on the whole shapes, and the same answer as the
/// distance query's (apart, or overlapping with the same depth); only where the cores cross
/// does boolean GJK run.
#[test]
fn the_boolean_question_on_spheres_and_capsules_is_answered_in_closed_form() {
    let boolean = |radii| SolverConfig {
        radii,
        ..SolverConfig::default_for(gjk::Algorithm::Boolean, gjk::Precision::F64)
    };
    let mut rng = Rng::new(78);
    let (mut disjoint, mut overlapping, mut by_gjk) = (0, 0, 0);
    for _ in 0..4_000 {
        let (a, b) = round_pair(&mut rng);
        let f = gjk::solve(&a, &b, &boolean(Radii::Closed));
        let folded = gjk::solve(&a, &b, &boolean(Radii::Folded));
        let distance = gjk::solve(&a, &b, &closed());
        if f.termination.name() != "closed_form" {
            by_gjk += 1;
            assert_eq!(f.radii, None, "boolean GJK runs on the whole shapes");
            continue;
        }
        assert_eq!(f.certificate, distance.certificate);
        assert!(f.certificate.intersecting.is_some(), "{f:?}");
        if let (Some(x), Some(y)) = (f.certificate.intersecting, folded.certificate.intersecting) {
            assert_eq!(x, y, "{f:?} against {folded:?}");
        }
        match f.outcome {
            Outcome::Disjoint => {
                disjoint += 1;
                assert!(matches!(distance.outcome, Outcome::Separated { .. }));
            }
            Outcome::Intersecting => {
                overlapping += 1;
                assert_eq!(f.penetration, distance.penetration);
            }
            other => panic!("{other:?}"),
        }
    }
    println!("{disjoint} disjoint, {overlapping} overlapping, {by_gjk} by boolean GJK");
    assert!(
        disjoint > 1000 && overlapping > 300,
        "{disjoint}/{overlapping}"
    );
}
