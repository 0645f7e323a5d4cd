//! Cases brought from an engine: parry shapes of every convex kind, at random poses, turned
//! into scenario files, read back and solved. The file must describe the very shapes parry
//! held (the same support value in every direction), and our answer must agree with parry's
//! unless our proven bounds show parry wrong.

use crate::solver::common::Rng;
use gjk::tools::reference::scenario_from_parry;
use gjk::{Body, Format, Outcome, PreparedShape, Scenario, SolverConfig};
use glam::DVec3;
use parry3d_f64::math::{Pose, Rotation, Vector};
use parry3d_f64::query;
use parry3d_f64::shape::SharedShape;

/// One shape of each convex kind parry has, centred near its origin.
fn kinds() -> Vec<(&'static str, SharedShape)> {
    let v = Vector::new;
    let hull = [
        v(0.4, 0.0, 0.0),
        v(-0.3, 0.2, 0.1),
        v(0.0, -0.4, 0.3),
        v(0.1, 0.3, -0.4),
        v(-0.2, -0.1, -0.3),
    ];
    vec![
        ("ball", SharedShape::ball(0.4)),
        ("cuboid", SharedShape::cuboid(0.3, 0.2, 0.5)),
        // A capsule on a segment that is not the Y axis, off the origin.
        (
            "capsule",
            SharedShape::capsule(v(0.1, -0.2, 0.3), v(0.5, 0.4, -0.1), 0.2),
        ),
        ("cylinder", SharedShape::cylinder(0.4, 0.3)),
        ("cone", SharedShape::cone(0.4, 0.35)),
        (
            "convex hull",
            SharedShape::convex_hull(&hull).expect("a hull"),
        ),
        ("triangle", SharedShape::triangle(hull[0], hull[1], hull[2])),
        ("segment", SharedShape::segment(hull[0], hull[3])),
        (
            "round cuboid",
            SharedShape::round_cuboid(0.3, 0.2, 0.25, 0.1),
        ),
        (
            "round cylinder",
            SharedShape::round_cylinder(0.3, 0.25, 0.1),
        ),
        ("round cone", SharedShape::round_cone(0.3, 0.3, 0.1)),
        (
            "round convex hull",
            SharedShape::round_convex_hull(&hull, 0.1).expect("a hull"),
        ),
    ]
}

fn pose(rng: &mut Rng, near: Vector) -> Pose {
    let q = rng.rotation();
    let p = rng.vec(-0.3, 0.3);
    Pose::from_parts(
        near + Vector::new(p.x, p.y, p.z),
        Rotation::from_xyzw(q.x, q.y, q.z, q.w),
    )
}

#[test]
fn parry_shapes_of_every_kind_round_trip_through_the_file_and_the_solver() {
    let mut rng = Rng::new(41);
    let shapes = kinds();
    let (mut pairs, mut parry_outside_our_bounds) = (0, 0);
    for (name_a, sa) in &shapes {
        for (name_b, sb) in &shapes {
            let (pa, pb) = (
                pose(&mut rng, Vector::ZERO),
                pose(&mut rng, Vector::new(1.8, 0.2, 0.0)),
            );
            let case = format!("{name_a} vs {name_b}");
            let scenario = scenario_from_parry(&case, (&pa, &*sa.0), (&pb, &*sb.0))
                .unwrap_or_else(|e| panic!("{case}: {e}"));
            // Through the file format and back.
            let text = serde_json::to_string_pretty(&scenario).expect("scenarios serialise");
            let read =
                Scenario::parse(&text, Format::Json).unwrap_or_else(|e| panic!("{case}: {e}"));
            assert_eq!(read, scenario, "{case}: the file reads back as written");
            // The file holds parry's shapes: the same support value in every direction.
            for (spec, shape, pose) in [(&read.a, sa, &pa), (&read.b, sb, &pb)] {
                let ours = Body::<f64>::prepared(
                    &PreparedShape::new(spec.shape.clone()),
                    spec.pose(),
                    spec.margin,
                );
                let theirs = shape.as_support_map().expect("a convex shape");
                for _ in 0..50 {
                    let d = rng.vec(-1.0, 1.0).normalize_or(DVec3::X);
                    let p = theirs.support_point(pose, Vector::new(d.x, d.y, d.z));
                    let gap = d.dot(ours.support(d)) - d.dot(DVec3::new(p.x, p.y, p.z));
                    assert!(
                        gap.abs() <= 1e-12,
                        "{case}: supports differ by {gap:e} along {d}"
                    );
                }
            }
            let theirs = query::distance(&pa, &*sa.0, &pb, &*sb.0)
                .expect("convex")
                .distance;
            // And we agree with parry, unless our proven bounds show parry wrong.
            let finish = gjk::solve(&read.a, &read.b, &SolverConfig::default());
            let Outcome::Separated { distance, .. } = finish.outcome else {
                panic!("{case}: apart by {theirs}, we say {:?}", finish.outcome);
            };
            let [lower, upper] = finish.certificate.distance_bounds;
            assert!(finish.certificate.certified, "{case}: not certified");
            // Where we differ by more than parry's own tolerance, our proven bounds (points of
            // the shapes that far apart; a separating plane) must show parry's answer wrong.
            if (theirs - distance).abs() > 1e-6 * distance {
                assert!(
                    theirs < lower || theirs > upper,
                    "{case}: parry {theirs}, ours {distance} in [{lower}, {upper}]"
                );
                parry_outside_our_bounds += 1;
            }
            pairs += 1;
        }
    }
    assert_eq!(pairs, 144);
    println!(
        "{pairs} pairs; parry off by more than 1e-6 and outside our proven bounds on {parry_outside_our_bounds}"
    );
}

#[test]
fn a_shape_that_is_not_one_convex_piece_is_refused_by_name() {
    let mesh = SharedShape::halfspace(Vector::Y);
    let ball = SharedShape::ball(1.0);
    let e = scenario_from_parry(
        "x",
        (&Pose::IDENTITY, &*mesh.0),
        (&Pose::IDENTITY, &*ball.0),
    )
    .expect_err("a half-space is not a convex piece GJK can take");
    assert!(
        e.starts_with("a: parry's HalfSpace is not one convex shape"),
        "{e}"
    );
}
