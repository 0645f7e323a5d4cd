//! The pairs the benches and the measuring examples draw: the bench's six pairs, and separated
//! cylinder–cone pairs in random poses.

use super::common::Rng;
use gjk::{Algorithm, BodySpec, Precision, Shape, SolverConfig};
use glam::{DQuat, DVec3};

fn place(shape: Shape, position: DVec3, rotation: DQuat) -> BodySpec {
    BodySpec {
        shape,
        position,
        rotation,
        margin: 0.0,
    }
}

/// `n` points on the unit sphere: every one is a hull vertex, the hard case for a support scan.
pub fn hull(rng: &mut Rng, n: usize) -> Shape {
    Shape::Polytope {
        vertices: (0..n)
            .map(|_| rng.vec(-1.0, 1.0).normalize_or(DVec3::X))
            .collect(),
    }
}

/// The pairs, each separated by about 0.3: box–box, sphere–capsule, cylinder–cone and
/// hulls of 32, 100 and 1,000 points.
pub fn bench_pairs() -> Vec<(&'static str, BodySpec, BodySpec)> {
    let mut rng = Rng::new(9);
    let tilt = DQuat::from_euler(glam::EulerRot::YXZ, 0.4, 0.3, 0.2);
    let cuboid = |h: DVec3| Shape::Cuboid { half_extents: h };
    let mut pairs = vec![
        (
            "box-box",
            place(cuboid(DVec3::new(0.5, 0.4, 0.6)), DVec3::ZERO, tilt),
            place(
                cuboid(DVec3::splat(0.5)),
                DVec3::new(1.6, 0.3, 0.2),
                tilt.inverse(),
            ),
        ),
        (
            "sphere-capsule",
            place(Shape::Sphere { radius: 0.5 }, DVec3::ZERO, DQuat::IDENTITY),
            place(
                Shape::Capsule {
                    half_height: 0.6,
                    radius: 0.3,
                },
                DVec3::new(1.2, 0.5, 0.1),
                tilt,
            ),
        ),
        (
            "cylinder-cone",
            place(
                Shape::Cylinder {
                    half_height: 0.5,
                    radius: 0.4,
                },
                DVec3::ZERO,
                tilt,
            ),
            place(
                Shape::Cone {
                    half_height: 0.5,
                    radius: 0.5,
                },
                DVec3::new(1.3, 0.2, -0.1),
                tilt.inverse(),
            ),
        ),
    ];
    // Points on spheres, the same pose for every size; drawn in order, so the clouds match
    // earlier runs of the bench.
    for (name, n) in [("hull32", 32), ("hull100", 100), ("hull1000", 1000)] {
        let a = place(hull(&mut rng, n), DVec3::ZERO, tilt);
        let b = place(
            hull(&mut rng, n),
            DVec3::new(2.3, 0.3, -0.2),
            DQuat::IDENTITY,
        );
        pairs.push((name, a, b));
    }
    pairs
}

/// `n` separated cylinder–cone pairs in random poses, the same for the `against_parry` and
/// `paired` examples and the `poses` bench.
pub fn cylinder_cone_pairs(n: usize) -> Vec<(BodySpec, BodySpec)> {
    let mut rng = Rng::new(77);
    let mut pairs = Vec::new();
    let config = SolverConfig::default_for(Algorithm::SignedVolumes, Precision::F64);
    while pairs.len() < n {
        let a = BodySpec {
            shape: Shape::Cylinder {
                half_height: 0.6,
                radius: 0.5,
            },
            position: DVec3::ZERO,
            rotation: rng.rotation(),
            margin: 0.0,
        };
        let b = BodySpec {
            shape: Shape::Cone {
                half_height: 0.5,
                radius: 0.6,
            },
            position: rng.vec(-2.5, 2.5),
            rotation: rng.rotation(),
            margin: 0.0,
        };
        if matches!(
            gjk::solve(&a, &b, &config).outcome,
            gjk::Outcome::Separated { .. }
        ) {
            pairs.push((a, b));
        }
    }
    pairs
}
