//! Files and links that arrive from outside the panel: a file dropped on the window (the
//! desktop's or the page's), a file picked in the page's file dialog, the page's link changed.
//! A dropped scenario opens; a dropped lesson is presented; a dropped mesh replaces the body
//! drawn nearest to where it fell. Each becomes a [`ScenarioRequest`] or a [`DraftCommand`],
//! handled like the panel's own.

use crate::case::playback::Which;
use crate::case::playback::{Lab, LabSet};
use crate::case::scenario_io::{ScenarioFiles, ScenarioRequest, Status};
#[cfg(not(target_arch = "wasm32"))]
use crate::teach::authoring::Draft;
use crate::teach::authoring::DraftCommand;
use crate::views::camera::View;
use crate::views::scene::to_transform;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use gjk_lab_files::incoming::{Incoming, Kind};

pub(crate) fn plugin(app: &mut App) {
    // Before the requests are handled, so that what arrived shows in the same frame: the app
    // draws only when something happens, and the next frame may be seconds away.
    let handled = crate::case::scenario_io::handle_requests;
    app.add_systems(
        Update,
        dropped_on_window.in_set(LabSet::Input).before(handled),
    );
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::platform::dialog::plugin(app);
        app.add_systems(Update, from_dialogs.in_set(LabSet::Input).before(handled));
    }
    #[cfg(target_arch = "wasm32")]
    {
        crate::platform::web::plugin(app);
        app.add_systems(Update, from_the_page.in_set(LabSet::Input).before(handled));
    }
}

/// The world view's camera and the case, to find the body under a drop.
#[derive(bevy::ecs::system::SystemParam)]
struct Targets<'w, 's> {
    lab: Res<'w, Lab>,
    cameras: Query<'w, 's, (&'static View, &'static Camera, &'static GlobalTransform)>,
}

impl Targets<'_, '_> {
    /// The body whose centre is drawn nearest to `at` (logical window pixels) in the world
    /// view; B when that cannot be told.
    fn nearest(&self, at: Option<Vec2>) -> Which {
        let world = self.cameras.iter().find(|(view, ..)| **view == View::World);
        let (Some(at), Some((_, camera, placed))) = (at, world) else {
            return Which::B;
        };
        let gap = |which: Which| {
            let centre = to_transform(which.body(&self.lab)).translation;
            camera
                .world_to_viewport(placed, centre)
                .map_or(f32::INFINITY, |p| p.distance(at))
        };
        if gap(Which::A) < gap(Which::B) {
            Which::A
        } else {
            Which::B
        }
    }

    /// What a dropped file asks for, or why it cannot be used.
    fn route(&self, file: Incoming, at: Option<Vec2>) -> Result<Routed, String> {
        match file.kind() {
            Kind::Scenario => Ok(opened(file)),
            Kind::Mesh => Ok(Routed::Case(ScenarioRequest::ImportMesh(
                self.nearest(at),
                file,
            ))),
            Kind::Unknown => Err(format!(
                "Could not use {}: drop a scenario (.json, .ron) or a mesh (.obj, .gltf, .glb)",
                file.name
            )),
        }
    }
}

/// Files dropped on the desktop's window (winit reports them; in the page it does not).
fn dropped_on_window(
    mut drops: MessageReader<FileDragAndDrop>,
    windows: Query<&Window>,
    targets: Targets,
    mut outbox: Outbox,
) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { window, path_buf } = drop {
            let at = windows.get(*window).ok().and_then(Window::cursor_position);
            outbox.pass_on(targets.route(Incoming::on_disk(path_buf), at));
        }
    }
}

/// Where an arrival goes: to the case, or to the lesson.
#[derive(Debug)]
enum Routed {
    Case(ScenarioRequest),
    Lesson(DraftCommand),
}

/// A `.json` or `.ron` file: a lesson (it has `slides`) is presented, a scenario opens.
fn opened(file: Incoming) -> Routed {
    let format = gjk::Format::from_path(file.path()).ok();
    let lesson = format.is_some_and(|format| {
        file.bytes().ok().is_some_and(|bytes| {
            std::str::from_utf8(&bytes)
                .is_ok_and(|text| gjk_lab_files::lesson::is_lesson(text, format))
        })
    });
    if lesson {
        Routed::Lesson(DraftCommand::Open(file))
    } else {
        Routed::Case(ScenarioRequest::Open(file))
    }
}

/// What arrives is handled like the panel's requests; what cannot be used is said in the
/// status line.
#[derive(bevy::ecs::system::SystemParam)]
struct Outbox<'w> {
    files: ResMut<'w, ScenarioFiles>,
    requests: MessageWriter<'w, ScenarioRequest>,
    drafts: MessageWriter<'w, DraftCommand>,
}

impl Outbox<'_> {
    fn pass_on(&mut self, routed: Result<Routed, String>) {
        match routed {
            Ok(Routed::Case(request)) => {
                self.requests.write(request);
            }
            Ok(Routed::Lesson(command)) => {
                self.drafts.write(command);
            }
            Err(why) => self.files.status = Status::failed(why),
        }
    }
}

/// What the desktop's file dialogs answered since the last frame: a file opens as a dropped
/// one does (a lesson is presented wherever it was picked), a place to save is saved to and
/// named in its field. Nothing chosen is said where the dialog was asked for.
#[cfg(not(target_arch = "wasm32"))]
fn from_dialogs(
    chosen: Res<crate::platform::dialog::Chosen>,
    mut outbox: Outbox,
    mut draft: ResMut<Draft>,
) {
    use crate::case::incoming::{Purpose, Saving};
    use crate::case::scenario_io::About;
    use crate::platform::dialog::Answer;
    for answer in chosen.take() {
        match answer {
            Answer::Open(Purpose::Scenario | Purpose::Lesson, Some(path)) => {
                outbox.pass_on(Ok(opened(Incoming::on_disk(path))));
            }
            Answer::Open(Purpose::Mesh(which), Some(path)) => {
                let request = ScenarioRequest::ImportMesh(which, Incoming::on_disk(path));
                outbox.pass_on(Ok(Routed::Case(request)));
            }
            Answer::Save(Saving::Scenario, Some(path)) => {
                outbox.files.path_field = path.display().to_string();
                outbox.pass_on(Ok(Routed::Case(ScenarioRequest::Save(path))));
            }
            Answer::Save(Saving::Lesson, Some(path)) => {
                outbox.pass_on(Ok(Routed::Lesson(DraftCommand::SaveAs(path))));
            }
            Answer::Open(purpose, None) => {
                let status = nothing_chosen();
                match purpose {
                    Purpose::Scenario => outbox.files.status = status,
                    Purpose::Mesh(which) => outbox.files.status = status.at(About::Body(which)),
                    Purpose::Lesson => draft.status = status,
                }
            }
            Answer::Save(saving, None) => {
                let status = nothing_chosen();
                match saving {
                    Saving::Scenario => outbox.files.status = status,
                    Saving::Lesson => draft.status = status,
                }
            }
        }
    }
}

/// A dialog answered with no file: cancelled, or never shown. Where no dialog can open, said
/// as a failure; elsewhere the two cannot be told apart.
#[cfg(not(target_arch = "wasm32"))]
fn nothing_chosen() -> Status {
    if crate::platform::dialog::none_can_open() {
        Status::failed(
            "No file dialog on this desktop (no D-Bus session for a file portal, no zenity): \
             type the file's path in the field and press Open or Save",
        )
    } else {
        Status::done(
            "No file chosen. If no dialog appeared, type the file's path in the field and \
             press Open or Save",
        )
    }
}

/// What the page's listeners and file dialog handed over since the last frame.
#[cfg(target_arch = "wasm32")]
fn from_the_page(inbox: Res<crate::platform::web::Inbox>, targets: Targets, mut outbox: Outbox) {
    use crate::case::incoming::Purpose;
    use crate::platform::web::Arrival;
    for arrival in inbox.take() {
        let routed = match arrival {
            Arrival::Picked(Purpose::Scenario | Purpose::Lesson, file) => Ok(opened(file)),
            Arrival::Picked(Purpose::Mesh(which), file) => {
                Ok(Routed::Case(ScenarioRequest::ImportMesh(which, file)))
            }
            Arrival::Dropped(file, at) => targets.route(file, Some(at)),
            Arrival::Link(link) => linked(link),
            Arrival::Unreadable(why) => Err(format!("Could not read {why}")),
        };
        outbox.pass_on(routed);
    }
}

/// A link: a lesson's is presented, a case's opens (and says why not, if it does not).
#[cfg(target_arch = "wasm32")]
fn linked(link: String) -> Result<Routed, String> {
    match gjk_lab_files::lesson::Lesson::from_link(&link) {
        Some(Ok(lesson)) => Ok(Routed::Lesson(DraftCommand::Use(lesson))),
        Some(Err(why)) => Err(format!("the link does not open: {why}")),
        None => Ok(Routed::Case(ScenarioRequest::OpenLink(link))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_file_is_presented_and_a_scenario_file_opens() {
        let lesson = gjk_lab_files::lesson::Lesson::tour().to_text(gjk::Format::Ron);
        let routed = opened(Incoming::given("tour.ron", lesson.into_bytes()));
        assert!(
            matches!(routed, Routed::Lesson(DraftCommand::Open(_))),
            "{routed:?}"
        );
        let case = gjk_lab_files::bundled::default_scenario().to_text(gjk::Format::Json);
        let routed = opened(Incoming::given("case.json", case.into_bytes()));
        assert!(
            matches!(routed, Routed::Case(ScenarioRequest::Open(_))),
            "{routed:?}"
        );
        // A file that is neither still goes to the scenario reader, which says why.
        let routed = opened(Incoming::given("junk.json", b"{".to_vec()));
        assert!(matches!(routed, Routed::Case(_)), "{routed:?}");
    }
}
