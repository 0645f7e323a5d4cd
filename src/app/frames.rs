//! Frames only when something changes: the window sleeps until input arrives, and these
//! systems ask for a frame while something moves on its own (a playing timeline, a sweep
//! running on its threads). Idle, the app draws nothing and costs no CPU.

use crate::case::playback::{LabSet, Playback};
use crate::case::sweep::SweepRun;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

/// The interactive window: reactive updates (input, or a requested redraw).
pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings::desktop_app())
        .add_systems(
            PreUpdate,
            quiet_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Update, (settle, after_resize))
        .add_systems(Last, first_frame);
    state_plugin(app);
}

/// How long the window keeps drawing after it opens. The renderer compiles its pipelines in
/// the background and egui lays the panel out over two passes, so the first frames lack the
/// shapes and the panel; idle, the window would show them only on the next input (seen on a
/// desktop under software rendering: a bare grid until the mouse moved).
const SETTLE: std::time::Duration = std::time::Duration::from_secs(10);

fn settle(time: Res<Time<Real>>, mut redraw: MessageWriter<RequestRedraw>) {
    if time.elapsed() < SETTLE {
        redraw.write(RequestRedraw);
    }
}

/// A resized window is drawn again at once, and once more after the panel and the views have
/// been laid out at the new size (that takes a frame).
fn after_resize(
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut frames: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if resized.read().count() > 0 {
        *frames = 3;
    }
    if *frames > 0 {
        *frames -= 1;
        redraw.write(RequestRedraw);
    }
}

/// Says once that the first frame is done: the page's time to its first frame is read from
/// this line's timestamp in the browser's console.
fn first_frame(mut said: Local<bool>) {
    if !*said {
        *said = true;
        info!("first frame drawn");
    }
}

/// bevy_egui 0.43 hands egui the keyboard modifiers as an event on every frame, changed or not,
/// and egui answers any event with a request for the next frame: the app would never idle.
/// Only a change is passed on.
fn quiet_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => last.insert(entity, *now) != Some(*now),
            _ => true,
        });
    }
}

/// What asks for frames (runs headless too, where the requests can be counted).
pub fn state_plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .add_systems(Update, keep_moving.after(LabSet::Visualise));
}

/// One more frame while the timeline plays, a sweep runs or a case or parry's answer is
/// computed off the frame.
fn keep_moving(
    playback: Res<Playback>,
    sweep: Res<SweepRun>,
    off_frame: Res<crate::case::solving::OffFrame>,
    reference: Res<crate::case::reference::ReferenceOffFrame>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if playback.playing
        || sweep.progress().is_some()
        || off_frame.computing().is_some()
        || reference.computing().is_some()
    {
        redraw.write(RequestRedraw);
    }
}
