//! The reference answer beside ours, and the promises a gallery case makes.

use super::fmt_in;
use crate::case::playback::{Lab, Playback};
use crate::case::reference::ReferenceAnswer;
use crate::views::palette;
use bevy_egui::egui::{self, Color32, RichText};

/// The reference's name: parry2d-f64 in the plane, parry3d-f64 in space.
pub fn reference_name(dimension: gjk::config::Dimension) -> &'static str {
    if dimension.is_plane() {
        "parry2d-f64"
    } else {
        "parry3d-f64"
    }
}

/// parry's distance or depth (parry2d-f64's in the plane, parry3d-f64's in space), ours, and
/// the difference.
pub fn reference_ui(ui: &mut egui::Ui, answer: &ReferenceAnswer, playback: &Playback) {
    let theirs = match &answer.0 {
        Ok(r) => r,
        Err(e) => {
            ui.colored_label(Color32::LIGHT_RED, e);
            return;
        }
    };
    let finish = &playback.trace.finish;
    let ours_distance = finish.outcome.distance();
    let ours_depth = finish.penetration.map(|p| p.depth);
    egui::Grid::new("reference").striped(true).show(ui, |ui| {
        ui.label("");
        ui.label("ours");
        ui.label(reference_name(playback.case.dimension));
        ui.label("ours − parry");
        ui.end_row();
        let row = |ui: &mut egui::Ui, name: &str, ours: Option<f64>, theirs: Option<f64>| {
            let num = |x: Option<f64>| x.map_or("—".to_string(), |x| format!("{x:.9}"));
            ui.label(name);
            ui.label(RichText::new(num(ours)).monospace());
            ui.label(RichText::new(num(theirs)).monospace());
            match (ours, theirs) {
                (Some(a), Some(b)) => {
                    ui.label(RichText::new(format!("{:+.2e}", a - b)).monospace())
                }
                _ => ui.label(""),
            };
            ui.end_row();
        };
        row(ui, "distance", ours_distance, Some(theirs.distance));
        row(ui, "depth", ours_depth, theirs.depth);
    });
    if let (Some(a), Some(b)) = (theirs.point_a, theirs.point_b) {
        let dimension = playback.case.dimension;
        ui.label(
            RichText::new(format!(
                "parry's points: on A {}\n                on B {}",
                fmt_in(a, dimension),
                fmt_in(b, dimension)
            ))
            .small(),
        );
    }
    // Our bounds are proofs whatever stopped the run; parry's GJK stops once its own bounds
    // are within √(10 ε) of each other (relative), and returns the upper one: its distance may
    // lie that far above the truth. Only a reference outside both is wrong.
    let [lower, upper] = finish.certificate.distance_bounds;
    let rounding = 16.0 * f64::EPSILON * theirs.distance.max(upper);
    let above = theirs.distance - upper - PARRY_REL * theirs.distance - rounding;
    let below = lower - theirs.distance - rounding;
    let outside = if above > 0.0 {
        Some(("above the upper", theirs.distance - upper, upper))
    } else if below > 0.0 {
        Some(("below the lower", lower - theirs.distance, lower))
    } else {
        None
    };
    let difference = ours_distance.map(|d| format!("ours − parry = {:+.2e}", d - theirs.distance));
    if let Some((side, by, bound)) = outside {
        ui.colored_label(
            palette::egui(palette::SUPPORT),
            format!(
                "parry's distance is {by:.2e} {side} bound this run proves ({bound:.9}), beyond parry's own tolerance: parry is off here."
            ),
        );
    } else if finish.intersecting() == Some(theirs.distance > 0.0) {
        ui.colored_label(
            palette::egui(palette::SUPPORT),
            "parry and we disagree on whether the shapes touch: look at the tolerances.",
        );
    } else if let (Some(depth), Some([shallowest, deepest])) = (
        theirs.depth,
        finish.penetration.and_then(|p| p.depth_bounds),
    ) {
        // Both say the shapes overlap: the number to judge is the depth, by our depth bounds.
        let rounding = 16.0 * f64::EPSILON * depth.max(deepest);
        if depth < shallowest - rounding || depth > deepest + rounding {
            ui.colored_label(
                palette::egui(palette::SUPPORT),
                format!(
                    "parry's depth {depth:.9} lies outside the depth bounds this run proves                      [{shallowest:.9}, {deepest:.9}]: parry is off here."
                ),
            );
        } else {
            ui.label("parry agrees: the shapes overlap, and its depth lies within our proven depth bounds.");
        }
    } else {
        let agree = ui.label(
            "parry agrees: its distance lies within our proven bounds, to its own tolerance.",
        );
        if let Some(d) = difference {
            agree.on_hover_text(format!(
                "{d}; our bounds [{lower:.9}, {upper:.9}]; parry stops within √(10 ε) ≈ {PARRY_REL:.1e} of the distance, relative."
            ));
        }
    }
}

/// parry's relative tolerance in f64: its GJK stops when its upper and lower bounds differ by
/// at most `√(10 ε)` times the upper (parry's `eps_tol` is `10 ε`).
const PARRY_REL: f64 = 4.712e-8;

/// A gallery case's promises (its `expect` section), each kept or broken by this run.
pub fn promises_ui(ui: &mut egui::Ui, lab: &Lab, playback: &Playback) {
    let Some(expect) = &lab.scenario.expect else {
        return;
    };
    let checks = expect.check(&playback.trace, playback.cast.as_ref().map(|c| &c.answer));
    let kept = checks.iter().filter(|c| c.passed).count();
    egui::CollapsingHeader::new(format!(
        "Promises of this case: {kept} of {} kept",
        checks.len()
    ))
    .default_open(kept < checks.len())
    .show(ui, |ui| {
        for c in checks {
            let (mark, color) = if c.passed {
                ("kept", Color32::LIGHT_GREEN)
            } else {
                ("BROKEN", Color32::LIGHT_RED)
            };
            ui.label(
                RichText::new(format!(
                    "{mark}  {}: expected {}, got {}",
                    c.what, c.expected, c.actual
                ))
                .color(color)
                .small(),
            );
        }
    });
}
