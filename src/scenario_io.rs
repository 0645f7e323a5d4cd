//! Opening and saving scenario files from the panel, and the presets and gallery cases built
//! into the program ([`crate::assets`]). Saving goes through [`gjk::Scenario::save`], which writes a temporary
//! file and renames it, so a file is never left half-written.

use crate::assets::Case;
use crate::playback::{Lab, LabSet, Playback};
use crate::scene::Which;
use bevy::prelude::*;
use gjk::Scenario;
use std::path::{Path, PathBuf};

/// A file request from the panel.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum ScenarioRequest {
    Open(PathBuf),
    /// Open a preset or a gallery case.
    OpenCase(Case),
    Save(PathBuf),
    /// Write the current run as JSON (for a bug report).
    ExportTrace(PathBuf),
    /// Replace a body's shape by the vertices of a mesh file.
    ImportMesh(Which, PathBuf),
    /// Replace a body's shape by a pasted vertex list.
    PasteVertices(Which, String),
}

/// The panel's file state.
#[derive(Resource, Debug, Clone, Default)]
pub struct ScenarioFiles {
    pub presets: Vec<Case>,
    /// The failure cases of `assets/scenarios/gallery/`.
    pub gallery: Vec<Case>,
    pub path_field: String,
    pub trace_field: String,
    pub mesh_field: String,
    pub paste: String,
    /// What the last request did, or why it failed.
    pub status: String,
    /// The last link *Copy link* made.
    pub link: String,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ScenarioRequest>()
        .insert_resource(ScenarioFiles {
            presets: crate::assets::presets(),
            gallery: crate::assets::gallery(),
            path_field: "scenario.json".to_string(),
            trace_field: "trace.json".to_string(),
            mesh_field: "shape.obj".to_string(),
            paste: String::new(),
            status: String::new(),
            link: String::new(),
        })
        .add_systems(Update, handle_requests.in_set(LabSet::Input));
}

fn handle_requests(
    mut requests: MessageReader<ScenarioRequest>,
    mut files: ResMut<ScenarioFiles>,
    mut lab: ResMut<Lab>,
    mut playback: ResMut<Playback>,
    mut framing: MessageWriter<crate::camera::FrameViews>,
) {
    for request in requests.read() {
        match request {
            ScenarioRequest::Open(path) => {
                let opened = Scenario::load(path).map(|s| (s, path.display().to_string()));
                open(opened, &mut files, &mut lab, &mut playback, &mut framing);
            }
            // A bundled case is saved by its file name in the working directory, never over
            // the program's own copy.
            ScenarioRequest::OpenCase(case) => {
                let opened = case.load().map(|s| (s, case.file_name().to_string()));
                open(opened, &mut files, &mut lab, &mut playback, &mut framing);
            }
            ScenarioRequest::Save(path) => {
                files.status = match lab.scenario.save(path) {
                    Ok(()) => format!("Saved {}", path.display()),
                    Err(e) => format!("Could not save: {e}"),
                };
            }
            ScenarioRequest::ExportTrace(path) => {
                // The trace on screen, with the case it was recorded from.
                let json = gjk::TraceDocument::new(&playback.case, &playback.trace)
                    .with_cast(playback.cast.as_ref())
                    .to_json();
                files.status = match write_atomically(path, json.as_bytes()) {
                    Ok(()) => format!("Wrote the trace to {}", path.display()),
                    Err(e) => format!("Could not write the trace: {e}"),
                };
            }
            ScenarioRequest::ImportMesh(which, path) => {
                let vertices = crate::import::mesh_vertices(path)
                    .map_err(|e| format!("Could not import: {e}"));
                let done = |n| format!("Imported {n} vertices from {}", path.display());
                files.status = use_vertices(&mut lab, *which, vertices, done, &mut framing);
            }
            ScenarioRequest::PasteVertices(which, text) => {
                let vertices = crate::import::parse_vertex_list(text)
                    .map_err(|e| format!("Could not use the pasted vertices: {e}"));
                let done = |n| format!("Pasted {n} vertices");
                files.status = use_vertices(&mut lab, *which, vertices, done, &mut framing);
            }
        }
    }
}

/// Shows an opened case from step 0, with the name its *Save* writes to.
fn open(
    opened: Result<(Scenario, String), gjk::ScenarioError>,
    files: &mut ScenarioFiles,
    lab: &mut Lab,
    playback: &mut Playback,
    framing: &mut MessageWriter<crate::camera::FrameViews>,
) {
    match opened {
        Ok((s, save_as)) => {
            files.status = format!("Opened {save_as}");
            files.path_field = save_as;
            lab.scenario = s;
            playback.step = 0;
            playback.playing = false;
            framing.write(crate::camera::FrameViews);
        }
        Err(e) => files.status = format!("Could not open: {e}"),
    }
}

/// Makes a body the polytope of `vertices`; returns the status line (`done` of the count).
fn use_vertices(
    lab: &mut Lab,
    which: Which,
    vertices: Result<Vec<glam::DVec3>, String>,
    done: impl FnOnce(usize) -> String,
    framing: &mut MessageWriter<crate::camera::FrameViews>,
) -> String {
    match vertices {
        Ok(vertices) => {
            let status = done(vertices.len());
            which.body_mut(lab).shape = gjk::Shape::Polytope { vertices };
            framing.write(crate::camera::FrameViews);
            status
        }
        Err(e) => e,
    }
}

/// Writes `bytes` beside `path` and renames the file over it, so `path` is never half-written.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
