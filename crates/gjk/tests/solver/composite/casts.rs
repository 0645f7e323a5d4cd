//! Casts against bodies of many pieces, worked out by hand: a capsule sunk in a flat quad
//! sliding across its diagonal (the lone triangle ahead gives a ghost, at a time and an angle
//! known in closed form), a ball landing on a face, a box sliding over flush tiles (Box2D's
//! tile ghost), a body that misses, and the refusals.

use crate::solver::common::at;
use gjk::cast::{CastSpec, CastStatus};
use gjk::composite::seam::{Bend, OnTriangle, Verdict};
use gjk::composite::{
    Composite, CompositeCast, Compound, FirstContact, Judged, TriMesh, cast_composite,
    trace_cast_composite,
};
use gjk::query::Placed;
use gjk::{BodySpec, Precision, PreparedShape, Shape, SolverConfig};
use glam::{DQuat, DVec3};

/// The square |x|, |z| ≤ 1 of the floor y = 0 split along x = z: triangle 0 holds x < z,
/// triangle 1 x > z.
fn quad() -> Composite {
    let vertices = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .map(|(x, z)| DVec3::new(x, 0.0, z))
        .to_vec();
    Composite::mesh(TriMesh::new(vertices, vec![[0, 3, 2], [0, 2, 1]], Precision::F64).unwrap())
}

fn cast(spec: &BodySpec, ground: &Composite, motion: CastSpec) -> CompositeCast {
    let shape = PreparedShape::new(spec.shape.clone());
    cast_composite(
        Placed::new(&shape, spec),
        ground,
        &motion,
        &SolverConfig::default(),
    )
    .unwrap()
}

fn moving(velocity: DVec3) -> CastSpec {
    CastSpec {
        velocity_a: velocity,
        ..CastSpec::default()
    }
}

fn seam(judged: &Option<Judged>) -> gjk::composite::seam::Seam {
    match judged {
        Some(Judged::Mesh(seam)) => seam.clone(),
        other => panic!("a mesh's hit judged as {other:?}"),
    }
}

#[test]
fn a_sunk_capsule_sliding_across_a_quads_diagonal_meets_a_ghost_on_the_triangle_ahead() {
    // The capsule lies along the diagonal, 0.6/√2 from it over triangle 0, its axis at height
    // r − δ (δ = 0.01 into the floor), and moves straight across at unit speed. The lone
    // triangle 1 is first reached when the axis is s = √(r² − (r − δ)²) from the diagonal, and
    // its normal there, from the edge to the axis, leans atan(s / (r − δ)) off the floor's.
    let (r, depth) = (0.25, 0.01);
    let along = DVec3::new(1.0, 0.0, 1.0).normalize();
    let across = DVec3::new(1.0, 0.0, -1.0).normalize();
    let start = 0.6 / 2f64.sqrt();
    let spec = BodySpec {
        rotation: DQuat::from_rotation_arc(DVec3::Y, along),
        ..at(
            Shape::Capsule {
                half_height: 0.3,
                radius: r,
            },
            DVec3::new(-0.3, r - depth, 0.3),
        )
    };
    let answer = cast(&spec, &quad(), moving(across));
    assert_eq!(
        answer.first,
        FirstContact::OverlappingAtStart { piece: 0 },
        "the capsule rests sunk in triangle 0"
    );
    let s = (r * r - (r - depth) * (r - depth)).sqrt();
    let FirstContact::Hit { piece: 1, time } = answer.next else {
        panic!("the next hit is triangle 1's: {:?}", answer.next)
    };
    assert!(
        time <= start - s + 1e-12 && time > start - s - 1e-5,
        "hit at {time}, the edge is reached at {}",
        start - s
    );
    let ghost = seam(&answer.run(1).unwrap().judged);
    assert_eq!(
        ghost.on,
        OnTriangle::Edge(0),
        "the diagonal, from corner 0 to 1"
    );
    assert_eq!(ghost.bends, [Bend::Flat]);
    assert_eq!(ghost.verdict, Verdict::Ghost);
    // The hit's normal is the cast's last separating plane's, up to `gap` from touching: a
    // plane that close to a round body of radius r may lean by up to about √(2·gap / r).
    let lean = s.atan2(r - depth);
    let CastStatus::Hit { gap, .. } = answer.run(1).unwrap().answer.status else {
        unreachable!()
    };
    assert!(
        (ghost.off_by - lean).abs() <= (2.0 * gap / r).sqrt() + 1e-9,
        "{}° off the floor, {}° by hand",
        ghost.off_by.to_degrees(),
        lean.to_degrees()
    );
    // Every fix gives back the floor's normal.
    assert!(ghost.fixes.jolt.distance(DVec3::Y) < 1e-9);
    assert!(ghost.fixes.parry.unwrap().distance(DVec3::Y) < 1e-9);
}

#[test]
fn a_ball_dropped_on_a_face_lands_on_it_with_the_floors_normal() {
    let spec = at(Shape::Sphere { radius: 0.2 }, DVec3::new(0.5, 1.0, -0.4));
    let answer = cast(&spec, &quad(), moving(DVec3::new(0.0, -2.0, 0.0)));
    let FirstContact::Hit { piece: 1, time } = answer.first else {
        panic!("the ball lands on triangle 1: {:?}", answer.first)
    };
    assert!(time <= 0.4 && time > 0.4 - 1e-6, "lands at {time}");
    assert_eq!(answer.next, answer.first);
    let real = seam(&answer.run(1).unwrap().judged);
    assert_eq!(real.on, OnTriangle::Face);
    assert_eq!(real.verdict, Verdict::Real);
    assert!(real.normal.distance(DVec3::Y) < 1e-9);
    // Triangle 0's box is met when triangle 1's is (both are the whole square): where it was
    // cast, the ball, 0.64 from the diagonal, missed it.
    for run in answer.runs.iter().filter(|r| r.piece != 1) {
        assert!(matches!(run.answer.status, CastStatus::Miss { .. }));
    }
}

#[test]
fn a_box_sliding_over_flush_tiles_hits_a_side_that_lies_against_the_first_tile() {
    // Tiles 2 wide, their tops at y = 0, flush at x = 0; the box is 0.01 into tile 0 and 0.1
    // short of the seam, moving +x: tile 1 alone is hit on its side, whose normal −x points
    // into tile 0 (Box2D's tiles, Box2D#935).
    let tile = PreparedShape::new(Shape::Cuboid {
        half_extents: DVec3::new(1.0, 0.5, 1.0),
    });
    let pose = |x: f64| gjk::Pose::at(DVec3::new(x, -0.5, 0.0));
    let tiles = Composite::compound(
        Compound::new(
            vec![(tile.clone(), pose(-1.0)), (tile, pose(1.0))],
            Precision::F64,
        )
        .unwrap(),
    );
    let spec = at(
        Shape::Cuboid {
            half_extents: DVec3::splat(0.5),
        },
        DVec3::new(-0.6, 0.49, 0.0),
    );
    let answer = cast(&spec, &tiles, moving(DVec3::X));
    assert_eq!(answer.first, FirstContact::OverlappingAtStart { piece: 0 });
    let FirstContact::Hit { piece: 1, time } = answer.next else {
        panic!("the next hit is tile 1's: {:?}", answer.next)
    };
    assert!(time <= 0.1 && time > 0.1 - 1e-5, "hit at {time}");
    let hit = answer.run(1).unwrap();
    assert!(hit.answer.normal.unwrap().distance(DVec3::X) < 1e-9);
    assert_eq!(
        hit.judged,
        Some(Judged::Compound {
            covered_by: Some(0)
        })
    );
}

#[test]
fn a_body_passing_beside_the_floor_misses_and_only_the_boxes_it_meets_are_cast() {
    // A ball moving along x 0.1 above the quad: its box never comes down to the triangles'
    // (the floor's plane), so no piece is cast at all.
    let spec = at(Shape::Sphere { radius: 0.2 }, DVec3::new(-3.0, 0.3, 0.0));
    let answer = cast(&spec, &quad(), moving(DVec3::new(6.0, 0.0, 0.0)));
    assert_eq!(answer.first, FirstContact::Miss);
    assert_eq!(answer.next, FirstContact::Miss);
    assert!(answer.runs.is_empty(), "{:?}", answer.runs);
    // Lower, it passes through both triangles' boxes and touches them: the first is met at
    // x = −1 − 0.2 on its border.
    let low = at(Shape::Sphere { radius: 0.2 }, DVec3::new(-3.0, 0.1, 0.0));
    let answer = cast(&low, &quad(), moving(DVec3::new(6.0, 0.0, 0.0)));
    let FirstContact::Hit { piece: 0, time } = answer.first else {
        panic!("the ball meets triangle 0's border: {:?}", answer.first)
    };
    let reach = (0.2f64 * 0.2 - 0.1 * 0.1).sqrt();
    let exact = (2.0 - reach) / 6.0;
    assert!(time <= exact + 1e-12 && time > exact - 1e-6, "{time}");
    assert_eq!(
        seam(&answer.run(0).unwrap().judged).verdict,
        Verdict::Border
    );
}

#[test]
fn a_traced_cast_records_each_piece_and_answers_as_the_untraced_one() {
    let spec = at(Shape::Sphere { radius: 0.2 }, DVec3::new(0.5, 1.0, -0.4));
    let shape = PreparedShape::new(spec.shape.clone());
    let motion = moving(DVec3::new(0.0, -2.0, 0.0));
    let config = SolverConfig::default();
    let placed = Placed::new(&shape, &spec);
    let traced = trace_cast_composite(placed, &quad(), &motion, &config).unwrap();
    let plain = cast_composite(placed, &quad(), &motion, &config).unwrap();
    assert_eq!(traced.first, plain.first);
    for (t, p) in traced.runs.iter().zip(&plain.runs) {
        assert_eq!(t.answer, p.answer);
        assert!(p.steps.is_empty());
        assert_eq!(t.steps.len() as u32, t.answer.iterations);
        assert_eq!(t.trace().answer, t.answer);
    }
}

#[test]
fn a_turning_composite_and_non_finite_motion_are_refused_by_field() {
    let spec = at(Shape::Sphere { radius: 0.2 }, DVec3::new(0.5, 1.0, -0.4));
    let shape = PreparedShape::new(spec.shape.clone());
    let placed = Placed::new(&shape, &spec);
    let config = SolverConfig::default();
    let refused = |motion: CastSpec| {
        cast_composite(placed, &quad(), &motion, &config)
            .unwrap_err()
            .field
    };
    assert_eq!(
        refused(CastSpec {
            angular_velocity_b: DVec3::Y,
            ..CastSpec::default()
        }),
        "cast.angular_velocity_b"
    );
    assert_eq!(
        refused(moving(DVec3::new(f64::NAN, 0.0, 0.0))),
        "cast.velocity_a"
    );
    assert_eq!(
        refused(CastSpec {
            max_time: Some(f64::INFINITY),
            ..CastSpec::default()
        }),
        "cast.max_time"
    );
}
