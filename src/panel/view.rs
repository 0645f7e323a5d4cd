//! The View section (text size, linked cameras, the sampled cloud) and the keys and mouse help.

use crate::views::camera::ViewLayout;
use crate::views::glyphs::{READER_RANGE, TextSize};
use crate::views::minkowski_view::MinkowskiSettings;
use bevy_egui::egui::{self, RichText};

pub fn view_ui(
    ui: &mut egui::Ui,
    layout: &mut ViewLayout,
    minkowski: &mut MinkowskiSettings,
    text: &mut TextSize,
) {
    let mut reader = text.reader;
    if ui
        .add(
            egui::Slider::new(&mut reader, READER_RANGE)
                .logarithmic(true)
                .text("text size (Ctrl + / Ctrl −)"),
        )
        .changed()
    {
        text.reader = reader;
    }
    ui.checkbox(&mut layout.linked, "link the two cameras");
    ui.checkbox(
        &mut minkowski.show_cloud,
        "show the sampled points of A − B",
    );
    let mut samples = minkowski.samples;
    if ui
        .add(
            egui::Slider::new(&mut samples, 50..=8000)
                .logarithmic(true)
                .text("support samples"),
        )
        .changed()
    {
        minkowski.samples = samples;
    }
}

pub fn help_ui(ui: &mut egui::Ui) {
    ui.separator();
    ui.label(
        RichText::new(
            "Keys: Space play/pause · Left/Right step · Home/End · R reset · F frame both views · \
             F5 presenter (Esc leaves) · Ctrl+Q quit\n\
             Mouse: left-drag a shape to move it, Shift + left-drag to rotate it; \
             right-drag a view to orbit, wheel to zoom.",
        )
        .small(),
    );
}
