//! The contact manifold as `query` prints it: each point on both shapes, with its depth.

use gjk::manifold::{ContactPoint, manifold};
use gjk::{Penetration, PreparedShape, Scenario};
use serde::Serialize;

/// One point of the contact manifold: a point on each shape, and how deep they overlap there.
#[derive(Debug, Serialize)]
pub struct Contact {
    point_a: gjk::config::Written,
    point_b: gjk::config::Written,
    depth: f64,
}

/// The manifold of `scenario`'s overlapping answer `p`, deepest first, written as the
/// scenario's dimension writes points.
pub fn contacts(scenario: &Scenario, shapes: &[PreparedShape; 2], p: &Penetration) -> Vec<Contact> {
    let placed = scenario.placed(shapes);
    written(
        scenario,
        &manifold(placed[0], placed[1], p, scenario.dimension).points,
    )
}

/// Contact points as `query` writes them, in the scenario's dimension.
pub fn written(scenario: &Scenario, points: &[ContactPoint]) -> Vec<Contact> {
    let at = |v| scenario.dimension.written(v);
    let contact = |c: &ContactPoint| Contact {
        point_a: at(c.point_a),
        point_b: at(c.point_b),
        depth: c.depth,
    };
    points.iter().map(contact).collect()
}
