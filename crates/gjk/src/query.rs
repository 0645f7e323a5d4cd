//! Where a query runs: GJK in the configured variant and precision, then EPA for an
//! intersecting pair, as a pure function of two prepared shapes, their poses and the
//! configuration (and a warm-start simplex when one is given).
//!
//! ```text
//!   prepared shapes + poses ──► bodies in precision R ──► A ⊖ B ──► GJK ─┬─► finish
//!                                                                       └─► EPA ─► depth
//! ```

use crate::body::Body;
use crate::boolean::BooleanGjk;
use crate::config::{Algorithm, Precision, SolverConfig};
use crate::cso::MinkowskiDifference;
use crate::distance::{DistanceGjk, SimplexCache};
use crate::epa::Epa;
use crate::prepared::PreparedShape;
use crate::real::Real;
use crate::scenario::BodySpec;
use crate::shape::Pose;
use crate::stepper::Steppable;
use crate::support::SupportMap;
use crate::trace::{Finish, NoTrace, Observer, Outcome, Recorder, Trace};

/// One side of a query: a prepared shape at a pose, with its rounding margin.
#[derive(Debug, Clone, Copy)]
pub struct Placed<'p> {
    pub shape: &'p PreparedShape,
    pub pose: Pose,
    pub margin: f64,
}

impl<'p> Placed<'p> {
    /// `shape` where `spec` puts it (the spec's own shape is not looked at).
    pub fn new(shape: &'p PreparedShape, spec: &BodySpec) -> Self {
        Placed {
            shape,
            pose: spec.pose(),
            margin: spec.margin,
        }
    }

    fn body<R: Real>(&self) -> Body<R> {
        Body::prepared(self.shape, self.pose, self.margin)
    }
}

/// Runs the configured algorithm on two placed prepared shapes in the configured precision,
/// starting the distance algorithms from `warm` when given (see [`DistanceGjk::warm_started`]),
/// handing each step to `observer`. Returns the finish and the simplex to warm-start the next
/// run from.
pub fn query<O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> (Finish, Option<SimplexCache>) {
    match config.precision {
        Precision::F32 => run(
            MinkowskiDifference::new(&a.body::<f32>(), &b.body::<f32>()),
            config,
            warm,
            observer,
        ),
        Precision::F64 => run(
            MinkowskiDifference::new(&a.body::<f64>(), &b.body::<f64>()),
            config,
            warm,
            observer,
        ),
    }
}

/// Runs the configured algorithm on `A ⊖ B` for bodies of any shapes, your own included (the
/// configured precision is the one `R` you built the bodies in).
pub fn run<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer>(
    cso: MinkowskiDifference<'_, R, A, B>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> (Finish, Option<SimplexCache>) {
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

/// Runs [`query`] recording every step.
pub fn trace_query(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
) -> Trace {
    let mut recorder = Recorder::default();
    let (finish, cache) = query(a, b, config, warm, &mut recorder);
    Trace {
        steps: recorder.steps,
        finish,
        cache,
    }
}

/// Prepares both shapes and runs without recording, for a one-off query (a caller that
/// queries the same shapes again keeps its [`PreparedShape`]s and calls [`query`]).
pub fn solve(a: &BodySpec, b: &BodySpec, config: &SolverConfig) -> Finish {
    let (pa, pb) = (
        PreparedShape::new(a.shape.clone()),
        PreparedShape::new(b.shape.clone()),
    );
    query(
        Placed::new(&pa, a),
        Placed::new(&pb, b),
        config,
        None,
        &mut NoTrace,
    )
    .0
}

/// Prepares both shapes, runs and records every step (one-off, like [`solve`]).
pub fn trace(a: &BodySpec, b: &BodySpec, config: &SolverConfig) -> Trace {
    let (pa, pb) = (
        PreparedShape::new(a.shape.clone()),
        PreparedShape::new(b.shape.clone()),
    );
    trace_query(Placed::new(&pa, a), Placed::new(&pb, b), config, None)
}
