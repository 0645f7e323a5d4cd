//! Opening and saving scenario files from the panel, the presets and gallery cases built into
//! the program ([`crate::case::assets`]), and files and links that arrive from outside the panel
//! ([`crate::platform::arrivals`]). On the desktop a save writes a temporary file and renames it, so a
//! file is never left half-written; in the page it is a download.

use crate::case::incoming::{Purpose, Saving};
use crate::case::pieces::Pieces;
use crate::case::playback::Which;
use crate::case::playback::{Lab, LabSet, Playback};
use bevy::prelude::*;
use gjk::Scenario;
use gjk_lab_files::bundled::Case;
use gjk_lab_files::case::Case as FileCase;
use gjk_lab_files::incoming::Incoming;
use std::path::{Path, PathBuf};

/// A file request from the panel, or a file or link that arrived from outside it.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum ScenarioRequest {
    /// Open a scenario file.
    Open(Incoming),
    /// Open a preset or a gallery case.
    OpenCase(Case),
    /// Open a case link (`#case=…&step=N`, see [`crate::case::link`]) at its step.
    OpenLink(String),
    /// Save the scenario as this file (in the page: a download by that name).
    Save(PathBuf),
    /// Write the current run as JSON (for a bug report); in the page, a download.
    ExportTrace(PathBuf),
    /// Replace a body's shape by the vertices of a mesh file.
    ImportMesh(Which, Incoming),
    /// Replace a body's shape by a pasted vertex list.
    PasteVertices(Which, String),
    /// Ask the file dialog for a file to open (the platform answers it: the browser's in the
    /// page, the system's on the desktop).
    Pick(Purpose),
    /// Ask the desktop's file dialog where to save (the page has none: it downloads).
    PickSave(Saving),
}

/// A file to hand over as `path`: written on the desktop (to a temporary file that is then
/// renamed, so `path` is never half-written), downloaded by its file name in the page. Whoever
/// delivers it says how in the status line: the case on the desktop, the platform in the page.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    /// What the file holds, for the status line ("the scenario", "the trace").
    pub what: &'static str,
    /// Where the status line that says how it went is shown.
    pub reply: Reply,
}

/// The systems that deliver files (to disk, or as downloads in the page): senders run before
/// them, those who hear how it went after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DeliverySet;

/// Where a delivery's status line goes: one place, the section that asked for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// The scenario files' status line, under the controls it names.
    Files(About),
    /// A [`Delivered`] message, for the sender to show.
    Sender,
}

/// How a [`Reply::Sender`] delivery went, in its status line ("Wrote the lesson to …").
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Delivered {
    pub what: &'static str,
    pub line: Status,
}

/// A status line: what the last request did, or why it failed, and which part of the panel
/// asked, so that it is shown there and nowhere else.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    /// A failure: shown in the panel's error colour, in full size.
    pub failed: bool,
    pub about: About,
}

/// The part of the panel a status line belongs to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum About {
    /// The scenario files: open, save, presets and gallery.
    #[default]
    Files,
    /// Exporting the trace.
    Trace,
    /// A body's import controls (a mesh file, pasted vertices).
    Body(Which),
}

impl Status {
    pub fn done(text: impl Into<String>) -> Self {
        Status {
            text: text.into(),
            ..Status::default()
        }
    }

    pub fn failed(text: impl Into<String>) -> Self {
        Status {
            text: text.into(),
            failed: true,
            ..Status::default()
        }
    }

    /// A line that failed when `result` is an error, with either side's text.
    pub fn of(result: Result<String, String>) -> Self {
        result.map_or_else(Status::failed, Status::done)
    }

    /// The same line, shown under `about`'s controls.
    pub fn at(self, about: About) -> Self {
        Status { about, ..self }
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Says how a delivery went where its reply goes (and in the log).
pub(crate) fn report(
    delivery: &Delivery,
    line: Result<String, String>,
    files: &mut ScenarioFiles,
    delivered: &mut MessageWriter<Delivered>,
) {
    let line = Status::of(line);
    info!("{line}");
    match delivery.reply {
        Reply::Files(about) => files.status = line.at(about),
        Reply::Sender => {
            delivered.write(Delivered {
                what: delivery.what,
                line,
            });
        }
    }
}

/// Where the panel's file names are: a name typed without a folder is in the user's documents,
/// in `gjk-lab/` (`~/Documents/gjk-lab`, or `~/gjk-lab` where there is no `Documents`), never
/// in whatever folder the program was started from; the file dialogs start there too. A
/// whole path is used as it is. The command line's paths are the shell's, relative to its
/// working directory. In the page there is no folder: a name is a download's.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Folder(pub Option<PathBuf>);

impl Default for Folder {
    fn default() -> Self {
        Folder(documents().map(|d| d.join("gjk-lab")))
    }
}

impl Folder {
    /// The path a name typed in the panel stands for.
    pub fn resolve(&self, name: &str) -> PathBuf {
        let path = PathBuf::from(name.trim());
        match &self.0 {
            Some(dir) if path.is_relative() => dir.join(path),
            _ => path,
        }
    }

    /// The folder as the panel writes it (the home folder as `~`).
    pub fn shown(&self) -> Option<String> {
        let dir = self.0.as_ref()?;
        let home = home();
        let shown = match home.as_ref().and_then(|h| dir.strip_prefix(h).ok()) {
            Some(rest) => Path::new("~").join(rest),
            None => dir.clone(),
        };
        Some(shown.display().to_string())
    }
}

fn home() -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let var = if cfg!(windows) { "USERPROFILE" } else { "HOME" };
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The user's documents folder where there is one, else the home folder.
fn documents() -> Option<PathBuf> {
    let home = home()?;
    let documents = home.join("Documents");
    Some(if documents.is_dir() { documents } else { home })
}

/// The panel's file state.
#[derive(Resource, Debug, Clone, Default)]
pub struct ScenarioFiles {
    pub presets: Vec<Case>,
    /// The failure cases of `assets/scenarios/gallery/`, and the floors of many pieces of
    /// `assets/meshes/`.
    pub gallery: Vec<Case>,
    /// What the gallery's list is narrowed to (a part of a case's name; empty: all).
    pub gallery_filter: String,
    pub path_field: String,
    pub trace_field: String,
    pub mesh_field: String,
    /// A mesh imported into B is a floor of its triangles, not the hull of its vertices.
    pub floor: bool,
    pub paste: String,
    /// What the last request did, or why it failed.
    pub status: Status,
    /// The last link *Copy link* made.
    pub link: String,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ScenarioRequest>()
        .init_resource::<Folder>()
        .insert_resource(ScenarioFiles {
            presets: gjk_lab_files::bundled::presets(),
            gallery: (gjk_lab_files::bundled::gallery().into_iter())
                .chain(gjk_lab_files::bundled::floors())
                .collect(),
            gallery_filter: String::new(),
            path_field: "scenario.json".to_string(),
            trace_field: "trace.json".to_string(),
            mesh_field: "shape.obj".to_string(),
            floor: false,
            paste: String::new(),
            status: Status::default(),
            link: String::new(),
        })
        .add_systems(Update, handle_requests.in_set(LabSet::Input))
        .add_systems(Update, name_the_piece.in_set(LabSet::Solve));
    app.add_message::<Delivery>().add_message::<Delivered>();
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        Update,
        write_to_disk
            .in_set(LabSet::Input)
            .in_set(DeliverySet)
            .after(handle_requests),
    );
}

pub(crate) fn handle_requests(
    mut requests: MessageReader<ScenarioRequest>,
    mut files: ResMut<ScenarioFiles>,
    mut lab: ResMut<Lab>,
    mut playback: ResMut<Playback>,
    mut framing: MessageWriter<crate::case::playback::FrameViews>,
    mut deliveries: MessageWriter<Delivery>,
    mut pieces: ResMut<Pieces>,
) {
    for request in requests.read() {
        // Each request that says something replaces the last status line.
        let before = std::mem::take(&mut files.status);
        let mut open = |opened: Result<(Scenario, String), String>, step: usize| {
            files.status = match opened {
                Ok((s, save_as)) => {
                    let status = Status::done(format!("Opened {save_as}"));
                    files.path_field = save_as;
                    show(s, step, &mut lab, &mut playback, &mut framing);
                    status
                }
                Err(e) => Status::failed(format!("Could not open: {e}")),
            };
        };
        match request {
            // Saved again by its file name: in the working directory for a file that came
            // from the page, beside itself for one on disk (see `pair_of` for a case of many
            // pieces).
            ScenarioRequest::Open(file) => {
                let opened = FileCase::of(file).map(|case| pair_of(case, &file.name, &mut pieces));
                open(opened, 0);
            }
            // A bundled case is saved by its file name in the working directory, never over
            // the program's own copy.
            ScenarioRequest::OpenCase(case) => {
                let opened = case
                    .open()
                    .map(|read| pair_of(read, case.file_name(), &mut pieces));
                open(opened, 0);
            }
            ScenarioRequest::OpenLink(link) => match gjk_lab_files::link::decode(link) {
                Ok(linked) => {
                    pieces.0 = None;
                    let name = format!("{}.json", file_stem(&linked.scenario.name));
                    open(Ok((linked.scenario, name)), linked.step.unwrap_or(0));
                }
                Err(why) => {
                    let why = format!("the link does not open: {why}");
                    warn!("{why}");
                    // Said over the case on screen, which stays: nothing to solve again.
                    lab.bypass_change_detection().notice = Some(why);
                }
            },
            ScenarioRequest::Save(path) => {
                files.status = match gjk::Format::from_path(path) {
                    Ok(format) => {
                        let text = lab.scenario.to_text(format);
                        deliveries.write(Delivery {
                            path: path.clone(),
                            bytes: text.into_bytes(),
                            what: "the scenario",
                            reply: Reply::Files(About::Files),
                        });
                        Status::default()
                    }
                    Err(e) => Status::failed(format!("Could not save: {e}")),
                };
            }
            ScenarioRequest::ExportTrace(path) => {
                // The trace on screen, with the case it was recorded from.
                let contacts = playback.manifold.as_ref();
                let json = gjk::TraceDocument::new(&playback.case, &playback.trace)
                    .with_cast(playback.cast.as_ref())
                    .with_manifold(contacts.map(|m| (&m.manifold, &m.steps[..])))
                    .to_json();
                deliveries.write(Delivery {
                    path: path.clone(),
                    bytes: json.into_bytes(),
                    what: "the trace",
                    reply: Reply::Files(About::Trace),
                });
            }
            // Under B, with *as a floor* ticked: the file's triangles, each one a piece.
            ScenarioRequest::ImportMesh(Which::B, file) if files.floor => {
                let floor = crate::case::pieces::floor_from(file, &lab.scenario, &mut pieces);
                files.status = match floor {
                    Ok((pair, said)) => {
                        show(pair, 0, &mut lab, &mut playback, &mut framing);
                        Status::done(said)
                    }
                    Err(e) => Status::failed(format!("Could not import: {e}")),
                }
                .at(About::Body(Which::B));
            }
            ScenarioRequest::ImportMesh(which, file) => {
                let vertices = gjk_lab_files::mesh::mesh_vertices(file)
                    .map_err(|e| format!("Could not import: {e}"));
                let done = |n| format!("Imported {n} vertices from {} into {which:?}", file.name);
                files.status = use_vertices(&mut lab, *which, vertices, done, &mut framing)
                    .at(About::Body(*which));
            }
            ScenarioRequest::PasteVertices(which, text) => {
                let vertices = gjk_lab_files::mesh::parse_vertex_list(text)
                    .map_err(|e| format!("Could not use the pasted vertices: {e}"));
                let done = |n| format!("Pasted {n} vertices");
                files.status = use_vertices(&mut lab, *which, vertices, done, &mut framing)
                    .at(About::Body(*which));
            }
            // The platform opens its file dialog.
            ScenarioRequest::Pick(_) | ScenarioRequest::PickSave(_) => {}
        }
        // Said in the log too (the page's tests read it in the browser's console).
        if files.status.is_empty() {
            files.status = before;
        } else {
            info!("{}", files.status);
        }
    }
}

/// Shows an opened case at `step` (clamped to its run once it is solved), framed anew.
fn show(
    scenario: Scenario,
    step: usize,
    lab: &mut Lab,
    playback: &mut Playback,
    framing: &mut MessageWriter<crate::case::playback::FrameViews>,
) {
    info!("opened \"{}\" at step {step}", scenario.name);
    lab.scenario = scenario;
    lab.notice = None;
    playback.step = step;
    playback.playing = false;
    framing.write(crate::case::playback::FrameViews);
}

/// The pair a case read from file `name` opens as ([`crate::case::pieces::open`]), and that
/// name; a piece's pair is renamed by [`name_the_piece`]. (A file that does not open never
/// gets here: the case on screen stays, pieces and all.)
fn pair_of(case: FileCase, name: &str, pieces: &mut Pieces) -> (Scenario, String) {
    let pair = crate::case::pieces::open(case, (None, name), pieces);
    (pair, name.to_string())
}

/// The file box follows the piece stepped (a click, a slide, a launch); only a change of case
/// or of piece renames, so a name typed meanwhile stays while the body is dragged.
fn name_the_piece(
    pieces: Res<Pieces>,
    mut files: ResMut<ScenarioFiles>,
    mut named: Local<Option<(u64, u32)>>,
) {
    let Some(state) = pieces.0.as_ref().filter(|_| pieces.is_changed()) else {
        return;
    };
    if *named != Some((state.opened, state.chosen)) {
        *named = Some((state.opened, state.chosen));
        files.path_field = state.save_name();
    }
}

/// A case's name as a file name: letters, digits and dashes.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if stem.is_empty() {
        "case".to_string()
    } else {
        stem
    }
}

/// Writes each delivery to disk, and says so in the status line.
#[cfg(not(target_arch = "wasm32"))]
fn write_to_disk(
    mut deliveries: MessageReader<Delivery>,
    mut files: ResMut<ScenarioFiles>,
    mut delivered: MessageWriter<Delivered>,
    folder: Res<Folder>,
) {
    for delivery in deliveries.read() {
        let (path, what) = (&delivery.path, delivery.what);
        // The lab's own folder is made on its first save; any other must exist.
        if let Some(dir) = folder
            .0
            .as_ref()
            .filter(|dir| path.parent() == Some(dir.as_path()))
        {
            let _ = std::fs::create_dir_all(dir);
        }
        let line = match write_atomically(path, &delivery.bytes) {
            Ok(()) => Ok(format!("Wrote {what} to {}", path.display())),
            Err(e) => Err(format!("Could not write {what} to {}: {e}", path.display())),
        };
        report(delivery, line, &mut files, &mut delivered);
    }
}

/// Makes a body the polytope of `vertices`; returns the status line (`done` of the count).
fn use_vertices(
    lab: &mut Lab,
    which: Which,
    vertices: Result<Vec<glam::DVec3>, String>,
    done: impl FnOnce(usize) -> String,
    framing: &mut MessageWriter<crate::case::playback::FrameViews>,
) -> Status {
    match vertices {
        Ok(vertices) => {
            let status = Status::done(done(vertices.len()));
            which.body_mut(lab).shape = gjk::Shape::Polytope { vertices };
            framing.write(crate::case::playback::FrameViews);
            status
        }
        Err(e) => Status::failed(e),
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
