//! The fonts every text on screen is drawn with: the panel's, the captions' and the labels'.

use crate::case::playback::PanelSystems;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, glyphs.before(PanelSystems));
}

/// Every glyph the sentences use, drawn: egui's text font (Ubuntu Light) has no ⊖, ‖, ∈ or
/// arrows, which its code font (Hack, already bundled) has; Hack becomes the text's fallback.
fn glyphs(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    let code = fonts
        .families
        .get(&egui::FontFamily::Monospace)
        .and_then(|f| f.first().cloned());
    if let (Some(code), Some(text)) = (
        code,
        fonts.families.get_mut(&egui::FontFamily::Proportional),
    ) {
        text.push(code);
    }
    ctx.set_fonts(fonts);
    *done = true;
    Ok(())
}
