//! The compare section: the second configuration, the first step where the two runs part ways
//! (with both numbers), and this step's numbers side by side.

use super::settings::spec_ui;
use crate::case::compare::{CompareRun, CompareSettings};
use crate::case::playback::{Playback, PlaybackCommand};
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};

pub fn compare_ui(
    ui: &mut egui::Ui,
    settings: &mut CompareSettings,
    run: &CompareRun,
    playback: &Playback,
    commands: &mut MessageWriter<PlaybackCommand>,
) {
    egui::CollapsingHeader::new(format!(
        "Run 2's settings: {}",
        crate::case::compare::summary(&settings.right)
    ))
    .default_open(false)
    .show(ui, |ui| {
        let mut right = settings.right;
        if spec_ui(ui, &mut right) {
            settings.right = right;
        }
    });
    let Some(trace) = &run.trace else {
        return;
    };
    match &run.divergence {
        None => {
            ui.label("The two runs make the same decision at every step.");
        }
        Some(d) => {
            ui.label(
                RichText::new(format!(
                    "First difference at step {}: {}\n  run 1: {}\n  run 2: {}",
                    d.step, d.what, d.left, d.right
                ))
                .strong()
                .color(palette::egui(palette::DIFFER)),
            );
            if ui.button(format!("Go to step {}", d.step)).clicked() {
                commands.write(PlaybackCommand::Seek(d.step));
            }
        }
    }
    let rows = [
        ("run 1", playback.current(), &playback.trace),
        ("run 2", run.step(playback.step), trace),
    ];
    let num = |x: Option<f64>| x.map_or("—".to_string(), |x| format!("{x:.4e}"));
    egui::Grid::new("compare_step")
        .striped(true)
        .show(ui, |ui| {
            for h in ["", "|v|", "gap", "feature", "stopped by"] {
                ui.label(RichText::new(h).small());
            }
            ui.end_row();
            for (name, step, trace) in rows {
                ui.label(name);
                let q = step.map(|s| s.quantities).unwrap_or_default();
                ui.label(RichText::new(num(q.v_norm)).monospace());
                ui.label(RichText::new(num(q.gap)).monospace());
                let feature = step
                    .and_then(|s| s.feature.as_ref())
                    .map_or("—".to_string(), |f| {
                        format!("{:?}", f.kind).to_lowercase()
                    });
                ui.label(feature);
                let end = if playback.step >= trace.steps.len() {
                    trace.finish.termination.name()
                } else {
                    ""
                };
                ui.label(end);
                ui.end_row();
            }
        });
}
