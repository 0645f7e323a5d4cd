//! Answers known in closed form, and the seed failure case.

use crate::solver::common::{Rng, at, cube};
use gjk::{Algorithm, BodySpec, GjkStop, Outcome, Precision, Shape, SolverConfig, Termination};
use glam::{DQuat, DVec3};

fn distance(a: &BodySpec, b: &BodySpec) -> Outcome {
    gjk::solve(a, b, &SolverConfig::default()).outcome
}

#[test]
fn sphere_sphere_distance_is_centre_distance_minus_radii() {
    let mut rng = Rng::new(1);
    let mut separated = 0;
    for _ in 0..2000 {
        let (r1, r2) = (rng.range(0.1, 2.0), rng.range(0.1, 2.0));
        let (c1, c2) = (rng.vec(-3.0, 3.0), rng.vec(-3.0, 3.0));
        let a = at(Shape::Sphere { radius: r1 }, c1);
        let b = at(Shape::Sphere { radius: r2 }, c2);
        let exact = (c2 - c1).length() - r1 - r2;
        match distance(&a, &b) {
            Outcome::Separated {
                distance,
                point_a,
                point_b,
            } => {
                separated += 1;
                assert!(
                    (distance - exact).abs() <= 1e-9 * exact,
                    "{distance} vs {exact}"
                );
                let n = (c2 - c1).normalize();
                assert!((point_a - (c1 + n * r1)).length() < 1e-4 * (1.0 + exact));
                assert!((point_b - (c2 - n * r2)).length() < 1e-4 * (1.0 + exact));
            }
            Outcome::Intersecting => {
                assert!(exact <= 1e-9, "said intersecting at distance {exact}")
            }
            other => panic!("distance GJK answered {other:?}"),
        }
    }
    // The cases must be representative: both answers well represented.
    assert!(
        (500..1900).contains(&separated),
        "{separated} separated of 2000"
    );
}

#[test]
fn axis_aligned_boxes() {
    let mut rng = Rng::new(2);
    for _ in 0..2000 {
        let (ha, hb) = (rng.vec(0.1, 1.5), rng.vec(0.1, 1.5));
        let (ca, cb) = (rng.vec(-4.0, 4.0), rng.vec(-4.0, 4.0));
        let a = at(Shape::Cuboid { half_extents: ha }, ca);
        let b = at(Shape::Cuboid { half_extents: hb }, cb);
        let gaps = ((cb - ca).abs() - ha - hb).max(DVec3::ZERO);
        let exact = gaps.length();
        match distance(&a, &b) {
            Outcome::Separated { distance, .. } => {
                assert!(
                    (distance - exact).abs() <= 1e-9 * exact + 1e-12,
                    "{distance} vs {exact}"
                )
            }
            Outcome::Intersecting => assert!(exact <= 1e-9),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn rotated_box_diamond_against_box() {
    // A 1×1×1 box turned 45° about z reaches √2/2 along x; the other box's face is at 2.5.
    let mut a = cube(0.5, DVec3::ZERO);
    a.rotation = DQuat::from_rotation_z(std::f64::consts::FRAC_PI_4);
    let b = cube(0.5, DVec3::new(3.0, 0.0, 0.0));
    let exact = 2.5 - 0.5 * 2f64.sqrt();
    let d = distance(&a, &b).distance().expect("separated");
    assert!((d - exact).abs() < 1e-12, "{d} vs {exact}");
}

#[test]
fn capsule_and_cylinder_side_by_side() {
    // Both upright: the gap is the centre distance minus the radii.
    let a = at(
        Shape::Capsule {
            half_height: 1.0,
            radius: 0.5,
        },
        DVec3::ZERO,
    );
    let b = at(
        Shape::Cylinder {
            half_height: 0.5,
            radius: 0.3,
        },
        DVec3::new(0.0, 0.2, 2.0),
    );
    let d = distance(&a, &b).distance().expect("separated");
    assert!((d - 1.2).abs() < 1e-9, "{d}");
}

#[test]
fn cone_apex_points_up() {
    let cone = at(
        Shape::Cone {
            half_height: 1.0,
            radius: 1.0,
        },
        DVec3::ZERO,
    );
    let ball = at(Shape::Sphere { radius: 0.5 }, DVec3::new(0.0, 3.0, 0.0));
    let d = distance(&cone, &ball).distance().expect("separated");
    assert!((d - 1.5).abs() < 1e-9, "{d}");
}

#[test]
fn margin_rounds_the_shape() {
    let mut a = cube(0.5, DVec3::ZERO);
    a.margin = 0.25;
    let b = cube(0.5, DVec3::new(2.0, 0.0, 0.0));
    let d = distance(&a, &b).distance().expect("separated");
    assert!((d - 0.75).abs() < 1e-9, "{d}");
}

/// The reader's case in Allen Chou's "Game Physics: Collision Detection – GJK": unit cubes at x = 0 and x = 0.9 overlap, and the origin of A ⊖ B lies
/// on the first simplex edge.
#[test]
fn seed_cubes_distance_reports_intersection() {
    let (a, b) = (cube(0.5, DVec3::ZERO), cube(0.5, DVec3::new(0.9, 0.0, 0.0)));
    for precision in [Precision::F64, Precision::F32] {
        let t = gjk::trace(
            &a,
            &b,
            &SolverConfig::default_for(Algorithm::Distance, precision),
        );
        assert_eq!(t.finish.outcome, Outcome::Intersecting, "{precision:?}");
        assert!(
            t.finish.iterations <= 3,
            "{} GJK steps",
            t.finish.iterations
        );
        // EPA then finds the 0.1 overlap along x.
        let p = t.finish.penetration.expect("EPA ran");
        assert!((p.depth - 0.1).abs() < 1e-5, "{precision:?}: {}", p.depth);
    }
}

#[test]
fn seed_cubes_boolean_stops_on_zero_direction() {
    let (a, b) = (cube(0.5, DVec3::ZERO), cube(0.5, DVec3::new(0.9, 0.0, 0.0)));
    let config = SolverConfig::default_for(Algorithm::Boolean, Precision::F64);
    let t = gjk::trace(&a, &b, &config);
    assert_eq!(
        t.finish.termination,
        Termination::Gjk(GjkStop::ZeroDirection { iteration: 2 })
    );
    assert_eq!(t.finish.outcome, Outcome::Intersecting);
    assert_eq!(t.finish.iterations, 2);
    assert!(t.steps[1].explanation().contains("zero"));
    assert!(
        t.steps[2..].iter().all(|s| s.phase.is_epa()),
        "EPA steps follow"
    );
}

#[test]
fn a_boolean_step_that_stops_before_the_point_joins_does_not_say_it_joined() {
    let sphere = |x: f64| at(Shape::Sphere { radius: 1.0 }, DVec3::new(x, 0.0, 0.0));
    // Folded: boolean GJK on the whole balls (closed, their centres would answer it).
    let config = SolverConfig {
        radii: gjk::Radii::Folded,
        ..SolverConfig::default_for(Algorithm::Boolean, Precision::F64)
    };
    let t = gjk::trace(&sphere(0.0), &sphere(3.0), &config);
    let last = t.steps.last().expect("steps").explanation();
    assert!(matches!(
        t.finish.termination,
        Termination::Gjk(GjkStop::NotPastOrigin { .. })
    ));
    assert!(
        last.starts_with("The new support point w is tested"),
        "{last}"
    );
    assert!(!last.contains("passes the origin"), "{last}");
}

#[test]
fn boolean_finds_tetrahedron_and_separation() {
    let config = SolverConfig::default_for(Algorithm::Boolean, Precision::F64);
    let mut b = cube(0.5, DVec3::new(0.3, 0.2, 0.1));
    b.rotation = DQuat::from_rotation_y(0.3);
    let t = gjk::trace(&cube(0.5, DVec3::ZERO), &b, &config);
    assert!(
        matches!(
            t.finish.termination,
            Termination::Gjk(GjkStop::IntersectionFound { .. })
        ),
        "{:?}",
        t.finish
    );
    let last_gjk = &t.steps[t.finish.iterations as usize - 1];
    assert_eq!(last_gjk.kept.len(), 4);

    let far = cube(0.5, DVec3::new(3.0, 0.4, 0.0));
    let t = gjk::trace(&cube(0.5, DVec3::ZERO), &far, &config);
    assert_eq!(t.finish.outcome, Outcome::Disjoint);
    assert!(
        matches!(t.finish.termination, Termination::Gjk(GjkStop::NotPastOrigin { dot }) if dot < 0.0)
    );
}

#[test]
fn boolean_on_flat_difference_is_undecided_not_stuck() {
    // Two coplanar triangles that overlap: A ⊖ B is flat, no tetrahedron can enclose the origin.
    let tri = |dx: f64| {
        at(
            Shape::Polytope {
                vertices: vec![
                    DVec3::new(0.0, 0.0, 0.0),
                    DVec3::new(1.0, 0.0, 0.0),
                    DVec3::new(0.0, 1.0, 0.0),
                ],
            },
            DVec3::new(dx, 0.1, 0.0),
        )
    };
    let config = SolverConfig::default_for(Algorithm::Boolean, Precision::F64);
    let t = gjk::trace(&tri(0.0), &tri(0.2), &config);
    assert!(t.steps.len() < 64);
    assert!(
        matches!(
            t.finish.termination,
            Termination::Gjk(GjkStop::DegenerateSimplex { .. } | GjkStop::ZeroDirection { .. })
        ),
        "{:?}",
        t.finish
    );
    // The distance algorithm has no such trouble: the triangles overlap.
    let t = gjk::trace(&tri(0.0), &tri(0.2), &SolverConfig::default());
    assert_eq!(t.finish.outcome, Outcome::Intersecting);
}

#[test]
fn step_records_are_consistent() {
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        let a = crate::solver::common::body(&mut rng, "polytope");
        let b = crate::solver::common::body(&mut rng, "capsule");
        let t = gjk::trace(&a, &b, &SolverConfig::default());
        assert_eq!(
            t.steps.len() as u32,
            t.finish.iterations + t.finish.epa_iterations
        );
        let gjk_steps = &t.steps[..t.finish.iterations as usize];
        for (k, s) in gjk_steps.iter().enumerate() {
            assert_eq!(s.iteration as usize, k + 1);
            assert!(!s.explanation().is_empty());
            if k > 0 {
                assert_eq!(s.simplex_before(), &t.steps[k - 1].simplex_after()[..]);
            }
            // The region drawn for the chosen feature holds the origin (up to rounding).
            for h in &gjk::simplex::voronoi::step_region(s) {
                assert!(h.normal.dot(DVec3::ZERO) >= h.offset - 1e-9, "{h:?}");
            }
        }
        assert_eq!(
            gjk_steps.last().unwrap().termination,
            Some(t.finish.termination)
        );
        assert_eq!(
            t.steps.last().unwrap().termination,
            t.finish
                .epa_termination
                .map(Into::into)
                .or(Some(t.finish.termination))
        );
    }
}

/// The state machines step one iteration at a time: the records match a whole traced run, and
/// asking a finished run again returns its answer instead of stepping on.
#[test]
fn stepping_by_hand_matches_the_traced_run() {
    use gjk::{Body, BooleanGjk, DistanceGjk, MinkowskiDifference, Steppable};
    let a = crate::solver::common::body(&mut Rng::new(4), "polytope");
    let b = crate::solver::common::body(&mut Rng::new(5), "capsule");
    for algorithm in Algorithm::ALL {
        // The whole bodies, stepped as they are (not split into cores and radii).
        let config = SolverConfig {
            radii: gjk::Radii::Folded,
            ..SolverConfig::default_for(algorithm, Precision::F64)
        };
        let whole = gjk::trace(&a, &b, &config);
        let (ba, bb) = (
            Body::<f64>::prepared(
                &gjk::PreparedShape::new(a.shape.clone()),
                a.pose(),
                a.margin,
            ),
            Body::<f64>::prepared(
                &gjk::PreparedShape::new(b.shape.clone()),
                b.pose(),
                b.margin,
            ),
        );
        let cso = MinkowskiDifference::new(&ba, &bb);
        let mut by_hand = Vec::new();
        let mut recorder = gjk::Recorder::default();
        let finish = match algorithm {
            Algorithm::Distance | Algorithm::SignedVolumes => {
                let mut gjk = DistanceGjk::new(cso, &config);
                while let Some(s) = gjk.step(&mut recorder) {
                    by_hand.push(s.clone());
                }
                assert_eq!(gjk.run_traced(&mut gjk::NoTrace), gjk.finish().unwrap());
                gjk.finish().unwrap()
            }
            Algorithm::Boolean => {
                let mut gjk = BooleanGjk::new(cso, &config);
                while let Some(s) = gjk.step(&mut recorder) {
                    by_hand.push(s.clone());
                }
                assert_eq!(gjk.run_traced(&mut gjk::NoTrace), gjk.finish().unwrap());
                gjk.finish().unwrap()
            }
        };
        // In a query, what a phase proved is said once, by the trace's last step: GJK's last
        // step says it only where no EPA followed.
        let n = whole.finish.iterations as usize;
        if whole.steps.len() > n {
            by_hand.last_mut().unwrap().certificate = None;
        }
        assert_eq!(by_hand, whole.steps[..n]);
        assert_eq!(finish.termination, whole.finish.termination);
    }
}

/// A box 5e-4 over the top face of a cube-shaped hull: the distance is 5e-4, certified. GJK's
/// own plane there is only as good as the direction of v, a vector 5e-4 long computed from
/// points of the bodies' size, and fell 7e-13 short of the relative tolerance's 5e-13; the
/// plane along the final triangle's normal (a face of A ⊖ B) proves it to rounding.
#[test]
fn a_box_just_over_a_hull_is_certified_apart() {
    let corners: Vec<DVec3> = (0..8)
        .map(|i| {
            DVec3::new(
                if i & 1 == 0 { -1.0 } else { 1.0 },
                if i & 2 == 0 { -1.0 } else { 1.0 },
                if i & 4 == 0 { -1.0 } else { 1.0 },
            )
        })
        .collect();
    let hull = at(Shape::Polytope { vertices: corners }, DVec3::ZERO);
    let lid = cube(0.5, DVec3::new(0.2, 1.5005, 0.1));
    let finish = gjk::solve(&hull, &lid, &SolverConfig::default());
    let c = finish.certificate;
    let d = finish.outcome.distance().unwrap();
    assert!((d - 5e-4).abs() < 1e-12, "{finish:?}");
    assert_eq!(c.intersecting, Some(false));
    assert!(c.certified, "{finish:?}");
}
