//! A file the lab is given: a path on disk (typed in the panel, or dropped on the desktop's
//! window), or the bytes of a file picked in the page's file dialog or dropped on the page,
//! where there is no disk to read. Scenarios and meshes are read the same way from either.

use gjk::composite::Composite;
use gjk::scenario::pieces::{PiecesCase, is_pieces};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// A file by name, with where its bytes are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incoming {
    /// What the file is called (the whole path for a file on disk): its extension says what it
    /// holds, and messages name it.
    pub name: String,
    source: Source,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Source {
    Disk(PathBuf),
    Given(Vec<u8>),
}

/// What a file's extension says it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `.json` or `.ron`.
    Scenario,
    /// `.obj`, `.gltf` or `.glb`.
    Mesh,
    Unknown,
}

impl Incoming {
    pub fn on_disk(path: impl Into<PathBuf>) -> Self {
        let path = path.into();
        Incoming {
            name: path.display().to_string(),
            source: Source::Disk(path),
        }
    }

    /// A file handed over as bytes (the page's file dialog, a drop on the page).
    pub fn given(name: impl Into<String>, bytes: Vec<u8>) -> Self {
        Incoming {
            name: name.into(),
            source: Source::Given(bytes),
        }
    }

    /// The name as a path, for its extension and for messages.
    pub fn path(&self) -> &Path {
        match &self.source {
            Source::Disk(path) => path,
            Source::Given(_) => Path::new(&self.name),
        }
    }

    pub fn kind(&self) -> Kind {
        let ext = self
            .path()
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("json" | "ron") => Kind::Scenario,
            Some("obj" | "gltf" | "glb") => Kind::Mesh,
            _ => Kind::Unknown,
        }
    }

    pub fn bytes(&self) -> Result<Cow<'_, [u8]>, String> {
        match &self.source {
            Source::Disk(path) => gjk::scenario::read_capped(path)
                .map(Cow::Owned)
                .map_err(|e| format!("{}: {e}", self.name)),
            Source::Given(bytes) => Ok(Cow::Borrowed(bytes)),
        }
    }

    /// The bytes of the file `uri` names beside this one (a `.gltf`'s `.bin` buffers). A file
    /// given as bytes has no folder to look in.
    pub fn beside(&self, uri: &str) -> Result<Vec<u8>, String> {
        match &self.source {
            Source::Disk(path) => {
                let other = path.with_file_name(uri);
                gjk::scenario::read_capped(&other).map_err(|e| format!("{}: {e}", other.display()))
            }
            Source::Given(_) => Err(format!(
                "{}: its buffers are in a separate file ({uri}), which a browser does not let \
                 the page read; export the mesh as .glb or .obj",
                self.name
            )),
        }
    }

    /// The file as a case: a convex pair, or a body against many pieces (told apart by its
    /// `b`); errors name the file and the field.
    pub fn case(&self) -> Result<Case, String> {
        match &self.source {
            Source::Disk(path) => Case::load(path),
            Source::Given(bytes) => {
                let text = std::str::from_utf8(bytes)
                    .map_err(|e| format!("{}: not UTF-8 text: {e}", self.name))?;
                Case::parse(self.path(), text)
            }
        }
    }
}

/// A case file read: a convex pair, or a convex body against a body of many pieces.
#[derive(Debug, Clone)]
pub enum Case {
    /// Two convex bodies.
    Pair(Box<gjk::Scenario>),
    /// A convex body against a body of many pieces, its pieces built.
    Pieces(Box<(PiecesCase, Composite)>),
}

impl Case {
    /// Reads a `.json` or `.ron` file, telling the kind by its `b`.
    pub fn load(path: &Path) -> Result<Case, String> {
        let text = gjk::scenario::read_text(path, "scenario").map_err(|e| e.to_string())?;
        Case::parse(path, &text)
    }

    /// The text of a file named `path` (its extension picks the format).
    pub fn parse(path: &Path, text: &str) -> Result<Case, String> {
        let format = gjk::Format::from_path(path).map_err(|e| e.to_string())?;
        if is_pieces(text, format) {
            let read = PiecesCase::read(text, format).map_err(|e| e.in_file(path).to_string())?;
            return Ok(Case::Pieces(Box::new(read)));
        }
        gjk::Scenario::parse_named(path, text)
            .map(|s| Case::Pair(Box::new(s)))
            .map_err(|e| e.to_string())
    }
}
