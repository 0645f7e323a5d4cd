//! A captured case's engine answer: kept through the file in space and in the plane, refused
//! by field when it is not finite, and read against the proven bounds: inside them, outside by
//! no more than the engine's f32 rounding, or outside by more (the engine is wrong).

use crate::solver::common::Rng;
use gjk::scenario::engine::{
    Agreement, EngineAnswer, EngineCast, EngineContact, EnginePoint, PoseSource, SignedBounds,
    engine_rounding,
};
use gjk::{BodySpec, CastSpec, Format, Precision, Scenario, Shape, SolverSpec};
use glam::{DQuat, DVec3};

/// A ball of radius 0.5 whose centre is `height` above a slab's top face at y = 0.5.
fn ball_on_slab(height: f64) -> Scenario {
    let slab = BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::new(2.0, 0.5, 2.0),
        },
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let ball = BodySpec {
        shape: Shape::Sphere { radius: 0.5 },
        position: DVec3::new(0.3, 0.5 + height, -0.2),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let mut s = Scenario::new("ball on slab", ball, slab);
    s.solver = SolverSpec {
        precision: Precision::F32,
        ..SolverSpec::default()
    };
    s
}

/// The engine's answer: one point with this separation, normal from the ball down.
fn said(separation: f64) -> EngineAnswer {
    EngineAnswer {
        engine: "test engine".into(),
        routine: None,
        poses: PoseSource::Recomputed,
        contact: Some(EngineContact {
            normal: DVec3::NEG_Y,
            points: vec![EnginePoint {
                point_a: DVec3::new(0.3, 0.5 - separation, -0.2),
                point_b: DVec3::new(0.3, 0.5, -0.2),
                separation,
            }],
        }),
        cast: None,
    }
}

fn proven(s: &Scenario) -> SignedBounds {
    let finish = gjk::solve(&s.a, &s.b, &s.config());
    SignedBounds::of(&finish)
}

fn check(s: &Scenario) -> Agreement {
    let finish = gjk::solve(&s.a, &s.b, &s.config());
    s.engine_check(&finish).expect("an engine answer").agreement
}

#[test]
fn a_contact_reads_inside_within_rounding_or_outside_the_proven_bounds() {
    // The ball's centre 0.49 above the face: 0.01 deep.
    let mut s = ball_on_slab(0.49);
    s.engine = Some(said(-0.01));
    assert_eq!(check(&s), Agreement::Inside);
    // Below the proven bounds by a few f32 units at this case's magnitude (its reach is the
    // slab's, ~2.9).
    let rounding = engine_rounding(&s.a, &s.b);
    assert!((1e-6..1e-5).contains(&rounding), "{rounding}");
    let lower = proven(&s).lower.expect("an overlap's depth is bounded");
    assert!((lower + 0.01).abs() < 1e-4, "{lower}");
    s.engine = Some(said(lower - rounding / 2.0));
    assert!(
        matches!(check(&s), Agreement::WithinRounding { by, .. } if by > 0.0 && by <= rounding),
        "{:?}",
        check(&s)
    );
    // Twice as deep as it is: proven wrong.
    s.engine = Some(said(-0.02));
    assert!(
        matches!(check(&s), Agreement::Outside { by, .. } if (by - 0.01).abs() < 1e-4),
        "{:?}",
        check(&s)
    );
    // Apart by 0.1, said touching: proven wrong by the distance's lower bound.
    let mut apart = ball_on_slab(0.6);
    apart.engine = Some(said(0.0));
    assert!(matches!(check(&apart), Agreement::Outside { .. }));
}

/// A ball of radius 0.5 cast from x = -5 at unit speed against a unit box at the origin: it
/// touches at t = 4.
fn ball_cast(engine_toi: Option<f64>) -> Scenario {
    let cube = BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::splat(0.5),
        },
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let ball = BodySpec {
        shape: Shape::Sphere { radius: 0.5 },
        position: DVec3::new(-5.0, 0.0, 0.0),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let mut s = Scenario::new("cast", cube, ball);
    s.solver.precision = Precision::F32;
    s.cast = Some(CastSpec {
        velocity_a: DVec3::ZERO,
        velocity_b: DVec3::X,
        angular_velocity_a: DVec3::ZERO,
        angular_velocity_b: DVec3::ZERO,
        max_time: Some(10.0),
        target_distance: None,
        tolerance: None,
        method: None,
        max_iterations: None,
    });
    s.engine = Some(EngineAnswer {
        engine: "test engine".into(),
        routine: None,
        poses: PoseSource::AtCall,
        contact: None,
        cast: Some(EngineCast {
            time_of_impact: engine_toi,
            status: "converged".into(),
            normal: None,
            point_a: None,
            point_b: None,
        }),
    });
    s
}

#[test]
fn a_cast_is_read_at_the_engine_s_time_of_impact() {
    assert_eq!(check(&ball_cast(Some(4.0))), Agreement::Inside);
    // Ten times too early (the parry reports): a proven gap of 3.6 at t = 0.4.
    assert!(
        matches!(check(&ball_cast(Some(0.4))), Agreement::Outside { by, .. } if (by - 3.6).abs() < 1e-4),
        "{:?}",
        check(&ball_cast(Some(0.4)))
    );
    // Too late: a proven overlap.
    assert!(matches!(
        check(&ball_cast(Some(4.5))),
        Agreement::Outside { .. }
    ));
    // Said touching at the start (parry's `penetrating`): wrong 4 apart, right overlapping.
    assert!(matches!(
        check(&ball_cast(Some(0.0))),
        Agreement::Outside { .. }
    ));
    let mut overlapping = ball_cast(Some(0.0));
    overlapping.b.position.x = -0.9;
    assert_eq!(check(&overlapping), Agreement::Inside);
    // No hit reported: nothing to read, and the sentence says ours.
    let s = ball_cast(None);
    let finish = gjk::solve(&s.a, &s.b, &s.config());
    let c = s.engine_check(&finish).unwrap();
    assert_eq!(c.agreement, Agreement::Undecided);
    assert!(
        c.sentence.contains("GJK Lab finds a hit at t = 4"),
        "{}",
        c.sentence
    );
}

#[test]
fn the_engine_s_answer_is_kept_through_the_file_in_space_and_in_the_plane() {
    let mut s = ball_on_slab(0.49);
    s.engine = Some(said(-0.01));
    let read = Scenario::parse(&s.to_text(Format::Json), Format::Json).unwrap();
    assert_eq!(read.engine, s.engine);
    let read = Scenario::parse(&s.to_text(Format::Ron), Format::Ron).unwrap();
    assert_eq!(read.engine, s.engine);
    // In the plane: 2-vectors in the file, the same answer read back.
    let mut plane = s.clone();
    plane.dimension = gjk::config::Dimension::Two;
    plane.a.shape = Shape::Sphere { radius: 0.5 };
    plane.b.shape = Shape::Cuboid {
        half_extents: DVec3::new(2.0, 0.5, 0.0),
    };
    plane.a.position.z = 0.0;
    if let Some(c) = plane.engine.as_mut().and_then(|e| e.contact.as_mut()) {
        for p in &mut c.points {
            p.point_a.z = 0.0;
            p.point_b.z = 0.0;
        }
    }
    let text = plane.to_text(Format::Json);
    assert!(text.contains("\"dimension\": 2"), "{text}");
    let read = Scenario::parse(&text, Format::Json).unwrap();
    assert_eq!(read.engine, plane.engine);
}

#[test]
fn a_number_that_is_not_finite_is_refused_by_its_field() {
    let mut s = ball_on_slab(0.49);
    let mut nan = said(-0.01);
    nan.contact.as_mut().unwrap().points[0].separation = f64::NAN;
    s.engine = Some(nan);
    let e = s.clone().validated().unwrap_err().to_string();
    assert!(e.contains("engine.contact.points[0].separation"), "{e}");
    let mut cast = ball_cast(Some(-1.0));
    cast.engine
        .as_mut()
        .unwrap()
        .cast
        .as_mut()
        .unwrap()
        .time_of_impact = Some(-1.0);
    let e = cast.validated().unwrap_err().to_string();
    assert!(e.contains("engine.cast.time_of_impact"), "{e}");
}

/// parry2d's shapes of every convex kind, through `body_from_parry2d!`: the same support
/// value along every direction in the plane.
#[test]
fn parry2d_shapes_become_plane_bodies_with_the_same_supports() {
    use parry2d_f64::math::{Pose, Vector};
    use parry2d_f64::shape::SharedShape;
    let v = Vector::new;
    let hull = [v(0.4, 0.0), v(-0.3, 0.2), v(0.0, -0.4), v(0.2, 0.3)];
    let shapes = [
        SharedShape::ball(0.4),
        SharedShape::cuboid(0.3, 0.2),
        SharedShape::capsule(v(0.1, -0.2), v(0.5, 0.4), 0.2),
        SharedShape::convex_hull(&hull).expect("a hull"),
        SharedShape::triangle(hull[0], hull[1], hull[2]),
        SharedShape::segment(hull[0], hull[3]),
        SharedShape::round_cuboid(0.3, 0.2, 0.1),
        SharedShape::round_convex_hull(&hull, 0.1).expect("a hull"),
    ];
    let mut rng = Rng::new(7);
    for shape in &shapes {
        let p = rng.vec(-2.0, 2.0);
        let pose = Pose::new(v(p.x, p.y), p.z);
        let body = gjk::body_from_parry2d!(parry2d_f64, &*shape.0, &pose)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(body.position.z, 0.0);
        let ours = gjk::Body::<f64>::prepared(
            &gjk::PreparedShape::new(body.shape.clone()),
            body.pose(),
            body.margin,
        );
        let theirs = shape.as_support_map().expect("convex");
        for _ in 0..50 {
            let d = rng.vec(-1.0, 1.0).with_z(0.0).normalize_or(DVec3::X);
            let q = theirs.support_point(&pose, v(d.x, d.y));
            let gap = d.dot(ours.support(d)) - (d.x * q.x + d.y * q.y);
            assert!(
                gap.abs() <= 1e-12,
                "{:?}: supports differ by {gap:e} along {d}",
                shape.shape_type()
            );
        }
    }
    // A shape with no convex piece is named.
    let half_space = SharedShape::halfspace(Vector::Y);
    let e = gjk::body_from_parry2d!(parry2d_f64, &*half_space.0, &Pose::IDENTITY).unwrap_err();
    assert!(e.contains("HalfSpace"), "{e}");
}
