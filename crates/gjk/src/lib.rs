//! GJK Lab's solver: convex shapes, their Minkowski difference, and GJK variants as steppable
//! state machines that record every iteration as plain data.
//!
//! Folders by feature, lowest layer first; each module uses only those before it
//! (`docs/architecture.md` draws the arrows): [`real`] and [`config`], [`shape`], [`trace`](mod@trace),
//! [`simplex`], [`proof`], [`gjk`](mod@gjk), [`epa`], [`query`], [`manifold`], [`cast`], [`composite`], [`scenario`](mod@scenario),
//! [`tools`].
//!
//! Reading order, from a shape to a recorded step:
//!
//! - **A shape is prepared** once, when it is loaded or edited: [`PreparedShape::new`]
//!   ([`shape::prepared`]) builds what its queries need (a large polytope's hull graph,
//!   [`shape::hull`]). Shapes of your own implement [`SupportMap`] ([`shape::support`]) instead.
//! - **A query runs** in [`query`]: [`query::query`] places two prepared shapes at their poses
//!   ([`Placed`]) as [`Body`]s in the working precision, forms `A ⊖ B` ([`shape::cso`]) and runs
//!   the configured GJK variant ([`gjk::distance`], [`gjk::boolean`]), then EPA ([`epa`]) for an
//!   intersecting pair, and certifies the answer ([`proof`]); [`query::run`] does the same for
//!   bodies of any [`SupportMap`]. [`Trace::record`] traces either: the same call, handed a
//!   [`Recorder`]. [`solve`] and [`trace`](fn@trace) prepare and query in one call. Nothing is
//!   kept between queries: the same input gives the same trace.
//! - **A step is recorded** by the [`Observer`] the query is given ([`trace`](mod@trace)): a
//!   [`Recorder`] keeps every [`Step`], [`NoTrace`] compiles the recording away. Each solver is
//!   [`Steppable`] one iteration at a time, for a debugger.
//!
//! ```
//! use gjk::{Scenario, Format};
//! let s = Scenario::parse(r#"{
//!     "a": {"shape": {"type": "sphere", "radius": 1}},
//!     "b": {"shape": {"type": "sphere", "radius": 1}, "position": [3, 0, 0]}
//! }"#, Format::Json).unwrap();
//! let trace = gjk::trace(&s.a, &s.b, &s.config());
//! // Each step is plain data, with its sentence: what GJK did and which test decided it.
//! let first = &trace.steps[0];
//! assert!(first.explanation().contains("support point"));
//! // The answer, and what it proves: the distance lies within the certificate's bounds.
//! let [lower, upper] = trace.finish.certificate.distance_bounds;
//! assert!(trace.finish.certificate.certified && lower <= 1.0 && 1.0 <= upper);
//! assert!((trace.finish.outcome.distance().unwrap() - 1.0).abs() < 1e-9);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cast;
pub mod composite;
pub mod config;
pub mod epa;
pub mod gjk;
pub mod manifold;
pub mod proof;
pub mod query;
pub mod real;
pub mod scenario;
// The parry conversion macros (`shape::from_parry`) are in scope for the modules after this one.
#[macro_use]
pub mod shape;
pub mod simplex;
pub mod tools;
pub mod trace;

pub use cast::{CastAnswer, CastMethod, CastSpec, CastStatus, CastStep, CastTrace};
pub use config::{
    Acceleration, Algorithm, MAX_EPA_ITERATIONS, MAX_ITERATIONS, Precision, Radii, SolverConfig,
};
pub use epa::Epa;
pub use gjk::boolean::BooleanGjk;
pub use gjk::distance::DistanceGjk;
pub use gjk::stepper::Steppable;
/// The vector types of every answer, for callers on another glam.
pub use glam;
pub use query::{Placed, solve, trace};
pub use real::Real;
pub use scenario::document::TraceDocument;
pub use scenario::expect::{Approx, Check, Expectation, OutcomeKind};
pub use scenario::{Format, Scenario, ScenarioError, SolverSpec};
pub use shape::body::Body;
pub use shape::convex::{Convex, SupportMethod};
pub use shape::cso::{CsoPoint, MinkowskiDifference};
pub use shape::prepared::PreparedShape;
pub use shape::support::SupportMap;
pub use shape::{BodySpec, Pose, Shape};
pub use tools::sweep::{Sweep, SweepAxis, SweepParam, SweepRefusal, SweepSample};
pub use trace::{
    Boundary, Certificate, CoreCase, CoreRadii, EpaRecord, EpaStop, Feature, FeatureKind, Few,
    Finish, GjkStop, HalfSpace, NoTrace, Observer, Outcome, Penetration, Phase, PrecisionLimit,
    Quantities, Recorder, Shortcut, SimplexCache, SimplexVertex, Step, Termination, Trace,
};
