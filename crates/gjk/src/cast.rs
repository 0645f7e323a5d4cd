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
pub mod ray;
pub mod swept;

use crate::body::Body;
use crate::config::{Algorithm, Precision, SolverConfig};
use crate::convex::Convex;
use crate::cso::MinkowskiDifference;
use crate::distance::{DistanceGjk, SimplexCache};
use crate::query::Placed;
use crate::real::{Real, unit_or_zero};
use crate::shape::Pose;
use crate::stepper::Steppable;
use crate::support::SupportMap;
use crate::trace::{Finish, NoTrace, SimplexVertex};
use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};

/// The cap on a cast's iterations when the scenario does not set one.
pub const DEFAULT_CAST_ITERATIONS: u32 = 100;
/// The largest cap a scenario may set.
pub const MAX_CAST_ITERATIONS: u32 = 10_000;

/// How a cast finds the time of impact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastMethod {
    /// GJK ray cast against `A ⊖ B` along the relative translation (translation only).
    RayCast,
    /// Advance by distance over a bound on the closing speed (turning allowed).
    ConservativeAdvancement,
    /// GJK on the swept hull, then bisection on the sweep (translation only).
    SweptHull,
}

impl CastMethod {
    pub const ALL: [CastMethod; 3] = [
        CastMethod::RayCast,
        CastMethod::ConservativeAdvancement,
        CastMethod::SweptHull,
    ];

    /// The snake_case name used in files and output.
    pub fn name(self) -> &'static str {
        match self {
            CastMethod::RayCast => "ray_cast",
            CastMethod::ConservativeAdvancement => "conservative_advancement",
            CastMethod::SweptHull => "swept_hull",
        }
    }

    /// Whether the method can follow a turning body.
    pub fn handles_turning(self) -> bool {
        self == CastMethod::ConservativeAdvancement
    }
}

/// A scenario's `cast` section: how both bodies move, and what counts as touching. Every field
/// is optional (see the accessors for the defaults).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastSpec {
    #[serde(default, deserialize_with = "crate::reading::vec3")]
    pub velocity_a: DVec3,
    #[serde(default, deserialize_with = "crate::reading::vec3")]
    pub velocity_b: DVec3,
    /// World-space angular velocity (axis × radians per unit time) about the body's position.
    #[serde(default, deserialize_with = "crate::reading::vec3")]
    pub angular_velocity_a: DVec3,
    #[serde(default, deserialize_with = "crate::reading::vec3")]
    pub angular_velocity_b: DVec3,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_time: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_distance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<CastMethod>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_iterations: Option<u32>,
}

impl CastSpec {
    /// Whether either body turns.
    pub fn turns(&self) -> bool {
        self.angular_velocity_a != DVec3::ZERO || self.angular_velocity_b != DVec3::ZERO
    }

    /// The method asked for, else the ray cast when nothing turns and conservative advancement
    /// when something does.
    pub fn method(&self) -> CastMethod {
        self.method.unwrap_or(if self.turns() {
            CastMethod::ConservativeAdvancement
        } else {
            CastMethod::RayCast
        })
    }

    /// Every default filled in for `precision`.
    pub fn settings(&self, precision: Precision) -> CastSettings {
        CastSettings {
            method: self.method(),
            max_time: self.max_time.unwrap_or(1.0),
            target: self.target_distance.unwrap_or(0.0),
            tolerance: self.tolerance.unwrap_or(match precision {
                Precision::F32 => 1e-4,
                Precision::F64 => 1e-6,
            }),
            max_iterations: self.max_iterations.unwrap_or(DEFAULT_CAST_ITERATIONS),
        }
    }

    /// Body A's motion from `pose`.
    pub fn motion_a(&self, pose: Pose) -> Motion {
        Motion {
            pose,
            velocity: self.velocity_a,
            angular: self.angular_velocity_a,
        }
    }

    /// Body B's motion from `pose`.
    pub fn motion_b(&self, pose: Pose) -> Motion {
        Motion {
            pose,
            velocity: self.velocity_b,
            angular: self.angular_velocity_b,
        }
    }
}

/// A cast's settings with every default filled in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastSettings {
    pub method: CastMethod,
    pub max_time: f64,
    pub target: f64,
    pub tolerance: f64,
    pub max_iterations: u32,
}

/// A body's motion: constant velocity, and constant angular velocity about its own position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    pub pose: Pose,
    pub velocity: DVec3,
    /// World-space axis times radians per unit time.
    pub angular: DVec3,
}

impl Motion {
    /// The pose at time `t`: `p + t·v`, `exp(t·ω)·q`.
    pub fn at(&self, t: f64) -> Pose {
        Pose {
            position: self.pose.position + self.velocity * t,
            rotation: (DQuat::from_scaled_axis(self.angular * t) * self.pose.rotation).normalize(),
        }
    }
}

/// A shape in motion, with its rounding margin: placed again at every time a method looks at.
#[derive(Debug)]
pub struct Mover<'s, S> {
    pub shape: &'s S,
    pub motion: Motion,
    pub margin: f64,
}

impl<S> Clone for Mover<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Mover<'_, S> {}

impl<'s, S> Mover<'s, S> {
    /// The body at time `t`, in precision `R`.
    pub fn body<R: Real>(&self, t: f64) -> Body<R, &'s S>
    where
        S: SupportMap<R>,
    {
        Body::new(self.shape, self.motion.at(t), self.margin)
    }

    /// The radius of a ball about the body's position that holds it, margin included: how far
    /// a point of the body is from the axis it turns about, at most.
    pub fn radius<R: Real>(&self) -> f64
    where
        S: SupportMap<R>,
    {
        self.shape.bounding_radius() + self.margin
    }
}

/// How a cast ended, with the numbers that decided it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CastStatus {
    /// The distance falls to the target at `time`: at most `gap` above it, never below it
    /// before.
    Hit { time: f64, gap: f64 },
    /// The distance never falls to the target before `max_time`: from `time` on, the bodies
    /// are at least `separation` apart along a fixed direction and close along it no faster
    /// than `closing_speed` (zero or less: they never close).
    Miss {
        time: f64,
        separation: f64,
        closing_speed: f64,
    },
    /// At `t = 0` the distance (at most `distance`) is already at or below the target.
    OverlappingAtStart { distance: f64 },
    /// The cap was hit at `time`; nothing touched before it, but the answer is not known.
    MaxIterations { iterations: u32, time: f64 },
    /// The method could not go on, for the reason given.
    Failed { why: String },
}

impl CastStatus {
    /// Every kind's name, in declaration order.
    pub const NAMES: [&'static str; 5] = [
        "hit",
        "miss",
        "overlapping_at_start",
        "max_iterations",
        "failed",
    ];

    /// The snake_case name used in output and in `expect`.
    pub fn name(&self) -> &'static str {
        Self::NAMES[match self {
            CastStatus::Hit { .. } => 0,
            CastStatus::Miss { .. } => 1,
            CastStatus::OverlappingAtStart { .. } => 2,
            CastStatus::MaxIterations { .. } => 3,
            CastStatus::Failed { .. } => 4,
        }]
    }
}

/// What one iteration of a cast computed, by method.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum CastRecord {
    /// One GJK ray-cast iteration, in the space of `A ⊖ B` at `t = 0`.
    RayCast {
        /// The query point `x = λ·r` on the ray at the start of the iteration.
        point: DVec3,
        /// `v = x − p` for the point `p` of `A ⊖ B` nearest `x` found so far.
        direction: DVec3,
        /// The support point of `A ⊖ B` furthest along `v` (target distance included).
        support: SimplexVertex,
        /// `v·(x − support)`: positive when the support plane separates `x` from `A ⊖ B`.
        v_dot_w: f64,
        /// `v·r`: negative when the ray runs towards that plane.
        v_dot_r: f64,
        /// Whether `x` moved along the ray to the plane.
        advanced: bool,
        /// The support points kept (points of `A ⊖ B`), after the reduction.
        simplex: Vec<SimplexVertex>,
        /// The new `v`, from the (possibly moved) `x` to the kept simplex's nearest point.
        closest: DVec3,
    },
    /// One conservative-advancement iteration.
    Advancement {
        /// Proven bounds on the distance at `time`.
        distance_bounds: [f64; 2],
        /// The unit direction from A to B along which the separation is measured.
        normal: DVec3,
        /// The proven separation of the bodies along `normal` at `time`.
        separation: f64,
        /// How fast the bodies can close along `normal`: `(v_A − v_B)·n`…
        linear_speed: f64,
        /// …plus `‖ω_A‖ r_A + ‖ω_B‖ r_B` for turning bodies.
        angular_speed: f64,
        /// The GJK iterations the distance took.
        gjk_iterations: u32,
    },
    /// One swept-hull test: A swept over `[from, to]` against B.
    Sweep {
        from: f64,
        to: f64,
        /// Proven bounds on the distance between the swept hull and B.
        distance_bounds: [f64; 2],
        /// Whether the sweep may come within the target (then the contact lies in it).
        reaches: bool,
        /// The GJK iterations the test took.
        gjk_iterations: u32,
    },
}

/// One iteration of a cast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastStep {
    /// 1-based.
    pub iteration: u32,
    /// The time the iteration starts at, and the time it leaves for the next one.
    pub time: f64,
    pub next_time: f64,
    pub record: CastRecord,
    /// On the last step: how the cast ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CastStatus>,
}

/// A finished cast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastAnswer {
    pub method: CastMethod,
    pub status: CastStatus,
    /// The time of impact (`0` when overlapping at start), or `None`.
    pub toi: Option<f64>,
    /// Unit, from A to B, at the time of impact.
    pub normal: Option<DVec3>,
    /// The closest points of A and B at the time of impact (world).
    pub point_a: Option<DVec3>,
    pub point_b: Option<DVec3>,
    /// Proven bounds on the distance at the time of impact, from a static query there.
    pub distance_bounds: Option<[f64; 2]>,
    pub iterations: u32,
}

/// A cast with every iteration recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastTrace {
    pub steps: Vec<CastStep>,
    pub answer: CastAnswer,
}

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
    let closing = (a.motion.velocity - b.motion.velocity).dot(n)
        + a.motion.angular.length() * a.radius::<R>()
        + b.motion.angular.length() * b.radius::<R>();
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

/// Prepares both shapes and traces the scenario's cast (one-off), or `None` when the scenario
/// has no `cast` section.
pub fn trace_scenario(scenario: &crate::Scenario) -> Option<CastTrace> {
    let spec = scenario.cast.as_ref()?;
    let [pa, pb] = scenario.prepare();
    Some(trace_cast(
        Placed::new(&pa, &scenario.a),
        Placed::new(&pb, &scenario.b),
        spec,
        &scenario.config(),
    ))
}
