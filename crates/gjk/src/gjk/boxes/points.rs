//! Two boxes as written, in f64, and the points that prove them overlapping or touching: a
//! point's room inside a box, its distance from it, a box's corner and edge along an axis,
//! and the alternating projections that look for a point inside both.

use crate::gjk::closed::Segment;
use crate::shape::{Pose, Shape};
use glam::{DMat3, DVec3};

/// How many rounds of projection (onto B, then onto A) the overlap's points may take.
const ROUNDS: usize = 6;

/// A box in the query's frame, as written (f64): its centre, its unit axes (the rotation's
/// columns) and its half extents along them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Oriented {
    pub(super) centre: DVec3,
    pub(super) axes: [DVec3; 3],
    pub(super) half: [f64; 3],
}

impl Oriented {
    /// The box a cuboid with no margin makes at `pose`; `None` for any other shape, and for
    /// numbers no box has (a pose that is not finite, a half extent below zero): a scenario
    /// never has them, but the library's callers may.
    #[inline]
    pub(super) fn of(shape: &Shape, pose: Pose, margin: f64) -> Option<Oriented> {
        let Shape::Cuboid { half_extents } = *shape else {
            return None;
        };
        let m = DMat3::from_quat(pose.rotation);
        // One sum of every number is finite only if each is (a sum too large to be finite
        // just leaves the pair to GJK).
        let every = m.x_axis + m.y_axis + m.z_axis + pose.position + half_extents;
        let sound = margin == 0.0 && half_extents.min_element() >= 0.0 && every.is_finite();
        sound.then(|| Oriented {
            centre: pose.position,
            axes: [m.x_axis, m.y_axis, m.z_axis],
            half: half_extents.to_array(),
        })
    }

    /// `p`'s coordinates in the box's frame.
    pub(super) fn local(&self, p: DVec3) -> DVec3 {
        let d = p - self.centre;
        DVec3::new(
            self.axes[0].dot(d),
            self.axes[1].dot(d),
            self.axes[2].dot(d),
        )
    }

    /// How far inside the box `p` is along its first `k` axes, the least of them (below zero:
    /// outside; not a number where a coordinate is not, which no check passes: `f64::min`
    /// would have dropped it).
    pub(super) fn room(&self, p: DVec3, k: usize) -> f64 {
        let l = self.local(p).to_array();
        (0..k)
            .map(|i| self.half[i] - l[i].abs())
            .fold(f64::INFINITY, |least, x| {
                if least.is_nan() || x >= least {
                    least
                } else {
                    x
                }
            })
    }

    /// How far `p` is from the box (0 inside), along its first `k` axes (not a number where a
    /// coordinate is not).
    pub(super) fn outside(&self, p: DVec3, k: usize) -> f64 {
        let l = self.local(p).to_array();
        (0..k)
            .map(|i| l[i].abs() - self.half[i])
            .fold(0.0, |sum, x| {
                if x > 0.0 || x.is_nan() {
                    sum + x * x
                } else {
                    sum
                }
            })
            .sqrt()
    }

    /// The box's corner furthest along `d` (any, where `d` is square to a face).
    pub(super) fn corner(&self, d: DVec3) -> DVec3 {
        (0..3).fold(self.centre, |p, m| {
            let s = if self.axes[m].dot(d) < 0.0 { -1.0 } else { 1.0 };
            p + self.axes[m] * (s * self.half[m])
        })
    }

    /// The edge along axis `i` through `corner`, a corner of the box.
    pub(super) fn edge(&self, corner: DVec3, i: usize) -> Segment<f64> {
        let along = self.axes[i] * (2.0 * self.half[i]);
        let back = if self.axes[i].dot(corner - self.centre) > 0.0 {
            corner - along
        } else {
            corner + along
        };
        Segment::between(corner, back)
    }

    /// The point nearest `p` of the box shrunk by `by` along its first `k` axes (the others
    /// are zero in the plane).
    pub(super) fn clamp(&self, p: DVec3, k: usize, by: f64) -> DVec3 {
        let l = self.local(p).to_array();
        (0..k).fold(self.centre, |q, i| {
            let h = (self.half[i] - by).max(0.0);
            q + self.axes[i] * l[i].clamp(-h, h)
        })
    }
}

/// A point of A and a point of B, each proven inside its box with room `slack` for the
/// check's rounding, and how far apart they are (0 when the first lies in both), or `None`
/// when a projection lands outside its own box (rounding, or numbers too large) or after
/// [`ROUNDS`] rounds they are still further apart than `within`.
///
/// They are found by projecting back and forth, starting from B's centre, onto the boxes
/// shrunk by `shrink` (at least twice the slack): the projections close in on the shrunken
/// boxes' common part, and a point within `shrink` of it is inside both boxes as they are, so
/// a few rounds suffice where the boxes overlap deeply.
pub(super) fn shared_point(
    [a, b]: &[Oriented; 2],
    k: usize,
    [slack, shrink]: [f64; 2],
    within: f64,
) -> Option<(DVec3, DVec3, f64)> {
    let inside = |x: &Oriented, p: DVec3| x.room(p, k) >= slack;
    let mut q = b.centre;
    for _ in 0..ROUNDS {
        let p = a.clamp(q, k, shrink);
        if inside(b, p) {
            return inside(a, p).then_some((p, p, 0.0));
        }
        q = b.clamp(p, k, shrink);
        if inside(a, q) {
            return inside(b, q).then_some((q, q, 0.0));
        }
        // The norm's own rounding is a few ε of it: the slack covers it.
        let apart = (p - q).length() + slack;
        if apart <= within && inside(a, p) && inside(b, q) {
            return Some((p, q, apart));
        }
    }
    None
}
