//! Chains in the plane: segments joined end to end, a floor or a wall in 2D (Box2D's chain
//! shape, parry's and avian2d's polyline). Each segment is a piece of its own; the normals a
//! chain really has where a contact lies are its **normal cone** there, as on a mesh: a
//! segment's own normal inside it, the arc between two segments' normals at a vertex where the
//! chain turns outwards (or runs straight on), either segment's normal where it turns in.
//!
//! ```text
//!          n₀   n₁        a flat chain: n₀ = n₁ at the joint, and a body sliding along
//!          ↑    ↑         that meets the next segment's end alone gets a normal leaning
//!   ●──────●────●──────   back (a ghost), the vertex's outside on the lone segment
//!   g₁     p₁   p₂    g₂  ghost vertices: the points beyond the segment's ends
//! ```
//!
//! A chain collides on the right of its direction (Box2D's rule: a loop runs anticlockwise, its
//! outside on the right). An open chain **with ghost vertices** (Box2D's) has its first and
//! last points for reference only: no segment runs to them, and every segment's ends have a
//! neighbour to judge by. Without them (a polyline), a contact at either end of the chain is on
//! its border.
//!
//! Box2D's fix (`b2ClassifyNormal`, from each segment's ghost vertices): a normal at a vertex
//! where the chain turns outwards is kept, unless it leans into the neighbour's own side (the
//! neighbour answers for it: the contact is skipped); at a vertex where it runs straight on or
//! turns in, the normal snaps to the segment's own.

use super::CompositeError;
use super::seam::{Bend, Verdict, angle_to_cone};
use crate::config::{Precision, thresholds};
use glam::{DVec2, DVec3};
use serde::{Deserialize, Serialize};

/// The sine `b2ClassifyNormal` reads a turn by: a vertex whose unit edges' cross product is at
/// least this turns outwards (convex), and a normal leans past a neighbour's by more than this.
pub const BOX2D_CONVEX_SIN: f64 = 0.01;

/// Segments joined end to end, in the plane `z = 0`.
#[derive(Debug, Clone, PartialEq)]
pub struct Chain {
    points: Vec<DVec3>,
    closed: bool,
    ghosts: bool,
}

/// Where on its segment a contact lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnSegment {
    /// Between its ends.
    Inside,
    /// At its first point.
    Start,
    /// At its last point.
    End,
}

/// What Box2D's ghost vertices make of a contact's normal.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Box2dFix {
    /// Kept.
    Admit,
    /// Replaced by the segment's own normal.
    Snap(DVec3),
    /// The contact is dropped: the neighbour answers for it, or it is behind the chain.
    Skip,
}

/// A contact on a chain, judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChainSeam {
    /// The segment the contact is on.
    pub segment: u32,
    /// Where on it.
    pub on: OnSegment,
    /// How the chain turns at that vertex (none inside the segment).
    pub bend: Option<Bend>,
    /// The contact's normal, out of the chain towards the other body.
    pub normal: DVec3,
    /// The contact is behind the segment (on its left): a one-sided chain has no such side.
    pub behind: bool,
    /// The normal cone, as convex cones whose union it is.
    pub cones: Vec<Vec<DVec3>>,
    /// How far the normal lies outside the cone, in radians.
    pub off_by: f64,
    /// What that makes the normal.
    pub verdict: Verdict,
    /// What Box2D's ghost vertices make of it.
    pub box2d: Box2dFix,
}

impl Chain {
    /// A chain through `points`, each `[x, y]`: a loop when `closed`; an open chain whose end
    /// points are only ghosts when `ghosts` (at least 4 points, as Box2D asks). Each fault is
    /// refused by its field.
    pub fn new(
        points: Vec<DVec2>,
        closed: bool,
        ghosts: bool,
        precision: Precision,
    ) -> Result<Self, CompositeError> {
        if closed && ghosts {
            return Err(CompositeError::new(
                "ghosts",
                "a loop has no ends for ghost vertices to stand at",
            ));
        }
        let least = if ghosts {
            4
        } else if closed {
            3
        } else {
            2
        };
        if points.len() < least {
            return Err(CompositeError::new(
                "points",
                format!("needs at least {least} points, got {}", points.len()),
            ));
        }
        if points.len() > super::mesh::MAX_MESH_SIZE {
            return Err(CompositeError::new(
                "points",
                format!("{} is more than a chain may have", points.len()),
            ));
        }
        let limit = precision.max_length();
        for (i, p) in points.iter().enumerate() {
            for (axis, x) in [("x", p.x), ("y", p.y)] {
                if !x.is_finite() || x.abs() > limit {
                    return Err(CompositeError::new(
                        format!("points[{i}].{axis}"),
                        format!("{x} is not a finite number within {limit:e}"),
                    ));
                }
            }
        }
        let n = points.len();
        let joined = if closed { n } else { n - 1 };
        for i in 0..joined {
            let (a, b) = (points[i], points[(i + 1) % n]);
            let size = a.abs().max(b.abs()).max_element();
            if a.distance(b) <= thresholds::feature_rounding(size) {
                return Err(CompositeError::new(
                    format!("points[{}]", (i + 1) % n),
                    format!("repeats points[{i}]: a segment has no length"),
                ));
            }
        }
        Ok(Chain {
            points: points.into_iter().map(|p| p.extend(0.0)).collect(),
            closed,
            ghosts,
        })
    }

    /// How many segments are pieces.
    pub fn segments(&self) -> usize {
        let n = self.points.len();
        match (self.closed, self.ghosts) {
            (true, _) => n,
            (false, true) => n - 3,
            (false, false) => n - 1,
        }
    }

    /// The chain's points (ghosts included).
    pub fn points(&self) -> &[DVec3] {
        &self.points
    }

    /// Segment `s`'s two ends.
    pub fn ends(&self, s: u32) -> [DVec3; 2] {
        let k = s as usize + usize::from(self.ghosts);
        [self.point(k as isize), self.point(k as isize + 1)]
    }

    /// Segment `s`'s unit normal, on its right.
    pub fn normal(&self, s: u32) -> DVec3 {
        let [a, b] = self.ends(s);
        right(b - a)
    }

    /// The point before segment `s`'s start, and the one after its end, where the chain goes
    /// on (a ghost vertex, or the neighbour's far end); none at an open chain's border.
    pub fn around(&self, s: u32) -> (Option<DVec3>, Option<DVec3>) {
        let k = (s as usize + usize::from(self.ghosts)) as isize;
        let n = self.points.len() as isize;
        let has = |i: isize| self.closed || (0..n).contains(&i);
        (
            has(k - 1).then(|| self.point(k - 1)),
            has(k + 2).then(|| self.point(k + 2)),
        )
    }

    fn point(&self, i: isize) -> DVec3 {
        let n = self.points.len() as isize;
        self.points[i.rem_euclid(n) as usize]
    }
}

/// The unit normal on the right of `d` in the plane.
fn right(d: DVec3) -> DVec3 {
    DVec3::new(d.y, -d.x, 0.0).normalize_or_zero()
}

/// `a × b` in the plane: positive where `b` turns anticlockwise from `a`.
fn cross(a: DVec3, b: DVec3) -> f64 {
    a.x * b.y - a.y * b.x
}

/// How the chain turns from the unit edge `e0` into the unit edge `e1`: outwards (a corner of
/// the solid on the right), straight on, or inwards.
fn turn(e0: DVec3, e1: DVec3, size: f64) -> Bend {
    let c = cross(e0, e1);
    let flat = thresholds::feature_rounding(size);
    if c > flat {
        Bend::Convex
    } else if c < -flat {
        Bend::Concave
    } else {
        Bend::Flat
    }
}

/// Judges the contact at `point` on segment `s` of `chain`, whose normal (out of the chain) is
/// `normal`.
pub fn judge(chain: &Chain, s: u32, point: DVec3, normal: DVec3) -> ChainSeam {
    let [a, b] = chain.ends(s);
    let own = chain.normal(s);
    let edge = (b - a).normalize();
    let size = a.abs().max(b.abs()).max(point.abs()).max_element();
    let near = thresholds::feature_rounding(size);
    let on = if point.distance(a) <= near {
        OnSegment::Start
    } else if point.distance(b) <= near {
        OnSegment::End
    } else {
        OnSegment::Inside
    };
    let behind = normal.dot(own) < 0.0;
    let (before, after) = chain.around(s);
    // The neighbour at the contact's vertex: its unit edge (leading in, or out), its normal.
    let neighbour = match on {
        OnSegment::Inside => None,
        OnSegment::Start => before.map(|g| ((a - g).normalize(), edge)),
        OnSegment::End => after.map(|g| (edge, (g - b).normalize())),
    };
    let bend = match (on, neighbour) {
        (OnSegment::Inside, _) => None,
        (_, None) => Some(Bend::Border),
        (_, Some((e0, e1))) => Some(turn(e0, e1, size)),
    };
    let side = if behind { -1.0 } else { 1.0 };
    let cones: Vec<Vec<DVec3>> = match (bend, neighbour) {
        (Some(Bend::Convex | Bend::Flat), Some((e0, e1))) => vec![vec![right(e0), right(e1)]],
        (Some(Bend::Concave), Some((e0, e1))) => vec![vec![right(e0)], vec![right(e1)]],
        _ => vec![vec![own]],
    }
    .into_iter()
    .map(|c| c.into_iter().map(|n| n * side).collect())
    .collect();
    let off_by = cones
        .iter()
        .map(|c| angle_to_cone(normal, c))
        .fold(f64::INFINITY, f64::min);
    let verdict = if bend == Some(Bend::Border) {
        Verdict::Border
    } else if off_by <= thresholds::seam_angle() {
        Verdict::Real
    } else {
        Verdict::Ghost
    };
    ChainSeam {
        segment: s,
        on,
        bend,
        normal,
        behind,
        cones,
        off_by,
        verdict,
        box2d: box2d_fix(on, neighbour, own, normal, behind),
    }
}

/// Box2D's `b2ClassifyNormal` on a contact at the vertex whose edges are `neighbour`: at an
/// outward turn the normal is kept unless it leans past the neighbour's normal (then the
/// neighbour answers: skipped); at a straight run or an inward turn it snaps to the segment's.
fn box2d_fix(
    on: OnSegment,
    neighbour: Option<(DVec3, DVec3)>,
    own: DVec3,
    normal: DVec3,
    behind: bool,
) -> Box2dFix {
    if behind {
        return Box2dFix::Skip;
    }
    let Some((e0, e1)) = neighbour else {
        return Box2dFix::Admit;
    };
    if cross(e0, e1) < BOX2D_CONVEX_SIN {
        return Box2dFix::Snap(own);
    }
    let leans_past = match on {
        OnSegment::Start => cross(normal, right(e0)) > BOX2D_CONVEX_SIN,
        OnSegment::End => cross(right(e1), normal) > BOX2D_CONVEX_SIN,
        OnSegment::Inside => false,
    };
    if leans_past {
        Box2dFix::Skip
    } else {
        Box2dFix::Admit
    }
}
