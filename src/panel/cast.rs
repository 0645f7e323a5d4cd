//! The panel's cast section: how the bodies move (typed), how the cast ended beside parry's
//! answer, each cast iteration in words, a time slider that poses the ghosts, and the distance
//! against time with the iterates, the target and the time of impact.

use super::number::number_ui;
use crate::case::cast_plot::{CastPlot, CastView};
use crate::case::playback::{Lab, Playback, PlaybackCommand};
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use egui_plot::{HLine, Line, Plot, PlotPoints, Points, VLine};
use gjk::cast::{CastMethod, CastSpec, CastStatus};
use gjk::config::Dimension;
use gjk_lab_files::lesson::Timeline;

/// The whole section.
pub fn cast_ui(
    ui: &mut egui::Ui,
    lab: &mut ResMut<Lab>,
    playback: &Playback,
    view: &mut CastView,
    plot: &CastPlot,
    commands: &mut MessageWriter<PlaybackCommand>,
) {
    let Some(spec) = lab.scenario.cast else {
        ui.label("The bodies stand still. Give them a motion to ask when they first touch.");
        if ui.button("Add a motion (B towards A)").clicked() {
            commands.write(PlaybackCommand::Timeline(Timeline::Cast));
            let towards = lab.scenario.a.position - lab.scenario.b.position;
            lab.scenario.cast = Some(CastSpec {
                velocity_b: towards * 1.5,
                ..Default::default()
            });
        }
        return;
    };
    if motion_ui(ui, lab, spec) {
        // Editing the motion is asking about the cast: the stepping keys follow it.
        commands.write(PlaybackCommand::Timeline(Timeline::Cast));
    }
    let Some(cast) = &playback.cast else {
        return;
    };
    ui.separator();
    let answer = &cast.answer;
    let color = status_color(&answer.status);
    ui.label(
        RichText::new(format!(
            "{} by {} in {} iterations",
            answer.status.name(),
            answer.method.name(),
            answer.iterations
        ))
        .color(color)
        .strong(),
    );
    ui.label(answer.status.describe());
    if let (Some(toi), Some([lower, upper])) = (answer.toi, answer.distance_bounds) {
        ui.label(format!(
            "time of impact {toi:.9}; distance there in [{lower:.2e}, {upper:.2e}]"
        ));
    }
    contact_ui(ui, answer, playback.case.dimension);
    let parry = crate::panel::reference::reference_name(playback.case.dimension);
    match &plot.reference {
        Some(Ok(r)) => {
            let theirs = r
                .toi
                .map_or_else(|| "no hit".to_owned(), |t| format!("{t:.9}"));
            let difference = match (r.toi, answer.toi) {
                (Some(p), Some(o)) => format!(", ours − parry = {:.2e}", o - p),
                _ => String::new(),
            };
            ui.label(format!("{parry}: {theirs} ({}){difference}", r.status));
        }
        Some(Err(e)) => {
            ui.label(format!("{parry}: {e}"));
        }
        None => {}
    }
    ui.separator();
    let end = spec.settings(gjk::Precision::F64).max_time;
    ui.add(egui::Slider::new(&mut view.time, 0.0..=end.max(f64::MIN_POSITIVE)).text("ghosts at t"));
    // On the query's timeline the plot under the step is GJK's; the distance against time is
    // here. On the cast's it is the plot under the step.
    if playback.timeline == Timeline::Query {
        distance_plot(ui, plot, answer.toi, spec, view.time);
    }
}

/// The cast step on screen in words; at the last step, how the cast ended and its numbers
/// (the same words and numbers as `query` and `trace`).
pub(super) fn step_ui(ui: &mut egui::Ui, playback: &Playback) {
    let Some(cast) = &playback.cast else {
        return;
    };
    match playback.cast_current() {
        Some(step) => {
            ui.label(
                RichText::new(format!(
                    "Cast iteration {} of {}: from t = {:.9} to {:.9}",
                    step.iteration,
                    cast.steps.len(),
                    step.time,
                    step.next_time
                ))
                .strong(),
            );
            ui.label(RichText::new(step.explanation_in(playback.case.dimension)).size(15.0));
        }
        None if cast.steps.is_empty() => {
            ui.label(RichText::new("The cast was decided at t = 0, before any step.").size(15.0));
        }
        None => {
            ui.label(
                RichText::new(
                    "Cast step 0: nothing has moved yet. Press Right to watch the time advance.",
                )
                .size(15.0),
            );
        }
    }
    if playback.cast_step >= cast.steps.len() {
        let answer = &cast.answer;
        ui.label(
            RichText::new(format!("Outcome: {}", answer.status.name()))
                .strong()
                .color(status_color(&answer.status)),
        );
        // The last step's sentence already ends with it; a cast decided before any step
        // (overlapping, or moving apart, at the start) has none.
        if cast.steps.is_empty() {
            ui.label(answer.status.describe());
        }
        if let Some([lower, upper]) = answer.distance_bounds {
            ui.label(format!(
                "distance there proven in [{lower:.3e}, {upper:.3e}]"
            ));
        }
        contact_ui(ui, answer, playback.case.dimension);
    }
}

/// The contact an engine asks a cast for, in the colour it is drawn in: which way the bodies
/// meet and where each is touched (`query` prints them as toi_normal, toi_point_a and
/// toi_point_b).
fn contact_ui(ui: &mut egui::Ui, answer: &gjk::cast::CastAnswer, dimension: Dimension) {
    let at = |v| crate::panel::fmt_in(v, dimension);
    let mut lines = Vec::new();
    if let Some(n) = answer.normal {
        lines.push(format!("normal (A to B) {}", at(n)));
    }
    if let (Some(a), Some(b)) = (answer.point_a, answer.point_b) {
        lines.push(format!("contact on A {}\ncontact on B {}", at(a), at(b)));
    }
    if !lines.is_empty() {
        ui.label(RichText::new(lines.join("\n")).color(palette::egui(palette::CONTACT)));
    }
}

/// The cast's answer in one line, in its colour, for the panel's pinned head: under the
/// static query's answer, which is about the poses at t = 0 only.
pub(super) fn cast_verdict_ui(ui: &mut egui::Ui, status: &CastStatus) {
    let fmt = gjk::trace::explain::fmt_num;
    let text = match status {
        CastStatus::Hit { time, .. } => format!("Cast: they first touch at t = {}.", fmt(*time)),
        CastStatus::Miss { .. } => "Cast: a miss, proven: they never touch before max_time.".into(),
        CastStatus::OverlappingAtStart {
            depth: Some(depth), ..
        } => format!("Cast: they overlap at t = 0 already, {} deep.", fmt(*depth)),
        CastStatus::OverlappingAtStart { .. } => "Cast: within the target at t = 0 already.".into(),
        CastStatus::MaxIterations { time, .. } => format!(
            "Cast: NOT DECIDED: the iteration cap stopped it at t = {}.",
            fmt(*time)
        ),
        CastStatus::Failed { why, .. } => format!("Cast: FAILED: {why}."),
    };
    ui.label(RichText::new(text).strong().color(status_color(status)));
}

/// The outcome's colour: the success colour only for a proven hit.
fn status_color(status: &CastStatus) -> Color32 {
    match status {
        CastStatus::Hit { .. } => palette::egui(palette::CLOSEST),
        CastStatus::Miss { .. } | CastStatus::OverlappingAtStart { .. } => Color32::LIGHT_GRAY,
        _ => palette::egui(palette::UNCERTIFIED),
    }
}

/// What → and ← (and the buttons) step through: the static query or the cast.
pub(super) fn timeline_ui(
    ui: &mut egui::Ui,
    playback: &Playback,
    commands: &mut MessageWriter<PlaybackCommand>,
) {
    ui.horizontal(|ui| {
        ui.label("The keys and buttons step");
        for (timeline, label) in [(Timeline::Query, "the query"), (Timeline::Cast, "the cast")] {
            if ui
                .selectable_label(playback.timeline == timeline, label)
                .clicked()
            {
                commands.write(PlaybackCommand::Timeline(timeline));
            }
        }
    });
}

/// Velocities, turning, time, target, tolerance and method, each typed; whether any changed.
fn motion_ui(ui: &mut egui::Ui, lab: &mut ResMut<Lab>, spec: CastSpec) -> bool {
    let mut edited = spec;
    // In the plane a velocity has x and y, and a body turns about the plane's normal only.
    let plane = lab.scenario.dimension.is_plane();
    egui::Grid::new("cast_motion")
        .num_columns(2)
        .show(ui, |ui| {
            for (label, v, turn) in [
                ("velocity A", &mut edited.velocity_a, false),
                ("velocity B", &mut edited.velocity_b, false),
                ("turning A (rad/s)", &mut edited.angular_velocity_a, true),
                ("turning B (rad/s)", &mut edited.angular_velocity_b, true),
            ] {
                ui.label(label);
                let shown = match (plane, turn) {
                    (false, _) => vec![&mut v.x, &mut v.y, &mut v.z],
                    (true, false) => vec![&mut v.x, &mut v.y],
                    (true, true) => vec![&mut v.z],
                };
                vector_ui(ui, shown);
                ui.end_row();
            }
            // Written only when moved, so that a case without the field keeps its default.
            let max_time = spec.max_time.unwrap_or(1.0);
            let moved = number_row(ui, "max time", max_time);
            if moved != max_time {
                edited.max_time = Some(moved);
            }
            let target = spec.target_distance.unwrap_or(0.0);
            let moved = number_row(ui, "target distance", target);
            if moved != target {
                edited.target_distance = Some(moved);
            }
            ui.label("method");
            let chosen = spec.method();
            egui::ComboBox::from_id_salt("cast_method")
                .selected_text(chosen.name())
                .show_ui(ui, |ui| {
                    for m in CastMethod::ALL {
                        let allowed = m.handles_turning() || !spec.turns();
                        if ui
                            .add_enabled(allowed, egui::Button::selectable(m == chosen, m.name()))
                            .on_disabled_hover_text("follows translations only")
                            .clicked()
                        {
                            edited.method = Some(m);
                        }
                    }
                });
            ui.end_row();
        });
    // A turning body rules the translation-only methods out: fall back to the default.
    if edited.turns() && !edited.method().handles_turning() {
        edited.method = None;
    }
    let changed = edited != spec;
    if changed {
        lab.scenario.cast = Some(edited);
    }
    if ui.small_button("Remove the motion").clicked() {
        lab.scenario.cast = None;
    }
    changed
}

/// A labelled non-negative number, one grid row.
fn number_row(ui: &mut egui::Ui, label: &str, mut value: f64) -> f64 {
    ui.label(label);
    ui.add(
        egui::DragValue::new(&mut value)
            .speed(0.01)
            .range(0.0..=1e6),
    );
    ui.end_row();
    value
}

/// A vector's components side by side (the ones its space has).
fn vector_ui(ui: &mut egui::Ui, components: Vec<&mut f64>) {
    ui.horizontal(|ui| {
        for x in components {
            number_ui(ui, x, |d| d.speed(0.05).max_decimals(4));
        }
    });
}

/// Distance against time: the sampled curve, each iteration's time on it, the target, the
/// time of impact and the ghosts' time.
pub(super) fn distance_plot(
    ui: &mut egui::Ui,
    plot: &CastPlot,
    toi: Option<f64>,
    spec: CastSpec,
    now: f64,
) {
    let target = spec.target_distance.unwrap_or(0.0);
    let (distance, iterates, impact) = (
        palette::egui(palette::CLOSEST),
        palette::egui(palette::SUPPORT),
        palette::egui(palette::DIRECTION),
    );
    let mut key = vec![
        ("distance", distance),
        ("iterates", iterates),
        ("target", Color32::GRAY),
    ];
    if toi.is_some() {
        key.push(("time of impact", impact));
    }
    key.push(("ghosts", Color32::DARK_GRAY));
    super::plot::key_ui(ui, &key);
    let response = Plot::new("cast_distance")
        .height(150.0)
        .x_axis_label("t")
        .y_axis_label("distance")
        .x_grid_spacer(super::plot::decimal_grid)
        .y_grid_spacer(super::plot::decimal_grid)
        .x_axis_formatter(super::plot::tick_label)
        .y_axis_formatter(super::plot::tick_label)
        // The wheel scrolls the panel, as over the other plots; a double click resets it.
        .allow_scroll(false)
        .show(ui, |p| {
            p.line(Line::new("distance", PlotPoints::from(plot.curve.clone())).color(distance));
            p.points(
                Points::new("iterates", PlotPoints::from(plot.iterates.clone()))
                    .radius(3.5)
                    .color(iterates),
            );
            p.hline(HLine::new("target", target).color(Color32::GRAY));
            if let Some(t) = toi {
                p.vline(VLine::new("time of impact", t).color(impact));
            }
            p.vline(VLine::new("ghosts", now).color(Color32::DARK_GRAY));
        })
        .response;
    response.on_hover_text("Drag to pan, Ctrl + wheel to zoom, double-click to see it whole");
}
