//! How far a point is proven to lie outside a body: the point is a polytope of one vertex,
//! and a query between it and the body bounds their distance from below. Zero means nothing
//! proves the point off the body: it lies on it or inside, as far as rounding lets anyone say.

use super::{Placed, query};
use crate::config::SolverConfig;
use crate::shape::prepared::PreparedShape;
use crate::shape::{BodySpec, Shape};
use crate::trace::NoTrace;
use glam::{DQuat, DVec3};

/// The lower bound of the distance from `point` to `body` (its shape prepared as `shape`),
/// solved in f64 with the default configuration.
pub fn proven_outside(point: DVec3, shape: &PreparedShape, body: &BodySpec) -> f64 {
    let spec = BodySpec {
        shape: Shape::Polytope {
            vertices: vec![point],
        },
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let dot = PreparedShape::new(spec.shape.clone());
    let finish = query(
        Placed::new(&dot, &spec),
        Placed::new(shape, body),
        &SolverConfig::default(),
        None,
        &mut NoTrace,
    );
    finish.certificate.distance_bounds[0].max(0.0)
}
