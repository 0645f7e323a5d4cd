//! The distance subalgorithm: which feature of a simplex is closest to the origin.
//!
//! Given a simplex `Y` (1 to 4 points), GJK needs the point of `conv(Y)` nearest the origin and
//! the smallest sub-simplex `X ⊆ Y` that contains it. Johnson's answer, in Ericson's geometric
//! reading ("The Gilbert-Johnson-Keerthi algorithm", §4–5), is to find the feature of `Y` whose **Voronoi region** holds the
//! origin. Every region is an intersection of half-spaces, and every one of those half-spaces is
//! the sign of one barycentric coordinate:
//!
//! ```text
//!   origin ∈ VR(X)  ⇔  λⱼ^X(0) ≥ 0        for every j ∈ X     (its projection is inside X)
//!                  and λᵧ^{X∪{y}}(0) ≤ 0  for every y ∉ X     (adding y would not help)
//! ```
//!
//! where `λⱼ^S(P)` is the barycentric coordinate of vertex `j` of the projection of `P` onto the
//! affine hull of `S`. Each `λⱼ^S` is affine in `P`, so `λⱼ^S(P) ≥ 0` is the half-space
//! `(P − q)·n ≥ 0` of a plane through the face of `S` opposite `j`, with normal `n` towards `j`:
//!
//! ```text
//!   S = {a, b}       j = b:  n = b − a                  (the plane through a ⊥ ab)
//!   S = {a, b, c}    j = c:  n = m × (b − a), m = ab×ac (the plane through ab ⊥ the triangle)
//!   S = {a, b, c, d} j = d:  n = ±(b − a)×(c − a)       (the face plane abc)
//! ```
//!
//! The same planes decide the region (evaluated at the origin) and draw it (in the app).

use crate::config::thresholds;
use crate::real::{Real, Vector};
use crate::trace::{Few, HalfSpace, Step};
use glam::DVec3;

/// The answer of the subalgorithm for a candidate simplex.
#[derive(Debug, Clone, Copy)]
pub struct Reduction<R: Real> {
    /// Bit `i` set: vertex `i` of the candidate is kept.
    pub mask: u8,
    /// Barycentric weight of every candidate vertex (zero for dropped ones).
    pub weights: [R; 4],
    /// The point of the kept sub-simplex nearest the origin.
    pub closest: R::V,
    /// The region tests were inconclusive and the nearest sub-simplex was taken instead.
    pub by_fallback: bool,
}

/// Sub-simplices of a 1-, 2-, 3- and 4-point simplex, smallest first, as bit masks.
const ORDER: [&[u8]; 5] = [
    &[],
    &[0b1],
    &[0b01, 0b10, 0b11],
    &[0b001, 0b010, 0b100, 0b011, 0b101, 0b110, 0b111],
    &[
        0b0001, 0b0010, 0b0100, 0b1000, 0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100, 0b0111,
        0b1011, 0b1101, 0b1110, 0b1111,
    ],
];

/// The sub-simplex masks of an `n`-point simplex, smallest first.
pub fn sub_simplices(n: usize) -> &'static [u8] {
    ORDER[n]
}

/// A subset of at most four points, in index order.
#[derive(Clone, Copy)]
struct Subset<R: Real> {
    points: [R::V; 4],
    indices: [usize; 4],
    len: usize,
}

impl<R: Real> Subset<R> {
    fn of(y: &[R::V], mask: u8) -> Self {
        let mut s = Subset {
            points: [R::V::ZERO; 4],
            indices: [0; 4],
            len: 0,
        };
        for (i, &p) in y.iter().enumerate() {
            if mask & (1 << i) != 0 {
                s.points[s.len] = p;
                s.indices[s.len] = i;
                s.len += 1;
            }
        }
        s
    }

    fn pts(&self) -> &[R::V] {
        &self.points[..self.len]
    }

    fn position(&self, index: usize) -> usize {
        self.indices[..self.len]
            .iter()
            .position(|&i| i == index)
            .expect("index is in the subset")
    }
}

/// How far from collapsed a simplex is, relative to its size: 1 for a well-shaped one, 0 for a
/// point, a collinear triangle or a flat tetrahedron. (Length, sine of an angle, normalised
/// volume.)
pub fn shape_measure<R: Real>(s: &[R::V]) -> R {
    match s.len() {
        2 => {
            let ab = s[1] - s[0];
            let scale = s[0].length_squared() + s[1].length_squared();
            if scale > R::ZERO {
                (ab.length_squared() / scale).sqrt()
            } else {
                R::ZERO
            }
        }
        3 => {
            let (ab, ac) = (s[1] - s[0], s[2] - s[0]);
            let denom = ab.length_squared() * ac.length_squared();
            if denom > R::ZERO {
                (ab.cross(ac).length_squared() / denom).sqrt()
            } else {
                R::ZERO
            }
        }
        4 => {
            let (ab, ac, ad) = (s[1] - s[0], s[2] - s[0], s[3] - s[0]);
            // ‖ab‖‖ac‖‖ad‖, without forming a sixth power.
            let denom =
                (ab.length_squared() * ac.length_squared()).sqrt() * ad.length_squared().sqrt();
            if denom > R::ZERO {
                (ab.dot(ac.cross(ad)) / denom).abs()
            } else {
                R::ZERO
            }
        }
        _ => R::ONE,
    }
}

fn is_flat<R: Real>(s: &[R::V]) -> bool {
    // The same tests as `shape_measure(s) <= tol`, squared so the hot path takes no roots.
    let tol2 = thresholds::collapsed::<R>() * thresholds::collapsed::<R>();
    // A simplex with a collapsed edge is collapsed too, even if its normalised measure is not.
    for i in 0..s.len() {
        for j in i + 1..s.len() {
            let scale = s[i].length_squared() + s[j].length_squared();
            if (s[j] - s[i]).length_squared() <= tol2 * scale {
                return true;
            }
        }
    }
    match s.len() {
        3 => {
            let (ab, ac) = (s[1] - s[0], s[2] - s[0]);
            ab.cross(ac).length_squared() <= tol2 * ab.length_squared() * ac.length_squared()
        }
        4 => {
            let (ab, ac, ad) = (s[1] - s[0], s[2] - s[0], s[3] - s[0]);
            let volume = ab.dot(ac.cross(ad));
            // volume² ≤ tol²‖ab‖²‖ac‖²‖ad‖², with one ‖ad‖² divided out first: both sides are
            // sixth powers of a length, which overflow f32 from lengths of about 3e6. (‖ad‖ > 0:
            // a collapsed edge returned above.)
            (volume / ad.length_squared()) * volume
                <= tol2 * ab.length_squared() * ac.length_squared()
        }
        _ => false,
    }
}

/// The plane `(P − q)·n = 0` with `λⱼ^S(P) ≥ 0 ⇔ (P − q)·n ≥ 0` (see the module comment).
/// `s` must not be flat.
fn coordinate_plane<R: Real>(s: &[R::V], j: usize) -> (R::V, R::V) {
    let others = |k: usize| -> R::V { s[(j + 1 + k) % s.len()] };
    let (n, q) = match s.len() {
        2 => (s[j] - others(0), others(0)),
        3 => {
            let m = (s[1] - s[0]).cross(s[2] - s[0]);
            let (p, r) = (others(0), others(1));
            (m.cross(r - p), p)
        }
        _ => {
            let (p, r, t) = (others(0), others(1), others(2));
            ((r - p).cross(t - p), p)
        }
    };
    // Orient the normal towards vertex j.
    if n.dot(s[j] - q) < R::ZERO {
        (-n, q)
    } else {
        (n, q)
    }
}

/// One bounding half-space of a Voronoi region: the plane and whether the region is on its
/// positive side.
type Bound<R> = (<R as Real>::V, <R as Real>::V, bool);

/// The half-spaces bounding the Voronoi region of sub-simplex `mask` of `y`, or `None` when the
/// region is not well defined (the sub-simplex, or one it would grow into, is flat).
fn region_bounds<R: Real>(y: &[R::V], mask: u8) -> Option<Few<Bound<R>>> {
    let x = Subset::<R>::of(y, mask);
    if is_flat::<R>(x.pts()) {
        return None;
    }
    let mut bounds = Few::new();
    if x.len >= 2 {
        for j in 0..x.len {
            let (n, q) = coordinate_plane::<R>(x.pts(), j);
            bounds.push((n, q, true));
        }
    }
    for k in 0..y.len() {
        if mask & (1 << k) != 0 {
            continue;
        }
        let grown = Subset::<R>::of(y, mask | (1 << k));
        if is_flat::<R>(grown.pts()) {
            return None;
        }
        let (n, q) = coordinate_plane::<R>(grown.pts(), grown.position(k));
        bounds.push((n, q, false));
    }
    Some(bounds)
}

/// Does the Voronoi region of `mask` hold the origin? `None` if the region is not defined.
fn region_holds_origin<R: Real>(y: &[R::V], mask: u8) -> Option<bool> {
    let x = Subset::<R>::of(y, mask);
    if is_flat::<R>(x.pts()) {
        return None;
    }
    // Inside X: every λⱼ^X(0) = −q·n ≥ 0.
    if x.len >= 2 {
        for j in 0..x.len {
            let (n, q) = coordinate_plane::<R>(x.pts(), j);
            if q.dot(n) > R::ZERO {
                return Some(false);
            }
        }
    }
    // Not helped by any other vertex: λᵧ^{X∪{y}}(0) ≤ 0.
    for k in 0..y.len() {
        if mask & (1 << k) != 0 {
            continue;
        }
        let grown = Subset::<R>::of(y, mask | (1 << k));
        if is_flat::<R>(grown.pts()) {
            return None;
        }
        let (n, q) = coordinate_plane::<R>(grown.pts(), grown.position(k));
        if q.dot(n) < R::ZERO {
            return Some(false);
        }
    }
    Some(true)
}

/// The Voronoi region of a recorded step's feature, as half-spaces `normal·x ≥ offset` with unit
/// normals, for drawing: worked out from the step's candidate points when read (recording a
/// step computes none). Empty for a single point (its region is everything), an undefined
/// region, or a step with no feature (see [`Step::feature`]).
pub fn step_region(step: &Step) -> Few<HalfSpace> {
    let Some(feature) = &step.feature else {
        return Few::new();
    };
    let mut points = [DVec3::ZERO; 4];
    for (p, v) in points.iter_mut().zip(&step.candidate) {
        *p = v.point;
    }
    let mask = feature.vertices.iter().fold(0u8, |m, &i| m | (1 << i));
    region_half_spaces(&points[..step.candidate.len().min(4)], mask)
}

/// The Voronoi region of sub-simplex `mask` of `y` as half-spaces (see [`step_region`]); empty
/// for a single point or an undefined region.
pub fn region_half_spaces(y: &[DVec3], mask: u8) -> Few<HalfSpace> {
    region_bounds::<f64>(y, mask)
        .unwrap_or_default()
        .into_iter()
        .map(|(n, q, inside)| {
            let n = if inside { n } else { -n };
            let unit = n.normalize_or_zero();
            HalfSpace {
                normal: unit,
                offset: unit.dot(q),
            }
        })
        .collect()
}

/// Barycentric weights (in subset order) of the projection of the origin onto `aff(s)`.
fn project_origin<R: Real>(s: &[R::V]) -> [R; 4] {
    let mut w = [R::ZERO; 4];
    match s.len() {
        1 => w[0] = R::ONE,
        2 => {
            let ab = s[1] - s[0];
            let t = -s[0].dot(ab) / ab.length_squared();
            w[0] = R::ONE - t;
            w[1] = t;
        }
        3 => {
            // Signed areas relative to a: λ_b = m·((0 − a) × ac)/m·m, λ_c = m·(ab × (0 − a))/m·m.
            let (a, ab, ac) = (s[0], s[1] - s[0], s[2] - s[0]);
            let m = ab.cross(ac);
            let mm = m.length_squared();
            w[1] = m.dot((-a).cross(ac)) / mm;
            w[2] = m.dot(ab.cross(-a)) / mm;
            w[0] = R::ONE - w[1] - w[2];
        }
        _ => {
            // Signed volumes: replace one vertex by the origin.
            let (a, ab, ac, ad) = (s[0], s[1] - s[0], s[2] - s[0], s[3] - s[0]);
            let det = ab.dot(ac.cross(ad));
            w[1] = (-a).dot(ac.cross(ad)) / det;
            w[2] = ab.dot((-a).cross(ad)) / det;
            w[3] = ab.dot(ac.cross(-a)) / det;
            w[0] = R::ONE - w[1] - w[2] - w[3];
        }
    }
    w
}

/// `s₀ + Σ λᵢ (sᵢ − s₀)`: the weighted point, formed relative to the first vertex to keep the
/// rounding error proportional to the simplex's size rather than its distance from the origin.
fn combine<R: Real>(s: &[R::V], weights: &[R]) -> R::V {
    let mut p = s[0];
    for i in 1..s.len() {
        p = p + (s[i] - s[0]) * weights[i];
    }
    p
}

fn reduction<R: Real>(y: &[R::V], mask: u8, by_fallback: bool) -> Reduction<R> {
    let x = Subset::<R>::of(y, mask);
    let local = project_origin::<R>(x.pts());
    let mut weights = [R::ZERO; 4];
    for k in 0..x.len {
        weights[x.indices[k]] = local[k];
    }
    let closest = if x.len == 4 {
        R::V::ZERO
    } else {
        combine::<R>(x.pts(), &local[..x.len])
    };
    Reduction {
        mask,
        weights,
        closest,
        by_fallback,
    }
}

/// The smallest feature of `y` (1–4 points) closest to the origin.
///
/// First the exact Voronoi-region tests, smallest feature first; when rounding or a flat simplex
/// makes them inconclusive, the nearest of all non-flat sub-simplices whose projection lies inside
/// them (the point of `conv(y)` nearest the origin is always one of those).
pub fn closest_feature<R: Real>(y: &[R::V]) -> Reduction<R> {
    // In exact arithmetic the newest point (the last) belongs to the answer: it is the only
    // one beyond the plane through the old v (van den Bergen's observation). Its sub-simplices go
    // first; the others are only tried when rounding makes all of those fail.
    let newest = 1u8 << (y.len() - 1);
    for with_newest in [true, false] {
        for &mask in sub_simplices(y.len()) {
            if (mask & newest != 0) == with_newest
                && region_holds_origin::<R>(y, mask) == Some(true)
            {
                return reduction(y, mask, false);
            }
        }
    }
    let mut best: Option<(R, Reduction<R>)> = None;
    for &mask in sub_simplices(y.len()) {
        let x = Subset::<R>::of(y, mask);
        if is_flat::<R>(x.pts()) {
            continue;
        }
        let local = project_origin::<R>(x.pts());
        if local[..x.len].iter().any(|&w| w < R::ZERO) {
            continue;
        }
        let r = reduction::<R>(y, mask, true);
        let d2 = r.closest.length_squared();
        if best.as_ref().is_none_or(|(b, _)| d2 < *b) {
            best = Some((d2, r));
        }
    }
    // A single vertex is never flat and always projects onto itself, so `best` is set.
    best.map(|(_, r)| r)
        .unwrap_or_else(|| reduction(y, 1, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feature(y: &[DVec3]) -> (u8, DVec3) {
        let r = closest_feature::<f64>(y);
        assert!(!r.by_fallback);
        (r.mask, r.closest)
    }

    #[test]
    fn segment_regions() {
        // Segment along x from 1 to 3 in front of the origin... shifted so each region is hit.
        let y = |o: DVec3| {
            [
                DVec3::new(-1.0, 0.0, 0.0) - o,
                DVec3::new(1.0, 0.0, 0.0) - o,
            ]
        };
        assert_eq!(feature(&y(DVec3::new(-2.0, 1.0, 0.0))).0, 0b01);
        assert_eq!(feature(&y(DVec3::new(2.0, 1.0, 0.0))).0, 0b10);
        let (mask, v) = feature(&y(DVec3::new(0.5, 1.0, 0.0)));
        assert_eq!(mask, 0b11);
        assert!((v - DVec3::new(0.0, -1.0, 0.0)).length() < 1e-15);
    }
}
