//! A touching pair's contact from GJK's own run, where one of its support planes proves it:
//! EPA's first iteration's answer, without the tetrahedron EPA must grow first.

use crate::config::SolverConfig;
use crate::gjk::distance::Nearest;
use crate::real::{Real, Vector};
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::trace::Penetration;

/// The contact of a pair that GJK found touching without enclosing the origin (`‖v‖` within
/// the absolute tolerance), read from GJK's own run where one support plane proves it, so
/// that no polytope is grown. For a unit `n` pointing from A towards B, `w = s(n)` is the
/// furthest `A ⊖ B` reaches along `n`, so moving B by `(n·w) n` leaves the origin outside:
/// the depth lies in `[0, n·w]`. Three planes are tried, in turn:
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
/// tolerance, along `n`, at GJK's point on A: the answer EPA converges on in its first
/// iteration, without the tetrahedron it must grow first. `None` where none does: EPA runs.
pub fn touching<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    simplex: &[CsoPoint<R>],
    nearest: Nearest<R>,
    config: &SolverConfig,
) -> Option<Penetration> {
    let point = |p: &CsoPoint<R>| p.a.to_f64() - p.b.to_f64();
    let v = nearest.v.to_f64();
    let side = match simplex {
        [p, q, r] if !config.dimension.is_plane() => {
            (point(q) - point(p)).cross(point(r) - point(p))
        }
        [p, q] if config.dimension.is_plane() => {
            let e = point(q) - point(p);
            glam::DVec3::new(-e.y, e.x, 0.0)
        }
        _ => glam::DVec3::ZERO,
    };
    let stopping = super::Stopping::<R>::new(config);
    [side, nearest.asked.to_f64(), -v]
        .into_iter()
        .find_map(|across| {
            let across = if across.dot(v) > 0.0 { -across } else { across };
            let normal = crate::real::unit_or_zero::<f64>(across);
            if normal == glam::DVec3::ZERO {
                return None;
            }
            let contact = Penetration {
                depth: 0.0,
                normal,
                point_a: nearest.point_a,
                point_b: nearest.point_a,
                depth_bounds: None,
                certified: false,
            };
            let proven = super::answer::bounded(cso, contact, R::vec(normal), f64::INFINITY, |d| {
                stopping.threshold(d)
            });
            proven.certified.then_some(proven)
        })
}
