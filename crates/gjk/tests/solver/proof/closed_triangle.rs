//! A sphere's or a capsule's core against a triangle, in closed form (`radii: closed`): the
//! seven regions of a triangle analytically, the random pairs beside parry's closed form (a
//! ball) and our own GJK on the same pair, f32's bounds, and what is left to GJK (a flat
//! triangle, a segment through the face).

use super::radii::{apart, capsule, closed, sphere, split};
use crate::solver::common::{Rng, at};
use gjk::tools::reference::to_parry;
use gjk::{BodySpec, Radii, Shape, SolverConfig};
use glam::{DQuat, DVec3};
use parry3d_f64::math::{Pose, Vector};
use parry3d_f64::shape::Triangle as ParryTriangle;

/// A triangle of `corners` placed at `position`, turned by `rotation`.
fn triangle(corners: [DVec3; 3], position: DVec3, rotation: DQuat) -> BodySpec {
    BodySpec {
        rotation,
        ..at(
            Shape::Polytope {
                vertices: corners.to_vec(),
            },
            position,
        )
    }
}

/// The triangle's corners in the world.
fn placed(t: &BodySpec) -> [DVec3; 3] {
    let Shape::Polytope { vertices } = &t.shape else {
        unreachable!("triangles only")
    };
    [0, 1, 2].map(|i| t.position + t.rotation * vertices[i])
}

/// The triangle (0,0,0), (4,0,0), (0,4,0), in the plane z = 0.
fn right_triangle() -> BodySpec {
    triangle(
        [
            DVec3::ZERO,
            DVec3::new(4.0, 0.0, 0.0),
            DVec3::new(0.0, 4.0, 0.0),
        ],
        DVec3::ZERO,
        DQuat::IDENTITY,
    )
}

/// A random triangle about a random point, sides 0.2–2.
fn random_triangle(rng: &mut Rng) -> BodySpec {
    let centre = rng.vec(-2.0, 2.0);
    let corners = [0, 1, 2].map(|_| rng.vec(-1.0, 1.0));
    BodySpec {
        margin: if rng.pick(4) == 0 {
            rng.range(0.0, 0.2)
        } else {
            0.0
        },
        ..triangle(corners, centre, rng.rotation())
    }
}

/// A ball or a capsule, at random, sometimes with a margin.
fn random_round(rng: &mut Rng) -> BodySpec {
    let body = if rng.pick(2) == 0 {
        sphere(rng.range(0.1, 0.8), rng.vec(-2.5, 2.5))
    } else {
        capsule(
            rng.range(0.1, 1.0),
            rng.range(0.1, 0.6),
            rng.vec(-2.5, 2.5),
            rng.rotation(),
        )
    };
    BodySpec {
        margin: if rng.pick(4) == 0 {
            rng.range(0.0, 0.2)
        } else {
            0.0
        },
        ..body
    }
}

/// A unit ball 2 above the plane z = 0 over each of the seven regions of the triangle
/// (0,0,0), (4,0,0), (0,4,0): over the face it is 1 apart; off a corner or an edge, the
/// distance in the plane and the height together, less the radius. Every one is answered in
/// closed form, exact to a few ulps, with its nearest point on the triangle.
#[test]
fn a_ball_over_each_region_of_a_triangle_is_answered_exactly() {
    let t = right_triangle();
    // (the ball's centre's foot in z = 0, the nearest point of the triangle)
    let regions = [
        (DVec3::new(1.0, 1.0, 0.0), DVec3::new(1.0, 1.0, 0.0)), // the face
        (DVec3::new(-1.0, -2.0, 0.0), DVec3::ZERO),             // corner A
        (DVec3::new(6.0, -1.0, 0.0), DVec3::new(4.0, 0.0, 0.0)), // corner B
        (DVec3::new(-1.0, 5.0, 0.0), DVec3::new(0.0, 4.0, 0.0)), // corner C
        (DVec3::new(2.0, -3.0, 0.0), DVec3::new(2.0, 0.0, 0.0)), // edge AB
        (DVec3::new(-3.0, 1.5, 0.0), DVec3::new(0.0, 1.5, 0.0)), // edge AC
        (DVec3::new(3.0, 3.0, 0.0), DVec3::new(2.0, 2.0, 0.0)), // edge BC
    ];
    for (foot, nearest) in regions {
        let centre = foot + DVec3::Z * 2.0;
        let f = gjk::solve(&sphere(1.0, centre), &t, &closed());
        assert_eq!(f.termination.name(), "closed_form", "{foot}: {f:?}");
        assert!(f.certificate.certified, "{foot}: {f:?}");
        let (distance, point_a, point_b) = apart(&f);
        let truth = centre.distance(nearest) - 1.0;
        assert!(
            (distance - truth).abs() <= 8.0 * f64::EPSILON * (1.0 + truth),
            "{foot}: {distance} vs {truth}"
        );
        let [lo, hi] = f.certificate.distance_bounds;
        assert!(
            lo <= truth && truth <= hi,
            "{foot}: {truth} outside [{lo}, {hi}]"
        );
        assert!(
            point_b.distance(nearest) <= 1e-14,
            "{foot}: {point_b} vs {nearest}"
        );
        let out = (centre - nearest).normalize();
        assert!(point_a.distance(centre - out) <= 1e-14, "{foot}: {point_a}");
    }
}

/// A capsule lying across an edge, above it, and one standing on the face: the closest pair
/// is a segment's point and an edge's (the five candidates' edge case), or an end and the face.
#[test]
fn a_capsule_over_a_triangle_is_answered_exactly() {
    let t = right_triangle();
    // Along x, 0.5 over the plane and 1 beyond edge AB (y = −1): the edge's nearest points
    // are 1 across and 0.5 down, √1.25 in all.
    let lying = capsule(
        1.0,
        0.25,
        DVec3::new(2.0, -1.0, 0.5),
        DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
    );
    // Upright over the face, its lower end 0.75 above it.
    let standing = capsule(
        1.0,
        0.25,
        DVec3::new(1.0, 1.0, 1.75),
        DQuat::from_rotation_x(std::f64::consts::FRAC_PI_2),
    );
    for (body, truth) in [(lying, 1.25f64.sqrt() - 0.25), (standing, 0.5)] {
        let f = gjk::solve(&body, &t, &closed());
        assert_eq!(f.termination.name(), "closed_form", "{f:?}");
        let (distance, _, _) = apart(&f);
        assert!((distance - truth).abs() <= 1e-14, "{distance} vs {truth}");
        // And the other way round: the triangle first.
        let g = gjk::solve(&t, &body, &closed());
        assert_eq!(g.termination.name(), "closed_form", "{g:?}");
        assert!((apart(&g).0 - truth).abs() <= 1e-14);
    }
}

/// Random balls and capsules against random triangles, apart by at least 1e-3: each is
/// answered in closed form, certified; a ball's distance lies within its bounds beside
/// parry's (which projects the point onto the triangle), and every pair's bounds meet the
/// bounds of GJK's run on the same cores (`radii: split`).
#[test]
fn random_rounds_against_triangles_agree_with_parry_and_gjk() {
    let mut rng = Rng::new(1303);
    let (mut checked, mut balls) = (0, 0);
    while checked < 4_000 {
        let (a, t) = (random_round(&mut rng), random_triangle(&mut rng));
        let reference = gjk::solve(&a, &t, &split());
        let Some(truth) = reference.outcome.distance().filter(|d| *d > 1e-3) else {
            continue;
        };
        checked += 1;
        let f = gjk::solve(&a, &t, &closed());
        assert_eq!(f.termination.name(), "closed_form", "{a:?} {t:?}: {f:?}");
        assert!(f.certificate.certified, "{f:?}");
        let [lo, hi] = f.certificate.distance_bounds;
        let [glo, ghi] = reference.certificate.distance_bounds;
        assert!(
            glo <= hi && lo <= ghi,
            "closed [{lo}, {hi}] vs GJK [{glo}, {ghi}]"
        );
        assert!((apart(&f).0 - truth).abs() <= 1e-9 * truth.max(1.0));
        let trace = gjk::trace(&a, &t, &closed());
        assert_eq!(trace.finish, f, "the trace is the answer");
        assert_eq!(trace.steps.len(), 1, "one step");
        if let Shape::Sphere { .. } = a.shape {
            balls += 1;
            let (pose, ball) = to_parry(&a).expect("a ball");
            let [p, q, r] = placed(&t).map(|c| Vector::new(c.x, c.y, c.z));
            let theirs = parry3d_f64::query::distance(
                &pose,
                &*ball.0,
                &Pose::IDENTITY,
                &ParryTriangle::new(p, q, r),
            )
            .expect("a ball and a triangle")
            .distance
                - t.margin;
            assert!(
                lo - 1e-12 <= theirs && theirs <= hi + 1e-12,
                "parry's {theirs} outside [{lo}, {hi}]"
            );
        }
    }
    assert!(balls > 1_000, "{balls} balls");
}

/// In f32 the triangle's closed form is worked in f32, and its bounds hold the f64 answer.
/// Where f32's rounding leaves them too far apart for its tolerance (a segment nearly
/// parallel to an edge, whose closest points slide along both), GJK answers instead: a few
/// pairs in a hundred.
#[test]
fn f32_triangle_closed_forms_bound_the_exact_distance() {
    let f32 = SolverConfig {
        radii: Radii::Closed,
        ..SolverConfig::default_for(gjk::Algorithm::Distance, gjk::Precision::F32)
    };
    let mut rng = Rng::new(1304);
    let (mut tried, mut answered) = (0, 0);
    while tried < 2_000 {
        let (a, t) = (random_round(&mut rng), random_triangle(&mut rng));
        let exact = gjk::solve(&a, &t, &closed());
        let (Some(truth), "closed_form") = (exact.outcome.distance(), exact.termination.name())
        else {
            continue;
        };
        tried += 1;
        let f = gjk::solve(&a, &t, &f32);
        let [lo, hi] = f.certificate.distance_bounds;
        assert!(lo <= truth && truth <= hi, "{truth} outside [{lo}, {hi}]");
        answered += usize::from(f.termination.name() == "closed_form");
    }
    assert!(answered >= tried * 95 / 100, "{answered} of {tried}");
}

/// What the closed form leaves to GJK: a capsule's segment through the face (the cores
/// touch: the depth is EPA's). A flat triangle (its corners on one line) is the segment it
/// is, answered right and certified by whichever solver answers it.
#[test]
fn a_segment_through_the_face_goes_through_gjk_and_a_flat_triangle_is_a_segment() {
    let t = right_triangle();
    let through = capsule(
        1.0,
        0.25,
        DVec3::new(1.0, 1.0, 0.0),
        DQuat::from_rotation_x(std::f64::consts::FRAC_PI_2),
    );
    let f = gjk::solve(&through, &t, &closed());
    assert_ne!(f.termination.name(), "closed_form", "{f:?}");
    assert_eq!(f.intersecting(), Some(true));
    let flat = triangle(
        [
            DVec3::ZERO,
            DVec3::new(2.0, 0.0, 0.0),
            DVec3::new(4.0, 0.0, 0.0),
        ],
        DVec3::ZERO,
        DQuat::IDENTITY,
    );
    let f = gjk::solve(&sphere(0.5, DVec3::new(1.0, 2.0, 0.0)), &flat, &closed());
    assert!(f.certificate.certified, "{f:?}");
    assert!((apart(&f).0 - 1.5).abs() <= 1e-9);
}
