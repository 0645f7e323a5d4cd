//! A lesson read from its text: the lesson first, each slide's written-out case kept as its
//! own text, then each case read as a scenario file is (so that a case in the plane reads as
//! one); and whether a file's text is a lesson at all.

use super::{Lesson, Slide};
use gjk::scenario::ScenarioError;
use gjk::{Format, Scenario};
use serde::Deserialize;
use std::path::Path;

/// What a second value after the lesson is taken for.
const TRAILING: &str = "the text goes on after the lesson ends; a file holds one lesson";

/// Whether a file's text is a lesson rather than a scenario: it has `slides` at the top.
pub fn is_lesson(text: &str, format: Format) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        slides: Option<serde::de::IgnoredAny>,
    }
    // A scenario never names slides: most files are told apart without being read twice.
    if !text.contains("slides") {
        return false;
    }
    match format {
        Format::Json => gjk::scenario::parse_document::<Probe>(text, format, TRAILING)
            .is_ok_and(|p| p.slides.is_some()),
        // RON cannot skip a value it has no type for (a bare `End`), so the text is read as
        // a lesson, or else taken for one when it names slides and is no scenario.
        Format::Ron => {
            Lesson::parse(text, format).is_ok() || Scenario::parse(text, format).is_err()
        }
    }
}

impl<R> Lesson<R> {
    /// The lesson with each slide's written-out case read from its text, as a scenario file;
    /// an error names the slide's field.
    fn with_cases(
        self,
        text: impl Fn(&R) -> &str,
        format: Format,
    ) -> Result<Lesson, ScenarioError> {
        let mut slides = Vec::with_capacity(self.slides.len());
        for (i, slide) in self.slides.into_iter().enumerate() {
            let scenario = match &slide.scenario {
                Some(raw) => Some(Box::new(
                    Scenario::parse(text(raw), format)
                        .map_err(|e| e.within(&format!("slides[{i}].scenario")))?,
                )),
                None => None,
            };
            slides.push(Slide {
                title: slide.title,
                case: slide.case,
                piece: slide.piece,
                scenario,
                step: slide.step,
                views: slide.views,
                cloud: slide.cloud,
                camera: slide.camera,
                caption: slide.caption,
            });
        }
        Ok(Lesson {
            title: self.title,
            slides,
        })
    }
}

impl Lesson {
    /// Reads and validates a lesson; every error names the field and the reason.
    ///
    /// A slide's written-out case is first kept as its own text, then read as a scenario file
    /// is: its `dimension` says which form it has (a case in the plane has 2-vectors and
    /// angles), and a reader cannot know that before the case's last field.
    pub fn parse(text: &str, format: Format) -> Result<Self, ScenarioError> {
        use gjk::scenario::parse_document;
        let lesson = match format {
            Format::Json => {
                parse_document::<Lesson<Box<serde_json::value::RawValue>>>(text, format, TRAILING)?
                    .with_cases(|raw| raw.get(), format)?
            }
            Format::Ron => {
                parse_document::<Lesson<Box<ron::value::RawValue>>>(text, format, TRAILING)?
                    .with_cases(|raw| raw.get_ron(), format)?
            }
        };
        lesson.validated()
    }

    /// [`Self::parse`] of a file's text, errors naming the file.
    pub fn parse_named(path: &Path, text: &str) -> Result<Self, ScenarioError> {
        Self::parse(text, Format::from_path(path)?).map_err(|e| e.in_file(path))
    }

    /// Reads a `.json` or `.ron` lesson file.
    pub fn load(path: &Path) -> Result<Self, ScenarioError> {
        Self::parse_named(path, &gjk::scenario::read_text(path, "lesson")?)
    }
}
