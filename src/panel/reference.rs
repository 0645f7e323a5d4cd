//! The reference answer beside ours, and the promises a gallery case makes.

use super::fmt_in;
use crate::case::playback::{Lab, Playback};
use crate::case::reference::ReferenceAnswer;
use crate::views::palette;
use bevy_egui::egui::{self, Color32, RichText};
use gjk::tools::reference::judgement::Judgement;

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
            // Nine decimals to compare by, in scientific notation past a million (a depth of
            // 1e40 would print fifty digits and widen the panel past the screen).
            let num = |x: Option<f64>| {
                x.map_or("—".to_string(), |x| {
                    if x.abs() >= 1e6 {
                        format!("{x:.9e}")
                    } else {
                        format!("{x:.9}")
                    }
                })
            };
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
    contacts_ui(ui, answer, playback);
    // The same judgement `query --reference` prints, in the same words.
    let judgement = Judgement::of(finish, theirs);
    let line = judgement.sentence();
    let said = if judgement.parry_is_off() {
        ui.colored_label(palette::egui(palette::SUPPORT), line)
    } else {
        ui.label(line)
    };
    if let Some(d) = ours_distance {
        let [lower, upper] = finish.certificate.distance_bounds;
        said.on_hover_text(format!(
            "ours − parry = {:+.2e}; our bounds [{lower:.9}, {upper:.9}]",
            d - theirs.distance
        ));
    }
}

/// A gallery case's promises (its `expect` section), each kept or broken by this run.
pub fn promises_ui(ui: &mut egui::Ui, lab: &Lab, playback: &Playback) {
    let Some(expect) = &lab.scenario.expect else {
        return;
    };
    let checks = expect.check(
        &playback.trace,
        playback.cast.as_ref().map(|c| &c.answer),
        playback.manifold.as_ref().map(|m| &m.manifold),
    );
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

/// parry's contact manifold beside ours: how many points, the deepest, and how far apart the
/// two normals turn.
fn contacts_ui(ui: &mut egui::Ui, answer: &ReferenceAnswer, playback: &Playback) {
    let (Some(theirs), Some(ours)) = (&answer.1, &playback.manifold) else {
        return;
    };
    let ours = &ours.manifold;
    ui.label(format!(
        "Contact manifold: ours {} points (deepest {:.6}), parry's {} (deepest {:.6}); normals {:.2e}° apart",
        ours.points.len(),
        ours.deepest(),
        theirs.points.len(),
        theirs.deepest(),
        ours.normal.angle_between(theirs.normal).to_degrees()
    ));
}
