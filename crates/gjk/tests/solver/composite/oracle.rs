//! A body against a mesh or a compound, beside parry3d-f64's composite queries (`distance`,
//! and `contact`, which answers with the deepest piece): random balls, boxes and capsules over
//! a bumpy height field and over a field of tiles; and casts, beside its `cast_shapes`.

use crate::solver::common::Rng;
use gjk::cast::CastSpec;
use gjk::composite::{
    Composite, CompositeAnswer, Compound, FirstContact, TriMesh, cast_composite, query_composite,
};
use gjk::query::{Placed, proven_outside};
use gjk::tools::reference::to_parry;
use gjk::{BodySpec, Outcome, Pose, Precision, PreparedShape, Shape, SolverConfig};
use glam::{DQuat, DVec3};
use parry3d_f64::math::{Pose as ParryPose, Vector};
use parry3d_f64::query::{self, ShapeCastOptions};
use parry3d_f64::shape::{SharedShape, TriMesh as ParryMesh};

fn v(p: DVec3) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

/// A 12 × 12 height field 10 wide, heights up to 0.4, as ours and as parry's mesh.
fn bumpy(rng: &mut Rng) -> (Composite, SharedShape) {
    let heights: Vec<Vec<f64>> = (0..12)
        .map(|_| (0..12).map(|_| rng.range(0.0, 0.4)).collect())
        .collect();
    let mesh =
        TriMesh::height_field(&heights, DVec3::new(10.0, 1.0, 10.0), Precision::F64).unwrap();
    let parry = ParryMesh::new(
        mesh.vertices().iter().map(|&p| v(p)).collect(),
        mesh.triangles().to_vec(),
    )
    .unwrap();
    (Composite::mesh(mesh), SharedShape::new(parry))
}

/// Twenty random boxes, turned, across the same ground.
fn tiles(rng: &mut Rng) -> (Composite, SharedShape) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..20 {
        let spec = BodySpec {
            shape: Shape::Cuboid {
                half_extents: rng.vec(0.3, 1.2),
            },
            position: DVec3::new(
                rng.range(-5.0, 5.0),
                rng.range(-0.8, 0.0),
                rng.range(-5.0, 5.0),
            ),
            rotation: DQuat::from_rotation_y(rng.range(0.0, 6.3)),
            margin: 0.0,
        };
        theirs.push(to_parry(&spec).unwrap());
        ours.push((
            PreparedShape::new(spec.shape.clone()),
            Pose {
                position: spec.position,
                rotation: spec.rotation,
            },
        ));
    }
    let compound = Compound::new(ours, Precision::F64).unwrap();
    (
        Composite::compound(compound),
        SharedShape::new(parry3d_f64::shape::Compound::new(theirs)),
    )
}

fn body(rng: &mut Rng) -> BodySpec {
    let shape = match rng.pick(3) {
        0 => Shape::Sphere {
            radius: rng.range(0.2, 1.0),
        },
        1 => Shape::Cuboid {
            half_extents: rng.vec(0.2, 0.8),
        },
        _ => Shape::Capsule {
            half_height: rng.range(0.2, 0.8),
            radius: rng.range(0.1, 0.5),
        },
    };
    BodySpec {
        shape,
        position: DVec3::new(
            rng.range(-4.0, 4.0),
            rng.range(-0.3, 2.5),
            rng.range(-4.0, 4.0),
        ),
        rotation: rng.rotation(),
        margin: 0.0,
    }
}

/// parry's distance and contact depth (0 apart) beside our bounds on the same pair.
fn against_parry(rng: &mut Rng, ground: &(Composite, SharedShape), cases: usize) -> usize {
    let mut overlaps = 0;
    for case in 0..cases {
        let spec = body(rng);
        let shape = PreparedShape::new(spec.shape.clone());
        let answer: CompositeAnswer = query_composite(
            Placed::new(&shape, &spec),
            &ground.0,
            &SolverConfig::default(),
            0.0,
        );
        let (pose, parry_body) = to_parry(&spec).unwrap();
        let identity = ParryPose::IDENTITY;
        let distance = query::distance(&pose, &*parry_body, &identity, &*ground.1)
            .unwrap()
            .distance;
        let [lower, upper] = answer.distance_bounds;
        let slack = 1e-9;
        assert!(
            lower - slack <= distance,
            "case {case}: parry's distance {distance} below our proven {lower} for {spec:?}"
        );
        // parry's distance is its GJK's ‖v‖ once its gap test passes: an upper bound, above the
        // true distance by up to its tolerance. Where it is above ours, ours is shown right:
        // our two witness points lie on the body and on the piece, so the true distance is at
        // most theirs apart.
        if distance > upper + slack {
            witnesses_on_the_shapes(&answer, &ground.0, (&shape, &spec), upper, case);
        }
        let contact = query::contact(&pose, &*parry_body, &identity, &*ground.1, 0.0).unwrap();
        match answer.intersecting {
            Some(true) => {
                overlaps += 1;
                let deepest = answer
                    .answering()
                    .and_then(|r| r.finish.penetration)
                    .expect("an overlap with its depth");
                let [low, high] = deepest.depth_bounds.expect("bounded");
                let theirs = -contact.expect("parry sees the overlap").dist;
                assert!(
                    low - 1e-6 <= theirs && theirs <= high + 1e-6,
                    "case {case}: parry's depth {theirs} outside our [{low}, {high}]"
                );
            }
            Some(false) => assert!(
                contact.is_none() || contact.unwrap().dist >= -slack,
                "case {case}: proven apart by {lower}, parry overlaps"
            ),
            None => {}
        }
    }
    overlaps
}

/// The answering piece's witness points: `point_a` not proven outside the body, `point_b` not
/// outside the piece, and no further apart than `upper`.
fn witnesses_on_the_shapes(
    answer: &CompositeAnswer,
    ground: &Composite,
    (shape, spec): (&PreparedShape, &BodySpec),
    upper: f64,
    case: usize,
) {
    let run = answer.answering().unwrap();
    let Outcome::Separated {
        point_a, point_b, ..
    } = run.finish.outcome
    else {
        panic!("case {case}: the nearest piece is not apart")
    };
    assert!(
        proven_outside(point_a, shape, spec) <= 1e-12,
        "case {case}: point_a off the body"
    );
    let off_piece = ground.with_piece(run.piece, |piece| {
        let at = BodySpec {
            shape: piece.shape.shape().clone(),
            position: piece.pose.position,
            rotation: piece.pose.rotation,
            margin: 0.0,
        };
        proven_outside(point_b, piece.shape, &at)
    });
    assert!(
        off_piece <= 1e-12,
        "case {case}: point_b {off_piece} off the piece"
    );
    assert!(
        point_a.distance(point_b) <= upper + 1e-12,
        "case {case}: witnesses apart"
    );
}

#[test]
fn bodies_over_a_height_field_agree_with_parrys_trimesh() {
    let mut rng = Rng::new(17);
    let ground = bumpy(&mut rng);
    let overlaps = against_parry(&mut rng, &ground, 150);
    assert!(
        overlaps > 20,
        "only {overlaps} overlaps: the test must see contacts"
    );
}

#[test]
fn bodies_over_tiles_agree_with_parrys_compound() {
    let mut rng = Rng::new(29);
    let ground = tiles(&mut rng);
    let overlaps = against_parry(&mut rng, &ground, 150);
    assert!(
        overlaps > 20,
        "only {overlaps} overlaps: the test must see contacts"
    );
}

/// The pair's proven distance bounds with the body moved to time `t` of its motion.
fn bounds_at(spec: &BodySpec, velocity: DVec3, t: f64, ground: &Composite) -> [f64; 2] {
    let moved = BodySpec {
        position: spec.position + velocity * t,
        ..spec.clone()
    };
    let shape = PreparedShape::new(moved.shape.clone());
    query_composite(
        Placed::new(&shape, &moved),
        ground,
        &SolverConfig::default(),
        0.0,
    )
    .distance_bounds
}

/// Bodies thrown at the ground, our first contact beside parry's `cast_shapes` on the same
/// pair. Where the times differ by more than a step of either's tolerance, the pair's static
/// bounds at the earlier time say which is right: a hit before a time at which the pair is
/// proven apart is no hit, and a time at which the pair is proven within our gap is one.
fn casts_against_parry(rng: &mut Rng, ground: &(Composite, SharedShape), cases: usize) -> usize {
    let mut agreed = 0;
    for case in 0..cases {
        let spec = BodySpec {
            position: body(rng).position + DVec3::new(0.0, 1.5, 0.0),
            ..body(rng)
        };
        let velocity = DVec3::new(
            rng.range(-3.0, 3.0),
            rng.range(-4.0, 0.5),
            rng.range(-3.0, 3.0),
        );
        let shape = PreparedShape::new(spec.shape.clone());
        let motion = CastSpec {
            velocity_a: velocity,
            ..CastSpec::default()
        };
        let ours = cast_composite(
            Placed::new(&shape, &spec),
            &ground.0,
            &motion,
            &SolverConfig::default(),
        )
        .unwrap();
        let (pose, parry_body) = to_parry(&spec).unwrap();
        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            stop_at_penetration: true,
            ..ShapeCastOptions::default()
        };
        let theirs = query::cast_shapes(
            &pose,
            v(velocity),
            &*parry_body,
            &ParryPose::IDENTITY,
            Vector::ZERO,
            &*ground.1,
            options,
        )
        .unwrap()
        .map(|hit| hit.time_of_impact);
        let time = match ours.first {
            FirstContact::Hit { time, .. } => Some(time),
            FirstContact::OverlappingAtStart { .. } => Some(0.0),
            FirstContact::Miss => None,
            FirstContact::Unfinished { .. } => continue,
        };
        let gap = |t: f64| {
            ours.runs
                .iter()
                .find_map(|r| (r.answer.toi == Some(t)).then_some(r.answer.distance_bounds?[1]))
                .unwrap_or(0.0)
        };
        match (time, theirs) {
            (Some(t), Some(p)) if (t - p).abs() <= 1e-5 => agreed += 1,
            (None, None) => agreed += 1,
            // We hit first (or only): the pair must be proven within our gap at our time.
            (Some(t), p) if p.is_none_or(|p| t < p) => {
                let [_, upper] = bounds_at(&spec, velocity, t, &ground.0);
                assert!(
                    upper <= gap(t) + 1e-9,
                    "case {case}: our hit at {t} (parry {theirs:?}) is {upper} apart"
                );
            }
            // parry hits first (or only): the pair must be proven apart at its time.
            (mine, Some(p)) => {
                let [lower, _] = bounds_at(&spec, velocity, p, &ground.0);
                assert!(
                    lower > 0.0,
                    "case {case}: parry hits at {p}, ours at {mine:?}, yet nothing is proven apart there"
                );
            }
            (Some(_), None) => unreachable!("the first arm takes a hit parry does not have"),
        }
    }
    agreed
}

#[test]
fn casts_onto_a_height_field_agree_with_parrys_cast_shapes() {
    let mut rng = Rng::new(41);
    let ground = bumpy(&mut rng);
    let agreed = casts_against_parry(&mut rng, &ground, 150);
    assert!(agreed > 140, "only {agreed} of 150 casts agree to 1e-5");
}

#[test]
fn casts_onto_tiles_agree_with_parrys_cast_shapes() {
    let mut rng = Rng::new(43);
    let ground = tiles(&mut rng);
    let agreed = casts_against_parry(&mut rng, &ground, 150);
    assert!(agreed > 140, "only {agreed} of 150 casts agree to 1e-5");
}
