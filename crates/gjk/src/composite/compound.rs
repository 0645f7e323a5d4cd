//! A compound: convex pieces, each at its own pose, that make one body (a level's tiles, a
//! table from its top and legs). The pieces are prepared once, when the compound is built.

use super::CompositeError;
use crate::config::Precision;
use crate::shape::Pose;
use crate::shape::prepared::PreparedShape;

/// The most pieces a compound may have (as many as a mesh's triangles).
pub const MAX_PIECES: usize = super::mesh::MAX_MESH_SIZE;

/// A checked compound: its pieces, prepared, and where each stands.
#[derive(Debug, Clone)]
pub struct Compound {
    pieces: Vec<(PreparedShape, Pose)>,
}

impl Compound {
    /// The compound of `pieces`, each a shape prepared and its pose. Each shape is checked by
    /// whoever read it, as a body's is (a scenario checks its bodies' numbers by name); here the
    /// count is checked, and each pose: finite, its position within `precision`'s limit, its
    /// rotation a unit quaternion.
    pub fn new(
        pieces: Vec<(PreparedShape, Pose)>,
        precision: Precision,
    ) -> Result<Self, CompositeError> {
        if pieces.is_empty() {
            return Err(CompositeError::new("pieces", "a compound needs a piece"));
        }
        if pieces.len() > MAX_PIECES {
            return Err(CompositeError::new(
                "pieces",
                format!(
                    "{} is more than the {MAX_PIECES} a compound may have",
                    pieces.len()
                ),
            ));
        }
        for (i, (_, pose)) in pieces.iter().enumerate() {
            let p = pose.position;
            if !p.is_finite() || p.abs().max_element() > precision.max_length() {
                return Err(CompositeError::new(
                    format!("pieces[{i}].position"),
                    format!(
                        "{p} is not a point with finite coordinates within {:e} ({})",
                        precision.max_length(),
                        precision.name()
                    ),
                ));
            }
            let q = pose.rotation;
            if !q.is_finite() || !q.is_normalized() {
                return Err(CompositeError::new(
                    format!("pieces[{i}].rotation"),
                    format!("{q} is not a unit quaternion"),
                ));
            }
        }
        Ok(Compound { pieces })
    }

    /// The pieces, prepared, with their poses.
    pub fn pieces(&self) -> &[(PreparedShape, Pose)] {
        &self.pieces
    }
}
