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
//! at that time: its proven distance bounds must lie within `tolerance` of the target, or the
//! answer says it failed and why.

pub mod advance;
pub mod explain;
pub mod question;
pub mod ray;
pub mod record;
pub mod swept;

pub use question::{
    CastMethod, CastSettings, CastSpec, DEFAULT_CAST_ITERATIONS, MAX_CAST_ITERATIONS, Motion, Mover,
};
pub use record::{CastAnswer, CastRecord, CastStatus, CastStep, CastTrace};

use crate::body::Body;
use crate::config::{Algorithm, Precision, SolverConfig};
use crate::convex::Convex;
use crate::cso::MinkowskiDifference;
use crate::distance::{DistanceGjk, SimplexCache};
use crate::query::Placed;
use crate::real::{Real, unit_or_zero};
use crate::stepper::Steppable;
use crate::support::SupportMap;
use crate::trace::{Finish, NoTrace};
use glam::DVec3;

/// What every method is given: the two moving bodies, the settings and the static queries'
/// configuration.
pub(crate) struct Problem<'s, A, B> {
    pub a: Mover<'s, A>,
    pub b: Mover<'s, B>,
    pub settings: CastSettings,
    pub config: SolverConfig,
}

/// How a method stopped, before the answer is checked at the time it reports.
pub(crate) struct Ending {
    pub status: CastStatus,
    /// A unit normal from A to B the method found on the way (the ray cast's last plane).
    pub normal: Option<DVec3>,
    /// What the method itself proved about the distance at the time it reports.
    pub bounds: [f64; 2],
}

impl Ending {
    /// An ending that proves nothing about the distance.
    pub fn unbounded(status: CastStatus) -> Self {
        Ending {
            status,
            normal: None,
            bounds: [0.0, f64::INFINITY],
        }
    }
}

/// Where a method writes its steps (nowhere when not tracing).
pub(crate) struct Log<'l> {
    steps: Option<&'l mut Vec<CastStep>>,
    pub iterations: u32,
}

impl Log<'_> {
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

/// A static distance query's answer, as the casts use it.
pub(crate) struct Gap {
    pub finish: Finish,
    /// The closest points of A and B the run ended with (touching pairs included).
    pub points: (DVec3, DVec3),
    /// Along which the lower bound on the distance was proven (zero when none was).
    pub separating: DVec3,
    /// To warm-start the next query at a nearby time.
    pub cache: SimplexCache,
}

impl Gap {
    /// The unit direction from A's closest point to B's, or `None` when they coincide.
    pub fn normal(&self) -> Option<DVec3> {
        let n = unit_or_zero::<f64>(self.points.1 - self.points.0);
        (n != DVec3::ZERO).then_some(n)
    }
}

/// The static distance between two bodies, for the casts: distance GJK without EPA (a cast only
/// needs to know how far apart the bodies are, and that they touch), warm-started from `warm`.
pub(crate) fn distance<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: &Body<R, A>,
    b: &Body<R, B>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
) -> Gap {
    let cso = MinkowskiDifference::new(a, b);
    let mut gjk = match warm {
        Some(cache) => DistanceGjk::warm_started(cso, config, cache),
        None => DistanceGjk::new(cso, config),
    };
    let finish = gjk.run_traced(&mut NoTrace);
    Gap {
        finish,
        points: gjk.closest_points(),
        separating: gjk.separating_direction(),
        cache: gjk.cache(),
    }
}

/// How fast the bodies can close along the unit direction `n` (from A to B), as a linear part
/// `(v_A − v_B)·n` and an angular part `‖ω_A‖ r_A + ‖ω_B‖ r_B`: a point of a body is at most its
/// radius from the axis it turns about, so it moves along `n` no faster than that.
pub(crate) fn closing_bound<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: &Mover<'_, A>,
    b: &Mover<'_, B>,
    n: DVec3,
) -> (f64, f64) {
    let linear = (a.motion.velocity - b.motion.velocity).dot(n);
    let angular =
        a.motion.angular.length() * a.radius::<R>() + b.motion.angular.length() * b.radius::<R>();
    (linear, angular)
}

/// The configuration the casts' static queries run with: the scenario's, with the boolean
/// variant replaced by the distance one (a cast needs distances).
fn distance_config(config: &SolverConfig) -> SolverConfig {
    let mut c = *config;
    if !c.algorithm.measures_distance() {
        c.algorithm = Algorithm::Distance;
    }
    c
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
    fn movers<'s, R: Real>(
        a: (&'s Convex<R>, &Placed<'_>),
        b: (&'s Convex<R>, &Placed<'_>),
        spec: &CastSpec,
    ) -> [Mover<'s, Convex<R>>; 2] {
        [
            Mover {
                shape: a.0,
                motion: spec.motion_a(a.1.pose),
                margin: a.1.margin,
            },
            Mover {
                shape: b.0,
                motion: spec.motion_b(b.1.pose),
                margin: b.1.margin,
            },
        ]
    }
    match config.precision {
        Precision::F32 => {
            let (sa, sb) = (Convex::<f32>::new(a.shape), Convex::<f32>::new(b.shape));
            let [ma, mb] = movers((&sa, &a), (&sb, &b), spec);
            cast_bodies(ma, mb, spec, config, steps)
        }
        Precision::F64 => {
            let (sa, sb) = (Convex::<f64>::new(a.shape), Convex::<f64>::new(b.shape));
            let [ma, mb] = movers((&sa, &a), (&sb, &b), spec);
            cast_bodies(ma, mb, spec, config, steps)
        }
    }
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

/// Casts bodies of any shapes, your own included, in precision `R`.
pub fn cast_bodies<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: Mover<'_, A>,
    b: Mover<'_, B>,
    spec: &CastSpec,
    config: &SolverConfig,
    steps: Option<&mut Vec<CastStep>>,
) -> CastAnswer {
    let settings = spec.settings(config.precision);
    let config = distance_config(config);
    let mut log = Log {
        steps,
        iterations: 0,
    };
    let method = settings.method;
    let answer = |status, toi, at: Option<(Gap, Option<DVec3>)>, iterations| {
        let (gap, hint) = at.unzip();
        let normal = hint.flatten().or_else(|| gap.as_ref()?.normal());
        CastAnswer {
            method,
            status,
            toi,
            normal,
            point_a: gap.as_ref().map(|g| g.points.0),
            point_b: gap.as_ref().map(|g| g.points.1),
            distance_bounds: gap.map(|g| g.finish.certificate.distance_bounds),
            iterations,
        }
    };
    if spec.turns() && !method.handles_turning() {
        let why = format!(
            "{} follows translations only and a body turns; use conservative_advancement",
            method.name()
        );
        return answer(CastStatus::Failed { why }, None, None, 0);
    }
    // Already within the target at the start: nothing to cast.
    let start = distance(&a.body::<R>(0.0), &b.body::<R>(0.0), &config, None);
    let upper = start.finish.certificate.distance_bounds[1];
    if start.finish.intersecting() == Some(true) || upper <= settings.target {
        let status = CastStatus::OverlappingAtStart { distance: upper };
        return answer(status, Some(0.0), Some((start, None)), 0);
    }
    // Proven apart and not closing along the direction that proves it: the bodies never come
    // nearer along it, so they never touch, however close they start. (An instant hit for
    // bodies a hair apart that move away is what engines report: parry #405, box3d #32.)
    let [lower, _] = start.finish.certificate.distance_bounds;
    let n = start.separating;
    let (linear, angular) = closing_bound::<R, A, B>(&a, &b, n);
    let closing = linear + angular;
    if lower > settings.target && n != DVec3::ZERO && closing <= 0.0 {
        let status = CastStatus::Miss {
            time: 0.0,
            separation: lower,
            closing_speed: closing,
        };
        return answer(status, None, None, 0);
    }
    let problem = Problem {
        a,
        b,
        settings,
        config,
    };
    let ending = match method {
        CastMethod::RayCast => ray::cast(&problem, &mut log),
        CastMethod::ConservativeAdvancement => advance::cast(&problem, &mut log),
        CastMethod::SweptHull => swept::cast(&problem, &mut log),
    };
    let iterations = log.iterations;
    let CastStatus::Hit { time, .. } = ending.status else {
        return answer(ending.status, None, None, iterations);
    };
    // The method's claim, checked: a static query at the time it reports must prove the
    // distance there within the tolerance of the target.
    // Two proofs of the distance there, the method's and the static query's: both hold.
    let mut at = distance(&a.body::<R>(time), &b.body::<R>(time), &config, None);
    let proven = &mut at.finish.certificate.distance_bounds;
    proven[0] = proven[0].max(ending.bounds[0]);
    proven[1] = proven[1].min(ending.bounds[1]);
    let [lower, upper] = *proven;
    let (low, high) = (
        settings.target - settings.tolerance,
        settings.target + settings.tolerance,
    );
    if lower >= low && upper <= high {
        answer(
            ending.status,
            Some(time),
            Some((at, ending.normal)),
            iterations,
        )
    } else {
        let failed = CastStatus::Failed {
            why: format!(
                "stopped at t = {time:e}, but the distance there is proven only to lie in \
                 [{lower:e}, {upper:e}], not within {:e} of the target {:e}",
                settings.tolerance, settings.target
            ),
        };
        answer(failed, None, Some((at, ending.normal)), iterations)
    }
}

/// Prepares both shapes and casts the scenario (one-off), recording into `steps` when given;
/// `None` when the scenario has no `cast` section.
fn scenario_cast(
    scenario: &crate::Scenario,
    steps: Option<&mut Vec<CastStep>>,
) -> Option<CastAnswer> {
    let spec = scenario.cast.as_ref()?;
    let [pa, pb] = scenario.prepare();
    Some(cast(
        Placed::new(&pa, &scenario.a),
        Placed::new(&pb, &scenario.b),
        spec,
        &scenario.config(),
        steps,
    ))
}

/// The scenario's cast answered without recording (see [`scenario_cast`]).
pub fn solve_scenario(scenario: &crate::Scenario) -> Option<CastAnswer> {
    scenario_cast(scenario, None)
}

/// The scenario's cast with every step recorded.
pub fn trace_scenario(scenario: &crate::Scenario) -> Option<CastTrace> {
    let mut steps = Vec::new();
    let answer = scenario_cast(scenario, Some(&mut steps))?;
    Some(CastTrace { steps, answer })
}
