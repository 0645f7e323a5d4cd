//! A point's or a segment's closest points on a triangle, in closed form: what a ball's or a
//! capsule's core meets on a mesh (Ericson, *Real-Time Collision Detection*, §5.1.5, "Closest
//! point on triangle to point", and §5.1.10, "Closest points of a line segment and a
//! triangle").
//!
//! A point P's nearest point on triangle ABC lies in one of its seven Voronoi regions — a
//! corner's, an edge's or the face's — and each test below uses only dot products already
//! worked out for the regions before it:
//!
//! ```text
//!   d₁ = AB·AP, d₂ = AC·AP         both ≤ 0: A's region
//!   d₃ = AB·BP, d₄ = AC·BP         d₃ ≥ 0 and d₄ ≤ d₃: B's region
//!   v_c = d₁d₄ − d₃d₂              v_c ≤ 0, d₁ ≥ 0, d₃ ≤ 0: edge AB's, at A + AB·d₁/(d₁ − d₃)
//!   …                              and so on round C, AC and BC
//!   otherwise the face's: the barycentric (v, w) = (v_b, v_c)/(v_a + v_b + v_c)
//! ```
//!
//! A segment PQ that does not cross the triangle is nearest to it at an end (P's or Q's
//! nearest point on the face) or along an edge (the segment's closest points to each of the
//! three edges): the least of those five pairs. Where the segment does cross, or the triangle
//! is flat, no plane separates the two and the certificate says so; GJK answers instead.

use super::{Bounded, Segment, closest_points};
use crate::real::{Real, Vector};
use glam::{DQuat, DVec3};

/// A triangle in the query's frame, in precision `R`, and how far its corners reach from the
/// frame's origin (the scale of their rounding).
#[derive(Debug, Clone, Copy)]
pub struct Triangle<R: Real> {
    corners: [R::V; 3],
    reach: f64,
}

impl<R: Real> Triangle<R> {
    /// The triangle of `corners` (in the shape's own frame) placed at `position`, turned by
    /// `rotation`.
    pub fn of(corners: [DVec3; 3], position: DVec3, rotation: DQuat) -> Triangle<R> {
        let placed = corners.map(|c| position + rotation * c);
        Triangle {
            corners: placed.map(R::vec),
            // ‖c‖ ≤ |x| + |y| + |z|: a bound on each corner's reach without a square root.
            reach: placed
                .iter()
                .map(|c| c.abs().element_sum())
                .fold(0.0, f64::max),
        }
    }
}

impl<R: Real> Bounded<R> for Triangle<R> {
    fn reach(&self) -> f64 {
        self.reach
    }

    /// The furthest the triangle gets along `n`: one of its corners.
    fn support(&self, n: R::V) -> f64 {
        let [a, b, c] = self.corners.map(|p| n.dot(p).to_f64());
        a.max(b).max(c)
    }
}

/// The closest pair of points, the first on `segment` and the second on `triangle` (to
/// rounding), or `None` where the triangle is too flat to say.
pub fn closest<R: Real>(segment: &Segment<R>, triangle: &Triangle<R>) -> Option<(R::V, R::V)> {
    let [a, b, c] = triangle.corners;
    let on_face = |p: R::V| nearest_on_face(p, triangle).map(|t| (p, t));
    let mut best = on_face(segment.p)?;
    if segment.q == segment.p {
        return Some(best);
    }
    let candidates = [
        on_face(segment.q)?,
        closest_points(segment, &Segment::between(a, b)),
        closest_points(segment, &Segment::between(b, c)),
        closest_points(segment, &Segment::between(c, a)),
    ];
    for pair in candidates {
        if (pair.1 - pair.0).length_squared() < (best.1 - best.0).length_squared() {
            best = pair;
        }
    }
    Some(best)
}

/// The point of the triangle nearest `p`, found by its Voronoi region; `None` where the
/// triangle is flat (its corners on a line), which has no face region to divide by.
fn nearest_on_face<R: Real>(p: R::V, triangle: &Triangle<R>) -> Option<R::V> {
    let [a, b, c] = triangle.corners;
    let zero = R::ZERO;
    let (ab, ac) = (b - a, c - a);
    // Along an edge from `from`, the fraction `n / d` of it: clamped, so that the point stays
    // on the edge whatever the rounding of the division, and its start where the edge has no
    // length (`d` is 0 only on a flat triangle's collapsed edge).
    let along = |from: R::V, edge: R::V, n: R, d: R| {
        from + edge * if d > zero { unit(n / d) } else { zero }
    };
    let ap = p - a;
    let (d1, d2) = (ab.dot(ap), ac.dot(ap));
    if d1 <= zero && d2 <= zero {
        return Some(a);
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(bp), ac.dot(bp));
    if d3 >= zero && d4 <= d3 {
        return Some(b);
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= zero && d1 >= zero && d3 <= zero {
        return Some(along(a, ab, d1, d1 - d3));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(cp), ac.dot(cp));
    if d6 >= zero && d5 <= d6 {
        return Some(c);
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= zero && d2 >= zero && d6 <= zero {
        return Some(along(a, ac, d2, d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    let (e, f) = (d4 - d3, d5 - d6);
    if va <= zero && e >= zero && f >= zero {
        return Some(along(b, c - b, e, e + f));
    }
    // The face's region. The three areas' sum is twice the triangle's squared area times
    // its own: zero (or rounding's sign) for a flat triangle.
    let sum = va + vb + vc;
    if sum.partial_cmp(&zero) != Some(std::cmp::Ordering::Greater) {
        return None;
    }
    let v = unit(vb / sum);
    let w = unit(vc / sum);
    // v + w ≤ 1 keeps the point on the face; rounding may push it past by an ulp.
    let w = if v + w > R::ONE { R::ONE - v } else { w };
    Some(a + ab * v + ac * w)
}

/// `x` clamped to `[0, 1]`.
fn unit<R: Real>(x: R) -> R {
    if x < R::ZERO {
        R::ZERO
    } else if x > R::ONE {
        R::ONE
    } else {
        x
    }
}
