//! A case file read: a convex pair, or a convex body against a body of many pieces, told
//! apart by its `b`; a case whose `b` names a mesh file (`"mesh_file": "floor.obj"`) has that
//! file's triangles read from beside it, as the panel's *Import mesh* reads a floor.

use crate::incoming::Incoming;
use gjk::composite::Composite;
use gjk::scenario::pieces::{MeshSpec, PiecesCase, PiecesSpec, is_pieces};
use std::path::Path;

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

    /// The file as a case; errors name the file and the field.
    pub fn of(file: &Incoming) -> Result<Case, String> {
        if let Some(path) = file.disk_path() {
            return Case::load(path);
        }
        let bytes = file.bytes()?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| format!("{}: not UTF-8 text: {e}", file.name))?;
        Case::parse(file.path(), text)
    }

    /// The text of a file named `path` (its extension picks the format).
    pub fn parse(path: &Path, text: &str) -> Result<Case, String> {
        let format = gjk::Format::from_path(path).map_err(|e| e.to_string())?;
        if is_pieces(text, format) {
            let in_file = |e: gjk::ScenarioError| e.in_file(path).to_string();
            let mut case = PiecesCase::parse(text, format).map_err(in_file)?;
            if let PiecesSpec::MeshFile(name) = &case.b {
                case.b = mesh_beside(path, name)?;
            }
            let read = case.validated().map_err(in_file)?;
            return Ok(Case::Pieces(Box::new(read)));
        }
        gjk::Scenario::parse_named(path, text)
            .map(|s| Case::Pair(Box::new(s)))
            .map_err(|e| e.to_string())
    }
}

/// The mesh file a case at `case` names for its `b`, read from the case's folder (a name with
/// folders in it goes on from there; a whole path is taken as it is): its triangles.
/// Only a plain file is read: a device or a pipe a case names (`/dev/zero`) is refused before
/// any byte is read.
fn mesh_beside(case: &Path, name: &str) -> Result<PiecesSpec, String> {
    let path = case.parent().unwrap_or(Path::new("")).join(name);
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => {}
        Ok(_) => {
            return Err(format!(
                "{}: b.mesh_file: {} is not a plain file",
                case.display(),
                path.display()
            ));
        }
        Err(e) => {
            return Err(format!(
                "{}: b.mesh_file: {}: {e}",
                case.display(),
                path.display()
            ));
        }
    }
    let file = Incoming::on_disk(path);
    let (vertices, triangles) = crate::mesh::mesh_triangles(&file)
        .map_err(|e| format!("{}: b.mesh_file: {e}", case.display()))?;
    Ok(PiecesSpec::Mesh(MeshSpec {
        vertices,
        triangles,
    }))
}
