//! Why a scenario (or a lesson, or any file read as one) could not be used: the field and
//! the reason, so that every refusal says where.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a scenario could not be used.
#[derive(Debug)]
pub enum ScenarioError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file's extension is neither `.json` nor `.ron`.
    UnknownFormat(PathBuf),
    /// The text is not a scenario: bad syntax, unknown shape type, wrong arity, a missing field.
    Parse {
        /// The field, as a path (`a.shape.radius`).
        field: String,
        /// What the parser said.
        message: String,
    },
    /// The text parses but a value is not allowed.
    Invalid {
        /// The field, as a path.
        field: String,
        /// Why its value is refused.
        reason: String,
    },
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScenarioError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            ScenarioError::UnknownFormat(path) => write!(
                f,
                "{}: unknown scenario format (use a .json or .ron extension)",
                path.display()
            ),
            ScenarioError::Parse { field, message } if field.is_empty() || field == "." => {
                write!(f, "{message}")
            }
            ScenarioError::Parse { field, message } => write!(f, "{field}: {message}"),
            ScenarioError::Invalid { field, reason } => write!(f, "{field}: {reason}"),
        }
    }
}

impl std::error::Error for ScenarioError {}

impl ScenarioError {
    /// Whether the refusal says where: the field it names, or for text that is no document
    /// at all (and has no field to name) its line and column, as serde_json ("at line 3
    /// column 5"), RON ("3:5: …", "1:1-1:7: …") and the lab's own readers ("line 13 column
    /// 2: the text goes on after the lesson ends") say it.
    pub fn names_its_place(&self) -> bool {
        match self {
            ScenarioError::Invalid { field, .. } => !field.is_empty() && field != ".",
            ScenarioError::Parse { field, .. } if !field.is_empty() && field != "." => true,
            ScenarioError::Parse { message, .. } => {
                let mut parts = message.split(':');
                let line = parts
                    .next()
                    .is_some_and(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_digit()));
                let column = parts
                    .next()
                    .is_some_and(|c| c.starts_with(|c: char| c.is_ascii_digit()));
                (line && column) || (message.contains("line ") && message.contains(" column "))
            }
            ScenarioError::Io { .. } | ScenarioError::UnknownFormat(_) => false,
        }
    }

    /// The error of a document held inside another, at `field` of it: its field's path
    /// starts there (`slides[0].scenario` and `a.shape.radius` make
    /// `slides[0].scenario.a.shape.radius`).
    pub fn within(self, field: &str) -> Self {
        let under = |inner: String| match inner.as_str() {
            "" | "." => field.to_string(),
            _ => format!("{field}.{inner}"),
        };
        match self {
            ScenarioError::Parse { field, message } => ScenarioError::Parse {
                field: under(field),
                message,
            },
            ScenarioError::Invalid { field, reason } => ScenarioError::Invalid {
                field: under(field),
                reason,
            },
            other => other,
        }
    }

    /// The error with the file's name in front, where it does not carry it already.
    pub fn in_file(self, path: &Path) -> Self {
        match self {
            ScenarioError::Parse { field, message } => ScenarioError::Parse {
                field: located(path, &field),
                message,
            },
            ScenarioError::Invalid { field, reason } => ScenarioError::Invalid {
                field: located(path, &field),
                reason,
            },
            other => other,
        }
    }
}

fn located(path: &Path, field: &str) -> String {
    if field.is_empty() || field == "." {
        path.display().to_string()
    } else {
        format!("{}: {field}", path.display())
    }
}
