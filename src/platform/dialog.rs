//! The desktop's file dialogs, the system's own through rfd: Windows' and macOS's, and on
//! Linux the desktop's file portal (GNOME's, KDE's…), else zenity. A dialog runs off the
//! frame, so the window keeps drawing behind it; what is chosen waits in the [`Chosen`] box
//! until the next frame takes it ([`crate::platform::arrivals`]), like a file dropped on the
//! window. A desktop with neither a portal nor zenity opens no dialog: its answer is the same
//! as a cancelled one, so where neither can be there ([`none_can_open`]) the status line says
//! so, and elsewhere that a path may be typed instead.

use crate::case::incoming::{Purpose, Saving};
use crate::case::playback::LabSet;
use crate::case::scenario_io::{Folder, ScenarioRequest};
use bevy::prelude::*;
use bevy::tasks::IoTaskPool;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

/// What a dialog was opened for, with its answer: a path, or nothing (cancelled, or no dialog).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Open(Purpose, Option<PathBuf>),
    Save(Saving, Option<PathBuf>),
}

/// A dialog's answer, still to come.
type Asked = std::pin::Pin<Box<dyn Future<Output = Answer> + Send>>;

/// Answers not yet taken: a dialog's task pushes, a system takes them each frame.
#[derive(Resource, Clone, Default)]
pub struct Chosen {
    held: Arc<Mutex<Vec<Answer>>>,
}

impl std::fmt::Debug for Chosen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chosen").field("held", &self.held).finish()
    }
}

impl Chosen {
    /// What a dialog answered (its task's only way back).
    pub fn push(&self, answer: Answer) {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(answer);
    }

    pub fn take(&self) -> Vec<Answer> {
        std::mem::take(&mut *self.held.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Chosen>().add_systems(
        Update,
        open_dialogs
            .in_set(LabSet::Input)
            .after(crate::case::scenario_io::handle_requests),
    );
}

/// Opens a dialog for each request to pick a file or a place to save.
fn open_dialogs(
    mut requests: MessageReader<ScenarioRequest>,
    chosen: Res<Chosen>,
    folder: Res<Folder>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    for request in requests.read() {
        let dialog = rfd::AsyncFileDialog::new();
        let dialog = match folder.0.as_ref().filter(|dir| dir.is_dir()) {
            Some(dir) => dialog.set_directory(dir),
            None => dialog,
        };
        let asked: Asked = match *request {
            ScenarioRequest::Pick(purpose) => {
                let (name, extensions) = purpose.extensions();
                let dialog = dialog.add_filter(name, extensions);
                Box::pin(async move {
                    let file = dialog.pick_file().await;
                    Answer::Open(purpose, file.map(|f| f.path().to_path_buf()))
                })
            }
            ScenarioRequest::PickSave(saving) => {
                let dialog = dialog
                    .add_filter(saving.what(), &["json", "ron"])
                    .set_file_name(format!("{}.json", saving.what().to_lowercase()));
                Box::pin(async move {
                    let file = dialog.save_file().await;
                    Answer::Save(saving, file.map(|f| f.path().to_path_buf()))
                })
            }
            _ => continue,
        };
        let chosen = chosen.clone();
        // The app draws only on input: the answer asks for a frame to take it in.
        let wake = proxy.as_ref().map(|p| (***p).clone());
        IoTaskPool::get()
            .spawn(async move {
                chosen.push(asked.await);
                if let Some(wake) = wake {
                    let _ = wake.send_event(WinitUserEvent::WakeUp);
                }
            })
            .detach();
    }
}

/// Whether it is certain that no dialog can open: on Linux, no D-Bus session to find a file
/// portal on, and no zenity on the PATH (a bare X server, a container). Elsewhere the system
/// always has its dialog.
pub fn none_can_open() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
    !bus && !zenity
}
