//! The trace as one JSON document: the scenario as the solver understood it, every step and
//! the answer. `gjk-lab trace` prints it and the app exports the trace it shows as it.

use crate::cast::{CastAnswer, CastStep, CastTrace};
use crate::config::Dimension;
use crate::manifold::{Manifold, ManifoldStep};
use crate::scenario::Scenario;
use crate::simplex::voronoi::step_region;
use crate::trace::CoreRadii;
use crate::trace::{
    Certificate, EpaRecord, EpaStop, Feature, Few, HalfSpace, Outcome, Penetration, Quantities,
    SimplexVertex, Step, Termination, Trace,
};
use glam::DVec3;
use serde::Serialize;

/// A recorded run with the scenario it was recorded from.
#[derive(Debug, Serialize)]
pub struct TraceDocument<'t> {
    scenario: Scenario,
    steps: Vec<WrittenStep<'t>>,
    outcome: Outcome,
    termination: Termination,
    certificate: Certificate,
    iterations: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    penetration: Option<Penetration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    epa_termination: Option<EpaStop>,
    epa_iterations: u32,
    /// With `radii: split`: how the radii turned the cores' answer into the shapes'.
    #[serde(skip_serializing_if = "Option::is_none")]
    radii: Option<CoreRadii>,
    /// The cast's steps and answer, for a scenario with a `cast` section.
    #[serde(skip_serializing_if = "Option::is_none")]
    cast: Option<CastSection<'t>>,
    /// An overlapping answer's contact manifold: its stages, each with its sentence, then its
    /// points.
    #[serde(skip_serializing_if = "Option::is_none")]
    manifold: Option<ManifoldSection<'t>>,
}

/// The contact manifold as the document writes it.
#[derive(Debug, Serialize)]
struct ManifoldSection<'t> {
    steps: Vec<ExplainedManifoldStep<'t>>,
    #[serde(flatten)]
    manifold: &'t Manifold,
}

#[derive(Debug, Serialize)]
struct ExplainedManifoldStep<'t> {
    #[serde(flatten)]
    step: &'t ManifoldStep,
    explanation: String,
}

/// A cast as the document writes it: every step with its explanation, then the answer.
#[derive(Debug, Serialize)]
struct CastSection<'t> {
    steps: Vec<ExplainedCastStep<'t>>,
    #[serde(flatten)]
    answer: &'t CastAnswer,
}

#[derive(Debug, Serialize)]
struct ExplainedCastStep<'t> {
    #[serde(flatten)]
    step: &'t CastStep,
    explanation: String,
}

impl<'t> TraceDocument<'t> {
    /// `trace`, recorded from `scenario`.
    pub fn new(scenario: &Scenario, trace: &'t Trace) -> Self {
        let f = &trace.finish;
        TraceDocument {
            scenario: scenario.understood(),
            steps: trace
                .steps
                .iter()
                .map(|step| WrittenStep {
                    step,
                    dimension: scenario.dimension,
                })
                .collect(),
            outcome: f.outcome,
            termination: f.termination,
            certificate: f.certificate,
            iterations: f.iterations,
            penetration: f.penetration,
            epa_termination: f.epa_termination,
            epa_iterations: f.epa_iterations,
            radii: f.radii,
            cast: None,
            manifold: None,
        }
    }

    /// The document with the scenario's cast, recorded from the same scenario.
    pub fn with_cast(mut self, cast: Option<&'t CastTrace>) -> Self {
        self.cast = cast.map(|c| CastSection {
            steps: c
                .steps
                .iter()
                .map(|step| ExplainedCastStep {
                    step,
                    explanation: step.explanation_in(self.scenario.dimension),
                })
                .collect(),
            answer: &c.answer,
        });
        self
    }

    /// The document with the answer's contact manifold and its stages.
    pub fn with_manifold(mut self, manifold: Option<(&'t Manifold, &'t [ManifoldStep])>) -> Self {
        self.manifold = manifold.map(|(manifold, steps)| ManifoldSection {
            steps: steps
                .iter()
                .map(|step| ExplainedManifoldStep {
                    step,
                    explanation: step.explanation_in(self.scenario.dimension),
                })
                .collect(),
            manifold,
        });
        self
    }

    /// The document as indented JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("traces serialise")
    }
}

/// A step's feature as the document writes it: with its Voronoi region, worked out on writing.
#[derive(Serialize)]
struct WrittenFeature<'s> {
    #[serde(flatten)]
    feature: &'s Feature,
    #[serde(with = "crate::trace::step::few")]
    region: Few<HalfSpace>,
}

/// A step as the document writes it: its numbers, its explanation in words (told for the
/// run's dimension), and for an EPA step its polytope under `epa`.
pub struct WrittenStep<'s> {
    /// The step.
    pub step: &'s Step,
    /// The run's dimension, which the words follow.
    pub dimension: Dimension,
}

/// A step on its own is written as in space (see [`WrittenStep`]).
impl Serialize for Step {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        WrittenStep {
            step: self,
            dimension: Dimension::Three,
        }
        .serialize(serializer)
    }
}

impl std::fmt::Debug for WrittenStep<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.step.fmt(f)
    }
}

impl Serialize for WrittenStep<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (step, dimension) = (self.step, self.dimension);
        #[derive(Serialize)]
        struct Written<'s> {
            /// Which solver made the step (see [`crate::trace::Phase::name`]).
            kind: &'static str,
            iteration: u32,
            direction: DVec3,
            support: &'s SimplexVertex,
            simplex_before: &'s [SimplexVertex],
            candidate: &'s [SimplexVertex],
            /// The label each candidate vertex is taught by, w₁–w₄ (it keeps it while it
            /// stays).
            #[serde(skip_serializing_if = "Vec::is_empty")]
            labels: Vec<&'static str>,
            #[serde(with = "crate::trace::step::few")]
            simplex_after: Few<SimplexVertex>,
            feature: Option<WrittenFeature<'s>>,
            closest: Option<DVec3>,
            weights: &'s [f64],
            next_direction: Option<DVec3>,
            quantities: &'s Quantities,
            explanation: String,
            termination: Option<Termination>,
            #[serde(skip_serializing_if = "Option::is_none")]
            epa: Option<&'s EpaRecord>,
            /// A run on the cores: the radii of A's and B's.
            #[serde(skip_serializing_if = "Option::is_none")]
            cores: Option<[f64; 2]>,
            #[serde(skip_serializing_if = "Option::is_none")]
            radii: Option<CoreRadii>,
        }
        Written {
            kind: step.phase.name(),
            iteration: step.iteration,
            direction: step.direction,
            support: &step.support,
            simplex_before: step.simplex_before(),
            candidate: &step.candidate,
            labels: (0..step.names.len()).map(|i| step.label(i)).collect(),
            simplex_after: step.simplex_after(),
            feature: step.feature.as_ref().map(|f| WrittenFeature {
                feature: f,
                region: step_region(step),
            }),
            closest: step.closest,
            weights: &step.weights,
            next_direction: step.next_direction,
            quantities: &step.quantities,
            explanation: step.explanation_in(dimension),
            termination: step.termination,
            epa: step.epa(),
            cores: step.cores,
            radii: step.radii,
        }
        .serialize(serializer)
    }
}
