//! A captured case's engine answer beside ours: what the game's engine said, what the lab
//! proves, and which lies where, in the success colour only when the engine's number is inside
//! the proven bounds.

use crate::views::palette;
use bevy_egui::egui::{self, Color32, RichText};
use gjk::scenario::engine::{Agreement, EngineAnswer, EngineCheck};

/// The check's sentence, coloured by how the engine's number reads, and where the case's
/// poses and the engine's routine came from.
pub fn engine_ui(ui: &mut egui::Ui, check: &EngineCheck, answer: Option<&EngineAnswer>) {
    let color = match check.agreement {
        Agreement::Inside => palette::egui(palette::CLOSEST),
        Agreement::WithinRounding { .. } => Color32::from_rgb(250, 210, 90),
        Agreement::Outside { .. } => palette::egui(palette::UNCERTIFIED),
        Agreement::Undecided => Color32::GRAY,
    };
    ui.label(RichText::new(&check.sentence).strong().color(color));
    if let Some(answer) = answer {
        let mut where_from = answer.poses.describe().to_string();
        if let Some(routine) = &answer.routine {
            where_from.push_str(&format!("; parry's routine: {routine}"));
        }
        ui.label(RichText::new(where_from).small());
    }
}
