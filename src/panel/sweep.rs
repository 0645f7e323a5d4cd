//! The sweep window: choose a parameter, a range and a sample count, run it off the main thread,
//! and read what it did to every run — iterations coloured by how the run stopped, the error
//! against the f64 reference, or a heat map for a grid. Click a sample to step through it.

use crate::case::playback::Lab;
use crate::case::sweep::{SweepRequest, SweepResult, SweepRun, SweepSettings};
use crate::views::camera::ViewLayout;
use crate::views::palette;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, RichText};
use egui_plot::{HLine, Line, Plot, PlotPoints, Points};
use gjk::{SweepAxis, SweepParam};

pub fn sweep_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<SweepSettings>,
    run: Res<SweepRun>,
    lab: Res<Lab>,
    layout: Res<ViewLayout>,
    mut requests: MessageWriter<SweepRequest>,
) -> Result {
    if !settings.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    // Kept over the views, right of the panel however wide it grows: never over its text.
    let views = ctx
        .content_rect()
        .with_min_x(layout.panel_width / ctx.zoom_factor());
    egui::Window::new("Sweep")
        .open(&mut open)
        .default_width(460.0)
        .default_pos(views.min + egui::vec2(20.0, 60.0))
        .constrain_to(views)
        .show(ctx, |ui| {
            // The sweep reruns the static query; a cast is not swept.
            if lab.scenario.cast.is_some() {
                ui.colored_label(
                    palette::egui(palette::DIFFER),
                    "This case has a cast: the sweep runs its query at t = 0 only, not the \
                     cast.",
                );
            }
            axis_ui(ui, "sweep", &mut settings.first, &lab);
            ui.checkbox(&mut settings.grid, "and a second parameter (heat map)");
            if settings.grid {
                axis_ui(ui, "against", &mut settings.second, &lab);
            }
            run_ui(ui, &settings, &run, &mut requests);
            if let Some(result) = &run.result {
                ui.separator();
                result_ui(ui, result, &mut requests);
            }
        });
    settings.open = open;
    Ok(())
}

/// Parameter, range and count of one axis.
fn axis_ui(ui: &mut egui::Ui, label: &str, axis: &mut SweepAxis, lab: &Lab) {
    ui.horizontal(|ui| {
        ui.label(label);
        let before = axis.param;
        egui::ComboBox::from_id_salt(label)
            .selected_text(axis.param.name())
            .show_ui(ui, |ui| {
                for p in SweepParam::ALL {
                    ui.selectable_value(&mut axis.param, p, p.name());
                }
            });
        if axis.param != before {
            *axis = suggested(axis.param, axis.samples, &lab.scenario);
        }
        ui.add(
            egui::DragValue::new(&mut axis.samples)
                .range(1..=gjk::tools::sweep::MAX_SAMPLES)
                .suffix(" samples"),
        );
    });
    ui.horizontal(|ui| {
        for (name, value) in [("from", &mut axis.from), ("to", &mut axis.to)] {
            ui.label(name);
            let field = egui::DragValue::new(value)
                .custom_formatter(|n, _| format!("{n:e}"))
                .custom_parser(|s| s.trim().parse().ok())
                .speed(if axis.param.logarithmic() { 0.0 } else { 0.01 });
            ui.add(field);
        }
        if axis.param.logarithmic() {
            ui.label(RichText::new("log scale").small());
        }
    });
}

/// A range around the case's current value, a sensible start for each kind of parameter.
fn suggested(param: SweepParam, samples: usize, scenario: &gjk::Scenario) -> SweepAxis {
    let now = param.current(scenario);
    let (from, to) = match param {
        SweepParam::RelTolerance | SweepParam::AbsTolerance => (1e-15, 1e-2),
        SweepParam::MaxIterations => (1.0, 64.0),
        SweepParam::BX | SweepParam::BY | SweepParam::BZ => (now - 1.5, now + 1.5),
        SweepParam::BAngleX | SweepParam::BAngleY | SweepParam::BAngleZ => (-90.0, 90.0),
    };
    SweepAxis {
        param,
        from,
        to,
        samples,
    }
}

fn run_ui(
    ui: &mut egui::Ui,
    settings: &SweepSettings,
    run: &SweepRun,
    requests: &mut MessageWriter<SweepRequest>,
) {
    ui.horizontal(|ui| match run.progress() {
        Some((done, total)) => {
            if ui.button("Cancel").clicked() {
                requests.write(SweepRequest::Cancel);
            }
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .text(format!("{done} of {total}")),
            );
        }
        None => {
            let total = settings.sweep().len();
            if ui
                .button(format!("Run {total} samples"))
                .on_hover_text("Runs on a worker thread; the lab stays interactive")
                .clicked()
            {
                requests.write(SweepRequest::Start);
            }
        }
    });
    if let Some(e) = &run.error {
        ui.colored_label(Color32::LIGHT_RED, e);
    }
}

/// The x coordinate a sample is plotted at (log₁₀ for tolerances).
fn plot_x(axis: &SweepAxis, value: f64) -> f64 {
    if axis.param.logarithmic() {
        value.log10()
    } else {
        value
    }
}

fn result_ui(ui: &mut egui::Ui, result: &SweepResult, requests: &mut MessageWriter<SweepRequest>) {
    let uncertified = result.samples.iter().filter(|s| !s.certified()).count();
    let limited = result
        .samples
        .iter()
        .filter(|s| s.certificate.limit.is_some())
        .count();
    let uncertified = if limited > 0 {
        format!("{uncertified} not certified ({limited} proven to the precision's limit)")
    } else {
        format!("{uncertified} not certified")
    };
    let worst = result
        .samples
        .iter()
        .filter_map(|s| s.error)
        .fold(0.0f64, f64::max);
    ui.label(format!(
        "{} samples in {:.0} ms{} · {uncertified} · worst error {worst:.2e}",
        result.samples.len(),
        result.seconds * 1e3,
        if result.cancelled { " (cancelled)" } else { "" },
    ));
    if let Some(first) = result.refused.first() {
        ui.colored_label(
            palette::egui(palette::UNCERTIFIED),
            format!(
                "{} samples refused, not run; the first: {}",
                result.refused.len(),
                first.reason
            ),
        );
    }
    ui.label(RichText::new("Click a sample to open it in the stepper.").small());
    match result.sweep.second {
        None => line_plots(ui, result, requests),
        Some(_) => heat_map(ui, result, requests),
    }
}

fn line_plots(ui: &mut egui::Ui, result: &SweepResult, requests: &mut MessageWriter<SweepRequest>) {
    let axis = result.sweep.first;
    let x_label = if axis.param.logarithmic() {
        format!("log₁₀ {}", axis.param)
    } else {
        axis.param.to_string()
    };
    // One series per termination kind, so the legend names the colours.
    let mut kinds: Vec<&'static str> = result
        .samples
        .iter()
        .map(|s| s.termination.name())
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let key: Vec<_> = kinds
        .iter()
        .map(|kind| (*kind, palette::egui(palette::termination(kind))))
        .collect();
    super::plot::key_ui(ui, &key);
    let clicked = Plot::new("sweep_iterations")
        // One x axis for both plots: the same ticks, panned and zoomed together.
        .link_axis("sweep_x", [true, false])
        .height(170.0)
        .x_axis_label(x_label.clone())
        .y_axis_label("iterations")
        .x_grid_spacer(super::plot::decimal_grid)
        .y_grid_spacer(super::plot::whole_grid)
        .x_axis_formatter(super::plot::tick_label)
        .y_axis_formatter(super::plot::tick_label)
        // From zero: a count (a run of zero iterations, the closed form, still gets an axis
        // of whole steps above it).
        .include_y(0.0)
        .include_y(1.0)
        .allow_scroll(false)
        .show(ui, |plot| {
            for kind in &kinds {
                let pts: Vec<[f64; 2]> = result
                    .samples
                    .iter()
                    .filter(|s| s.termination.name() == *kind)
                    .map(|s| [plot_x(&axis, s.value[0]), f64::from(s.iterations)])
                    .collect();
                plot.points(
                    Points::new(*kind, PlotPoints::from(pts))
                        .radius(2.5)
                        .color(palette::egui(palette::termination(kind))),
                );
            }
            plot.response()
                .clicked()
                .then(|| plot.pointer_coordinate())
                .flatten()
        })
        .inner;
    // An error of zero has no logarithm: it is drawn on a floor a decade under the smallest
    // error that is not zero (at 10⁻¹⁸ when every error is zero), labelled "exact" (a 0 on a
    // log axis would read as an error of 1).
    let smallest = result
        .samples
        .iter()
        .filter_map(|s| s.error)
        .filter(|e| *e > 0.0)
        .fold(f64::INFINITY, f64::min);
    let floor = if smallest.is_finite() {
        smallest.log10().floor() - 1.0
    } else {
        -18.0
    };
    let errors: Vec<[f64; 2]> = result
        .samples
        .iter()
        .filter_map(|s| {
            let e = s.error?;
            let y = if e > 0.0 { e.log10() } else { floor };
            Some([plot_x(&axis, s.value[0]), y])
        })
        .collect();
    let top = errors.iter().map(|[_, e]| *e).fold(floor + 2.0, f64::max);
    let exact = errors.iter().filter(|[_, e]| *e <= floor).count();
    let mut key = vec![(
        "log₁₀ |error| against the f64 reference",
        palette::egui(palette::CLOSEST),
    )];
    let zero = format!("{exact} samples with error 0, drawn on the floor marked exact");
    if exact > 0 {
        key.push((zero.as_str(), Color32::GRAY));
    }
    super::plot::key_ui(ui, &key);
    let clicked_error = Plot::new("sweep_error")
        // One x axis for both plots: the same ticks, panned and zoomed together.
        .link_axis("sweep_x", [true, false])
        .height(130.0)
        .x_axis_label(x_label)
        .y_axis_label("log₁₀ error")
        .x_grid_spacer(super::plot::decimal_grid)
        .y_grid_spacer(super::plot::decimal_grid)
        .x_axis_formatter(super::plot::tick_label)
        // From the floor to a little above the largest error: a flat run of zeros would
        // otherwise be drawn in a range of sixteen decades, its floor unlabelled.
        .include_y(floor)
        .include_y(top)
        // The floor is where an error of zero is drawn: labelled as such, not as a power of ten.
        .y_axis_formatter(move |mark, range| {
            if (mark.value - floor).abs() < 1e-9 {
                "exact".to_string()
            } else if mark.value < floor {
                String::new()
            } else {
                super::plot::tick_label(mark, range)
            }
        })
        .allow_scroll(false)
        .show(ui, |plot| {
            if exact > 0 {
                plot.hline(HLine::new("error 0", floor).color(Color32::GRAY));
            }
            plot.line(
                Line::new("error vs f64 reference", PlotPoints::from(errors))
                    .color(palette::egui(palette::CLOSEST)),
            );
            plot.response()
                .clicked()
                .then(|| plot.pointer_coordinate())
                .flatten()
        })
        .inner;
    if let Some(at) = clicked.or(clicked_error) {
        let nearest = result.samples.iter().min_by(|a, b| {
            let da = (plot_x(&axis, a.value[0]) - at.x).abs();
            let db = (plot_x(&axis, b.value[0]) - at.x).abs();
            da.total_cmp(&db)
        });
        if let Some(s) = nearest {
            requests.write(SweepRequest::Open(s.index));
        }
    }
}

/// A grid of cells coloured by iterations (cool = few), uncertified runs framed in red, the
/// first and last values of each axis and one between at its edges.
fn heat_map(ui: &mut egui::Ui, result: &SweepResult, requests: &mut MessageWriter<SweepRequest>) {
    let (first, second) = (
        result.sweep.first,
        result.sweep.second.unwrap_or(result.sweep.first),
    );
    let (nx, ny) = (first.samples, second.samples);
    let max_iter = result
        .samples
        .iter()
        .map(|s| s.iterations)
        .max()
        .unwrap_or(1)
        .max(1);
    let side = ui.available_width().min(420.0);
    // Room for the axes' tick labels: the second axis's values on the left, the first's below.
    let (left, below) = (64.0, 16.0);
    let (response, painter) = ui.allocate_painter(
        egui::vec2(side, (side - left) * 0.8 + below),
        egui::Sense::click(),
    );
    let rect = egui::Rect::from_min_max(
        response.rect.min + egui::vec2(left, 0.0),
        response.rect.max - egui::vec2(0.0, below),
    );
    let cell = egui::vec2(rect.width() / nx as f32, rect.height() / ny as f32);
    let cell_rect = |i: usize, j: usize| {
        // The second axis grows upwards, like a plot.
        let min = rect.min + egui::vec2(i as f32 * cell.x, (ny - 1 - j) as f32 * cell.y);
        egui::Rect::from_min_size(min, cell)
    };
    // The panel's amber, darkened: the plain amber vanishes on the ramp's yellow.
    let (red, amber) = (
        palette::egui(palette::UNCERTIFIED),
        palette::egui(palette::WITHIN_ROUNDING.darker(0.25)),
    );
    for s in &result.samples {
        let color = palette::egui(palette::heat(s.iterations as f32 / max_iter as f32));
        let at = cell_rect(s.index[0], s.index[1]);
        // Half a pixel over each edge: cells of fractional width left seams of background.
        painter.rect_filled(at.expand(0.5), 0.0, color);
        // Not certified: a frame round its colour, which still says its iterations; amber
        // where the separation is proven to the precision's limit (`gjk::PrecisionLimit`).
        if !s.certified() {
            let width = (cell.min_elem() * 0.2).clamp(1.0, 3.0);
            let frame = if s.certificate.limit.is_some() {
                amber
            } else {
                red
            };
            painter.rect_stroke(
                at.shrink(width * 0.5),
                0.0,
                egui::Stroke::new(width, frame),
                egui::StrokeKind::Inside,
            );
        }
    }
    axis_ticks(&painter, rect, [first, second]);
    let pick = |pos: egui::Pos2| {
        let i = ((pos.x - rect.min.x) / cell.x).floor() as usize;
        let j = ny - 1 - ((pos.y - rect.min.y) / cell.y).floor().min((ny - 1) as f32) as usize;
        result
            .samples
            .iter()
            .find(|s| s.index == [i.min(nx - 1), j])
    };
    if let Some(s) = response.hover_pos().and_then(pick) {
        response.clone().on_hover_text(format!(
            "{} = {:.4e}\n{} = {:.4e}\n{} iterations, {}\nerror {}",
            first.param,
            s.value[0],
            second.param,
            s.value[1],
            s.iterations,
            s.termination.name(),
            s.error.map_or("—".into(), |e| format!("{e:.2e}")),
        ));
    }
    if response.clicked()
        && let Some(s) = response.interact_pointer_pos().and_then(pick)
    {
        requests.write(SweepRequest::Open(s.index));
    }
    ui.label(
        RichText::new(format!(
            "x: {} {:.3e} … {:.3e}   y (growing upwards): {} {:.3e} … {:.3e}\ndark blue → yellow: 1 … {max_iter} iterations; framed in red: not certified, in amber: proven to the precision's limit",
            first.param, first.from, first.to, second.param, second.from, second.to
        ))
        .small(),
    );
}

/// Tick labels at the first, middle and last samples' values: the first axis under `rect`,
/// the second (growing upwards) to its left.
fn axis_ticks(painter: &egui::Painter, rect: egui::Rect, [x, y]: [SweepAxis; 2]) {
    let font = egui::FontId::proportional(10.0);
    let color = Color32::GRAY;
    let at = |n: usize| {
        let mut ticks = vec![0, n.saturating_sub(1) / 2, n.saturating_sub(1)];
        ticks.dedup();
        ticks
    };
    let last = x.samples.saturating_sub(1);
    for i in at(x.samples) {
        let t = (i as f32 + 0.5) / x.samples as f32;
        // The ends' labels stay inside the map's width.
        let align = match i {
            0 => egui::Align2::LEFT_TOP,
            i if i == last => egui::Align2::RIGHT_TOP,
            _ => egui::Align2::CENTER_TOP,
        };
        let x_at = match i {
            0 => rect.left(),
            i if i == last => rect.right(),
            _ => rect.left() + t * rect.width(),
        };
        painter.text(
            egui::pos2(x_at, rect.bottom() + 1.0),
            align,
            format!("{:.1e}", x.value(i)),
            font.clone(),
            color,
        );
    }
    for j in at(y.samples) {
        let t = (j as f32 + 0.5) / y.samples as f32;
        painter.text(
            egui::pos2(rect.left() - 3.0, rect.bottom() - t * rect.height()),
            egui::Align2::RIGHT_CENTER,
            format!("{:.1e}", y.value(j)),
            font.clone(),
            color,
        );
    }
}
