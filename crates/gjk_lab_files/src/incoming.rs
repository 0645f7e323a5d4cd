//! A file the lab is given: a path on disk (typed in the panel, or dropped on the desktop's
//! window), or the bytes of a file picked in the page's file dialog or dropped on the page,
//! where there is no disk to read. Scenarios and meshes are read the same way from either.

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

    /// The file's path, where it is a file on disk (not bytes handed over).
    pub fn disk_path(&self) -> Option<&Path> {
        match &self.source {
            Source::Disk(path) => Some(path),
            Source::Given(_) => None,
        }
    }

    /// The file's bytes, read from disk or as given.
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
}
