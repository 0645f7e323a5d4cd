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

use super::{CastRecord, CastStatus, CastStep, Ending, Log, Problem, Stepper};
use crate::config::thresholds;
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::body::Body;
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::simplex::Simplex;
use crate::trace::Observer;
use crate::trace::SimplexCache;
use glam::DVec3;

/// The ray cast as a state machine: the bodies at `t = 0`, what the ray is cast along, and
/// where it stands.
pub(crate) struct RayCast<'p, R: Real, A, B> {
    problem: &'p Problem<'p, A, B>,
    bodies: (Body<R, &'p A>, Body<R, &'p B>),
    along: Along<R>,
    /// The radii split off the shapes, together.
    grown: f64,
    ray: Ray<R>,
}

impl<'p, R: Real, A: SupportMap<R>, B: SupportMap<R>> RayCast<'p, R, A, B> {
    /// The ray of the relative motion, to be cast against `A ⊖ B` at `t = 0`.
    pub(crate) fn new(problem: &'p Problem<'p, A, B>) -> Self {
        let (a, b, settings, config) = (&problem.a, &problem.b, &problem.settings, &problem.config);
        let bodies = problem.bodies::<R>(0.0);
        let cso = MinkowskiDifference::new(&bodies.0, &bodies.1);
        // The radii split off the shapes grow the target: cores within target + r_A + r_B are
        // shapes within the target.
        let grown = problem.radii[0] + problem.radii[1];
        let along = Along {
            r: R::vec(b.motion.velocity - a.motion.velocity),
            target: R::from_f64(settings.target + grown),
            // Half the tolerance: the other half is room for the static check's own bounds.
            tolerance: R::from_f64(settings.tolerance / 2.0),
            max_time: R::from_f64(settings.max_time),
            allowance: crate::proof::bounds::full_allowance(&cso),
            settings_target: settings.target,
        };
        // The first point: the one of A ⊖ B furthest back along the ray (support along −r), on
        // the side the ray meets first, so the search starts near where it enters; a
        // configured first direction, or the centres' when nothing moves, as in a static
        // query.
        let first = if config.initial_direction.is_none() && along.r.length_squared() > R::ZERO {
            -along.r
        } else {
            cso.first_direction(config)
        };
        let ray = Ray::from(grown_support(&cso, first, along.target));
        RayCast {
            problem,
            bodies,
            along,
            grown,
            ray,
        }
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Stepper for RayCast<'_, R, A, B> {
    /// One support point along `v`: its plane moves `x` along the ray when it clears it, and
    /// the point joins `P`, which keeps what the point of its hull nearest `x` needs.
    fn advance<O: Observer<CastStep>>(&mut self, log: &mut Log<'_, O>) -> Option<Ending> {
        let start = (self.ray.lambda, self.ray.x, self.ray.v);
        let cso = MinkowskiDifference::new(&self.bodies.0, &self.bodies.1);
        let (p, p_on_b) = grown_support(&cso, self.ray.v, self.along.target);
        let w = self.ray.x - p.point;
        let (vw, vr) = (self.ray.v.dot(w), self.ray.v.dot(self.along.r));
        let (advanced, mut status) = self.ray.plane(vw, vr, &self.along);
        if status.is_none() {
            status = self.ray.nearest(p, p_on_b, advanced, start.2, &self.along);
        }
        let ray = &self.ray;
        let record = || CastRecord::RayCast {
            point: start.1.to_f64(),
            direction: start.2.to_f64(),
            support: crate::simplex::record_vertex(&p),
            v_dot_w: vw.to_f64(),
            v_dot_r: vr.to_f64(),
            advanced,
            simplex: ray.kept.record().to_vec(),
            closest: ray.v.to_f64(),
        };
        log.step(
            start.0.to_f64(),
            ray.lambda.to_f64(),
            record,
            status.as_ref(),
        );
        let bodies = (&self.bodies.0, &self.bodies.1);
        Some(ray.ending(status?, &self.along, self.problem, bodies, self.grown))
    }

    fn safe_until(&self) -> f64 {
        self.ray.lambda.to_f64()
    }
}

/// The support point of `A ⊖ B` grown by a ball of radius `target` along `d`: it moves out
/// along the direction (the witness on B moves back, so that `point = a − b` stays true).
/// The second value is B's own witness, before the growth moved it.
fn grown_support<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    d: R::V,
    target: R,
) -> (CsoPoint<R>, R::V) {
    let mut p = cso.support(d);
    let on_b = p.b;
    if target > R::ZERO {
        let out = unit_or_zero::<R>(d) * target;
        p.point = p.point + out;
        p.b = p.b - out;
    }
    (p, on_b)
}

/// What the ray is cast along and against, fixed for the whole cast.
struct Along<R: Real> {
    /// The relative motion `v_B − v_A`.
    r: R::V,
    /// The target grown by the radii split off: the ball added to `A ⊖ B`.
    target: R,
    /// How near x must come to the simplex for a hit.
    tolerance: R,
    max_time: R,
    /// The support points' rounding: a plane must clear x by more to prove anything.
    allowance: f64,
    /// The target asked for, before the radii grew it.
    settings_target: f64,
}

/// Where the ray cast stands: `x = λ·r` on the ray, the simplex `P` of grown `A ⊖ B`'s points
/// with B's own witnesses and their weights in the point nearest `x`, `v = x −` that point,
/// and the last plane's normal.
struct Ray<R: Real> {
    lambda: R,
    x: R::V,
    v: R::V,
    normal: Option<R::V>,
    kept: Simplex<R>,
    on_b: [R::V; 4],
    weights: [R; 4],
    /// The separation the first plane proved at t = 0, when one cleared the origin.
    start_clear: Option<f64>,
}

impl<R: Real> From<(CsoPoint<R>, R::V)> for Ray<R> {
    /// The ray at its start, with the first point kept as P's first point: it is a point of
    /// A ⊖ B like any other, and the nearest point to x after the first step may lie on the
    /// segment from it.
    fn from((p0, p0_on_b): (CsoPoint<R>, R::V)) -> Self {
        let mut kept = Simplex::<R>::default();
        kept.push(p0);
        let (mut on_b, mut weights) = ([R::V::ZERO; 4], [R::ZERO; 4]);
        (on_b[0], weights[0]) = (p0_on_b, R::ONE);
        Ray {
            lambda: R::ZERO,
            x: R::V::ZERO,
            v: R::V::ZERO - p0.point,
            normal: None,
            kept,
            on_b,
            weights,
            start_clear: None,
        }
    }
}

impl<R: Real> Ray<R> {
    /// The plane through the support point with normal `v`: where it clears `x` (by more than
    /// the support points' rounding), the ray misses when it runs away from the plane or
    /// along it, or past `max_time`; else `x` moves along the ray onto the plane (nothing on
    /// the ray before it can touch `A ⊖ B`, which lies behind it). Whether `x` moved, and how
    /// the cast ended when it did.
    fn plane(&mut self, vw: R, vr: R, along: &Along<R>) -> (bool, Option<CastStatus>) {
        if !(vw.to_f64().is_finite() && vr.to_f64().is_finite()) {
            // Nothing is decided on a number that is not one.
            let status = CastStatus::Failed {
                why: format!("v·w or v·r is not finite at λ = {:e}", self.lambda.to_f64()),
                time: Some(self.lambda.to_f64()),
            };
            return (false, Some(status));
        }
        let length = self.v.length_squared().sqrt();
        if vw.to_f64() <= along.allowance * length.to_f64() {
            return (false, None);
        }
        if self.normal.is_none() {
            // The first plane that clears x is at λ = 0: it proves the start apart.
            let rounding =
                thresholds::arithmetic_rounding(R::EPSILON.to_f64(), along.target.to_f64());
            let n = length.to_f64();
            self.start_clear =
                Some(along.settings_target + vw.to_f64() / n - along.allowance - rounding);
        }
        let miss = || CastStatus::Miss {
            time: self.lambda.to_f64(),
            separation: (vw / length).to_f64(),
            closing_speed: (-vr / length).to_f64(),
        };
        if vr >= R::ZERO {
            return (false, Some(miss()));
        }
        let next = self.lambda - vw / vr;
        if next > along.max_time {
            return (false, Some(miss()));
        }
        self.lambda = next;
        self.x = along.r * next;
        self.normal = Some(self.v);
        (true, None)
    }

    /// `p` joins P, and P keeps only the points the nearest point of its hull to `x` needs
    /// (found as GJK finds the nearest point to the origin: on the points `x − pᵢ`). The cast
    /// ends on a hit (`x` within the tolerance of the hull), on a nearest point that is not
    /// finite, or where it stalled: `x` stood still and the simplex gave `was` again.
    fn nearest(
        &mut self,
        p: CsoPoint<R>,
        p_on_b: R::V,
        advanced: bool,
        was: R::V,
        along: &Along<R>,
    ) -> Option<CastStatus> {
        self.on_b[self.kept.len()] = p_on_b;
        self.kept.push(p);
        let n = self.kept.len();
        let mut y = [R::V::ZERO; 4];
        for (yi, pi) in y.iter_mut().zip(self.kept.vertices()) {
            *yi = self.x - pi.point;
        }
        let reduction = crate::simplex::signed_volumes::closest_feature::<R>(&y[..n]);
        let kept_indices = (0..n).filter(|i| reduction.mask & (1 << i) != 0);
        for (k, i) in kept_indices.enumerate() {
            (self.on_b[k], self.weights[k]) = (self.on_b[i], reduction.weights[i]);
        }
        self.kept.retain_mask(reduction.mask);
        self.v = reduction.closest;
        let lambda = self.lambda.to_f64();
        if !self.v.is_finite() {
            Some(CastStatus::Failed {
                why: format!("the nearest point of the simplex is not finite at λ = {lambda:e}"),
                time: Some(lambda),
            })
        } else if !advanced && self.v == was {
            Some(CastStatus::Failed {
                why: format!(
                    "the ray cast stalled at t = {lambda:e}: x did not move and the simplex gave \
                     the same v again"
                ),
                time: Some(lambda),
            })
        } else if self.v.length_squared() <= along.tolerance * along.tolerance {
            Some(CastStatus::Hit {
                time: lambda,
                gap: self.v.length_squared().sqrt().to_f64(),
            })
        } else {
            None
        }
    }

    /// How the cast ended, with what the loop proved at `λ`: `x` is on (or beyond) a plane
    /// that has all of the grown `A ⊖ B` behind it, so it is at least the target from it; and
    /// within `‖v‖` of a point of the grown set. Both are computed again in f64 from the
    /// witnesses, with their rounding allowed for.
    fn ending<A: SupportMap<R>, B: SupportMap<R>>(
        &self,
        status: CastStatus,
        along: &Along<R>,
        problem: &Problem<'_, A, B>,
        (body_a, body_b): (&Body<R, &A>, &Body<R, &B>),
        grown: f64,
    ) -> Ending {
        let settings = &problem.settings;
        let slack = along.allowance
            + thresholds::arithmetic_rounding(
                R::EPSILON.to_f64(),
                self.x.to_f64().length() + along.target.to_f64(),
            );
        let reach = hull_reach(self.x, &self.kept, &self.weights);
        let lower = if self.normal.is_some() {
            settings.target - slack
        } else {
            0.0
        };
        let upper = settings.target + reach + slack;
        // A hit these bounds do not prove is checked by a static query at its time: the
        // simplex's witnesses, carried there, start it (not when a target or radii moved its
        // points off the bodies). Each body only translates, so its own frame is the same at
        // both times.
        let unproven_hit = matches!(status, CastStatus::Hit { .. })
            && upper > settings.target + settings.tolerance;
        let warm = (unproven_hit && grown + settings.target == 0.0).then(|| {
            let local =
                |p: &CsoPoint<R>| (body_a.to_local(p.a).to_f64(), body_b.to_local(p.b).to_f64());
            SimplexCache::of(self.kept.vertices().iter().map(local), grown > 0.0)
        });
        let normal = self.normal.map(|n| unit_or_zero::<f64>(n.to_f64()));
        // The nearest point's witnesses, on the cores, carried to the time reached and out to
        // the shapes' surfaces along the line between them (`surface_points`): their
        // distance is then the cores' less the radii, which the bounds bound.
        let points = witnesses(&self.kept, &self.on_b, &self.weights).map(|(pa, pb)| {
            let t = self.lambda.to_f64();
            let velocities = (problem.a.motion.velocity, problem.b.motion.velocity);
            let cores = (pa + velocities.0 * t, pb + velocities.1 * t);
            super::problem::surface_points(cores, problem.radii)
        });
        Ending {
            status,
            normal,
            bounds: [lower.max(0.0), upper],
            warm,
            points,
            start_clear: self.start_clear,
        }
    }
}

/// The kept points' weights clamped at zero and renormalised
/// ([`crate::proof::bounds::normalised`]), so that the point they make is in the hull
/// whatever their rounding. `None` when they say nothing.
fn normalised<R: Real>(n: usize, weights: &[R; 4]) -> Option<[f64; 4]> {
    crate::proof::bounds::normalised(&weights.map(|w| w.to_f64())[..n])
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
