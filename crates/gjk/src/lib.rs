//! GJK Lab's solver: convex shapes, their Minkowski difference, and GJK variants as steppable
//! state machines that record every iteration as plain data.
//!
//! ```
//! use gjk::{Scenario, Format};
//! let s = Scenario::parse(r#"{
//!     "a": {"shape": {"type": "sphere", "radius": 1}},
//!     "b": {"shape": {"type": "sphere", "radius": 1}, "position": [3, 0, 0]}
//! }"#, Format::Json).unwrap();
//! let trace = gjk::trace(&s.a, &s.b, &s.config());
//! assert!((trace.finish.outcome.distance().unwrap() - 1.0).abs() < 1e-9);
//! ```
#![forbid(unsafe_code)]

pub mod boolean;
pub mod bounds;
pub mod compare;
pub mod config;
pub mod cso;
pub mod distance;
pub mod epa;
pub mod expect;
pub mod hull;
pub mod reading;
pub mod real;
#[cfg(feature = "reference")]
pub mod reference;
pub mod scenario;
pub mod shape;
pub mod signed_volumes;
pub mod simplex;
pub mod soak;
pub mod stepper;
pub mod sweep;
pub mod trace;
pub mod validate;
pub mod voronoi;

pub use boolean::BooleanGjk;
pub use config::{Algorithm, MAX_EPA_ITERATIONS, MAX_ITERATIONS, Precision, SolverConfig};
pub use cso::{CsoPoint, MinkowskiDifference};
pub use distance::{DistanceGjk, SimplexCache};
pub use epa::Epa;
pub use expect::{Approx, Check, Expectation, OutcomeKind};
pub use real::Real;
pub use scenario::{BodySpec, Format, Scenario, ScenarioError, SolverSpec};
pub use shape::{Body, Pose, Shape, SupportMethod};
pub use stepper::Steppable;
pub use sweep::{Sweep, SweepAxis, SweepParam, SweepRefusal, SweepSample};
pub use trace::{
    Certificate, EpaRecord, Feature, FeatureKind, Finish, HalfSpace, NoTrace, Observer, Outcome,
    Penetration, Quantities, Recorder, SimplexVertex, Step, Termination,
};

use real::Vector;
use serde::{Deserialize, Serialize};

/// A whole recorded run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<Step>,
    pub finish: Finish,
    /// The distance algorithms' last simplex, to warm-start a run on a nearby pose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<SimplexCache>,
}

/// The first search direction: the configured one, or from A's centre towards B's, or +X when
/// the centres coincide.
pub(crate) fn first_direction<R: Real>(
    cso: &MinkowskiDifference<'_, R>,
    config: &SolverConfig,
) -> R::V {
    if let Some(d) = config.initial_direction {
        // At unit length, so that a direction of 1e300 is not infinite in f32.
        return R::vec(real::unit_or_zero::<f64>(d));
    }
    let d = -cso.center();
    if d.length_squared() > R::ZERO {
        d
    } else {
        R::V::new(R::ONE, R::ZERO, R::ZERO)
    }
}

/// Runs the configured algorithm in the configured precision, handing each step to `observer`.
pub fn solve_traced<O: Observer>(
    a: &BodySpec,
    b: &BodySpec,
    config: &SolverConfig,
    observer: &mut O,
) -> Finish {
    solve_warm(a, b, config, None, observer).0
}

/// Runs like [`solve_traced`], starting the distance algorithms from `warm` when given (see
/// [`DistanceGjk::warm_started`]); returns the simplex to warm-start the next run from.
pub fn solve_warm<O: Observer>(
    a: &BodySpec,
    b: &BodySpec,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> (Finish, Option<SimplexCache>) {
    match config.precision {
        Precision::F32 => solve_in::<f32, O>(a, b, config, warm, observer),
        Precision::F64 => solve_in::<f64, O>(a, b, config, warm, observer),
    }
}

fn solve_in<R: Real, O: Observer>(
    a: &BodySpec,
    b: &BodySpec,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> (Finish, Option<SimplexCache>) {
    let body_a = Body::<R>::new(&a.shape, a.pose(), a.margin);
    let body_b = Body::<R>::new(&b.shape, b.pose(), b.margin);
    let cso = MinkowskiDifference::new(&body_a, &body_b);
    let (mut finish, simplex, cache) = match config.algorithm {
        Algorithm::Distance | Algorithm::SignedVolumes => {
            let mut gjk = match warm {
                Some(cache) => DistanceGjk::warm_started(cso, config, cache),
                None => DistanceGjk::new(cso, config),
            };
            let finish = gjk.run_traced(observer);
            (finish, *gjk.simplex(), Some(gjk.cache()))
        }
        Algorithm::Boolean => {
            let mut gjk = BooleanGjk::new(cso, config);
            (gjk.run_traced(observer), *gjk.simplex(), None)
        }
    };
    // An intersecting pair goes on to EPA for its depth, normal and contact points.
    if finish.outcome == Outcome::Intersecting && !simplex.is_empty() {
        let mut epa = Epa::new(cso, &simplex, config, finish.iterations);
        let (penetration, termination) = epa.run_traced(observer);
        finish.penetration = Some(penetration);
        finish.epa_termination = Some(termination);
        finish.epa_iterations = epa.iterations();
    }
    (finish, cache)
}

/// Runs without recording (the fast path).
pub fn solve(a: &BodySpec, b: &BodySpec, config: &SolverConfig) -> Finish {
    solve_traced(a, b, config, &mut NoTrace)
}

/// Runs and records every step.
pub fn trace(a: &BodySpec, b: &BodySpec, config: &SolverConfig) -> Trace {
    trace_warm(a, b, config, None)
}

/// Runs from a warm start (when given) and records every step.
pub fn trace_warm(
    a: &BodySpec,
    b: &BodySpec,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
) -> Trace {
    let mut recorder = Recorder::default();
    let (finish, cache) = solve_warm(a, b, config, warm, &mut recorder);
    Trace {
        steps: recorder.steps,
        finish,
        cache,
    }
}
