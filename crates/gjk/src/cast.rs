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
pub mod explain;
pub mod question;
pub mod ray;
pub mod record;
pub mod swept;

pub use question::{
    CastMethod, CastSettings, CastSpec, DEFAULT_CAST_ITERATIONS, MAX_CAST_ITERATIONS, Motion, Mover,
};
pub use record::{CastAnswer, CastRecord, CastStatus, CastStep, CastTrace};

use crate::config::{Algorithm, Precision, Radii, SolverConfig};
use crate::epa::Epa;
use crate::gjk::distance::DistanceGjk;
use crate::gjk::stepper::Steppable;
use crate::proof::radii::add_radii;
use crate::query::Placed;
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::body::Body;
use crate::shape::convex::Convex;
use crate::shape::cso::MinkowskiDifference;
use crate::shape::support::SupportMap;
use crate::trace::SimplexCache;
use crate::trace::{Finish, NoTrace, Outcome};
use glam::DVec3;

/// The questions asked of the bodies in f64 (on the same shapes) where the working precision
/// cannot decide (see [`Problem::judge`]).
pub(crate) trait Exact {
    /// The static distance at time `t`.
    fn gap(&self, t: f64, warm: Option<&SimplexCache>) -> Gap;
    /// The same, computed with both bodies moved by `-centre` (the answer's points moved back).
    fn gap_about(&self, t: f64, centre: DVec3) -> Gap;
    /// A lower bound on the bodies' separation along the unit direction `n` (from A to B) at
    /// time `t`: `min n·b − max n·a` over the bodies, from one support point of each, less
    /// their rounding. It needs no GJK run and no convergence.
    fn separation(&self, t: f64, n: DVec3) -> f64;
}

/// Both movers with their margins split off when `split`, and the radii that came off them.
fn split_off<'s, A, B>(
    a: Mover<'s, A>,
    b: Mover<'s, B>,
    split: bool,
) -> (Mover<'s, A>, Mover<'s, B>, [f64; 2]) {
    let radii = if split {
        [a.margin, b.margin]
    } else {
        [0.0; 2]
    };
    (a.split(split), b.split(split), radii)
}

/// Two movers as the [`Exact`] questions' bodies (in f64 for prepared shapes; for shapes of
/// your own, in their own precision).
struct Bodies<'s, R, A, B> {
    a: Mover<'s, A>,
    b: Mover<'s, B>,
    radii: [f64; 2],
    config: SolverConfig,
    precision: std::marker::PhantomData<R>,
}

impl<'s, R: Real, A: SupportMap<R>, B: SupportMap<R>> Bodies<'s, R, A, B> {
    /// `a` and `b` with their margins split off when `split`.
    fn new(a: Mover<'s, A>, b: Mover<'s, B>, split: bool, config: &SolverConfig) -> Self {
        let (a, b, radii) = split_off(a, b, split);
        Bodies {
            radii,
            a,
            b,
            config: distance_config(config),
            precision: std::marker::PhantomData,
        }
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Exact for Bodies<'_, R, A, B> {
    fn gap(&self, t: f64, warm: Option<&SimplexCache>) -> Gap {
        let (a, b) = (self.a.body::<R>(t), self.b.body::<R>(t));
        distance(&a, &b, self.radii, &self.config, warm)
    }

    fn gap_about(&self, t: f64, centre: DVec3) -> Gap {
        let (a, b) = (self.a.moved(-centre), self.b.moved(-centre));
        let (a, b) = (a.body::<R>(t), b.body::<R>(t));
        let mut gap = distance(&a, &b, self.radii, &self.config, None);
        gap.points = (gap.points.0 + centre, gap.points.1 + centre);
        gap
    }

    fn separation(&self, t: f64, n: DVec3) -> f64 {
        let (a, b) = (self.a.body::<R>(t), self.b.body::<R>(t));
        let cso = MinkowskiDifference::new(&a, &b);
        let d = R::vec(n);
        let (pa, pb) = (Vector::to_f64(a.support(d)), Vector::to_f64(b.support(-d)));
        let s = n.dot(pb) - n.dot(pa) - self.radii[0] - self.radii[1];
        s - crate::proof::bounds::allowance(&cso)
    }
}

/// What every method is given: the two moving bodies, the settings and the static queries'
/// configuration.
pub(crate) struct Problem<'s, A, B> {
    /// The bodies' shapes in motion, with no margin when the radii are split off.
    pub a: Mover<'s, A>,
    pub b: Mover<'s, B>,
    /// The radii split off each body (zero when not split): its static queries run on the
    /// shapes and add these afterwards.
    pub radii: [f64; 2],
    pub settings: CastSettings,
    pub config: SolverConfig,
    /// The same questions in f64, for times the working precision cannot decide.
    pub exact: &'s dyn Exact,
}

impl<A, B> Problem<'_, A, B> {
    /// The bodies at time `t` in precision `R` (their cores when the radii are split off).
    pub fn bodies<R: Real>(&self, t: f64) -> (Body<R, &A>, Body<R, &B>)
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        (self.a.body::<R>(t), self.b.body::<R>(t))
    }

    /// The static distance at time `t` in the working precision, radii added.
    pub fn gap<R: Real>(&self, t: f64, warm: Option<&SimplexCache>) -> Gap
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let (a, b) = self.bodies::<R>(t);
        distance(&a, &b, self.radii, &self.config, warm)
    }

    /// The static distance at time `t`, good enough to decide: in the working precision when
    /// its bounds say either "a step is safe" (lower above the target) or "within the
    /// tolerance" (upper at most target + tolerance); otherwise asked again in f64, and the
    /// tighter of the two answers kept. Near contact an f32 query on metre-sized bodies proves
    /// bounds a few 1e-6 wide, about the default f32 tolerance; the f64 query proves them to
    /// 1e-15 of the bodies' size.
    pub fn judge<R: Real>(&self, t: f64, warm: Option<&SimplexCache>) -> Gap
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let gap = self.gap::<R>(t, warm);
        let [lower, upper] = gap.bounds();
        let (target, tolerance) = (self.settings.target, self.settings.tolerance);
        if lower > target || upper <= target + tolerance {
            return gap;
        }
        let tighter = |x: Gap, y: Gap| if y.width() < x.width() { y } else { x };
        let gap = tighter(gap, self.exact.gap(t, None));
        let [lower, upper] = gap.bounds();
        if lower > target || upper <= target + tolerance {
            return gap;
        }
        // Still undecided: GJK near contact resolves the distance only to about √ε of the
        // features' size (1.8e-6 where a 680-unit face meets a vertex: its last simplex comes
        // from numbers of that size). Asked again about the contact itself, the witnesses are
        // small numbers and the same run ends within 1e-10.
        let (a, b) = gap.points;
        let contact = a * 0.5 + b * 0.5;
        if contact.is_finite() {
            tighter(gap, self.exact.gap_about(t, contact))
        } else {
            gap
        }
    }

    /// How fast the bodies can close along the unit direction `n` (from A to B), as a linear
    /// part `(v_A − v_B)·n` and an angular part `‖ω_A‖ r_A + ‖ω_B‖ r_B`: a point of a body is
    /// at most its radius (split-off radius included) from the axis it turns about, so it
    /// moves along `n` no faster than that.
    pub fn closing<R: Real>(&self, n: DVec3) -> (f64, f64)
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let (a, b) = (&self.a, &self.b);
        let linear = (a.motion.velocity - b.motion.velocity).dot(n);
        let angular = a.motion.angular.length() * (a.radius::<R>() + self.radii[0])
            + b.motion.angular.length() * (b.radius::<R>() + self.radii[1]);
        (linear, angular)
    }
}

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
}

impl Ending {
    /// An ending that proves nothing about the distance.
    pub fn unbounded(status: CastStatus) -> Self {
        Ending {
            status,
            normal: None,
            bounds: [0.0, f64::INFINITY],
            warm: None,
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

/// A static distance query's answer, as the casts use it: on the whole shapes (radii added
/// back when they were split off).
pub(crate) struct Gap {
    pub finish: Finish,
    /// The closest points of A and B the run ended with (touching pairs included), on the
    /// shapes' surfaces.
    pub points: (DVec3, DVec3),
    /// The unit direction from A's core point to B's (`None` when they coincide).
    pub normal: Option<DVec3>,
    /// Along which the lower bound on the distance was proven (zero when none was).
    pub separating: DVec3,
    /// To warm-start the next query at a nearby time.
    pub cache: SimplexCache,
}

impl Gap {
    /// The proven bounds on the distance.
    pub fn bounds(&self) -> [f64; 2] {
        self.finish.certificate.distance_bounds
    }

    fn width(&self) -> f64 {
        let [lower, upper] = self.bounds();
        upper - lower
    }
}

/// The static distance between two bodies, for the casts: distance GJK without EPA (a cast only
/// needs to know how far apart the bodies are, and that they touch), warm-started from `warm`.
/// The bodies are cores grown by `radii` afterwards when those are above zero.
pub(crate) fn distance<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: &Body<R, A>,
    b: &Body<R, B>,
    radii: [f64; 2],
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
) -> Gap {
    let cso = MinkowskiDifference::new(a, b);
    let grown = radii[0] + radii[1];
    let gjk = match warm {
        Some(cache) => DistanceGjk::warm_started(cso, config, cache),
        None => DistanceGjk::new(cso, config),
    };
    let mut gjk = gjk.on_cores(grown);
    let mut finish = gjk.run_traced(&mut NoTrace);
    let (a, b) = gjk.closest_points();
    let n = unit_or_zero::<f64>(b - a);
    if grown > 0.0 {
        finish = add_radii(finish, radii[0], radii[1], config);
    }
    Gap {
        finish,
        points: (a + n * radii[0], b - n * radii[1]),
        normal: (n != DVec3::ZERO).then_some(n),
        separating: gjk.separating_direction(),
        cache: gjk.cache(),
    }
}

/// How deep and along which normal (from A to B) two bodies that a static query proved to
/// overlap overlap: EPA on the query's simplex, radii added, as a static query answers
/// ([`crate::query`]). `None` when EPA has nothing to start from.
fn depth<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: &Body<R, A>,
    b: &Body<R, B>,
    radii: [f64; 2],
    config: &SolverConfig,
) -> Option<(f64, DVec3)> {
    let cso = MinkowskiDifference::new(a, b);
    let mut gjk = DistanceGjk::new(cso, config).on_cores(radii[0] + radii[1]);
    let mut finish = gjk.run_traced(&mut NoTrace);
    if finish.outcome == Outcome::Intersecting && !gjk.simplex().is_empty() {
        let mut epa = Epa::new(cso, gjk.simplex(), config, finish.iterations);
        finish.penetration = Some(epa.run_traced(&mut NoTrace).0);
    }
    if radii[0] + radii[1] > 0.0 {
        finish = add_radii(finish, radii[0], radii[1], config);
    }
    let p = finish.penetration?;
    (p.normal != DVec3::ZERO && p.normal.is_finite() && p.depth.is_finite())
        .then_some((p.depth, p.normal))
}

/// The configuration the casts' static queries run with: the scenario's tolerances, signed
/// volumes as the subalgorithm (Montanari et al.: the fastest of the distance variants; a
/// cast's static queries are proofs, not lessons, and every variant's answer carries the same
/// certificate), and at least the default iteration cap (a cast asks many questions near
/// contact; a cap of 1 or 2, set to step through one query, would leave every one of them
/// unproven).
fn distance_config(config: &SolverConfig) -> SolverConfig {
    let mut c = *config;
    c.algorithm = Algorithm::SignedVolumes;
    let default = SolverConfig::default_for(c.algorithm, c.precision);
    c.max_iterations = c.max_iterations.max(default.max_iterations);
    c.epa_max_iterations = c.epa_max_iterations.max(default.epa_max_iterations);
    c
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
    let split = config.radii == Radii::Split;
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
    let (ea, eb) = (Convex::<f64>::new(a.shape), Convex::<f64>::new(b.shape));
    let (xa, xb) = (mover(&ea, &a, motion_a), mover(&eb, &b, motion_b));
    let exact = Bodies::<f64, _, _>::new(xa, xb, split, config);
    let answer = match config.precision {
        Precision::F32 => {
            let (sa, sb) = (Convex::<f32>::new(a.shape), Convex::<f32>::new(b.shape));
            let (ma, mb) = (mover(&sa, &a, motion_a), mover(&sb, &b, motion_b));
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
    let split = config.radii == Radii::Split;
    let exact = Bodies::<R, _, _>::new(a, b, split, config);
    cast_centred(a, b, spec, config, &exact, steps).moved(origin)
}

/// [`cast_bodies`] on bodies already moved into the cast's frame, with `exact` the f64 query.
fn cast_centred<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: Mover<'_, A>,
    b: Mover<'_, B>,
    spec: &CastSpec,
    config: &SolverConfig,
    exact: &dyn Exact,
    steps: Option<&mut Vec<CastStep>>,
) -> CastAnswer {
    let settings = spec.settings(config.precision);
    let (a, b, radii) = split_off(a, b, config.radii == Radii::Split);
    let problem = Problem {
        radii,
        a,
        b,
        settings,
        config: distance_config(config),
        exact,
    };
    let mut log = Log {
        steps,
        iterations: 0,
    };
    let method = settings.method;
    let answer = |status, toi, at: Option<(Gap, Option<DVec3>)>, iterations| {
        let (gap, hint) = at.unzip();
        let normal = hint.flatten().or_else(|| gap.as_ref()?.normal);
        CastAnswer {
            method,
            status,
            toi,
            normal,
            point_a: gap.as_ref().map(|g| g.points.0),
            point_b: gap.as_ref().map(|g| g.points.1),
            distance_bounds: gap.map(|g| g.bounds()),
            iterations,
        }
    };
    if spec.turns() && !method.handles_turning() {
        let why = format!(
            "{} follows translations only and a body turns; use conservative_advancement",
            method.name()
        );
        let status = CastStatus::Failed { why, time: None };
        return answer(status, None, None, 0);
    }
    // Already within the target at the start: nothing to cast. Proven as a static query
    // proves it (in f64 where the working precision cannot tell), and for bodies that overlap
    // the depth and normal are EPA's, as the static query reports them.
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
        return answer(status, Some(0.0), Some((start, normal)), 0);
    }
    // Proven apart and not closing along the direction that proves it: the bodies never come
    // nearer along it, so they never touch, however close they start. (An instant hit for
    // bodies a hair apart that move away is what engines report: parry #405, box3d #32.)
    let n = start.separating;
    let (linear, angular) = problem.closing::<R>(n);
    let closing = linear + angular;
    if !closing.is_finite() {
        let why = format!("the bound on the closing speed is not finite ({closing:e})");
        return answer(
            CastStatus::Failed {
                why,
                time: Some(0.0),
            },
            None,
            Some((start, None)),
            0,
        );
    }
    if lower > settings.target && n != DVec3::ZERO && closing <= 0.0 {
        let status = CastStatus::Miss {
            time: 0.0,
            separation: lower,
            closing_speed: closing,
        };
        return answer(status, None, None, 0);
    }
    let mut ending = match method {
        CastMethod::RayCast => ray::cast(&problem, &mut log),
        CastMethod::ConservativeAdvancement => advance::cast(&problem, 0.0, None, &mut log),
        CastMethod::SweptHull => swept::cast(&problem, &mut log),
    };
    // The method's claim, checked: a static query at the time it reports must prove the
    // distance there within the tolerance of the target. Both proofs of the distance there,
    // the method's and the static query's, hold; the tighter of each bound is kept.
    let checked = |ending: &Ending| {
        let CastStatus::Hit { time, .. } = ending.status else {
            return None;
        };
        // From the method's last simplex when it left one; cold when that proves less.
        let cold = || problem.judge::<R>(time, None);
        let mut at = match &ending.warm {
            Some(cache) => {
                let warm = problem.judge::<R>(time, Some(cache));
                if warm.bounds()[1] <= settings.target + settings.tolerance {
                    warm
                } else {
                    cold()
                }
            }
            None => cold(),
        };
        let proven = &mut at.finish.certificate.distance_bounds;
        proven[0] = proven[0].max(ending.bounds[0]);
        proven[1] = proven[1].min(ending.bounds[1]);
        Some((time, at))
    };
    let hit = |at: &Gap| at.bounds()[1] <= settings.target + settings.tolerance;
    // A confirmed hit says how far above the target it may be by the bounds it reports.
    let confirmed = |time: f64, at: Gap, normal: Option<DVec3>, log: &mut Log<'_>| {
        let gap = (at.bounds()[1] - settings.target).max(0.0);
        let status = CastStatus::Hit { time, gap };
        log.conclude(&status);
        answer(status, Some(time), Some((at, normal)), log.iterations)
    };
    if let Some((time, at)) = checked(&ending)
        && hit(&at)
    {
        return confirmed(time, at, ending.normal, &mut log);
    }
    // Not finished by the method itself: advancement goes on from the last time it proved
    // safe, within what is left of the cap.
    if method != CastMethod::ConservativeAdvancement
        && let Some(from) = ending.unfinished()
        && log.iterations < settings.max_iterations
    {
        ending = advance::cast(&problem, from, ending.normal, &mut log);
        // With no normal to start from, advancement may meet the contact where no plane
        // proves a step: from the start, it comes with the normal of its own last step.
        if matches!(ending.status, CastStatus::Failed { .. }) && from > 0.0 {
            ending = advance::cast(&problem, 0.0, None, &mut log);
        }
        if let Some((time, at)) = checked(&ending)
            && hit(&at)
        {
            return confirmed(time, at, ending.normal, &mut log);
        }
    }
    let iterations = log.iterations;
    let mut answer = |status: CastStatus, toi, at, iterations| {
        log.conclude(&status);
        answer(status, toi, at, iterations)
    };
    match ending.status {
        CastStatus::Hit { time, .. } => {
            let (_, at) = checked(&ending).expect("a hit is checked");
            let [lower, upper] = at.bounds();
            let failed = CastStatus::Failed {
                why: format!(
                    "stopped at t = {time:e}, but the distance there is proven only to lie in \
                     [{lower:e}, {upper:e}], not within {:e} of the target {:e}",
                    settings.tolerance, settings.target
                ),
                time: Some(time),
            };
            answer(failed, None, Some((at, ending.normal)), iterations)
        }
        // Where it stopped without an answer, the bounds there.
        CastStatus::MaxIterations { time, .. }
        | CastStatus::Failed {
            time: Some(time), ..
        } => {
            let at = problem.judge::<R>(time, None);
            answer(ending.status, None, Some((at, None)), iterations)
        }
        status => answer(status, None, None, iterations),
    }
}
