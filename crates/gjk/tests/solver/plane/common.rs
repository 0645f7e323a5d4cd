//! Seeded random bodies in the plane, and parry2d-f64's view of them.

use crate::solver::common::Rng;
use gjk::{BodySpec, Shape};
use glam::{DQuat, DVec3};

pub const KINDS: [&str; 4] = ["circle", "cuboid", "capsule", "polygon"];

/// A random plane shape of the given kind, sizes 0.2–1.2, laid in `z = 0`.
pub fn shape(rng: &mut Rng, kind: &str) -> Shape {
    match kind {
        "circle" => Shape::Sphere {
            radius: rng.range(0.2, 1.2),
        },
        "cuboid" => Shape::Cuboid {
            half_extents: DVec3::new(rng.range(0.2, 1.2), rng.range(0.2, 1.2), 0.0),
        },
        "capsule" => Shape::Capsule {
            half_height: rng.range(0.1, 1.0),
            radius: rng.range(0.2, 0.8),
        },
        _ => {
            let n = 3 + rng.pick(14);
            Shape::Polytope {
                vertices: (0..n)
                    .map(|_| DVec3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 0.0))
                    .collect(),
            }
        }
    }
}

/// A random body of the given kind in a 4×4 square, turned by any angle, sometimes rounded.
pub fn body(rng: &mut Rng, kind: &str) -> BodySpec {
    let shape = shape(rng, kind);
    // Drawn before the pose, as the random pairs always were.
    let margin = crate::solver::common::margin(rng);
    BodySpec {
        shape,
        position: DVec3::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0), 0.0),
        rotation: DQuat::from_rotation_z(rng.range(-4.0, 4.0)),
        margin,
    }
}

/// The configuration of a query in the plane.
pub fn plane(algorithm: gjk::Algorithm) -> gjk::SolverConfig {
    gjk::SolverConfig {
        dimension: gjk::config::Dimension::Two,
        ..gjk::SolverConfig::default_for(algorithm, gjk::Precision::F64)
    }
}
