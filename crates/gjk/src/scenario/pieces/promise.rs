//! What a case of many pieces promises about its report (its `expect` section), and how each
//! promise is checked: one line per promise, as a convex pair's are.

use super::report::{CastLine, ContactTime, PiecesReport};
use crate::scenario::ScenarioError;
use crate::scenario::expect::{Approx, Check};
use serde::{Deserialize, Serialize};

/// What a case of many pieces promises; an absent field promises nothing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PiecesExpect {
    /// The pair proven to overlap (`true`) or apart (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intersecting: Option<bool>,
    /// Whether the pair's answer is proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// The pair's distance (its upper bound).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance: Option<Approx>,
    /// The pieces with a ghost contact, in increasing order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ghosts: Option<Vec<u32>>,
    /// For a captured case, the pieces the engine's normal is a ghost on, in increasing
    /// order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_ghosts: Option<Vec<u32>>,
    /// The cast's first contact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<ContactPromise>,
    /// The cast's next hit past the pieces touched at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<ContactPromise>,
}

/// A promised first contact.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactPromise {
    /// One of [`ContactTime::NAMES`].
    pub status: String,
    /// The piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<u32>,
    /// The time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<Approx>,
    /// The seam test's verdict on the piece's hit normal: `real`, `ghost` or `border`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
}

impl PiecesExpect {
    /// Checks the names and numbers, by field.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let invalid = |field: String, reason: String| ScenarioError::Invalid { field, reason };
        if self == &PiecesExpect::default() {
            return Err(invalid("expect".into(), "makes no promise".into()));
        }
        if let Some(d) = self.distance
            && !(d.value.is_finite() && d.within.is_finite() && d.within >= 0.0)
        {
            return Err(invalid(
                "expect.distance".into(),
                "needs a finite value and a finite within, 0 or more".into(),
            ));
        }
        for (name, promise) in [("first", &self.first), ("next", &self.next)] {
            let Some(p) = promise else { continue };
            if !ContactTime::NAMES.contains(&p.status.as_str()) {
                return Err(invalid(
                    format!("expect.{name}.status"),
                    format!(
                        "\"{}\" is not one of {}",
                        p.status,
                        ContactTime::NAMES.join(", ")
                    ),
                ));
            }
            if let Some(v) = &p.verdict
                && !["real", "ghost", "border"].contains(&v.as_str())
            {
                return Err(invalid(
                    format!("expect.{name}.verdict"),
                    format!("\"{v}\" is not one of real, ghost, border"),
                ));
            }
            if let Some(t) = p.time
                && !(t.value.is_finite() && t.within.is_finite() && t.within >= 0.0)
            {
                return Err(invalid(
                    format!("expect.{name}.time"),
                    "needs a finite value and a finite within, 0 or more".into(),
                ));
            }
        }
        Ok(())
    }

    /// Each promise against the report, one line each.
    pub fn check(&self, report: &PiecesReport) -> Vec<Check> {
        let line = |what: &'static str, expected: String, actual: String, passed: bool| Check {
            what,
            expected,
            actual,
            passed,
        };
        let mut out = Vec::new();
        if let Some(i) = self.intersecting {
            let actual = report
                .intersecting
                .map_or("not proven".into(), |a| a.to_string());
            out.push(line(
                "intersecting",
                i.to_string(),
                actual,
                report.intersecting == Some(i),
            ));
        }
        if let Some(c) = self.certified {
            let actual = report.certified;
            out.push(line(
                "certified",
                c.to_string(),
                actual.to_string(),
                actual == c,
            ));
        }
        if let Some(g) = &self.ghosts {
            let actual = &report.ghosts;
            out.push(line(
                "ghosts",
                format!("{g:?}"),
                format!("{actual:?}"),
                g == actual,
            ));
        }
        if let Some(g) = &self.engine_ghosts {
            let actual = report.engine.as_ref().map(|e| {
                let mut ghosts: Vec<u32> = e
                    .contacts
                    .iter()
                    .chain(&e.cast)
                    .filter(|n| n.seam.verdict == "ghost")
                    .map(|n| n.piece)
                    .collect();
                ghosts.sort_unstable();
                ghosts.dedup();
                ghosts
            });
            out.push(line(
                "engine_ghosts",
                format!("{g:?}"),
                actual
                    .as_ref()
                    .map_or("no engine answer".into(), |a| format!("{a:?}")),
                actual.as_ref() == Some(g),
            ));
        }
        if let Some(d) = self.distance {
            let upper = report.distance_bounds[1];
            out.push(line(
                "distance",
                format!("{:e} ± {:e}", d.value, d.within),
                format!("{upper:e}"),
                (upper - d.value).abs() <= d.within,
            ));
        }
        let cast = report.cast.as_ref();
        for (what, promise, actual) in [
            ("first", &self.first, cast.map(|c| c.first)),
            ("next", &self.next, cast.map(|c| c.next)),
        ] {
            if let Some(p) = promise {
                out.push(contact_check(what, p, actual, cast));
            }
        }
        out
    }
}

fn contact_check(
    what: &'static str,
    p: &ContactPromise,
    actual: Option<ContactTime>,
    cast: Option<&CastLine>,
) -> Check {
    let Some(actual) = actual else {
        return Check {
            what,
            expected: p.status.clone(),
            actual: "no cast".into(),
            passed: false,
        };
    };
    let verdict = cast.and_then(|c| {
        c.hits
            .iter()
            .find(|h| Some(h.piece) == actual.piece)
            .map(|h| h.seam.verdict)
    });
    let time_ok = match (p.time, actual.time) {
        (Some(t), Some(a)) => (a - t.value).abs() <= t.within,
        (Some(_), None) => false,
        (None, _) => true,
    };
    let passed = p.status == actual.status
        && p.piece.is_none_or(|piece| actual.piece == Some(piece))
        && time_ok
        && p.verdict.as_deref().is_none_or(|v| verdict == Some(v));
    Check {
        what,
        expected: format!(
            "{} piece {:?} time {:?} verdict {:?}",
            p.status,
            p.piece,
            p.time.map(|t| (t.value, t.within)),
            p.verdict
        ),
        actual: format!(
            "{} piece {:?} time {:?} verdict {:?}",
            actual.status, actual.piece, actual.time, verdict
        ),
        passed,
    }
}
