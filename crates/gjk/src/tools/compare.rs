//! Two runs of one case side by side: where do they first part ways?
//!
//! Two configurations of the same pair (f32 against f64, distance against boolean, two
//! tolerances, two first directions) start alike and then differ somewhere: one picks another
//! support point, keeps another feature, or stops. [`first_divergence`] walks both traces step by
//! step and reports the first step where they differ in something a reader would call a
//! different decision, with both numbers. Rounding alone (f32 against f64 on the same decision)
//! is not a divergence: points must differ by more than `1e-6 · (1 + |w|)`.

use crate::trace::Step;
use crate::trace::Trace;
use serde::{Deserialize, Serialize};

/// The first step at which two runs differ, what differs and both values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Divergence {
    /// 1-based step (GJK then EPA steps, as on the timeline).
    pub step: usize,
    /// The quantity that differs.
    pub what: String,
    /// The left run's value.
    pub left: String,
    /// The right run's value.
    pub right: String,
}

/// How far two points may be apart and still be the same decision made in two precisions.
fn same_point(a: glam::DVec3, b: glam::DVec3) -> bool {
    (a - b).length() <= 1e-6 * (1.0 + a.length().max(b.length()))
}

fn fmt_point(p: glam::DVec3) -> String {
    format!("({:.7}, {:.7}, {:.7})", p.x, p.y, p.z)
}

fn describe(step: Option<&Step>) -> String {
    match step {
        None => "already stopped".into(),
        Some(s) => s
            .termination
            .map_or_else(|| "goes on".into(), |t| format!("stops: {}", t.name())),
    }
}

/// Compares one step of each run; `None` when they agree.
fn differ(l: &Step, r: &Step) -> Option<(String, String, String)> {
    if l.phase.is_epa() != r.phase.is_epa() {
        let phase = |s: &Step| if s.phase.is_epa() { "EPA" } else { "GJK" };
        return Some(("phase".into(), phase(l).into(), phase(r).into()));
    }
    if !same_point(
        l.direction.normalize_or_zero(),
        r.direction.normalize_or_zero(),
    ) {
        return Some((
            "search direction d".into(),
            fmt_point(l.direction),
            fmt_point(r.direction),
        ));
    }
    if !same_point(l.support.point, r.support.point) {
        return Some((
            "support point w".into(),
            fmt_point(l.support.point),
            fmt_point(r.support.point),
        ));
    }
    let feature = |s: &Step| {
        s.feature.as_ref().map_or_else(
            || "none".to_string(),
            |f| format!("{:?} {:?}", f.kind, f.vertices).to_lowercase(),
        )
    };
    if feature(l) != feature(r) {
        return Some(("feature kept".into(), feature(l), feature(r)));
    }
    let (lt, rt) = (
        l.termination.map(|t| t.name()),
        r.termination.map(|t| t.name()),
    );
    if lt != rt {
        return Some(("termination".into(), describe(Some(l)), describe(Some(r))));
    }
    None
}

/// The first step where `left` and `right` differ, or `None` if they are the same run.
pub fn first_divergence(left: &Trace, right: &Trace) -> Option<Divergence> {
    let n = left.steps.len().max(right.steps.len());
    (0..n).find_map(|i| {
        let (l, r) = (left.steps.get(i), right.steps.get(i));
        let (what, left, right) = match (l, r) {
            (Some(l), Some(r)) => differ(l, r)?,
            _ => ("length".into(), describe(l), describe(r)),
        };
        Some(Divergence {
            step: i + 1,
            what,
            left,
            right,
        })
    })
}
