//! A cast driven from its start to its answer, in the cast's frame: the method asked for, run
//! from a start that is not decided at once, its hit checked at the time it reports,
//! advancement where it left the cast unfinished, and what is known where nothing finished it.

use super::advance::Advancement;
use super::at::At;
use super::problem::{depth, distance_config, split_off};
use super::ray::RayCast;
use super::swept::Sweeps;
use super::{
    CastAnswer, CastMethod, CastSettings, CastSpec, CastStatus, CastStep, Ending, Exact, Gap, Log,
    Mover, Problem, Stepper,
};
use crate::config::SolverConfig;
use crate::real::Real;
use crate::shape::support::SupportMap;
use crate::trace::Observer;
use glam::DVec3;
use std::ops::ControlFlow;

/// [`cast_bodies`] on bodies already moved into the cast's frame, with `exact` the f64 query:
/// the method asked for, run from a start that is not decided at once, its answer checked at
/// the time it reports, advancement where it left the cast unfinished, and what is known
/// where nothing finished it.
pub(super) fn cast_centred<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer<CastStep>>(
    a: Mover<'_, A>,
    b: Mover<'_, B>,
    spec: &CastSpec,
    config: &SolverConfig,
    exact: &dyn Exact,
    observer: &mut O,
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
        log: Log::new(observer),
    };
    let answer = cast.drive::<R>(spec);
    cast.log.end();
    answer
}

/// One cast on its way: the problem in the cast's frame, its settings, and its steps.
struct Driver<'p, 'o, A, B, O> {
    problem: &'p Problem<'p, A, B>,
    settings: CastSettings,
    log: Log<'o, O>,
}

impl<A, B, O: Observer<CastStep>> Driver<'_, '_, A, B, O> {
    /// The method asked for, run from a start that is not decided at once, its answer checked
    /// at the time it reports, advancement where it left the cast unfinished, and what is
    /// known where nothing finished it.
    fn drive<R: Real>(&mut self, spec: &CastSpec) -> CastAnswer
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let method = self.settings.method;
        if spec.turns() && !method.handles_turning() {
            let why = format!(
                "{} follows translations only and a body turns; use conservative_advancement",
                method.name()
            );
            return self.answer(CastStatus::Failed { why, time: None }, None, None, 0);
        }
        let ending = match self.run_method::<R>() {
            ControlFlow::Break(decided) => return decided,
            ControlFlow::Continue(ending) => ending,
        };
        if let Some(hit) = self.confirmed::<R>(&ending) {
            return hit;
        }
        match self.fall_back::<R>(ending) {
            ControlFlow::Break(hit) => hit,
            ControlFlow::Continue(ending) => self.unanswered::<R>(ending),
        }
    }

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
        let cap = self.settings.max_iterations;
        let ray = (method == CastMethod::RayCast)
            .then(|| RayCast::<R, A, B>::new(problem).run(&mut self.log, cap));
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
                        Advancement::<R, A, B>::new(problem, 0.0, None, Some(first))
                            .run(&mut self.log, cap)
                    }
                    _ => Sweeps::<R, A, B>::new(problem).run(&mut self.log, cap),
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
        let (problem, cap) = (self.problem, settings.max_iterations);
        let advancement = |from, seed| Advancement::<R, A, B>::new(problem, from, seed, None);
        let mut ending = advancement(from, ending.normal).run(&mut self.log, cap);
        if matches!(ending.status, CastStatus::Failed { .. }) && from > 0.0 {
            ending = advancement(0.0, None).run(&mut self.log, cap);
        }
        match self.confirmed::<R>(&ending) {
            Some(hit) => ControlFlow::Break(hit),
            None => ControlFlow::Continue(ending),
        }
    }

    /// Where nothing finished the cast: a hit its check did not confirm fails with the bounds
    /// it has; a capped or failed method gives the bounds where it stopped.
    fn unanswered<R: Real>(&mut self, ending: Ending) -> CastAnswer
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
/// report, parry#405, box3d#32). Otherwise the static query at the start, for the method to
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
