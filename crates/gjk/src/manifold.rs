//! After the depth: the contact manifold, the few points a physics engine holds two shapes
//! apart by.
//!
//! GJK and EPA end with one normal, one depth and one pair of points. A box resting on a box
//! touches along a whole face, and one point cannot hold it still: it rocks. So engines turn
//! the normal into up to four points (two in the plane), in four stages, each recorded here as
//! a [`ManifoldStep`]:
//!
//! ```text
//!   1 features     A's supporting feature along n, B's along −n       vertex, edge or face
//!   2 reference    the face (or the face nearer n) is the reference;  the other is incident
//!   3 clip         the incident feature cut by each side plane of     Sutherland–Hodgman
//!                  the reference, one plane at a time
//!   4 depths       each point left paired with the reference straight across along n;
//!                  points apart dropped; more than four reduced to the deepest and widest
//! ```
//!
//! A vertex, or two edges crossing, touch in one point: the manifold is then the answer's own
//! pair. Every point pair lies on the shapes' surfaces (features are checked against their
//! supporting planes, [`feature`]), straight across along the normal, and the deepest is at most
//! the answer's upper depth bound: the support planes along the normal bound every pair.
//!
//! The same stages as Box2D v3's `manifold.c` and Jolt's `ManifoldBetweenTwoFaces` (Ericson
//! §5.2.8 and §8.3.4 explain the clipping); here each is recorded, and the observer costs
//! nothing when it records nothing.
//!
//! May use everything up to [`crate::query`].

pub mod clip;
pub mod feature;
pub mod record;
pub mod reduce;

use crate::config::{Dimension, thresholds};
use crate::query::Placed;
use crate::trace::{NoTrace, Observer, Penetration};
use clip::{Cut, across, clip, edge_planes, face_planes, on_segment, onto_face};
use feature::{FeatureShape, Supporting, supporting};
use glam::DVec3;
pub use record::{Choice, ContactPoint, ManifoldStep, Side, Single, Stage};
use reduce::reduce;
use serde::{Deserialize, Serialize};

/// A contact manifold: the normal and up to four contact points (two in the plane).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifold {
    /// The contact normal, from A to B (the answer's).
    pub normal: DVec3,
    /// The contacts, deepest first.
    pub points: Vec<ContactPoint>,
}

impl Manifold {
    /// The deepest contact's depth.
    pub fn deepest(&self) -> f64 {
        self.points
            .iter()
            .map(|c| c.depth)
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

impl Observer<ManifoldStep> for Vec<ManifoldStep> {
    const ENABLED: bool = true;
    fn on_step(&mut self, step: ManifoldStep) {
        self.push(step);
    }
}

/// The manifold of `a` and `b` overlapping as `answer` says (its normal and its own pair),
/// with no record.
pub fn manifold(a: Placed<'_>, b: Placed<'_>, answer: &Penetration, dim: Dimension) -> Manifold {
    generate(a, b, answer, dim, &mut NoTrace)
}

/// The manifold and its stages.
pub fn trace_manifold(
    a: Placed<'_>,
    b: Placed<'_>,
    answer: &Penetration,
    dim: Dimension,
) -> (Manifold, Vec<ManifoldStep>) {
    let mut steps = Vec::new();
    let m = generate(a, b, answer, dim, &mut steps);
    (m, steps)
}

/// Builds the manifold stage by stage, handing each stage to `observer`.
pub fn generate<O: Observer<ManifoldStep>>(
    a: Placed<'_>,
    b: Placed<'_>,
    answer: &Penetration,
    dim: Dimension,
    observer: &mut O,
) -> Manifold {
    let n = answer.normal;
    let mut log = Log {
        observer,
        normal: n,
        index: 0,
    };
    // The answer's own pair, its depth its own separation along the normal (the answer's
    // depth to within its bounds; for a touch within the absolute tolerance, a gap).
    let own = ContactPoint {
        point_a: answer.point_a,
        point_b: answer.point_b,
        depth: (answer.point_a - answer.point_b).dot(n),
    };
    let single = |log: &mut Log<O>, why| {
        log.record(|| Stage::Single { why, point: own });
        Manifold {
            normal: n,
            points: vec![own],
        }
    };
    if !n.is_finite() || !n.is_normalized() {
        return single(&mut log, Single::NoNormal);
    }
    let fa = supporting(a.shape.shape(), a.pose, a.margin, n);
    let fb = supporting(b.shape.shape(), b.pose, b.margin, -n);
    let kinds = (fa.shape, fb.shape);
    log.record(|| Stage::Features {
        a: fa.clone(),
        b: fb.clone(),
    });
    if kinds.0 == FeatureShape::Vertex || kinds.1 == FeatureShape::Vertex {
        return single(&mut log, Single::Vertex);
    }
    let (reference, choice) = choose(&fa, &fb);
    let (refer, incident) = match reference {
        Side::A => (&fa, &fb),
        Side::B => (&fb, &fa),
    };
    // The reference's outward side: along n for A's feature, against it for B's.
    let up = match reference {
        Side::A => n,
        Side::B => -n,
    };
    let planes = match refer.shape {
        FeatureShape::Face => face_planes(&refer.points, up),
        _ => {
            let [p, q] = [refer.points[0], refer.points[1]];
            let [r, s] = [incident.points[0], incident.points[1]];
            let crossing = (q - p)
                .normalize_or_zero()
                .cross((s - r).normalize_or_zero());
            if crossing.length() > thresholds::feature_angle().sin() {
                return single(&mut log, Single::Crossing);
            }
            edge_planes([p, q], up)
        }
    };
    log.record(|| Stage::Reference { reference, choice });
    let rounding = thresholds::feature_rounding(a.reach() + b.reach());
    let closed = incident.shape == FeatureShape::Face;
    let mut points = incident.points.clone();
    let mut cut = Cut::default();
    let count = planes.len();
    for (side, plane) in planes.into_iter().enumerate() {
        clip(&points, closed, plane, rounding, &mut cut);
        log.record(|| Stage::Clip {
            side: side + 1,
            of: count,
            plane,
            before: points.clone(),
            after: cut.after.clone(),
            cut: cut.cut.clone(),
            added: cut.added.clone(),
        });
        // The points after the cut go on; the list before is reused for the next cut.
        std::mem::swap(&mut points, &mut cut.after);
        if points.is_empty() {
            break;
        }
    }
    let (kept, dropped) = pair(&points, refer, reference, n, rounding);
    if kept.is_empty() {
        if !points.is_empty() {
            log.record(|| Stage::Depths {
                kept: Vec::new(),
                dropped,
            });
        }
        return single(&mut log, Single::NoneLeft);
    }
    log.record(|| Stage::Depths {
        kept: kept.clone(),
        dropped,
    });
    let budget = match dim {
        Dimension::Two => 2,
        Dimension::Three => 4,
    };
    let mut points = reduce(&kept, n, budget);
    if points.len() < kept.len() {
        log.record(|| Stage::Reduce {
            kept: points.clone(),
            from: kept.len(),
        });
    }
    points.sort_by(|p, q| q.depth.total_cmp(&p.depth));
    Manifold { normal: n, points }
}

/// Which feature is the reference: a face before an edge; of two of a kind, the one whose
/// normal is nearer the contact normal (A's on a tie).
fn choose(a: &Supporting, b: &Supporting) -> (Side, Choice) {
    if a.shape != b.shape {
        let face = if a.shape == FeatureShape::Face {
            Side::A
        } else {
            Side::B
        };
        (face, Choice::Larger)
    } else if b.angle < a.angle {
        (Side::B, Choice::Nearer)
    } else if a.angle < b.angle {
        (Side::A, Choice::Nearer)
    } else {
        (Side::A, Choice::Tie)
    }
}

/// Each incident point paired with the reference feature straight across along `n` (the
/// partner kept on the feature: see [`onto_face`]), split into those in contact (depth at
/// least `−rounding`) and those apart.
fn pair(
    points: &[DVec3],
    refer: &Supporting,
    reference: Side,
    n: DVec3,
    rounding: f64,
) -> (Vec<ContactPoint>, Vec<ContactPoint>) {
    let offset = refer.offset();
    points
        .iter()
        .filter_map(|&p| {
            let q = across(p, n, refer.normal, offset)?;
            let q = match refer.shape {
                FeatureShape::Edge => on_segment(q, [refer.points[0], refer.points[1]]),
                FeatureShape::Face => onto_face(q, &refer.points, refer.normal),
                FeatureShape::Vertex => q,
            };
            let (point_a, point_b) = match reference {
                Side::A => (q, p),
                Side::B => (p, q),
            };
            Some(ContactPoint {
                point_a,
                point_b,
                depth: (point_a - point_b).dot(n),
            })
        })
        .partition(|c| c.depth >= -rounding)
}

/// Numbers the stages and hands them on.
struct Log<'o, O> {
    observer: &'o mut O,
    normal: DVec3,
    index: u32,
}

impl<O: Observer<ManifoldStep>> Log<'_, O> {
    #[inline]
    fn record(&mut self, stage: impl FnOnce() -> Stage) {
        if O::ENABLED {
            self.index += 1;
            self.observer.on_step(ManifoldStep {
                index: self.index,
                normal: self.normal,
                stage: stage(),
            });
        }
    }
}
