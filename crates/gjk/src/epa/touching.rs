//! A touching pair's contact from GJK's own run, where one of its support planes proves it:
//! EPA's first iteration's answer, without the polytope EPA must build first.

use crate::config::SolverConfig;
use crate::gjk::distance::Nearest;
use crate::real::{Real, Vector};
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::trace::Penetration;
use glam::DVec3;

/// The contact of a pair that GJK found touching, read from GJK's own run where one support
/// plane proves it, so that no polytope is built.
///
/// A simplex that encloses the origin (a tetrahedron in space, a triangle in the plane) is
/// tried on its side nearest the origin, when that side is within the absolute tolerance of
/// it: the test and the answer of EPA's first iteration on the same simplex, the simplex's
/// ball round the origin the depth's lower bound.
///
/// Otherwise `‖v‖` is within the absolute tolerance. For a unit `n` pointing from A towards
/// B, `w = s(n)` is the furthest `A ⊖ B` reaches along `n`, so moving B by `(n·w) n` leaves
/// the origin outside: the depth lies in `[0, n·w]`. Three planes are tried, in turn:
///
/// ```text
///   the simplex's side     a triangle's normal in space, a segment's in the plane (v lies
///                          inside it): from its edges, true where v is not
///   the last search        the direction GJK asked its last support point along: its plane
///   direction              holds all of A ⊖ B behind that point (a one-point simplex)
///   −v                     where A ⊖ B is curved: a tilt θ costs only θ² times its radius
/// ```
///
/// each oriented against `v`. `v` itself, shorter than the tolerance and a difference of
/// nearly equal points, points nowhere in particular, and a flat contact needs a true normal:
/// a face tilted by θ reaches θ times its size past the plane. The first plane whose `n·w`
/// (plus its rounding allowance) is within EPA's tolerance proves the depth 0 to that
/// tolerance, along `n`, at GJK's points on A and B: the answer EPA converges on in its first
/// iteration, without the tetrahedron it must grow first. `None` where none does: EPA runs.
pub fn touching<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    simplex: &[CsoPoint<R>],
    nearest: Nearest<R>,
    config: &SolverConfig,
) -> Option<Penetration> {
    let full = config.dimension.full_simplex();
    if simplex.len() == full {
        return on_a_side(cso, simplex, config);
    }
    let point = |p: &CsoPoint<R>| p.a.to_f64() - p.b.to_f64();
    let v = nearest.v.to_f64();
    let plane = config.dimension.is_plane();
    let side = match simplex {
        [p, q, r] if !plane => across([point(p), point(q), point(r)], false),
        [p, q] if plane => across([point(p), point(q), point(q)], true),
        _ => DVec3::ZERO,
    };
    [side, nearest.asked.to_f64(), -v]
        .into_iter()
        .find_map(|across| {
            let across = if across.dot(v) > 0.0 { -across } else { across };
            let normal = crate::real::unit_or_zero::<f64>(across);
            if normal == DVec3::ZERO {
                return None;
            }
            let at = [nearest.point_a, nearest.point_b];
            proven(cso, (0.0, normal, at), f64::INFINITY, config)
        })
}

/// A side's normal at any length: the triangle `p q r`'s in space, the segment `p q`'s
/// turned a quarter in the plane.
fn across([p, q, r]: [DVec3; 3], plane: bool) -> DVec3 {
    if plane {
        DVec3::new(p.y - q.y, q.x - p.x, 0.0)
    } else {
        (q - p).cross(r - p)
    }
}

/// The contact `depth` along the unit `normal` at the points `[a, b]`, with its bounds (the
/// depth at least `lower`, see [`super::answer::prove_depth`]), when they are as tight as EPA's
/// convergence test asks.
fn proven<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    (depth, normal, [point_a, point_b]): (f64, DVec3, [DVec3; 2]),
    lower: f64,
    config: &SolverConfig,
) -> Option<Penetration> {
    let contact = Penetration {
        depth,
        normal,
        point_a,
        point_b,
        depth_bounds: None,
        certified: false,
    };
    let stopping = super::Stopping::<R>::new(config);
    let proven = super::answer::prove_depth(cso, contact, R::vec(normal), [lower, 0.0], |d| {
        stopping.threshold(d)
    });
    proven.certified.then_some(proven)
}

/// The contact of a pair whose GJK simplex encloses the origin (a tetrahedron in space, a
/// triangle in the plane) with one side through it, within the absolute tolerance: the pair
/// touches there if that side's plane is a support plane of `A ⊖ B`. This is the test EPA's
/// first iteration makes on the same simplex, and its answer: with each side's outward unit
/// normal `n_k` and distance `d_k` from the origin (computed in f64 from the witnesses),
///
/// ```text
///   lower   min d_k: a ball of that radius about the origin lies in the simplex, so in A ⊖ B
///   upper   n·s(n) for the nearest side's n: moving B that far along n separates
/// ```
///
/// certified when they are as close as EPA's convergence test asks. The depth is the side's
/// distance, along its normal, at the points its foot's weights give on A and B. `None` where
/// no side is that near, a side has no direction, or its plane is not a support plane: EPA
/// runs then.
fn on_a_side<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    simplex: &[CsoPoint<R>],
    config: &SolverConfig,
) -> Option<Penetration> {
    let plane = config.dimension.is_plane();
    // Each side by its corners, and the vertex it faces away from (in the plane a side is a
    // segment: its third corner is its second again).
    const SPACE: [([usize; 3], usize); 4] = [
        ([1, 2, 3], 0),
        ([0, 2, 3], 1),
        ([0, 1, 3], 2),
        ([0, 1, 2], 3),
    ];
    const PLANE: [([usize; 3], usize); 3] = [([1, 2, 2], 0), ([0, 2, 2], 1), ([0, 1, 1], 2)];
    let sides: &[([usize; 3], usize)] = if plane { &PLANE } else { &SPACE };
    let mut points = [DVec3::ZERO; 4];
    for (p, c) in points.iter_mut().zip(simplex) {
        *p = c.a.to_f64() - c.b.to_f64();
    }
    let mut ball = f64::INFINITY;
    let mut nearest = (0, DVec3::ZERO, f64::INFINITY);
    for (k, &([i, j, l], away)) in sides.iter().enumerate() {
        let p = points[i];
        let across = across([p, points[j], points[l]], plane);
        let across = if across.dot(points[away] - p) > 0.0 {
            -across
        } else {
            across
        };
        // A side too thin (or too large) for its normal's length is left to EPA.
        let length = across.length();
        if !(length > 0.0 && length.is_finite()) {
            return None;
        }
        let n = across / length;
        let d = n.dot(p);
        ball = ball.min(d);
        if d < nearest.2 {
            nearest = (k, n, d);
        }
    }
    let (k, normal, d) = nearest;
    // (Finite: every side's normal is, and so are the points it was made from.)
    if d > config.abs_tolerance {
        return None;
    }
    let corners = sides[k].0;
    let foot = normal * d;
    let weights = if plane {
        let (p, q) = (points[corners[0]], points[corners[1]]);
        let e = q - p;
        let t = (foot - p).dot(e) / e.length_squared();
        let t = if t.is_finite() {
            t.clamp(0.0, 1.0)
        } else {
            0.0
        };
        [1.0 - t, t, 0.0]
    } else {
        super::answer::barycentric::<f64>(foot, corners.map(|c| points[c]))
    };
    let (mut point_a, mut point_b) = (DVec3::ZERO, DVec3::ZERO);
    for (&c, w) in corners.iter().zip(weights) {
        point_a += simplex[c].a.to_f64() * w;
        point_b += simplex[c].b.to_f64() * w;
    }
    proven(cso, (d.max(0.0), normal, [point_a, point_b]), ball, config)
}
