//! Keyboard stepping: Space play/pause, → / ← step, Home / End, R reset, F frame the step.
//! Ignored while egui has the keyboard (typing in a field).

use crate::case::playback::FrameStep;
use crate::case::playback::{LabSet, PlaybackCommand};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, keyboard.in_set(LabSet::Input));
}

/// Every press counts, however quick: two presses of → between two frames step twice (a
/// key's pressed state, read once a frame, would count them once).
fn keyboard(
    mut presses: MessageReader<KeyboardInput>,
    egui_input: Option<Res<EguiWantsInput>>,
    mut commands: MessageWriter<PlaybackCommand>,
    mut framing: MessageWriter<FrameStep>,
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
            framing.write(FrameStep);
        }
    }
}
