//! What a file is asked for (the page's file dialog offers only the files that fit) and what
//! the desktop's save dialog is asked a place for. The file itself, by name, is
//! [`gjk_lab_files::incoming::Incoming`].

use crate::case::playback::Which;

/// What a file is asked for: in the page, the file dialog is opened for one of these, and
/// offers only the files that fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Scenario,
    /// A lesson to present (a scenario picked instead opens as one).
    Lesson,
    /// A mesh whose vertices become this body.
    Mesh(Which),
}

/// What the desktop's save dialog is asked a place for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saving {
    Scenario,
    Lesson,
}

impl Saving {
    /// The save dialog's filter name; both save as `.json` or `.ron`.
    pub fn what(self) -> &'static str {
        match self {
            Saving::Scenario => "Scenario",
            Saving::Lesson => "Lesson",
        }
    }
}

impl Purpose {
    /// The file dialog's filter: its name and extensions.
    pub fn extensions(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Purpose::Scenario => ("Scenario", &["json", "ron"]),
            Purpose::Lesson => ("Lesson", &["json", "ron"]),
            Purpose::Mesh(_) => ("Mesh", &["obj", "gltf", "glb"]),
        }
    }

    /// The extensions the page's file dialog offers, as an `accept` list (`.json,.ron`).
    pub fn accept(self) -> String {
        let (_, extensions) = self.extensions();
        let dotted: Vec<String> = extensions.iter().map(|e| format!(".{e}")).collect();
        dotted.join(",")
    }
}
