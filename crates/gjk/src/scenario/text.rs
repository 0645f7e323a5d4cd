//! Documents as text: any document (a scenario, a lesson) read from JSON or RON with the
//! failing field's path in every error, written back as pretty text, and read from a file of
//! bounded size.

use super::{Format, ScenarioError};
use std::path::Path;

/// A document of any type `T` (a scenario, a lesson) read from text in `format`, with the
/// failing field's path in every error; `trailing` says what a second value after it is taken
/// for.
pub fn parse_document<T: serde::de::DeserializeOwned>(
    text: &str,
    format: Format,
    trailing: &str,
) -> Result<T, ScenarioError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match format {
        Format::Json => parse_json(text, trailing),
        Format::Ron => parse_ron(text, trailing),
    }
}

/// Writes a document in the format its path names so that `path` is never left
/// half-written: the text goes to a temporary file beside it, which is then renamed over it.
pub(crate) fn save_document<T: serde::Serialize>(
    value: &T,
    path: &Path,
) -> Result<(), ScenarioError> {
    let format = Format::from_path(path)?;
    let io = |error| ScenarioError::Io {
        path: path.to_path_buf(),
        error,
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, document_text(value, format)).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

/// A document (a scenario, a lesson) as pretty text in `format`.
pub fn document_text<T: serde::Serialize>(value: &T, format: Format) -> String {
    match format {
        Format::Json => serde_json::to_string_pretty(value).expect("documents serialise"),
        Format::Ron => ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
            .expect("documents serialise"),
    }
}

fn parse_json<T: serde::de::DeserializeOwned>(
    text: &str,
    trailing: &str,
) -> Result<T, ScenarioError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let parsed = serde_path_to_error::deserialize(&mut de).map_err(|e| ScenarioError::Parse {
        field: e.path().to_string(),
        message: format!("{}{}", e.inner(), non_number_at(text, e.inner())),
    })?;
    de.end().map_err(|e| ScenarioError::Parse {
        field: String::new(),
        message: format!("line {} column {}: {trailing}", e.line(), e.column()),
    })?;
    Ok(parsed)
}

/// Why JSON said "expected value" where a number was meant: JSON has no NaN or infinity,
/// which other writers (Python's `json`, JavaScript's `String(x)`) print as `NaN`,
/// `Infinity` or `inf`. Empty for any other error.
fn non_number_at(text: &str, error: &serde_json::Error) -> &'static str {
    let Some(line) = error
        .line()
        .checked_sub(1)
        .and_then(|l| text.lines().nth(l))
    else {
        return "";
    };
    // serde_json stops inside the word (at `a` of `nan`, read as a misspelt `null`): the
    // word is what runs back from there to the last character no number or word has.
    let at = error.column().min(line.len());
    let head = line.get(..at).unwrap_or(line);
    // Past the whole of that character: it may be more than one byte (a stray U+FEFF).
    let start = head
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '+'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = line[start..].trim_start_matches(['-', '+']);
    let named = ["nan", "inf"].iter().any(|w| {
        word.get(..3)
            .is_some_and(|head| head.eq_ignore_ascii_case(w))
    });
    if error.is_syntax() && named {
        " (JSON has no NaN or infinity: write a finite number)"
    } else {
        ""
    }
}

fn parse_ron<T: serde::de::DeserializeOwned>(
    text: &str,
    trailing: &str,
) -> Result<T, ScenarioError> {
    let spanned = |e: ron::error::SpannedError| ScenarioError::Parse {
        field: String::new(),
        message: e.to_string(),
    };
    let mut de = ron::Deserializer::from_str(text).map_err(spanned)?;
    let parsed = match serde_path_to_error::deserialize(&mut de) {
        Ok(p) => p,
        Err(e) => {
            let field = e.path().to_string();
            // The deserializer stopped where it failed: that is the line and column to show.
            let at = de.span_error(e.into_inner());
            return Err(ScenarioError::Parse {
                field,
                message: at.to_string(),
            });
        }
    };
    if de.end().is_err() {
        let at = de.span_error(ron::Error::TrailingCharacters);
        return Err(ScenarioError::Parse {
            field: String::new(),
            message: format!("{}: {trailing}", at.span.start),
        });
    }
    Ok(parsed)
}

/// The text of a `.json` or `.ron` document file (a scenario, a lesson): a directory, a file
/// over [`MAX_FILE_BYTES`] or one that is not UTF-8 is refused, naming the file; `what` the
/// document is, for the messages.
pub fn read_text(path: &Path, what: &str) -> Result<String, ScenarioError> {
    Format::from_path(path)?;
    let io = |error| ScenarioError::Io {
        path: path.to_path_buf(),
        error,
    };
    if path.is_dir() {
        return Err(io(std::io::Error::other(format!(
            "is a directory, not a {what} file"
        ))));
    }
    let bytes = read_capped(path).map_err(io)?;
    String::from_utf8(bytes).map_err(|_| io(std::io::Error::other("is not UTF-8 text")))
}

/// The largest file a scenario or a mesh may be read from: far above any case a person
/// writes (a million-point hull is about 80 MB of JSON), far below what would exhaust memory.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Reads a whole file of at most [`MAX_FILE_BYTES`]; a larger one, or one that never ends
/// (`/dev/zero`), is refused with the limit named once that much has been read.
pub fn read_capped(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "is larger than {} MiB, the most a scenario or mesh file may be",
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(bytes)
}
