//! Keyboard stepping: Space play/pause, → / ← step, Home / End, R reset, F frame both views.
//! Ignored while egui has the keyboard (typing in a field). Ctrl + Q (⌘ Q) quits the desktop
//! app, whatever has the keyboard.

use crate::case::playback::FrameViews;
use crate::case::playback::{LabSet, PlaybackCommand};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, keyboard.in_set(LabSet::Input));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Update, quit.in_set(LabSet::Input));
}

/// Ctrl + Q, or ⌘ Q on a Mac, ends the app as closing its window does.
#[cfg(not(target_arch = "wasm32"))]
fn quit(keys: Res<ButtonInput<KeyCode>>, mut exit: MessageWriter<AppExit>) {
    let held = |pair: [KeyCode; 2]| keys.any_pressed(pair);
    if keys.just_pressed(KeyCode::KeyQ)
        && (held([KeyCode::ControlLeft, KeyCode::ControlRight])
            || held([KeyCode::SuperLeft, KeyCode::SuperRight]))
    {
        exit.write(AppExit::Success);
    }
}

/// Every press counts, however quick: two presses of → between two frames step twice (a
/// key's pressed state, read once a frame, would count them once).
fn keyboard(
    mut presses: MessageReader<KeyboardInput>,
    egui_input: Option<Res<EguiWantsInput>>,
    mut commands: MessageWriter<PlaybackCommand>,
    mut framing: MessageWriter<FrameViews>,
) {
    if egui_input.is_some_and(|e| e.wants_any_keyboard_input()) {
        presses.clear();
        return;
    }
    let map = [
        (KeyCode::Space, PlaybackCommand::TogglePlay),
        (KeyCode::ArrowRight, PlaybackCommand::Forward),
        (KeyCode::ArrowLeft, PlaybackCommand::Back),
        (KeyCode::Home, PlaybackCommand::Reset),
        (KeyCode::KeyR, PlaybackCommand::Reset),
        (KeyCode::End, PlaybackCommand::End),
    ];
    for press in presses.read().filter(|p| p.state == ButtonState::Pressed) {
        if let Some((_, command)) = map.iter().find(|(key, _)| *key == press.key_code) {
            commands.write(*command);
        } else if press.key_code == KeyCode::KeyF && !press.repeat {
            framing.write(FrameViews);
        }
    }
}
