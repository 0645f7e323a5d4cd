//! The step on screen: which iteration it is, what it did in words, its simplex point by point
//! with the weights, the numbers its tests compared, and at the last step the answer.

use super::{fmt_in, outcome};
use crate::case::playback::{Lab, Playback};
use crate::views::palette;
use bevy::prelude::ResMut;
use bevy_egui::egui::{self, RichText};

/// The section.
pub(super) fn step_ui(ui: &mut egui::Ui, playback: &Playback) {
    let Some(step) = playback.current() else {
        ui.label(
            RichText::new(
                "Step 0: nothing has run yet. Press Right to take the first support point.",
            )
            .size(15.0),
        );
        return;
    };
    let title = if step.phase.is_epa() {
        // EPA's own count (as `trace --lines` numbers it), and the step's place in the run.
        let gjk = playback.trace.finish.iterations;
        let epa = step.iteration.saturating_sub(gjk);
        format!("EPA iteration {epa} (step {})", step.iteration)
    } else if step.is_closed_form() {
        "Closed form (no GJK iteration)".to_string()
    } else if step.is_box_test() {
        "Separating axes (no GJK iteration)".to_string()
    } else {
        format!("GJK iteration {}", step.iteration)
    };
    ui.label(RichText::new(title).strong());
    let dimension = playback.case.dimension;
    ui.label(RichText::new(step.explanation_in(dimension)).size(15.0));
    // One row per vertex of the simplex examined; hover a point for its witnesses on A and B.
    egui::Grid::new("simplex").striped(true).show(ui, |ui| {
        ui.label("");
        ui.label("point of A − B (hover: witnesses)");
        ui.label("λ");
        ui.end_row();
        // The weights are those of the simplex kept, whose points stand in the candidate's order.
        let mut weights = step.weights.iter();
        for (slot, v) in step.candidate.iter().enumerate() {
            let name = step.label(slot).to_string();
            ui.label(
                RichText::new(name)
                    .strong()
                    .color(palette::egui(palette::SLOTS[step.name_number(slot) % 4])),
            );
            ui.label(RichText::new(fmt_in(v.point, dimension)).monospace())
                .on_hover_text(format!(
                    "on A {}\non B {}",
                    fmt_in(v.a, dimension),
                    fmt_in(v.b, dimension)
                ));
            let weight = if step.keeps(slot) {
                weights.next()
            } else {
                None
            };
            let text = match (
                weight,
                playback
                    .trace
                    .steps
                    .first()
                    .is_some_and(|s| s.weights.is_empty()),
            ) {
                (_, true) if step.keeps(slot) => "kept".to_string(),
                (Some(w), _) => format!("{w:.4}"),
                _ => "dropped".to_string(),
            };
            ui.label(text);
            ui.end_row();
        }
    });
    let q = &step.quantities;
    let num = |x: Option<f64>| x.map_or("—".to_string(), |x| format!("{x:.3e}"));
    // EPA's numbers are its closest face's (in the plane, edge's): its distance from the
    // origin, and how far the support point along its normal n reaches beyond it.
    let (distance, gap) = if step.epa().is_some() && playback.case.dimension.is_plane() {
        ("edge distance", "gap w·n − distance")
    } else if step.epa().is_some() {
        ("face distance", "gap w·n − distance")
    } else {
        ("|v|", "gap |v|²−v·w")
    };
    egui::Grid::new("quantities").show(ui, |ui| {
        ui.label(distance);
        ui.label(num(q.v_norm));
        ui.label("abs tol");
        ui.label(num(q.abs_threshold));
        ui.end_row();
        ui.label(gap);
        ui.label(num(q.gap));
        ui.label("threshold");
        ui.label(num(q.gap_threshold));
        ui.end_row();
        if q.support_dot_direction.is_some() {
            ui.label("w·d");
            ui.label(num(q.support_dot_direction));
            ui.end_row();
        }
    });
    if playback.is_final() {
        let boolean = playback.case.solver.algorithm == gjk::Algorithm::Boolean;
        outcome::outcome_ui(ui, &playback.trace.finish, playback.case.dimension, boolean);
    }
}

/// Moves B out along the penetration normal, a hair further than the depth: the answer should
/// turn into a tiny distance if the normal points the right way.
pub(super) fn separate_ui(ui: &mut egui::Ui, lab: &mut ResMut<Lab>, playback: &Playback) {
    let Some(p) = playback.trace.finish.penetration else {
        return;
    };
    if ui
        .button("Separate: move B by depth · normal")
        .on_hover_text(
            "B moves by the penetration vector plus 0.1%: the shapes should just stop touching",
        )
        .clicked()
    {
        let push = p.normal * (p.depth * 1.001 + 1e-6);
        lab.scenario.b.position += push;
    }
}
