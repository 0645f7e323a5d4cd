//! From the face EPA converged on to the answer: the contact face (the one the foot of the
//! perpendicular from the origin falls in), the witness points interpolated on it, and the
//! depth's proven bounds.

use super::{Epa, EpaFinish, Face, depth_of};
use crate::config::thresholds;
use crate::real::{Real, Vector};
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::simplex::Simplex;
use crate::trace::{EpaStop, Penetration};

/// Where GJK left the shapes touching: its simplex's point nearest the origin, as a point of
/// each shape (its witnesses under the same weights).
pub(super) fn nearest<R: Real>(simplex: &Simplex<R>) -> CsoPoint<R> {
    let found = crate::simplex::voronoi::closest_feature::<R>(simplex.points());
    let (a, b) = simplex.witnesses(&found.weights[..simplex.len()]);
    CsoPoint { a, b, point: a - b }
}

/// The penetration the face `face` gives, with no bounds yet (see [`Epa::bounded`]).
///
/// The contact points are the face's corners' witnesses under the weights of the foot of the
/// perpendicular from the origin. A run stopped early (a cap, no progress) may end on a face
/// whose foot lies outside it: its weights would extrapolate, and put the points outside the
/// shapes. They are then the weights of the face's point nearest the foot, whose witnesses
/// are points of the shapes; the face's plane holds it, so the points are still `depth` apart
/// along the normal.
pub(super) fn penetration_from<R: Real>(face: &Face<R>, vertices: &[CsoPoint<R>]) -> Penetration {
    let depth = depth_of(face);
    let p = face.normal * depth;
    let tri = [
        vertices[face.v[0]],
        vertices[face.v[1]],
        vertices[face.v[2]],
    ];
    let mut w = barycentric::<R>(p, [tri[0].point, tri[1].point, tri[2].point]);
    if w.iter().any(|&x| x < R::ZERO) {
        let from_foot = tri.map(|c| c.point - p);
        let found = crate::simplex::voronoi::closest_feature::<R>(&from_foot);
        w = [found.weights[0], found.weights[1], found.weights[2]];
    }
    let mix = |f: &dyn Fn(&CsoPoint<R>) -> R::V| {
        f(&tri[0]) * w[0] + f(&tri[1]) * w[1] + f(&tri[2]) * w[2]
    };
    Penetration {
        depth: depth.to_f64(),
        normal: face.normal.to_f64(),
        point_a: mix(&|c| c.a).to_f64(),
        point_b: mix(&|c| c.b).to_f64(),
        depth_bounds: None,
        certified: false,
    }
}

/// The distance from the origin to the segment `pq`.
fn segment_distance(p: glam::DVec3, q: glam::DVec3) -> f64 {
    let e = q - p;
    let ee = e.length_squared();
    let t = if ee > 0.0 {
        (-p.dot(e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p + e * t).length()
}

/// Barycentric weights of the projection of `p` onto the triangle's plane.
pub(super) fn barycentric<R: Real>(p: R::V, t: [R::V; 3]) -> [R; 3] {
    let (ab, ac, ap) = (t[1] - t[0], t[2] - t[0], p - t[0]);
    let m = ab.cross(ac);
    let mm = m.length_squared();
    if mm <= R::ZERO {
        return [R::ONE, R::ZERO, R::ZERO];
    }
    let wb = m.dot(ap.cross(ac)) / mm;
    let wc = m.dot(ab.cross(ap)) / mm;
    [R::ONE - wb - wc, wb, wc]
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Epa<'_, R, A, B> {
    /// A flat side of `A ⊖ B` is split into coplanar triangles, all at the same distance; the
    /// foot of the perpendicular from the origin lies in only one of them. The contact points
    /// are interpolated from that one (its weights are all non-negative), not extrapolated from
    /// a neighbour. Only a face in the same plane to rounding may stand in: its normal equal
    /// within `epa_tiny` and its distance within the slack. (A window on the distance alone let a
    /// face 153° round from the converged one report its depth and normal, in f32.)
    pub(super) fn contact_face(&self, closest: Face<R>) -> Face<R> {
        let slack = thresholds::epa_tiny::<R>() * (R::ONE + closest.distance.abs());
        let foot = closest.normal * closest.distance;
        let inside = |f: &Face<R>| {
            barycentric::<R>(foot, f.v.map(|i| self.vertices[i].point))
                .iter()
                .all(|&w| w >= -slack)
        };
        if inside(&closest) {
            return closest;
        }
        let coplanar = |f: &&Face<R>| {
            f.normal.dot(closest.normal) >= R::ONE - thresholds::epa_tiny::<R>()
                && (f.distance - closest.distance).abs() <= slack
        };
        self.faces
            .iter()
            .filter(coplanar)
            .find(|f| inside(f))
            .copied()
            .unwrap_or(closest)
    }

    /// `penetration` with its proven depth bounds (see [`prove_depth`]).
    pub(super) fn bounded(&self, penetration: Penetration, normal: R::V) -> Penetration {
        let point = |p: &CsoPoint<R>| p.a.to_f64() - p.b.to_f64();
        // A polytope of slivers alone is flat: no ball fits in it, and a sliver's distance
        // (to its longest edge) is no signed distance that the origin's side could show: a
        // flat body only touching another would be given a depth it does not have.
        if self.faces.iter().all(|f| f.normal == R::V::ZERO) {
            return prove_depth(&self.cso, penetration, normal, [0.0, 0.0], |d| {
                self.threshold(d)
            });
        }
        // Each face's distance, and how far its plane may be off beyond the support points'
        // own rounding (taken off below).
        let nearest_face = self
            .faces
            .iter()
            .map(|f| {
                if f.normal != R::V::ZERO {
                    // The plane as made from the witnesses, and how far its own rounding
                    // may have moved it.
                    let corners = f.v.map(|i| point(&self.vertices[i]));
                    let turn = crate::proof::bounds::face_turn(corners);
                    [f.distance.to_f64() - turn, turn]
                } else {
                    // A sliver: the origin's distance to its longest edge.
                    let [a, b, c] = f.v.map(|i| point(&self.vertices[i]));
                    let d = [(a, b), (b, c), (c, a)]
                        .iter()
                        .map(|&(p, q)| segment_distance(p, q))
                        .fold(f64::INFINITY, f64::min);
                    [d, 0.0]
                }
            })
            .fold([f64::INFINITY, 0.0], |m, x| if x[0] < m[0] { x } else { m });
        prove_depth(&self.cso, penetration, normal, nearest_face, |d| {
            self.threshold(d)
        })
    }
}

/// `penetration` with its proven depth bounds, for the reported `normal`, when the polytope
/// (or polygon) EPA grew has its nearest face (or edge) `nearest[0]` from the origin, that
/// face's plane known to `nearest[1]` (its distance already lowered by it):
///
/// ```text
///   lower:  the polytope's faces close round the origin, and its vertices are points of
///           A ⊖ B, so a ball of radius min over faces of (n_f · p_f) about the origin
///           lies in A ⊖ B: no shorter translation separates the shapes
///   upper:  w = s(n) is the furthest point of A ⊖ B along n, so moving B by (n · w) n
///           leaves the origin outside: depth ≤ n · w
/// ```
///
/// Both are computed again in f64 from the witnesses and give up the support points'
/// rounding allowance ([`crate::proof::bounds`]). The depth is certified when they are no wider
/// than the convergence test allows at that depth (`threshold`), plus twice that allowance
/// and the nearest plane's own rounding.
pub(super) fn prove_depth<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    mut penetration: Penetration,
    normal: R::V,
    [nearest, plane_rounding]: [f64; 2],
    threshold: impl Fn(R) -> R,
) -> Penetration {
    let allowance = crate::proof::bounds::allowance(cso);
    let lower = if nearest.is_finite() && nearest > allowance {
        nearest - allowance
    } else {
        0.0
    };
    let n = crate::real::unit_or_zero::<f64>(normal.to_f64());
    let w = cso.support(normal);
    let upper = n.dot(w.a.to_f64() - w.b.to_f64()) + allowance;
    if n != glam::DVec3::ZERO && upper.is_finite() {
        let upper = upper.max(lower);
        penetration.depth_bounds = Some([lower, upper]);
        // The face's own distance, in the working precision, may sit a rounding outside.
        penetration.depth = penetration.depth.clamp(lower, upper);
        let allowed = threshold(R::from_f64(upper)).to_f64() + 2.0 * allowance + plane_rounding;
        penetration.certified = upper - lower <= allowed;
    }
    penetration
}

/// The answer of an EPA that cannot start, `A ⊖ B` being flat round the origin (its shape
/// `measure`): the bodies only touch, at `p` (GJK's closest points), along `normal`, with depth 0 and its bounds
/// (`threshold`: the run's convergence test).
pub(super) fn flat_finish<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    normal: R::V,
    p: &CsoPoint<R>,
    measure: R,
    threshold: impl Fn(R) -> R,
) -> EpaFinish {
    let touching = Penetration {
        depth: 0.0,
        normal: normal.to_f64(),
        point_a: p.a.to_f64(),
        point_b: p.b.to_f64(),
        depth_bounds: None,
        certified: false,
    };
    // No face yet: the lower bound is 0.
    let answer = prove_depth(cso, touching, normal, [f64::INFINITY, 0.0], threshold);
    let termination = EpaStop::Flat {
        measure: measure.to_f64(),
    };
    (answer, termination)
}
