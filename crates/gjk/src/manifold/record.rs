//! What the manifold records: one [`ManifoldStep`] per stage, typed by what the stage did, and
//! the sentence that tells it.

use super::clip::SidePlane;
use super::feature::{FeatureShape, Supporting};
use crate::config::{Dimension, thresholds};
use crate::trace::explain::fmt_num;
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// One of the two shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Shape A.
    A,
    /// Shape B.
    B,
}

impl Side {
    /// `"A"` or `"B"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }

    /// The other shape.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// One contact: a point on each shape and how deep they overlap there, along the normal.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ContactPoint {
    /// The point on A's surface.
    pub point_a: DVec3,
    /// The point on B's surface, straight across along the normal.
    pub point_b: DVec3,
    /// `(point_a − point_b) · normal`: how deep A reaches into B here (negative: apart).
    pub depth: f64,
}

/// Why the reference feature was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// It is a face and the other is an edge.
    Larger,
    /// Both are of one kind, and its normal is nearer the contact normal.
    Nearer,
    /// Both are of one kind and face the contact normal as nearly: A's is taken.
    Tie,
}

/// Why the manifold is the answer's one point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Single {
    /// A feature is a vertex: the contact is that point.
    Vertex,
    /// Two edges cross: they meet in one point.
    Crossing,
    /// No point of the incident feature is left in contact after clipping.
    NoneLeft,
    /// The answer has no usable normal.
    NoNormal,
}

/// What one stage did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Stage {
    /// Each shape's supporting feature: A's along the normal, B's against it.
    Features {
        /// A's feature.
        a: Supporting,
        /// B's feature.
        b: Supporting,
    },
    /// Which feature the other is clipped against.
    Reference {
        /// The shape whose feature is the reference.
        reference: Side,
        /// Why.
        choice: Choice,
    },
    /// The incident feature cut by one side plane of the reference.
    Clip {
        /// Which side plane, from 1.
        side: usize,
        /// Of how many.
        of: usize,
        /// The side plane.
        plane: SidePlane,
        /// The incident feature before the cut.
        before: Vec<DVec3>,
        /// After it.
        after: Vec<DVec3>,
        /// The points cut away.
        cut: Vec<DVec3>,
        /// The crossings added.
        added: Vec<DVec3>,
    },
    /// Each point left paired with the reference feature straight across; those not in contact
    /// dropped.
    Depths {
        /// The points in contact.
        kept: Vec<ContactPoint>,
        /// The points apart along the normal.
        dropped: Vec<ContactPoint>,
    },
    /// Too many points for a solver: the few that keep the deepest and the widest area.
    Reduce {
        /// The points kept.
        kept: Vec<ContactPoint>,
        /// How many there were.
        from: usize,
    },
    /// The manifold is one point, the answer's own.
    Single {
        /// Why.
        why: Single,
        /// The point.
        point: ContactPoint,
    },
}

/// One stage of building a manifold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifoldStep {
    /// The stage's number, from 1.
    pub index: u32,
    /// The contact normal, from A to B.
    pub normal: DVec3,
    /// What it did.
    pub stage: Stage,
}

fn point(p: DVec3) -> String {
    format!("({}, {}, {})", fmt_num(p.x), fmt_num(p.y), fmt_num(p.z))
}

fn feature(side: Side, f: &Supporting) -> String {
    let turned = f.angle.to_degrees();
    let off = if turned < thresholds::angle_shown() {
        String::new()
    } else {
        format!(", {}° off", fmt_num(turned))
    };
    let kind = match f.shape {
        FeatureShape::Face if f.inscribed > 0.0 => "its round cap (as an inscribed octagon)".into(),
        FeatureShape::Face => format!("a face of {} corners", f.points.len()),
        FeatureShape::Edge => "an edge".to_string(),
        FeatureShape::Vertex => format!("a single point {}", point(f.points[0])),
    };
    format!("{}'s is {kind}{off}", side.name())
}

impl ManifoldStep {
    /// What the stage did and why, in a sentence (as in space; see
    /// [`ManifoldStep::explanation_in`]).
    pub fn explanation(&self) -> String {
        self.explanation_in(Dimension::Three)
    }

    /// What the stage did and why, in a sentence, in the words of `dimension` (in the plane a
    /// side plane is a line).
    pub fn explanation_in(&self, dimension: Dimension) -> String {
        let plane = dimension.is_plane();
        match &self.stage {
            Stage::Features { a, b } => format!(
                "Supporting features along the normal (A's furthest towards B, B's furthest \
                 towards A, each within 2° of it): {}; {}.",
                feature(Side::A, a),
                feature(Side::B, b)
            ),
            Stage::Reference { reference, choice } => {
                let why = match choice {
                    Choice::Larger => "it is a face and the other an edge",
                    Choice::Nearer => "its normal is nearer the contact normal",
                    Choice::Tie => "both face the normal as nearly, and A's is taken",
                };
                format!(
                    "{}'s feature is the reference ({why}); {}'s is the incident feature, \
                     clipped against the reference's side planes.",
                    reference.name(),
                    reference.other().name()
                )
            }
            Stage::Clip {
                side,
                of,
                after,
                cut,
                added,
                ..
            } => format!(
                "{} {side} of {of}: {} point{} cut, {} crossing{} added, {} left.",
                if plane { "Side line" } else { "Side plane" },
                cut.len(),
                if cut.len() == 1 { "" } else { "s" },
                added.len(),
                if added.len() == 1 { "" } else { "s" },
                after.len()
            ),
            Stage::Depths { kept, dropped } => format!(
                "Each point paired with the reference straight across along the normal: {} in \
                 contact (deepest {}){}.",
                kept.len(),
                fmt_num(
                    kept.iter()
                        .map(|c| c.depth)
                        .fold(f64::NEG_INFINITY, f64::max)
                ),
                if dropped.is_empty() {
                    String::new()
                } else {
                    format!(", {} apart and dropped", dropped.len())
                }
            ),
            Stage::Reduce { kept, from } => format!(
                "{from} points are more than a solver needs: kept {}, the deepest and those \
                 spanning the widest area.",
                kept.len()
            ),
            Stage::Single { why, point } => {
                let why = match why {
                    Single::Vertex => "a feature is a single vertex",
                    Single::Crossing => "the two edges cross",
                    Single::NoneLeft => "no clipped point is in contact",
                    Single::NoNormal => "the answer has no normal",
                };
                format!(
                    "One contact point, the answer's own ({why}): depth {}.",
                    fmt_num(point.depth)
                )
            }
        }
    }
}
