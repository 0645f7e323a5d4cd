//! A captured case's engine answer read against ours, as the panel and `query` read it: the
//! sentence carries no non-finite number, and an engine whose deepest separation lies inside
//! the signed distance GJK Lab proves reads as inside (the capture fuzz target's promise).

use crate::scenario::Scenario;
use crate::scenario::engine::Agreement;
use crate::trace::Finish;

/// What is wrong with the reading of the scenario's engine answer against `f`, if anything.
pub(super) fn reading(s: &Scenario, f: &Finish) -> Option<String> {
    let check = s.engine_check(f)?;
    let non_finite = check
        .sentence
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| word == "NaN" || word == "inf");
    if non_finite {
        return Some(format!("the engine's reading says {:?}", check.sentence));
    }
    let (value, proven) = (check.engine_value?, check.proven?);
    let inside = proven.lower.is_some_and(|lower| lower < value) && value < proven.upper;
    (inside && check.agreement != Agreement::Inside).then(|| {
        format!(
            "the engine's separation {value:e} lies inside what is proven, yet reads {:?}",
            check.agreement
        )
    })
}
