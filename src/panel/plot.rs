//! The convergence plot under the step: |v| and the gap per GJK iteration on a log scale, a
//! compared run's |v| dashed, where the runs part ways, and the step on screen.

use crate::case::playback::Playback;
use crate::views::palette;
use bevy_egui::egui::{self, Color32};
use egui_plot::{Legend, Line, Plot, PlotPoints, VLine};

/// log₁₀ of ‖v‖ and the gap per iteration, the current step marked.
pub(super) fn plot_ui(
    ui: &mut egui::Ui,
    playback: &Playback,
    second: Option<&gjk::Trace>,
    compare: &crate::case::compare::CompareRun,
) {
    let series_of = |trace: &gjk::Trace, f: &dyn Fn(&gjk::Step) -> Option<f64>| -> Vec<[f64; 2]> {
        trace
            .steps
            .iter()
            // GJK's convergence only: EPA's numbers are face distances, on another scale.
            .filter(|s| s.epa().is_none())
            .filter_map(|s| {
                f(s).filter(|x| *x > 0.0)
                    .map(|x| [s.iteration as f64, x.log10()])
            })
            .collect()
    };
    let v = series_of(&playback.trace, &|s| s.quantities.v_norm);
    let gap = series_of(&playback.trace, &|s| s.quantities.gap);
    let v2 = second.map(|t| series_of(t, &|s| s.quantities.v_norm));
    if v.is_empty() && gap.is_empty() {
        return;
    }
    Plot::new("convergence")
        .height(130.0)
        // Bottom left: the curves start high on the left and fall to the right.
        .legend(Legend::default().position(egui_plot::Corner::LeftBottom))
        .y_axis_label("log₁₀")
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(Line::new("|v|", PlotPoints::from(v)).color(palette::egui(palette::CLOSEST)));
            plot.line(
                Line::new("gap", PlotPoints::from(gap)).color(palette::egui(palette::SUPPORT)),
            );
            if let Some(v2) = v2 {
                plot.line(
                    Line::new("|v| run 2", PlotPoints::from(v2))
                        .color(palette::egui(palette::DIRECTION))
                        .style(egui_plot::LineStyle::dashed_loose()),
                );
            }
            if let Some(d) = &compare.divergence {
                plot.vline(
                    VLine::new("runs differ", d.step as f64).color(palette::egui(palette::DIFFER)),
                );
            }
            plot.vline(VLine::new("step", playback.step as f64).color(Color32::GRAY));
        });
}
