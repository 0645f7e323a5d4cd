//! The signed-volumes distance subalgorithm (Montanari, Petrinic & Barbieri, "Improving the GJK
//! algorithm for faster and more reliable distance queries between convex objects", ACM TOG 36(3),
//! 2017, §3).
//!
//! Johnson's subalgorithm tests Voronoi regions one sub-simplex at a time. Signed volumes asks
//! one question per simplex instead: replace vertex `j` by the origin's projection `p` and
//! compare the signed volume (area, length) that results with the simplex's own.
//!
//! ```text
//!   tetrahedron  Cⱼ = vol(s₁ … p … s₄)  (p = 0 here)      λⱼ = Cⱼ / Σ Cᵢ
//!   triangle     Cⱼ = area of (s₁ … p … s₃) projected on the plane where the triangle is largest
//!   segment      Cⱼ = length of (s₁ … p) along the axis where the segment is longest
//! ```
//!
//! If every `Cⱼ` has the sign of the whole, `p` is inside and the `λⱼ` are its barycentric
//! coordinates. Otherwise `p` lies beyond each face (edge, end) opposite a `j` whose sign
//! differs; the answer is the nearest of those lower-dimensional answers, found the same way.
//! Projecting onto the axis-aligned plane (axis) of largest extent keeps the areas (lengths) as
//! large as the simplex allows, which is what makes the method robust on thin simplices where
//! Johnson's determinants cancel.

use crate::real::{Real, Vector};
use crate::simplex::voronoi::Reduction;

/// Same strict sign: zero matches nothing, so a degenerate simplex always recurses.
fn same_sign<R: Real>(a: R, b: R) -> bool {
    (a > R::ZERO && b > R::ZERO) || (a < R::ZERO && b < R::ZERO)
}

/// A feature found by the recursion: indices into the candidate, their weights, the point.
#[derive(Clone, Copy)]
struct Found<R: Real> {
    mask: u8,
    weights: [R; 4],
    closest: R::V,
}

impl<R: Real> Found<R> {
    #[inline(always)]
    fn vertex(y: &[R::V], i: usize) -> Self {
        let mut weights = [R::ZERO; 4];
        weights[i] = R::ONE;
        Found {
            mask: 1 << i,
            weights,
            closest: y[i],
        }
    }

    /// The weighted point, formed relative to the first kept vertex (rounding proportional to
    /// the simplex's size, not its distance from the origin).
    #[inline(always)]
    fn with_weights(y: &[R::V], idx: &[usize], lambda: &[R]) -> Self {
        let mut weights = [R::ZERO; 4];
        let mut mask = 0;
        let mut p = y[idx[0]];
        for (k, &i) in idx.iter().enumerate() {
            weights[i] = lambda[k];
            mask |= 1 << i;
            if k > 0 {
                p = p + (y[i] - y[idx[0]]) * lambda[k];
            }
        }
        Found {
            mask,
            weights,
            closest: p,
        }
    }

    #[inline(always)]
    fn nearer(self, other: Self) -> Self {
        if other.closest.length_squared() <= self.closest.length_squared() {
            other
        } else {
            self
        }
    }
}

/// The nearest of the features offered so far, the first of equals kept, updated in place:
/// passed back and forth as an `Option`, the answer would go through the stack at every
/// comparison.
struct Nearest<R: Real> {
    found: Found<R>,
    squared: R,
    any: bool,
}

impl<R: Real> Nearest<R> {
    #[inline(always)]
    fn new() -> Self {
        Nearest {
            found: Found {
                mask: 0,
                weights: [R::ZERO; 4],
                closest: R::V::ZERO,
            },
            squared: R::ZERO,
            any: false,
        }
    }

    /// Keeps `f` unless a feature offered before is as near (a NaN distance never is).
    #[inline(always)]
    fn offer(&mut self, f: Found<R>) {
        let squared = f.closest.length_squared();
        let as_near_before = self.any && self.squared <= squared;
        if !as_near_before {
            self.found = f;
            self.squared = squared;
            self.any = true;
        }
    }
}

/// Segment `y[i] y[j]`.
#[inline(always)]
fn s1d<R: Real>(y: &[R::V], i: usize, j: usize) -> Found<R> {
    let (a, b) = (y[i], y[j]);
    let t = b - a;
    let tt = t.length_squared();
    if tt > R::ZERO {
        // The origin's projection on the line, and the axis along which the segment is longest.
        let p = a - t * (a.dot(t) / tt);
        // The three points' coordinates along that axis, picked by one branch on it.
        let (ak, bk, pk) = match largest_axis::<R>(t) {
            0 => (a.x(), b.x(), p.x()),
            1 => (a.y(), b.y(), p.y()),
            _ => (a.z(), b.z(), p.z()),
        };
        let mu = ak - bk;
        let (ca, cb) = (pk - bk, ak - pk);
        if same_sign(mu, ca) && same_sign(mu, cb) {
            return Found::with_weights(y, &[i, j], &[ca / mu, cb / mu]);
        }
    }
    Found::vertex(y, i).nearer(Found::vertex(y, j))
}

/// Triangle `y[i] y[j] y[k]`.
#[inline(always)]
fn s2d<R: Real>(y: &[R::V], i: usize, j: usize, k: usize) -> Found<R> {
    let (a, b, c) = (y[i], y[j], y[k]);
    let n = (b - a).cross(c - a);
    let nn = n.length_squared();
    let mut inside = [false; 3];
    if nn > R::ZERO {
        let p = n * (a.dot(n) / nn);
        // Drop the axis where the normal is largest: the triangle's shadow on the other two
        // is as large as it gets. With the two kept axes following the dropped one
        // cyclically (y z, z x, x y), the shadow's signed area is the normal's component.
        // The four points' shadows and that component are picked by one branch on the axis
        // (not looked up axis by axis, a branch per coordinate); the `map` over the four
        // points is inlined.
        let (mu, [p2, a2, b2, c2]) = match largest_axis::<R>(n) {
            0 => (n.x(), [p, a, b, c].map(|v| [v.y(), v.z()])),
            1 => (n.y(), [p, a, b, c].map(|v| [v.z(), v.x()])),
            _ => (n.z(), [p, a, b, c].map(|v| [v.x(), v.y()])),
        };
        let area = |p: [R; 2], q: [R; 2], r: [R; 2]| {
            (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        };
        let c = [area(p2, b2, c2), area(a2, p2, c2), area(a2, b2, p2)];
        inside = c.map(|cj| same_sign(mu, cj));
        if inside.iter().all(|&s| s) {
            let lambda = c.map(|cj| cj / mu);
            return Found::with_weights(y, &[i, j, k], &lambda);
        }
    }
    // Beyond the edge opposite each vertex whose sign differs (every edge when flat).
    let mut best = Nearest::new();
    for (skip, edge) in [(0, (j, k)), (1, (i, k)), (2, (i, j))] {
        if !inside[skip] {
            best.offer(s1d::<R>(y, edge.0, edge.1));
        }
    }
    debug_assert!(
        best.any,
        "a point outside the triangle is beyond one of its edges"
    );
    best.found
}

/// Tetrahedron `y[0..4]`.
fn s3d<R: Real>(y: &[R::V]) -> Found<R> {
    let vol = |p: R::V, q: R::V, r: R::V, s: R::V| (q - p).dot((r - p).cross(s - p));
    let o = R::V::ZERO;
    let c = [
        vol(o, y[1], y[2], y[3]),
        vol(y[0], o, y[2], y[3]),
        vol(y[0], y[1], o, y[3]),
        vol(y[0], y[1], y[2], o),
    ];
    let det = c[0] + c[1] + c[2] + c[3];
    let inside = c.map(|cj| same_sign(det, cj));
    if inside.iter().all(|&s| s) {
        let lambda = c.map(|cj| cj / det);
        return Found::with_weights(y, &[0, 1, 2, 3], &lambda);
    }
    let faces = [(1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2)];
    let mut best = Nearest::new();
    for (skip, &(i, j, k)) in faces.iter().enumerate() {
        if !inside[skip] {
            best.offer(s2d::<R>(y, i, j, k));
        }
    }
    debug_assert!(
        best.any,
        "a point outside the tetrahedron is beyond one of its faces"
    );
    best.found
}

fn largest_axis<R: Real>(v: R::V) -> usize {
    let (x, y, z) = (v.get(0).abs(), v.get(1).abs(), v.get(2).abs());
    if x >= y && x >= z {
        0
    } else if y >= z {
        1
    } else {
        2
    }
}

/// The smallest sub-simplex of `y` (1–4 points) holding the point of `conv(y)` nearest the
/// origin, by signed volumes.
pub fn closest_feature<R: Real>(y: &[R::V]) -> Reduction<R> {
    let f = match y.len() {
        1 => Found::vertex(y, 0),
        2 => s1d::<R>(y, 0, 1),
        3 => s2d::<R>(y, 0, 1, 2),
        _ => s3d::<R>(y),
    };
    Reduction {
        mask: f.mask,
        weights: f.weights,
        closest: if f.mask == 0b1111 {
            R::V::ZERO
        } else {
            f.closest
        },
        by_fallback: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec3;

    #[test]
    fn agrees_with_the_voronoi_regions_on_well_shaped_simplices() {
        // Points around the origin at many offsets: both subalgorithms must keep the same
        // feature and the same closest point.
        let base = [
            DVec3::new(1.0, 0.2, -0.3),
            DVec3::new(-0.4, 1.1, 0.2),
            DVec3::new(-0.3, -0.6, 1.0),
            DVec3::new(0.2, -0.5, -1.2),
        ];
        let mut compared = 0;
        for i in 0..20 {
            for j in 0..20 {
                let o = DVec3::new(i as f64 * 0.23 - 2.3, j as f64 * 0.19 - 1.9, 0.37);
                for n in 1..=4 {
                    let y: Vec<DVec3> = base[..n].iter().map(|p| *p - o).collect();
                    let sv = closest_feature::<f64>(&y);
                    let vr = crate::simplex::voronoi::closest_feature::<f64>(&y);
                    assert_eq!(sv.mask, vr.mask, "{y:?}");
                    assert!((sv.closest - vr.closest).length() < 1e-12, "{y:?}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 1600);
    }
}
