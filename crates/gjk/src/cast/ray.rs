//! The GJK ray cast (van den Bergen, "Ray Casting against General Convex Objects with
//! Application to Continuous Collision Detection", 2004; the algorithm behind Box2D's shape cast).
//!
//! With no turning, `A(t) ⊖ B(t) = C − t·r` for `C = A ⊖ B` at `t = 0` and the relative motion
//! `r = v_B − v_A`. The bodies touch when the origin is in `C − t·r`, that is when the point
//! `x = t·r` of the ray from the origin is in `C`. So cast a ray against `C`:
//!
//! ```text
//!   λ ← 0;  x ← 0;  v ← x − (any point of C);  P ← ∅
//!   loop
//!     p ← s_C(v)                      the point of C furthest towards x along v
//!     w ← x − p
//!     if v·w > 0                      the plane through p with normal v has x on its far side
//!       if v·r ≥ 0  miss              …and the ray runs away from it, or along it: it never
//!                                     reaches C
//!       λ ← λ − v·w / v·r             move x along the ray onto the plane; nothing on the
//!       x ← λ·r                       ray before it can touch C, which lies behind the plane
//!     P ← P ∪ {p}
//!     v ← x − (the point of conv(P) nearest x);  P ← the smallest subset that holds it
//!     if ‖v‖ ≤ tolerance  hit at λ
//! ```
//!
//! It is GJK's distance descent with a query point that jumps forward along the ray each time
//! a support plane shows the way clear. A target distance is a ball of that radius added to
//! `C` (its support point moves out by `target` along `v`); so are the radii split off the
//! shapes (a sphere's centre and radius), as Box2D's shape cast adds them.
//!
//! In rounding arithmetic the loop can come back to where it was: `x` does not move and the
//! simplex gives the same `v` again. Nothing new can come after that, so it
//! stops there ("stalled") and conservative advancement finishes from `x`'s time, which the
//! planes proved safe.

use super::{CastRecord, CastStatus, Ending, Log, Problem};
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::cso::MinkowskiDifference;
use crate::shape::support::SupportMap;
use crate::simplex::Simplex;
use crate::trace::SimplexCache;

/// Casts the ray of the relative motion against `A ⊖ B` at `t = 0`.
pub(crate) fn cast<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    problem: &Problem<'_, A, B>,
    log: &mut Log<'_>,
) -> Ending {
    let (a, b, settings, config) = (&problem.a, &problem.b, &problem.settings, &problem.config);
    let (body_a, body_b) = problem.bodies::<R>(0.0);
    let cso = MinkowskiDifference::new(&body_a, &body_b);
    let allowance = crate::proof::bounds::allowance(&cso);
    let r = R::vec(b.motion.velocity - a.motion.velocity);
    // The radii split off the shapes grow the target: cores within target + r_A + r_B are
    // shapes within the target.
    let grown = problem.radii[0] + problem.radii[1];
    let target = R::from_f64(settings.target + grown);
    // `A ⊖ B` grown by a ball of radius `target`: its support moves out along the direction
    // (the witness on B moves back, so that `point = a − b` stays true).
    let support = |d: R::V| {
        let mut p = cso.support(d);
        if target > R::ZERO {
            let out = unit_or_zero::<R>(d) * target;
            p.point = p.point + out;
            p.b = p.b - out;
        }
        p
    };
    // Half the tolerance: the other half is room for the static check's own bounds.
    let tolerance = R::from_f64(settings.tolerance / 2.0);
    let max_time = R::from_f64(settings.max_time);
    let mut lambda = R::ZERO;
    let mut x = R::V::ZERO;
    let mut normal: Option<R::V> = None;
    let mut kept = Simplex::<R>::default();
    let mut v = x - support(cso.first_direction(config)).point;
    let miss = |lambda: R, v: R::V, vw: R, vr: R| {
        let n = v.length_squared().sqrt();
        CastStatus::Miss {
            time: lambda.to_f64(),
            separation: (vw / n).to_f64(),
            closing_speed: (-vr / n).to_f64(),
        }
    };
    for _ in 0..settings.max_iterations {
        let start = (lambda, x, v);
        let p = support(v);
        let w = x - p.point;
        let (vw, vr) = (v.dot(w), v.dot(r));
        let mut advanced = false;
        let mut status = None;
        if !(vw.to_f64().is_finite() && vr.to_f64().is_finite()) {
            // Nothing is decided on a number that is not one.
            status = Some(CastStatus::Failed {
                why: format!("v·w or v·r is not finite at λ = {:e}", lambda.to_f64()),
                time: Some(lambda.to_f64()),
            });
        }
        // The plane must clear x by more than the support points' rounding to prove anything
        // (a miss, or that the ray may move on); otherwise p simply joins the simplex.
        let clears = vw.to_f64() > allowance * v.length_squared().sqrt().to_f64();
        if clears && status.is_none() {
            if vr >= R::ZERO {
                status = Some(miss(lambda, v, vw, vr));
            } else {
                let next = lambda - vw / vr;
                if next > max_time {
                    status = Some(miss(lambda, v, vw, vr));
                } else {
                    lambda = next;
                    x = r * lambda;
                    normal = Some(v);
                    advanced = true;
                }
            }
        }
        if status.is_none() {
            // The nearest point of conv(P ∪ {p}) to x, as GJK finds the nearest point to the
            // origin: on the points x − pᵢ.
            let mut candidate = kept;
            candidate.push(p);
            let mut y = [R::V::ZERO; 4];
            for (yi, pi) in y.iter_mut().zip(candidate.vertices()) {
                *yi = x - pi.point;
            }
            let reduction =
                crate::simplex::signed_volumes::closest_feature::<R>(&y[..candidate.len()]);
            kept = candidate.select_mask(reduction.mask);
            v = reduction.closest;
            if !v.is_finite() {
                status = Some(CastStatus::Failed {
                    why: format!(
                        "the nearest point of the simplex is not finite at λ = {:e}",
                        lambda.to_f64()
                    ),
                    time: Some(lambda.to_f64()),
                });
            } else if !advanced && v == start.2 {
                // Nothing new: x stood still and the simplex gave the same v again.
                status = Some(CastStatus::Failed {
                    why: format!(
                        "the ray cast stalled at t = {:e}: x did not move and the simplex gave \
                         the same v again",
                        lambda.to_f64()
                    ),
                    time: Some(lambda.to_f64()),
                });
            } else if v.length_squared() <= tolerance * tolerance {
                status = Some(CastStatus::Hit {
                    time: lambda.to_f64(),
                    gap: v.length_squared().sqrt().to_f64(),
                });
            }
        }
        let record = || CastRecord::RayCast {
            point: start.1.to_f64(),
            direction: start.2.to_f64(),
            support: crate::simplex::record_vertex(&p),
            v_dot_w: vw.to_f64(),
            v_dot_r: vr.to_f64(),
            advanced,
            simplex: kept.record(),
            closest: v.to_f64(),
        };
        log.step(start.0.to_f64(), lambda.to_f64(), record, status.as_ref());
        if let Some(status) = status {
            // x is on (or beyond) a plane that has all of the grown A ⊖ B behind it, so it is
            // at least `target` from A ⊖ B; and ‖v‖ from a point of the grown set.
            let slack = allowance + 4.0 * R::EPSILON.to_f64() * x.to_f64().length();
            let reach = v.length_squared().sqrt().to_f64();
            let lower = if normal.is_some() {
                settings.target - slack
            } else {
                0.0
            };
            // The simplex's witnesses, carried to the time reached, start the check's query
            // there (not when a target or radii moved its points off the bodies).
            // Each body only translates, so its own frame is the same at both times.
            let warm = (grown + settings.target == 0.0).then(|| {
                let (mut local_a, mut local_b) = (Vec::new(), Vec::new());
                for p in kept.vertices() {
                    local_a.push(body_a.to_local(p.a).to_f64());
                    local_b.push(body_b.to_local(p.b).to_f64());
                }
                SimplexCache {
                    local_a,
                    local_b,
                    cores: grown > 0.0,
                }
            });
            return Ending {
                status,
                normal: normal.map(|n| unit_or_zero::<f64>(n.to_f64())),
                bounds: [lower.max(0.0), settings.target + reach + slack],
                warm,
            };
        }
    }
    Ending::unbounded(CastStatus::MaxIterations {
        iterations: log.iterations,
        time: lambda.to_f64(),
    })
}
