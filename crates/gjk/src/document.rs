//! The trace as one JSON document: the scenario as the solver understood it, every step and
//! the answer. `gjk-lab trace` prints it and the app exports the trace it shows as it.

use crate::scenario::Scenario;
use crate::trace::{Certificate, Outcome, Penetration, Step, Termination, Trace};
use serde::Serialize;

/// A recorded run with the scenario it was recorded from.
#[derive(Debug, Serialize)]
pub struct TraceDocument<'t> {
    scenario: Scenario,
    steps: &'t [Step],
    outcome: Outcome,
    termination: Termination,
    certificate: Certificate,
    iterations: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    penetration: Option<Penetration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    epa_termination: Option<Termination>,
    epa_iterations: u32,
}

impl<'t> TraceDocument<'t> {
    /// `trace`, recorded from `scenario`.
    pub fn new(scenario: &Scenario, trace: &'t Trace) -> Self {
        let f = &trace.finish;
        TraceDocument {
            scenario: scenario.understood(),
            steps: &trace.steps,
            outcome: f.outcome,
            termination: f.termination,
            certificate: f.certificate,
            iterations: f.iterations,
            penetration: f.penetration,
            epa_termination: f.epa_termination,
            epa_iterations: f.epa_iterations,
        }
    }

    /// The document as indented JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("traces serialise")
    }
}
