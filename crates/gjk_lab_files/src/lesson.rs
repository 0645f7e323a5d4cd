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

use crate::case::Case;
use gjk::scenario::ScenarioError;
use gjk::{FeatureKind, Format, Scenario};
use serde::{Deserialize, Serialize};
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

mod caption;
mod reading;
use caption::placeholders;
pub use caption::{PLACEHOLDERS, Shown};
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
    /// (`gallery/10-touching-boxes.json`), or a floor of many pieces
    /// (`meshes/ball-on-a-ridge.json`); or else `scenario`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<String>,
    /// For a floor of many pieces: the piece whose run the slide steps (by default the one
    /// that answers the pair).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<u32>,
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

/// Which views are on screen: one takes the whole width when the other is hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Views {
    /// The world and A − B side by side.
    #[default]
    Both,
    World,
    Minkowski,
}

/// The two recorded runs a case may have: the static query's steps and the cast's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Timeline {
    #[default]
    Query,
    Cast,
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
    /// a case's link is made (see [`crate::link`]).
    pub fn to_link(&self, base: &str) -> Result<String, String> {
        let json = serde_json::to_string(self).expect("lessons serialise");
        let base = base.split('#').next().unwrap_or(base);
        let link = format!("{base}#lesson={}", crate::link::pack(&json));
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
        let packed = crate::link::part(link, "lesson")?;
        Some(
            crate::link::unpack(packed)
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
                    let Some(case) = crate::bundled::find(name) else {
                        return Err(invalid(
                            at("case"),
                            &format!("{name:?} is not among the built-in cases"),
                        ));
                    };
                    if let Some(piece) = slide.piece {
                        pieces_of(&case, piece).map_err(|why| invalid(at("piece"), &why))?;
                    }
                    None
                }
                (None, Some(_)) if slide.piece.is_some() => {
                    return Err(invalid(
                        at("piece"),
                        "a written-out scenario is a convex pair: only a floor of many pieces \
                         has pieces",
                    ));
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

/// That bundled `case` is a floor of many pieces with a piece `piece`.
fn pieces_of(case: &crate::bundled::Case, piece: u32) -> Result<(), String> {
    match case.open()? {
        Case::Pieces(read) if (piece as usize) < read.1.len() => Ok(()),
        Case::Pieces(read) => Err(format!(
            "{} has pieces 0 to {}, not {piece}",
            case.name,
            read.1.len() - 1
        )),
        Case::Pair(_) => Err(format!(
            "{} is a convex pair: only a floor of many pieces has pieces",
            case.name
        )),
    }
}

impl Slide {
    /// The slide's case, read and validated: a convex pair, or a floor of many pieces.
    pub fn open_case(&self) -> Result<Case, String> {
        if let Some(scenario) = &self.scenario {
            return Ok(Case::Pair(scenario.clone()));
        }
        let name = self.case.as_deref().unwrap_or_default();
        let case = crate::bundled::find(name)
            .ok_or_else(|| format!("{name} is not among the built-in cases"))?;
        case.open()
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
