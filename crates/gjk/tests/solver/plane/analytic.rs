//! Answers in the plane that can be worked out by hand, and the teaching truth of every
//! recorded step: the point a step names as closest is the point of its simplex nearest the
//! origin, found by brute force over every face of the simplex.

use super::common::{KINDS, body, plane};
use crate::solver::common::Rng;
use gjk::config::Dimension;
use gjk::{Algorithm, BodySpec, GjkStop, Outcome, Shape, Termination};
use glam::{DQuat, DVec3};

fn square(half_x: f64, half_y: f64, x: f64, y: f64) -> BodySpec {
    BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::new(half_x, half_y, 0.0),
        },
        position: DVec3::new(x, y, 0.0),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    }
}

fn circle(radius: f64, x: f64, y: f64) -> BodySpec {
    BodySpec {
        shape: Shape::Sphere { radius },
        ..square(0.0, 0.0, x, y)
    }
}

#[test]
fn two_squares_side_by_side_are_their_gap_apart() {
    // Allen Chou's two cubes, as squares: the faces x = 1 and x = 2 face each other.
    for algorithm in [Algorithm::Distance, Algorithm::SignedVolumes] {
        let f = gjk::solve(
            &square(1.0, 1.0, 0.0, 0.0),
            &square(1.0, 1.0, 3.0, 0.5),
            &plane(algorithm),
        );
        let Outcome::Separated {
            distance,
            point_a,
            point_b,
        } = f.outcome
        else {
            panic!("{f:?}")
        };
        assert!((distance - 1.0).abs() < 1e-12, "{distance}");
        assert!((point_a.x - 1.0).abs() < 1e-12 && (point_b.x - 2.0).abs() < 1e-12);
        assert!(f.certificate.certified, "{f:?}");
    }
}

#[test]
fn circles_are_their_centres_apart_less_their_radii() {
    let f = gjk::solve(
        &circle(0.5, 0.0, 0.0),
        &circle(1.0, 3.0, 4.0),
        &plane(Algorithm::Distance),
    );
    let Outcome::Separated { distance, .. } = f.outcome else {
        panic!("{f:?}")
    };
    assert!((distance - 3.5).abs() < 1e-9, "{distance}");
}

#[test]
fn overlapping_squares_are_pushed_apart_along_the_shallow_axis() {
    let f = gjk::solve(
        &square(1.0, 1.0, 0.0, 0.0),
        &square(1.0, 1.0, 1.5, 0.2),
        &plane(Algorithm::Distance),
    );
    assert_eq!(f.outcome, Outcome::Intersecting);
    let p = f.penetration.expect("a depth");
    assert!((p.depth - 0.5).abs() < 1e-12, "{p:?}");
    assert!((p.normal - DVec3::X).length() < 1e-12, "{p:?}");
    assert!(p.certified, "{p:?}");
    // The triangle that encloses the origin is the plane's full simplex: overlap is proven.
    assert!(
        matches!(
            f.termination,
            Termination::Gjk(GjkStop::IntersectionFound { .. })
        ),
        "{f:?}"
    );
    assert_eq!(f.certificate.intersecting, Some(true));
}

#[test]
fn overlapping_circles_are_as_deep_as_their_radii_exceed_their_distance() {
    // Folded radii: EPA grows a polygon round the curved boundary until its edge is within
    // the tolerance.
    let config = gjk::SolverConfig {
        radii: gjk::Radii::Folded,
        ..plane(Algorithm::Distance)
    };
    let f = gjk::solve(&circle(1.0, 0.0, 0.0), &circle(1.0, 1.2, 0.9), &config);
    let p = f.penetration.expect("a depth");
    let [lower, upper] = p.depth_bounds.expect("bounds");
    assert!(lower <= 0.5 && 0.5 <= upper, "{p:?}");
    assert!((p.depth - 0.5).abs() <= 1e-6 * 0.5 + 1e-12, "{p:?}");
    assert!(p.normal.z == 0.0 && (p.normal - DVec3::new(0.8, 0.6, 0.0)).length() < 1e-3);
}

#[test]
fn squares_edge_to_edge_touch_with_no_depth() {
    let f = gjk::solve(
        &square(1.0, 1.0, 0.0, 0.0),
        &square(1.0, 1.0, 2.0, 0.3),
        &plane(Algorithm::Distance),
    );
    assert_eq!(f.outcome, Outcome::Intersecting, "{f:?}");
    let p = f.penetration.expect("a depth");
    assert!(p.depth.abs() < 1e-9, "{p:?}");
}

/// The point of the convex hull of `points` (at most three, in the plane) nearest the origin,
/// by brute force: the origin's projection onto every vertex, edge and the triangle, kept
/// where it falls inside.
fn nearest_by_brute_force(points: &[DVec3]) -> DVec3 {
    let mut best = points[0];
    let mut consider = |p: DVec3| {
        if p.length() < best.length() {
            best = p;
        }
    };
    for &p in points {
        consider(p);
    }
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            let (p, q) = (points[i], points[j]);
            let t = -p.dot(q - p) / (q - p).length_squared();
            if (0.0..=1.0).contains(&t) {
                consider(p + (q - p) * t);
            }
        }
    }
    if points.len() == 3 {
        let [a, b, c] = [points[0], points[1], points[2]];
        let side = |p: DVec3, q: DVec3| (q - p).cross(-p).z;
        let s = [side(a, b), side(b, c), side(c, a)];
        if s.iter().all(|&x| x >= 0.0) || s.iter().all(|&x| x <= 0.0) {
            consider(DVec3::ZERO);
        }
    }
    best
}

#[test]
fn every_recorded_step_names_the_point_of_its_simplex_nearest_the_origin() {
    let mut rng = Rng::new(99);
    let mut checked = 0;
    for _ in 0..3_000 {
        let (ka, kb) = (rng.pick(4), rng.pick(4));
        let (a, b) = (body(&mut rng, KINDS[ka]), body(&mut rng, KINDS[kb]));
        for algorithm in [Algorithm::Distance, Algorithm::SignedVolumes] {
            let trace = gjk::trace(&a, &b, &plane(algorithm));
            for step in trace.steps.iter().filter(|s| !s.phase.is_epa()) {
                let (Some(closest), Some(feature)) = (step.closest, &step.feature) else {
                    continue;
                };
                let points: Vec<DVec3> = step.candidate.iter().map(|v| v.point).collect();
                assert!(
                    points.len() <= 3,
                    "a simplex in the plane has at most three points"
                );
                assert!(points.iter().all(|p| p.z == 0.0));
                let truth = nearest_by_brute_force(&points);
                let scale = points.iter().map(|p| p.length()).fold(1.0, f64::max);
                assert!(
                    (closest - truth).length() <= 1e-9 * scale,
                    "step {}: recorded {closest}, nearest {truth}, simplex {points:?}",
                    step.iteration
                );
                // The kept feature holds the nearest point: its points' hull is as near.
                let kept: Vec<DVec3> = feature.vertices.iter().map(|&i| points[i]).collect();
                let kept_nearest = nearest_by_brute_force(&kept);
                assert!(
                    (kept_nearest - truth).length() <= 1e-9 * scale,
                    "step {}",
                    step.iteration
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn the_plane_is_the_default_nowhere() {
    // A query says it is in the plane; everything else is in space.
    assert_eq!(gjk::SolverConfig::default().dimension, Dimension::Three);
    assert_eq!(
        gjk::Scenario::new("s", circle(1.0, 0.0, 0.0), circle(1.0, 3.0, 0.0)).dimension,
        Dimension::Three
    );
}
