//! What a scenario promises about its own run.
//!
//! A failure case is only useful if it keeps failing the way its notes say. A scenario may carry
//! an `expect` section — the outcome, the termination, the step it happens at, a distance or a
//! depth within a bound — and [`Expectation::check`] compares a finished trace with it, one line
//! per promise. The gallery's regression test, `gjk-lab check` and the app's panel all use it.

use crate::cast::{CastAnswer, CastStatus};
use crate::manifold::Manifold;
use crate::trace::Trace;
use crate::trace::{Outcome, Termination};
use serde::{Deserialize, Serialize};

/// The answer kinds a scenario may promise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeKind {
    /// The shapes overlap or touch.
    Intersecting,
    /// Apart, with a distance (the distance algorithms).
    Separated,
    /// Apart, without a distance (boolean GJK).
    Disjoint,
    /// Neither proven.
    Undecided,
}

impl OutcomeKind {
    /// The kind of an answer.
    pub fn of(outcome: &Outcome) -> Self {
        match outcome {
            Outcome::Intersecting => OutcomeKind::Intersecting,
            Outcome::Separated { .. } => OutcomeKind::Separated,
            Outcome::Disjoint => OutcomeKind::Disjoint,
            Outcome::Undecided => OutcomeKind::Undecided,
        }
    }

    /// The snake_case name used in files.
    pub fn name(self) -> &'static str {
        match self {
            OutcomeKind::Intersecting => "intersecting",
            OutcomeKind::Separated => "separated",
            OutcomeKind::Disjoint => "disjoint",
            OutcomeKind::Undecided => "undecided",
        }
    }
}

/// A number and how far from it the answer may be.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Approx {
    /// The number.
    pub value: f64,
    /// How far from it the answer may be.
    pub within: f64,
}

impl Approx {
    fn holds(&self, x: f64) -> bool {
        (x - self.value).abs() <= self.within
    }
}

/// Every field is optional; an absent one promises nothing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The kind of answer.
    pub outcome: Option<OutcomeKind>,
    /// The GJK termination's snake_case name (see [`Termination::NAMES`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination: Option<String>,
    /// The GJK iteration the run stops at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u32>,
    /// The separation distance (distance GJK on a separated pair).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance: Option<Approx>,
    /// EPA's penetration depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<Approx>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// EPA's termination's snake_case name.
    pub epa_termination: Option<String>,
    /// Whether some GJK step chose its feature by the fallback (inconclusive region tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<bool>,
    /// Whether the answer is certified (see [`crate::Certificate`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// The cast's time of impact (scenarios with a `cast` section).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toi: Option<Approx>,
    /// How the cast ended (see [`CastStatus::NAMES`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toi_status: Option<String>,
    /// How many points the contact manifold has (see [`crate::manifold`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contacts: Option<usize>,
}

/// One promise and how the run kept it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// The promise's field, as the file names it.
    pub what: &'static str,
    /// What the file promised.
    pub expected: String,
    /// What the run did.
    pub actual: String,
    /// Whether the run kept the promise.
    pub passed: bool,
}

fn check(what: &'static str, expected: String, actual: String, passed: bool) -> Check {
    Check {
        what,
        expected,
        actual,
        passed,
    }
}

/// A promised number, kept when the run's is within the promised distance of it.
fn near(what: &'static str, approx: Approx, actual: Option<f64>) -> Check {
    check(
        what,
        format!("{:e} ± {:e}", approx.value, approx.within),
        opt(actual),
        actual.is_some_and(|x| approx.holds(x)),
    )
}

/// A promised name, kept when the run ended the same way (`none` when it did not get there).
fn named(what: &'static str, name: &str, actual: Option<&str>) -> Check {
    let actual = actual.unwrap_or("none");
    check(what, name.to_owned(), actual.into(), name == actual)
}

fn opt(x: Option<f64>) -> String {
    x.map_or_else(|| "none".to_owned(), |x| format!("{x:e}"))
}

impl Expectation {
    /// Every promise a scenario may make.
    pub const FIELDS: [&'static str; 11] = [
        "outcome",
        "termination",
        "iterations",
        "distance",
        "depth",
        "epa_termination",
        "fallback",
        "certified",
        "toi",
        "toi_status",
        "contacts",
    ];

    /// The names in the `termination` fields that are not termination kinds.
    pub fn unknown_names(&self) -> Vec<(&'static str, &str)> {
        [
            ("termination", &self.termination),
            ("epa_termination", &self.epa_termination),
        ]
        .into_iter()
        .filter_map(|(field, name)| {
            let name = name.as_deref()?;
            (!Termination::NAMES.contains(&name)).then_some((field, name))
        })
        .collect()
    }

    /// The `toi_status` promised, when it is not a cast status.
    pub fn unknown_toi_status(&self) -> Option<&str> {
        let name = self.toi_status.as_deref()?;
        (!CastStatus::NAMES.contains(&name)).then_some(name)
    }

    /// Compares a finished run, its cast when the scenario has one, and its contact manifold
    /// when it has one, with every promise.
    pub fn check(
        &self,
        trace: &Trace,
        cast: Option<&CastAnswer>,
        manifold: Option<&Manifold>,
    ) -> Vec<Check> {
        let finish = &trace.finish;
        let mut checks = Vec::new();
        if let Some(kind) = self.outcome {
            let actual = OutcomeKind::of(&finish.outcome);
            checks.push(check(
                "outcome",
                kind.name().into(),
                actual.name().into(),
                kind == actual,
            ));
        }
        if let Some(name) = &self.termination {
            checks.push(named("termination", name, Some(finish.termination.name())));
        }
        if let Some(n) = self.iterations {
            checks.push(check(
                "iterations",
                n.to_string(),
                finish.iterations.to_string(),
                n == finish.iterations,
            ));
        }
        if let Some(approx) = self.distance {
            checks.push(near("distance", approx, finish.outcome.distance()));
        }
        if let Some(approx) = self.depth {
            checks.push(near("depth", approx, finish.penetration.map(|p| p.depth)));
        }
        if let Some(name) = &self.epa_termination {
            checks.push(named(
                "epa_termination",
                name,
                finish.epa_termination.map(|t| t.name()),
            ));
        }
        if let Some(expected) = self.fallback {
            let actual = trace
                .steps
                .iter()
                .filter(|s| !s.phase.is_epa())
                .any(|s| s.feature.as_ref().is_some_and(|f| f.by_fallback));
            checks.push(check(
                "fallback",
                expected.to_string(),
                actual.to_string(),
                expected == actual,
            ));
        }
        if let Some(expected) = self.certified {
            let actual = finish.certificate.certified;
            checks.push(check(
                "certified",
                expected.to_string(),
                actual.to_string(),
                expected == actual,
            ));
        }
        if let Some(approx) = self.toi {
            checks.push(near("toi", approx, cast.and_then(|c| c.toi)));
        }
        if let Some(name) = &self.toi_status {
            checks.push(named("toi_status", name, cast.map(|c| c.status.name())));
        }
        if let Some(n) = self.contacts {
            let actual = manifold.map(|m| m.points.len());
            let written = actual.map_or_else(|| "none".to_owned(), |k| k.to_string());
            checks.push(check("contacts", n.to_string(), written, actual == Some(n)));
        }
        checks
    }
}
