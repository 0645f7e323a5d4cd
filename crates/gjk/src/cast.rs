//! Moving shapes: when do two bodies in motion first come within a target distance of each
//! other (their time of impact)? Ericson's "GJK for moving objects" (§4 of his GJK article) is
//! the starting point; each method is a module of its own.
//!
//! ```text
//!   pose_A(t) = ( p_A + t·v_A ,  exp(t·ω_A)·q_A )     A turns about its own position
//!   d(t)      = dist( A(t), B(t) )
//!   toi       = the first t in [0, T] with d(t) ≤ target
//! ```
//!
//! - [`ray`]: van den Bergen's GJK ray cast. With no turning, `A(t) ⊖ B(t) = (A ⊖ B) − t·r` for
//!   the relative motion `r = v_B − v_A`, so the bodies touch when the ray `t·r` from the origin
//!   enters `A ⊖ B`: one GJK run that moves its query point along the ray.
//! - [`advance`]: Mirtich's conservative advancement. At any time the distance and a bound on
//!   how fast the bodies can close (linear and angular) give a time step that cannot overshoot.
//! - [`swept`]: the swept hull of Ericson's article. The convex hull of A at the start and the
//!   end of its motion relative to B meets B exactly when A meets B on the way; halving the
//!   interval finds when.
//!
//! Every method answers only what it proved. Each advance of time comes with a proof that
//! nothing touched before it (a separating plane, or a distance and a closing speed), so the
//! reported time never passes the first true contact. A hit is then checked by a static query
//! at that time: its proven upper bound must lie within `tolerance` of the target (the time is
//! safe, so the distance there is not below the target).
//!
//! Where a method cannot finish on its own (the ray cast stalls on its own rounding, the swept
//! hull's interval shrinks below what its static query resolves, the cap is reached, or the
//! check at its time is not tight enough), conservative advancement takes over from the last
//! time it proved safe. Near contact, a static query in the working precision may not resolve
//! the tolerance; the question is then asked again in f64 on the same shapes (the shapes are
//! the same; only the arithmetic is finer), so an f32 cast ends with a proof or with the bounds
//! that stopped it, never on a stale guess.
//!
//! The arithmetic runs in a frame centred between the bodies (their positions' midpoint at
//! `t = 0`), as Box2D and Jolt solve in a local frame: two bodies far from the world's origin
//! carry no more rounding than the same bodies near it. Answers come back in world
//! coordinates. With `radii: split` (the default) the static queries run on the shapes'
//! cores and add the radii afterwards, as in a static query ([`crate::proof::radii`]); the ray cast
//! grows its target by the radii instead.

pub mod advance;
mod at;
pub mod explain;
mod problem;
pub mod question;
pub mod ray;
pub mod record;
pub mod swept;

use at::At;
use problem::{Bodies, depth, distance_config, split_off};
pub(crate) use problem::{Exact, Gap, Problem, distance};
pub use question::{
    CastMethod, CastSettings, CastSpec, DEFAULT_CAST_ITERATIONS, MAX_CAST_ITERATIONS, Motion, Mover,
};
pub use record::{CastAnswer, CastRecord, CastStatus, CastStep, CastTrace};

use crate::config::{Precision, SolverConfig};
use crate::query::Placed;
use crate::real::Real;
use crate::shape::convex::Convex;
use crate::shape::support::SupportMap;
use crate::trace::SimplexCache;
use glam::DVec3;
use std::ops::ControlFlow;

/// How a method stopped, before the answer is checked at the time it reports.
pub(crate) struct Ending {
    pub status: CastStatus,
    /// A unit normal from A to B the method found on the way (the ray cast's last plane).
    pub normal: Option<DVec3>,
    /// What the method itself proved about the distance at the time it reports.
    pub bounds: [f64; 2],
    /// Points of both bodies near the contact at that time, to start the check's static
    /// query from (the ray cast's last simplex).
    pub warm: Option<SimplexCache>,
    /// Points of A and B at that time whose distance `bounds` bounds, when the method proved
    /// its bounds from points of its own (the ray cast's nearest point): a hit whose upper
    /// bound is within the tolerance then needs no static query to confirm it.
    pub points: Option<(DVec3, DVec3)>,
    /// A lower bound on the distance at `t = 0` that the method proved on its way (the ray
    /// cast's first plane), when it proved one.
    pub start_clear: Option<f64>,
}

impl Ending {
    /// An ending that proves nothing about the distance.
    pub fn unbounded(status: CastStatus) -> Self {
        Ending {
            status,
            normal: None,
            bounds: [0.0, f64::INFINITY],
            warm: None,
            points: None,
            start_clear: None,
        }
    }

    /// The time up to which the method proved that nothing touched, when it stopped without
    /// an answer of its own (stalled, capped, or a hit its check did not confirm) and
    /// advancement may go on from there.
    fn unfinished(&self) -> Option<f64> {
        match self.status {
            CastStatus::Hit { time, .. } | CastStatus::MaxIterations { time, .. } => Some(time),
            CastStatus::Failed { time, .. } => time,
            _ => None,
        }
    }
}

/// Where a method writes its steps (nowhere when not tracing).
pub(crate) struct Log<'l> {
    steps: Option<&'l mut Vec<CastStep>>,
    pub iterations: u32,
}

impl Log<'_> {
    /// Writes how the whole cast ended on its last recorded step, so that the last sentence
    /// says the answer's numbers (a hit's gap is the check's, not the method's own estimate).
    fn conclude(&mut self, status: &CastStatus) {
        if let Some(last) = self.steps.as_deref_mut().and_then(|s| s.last_mut()) {
            last.status = Some(status.clone());
        }
    }

    /// Forgets every step so far (a method's run that is to be asked again from the start).
    fn restart(&mut self) {
        self.iterations = 0;
        if let Some(steps) = self.steps.as_deref_mut() {
            steps.clear();
        }
    }

    /// Counts an iteration and records it (the record is only built when tracing).
    pub fn step(
        &mut self,
        time: f64,
        next_time: f64,
        record: impl FnOnce() -> CastRecord,
        status: Option<&CastStatus>,
    ) {
        self.iterations += 1;
        if let Some(steps) = self.steps.as_deref_mut() {
            steps.push(CastStep {
                iteration: self.iterations,
                time,
                next_time,
                record: record(),
                status: status.cloned(),
            });
        }
    }
}

/// A placed prepared shape (a core, when the radii are split) in motion.
fn mover<'s, R: Real>(
    shape: &'s Convex<R>,
    placed: &Placed<'_>,
    motion: Motion,
) -> Mover<'s, Convex<R>> {
    Mover {
        shape,
        motion,
        margin: placed.margin,
    }
}

/// Casts two placed prepared shapes in the configured precision, recording into `steps` when
/// given.
pub fn cast(
    a: Placed<'_>,
    b: Placed<'_>,
    spec: &CastSpec,
    config: &SolverConfig,
    steps: Option<&mut Vec<CastStep>>,
) -> CastAnswer {
    // The cores, when the radii are split: a sphere's centre, a capsule's segment.
    let split = config.radii.splits();
    let (a, b) = if split {
        let ((ca, ra), (cb, rb)) = (a.core(), b.core());
        (Placed { margin: ra, ..ca }, Placed { margin: rb, ..cb })
    } else {
        (a, b)
    };
    let origin = centre(a.anchor(), b.anchor());
    let (motion_a, motion_b) = (
        spec.motion_a(a.pose).moved(-origin),
        spec.motion_b(b.pose).moved(-origin),
    );
    // The shapes' numbers in each precision, converted once per shape and borrowed here.
    let (ea, eb) = (a.shape.convex::<f64>(), b.shape.convex::<f64>());
    let (xa, xb) = (mover(ea, &a, motion_a), mover(eb, &b, motion_b));
    let exact = Bodies::<f64, _, _>::new(xa, xb, split, config);
    let answer = match config.precision {
        Precision::F32 => {
            let (sa, sb) = (a.shape.convex::<f32>(), b.shape.convex::<f32>());
            let (ma, mb) = (mover(sa, &a, motion_a), mover(sb, &b, motion_b));
            cast_centred(ma, mb, spec, config, &exact, steps)
        }
        Precision::F64 => cast_centred(xa, xb, spec, config, &exact, steps),
    };
    answer.moved(origin)
}

/// The middle of two bodies' anchors, where a cast's arithmetic is done.
fn centre(a: DVec3, b: DVec3) -> DVec3 {
    let c = a * 0.5 + b * 0.5;
    if c.is_finite() { c } else { DVec3::ZERO }
}

/// Records every step of [`cast`].
pub fn trace_cast(
    a: Placed<'_>,
    b: Placed<'_>,
    spec: &CastSpec,
    config: &SolverConfig,
) -> CastTrace {
    let mut steps = Vec::new();
    let answer = cast(a, b, spec, config, Some(&mut steps));
    CastTrace { steps, answer }
}

/// Casts bodies of any shapes, your own included, in precision `R`. (With no f64 copy of your
/// shapes at hand, the working precision's static query is the only one: an f32 cast of your
/// own shapes does not fall back to f64 near contact.)
pub fn cast_bodies<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: Mover<'_, A>,
    b: Mover<'_, B>,
    spec: &CastSpec,
    config: &SolverConfig,
    steps: Option<&mut Vec<CastStep>>,
) -> CastAnswer {
    let origin = centre(a.motion.pose.position, b.motion.pose.position);
    let (a, b) = (a.moved(-origin), b.moved(-origin));
    let split = config.radii.splits();
    let exact = Bodies::<R, _, _>::new(a, b, split, config);
    cast_centred(a, b, spec, config, &exact, steps).moved(origin)
}

/// [`cast_bodies`] on bodies already moved into the cast's frame, with `exact` the f64 query:
/// the method asked for, run from a start that is not decided at once, its answer checked at
/// the time it reports, advancement where it left the cast unfinished, and what is known
/// where nothing finished it.
fn cast_centred<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: Mover<'_, A>,
    b: Mover<'_, B>,
    spec: &CastSpec,
    config: &SolverConfig,
    exact: &dyn Exact,
    steps: Option<&mut Vec<CastStep>>,
) -> CastAnswer {
    let settings = spec.settings(config.precision);
    let (a, b, radii) = split_off(a, b, config.radii.splits());
    let problem = Problem {
        radii,
        a,
        b,
        settings,
        config: distance_config(config),
        exact,
    };
    let mut cast = Driver {
        problem: &problem,
        settings,
        log: Log {
            steps,
            iterations: 0,
        },
    };
    if spec.turns() && !settings.method.handles_turning() {
        let why = format!(
            "{} follows translations only and a body turns; use conservative_advancement",
            settings.method.name()
        );
        return cast.answer(CastStatus::Failed { why, time: None }, None, None, 0);
    }
    let ending = match cast.run_method::<R>() {
        ControlFlow::Break(decided) => return decided,
        ControlFlow::Continue(ending) => ending,
    };
    if let Some(hit) = cast.confirmed::<R>(&ending) {
        return hit;
    }
    match cast.fall_back::<R>(ending) {
        ControlFlow::Break(hit) => hit,
        ControlFlow::Continue(ending) => cast.unanswered::<R>(ending),
    }
}

/// One cast on its way: the problem in the cast's frame, its settings, and its steps.
struct Driver<'p, 'l, A, B> {
    problem: &'p Problem<'p, A, B>,
    settings: CastSettings,
    log: Log<'l>,
}

impl<A, B> Driver<'_, '_, A, B> {
    /// The answer: its status and time, and what is known at the time it reports.
    fn answer(
        &self,
        status: CastStatus,
        toi: Option<f64>,
        at: Option<At>,
        iterations: u32,
    ) -> CastAnswer {
        CastAnswer {
            method: self.settings.method,
            status,
            toi,
            normal: at.as_ref().and_then(|g| g.normal),
            point_a: at.as_ref().map(|g| g.points.0),
            point_b: at.as_ref().map(|g| g.points.1),
            distance_bounds: at.map(|g| g.bounds),
            iterations,
        }
    }

    /// Whether what is known at a time proves the distance there within the tolerance.
    fn hit(&self, at: &At) -> bool {
        at.bounds[1] <= self.settings.target + self.settings.tolerance
    }

    /// A confirmed hit says how far above the target it may be by the bounds it reports.
    fn confirm(&mut self, time: f64, at: At) -> CastAnswer {
        let gap = (at.bounds[1] - self.settings.target).max(0.0);
        let status = CastStatus::Hit { time, gap };
        self.log.conclude(&status);
        self.answer(status, Some(time), Some(at), self.log.iterations)
    }

    /// The answer where nothing finished the cast, its last sentence saying so.
    fn concluded(&mut self, status: CastStatus, at: Option<At>, iterations: u32) -> CastAnswer {
        self.log.conclude(&status);
        self.answer(status, None, at, iterations)
    }

    /// The method asked for, from its start. The ray cast proves the start for itself: its
    /// first plane that clears the origin shows the bodies further apart than the target at
    /// t = 0. Only when none did is the start asked of a static query; the ray cast's run
    /// stands when that query leaves the cast open. A cast decided at t = 0 breaks off, with
    /// no step of any method in its answer.
    fn run_method<R: Real>(&mut self) -> ControlFlow<CastAnswer, Ending>
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let (problem, method) = (self.problem, self.settings.method);
        let target = self.settings.target;
        let ray = (method == CastMethod::RayCast).then(|| ray::cast(problem, &mut self.log));
        let cleared = |e: &Ending| e.start_clear.is_some_and(|s| s > target);
        match ray {
            Some(ending) if cleared(&ending) => ControlFlow::Continue(ending),
            ray => {
                let first = match start(problem, &|s, t, at, i| self.answer(s, t, at, i)) {
                    ControlFlow::Break(decided) => {
                        self.log.restart();
                        return ControlFlow::Break(decided);
                    }
                    ControlFlow::Continue(gap) => gap,
                };
                ControlFlow::Continue(match (ray, method) {
                    (Some(ending), _) => ending,
                    (None, CastMethod::ConservativeAdvancement) => {
                        advance::cast(problem, 0.0, None, Some(first), &mut self.log)
                    }
                    _ => swept::cast(problem, &mut self.log),
                })
            }
        }
    }

    /// The method's claim, checked: its own proof when it gave one within the tolerance, else
    /// a static query at the time it reports, which must prove the distance there within the
    /// tolerance of the target. Both proofs of the distance there, the method's and the
    /// static query's, hold; the tighter of each bound is kept. `None` for no hit.
    fn checked<R: Real>(&self, ending: &Ending) -> Option<(f64, At)>
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let CastStatus::Hit { time, .. } = ending.status else {
            return None;
        };
        let reach = self.settings.target + self.settings.tolerance;
        if let Some(points) = ending.points
            && ending.bounds[1] <= reach
        {
            // Bounds that cross by their rounding keep the lower at the upper.
            let [lower, upper] = ending.bounds;
            let bounds = [lower.min(upper), upper];
            let normal = ending.normal;
            return Some((
                time,
                At {
                    points,
                    normal,
                    bounds,
                },
            ));
        }
        // From the method's last simplex when it left one; cold when that proves less.
        let cold = || self.problem.judge::<R>(time, None);
        let at = match &ending.warm {
            Some(cache) => {
                let warm = self.problem.judge::<R>(time, Some(cache));
                if warm.bounds()[1] <= reach {
                    warm
                } else {
                    cold()
                }
            }
            None => cold(),
        };
        let at = At::of(&at, ending.normal).with(ending, R::EPSILON.to_f64());
        Some((time, at))
    }

    /// The method's hit, when its check confirms it.
    fn confirmed<R: Real>(&mut self, ending: &Ending) -> Option<CastAnswer>
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let (time, at) = self.checked::<R>(ending)?;
        self.hit(&at).then(|| self.confirm(time, at))
    }

    /// Not finished by the method itself: advancement goes on from the last time it proved
    /// safe, within what is left of the cap. With no normal to start from, advancement may
    /// meet the contact where no plane proves a step: from the start, it comes with the
    /// normal of its own last step.
    fn fall_back<R: Real>(&mut self, ending: Ending) -> ControlFlow<CastAnswer, Ending>
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let settings = self.settings;
        let from = ending.unfinished();
        let Some(from) = from.filter(|_| {
            settings.method != CastMethod::ConservativeAdvancement
                && self.log.iterations < settings.max_iterations
        }) else {
            return ControlFlow::Continue(ending);
        };
        let mut ending = advance::cast(self.problem, from, ending.normal, None, &mut self.log);
        if matches!(ending.status, CastStatus::Failed { .. }) && from > 0.0 {
            ending = advance::cast(self.problem, 0.0, None, None, &mut self.log);
        }
        match self.confirmed::<R>(&ending) {
            Some(hit) => ControlFlow::Break(hit),
            None => ControlFlow::Continue(ending),
        }
    }

    /// Where nothing finished the cast: a hit its check did not confirm fails with the bounds
    /// it has; a capped or failed method gives the bounds where it stopped.
    fn unanswered<R: Real>(mut self, ending: Ending) -> CastAnswer
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let iterations = self.log.iterations;
        let settings = self.settings;
        match ending.status {
            CastStatus::Hit { time, .. } => {
                let (_, at) = self.checked::<R>(&ending).expect("a hit is checked");
                let [lower, upper] = at.bounds;
                let failed = CastStatus::Failed {
                    why: format!(
                        "stopped at t = {time:e}, but the distance there is proven only to lie \
                         in [{lower:e}, {upper:e}], not within {:e} of the target {:e}",
                        settings.tolerance, settings.target
                    ),
                    time: Some(time),
                };
                self.concluded(failed, Some(at), iterations)
            }
            // Where it stopped without an answer, the bounds there.
            CastStatus::MaxIterations { time, .. }
            | CastStatus::Failed {
                time: Some(time), ..
            } => {
                let at = self.problem.judge::<R>(time, None);
                self.concluded(ending.status, Some(At::of(&at, None)), iterations)
            }
            status => self.concluded(status, None, iterations),
        }
    }
}

/// The cast decided at its start, when it is: bodies already within the target (proven as a
/// static query proves it, in f64 where the working precision cannot tell; for bodies that
/// overlap, the depth and normal are EPA's, as the static query reports them), a bound on the
/// closing speed that is not a number, or bodies proven apart that do not close along the
/// direction that proves it (they never come nearer along it, so they never touch, however
/// close they start: an instant hit for bodies a hair apart that move away is what engines
/// report, parry #405, box3d #32). Otherwise the static query at the start, for the method to
/// go on from.
fn start<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    problem: &Problem<'_, A, B>,
    answer: &impl Fn(CastStatus, Option<f64>, Option<At>, u32) -> CastAnswer,
) -> ControlFlow<CastAnswer, Gap> {
    let settings = &problem.settings;
    let start = problem.judge::<R>(0.0, None);
    let [lower, upper] = start.bounds();
    if start.finish.intersecting() == Some(true) || upper <= settings.target {
        let (body_a, body_b) = problem.bodies::<R>(0.0);
        let found = (start.finish.intersecting() == Some(true))
            .then(|| depth(&body_a, &body_b, problem.radii, &problem.config))
            .flatten();
        let status = CastStatus::OverlappingAtStart {
            distance: upper,
            depth: found.map(|(d, _)| d),
        };
        let normal = found.map(|(_, n)| n);
        return ControlFlow::Break(answer(status, Some(0.0), Some(At::of(&start, normal)), 0));
    }
    let n = start.separating;
    let (linear, angular) = problem.closing::<R>(n);
    let closing = linear + angular;
    if !closing.is_finite() {
        let why = format!("the bound on the closing speed is not finite ({closing:e})");
        let status = CastStatus::Failed {
            why,
            time: Some(0.0),
        };
        return ControlFlow::Break(answer(status, None, Some(At::of(&start, None)), 0));
    }
    if lower > settings.target && n != DVec3::ZERO && closing <= 0.0 {
        let status = CastStatus::Miss {
            time: 0.0,
            separation: lower,
            closing_speed: closing,
        };
        return ControlFlow::Break(answer(status, None, None, 0));
    }
    ControlFlow::Continue(start)
}
