//! The curved pairs the `against_parry` example and the `poses` bench draw.

use super::common::Rng;
use gjk::{Algorithm, BodySpec, Precision, Shape, SolverConfig};
use glam::DVec3;

/// `n` separated cylinder–cone pairs in random poses, the same for the `against_parry` example
/// and the `poses` bench.
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
