//! The files GJK Lab reads and writes, apart from what draws them:
//!
//! - [`bundled`]: the scenario presets, the failure gallery and the lessons, carried in the
//!   program (a copy on disk wins);
//! - [`incoming`]: a file by name, its bytes on disk or handed over (the page's file dialog);
//! - [`case`]: a case file read, a convex pair or a body against many pieces (a mesh file it
//!   names read beside it);
//! - [`lesson`]: a teacher's tour as a file, and as a link;
//! - [`link`]: a case as a link, `#case=<deflated, base64url>&step=N`;
//! - [`mesh`]: a mesh (OBJ, glTF, GLB) or a pasted vertex list, as a polytope's vertices;
//! - [`checks`]: what every reader promises of any input, as the fuzz targets check it.
//!
//! Every reader validates what it reads and names the field and the reason when it refuses;
//! the fuzz targets (`fuzz/`) read through the same functions the app does.
//!
//! May use: the solver (`gjk`). Nothing drawn, no Bevy: the app reads files through this.

pub mod bundled;
pub mod case;
pub mod checks;
pub mod incoming;
pub mod lesson;
pub mod link;
pub mod mesh;
