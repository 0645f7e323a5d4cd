//! The panel's manifold section: after the depth, the contact points an engine would hold the
//! shapes apart by, stepped stage by stage (features, reference, each clip, depths, reduction),
//! each stage's sentence, and the points with their depths.

use crate::case::playback::{ManifoldRun, Playback, PlaybackCommand};
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gjk::manifold::{ManifoldStep, Stage};

/// The whole section: a note where there is no manifold, else the switch, the stepper, the
/// stage and the points.
pub fn section(
    ui: &mut egui::Ui,
    playback: &Playback,
    commands: &mut MessageWriter<PlaybackCommand>,
) {
    let Some(run) = &playback.manifold else {
        ui.label("The shapes do not overlap: no contact points to build.");
        return;
    };
    let end = run.steps.len();
    let mut shown = run.stage > 0;
    if ui
        .checkbox(&mut shown, "Draw it in the world view")
        .on_hover_text("Each stage drawn where it happens; off, the views show GJK and EPA")
        .changed()
    {
        commands.write(PlaybackCommand::ManifoldStage(if shown { end } else { 0 }));
    }
    ui.horizontal(|ui| {
        let back = ui.add_enabled(run.stage > 1, egui::Button::new("◀ Stage"));
        if back.clicked() {
            commands.write(PlaybackCommand::ManifoldStage(run.stage - 1));
        }
        let forward = ui.add_enabled(run.stage < end, egui::Button::new("Stage ▶"));
        if forward.clicked() {
            commands.write(PlaybackCommand::ManifoldStage(run.stage + 1));
        }
        if run.stage > 0 {
            ui.label(format!("{} of {end}", run.stage));
        }
    });
    if let Some((run, stage)) = playback.manifold_drawn() {
        stage_ui(ui, run, stage, &playback.case);
    }
    ui.separator();
    points_ui(ui, run);
}

/// The stage drawn, under the section's buttons: its heading, its sentence, and what the marks in the
/// world view mean.
fn stage_ui(ui: &mut egui::Ui, run: &ManifoldRun, step: &ManifoldStep, case: &gjk::Scenario) {
    let dimension = case.dimension;
    ui.label(RichText::new(format!("Contact manifold: {}", title(step))).strong());
    ui.label(RichText::new(step.explanation_in(dimension)).size(15.0));
    let side = if dimension.is_plane() {
        "the side line in grey"
    } else {
        "the side plane as a grey square"
    };
    let key = match step.stage {
        Stage::Features { .. } => {
            "In the world view: A's feature in blue, B's in orange; the arrow is the normal.".into()
        }
        Stage::Reference { .. } => {
            "In the world view: the reference in white, the incident feature in yellow.".into()
        }
        Stage::Clip { .. } => format!(
            "In the world view: {side}, the incident feature (yellow) after the cut and what \
             the cut took (faint), points cut as red crosses, crossings added as rings."
        ),
        Stage::Depths { .. } | Stage::Single { .. } => "In the world view: each contact a dot \
             on each shape, joined along the normal (red: apart, dropped)."
            .to_string(),
        Stage::Reduce { .. } => "In the world view: the points kept in cyan and the area they \
             span; the points the reduction dropped as red crosses."
            .to_string(),
    };
    ui.label(RichText::new(key).weak());
    if let Some(contact) = run.engine_beside(step, case) {
        ui.label(
            RichText::new(format!(
                "The engine's {} points beside ours: magenta squares, each pair joined.",
                contact.points.len()
            ))
            .weak(),
        );
    }
    ui.label(format!("Stage {} of {}.", step.index, run.steps.len()));
}

/// A stage's name, as its heading.
fn title(step: &ManifoldStep) -> String {
    let what = match step.stage {
        Stage::Features { .. } => "supporting features",
        Stage::Reference { .. } => "reference and incident",
        Stage::Clip { .. } => "clip by a side",
        Stage::Depths { .. } => "depths",
        Stage::Reduce { .. } => "reduced",
        Stage::Single { .. } => "one point",
    };
    format!("Stage {}: {what}", step.index)
}

/// The manifold's points, deepest first, with their depths.
fn points_ui(ui: &mut egui::Ui, run: &ManifoldRun) {
    let m = &run.manifold;
    let n = m.normal;
    ui.label(format!(
        "{} contact point{} along the normal ({:.3}, {:.3}, {:.3}):",
        m.points.len(),
        if m.points.len() == 1 { "" } else { "s" },
        n.x,
        n.y,
        n.z
    ));
    for (i, c) in m.points.iter().enumerate() {
        let p = c.point_b;
        ui.label(
            RichText::new(format!(
                "  {}. at ({:.3}, {:.3}, {:.3}), depth {:.4e}",
                i + 1,
                p.x,
                p.y,
                p.z,
                c.depth
            ))
            .color(palette::egui(palette::CONTACT)),
        );
    }
}
