//! A body of many pieces: the pair's answer gathered from its pieces', each piece queried with
//! its answer and its contacts' seam verdicts in words, and which piece's run is stepped (a
//! click steps another).

use crate::case::pieces::{Pieces, StepPiece};
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gjk::scenario::pieces::engine::EngineLines;
use gjk::scenario::pieces::report::{CastLine, ContactTime};
use gjk::scenario::pieces::seams::seam_line;

/// The pieces and the requests to step one.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PiecesPanel<'w> {
    pieces: Res<'w, Pieces>,
    step: MessageWriter<'w, StepPiece>,
}

/// The section, open, where the case is a body of many pieces; nothing otherwise.
pub(super) fn section(ui: &mut egui::Ui, panel: &mut PiecesPanel) {
    let Some(state) = &panel.pieces.0 else {
        return;
    };
    let answer = &state.answer;
    let title = format!(
        "Pieces: {} of {} queried, piece {} stepped",
        answer.runs.len(),
        state.composite.len(),
        state.chosen
    );
    egui::CollapsingHeader::new(title)
        .id_salt("pieces")
        .default_open(true)
        .show(ui, |ui| {
            let proven = match answer.intersecting {
                Some(true) => "some piece is proven to overlap the body",
                Some(false) => "every piece is proven apart from the body",
                None => "not proven either way",
            };
            let [lo, hi] = answer.distance_bounds;
            ui.label(format!(
                "The whole body: {proven}; distance within [{lo:.6}, {hi:.6}]."
            ));
            let left_out = state.composite.len() - answer.runs.len();
            if left_out > 0 {
                let planes = match state.composite.pieces() {
                    gjk::composite::Pieces::Mesh(_) => ", or their triangles' planes",
                    _ => "",
                };
                let how_far = if answer.searched > 0.0 {
                    format!("further than {:.4} from the body", answer.searched)
                } else {
                    "apart from the body".to_string()
                };
                ui.label(format!(
                    "The {left_out} other pieces are proven {how_far} by their boxes{planes}, \
                     and left out."
                ));
            }
            let ghosts = answer.ghosts().count();
            if ghosts > 0 {
                ui.colored_label(
                    palette::egui(palette::HORIZON),
                    format!(
                        "{ghosts} ghost contact{}: a piece alone pushes along a normal the \
                         surface does not have there (drawn red, with the cone it has in green).",
                        if ghosts == 1 { "" } else { "s" }
                    ),
                );
            }
            if let Some(cast) = &state.cast {
                cast_ui(ui, cast);
            }
            if let Some(engine) = &state.engine {
                ui.separator();
                engine_ui(ui, engine, state.chosen, &mut panel.step);
            }
            for run in &answer.runs {
                ui.separator();
                ui.horizontal(|ui| {
                    let chosen = run.piece == state.chosen;
                    if ui
                        .selectable_label(chosen, format!("Piece {}", run.piece))
                        .on_hover_text("Step this piece's run: it becomes shape B")
                        .clicked()
                        && !chosen
                    {
                        panel.step.write(StepPiece(run.piece));
                    }
                    let [lo, hi] = run.finish.certificate.distance_bounds;
                    ui.label(
                        RichText::new(format!(
                            "{}; distance in [{lo:.4}, {hi:.4}]",
                            run.finish.termination.name()
                        ))
                        .small(),
                    );
                });
                for contact in &run.contacts {
                    let line = seam_line(&state.composite, run.piece, &contact.judged);
                    let colour = if contact.judged.is_ghost() {
                        palette::HORIZON
                    } else {
                        palette::CLOSEST
                    };
                    ui.colored_label(
                        palette::egui(colour),
                        format!("{}: {}", line.verdict, line.says),
                    );
                }
            }
        });
}

/// The body's motion over the pieces: its first contact, the next hit past the pieces it rests
/// on (what a character controller meets), and each hit's seam.
fn cast_ui(ui: &mut egui::Ui, cast: &CastLine) {
    let said = |c: &ContactTime| match (c.status, c.piece, c.time) {
        ("hit", Some(p), Some(t)) => format!("piece {p} at t = {t:.5}"),
        ("overlapping_at_start", Some(p), _) => format!("piece {p}, touched at the start"),
        ("unfinished", Some(p), Some(t)) => {
            format!("not known past t = {t:.5} (piece {p}'s cast stopped unfinished)")
        }
        _ => "nothing before the end of the motion".to_string(),
    };
    ui.label(format!(
        "The motion: first contact {}; next hit past the pieces it rests on {}.",
        said(&cast.first),
        said(&cast.next)
    ));
    for hit in &cast.hits {
        let colour = match hit.seam.verdict {
            "ghost" => palette::HORIZON,
            _ => palette::CLOSEST,
        };
        ui.colored_label(
            palette::egui(colour),
            format!(
                "Piece {} hit at t = {:.5}: {}",
                hit.piece, hit.time, hit.seam.says
            ),
        );
    }
}

/// What the engine answered, each normal judged on its seam (drawn magenta in the world
/// view); a click steps that piece, whose pair carries the engine's answer for it.
fn engine_ui(
    ui: &mut egui::Ui,
    engine: &EngineLines,
    chosen: u32,
    step: &mut MessageWriter<StepPiece>,
) {
    let fix = if engine.internal_edges {
        "its internal-edge fix on"
    } else {
        "no internal-edge fix"
    };
    ui.label(format!(
        "{}, {fix}, answered (its normals drawn magenta):",
        engine.engine
    ));
    let cast = engine.cast.iter().map(|n| ("its cast's hit", n));
    for (what, normal) in engine
        .contacts
        .iter()
        .map(|n| ("its contact", n))
        .chain(cast)
    {
        let colour = match normal.seam.verdict {
            "ghost" => palette::HORIZON,
            _ => palette::CLOSEST,
        };
        let said = format!(
            "{what} on piece {}, normal {}: {}",
            normal.piece,
            gjk::trace::explain::fmt_vec(normal.normal),
            normal.seam.says
        );
        let chosen = normal.piece == chosen;
        if ui
            .selectable_label(chosen, RichText::new(said).color(palette::egui(colour)))
            .on_hover_text("Step this piece's run, with the engine's answer beside it")
            .clicked()
            && !chosen
        {
            step.write(StepPiece(normal.piece));
        }
    }
}
