//! The egui side panel: stepping controls, what this step did and why, the convergence plot,
//! the solver settings, both shapes and the scenario files. It only writes settings and sends
//! messages; the solver runs elsewhere.

use crate::case::playback::FrameViews;
use crate::case::playback::Which;
use crate::case::playback::{Lab, PanelSystems, Playback, PlaybackCommand, Shapes};
use crate::case::reference::ReferenceAnswer;
use crate::case::scenario_io::{Folder, ScenarioFiles, ScenarioRequest};
use crate::views::camera::ViewLayout;
use crate::views::glyphs::TextSize;
use crate::views::minkowski_view::MinkowskiSettings;
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

mod cast;
mod compare;
mod engine;
mod files;
mod lesson;
mod manifold;
mod number;
mod outcome;
mod pieces;
mod plot;
mod reference;
mod settings;
mod space;
mod step;
mod sweep;
mod view;

pub(crate) use space::fmt_in;

use files::{files_ui, folder_note, import_ui, link_ui, status_ui};
use plot::plot_ui;
use reference::{promises_ui, reference_ui};
use settings::{body_ui, solver_ui};
use step::{separate_ui, step_ui};
use view::{help_ui, view_ui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (side_panel, sweep::sweep_window)
            .chain()
            .in_set(PanelSystems),
    );
}

/// The least height of the step's details (its sentence, simplex table, numbers and outcome).
const STEP_AREA_HEIGHT: f32 = 260.0;

/// The case the sections show and edit, and the messages they send about it.
#[derive(bevy::ecs::system::SystemParam)]
struct Case<'w> {
    lab: ResMut<'w, Lab>,
    shapes: Res<'w, Shapes>,
    playback: Res<'w, Playback>,
    commands: MessageWriter<'w, PlaybackCommand>,
    requests: MessageWriter<'w, ScenarioRequest>,
}

/// The settings of the screen and the files the sections edit.
#[derive(bevy::ecs::system::SystemParam)]
struct Desk<'w> {
    files: ResMut<'w, ScenarioFiles>,
    layout: ResMut<'w, ViewLayout>,
    minkowski: ResMut<'w, MinkowskiSettings>,
    reference: Option<Res<'w, ReferenceAnswer>>,
    folder: Res<'w, Folder>,
}

/// The side panel: folded to a bar, or the sections one under another, scrolling.
fn side_panel(
    mut contexts: EguiContexts,
    mut case: Case,
    mut desk: Desk,
    mut tools: Tools,
    mut title_shown: Local<String>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let width = if tools.classroom.panel_folded && tools.filmed.is_some() {
        // A film's pictures show the slides alone.
        0.0
    } else if tools.classroom.panel_folded {
        egui::Panel::left("lab_panel_folded")
            .resizable(false)
            .exact_size(30.0)
            .show(&mut root, |ui| {
                if ui.button("▶").on_hover_text("Show the panel").clicked() {
                    tools.classroom.panel_folded = false;
                }
            })
            .response
            .rect
            .width()
    } else {
        egui::Panel::left("lab_panel")
            .resizable(true)
            .size_range(260.0..=440.0)
            .default_size(360.0)
            .show(&mut root, |ui| {
                // A newly opened case starts at the top, its title and notes in sight.
                let mut scroll = egui::ScrollArea::vertical();
                if *title_shown != case.lab.scenario.name {
                    title_shown.clone_from(&case.lab.scenario.name);
                    scroll = scroll.vertical_scroll_offset(0.0);
                }
                // The answer stays in sight above the scrolling sections: a change made far
                // down (a tolerance) shows what it did without scrolling back.
                head_ui(ui, &mut case, &mut tools);
                scroll.show(ui, |ui| {
                    about_ui(ui, &case);
                    pieces::section(ui, &mut tools.pieces);
                    step_section(ui, &mut case, &mut tools);
                    tools_ui(ui, &mut tools, &case.lab);
                    link_ui(ui, &mut desk.files, &case.playback);
                    reference_section(ui, &case, &desk, &tools);
                    settings_sections(ui, &mut case, &mut desk, &mut tools);
                    help_ui(ui);
                });
            })
            .response
            .rect
            .width()
    };
    // The views start where the panel ends, in window pixels (egui's zoom included).
    let width = width * ctx.zoom_factor();
    if (desk.layout.panel_width - width).abs() > 0.5 {
        desk.layout.panel_width = width;
    }
    Ok(())
}

/// The title, the 2D/3D switch, the case's name, why it is not solved, and the answer in one
/// line: above the panel's scrolling part, where it is always seen.
fn head_ui(ui: &mut egui::Ui, case: &mut Case, tools: &mut Tools) {
    let lab = &case.lab;
    ui.horizontal(|ui| {
        ui.heading("GJK Lab");
        if ui
            .small_button("◀")
            .on_hover_text("Fold the panel to a bar")
            .clicked()
        {
            tools.classroom.panel_folded = true;
        }
        space::switch_ui(ui, lab.scenario.dimension, &mut case.requests);
    });
    if !lab.scenario.name.is_empty() {
        ui.label(RichText::new(&lab.scenario.name).strong());
    }
    // Why the case asked for is not the one on screen: at the top, where it is seen.
    if let Some(why) = &lab.notice {
        ui.colored_label(Color32::LIGHT_RED, why);
    }
    if let Some(e) = &lab.error {
        ui.colored_label(Color32::LIGHT_RED, format!("Not solved: {e}"));
    }
    // The answer, where it is always seen (the steps below tell how it was found).
    if let Some((what, seconds)) = tools.off_frame.computing() {
        // The spinner keeps frames coming until the case is ready.
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!(
                "Computing… {what} ({seconds:.1} s); the last case stays on screen."
            ));
        });
    } else if lab.error.is_none() {
        match &case.playback.cast {
            // A cast's case answers two questions: the poses at t = 0, and the motion.
            Some(cast) => {
                outcome::named_verdict_ui(ui, "At t = 0", &case.playback.trace.finish);
                cast::cast_verdict_ui(ui, &cast.answer.status);
            }
            None => outcome::verdict_ui(ui, &case.playback.trace.finish),
        }
        if let Some(check) = &case.playback.engine {
            engine::engine_ui(ui, check, case.playback.case.engine.as_ref());
        }
    }
    ui.separator();
}

/// The case's notes and its promises, at the top of the scrolling part.
fn about_ui(ui: &mut egui::Ui, case: &Case) {
    let lab = &case.lab;
    if !lab.scenario.notes.is_empty() {
        ui.label(&lab.scenario.notes);
    }
    promises_ui(ui, lab, &case.playback);
}

/// Stepping, compare mode's runs, the step on screen and its plot, and the motion: all follow
/// the timeline the keys step, the static query's or the cast's.
fn step_section(ui: &mut egui::Ui, case: &mut Case, tools: &mut Tools) {
    let playback = &case.playback;
    stepping_ui(ui, playback, &mut case.commands, &mut tools.framing);
    if tools.compare.enabled {
        egui::CollapsingHeader::new("Compare: run 1 (left) against run 2 (right)")
            .default_open(true)
            .show(ui, |ui| {
                compare::compare_ui(
                    ui,
                    &mut tools.compare,
                    &tools.compare_run,
                    playback,
                    &mut case.commands,
                )
            });
    }
    let casting =
        playback.timeline == gjk_lab_files::lesson::Timeline::Cast && playback.cast.is_some();
    egui::CollapsingHeader::new("This step")
        .default_open(true)
        .show(ui, |ui| {
            // At least a fixed height, and never shorter than the tallest step of this run
            // shown so far, so the sections below keep their place as a short step follows a
            // long one (← from the answer's step moved the lesson's header under the pointer);
            // never a box that hides its end (the panel itself scrolls).
            let tallest = egui::Id::new((
                "tallest step",
                &playback.case.name,
                playback.trace.steps.len(),
            ));
            let held: f32 = ui.data(|d| d.get_temp(tallest)).unwrap_or(STEP_AREA_HEIGHT);
            ui.set_min_height(held.max(STEP_AREA_HEIGHT));
            let top = ui.min_rect().top();
            // The manifold's stages are told in its own section, under their buttons: told
            // here, they changed this section's height and moved the buttons under the hand.
            if casting {
                cast::step_ui(ui, playback);
            } else {
                step_ui(ui, playback);
                separate_ui(ui, &mut case.lab, playback);
            }
            let height = ui.min_rect().bottom() - top;
            ui.data_mut(|d| d.insert_temp(tallest, held.max(height)));
        });
    match (casting, case.lab.scenario.cast) {
        (true, Some(spec)) => cast::distance_plot(
            ui,
            &tools.cast_plot,
            playback.cast.as_ref().and_then(|c| c.answer.toi),
            spec,
            tools.cast_view.time,
        ),
        _ => plot_ui(
            ui,
            playback,
            tools.compare_run.trace.as_ref(),
            &tools.compare_run,
        ),
    }
    egui::CollapsingHeader::new("Contact manifold: the points an engine keeps")
        .default_open(playback.manifold.is_some())
        .show(ui, |ui| manifold::section(ui, playback, &mut case.commands));
    egui::CollapsingHeader::new("Motion: when do they first touch?")
        .default_open(case.lab.scenario.cast.is_some())
        .show(ui, |ui| {
            cast::cast_ui(
                ui,
                &mut case.lab,
                playback,
                &mut tools.cast_view,
                &tools.cast_plot,
                &mut case.commands,
            )
        });
}

/// parry's answer beside ours (computed off the frame for a large hull).
fn reference_section(ui: &mut egui::Ui, case: &Case, desk: &Desk, tools: &Tools) {
    let parry = reference::reference_name(case.playback.case.dimension);
    egui::CollapsingHeader::new(format!("Reference: {parry}'s answer"))
        .id_salt("reference")
        .default_open(true)
        .show(ui, |ui| {
            match (tools.reference_off_frame.computing(), &desk.reference) {
                (Some(seconds), _) => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(format!("Computing… parry builds its hull ({seconds:.1} s)"));
                    });
                }
                (None, Some(reference)) => reference_ui(ui, reference, &case.playback),
                (None, None) => {}
            }
        });
}

/// What a user sets: the solver, both shapes, the view, a lesson, the scenario files.
fn settings_sections(ui: &mut egui::Ui, case: &mut Case, desk: &mut Desk, tools: &mut Tools) {
    egui::CollapsingHeader::new("Solver")
        .default_open(true)
        .show(ui, |ui| {
            solver_ui(ui, &mut case.lab, &case.playback.trace.finish)
        });
    for which in [Which::A, Which::B] {
        let title = match which {
            Which::A => "Shape A",
            Which::B => "Shape B",
        };
        egui::CollapsingHeader::new(RichText::new(title).color(palette::egui(which.color())))
            .default_open(false)
            .show(ui, |ui| {
                body_ui(ui, &mut case.lab, which.prepared(&case.shapes), which);
                import_ui(ui, &mut desk.files, &desk.folder, which, &mut case.requests);
            });
    }
    egui::CollapsingHeader::new("View")
        .default_open(false)
        .show(ui, |ui| {
            view_ui(ui, &mut desk.layout, &mut desk.minkowski, &mut tools.text)
        });
    lesson::section(ui, tools, &desk.folder, &mut case.requests);
    egui::CollapsingHeader::new("Scenario files")
        .default_open(false)
        .show(ui, |ui| {
            files_ui(ui, &mut desk.files, &desk.folder, &mut case.requests)
        });
}

#[derive(bevy::ecs::system::SystemParam)]
struct Tools<'w> {
    warm: ResMut<'w, crate::case::playback::WarmStart>,
    classroom: ResMut<'w, crate::teach::classroom::Classroom>,
    tour: MessageWriter<'w, crate::teach::classroom::TourCommand>,
    draft: ResMut<'w, crate::teach::authoring::Draft>,
    drafting: MessageWriter<'w, crate::teach::authoring::DraftCommand>,
    sweep: ResMut<'w, crate::case::sweep::SweepSettings>,
    compare: ResMut<'w, crate::case::compare::CompareSettings>,
    compare_run: Res<'w, crate::case::compare::CompareRun>,
    cast_view: ResMut<'w, crate::case::cast_plot::CastView>,
    cast_plot: Res<'w, crate::case::cast_plot::CastPlot>,
    framing: MessageWriter<'w, FrameViews>,
    text: ResMut<'w, TextSize>,
    off_frame: Res<'w, crate::case::solving::OffFrame>,
    reference_off_frame: Res<'w, crate::case::reference::ReferenceOffFrame>,
    /// Presenter mode being filmed: the pictures show the slides, not the panel's ▶.
    filmed: Option<Res<'w, crate::teach::classroom::Filmed>>,
    pieces: pieces::PiecesPanel<'w>,
}

fn tools_ui(ui: &mut egui::Ui, tools: &mut Tools, lab: &Lab) {
    ui.horizontal(|ui| {
        ui.toggle_value(&mut tools.sweep.open, "Sweep…")
            .on_hover_text("Run this case at many values of a tolerance, a position or an angle");
        let mut comparing = tools.compare.enabled;
        if ui
            .toggle_value(&mut comparing, "Compare…")
            .on_hover_text("Run this case under a second configuration, side by side")
            .changed()
        {
            if comparing {
                tools.compare.enable_against_other_precision(lab);
            } else {
                tools.compare.enabled = false;
            }
        }
        ui.toggle_value(&mut tools.warm.enabled, "Warm start")
            .on_hover_text(
                "Each rerun while dragging starts from the previous simplex (Box2D's cache): \
             watch the step count drop",
            );
        let mut presenting = tools.classroom.enabled;
        // F5 presents the lesson presented last (the tour, until another is): said here, so a
        // draft just presented is not mistaken for the tour.
        if ui
            .toggle_value(&mut presenting, "Presenter (F5)")
            .on_hover_text(format!(
                "Large, high-contrast, presenting \"{}\": Page Down advances",
                tools.classroom.lesson.title
            ))
            .changed()
        {
            tools
                .tour
                .write(crate::teach::classroom::TourCommand::Toggle);
        }
    });
}

fn stepping_ui(
    ui: &mut egui::Ui,
    playback: &Playback,
    commands: &mut MessageWriter<PlaybackCommand>,
    framing: &mut MessageWriter<FrameViews>,
) {
    if playback.cast.is_some() {
        cast::timeline_ui(ui, playback, commands);
    }
    ui.horizontal(|ui| {
        let buttons = [
            ("⏮", PlaybackCommand::Reset, "Reset to step 0 (R)"),
            ("◀", PlaybackCommand::Back, "Step back (Left)"),
            (
                if playback.playing { "⏸" } else { "▶ play" },
                PlaybackCommand::TogglePlay,
                "Play / pause (Space)",
            ),
            ("▶", PlaybackCommand::Forward, "Step forward (Right)"),
            ("⏭", PlaybackCommand::End, "Jump to the end (End)"),
        ];
        for (label, command, hint) in buttons {
            if ui.button(label).on_hover_text(hint).clicked() {
                commands.write(command);
            }
        }
        if ui
            .button("Frame")
            .on_hover_text(
                "Fit the world view to both shapes, and the Minkowski view to this step: \
                 simplex, w, v and the origin (F)",
            )
            .clicked()
        {
            framing.write(FrameViews);
        }
    });
    let mut speed = playback.speed;
    if ui
        .add(
            egui::Slider::new(&mut speed, 0.25..=20.0)
                .logarithmic(true)
                .text("steps per second"),
        )
        .changed()
    {
        commands.write(PlaybackCommand::Speed(speed));
    }
    // The slider moves along the timeline the keys step.
    let (timeline, mut step, end, what) = match &playback.cast {
        Some(cast) if playback.timeline == gjk_lab_files::lesson::Timeline::Cast => (
            gjk_lab_files::lesson::Timeline::Cast,
            playback.cast_step,
            cast.steps.len(),
            "cast step",
        ),
        _ => (
            gjk_lab_files::lesson::Timeline::Query,
            playback.step,
            playback.end(),
            "step",
        ),
    };
    let slider = egui::Slider::new(&mut step, 0..=end).text(format!("{what} of {end}"));
    if ui.add(slider).changed() {
        commands.write(PlaybackCommand::Timeline(timeline));
        commands.write(PlaybackCommand::Seek(step));
    }
    let finish = &playback.trace.finish;
    if finish.epa_iterations > 0 && timeline == gjk_lab_files::lesson::Timeline::Query {
        let span = |from: u32, to: u32| {
            if from == to {
                format!("step {from}")
            } else {
                format!("steps {from}–{to}")
            }
        };
        let (gjk, epa) = (finish.iterations, finish.epa_iterations);
        ui.label(
            RichText::new(format!(
                "GJK: {}   EPA: {}",
                span(1, gjk),
                span(gjk + 1, gjk + epa)
            ))
            .small(),
        );
    }
}
