//! Whether a simplex of A ⊖ B holds the origin with room to spare, tested in f64 from the
//! witnesses, and how far a face's plane worked out from them may be off: the proof of an
//! overlap by GJK's last tetrahedron, and the rounding EPA's faces allow for.

use super::witness_points;
use crate::real::Real;
use crate::shape::cso::CsoPoint;
use glam::DVec3;

/// Whether the tetrahedron `vertices` (in the plane: the triangle) holds the origin with room to spare: on the inner side of
/// each face plane by more than the rounding `allowance` and the uncertainty of the plane
/// itself, tested in f64 from the witnesses.
///
/// The solvers decide "inside" in their working precision; near a face, or with a nearly flat
/// tetrahedron, rounding can put the origin inside one that misses it by far. The soak found
/// an f32 run against a flat polytope claiming overlap at a distance of 137, and an f64 run
/// whose final tetrahedron had three vertices within 1e-7 of each other: the normal of their
/// face, `e₁ × e₂` of two tiny edges, points anywhere. A point moved by `δ` turns a face's
/// normal by up to `δ(‖e₁‖ + ‖e₂‖)/‖e₁ × e₂‖` radians, which moves the plane at the origin by
/// that angle times `‖pᵢ‖`; both that and `δ` must fit inside the margin, for the origin and
/// for the opposite vertex that says which side is inside.
pub fn encloses_origin<R: Real>(vertices: &[CsoPoint<R>], allowance: f64) -> bool {
    let (points, n) = witness_points(vertices);
    let p = &points[..n];
    // Each point's and each edge's length, worked out once: every face asks for three of them.
    let mut norm = [0.0; 4];
    for (l, x) in norm.iter_mut().zip(p) {
        *l = x.length();
    }
    let size = norm[..n].iter().copied().fold(0.0, f64::max);
    let delta = allowance + crate::config::thresholds::enclosure_rounding(size);
    if vertices.len() == 3 {
        return triangle_encloses_origin(p, delta);
    }
    if vertices.len() != 4 {
        return false;
    }
    let mut edge = [[0.0; 4]; 4];
    for i in 0..4 {
        for j in i + 1..4 {
            edge[i][j] = (p[j] - p[i]).length();
            edge[j][i] = edge[i][j];
        }
    }
    // Each face with the vertex opposite it.
    [
        ([0, 1, 2], 3),
        ([0, 1, 3], 2),
        ([0, 2, 3], 1),
        ([1, 2, 3], 0),
    ]
    .iter()
    .all(|&([i, j, k], l)| {
        let (e1, e2) = (p[j] - p[i], p[k] - p[i]);
        let n = e1.cross(e2);
        let len = n.length();
        if !(len > 0.0 && len.is_finite()) {
            return false;
        }
        let face = Face {
            normal: n,
            rounding: delta * len,
            turn: delta * (edge[i][j] + edge[i][k]),
        };
        face.same_side([p[i], p[l]], [norm[i], edge[i][l]])
    })
}

/// How far the plane of the triangle `[a, b, c]`, worked out in f64 from those points, may lie
/// from their exact plane where it passes the origin's foot: the rounding of the work itself
/// ([`crate::config::thresholds::enclosure_rounding`] at their size), and what that rounding
/// turns the plane by, `δ (‖b − a‖ + ‖c − a‖) / ‖(b − a) × (c − a)‖` radians, times how far the
/// foot lies from `a` along the plane.
///
/// The points' own rounding (each within the allowance of a point of A ⊖ B) needs no such
/// term: a polytope of the computed points that holds a ball of radius `r + allowance` has
/// its true points' hull hold one of radius `r`, each support value of it being at most the
/// allowance less. So for a face of EPA's polytope over the foot this is a few roundings; for
/// a sliver 3e9 long and 1 wide, about 4e2: its distance, 0.97, then proves nothing (a
/// capsule 3e9 long, 0.47 from a cylinder, was given a polytope closed round the origin by
/// rounding alone, and the overlap it proved was false). Infinite for a face with no normal.
pub fn face_turn([a, b, c]: [DVec3; 3]) -> f64 {
    let size = a.length().max(b.length()).max(c.length());
    let delta = crate::config::thresholds::enclosure_rounding(size);
    let (e1, e2) = (b - a, c - a);
    let n = e1.cross(e2);
    let len = n.length();
    if !(len > 0.0 && len.is_finite()) {
        return f64::INFINITY;
    }
    // Turning the plane about `a` moves it at the origin's foot by the angle times how far
    // the foot is from `a`, along the plane.
    let along = (a - n * (n.dot(a) / (len * len))).length();
    delta + delta * (e1.length() + e2.length()) * along / len
}

/// A face (in the plane: an edge) through a point `i`, with its normal at any length `‖n‖`.
struct Face {
    normal: DVec3,
    /// The points' rounding `delta`, times `‖n‖`.
    rounding: f64,
    /// How far the normal may be turned by that rounding, in radians, times `‖n‖`.
    turn: f64,
}

impl Face {
    /// Whether the opposite vertex `l` and the origin are clearly on the same side of the
    /// face through `i`: each signed distance from it must exceed the points' rounding, and
    /// what a normal turned by up to `turn / ‖n‖` radians moves it at that reach (`‖i‖` for the
    /// origin, `‖l − i‖` for the vertex). The distances are left multiplied by `‖n‖`, and so
    /// are the margins: the test needs no division.
    fn same_side(&self, [i, l]: [DVec3; 2], [reach_origin, reach_opposite]: [f64; 2]) -> bool {
        let opposite = self.normal.dot(l - i);
        let origin = self.normal.dot(-i);
        let sure = |d: f64, reach: f64| d.abs() > self.rounding + self.turn * reach;
        sure(opposite, reach_opposite)
            && sure(origin, reach_origin)
            && (opposite > 0.0) == (origin > 0.0)
    }
}

/// The plane's case of [`encloses_origin`]: a triangle in the plane `z = 0` holds the origin
/// with room `delta` to spare on the inner side of each edge's line. An edge `e` whose ends
/// move by `δ` turns by up to `2δ/‖e‖` radians.
fn triangle_encloses_origin(p: &[DVec3], delta: f64) -> bool {
    if p.iter().any(|x| x.z != 0.0) {
        return false;
    }
    [([0, 1], 2), ([1, 2], 0), ([2, 0], 1)]
        .iter()
        .all(|&([i, j], l)| {
            let e = p[j] - p[i];
            let len = e.length();
            if !(len > 0.0 && len.is_finite()) {
                return false;
            }
            // The edge's normal in the plane: e turned a quarter.
            let face = Face {
                normal: DVec3::new(-e.y, e.x, 0.0),
                rounding: delta * len,
                turn: 2.0 * delta,
            };
            let reach = [p[i].length(), (p[l] - p[i]).length()];
            face.same_side([p[i], p[l]], reach)
        })
}
