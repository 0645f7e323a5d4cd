//! A lesson: a teacher's own tour, as a file. A title and a list of slides; each slide is a case
//! (a bundled one by name, or a scenario written out), the step to stop at, the views and the
//! camera, and a caption whose placeholders are filled from the step on screen, so a caption
//! stays true when the case changes.
//!
//! ```json
//! {"title": "Voronoi regions",
//!  "slides": [{"title": "Edge region", "case": "vertex-region-balls.json",
//!              "step": {"region": {"kind": "edge", "points": 2}},
//!              "camera": "frame_step",
//!              "caption": "The origin is in the region of {feature}."}]}
//! ```
//!
//! The built-in tour is such a file (`assets/lessons/tour.json`).

use crate::case::playback::Timeline;
pub use crate::views::camera::Views;
use gjk::scenario::ScenarioError;
use gjk::{FeatureKind, Format, Scenario};
use serde::{Deserialize, Serialize};
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

mod reading;
pub use reading::is_lesson;

/// The tour presenter mode opens with.
pub const TOUR: &str = "tour.json";

/// A lesson file. `S` is how a slide's written-out case is held: a scenario, or while the
/// file is read, its text ([`Lesson::parse`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "S: Deserialize<'de>"))]
pub struct Lesson<S = Box<Scenario>> {
    pub title: String,
    pub slides: Vec<Slide<S>>,
}

/// One slide: a case at a step, as the views show it, with a caption.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "S: Deserialize<'de>"))]
pub struct Slide<S = Box<Scenario>> {
    pub title: String,
    /// A preset or gallery case by its name under `assets/scenarios/`
    /// (`gallery/10-touching-boxes.json`); or else `scenario`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<String>,
    /// The case written out, as a scenario file holds it (in space or in the plane).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<S>,
    #[serde(default)]
    pub step: SlideStep,
    #[serde(default)]
    pub views: Views,
    /// Draw the sampled points of A − B as well as its hull.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cloud: bool,
    #[serde(default)]
    pub camera: SlideCamera,
    pub caption: String,
}

/// Which step of the case's runs a slide stops at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlideStep {
    /// The whole run, the answer on screen.
    #[default]
    End,
    /// GJK's last step: its simplex, not the EPA polytope that follows it.
    GjkEnd,
    /// This step of the query's run (0 = before the first iteration; clamped to the run).
    Step(usize),
    /// EPA's step N (1 = its first), on top of GJK's steps.
    Epa(usize),
    /// The cast's step N (0 = before its first; clamped to the cast).
    Cast(usize),
    /// The answer, with the contact manifold's stage N drawn (1 = its first; past the last,
    /// the last: the manifold itself). A case with no manifold shows its answer.
    Manifold(usize),
    /// The first GJK step whose kept feature is of this kind, chosen from exactly `points`
    /// candidate points (a vertex of a segment, an edge of a triangle).
    Region { kind: FeatureKind, points: usize },
}

/// Where a slide's cameras stand.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlideCamera {
    /// As the app frames a case it opens: the bodies whole, A − B round the origin.
    #[default]
    Frame,
    /// Close in on the step: its simplex and the origin.
    FrameStep,
    /// Exactly here (what *Add this view as a slide* records).
    Orbits { world: Orbit, minkowski: Orbit },
}

/// A camera circling `focus` at `distance`, turned by `yaw` and `pitch` (radians).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Orbit {
    pub focus: [f32; 3],
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

/// The longest link a lesson is shared by: far above a lesson of bundled cases (a few hundred
/// characters), far below what a browser refuses; a lesson of large meshes is a file.
pub const MAX_LINK_CHARS: usize = 200_000;

impl Lesson {
    /// A bundled lesson by its name under `assets/lessons/`.
    pub fn bundled(name: &str) -> Option<Self> {
        let (_, text) = LESSONS.iter().find(|(n, _)| *n == name)?;
        Self::parse(text, Format::from_path(Path::new(name)).ok()?).ok()
    }

    /// The built-in tour.
    pub fn tour() -> Self {
        Self::bundled(TOUR).expect("the tour is built into the program and valid")
    }

    /// The lesson as a link on the page at `base`: `#lesson=<JSON, deflated, base64url>`, as
    /// a case's link is made (see [`crate::case::link`]).
    pub fn to_link(&self, base: &str) -> Result<String, String> {
        let json = serde_json::to_string(self).expect("lessons serialise");
        let base = base.split('#').next().unwrap_or(base);
        let link = format!("{base}#lesson={}", crate::case::link::pack(&json));
        if link.len() > MAX_LINK_CHARS {
            return Err(format!(
                "the lesson makes a link of {} characters, more than the {MAX_LINK_CHARS} a \
                 link may have; save it as a file instead",
                link.len()
            ));
        }
        Ok(link)
    }

    /// The lesson in a link, or `None` for a link without one (a case's link).
    pub fn from_link(link: &str) -> Option<Result<Self, String>> {
        let packed = crate::case::link::part(link, "lesson")?;
        Some(
            crate::case::link::unpack(packed)
                .map_err(|why| format!("lesson: {why}"))
                .and_then(|json| {
                    Self::parse(&json, Format::Json).map_err(|e| format!("lesson: {e}"))
                }),
        )
    }

    /// The lesson as text in `format`.
    pub fn to_text(&self, format: Format) -> String {
        gjk::scenario::document_text(self, format)
    }

    /// The lesson, or the first field that is not allowed and why.
    pub fn validated(self) -> Result<Self, ScenarioError> {
        let invalid = |field: String, reason: &str| ScenarioError::Invalid {
            field,
            reason: reason.to_string(),
        };
        if self.slides.is_empty() {
            return Err(invalid(
                "slides".into(),
                "a lesson needs at least one slide",
            ));
        }
        let mut slides = Vec::with_capacity(self.slides.len());
        for (i, mut slide) in self.slides.into_iter().enumerate() {
            let at = |field: &str| format!("slides[{i}].{field}");
            slide.scenario = match (&slide.case, slide.scenario.take()) {
                (Some(_), Some(_)) => {
                    return Err(invalid(
                        at("case"),
                        "give the case by name or write out its scenario, not both",
                    ));
                }
                (None, None) => {
                    return Err(invalid(
                        at("case"),
                        "missing: name a bundled case, or write out a scenario",
                    ));
                }
                (Some(name), None) => {
                    if crate::case::assets::find(name).is_none() {
                        return Err(invalid(
                            at("case"),
                            &format!("{name:?} is not among the built-in cases"),
                        ));
                    }
                    None
                }
                (None, Some(scenario)) => {
                    Some(Box::new(scenario.validated().map_err(|e| match e {
                        ScenarioError::Invalid { field, reason } => ScenarioError::Invalid {
                            field: at(&format!("scenario.{field}")),
                            reason,
                        },
                        other => other,
                    })?))
                }
            };
            if let SlideStep::Region { points, .. } = slide.step
                && !(1..=4).contains(&points)
            {
                return Err(invalid(
                    at("step.region.points"),
                    "a simplex has 1 to 4 points",
                ));
            }
            if let SlideCamera::Orbits { world, minkowski } = slide.camera {
                for (name, orbit) in [("world", world), ("minkowski", minkowski)] {
                    orbit.check().map_err(|(field, why)| {
                        invalid(at(&format!("camera.orbits.{name}.{field}")), why)
                    })?;
                }
            }
            placeholders(&slide.caption).map_err(|why| invalid(at("caption"), &why))?;
            slides.push(slide);
        }
        Ok(Lesson { slides, ..self })
    }
}

impl Orbit {
    /// `Err((field, reason))` for a camera that cannot be stood at.
    fn check(&self) -> Result<(), (&'static str, &'static str)> {
        if !self.focus.iter().all(|x| x.is_finite()) {
            return Err(("focus", "must be finite numbers"));
        }
        if !self.yaw.is_finite() {
            return Err(("yaw", "must be a finite number"));
        }
        if !self.pitch.is_finite() {
            return Err(("pitch", "must be a finite number"));
        }
        if !(self.distance.is_finite() && self.distance > 0.0) {
            return Err(("distance", "must be a finite number above 0"));
        }
        Ok(())
    }
}

impl Slide {
    /// The slide's case, read and validated.
    pub fn load_case(&self) -> Result<Scenario, String> {
        if let Some(scenario) = &self.scenario {
            return Ok((**scenario).clone());
        }
        let name = self.case.as_deref().unwrap_or_default();
        let case = crate::case::assets::find(name)
            .ok_or_else(|| format!("{name} is not among the built-in cases"))?;
        case.load().map_err(|e| format!("{name}: {e}"))
    }

    /// The file name Save writes while the slide is shown (never over the program's own copy,
    /// nor over what was open before).
    pub fn file_name(&self) -> String {
        match &self.case {
            Some(name) => name.rsplit('/').next().unwrap_or(name).to_string(),
            None => "slide.json".to_string(),
        }
    }
}

impl SlideStep {
    /// The contact manifold's stage the slide draws (0: none).
    pub fn manifold_stage(self) -> usize {
        match self {
            SlideStep::Manifold(n) => n,
            _ => 0,
        }
    }

    /// The timeline and step this stops at in a case's runs (clamped to them).
    pub fn resolve(self, trace: &gjk::Trace, cast: Option<&gjk::CastTrace>) -> (Timeline, usize) {
        let steps = trace.steps.len();
        let gjk_steps = trace.steps.iter().filter(|s| s.epa().is_none()).count();
        let query = |n: usize| (Timeline::Query, n.min(steps));
        match self {
            SlideStep::End | SlideStep::Manifold(_) => query(steps),
            SlideStep::GjkEnd => query(gjk_steps),
            SlideStep::Step(n) => query(n),
            SlideStep::Epa(n) => query(gjk_steps + n),
            SlideStep::Cast(n) => match cast {
                Some(cast) => (Timeline::Cast, n.min(cast.steps.len())),
                None => query(steps),
            },
            SlideStep::Region { kind, points } => query(
                trace
                    .steps
                    .iter()
                    .position(|s| {
                        s.epa().is_none()
                            && s.candidate.len() == points
                            && s.feature.as_ref().is_some_and(|f| f.kind == kind)
                    })
                    .map_or(steps, |i| i + 1),
            ),
        }
    }
}

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
fn placeholders(caption: &str) -> Result<Vec<&str>, String> {
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
