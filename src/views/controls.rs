//! Keyboard stepping: Space play/pause, → / ← step, Home / End, R reset, F frame the step.
//! Ignored while egui has the keyboard (typing in a field).

use crate::case::playback::{LabSet, PlaybackCommand};
use crate::views::camera::FrameStep;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, keyboard.in_set(LabSet::Input));
}

fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    egui_input: Option<Res<EguiWantsInput>>,
    mut commands: MessageWriter<PlaybackCommand>,
    mut framing: MessageWriter<FrameStep>,
) {
    if egui_input.is_some_and(|e| e.wants_any_keyboard_input()) {
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
    for (key, command) in map {
        if keys.just_pressed(key) {
            commands.write(command);
        }
    }
    if keys.just_pressed(KeyCode::KeyF) {
        framing.write(FrameStep);
    }
}
