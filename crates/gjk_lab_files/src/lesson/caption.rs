//! A slide's caption: its placeholders (`{feature}`, `{v}`, …), checked when the lesson is
//! read, and filled from the step on screen when it is shown.

/// The placeholders a caption may hold, and what each becomes.
pub const PLACEHOLDERS: [(&str, &str); 10] = [
    ("feature", "the kept feature (\"edge w₁w₂\")"),
    (
        "dropped",
        "the points dropped (\"w₁ and w₂\", or \"nothing\")",
    ),
    ("simplex", "the step's points (\"w₁w₂w₃\")"),
    ("v", "|v| at the step"),
    ("distance", "the run's distance (a separated case)"),
    ("depth", "the run's depth (an overlapping case, EPA run)"),
    (
        "termination",
        "how the run ended (\"gap below tolerance\"; on EPA's steps, how EPA did)",
    ),
    ("iterations", "the run's GJK iterations"),
    ("step", "the step's number"),
    ("steps", "the run's number of steps"),
];

/// A caption in pieces: text as written, the names in `{…}`, and a `{` never closed with what
/// follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'a> {
    Text(&'a str),
    Name(&'a str),
    Unclosed(&'a str),
}

fn pieces(caption: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = caption;
    while let Some(open) = rest.find('{') {
        out.push(Piece::Text(&rest[..open]));
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push(Piece::Unclosed(&rest[open..]));
            return out;
        };
        out.push(Piece::Name(&after[..close]));
        rest = &after[close + 1..];
    }
    out.push(Piece::Text(rest));
    out
}

/// The names in a caption's `{…}`; an unknown name or an unclosed brace is an error.
pub(super) fn placeholders(caption: &str) -> Result<Vec<&str>, String> {
    let mut names = Vec::new();
    for piece in pieces(caption) {
        match piece {
            Piece::Text(_) => {}
            Piece::Unclosed(text) => return Err(format!("a {{ at {text:?} is never closed")),
            Piece::Name(name) if PLACEHOLDERS.iter().any(|(p, _)| *p == name) => names.push(name),
            Piece::Name(name) => {
                let known: Vec<_> = PLACEHOLDERS
                    .iter()
                    .map(|(p, _)| format!("{{{p}}}"))
                    .collect();
                return Err(format!(
                    "{{{name}}} is not a placeholder; a caption may use {}",
                    known.join(", ")
                ));
            }
        }
    }
    Ok(names)
}

/// What a caption's placeholders are filled from: a run and the step on screen.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    pub trace: &'a gjk::Trace,
    /// 0 = before the first iteration; k = after iteration k.
    pub step: usize,
    /// Where the run is: in the plane three points make a triangle, EPA's sides are edges.
    pub dimension: gjk::config::Dimension,
}

impl Shown<'_> {
    /// A placeholder's value here, or why it has none (`{feature}` before the first step,
    /// `{distance}` of an overlapping pair).
    fn value(&self, name: &str) -> Result<String, &'static str> {
        use gjk::trace::explain::{feature_name_in, fmt_num};
        let step = self
            .step
            .checked_sub(1)
            .and_then(|i| self.trace.steps.get(i));
        let finish = &self.trace.finish;
        let shown = step.ok_or("before the first step");
        match name {
            "feature" => shown.and_then(|s| {
                let f = s.feature.as_ref().ok_or("this step keeps no feature")?;
                Ok(feature_name_in(
                    &f.vertices,
                    &|i| s.label(i),
                    self.dimension,
                ))
            }),
            "dropped" => shown.and_then(|s| {
                if s.epa().is_some() {
                    return Err("EPA's steps drop no simplex points");
                }
                let mut dropped: Vec<&str> = (0..s.candidate.len())
                    .filter(|&i| !s.keeps(i))
                    .map(|i| s.label(i))
                    .collect();
                dropped.sort_unstable();
                Ok(if dropped.is_empty() {
                    "nothing".to_string()
                } else {
                    dropped.join(" and ")
                })
            }),
            "simplex" => shown.map(|s| (0..s.candidate.len()).map(|i| s.label(i)).collect()),
            "v" => shown.and_then(|s| {
                let v = s.closest.ok_or("this step has no closest point")?;
                Ok(fmt_num(v.length()))
            }),
            "distance" => match finish.outcome {
                gjk::Outcome::Separated { distance, .. } => Ok(fmt_num(distance)),
                gjk::Outcome::Intersecting => Err("the shapes overlap"),
                gjk::Outcome::Disjoint => Err("boolean GJK measures no distance"),
                gjk::Outcome::Undecided => Err("the run decided nothing"),
            },
            "depth" => match (&finish.penetration, finish.outcome) {
                (Some(p), _) => Ok(fmt_num(p.depth)),
                (None, gjk::Outcome::Intersecting) => Err("no depth was measured"),
                (None, _) => Err("the shapes do not overlap"),
            },
            // On EPA's steps, how EPA ended; elsewhere how GJK did.
            "termination" => Ok(match (step.and_then(|s| s.epa()), finish.epa_termination) {
                (Some(_), Some(epa)) => epa.name(),
                _ => finish.termination.name(),
            }
            .replace('_', " ")),
            "iterations" => Ok(finish.iterations.to_string()),
            "step" => Ok(self.step.to_string()),
            "steps" => Ok(self.trace.steps.len().to_string()),
            _ => Err("not a placeholder"),
        }
    }

    /// The caption with its placeholders filled; `Err` names those with no value here (the
    /// caption is still returned, each such placeholder shown as "—" with why, "— (the shapes
    /// overlap)").
    pub fn fill(&self, caption: &str) -> Result<String, (String, Vec<String>)> {
        let mut out = String::with_capacity(caption.len());
        let mut missing = Vec::new();
        for piece in pieces(caption) {
            match piece {
                Piece::Text(text) | Piece::Unclosed(text) => out.push_str(text),
                Piece::Name(name) => match self.value(name) {
                    Ok(v) => out.push_str(&v),
                    Err(why) => {
                        out.push_str(&format!("— ({why})"));
                        missing.push(format!("{{{name}}}"));
                    }
                },
            }
        }
        if missing.is_empty() {
            Ok(out)
        } else {
            Err((out, missing))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_or_unclosed_placeholders_are_named() {
        assert_eq!(placeholders("a {feature} b {v}").unwrap(), ["feature", "v"]);
        let unknown = placeholders("the {edge}").unwrap_err();
        assert!(
            unknown.starts_with("{edge} is not a placeholder"),
            "{unknown}"
        );
        assert!(
            placeholders("open { here")
                .unwrap_err()
                .contains("never closed")
        );
    }
}
