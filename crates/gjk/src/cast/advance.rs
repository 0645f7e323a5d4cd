//! Conservative advancement (Mirtich, "Impulse-based Dynamic Simulation of Rigid Body
//! Systems", 1996; Catto, "Continuous Collision", GDC 2013).
//!
//! For any unit direction `n`, the bodies are at least as far apart as their separation along
//! it, `s(t) = min over B(t) of n·b − max over A(t) of n·a`. A point of A moves along `n` no
//! faster than `v_A·n + ‖ω_A‖ r_A` (its distance from A's position is at most `r_A`), and the
//! same for B the other way, so
//!
//! ```text
//!   d(t + Δ) ≥ s(t + Δ) ≥ s(t) − Δ·μ      μ = (v_A − v_B)·n + ‖ω_A‖ r_A + ‖ω_B‖ r_B
//! ```
//!
//! The step `Δ = (s(t) − target) / μ` therefore cannot pass the target: advance by it (aimed
//! half the tolerance short of it, see below), measure again, and stop when the distance is
//! within the tolerance of the target. When `μ ≤ 0` the
//! bodies never close along `n`, so they never touch. Each step is only as long as the distance
//! allows: a long turning rod whose ends sweep fast makes `μ` large and the steps short.

use super::{CastRecord, CastStatus, CastStep, Ending, Gap, Log, Problem, Stepper};
use crate::real::Real;
use crate::shape::support::SupportMap;
use crate::trace::Observer;
use crate::trace::SimplexCache;
use glam::{DQuat, DVec3};
use std::marker::PhantomData;

/// Conservative advancement as a state machine: the time it has reached (proven safe), the
/// last query's simplex to start the next from, how tightly the next query must bound the
/// distance, and the normal of the last step taken.
pub(crate) struct Advancement<'p, R, A, B> {
    problem: &'p Problem<'p, A, B>,
    t: f64,
    warm: Option<SimplexCache>,
    /// How tightly the next query must bound the distance, relative to it: a step needs only
    /// a lower bound near the distance (a tenth off shortens it by a tenth), and the hit test
    /// an upper bound within the tolerance. The first query, with nothing to go by, is a tight
    /// one.
    rel: f64,
    /// The normal of the last step taken, and its time: at the hit itself the closest points
    /// nearly coincide and the direction between them is mostly rounding.
    stepped_along: Option<(DVec3, f64)>,
    /// The static query already answered at the start, when there is one.
    first: Option<Gap>,
    precision: PhantomData<fn() -> R>,
}

impl<'p, R: Real, A: SupportMap<R>, B: SupportMap<R>> Advancement<'p, R, A, B> {
    /// Advancement from `from`, a time proven safe. `seed` is a normal found at `from` by
    /// another method (the ray cast's last plane); `first` the static query already answered
    /// at `from` (the cast's start), when there is one.
    pub(crate) fn new(
        problem: &'p Problem<'p, A, B>,
        from: f64,
        seed: Option<DVec3>,
        first: Option<Gap>,
    ) -> Self {
        Advancement {
            problem,
            t: from,
            warm: None,
            rel: problem.config.rel_tolerance,
            stepped_along: seed.map(|n| (n, from)),
            first,
            precision: PhantomData,
        }
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Stepper for Advancement<'_, R, A, B> {
    /// The distance now, and a step by it over the bound on the closing speed: ends when the
    /// distance meets the target, or the bodies never close along the normal.
    fn advance<O: Observer<CastStep>>(&mut self, log: &mut Log<'_, O>) -> Option<Ending> {
        let (problem, t) = (self.problem, self.t);
        let gap = match self.first.take() {
            Some(gap) => gap,
            None => problem.judge_within::<R>(t, self.warm.as_ref(), self.rel),
        };
        let gap = confirm_within::<R, A, B>(problem, t, gap, self.warm.as_ref(), self.rel);
        let finish = gap.finish;
        let (normal, separation, bounds) = sharpen(problem, t, &gap, self.stepped_along);
        let (linear_speed, angular_speed) = problem.closing::<R>(normal);
        let closing = linear_speed + angular_speed;
        let along = Along {
            normal,
            separation,
            bounds,
            closing,
        };
        let (status, next) = decide(problem, t, &along, &mut self.rel);
        let record = || CastRecord::Advancement {
            distance_bounds: bounds,
            normal,
            separation,
            linear_speed,
            angular_speed,
            gjk_iterations: finish.iterations,
        };
        let reported = if status.is_some() { t } else { next };
        log.step(t, reported, record, status.as_ref());
        if let Some(status) = status {
            return Some(Ending {
                status,
                normal: self
                    .stepped_along
                    .map(|(n, _)| n)
                    .or((normal != DVec3::ZERO).then_some(normal)),
                bounds,
                // The check at this time starts where this query ended.
                warm: Some(gap.cache.clone()),
                // The query's closest points realise its upper bound: a hit within the
                // tolerance needs no second query to confirm it.
                points: Some(gap.points),
                start_clear: None,
            });
        }
        self.stepped_along = Some((normal, t));
        self.warm = Some(gap.cache);
        self.t = next;
        None
    }

    fn safe_until(&self) -> f64 {
        self.t
    }
}

/// The query's answer, asked again where it may have stopped short: a warm start can stop on a
/// stale simplex (the cold run decides), and within the tolerance of the target a loose query
/// may leave the hit unproven that a tight one proves (there the tight one decides).
fn confirm_within<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    problem: &Problem<'_, A, B>,
    t: f64,
    mut gap: Gap,
    warm: Option<&SimplexCache>,
    rel: f64,
) -> Gap {
    let settings = &problem.settings;
    if warm.is_some() && !gap.finish.certificate.certified {
        gap = problem.judge_within::<R>(t, None, rel);
    }
    let [lower, upper] = gap.bounds();
    let undecided = upper > settings.target + settings.tolerance;
    if rel > problem.config.rel_tolerance
        && undecided
        && lower <= settings.target + settings.tolerance
    {
        gap = problem.judge::<R>(t, warm);
    }
    gap
}

/// The separation to step by, the direction it is proven along and the distance's bounds.
/// The lower bound was proven along one direction: the separation along it is at least that
/// bound, which is what the step needs. Near contact GJK's own plane is only as good as its
/// direction, v, whose rounding grows as ε·size/‖v‖; on a large face a direction off by that
/// much finds a support point far along the face. The last step's normal was found further
/// out, where v was sharp: the separation along it, from one support point of each body in
/// f64, is often the better proof (a 290-unit box 5e-6 from a vertex: 4.9e-6 along the last
/// normal where GJK's own plane proves 3.8e-7). A turning body carries its face's normal
/// round with it: the last normal turned as A turned since then, and as B turned, are tried
/// too. They are asked only when GJK's own plane proves less than half of what its upper
/// bound allows: otherwise the step is most of what it can be already.
fn sharpen<A, B>(
    problem: &Problem<'_, A, B>,
    t: f64,
    gap: &Gap,
    stepped_along: Option<(DVec3, f64)>,
) -> (DVec3, f64, [f64; 2]) {
    let target = problem.settings.target;
    let mut bounds = gap.bounds();
    let (mut normal, mut separation) = (gap.separating, bounds[0]);
    let short = separation - target < 0.5 * (bounds[1] - target);
    if let Some((n, since)) = stepped_along.filter(|_| short) {
        let turned = |w: DVec3| DQuat::from_scaled_axis(w * (t - since)) * n;
        let candidates = [
            Some(n),
            (problem.a.motion.angular != DVec3::ZERO).then(|| turned(problem.a.motion.angular)),
            (problem.b.motion.angular != DVec3::ZERO).then(|| turned(problem.b.motion.angular)),
        ];
        for n in candidates.into_iter().flatten() {
            let along = problem.exact.separation(t, n);
            if along > separation {
                (normal, separation) = (n, along);
                // Two proofs of one distance: where they cross by their rounding, the lower
                // stays at the upper (still a true lower bound).
                bounds[0] = bounds[0].max(along).min(bounds[1]);
            }
        }
    }
    (normal, separation, bounds)
}

/// What one iteration measured at its time.
struct Along {
    normal: DVec3,
    separation: f64,
    bounds: [f64; 2],
    /// The bound on the closing speed along `normal`.
    closing: f64,
}

/// How the cast ends at `t`, if it does, and the next time: moving apart is checked first
/// (bodies a hair apart that separate are a miss, not an instant hit), then a hit, then a
/// step that cannot be proven safe, else the step itself. Sets how tightly the next query
/// must bound the distance.
fn decide<A, B>(
    problem: &Problem<'_, A, B>,
    t: f64,
    at: &Along,
    rel: &mut f64,
) -> (Option<CastStatus>, f64) {
    let settings = &problem.settings;
    let Along {
        normal,
        separation,
        bounds,
        closing,
    } = *at;
    let proven_apart = normal != DVec3::ZERO && separation > settings.target;
    if !(closing.is_finite() && separation.is_finite()) || bounds[1].is_nan() {
        // Nothing is decided on a number that is not one.
        let why = format!(
            "at t = {t:e} the separation {separation:e} or the closing speed {closing:e} is not \
             finite"
        );
        return (Some(CastStatus::Failed { why, time: Some(t) }), t);
    }
    let miss = CastStatus::Miss {
        time: t,
        separation,
        closing_speed: closing,
    };
    if proven_apart && closing <= 0.0 {
        return (Some(miss), t);
    }
    if bounds[1] - settings.target <= settings.tolerance {
        let gap = (bounds[1] - settings.target).max(0.0);
        return (Some(CastStatus::Hit { time: t, gap }), t);
    }
    if !proven_apart {
        let why = format!(
            "at t = {t:e} the distance is proven only to lie in [{:e}, {:e}], in f64 too: wider \
             than the tolerance {:e}, so no step can be proven safe and no hit proven (raise \
             cast.tolerance above the width)",
            bounds[0], bounds[1], settings.tolerance
        );
        return (Some(CastStatus::Failed { why, time: Some(t) }), t);
    }
    // Aim half the tolerance above the target, not at it: a step onto the target itself lands
    // a flat face exactly on a vertex (for target 0, touching), where a static query must
    // prove a distance of about nothing. Half the tolerance apart the proofs resolve it, and
    // the hit test still passes there. Never less than half the way down to the target:
    // inside the margin that is the step, and just above it a step to the aim would be below
    // t's rounding.
    let aim = settings.target + settings.tolerance / 2.0;
    let step = (separation - aim).max((separation - settings.target) / 2.0);
    let next = t + step / closing;
    // The distance aimed at, as the scale the next query's bounds must resolve.
    let expected = separation - step;
    *rel = ((0.1 * (expected - settings.target) + 0.25 * settings.tolerance) / expected)
        .min(0.1)
        .max(problem.config.rel_tolerance);
    if next > settings.max_time || !next.is_finite() {
        (Some(miss), next)
    } else if next <= t {
        // The step is below the rounding of t: the same iterate would come again.
        let why = format!(
            "advancement stalled at t = {t:e}: the safe step ({:e} − {:e}) / {:e} does not move \
             t, and the distance there is proven only to lie in [{:e}, {:e}]",
            separation, settings.target, closing, bounds[0], bounds[1]
        );
        (Some(CastStatus::Failed { why, time: Some(t) }), next)
    } else {
        (None, next)
    }
}
