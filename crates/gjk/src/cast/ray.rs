//! The GJK ray cast (van den Bergen, "Ray Casting against General Convex Objects with
//! Application to Continuous Collision Detection", 2004; the algorithm behind Box2D's shape cast).
//!
//! With no turning, `A(t) ⊖ B(t) = C − t·r` for `C = A ⊖ B` at `t = 0` and the relative motion
//! `r = v_B − v_A`. The bodies touch when the origin is in `C − t·r`, that is when the point
//! `x = t·r` of the ray from the origin is in `C`. So cast a ray against `C`:
//!
//! ```text
//!   λ ← 0;  x ← 0;  p ← any point of C;  v ← x − p;  P ← {p}
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
//!
//! The loop proves its own answer, as a static query would: at the time `λ` it reports, the
//! last plane has all of the grown `A ⊖ B` behind `x` (the bodies are at least `target` apart),
//! and `x` is within `dist(x, conv P)` of a point of the grown set (at most that much above the
//! target). Both are computed again in f64 from the support points' witnesses, with their
//! rounding allowed for, so a hit needs no second query when the simplex is tight.

use super::{CastRecord, CastStatus, Ending, Log, Problem};
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::cso::MinkowskiDifference;
use crate::shape::support::SupportMap;
use crate::simplex::Simplex;
use crate::trace::SimplexCache;
use glam::DVec3;

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
    // The second value is B's own witness, before the growth moved it.
    let support = |d: R::V| {
        let mut p = cso.support(d);
        let on_b = p.b;
        if target > R::ZERO {
            let out = unit_or_zero::<R>(d) * target;
            p.point = p.point + out;
            p.b = p.b - out;
        }
        (p, on_b)
    };
    // Half the tolerance: the other half is room for the static check's own bounds.
    let tolerance = R::from_f64(settings.tolerance / 2.0);
    let max_time = R::from_f64(settings.max_time);
    let mut lambda = R::ZERO;
    let mut x = R::V::ZERO;
    let mut normal: Option<R::V> = None;
    let mut kept = Simplex::<R>::default();
    // For each kept point, B's own witness and its weight in the nearest point to x.
    let (mut on_b, mut weights) = ([R::V::ZERO; 4], [R::ZERO; 4]);
    // The separation the first plane proved at t = 0, when one cleared the origin.
    let mut start_clear = None;
    // The first point: the one of A ⊖ B furthest back along the ray (support along −r), on
    // the side the ray meets first, so the search starts near where it enters; a configured
    // first direction, or the centres' when nothing moves, as in a static query.
    let first = if config.initial_direction.is_none() && r.length_squared() > R::ZERO {
        -r
    } else {
        cso.first_direction(config)
    };
    // It is kept as P's first point: it is a point of A ⊖ B like any other, and the nearest
    // point to x after the first step may lie on the segment from it.
    let (p0, p0_on_b) = support(first);
    kept.push(p0);
    (on_b[0], weights[0]) = (p0_on_b, R::ONE);
    let mut v = x - p0.point;
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
        let (p, p_on_b) = support(v);
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
            if normal.is_none() {
                // The first plane that clears x is at λ = 0: it proves the start apart.
                let n = v.length_squared().sqrt().to_f64();
                let rounding = 4.0 * R::EPSILON.to_f64() * target.to_f64();
                start_clear = Some(settings.target + vw.to_f64() / n - allowance - rounding);
            }
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
            // P grows in place, and keeps only the points the nearest one needs.
            on_b[kept.len()] = p_on_b;
            kept.push(p);
            let n = kept.len();
            let mut y = [R::V::ZERO; 4];
            for (yi, pi) in y.iter_mut().zip(kept.vertices()) {
                *yi = x - pi.point;
            }
            let reduction = crate::simplex::signed_volumes::closest_feature::<R>(&y[..n]);
            let kept_indices = (0..n).filter(|i| reduction.mask & (1 << i) != 0);
            for (k, i) in kept_indices.enumerate() {
                (on_b[k], weights[k]) = (on_b[i], reduction.weights[i]);
            }
            kept.retain_mask(reduction.mask);
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
            simplex: kept.record().to_vec(),
            closest: v.to_f64(),
        };
        log.step(start.0.to_f64(), lambda.to_f64(), record, status.as_ref());
        if let Some(status) = status {
            // x is on (or beyond) a plane that has all of the grown A ⊖ B behind it, so it is
            // at least `target` from A ⊖ B; and ‖v‖ from a point of the grown set.
            let slack =
                allowance + 4.0 * R::EPSILON.to_f64() * (x.to_f64().length() + target.to_f64());
            let reach = hull_reach(x, &kept, &weights);
            let lower = if normal.is_some() {
                settings.target - slack
            } else {
                0.0
            };
            let upper = settings.target + reach + slack;
            // A hit these bounds do not prove is checked by a static query at its time: the
            // simplex's witnesses, carried there, start it (not when a target or radii moved
            // its points off the bodies). Each body only translates, so its own frame is the
            // same at both times.
            let unproven_hit = matches!(status, CastStatus::Hit { .. })
                && upper > settings.target + settings.tolerance;
            let warm = (unproven_hit && grown + settings.target == 0.0).then(|| {
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
            let normal = normal.map(|n| unit_or_zero::<f64>(n.to_f64()));
            // The nearest point's witnesses, on the cores, carried to the time reached and
            // out to the shapes' surfaces along the line between them (`surface_points`):
            // their distance is then the cores' less the radii, which the bounds bound. (Along the last plane's normal
            // instead, a few 1e-4 radians off that line on a ball and a capsule, points
            // 1.3 + 0.8 out were 5.2e-4 apart where the bounds said at most 4.7e-7.)
            let points = witnesses(&kept, &on_b, &weights).map(|(pa, pb)| {
                let t = lambda.to_f64();
                let cores = (pa + a.motion.velocity * t, pb + b.motion.velocity * t);
                super::problem::surface_points(cores, problem.radii)
            });
            return Ending {
                status,
                normal,
                bounds: [lower.max(0.0), upper],
                warm,
                points,
                start_clear,
            };
        }
    }
    Ending::unbounded(CastStatus::MaxIterations {
        iterations: log.iterations,
        time: lambda.to_f64(),
    })
}

/// The kept points' weights clamped at zero and renormalised, so that the point they make is
/// in the hull whatever their rounding. `None` when they say nothing.
fn normalised<R: Real>(n: usize, weights: &[R; 4]) -> Option<[f64; 4]> {
    let total: f64 = weights[..n].iter().map(|w| w.to_f64().max(0.0)).sum();
    (total > 0.0 && total.is_finite()).then(|| weights.map(|w| w.to_f64().max(0.0) / total))
}

/// The distance from `x` to a point of the hull of the kept points, in f64 from their
/// witnesses: the point their weights make, or, when the weights say nothing, the hull's
/// nearest point.
fn hull_reach<R: Real>(x: R::V, kept: &Simplex<R>, weights: &[R; 4]) -> f64 {
    let x = x.to_f64();
    let n = kept.len();
    let mut y = [DVec3::ZERO; 4];
    for (yi, p) in y.iter_mut().zip(kept.vertices()) {
        *yi = x - (p.a.to_f64() - p.b.to_f64());
    }
    let q = normalised(n, weights).map(|w| {
        y[..n]
            .iter()
            .zip(w)
            .fold(DVec3::ZERO, |q, (y, w)| q + *y * w)
    });
    match q {
        Some(q) if q.is_finite() => q.length(),
        _ => crate::proof::bounds::hull_distance(&y[..n]),
    }
}

/// `Σ λᵢ aᵢ` and `Σ λᵢ bᵢ` over the kept points, with B's own witnesses and the weights
/// [`normalised`]: points of A and B whatever the rounding. `None` when the weights say
/// nothing.
fn witnesses<R: Real>(
    kept: &Simplex<R>,
    on_b: &[R::V; 4],
    weights: &[R; 4],
) -> Option<(DVec3, DVec3)> {
    let w = normalised(kept.len(), weights)?;
    let (mut pa, mut pb) = (DVec3::ZERO, DVec3::ZERO);
    for ((p, b), w) in kept.vertices().iter().zip(on_b).zip(w) {
        pa += p.a.to_f64() * w;
        pb += b.to_f64() * w;
    }
    (pa.is_finite() && pb.is_finite()).then_some((pa, pb))
}
