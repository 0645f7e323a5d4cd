//! The compare section: the second configuration, each run's answer with its certificate (in
//! its colour), the first step where the two runs part ways (with both numbers), and this
//! step's numbers side by side, the last |v| in its certificate's colour.

use super::outcome::{certificate_color, named_verdict_ui};
use super::settings::spec_ui;
use crate::case::compare::{CompareRun, CompareSettings};
use crate::case::playback::{Playback, PlaybackCommand};
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gjk::trace::explain::feature_name_in;
use gjk_lab_files::lesson::Timeline;

pub fn compare_ui(
    ui: &mut egui::Ui,
    settings: &mut CompareSettings,
    run: &CompareRun,
    playback: &Playback,
    commands: &mut MessageWriter<PlaybackCommand>,
) {
    // The summary wraps in a label of its own: in the header it would widen the panel's
    // content past its edge.
    ui.label(format!(
        "Run 2: {}",
        crate::case::compare::summary(&settings.right)
    ));
    egui::CollapsingHeader::new("Run 2's settings")
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
    // Compare runs the static query twice; a cast is stepped in run 1 only.
    if playback.timeline == Timeline::Cast {
        ui.colored_label(
            palette::egui(palette::DIFFER),
            "Compare runs the query at t = 0 twice, not the cast the keys now step: the \
             right view and the table follow the query's steps.",
        );
        if ui.button("Step the query").clicked() {
            commands.write(PlaybackCommand::Timeline(Timeline::Query));
        }
    }
    // Each run's own certificate: run 2 may stop short where run 1 is proven.
    named_verdict_ui(ui, "Run 1", &playback.trace.finish);
    named_verdict_ui(ui, "Run 2", &trace.finish);
    match &run.divergence {
        None => {
            ui.label(if playback.cast.is_some() {
                "The two runs of the query at t = 0 make the same decision at every step."
            } else {
                "The two runs make the same decision at every step."
            });
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
                // At a run's last step |v| is its answer: in the certificate's colour, and
                // said on hover when not proven (the run's line above says it too).
                let last = playback.step >= trace.steps.len();
                let certificate = trace.finish.certificate;
                let v = RichText::new(num(q.v_norm)).monospace();
                if !last {
                    ui.label(v);
                } else {
                    let shown = ui.label(v.color(certificate_color(&certificate)));
                    if !certificate.certified {
                        shown.on_hover_text(if certificate.limit.is_some() {
                            "proven only to the precision's limit: see this run's answer above"
                        } else {
                            "not certified: see this run's answer above"
                        });
                    }
                }
                ui.label(RichText::new(num(q.gap)).monospace());
                // Named as the step's sentence names it ("face w₁w₂w₄"), whichever run.
                let feature = step
                    .and_then(|s| s.feature.as_ref().map(|f| (s, f)))
                    .map_or("—".to_string(), |(s, f)| {
                        feature_name_in(&f.vertices, &|i| s.label(i), playback.case.dimension)
                    });
                ui.label(feature);
                let end = if last {
                    trace.finish.termination.name()
                } else {
                    ""
                };
                ui.label(end);
                ui.end_row();
            }
        });
}
