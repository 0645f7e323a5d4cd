//! The egui side panel: stepping controls, what this step did and why, the convergence plot,
//! the solver settings, both shapes and the scenario files. It only writes settings and sends
//! messages; the solver runs elsewhere.

use crate::case::playback::FrameStep;
use crate::case::playback::Which;
use crate::case::playback::{Lab, PanelSystems, Playback, PlaybackCommand, Shapes};
use crate::case::reference::ReferenceAnswer;
use crate::case::scenario_io::{ScenarioFiles, ScenarioRequest};
use crate::views::camera::ViewLayout;
use crate::views::glyphs::TextSize;
use crate::views::minkowski_view::MinkowskiSettings;
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

mod cast;
mod compare;
mod files;
mod lesson;
mod outcome;
mod plot;
mod reference;
mod settings;
mod space;
mod step;
mod sweep;
mod view;

pub(crate) use space::fmt_in;

use files::{files_ui, import_ui, link_ui};
use plot::plot_ui;
use reference::{promises_ui, reference_ui};
use settings::{body_ui, solver_ui};
use step::step_ui;
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

#[expect(
    clippy::too_many_arguments,
    reason = "one system draws the whole panel"
)]
fn side_panel(
    mut contexts: EguiContexts,
    mut lab: ResMut<Lab>,
    shapes: Res<Shapes>,
    playback: Res<Playback>,
    mut commands: MessageWriter<PlaybackCommand>,
    mut requests: MessageWriter<ScenarioRequest>,
    mut files: ResMut<ScenarioFiles>,
    mut layout: ResMut<ViewLayout>,
    mut minkowski: ResMut<MinkowskiSettings>,
    reference: Option<Res<ReferenceAnswer>>,
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
    let zoom = ctx.zoom_factor();
    if tools.classroom.panel_folded && tools.film.is_some() {
        if layout.panel_width != 0.0 {
            layout.panel_width = 0.0;
        }
        return Ok(());
    }
    if tools.classroom.panel_folded {
        let width = egui::Panel::left("lab_panel_folded")
            .resizable(false)
            .exact_size(30.0)
            .show(&mut root, |ui| {
                if ui.button("▶").on_hover_text("Show the panel").clicked() {
                    tools.classroom.panel_folded = false;
                }
            })
            .response
            .rect
            .width();
        if (layout.panel_width - width * zoom).abs() > 0.5 {
            layout.panel_width = width * zoom;
        }
        return Ok(());
    }
    let width = egui::Panel::left("lab_panel")
        .resizable(true)
        .size_range(260.0..=440.0)
        .default_size(360.0)
        .show(&mut root, |ui| {
            // A newly opened case starts at the top, its title and notes in sight.
            let mut scroll = egui::ScrollArea::vertical();
            if *title_shown != lab.scenario.name {
                title_shown.clone_from(&lab.scenario.name);
                scroll = scroll.vertical_scroll_offset(0.0);
            }
            scroll.show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.heading("GJK Lab");
                    if ui
                        .small_button("◀")
                        .on_hover_text("Fold the panel to a bar")
                        .clicked()
                    {
                        tools.classroom.panel_folded = true;
                    }
                    space::switch_ui(ui, lab.scenario.dimension, &mut requests);
                });
                if !lab.scenario.name.is_empty() {
                    ui.label(RichText::new(&lab.scenario.name).strong());
                }
                if !lab.scenario.notes.is_empty() {
                    ui.label(&lab.scenario.notes);
                }
                promises_ui(ui, &lab, &playback);
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
                    outcome::verdict_ui(ui, &playback.trace.finish);
                }
                ui.separator();
                stepping_ui(ui, &playback, &mut commands, &mut tools.framing);
                if tools.compare.enabled {
                    egui::CollapsingHeader::new("Compare: run 1 (left) against run 2 (right)")
                        .default_open(true)
                        .show(ui, |ui| {
                            compare::compare_ui(
                                ui,
                                &mut tools.compare,
                                &tools.compare_run,
                                &playback,
                                &mut commands,
                            )
                        });
                }
                // The step on screen, its sentence and its plot follow the timeline the keys
                // step: the static query's, or the cast's.
                let casting = playback.timeline == crate::case::playback::Timeline::Cast
                    && playback.cast.is_some();
                egui::CollapsingHeader::new("This step")
                    .default_open(true)
                    .show(ui, |ui| {
                        // At least a fixed height, so the sections below keep their place as a
                        // short step follows a long one; never a box that hides its end (the
                        // panel itself scrolls).
                        ui.set_min_height(STEP_AREA_HEIGHT);
                        if casting {
                            cast::step_ui(ui, &playback);
                        } else {
                            step_ui(ui, &playback);
                            separate_ui(ui, &mut lab, &playback);
                        }
                    });
                match (casting, lab.scenario.cast) {
                    (true, Some(spec)) => cast::distance_plot(
                        ui,
                        &tools.cast_plot,
                        playback.cast.as_ref().and_then(|c| c.answer.toi),
                        spec,
                        tools.cast_view.time,
                    ),
                    _ => plot_ui(
                        ui,
                        &playback,
                        tools.compare_run.trace.as_ref(),
                        &tools.compare_run,
                    ),
                }
                egui::CollapsingHeader::new("Motion: when do they first touch?")
                    .default_open(lab.scenario.cast.is_some())
                    .show(ui, |ui| {
                        cast::cast_ui(
                            ui,
                            &mut lab,
                            &playback,
                            &mut tools.cast_view,
                            &tools.cast_plot,
                            &mut commands,
                        )
                    });
                tools_ui(ui, &mut tools, &lab);
                link_ui(ui, &mut files, &playback);
                let parry = reference::reference_name(playback.case.dimension);
                egui::CollapsingHeader::new(format!("Reference: {parry}'s answer"))
                    .id_salt("reference")
                    .default_open(true)
                    .show(ui, |ui| {
                        match (tools.reference_off_frame.computing(), &reference) {
                            (Some(seconds), _) => {
                                ui.horizontal(|ui| {
                                    ui.spinner();
                                    ui.label(format!(
                                        "Computing… parry builds its hull ({seconds:.1} s)"
                                    ));
                                });
                            }
                            (None, Some(reference)) => reference_ui(ui, reference, &playback),
                            (None, None) => {}
                        }
                    });
                egui::CollapsingHeader::new("Solver")
                    .default_open(true)
                    .show(ui, |ui| solver_ui(ui, &mut lab));
                for which in [Which::A, Which::B] {
                    let title = match which {
                        Which::A => "Shape A",
                        Which::B => "Shape B",
                    };
                    egui::CollapsingHeader::new(
                        RichText::new(title).color(palette::egui(which.color())),
                    )
                    .default_open(false)
                    .show(ui, |ui| {
                        body_ui(ui, &mut lab, which.prepared(&shapes), which);
                        import_ui(ui, &mut files, which, &mut requests);
                    });
                }
                egui::CollapsingHeader::new("View")
                    .default_open(false)
                    .show(ui, |ui| {
                        view_ui(ui, &mut layout, &mut minkowski, &mut tools.text)
                    });
                lesson::section(ui, &mut tools, &mut requests);
                egui::CollapsingHeader::new("Scenario files")
                    .default_open(false)
                    .show(ui, |ui| files_ui(ui, &mut files, &mut requests));
                help_ui(ui);
            });
        })
        .response
        .rect
        .width();
    // The views start where the panel ends, in window pixels (egui's zoom included).
    let width = width * zoom;
    if (layout.panel_width - width).abs() > 0.5 {
        layout.panel_width = width;
    }
    Ok(())
}

/// The windows and modes the panel opens.
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
    framing: MessageWriter<'w, FrameStep>,
    text: ResMut<'w, TextSize>,
    off_frame: Res<'w, crate::case::solving::OffFrame>,
    reference_off_frame: Res<'w, crate::case::reference::ReferenceOffFrame>,
    /// A film being taken: the pictures show the slides, not the panel's ▶.
    film: Option<Res<'w, crate::teach::filming::Film>>,
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
        if ui
            .toggle_value(&mut presenting, "Presenter (F5)")
            .on_hover_text("Large, high-contrast, and a guided tour: Page Down advances")
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
    framing: &mut MessageWriter<FrameStep>,
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
            .on_hover_text("Fit the Minkowski view to this step: simplex, w, v and the origin (F)")
            .clicked()
        {
            framing.write(FrameStep);
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
        Some(cast) if playback.timeline == crate::case::playback::Timeline::Cast => (
            crate::case::playback::Timeline::Cast,
            playback.cast_step,
            cast.steps.len(),
            "cast step",
        ),
        _ => (
            crate::case::playback::Timeline::Query,
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
    if finish.epa_iterations > 0 && timeline == crate::case::playback::Timeline::Query {
        ui.label(
            RichText::new(format!(
                "GJK: steps 1–{}   EPA: steps {}–{}",
                finish.iterations,
                finish.iterations + 1,
                finish.iterations + finish.epa_iterations
            ))
            .small(),
        );
    }
}

/// Moves B out along the penetration normal, a hair further than the depth: the answer should
/// turn into a tiny distance if the normal points the right way.
fn separate_ui(ui: &mut egui::Ui, lab: &mut ResMut<Lab>, playback: &Playback) {
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
