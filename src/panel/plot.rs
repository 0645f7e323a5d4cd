//! The convergence plot under the step: |v| and the gap per GJK iteration on a log scale, a
//! compared run's |v| dashed and marked, where the runs part ways, and the step on screen;
//! and what every plot of the panel shares: axes labelled every few units, and a key above
//! the plot rather than a legend over its first samples.

use crate::case::playback::Playback;
use crate::views::palette;
use bevy_egui::egui::{self, Color32, RichText};
use egui_plot::{GridInput, GridMark, Line, MarkerShape, Plot, PlotPoints, Points, VLine};

/// How far apart egui_plot wants an x axis's labels, in points: a step whose lines are
/// closer goes unlabelled.
const LABEL_POINTS: f64 = 60.0;

/// egui_plot's finest grid spacing, in points: it asks for steps from `base_step_size`, the
/// values that span this many points.
const GRID_POINTS: f64 = 8.0;

/// Grid lines at 1 and 2 (or 5) times a power of ten, from the finest egui asks for up to the
/// plot's whole range. egui_plot's own steps go by tens, and it labels a step only when its
/// lines are some 60 points apart: across −15…−2 in a narrow window that left one label (−10).
/// With steps of 2 between the tens, the finest that has room is labelled; where a step of 2
/// has no room but one of 5 has (the sweep window's 13 decades in 390 points, 2 decades
/// 56 points apart), the step between the tens is 5, so −15, −10 and −5 are labelled.
pub(super) fn decimal_grid(input: GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    if !(input.base_step_size.is_finite() && input.base_step_size > 0.0 && lo < hi) {
        return Vec::new();
    }
    let points_per_value = GRID_POINTS / input.base_step_size;
    let labelled = |step: f64| step * points_per_value >= LABEL_POINTS;
    let mut steps = vec![nice_step(input.base_step_size)];
    while let Some(&last) = steps.last()
        && last < hi - lo
        && steps.len() < 12
    {
        let next = next_step(last);
        // A step of 2 follows a step of 1: 5 divides the next ten as 2 does.
        let five = next * 2.5;
        let is_two = (next / last - 2.0).abs() < 1e-9;
        steps.push(if is_two && !labelled(next) && labelled(five) {
            five
        } else {
            next
        });
    }
    // Each value once, with the largest step it is a multiple of (egui draws the thickest
    // line and the label for the largest): each step divides the next, so a multiple of a
    // step is left to the next step when it is one of the next's too.
    let mut marks: Vec<GridMark> = Vec::new();
    for (level, &step) in steps.iter().enumerate() {
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        if last - first > 1000 {
            continue;
        }
        let coarser = steps.get(level + 1).map(|&c| (c / step).round() as i64);
        for k in first..=last {
            if coarser.is_none_or(|ratio| k % ratio != 0) {
                marks.push(GridMark {
                    value: k as f64 * step,
                    step_size: step,
                });
            }
        }
    }
    marks
}

/// A tick's label with as many decimals as its step needs (0.5 → one). egui_plot's own rounds
/// the decimals of a step of 0.5 to none, and labelled 0.5 as "0".
pub(super) fn tick_label(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    let decimals = (-mark.step_size.log10()).ceil().max(0.0) as usize;
    let label = format!("{:.*}", decimals, mark.value);
    // −0.0 is 0.
    if label
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        label.trim_start_matches('-').to_string()
    } else {
        label
    }
}

/// [`decimal_grid`] for a count (iterations): no step finer than 1, so no tick at 1.5.
pub(super) fn whole_grid(input: GridInput) -> Vec<GridMark> {
    decimal_grid(GridInput {
        base_step_size: input.base_step_size.max(1.0),
        ..input
    })
}

/// The least of 1 and 2 times a power of ten that is at least `x` (> 0).
fn nice_step(x: f64) -> f64 {
    let power = 10f64.powf(x.log10().floor());
    [1.0, 2.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= x * (1.0 - 1e-9))
        .unwrap_or(10.0 * power)
}

/// The next step of the 1, 2, 10, 20, … sequence after `step`. Each step divides the next, so
/// the labels of a coarser step fall on a finer one's: with 5 among them, −5 was labelled
/// between −6 and −4.
fn next_step(step: f64) -> f64 {
    nice_step(step * 1.5)
}

/// The series' names in their colours, in a row above the plot: a key that never covers a
/// sample, as a legend inside the plot did.
pub(super) fn key_ui(ui: &mut egui::Ui, series: &[(&str, Color32)]) {
    ui.horizontal_wrapped(|ui| {
        for (name, color) in series {
            ui.label(RichText::new(format!("● {name}")).color(*color).small());
        }
    });
}

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
    let last = v.iter().chain(&gap).map(|[x, _]| *x).fold(1.0, f64::max);
    let (closest, support, second_run) = (
        palette::egui(palette::CLOSEST),
        palette::egui(palette::SUPPORT),
        palette::egui(palette::DIRECTION),
    );
    let mut key = vec![("log₁₀ |v|", closest), ("log₁₀ gap", support)];
    if v2.is_some() {
        key.push(("|v| run 2 (dashed, rings)", second_run));
    }
    if compare.divergence.is_some() {
        key.push(("runs differ", palette::egui(palette::DIFFER)));
    }
    key.push(("step", Color32::GRAY));
    key_ui(ui, &key);
    Plot::new("convergence")
        .height(130.0)
        .x_axis_label("iteration")
        // From step 0 to the run's last iteration, whichever step is on screen.
        .include_x(0.0)
        .include_x(last)
        .x_grid_spacer(whole_grid)
        .y_grid_spacer(decimal_grid)
        .x_axis_formatter(tick_label)
        .y_axis_formatter(tick_label)
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(Line::new("|v|", PlotPoints::from(v)).color(closest));
            plot.line(Line::new("gap", PlotPoints::from(gap)).color(support));
            if let Some(v2) = v2 {
                // Rings as well as a dash: where both runs agree the lines lie on each other,
                // and run 2 must still be seen.
                plot.points(
                    Points::new("|v| run 2", PlotPoints::from(v2.clone()))
                        .shape(MarkerShape::Circle)
                        .filled(false)
                        .radius(4.0)
                        .color(second_run),
                );
                plot.line(
                    Line::new("|v| run 2", PlotPoints::from(v2))
                        .color(second_run)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_offers_every_step_of_one_and_two_once() {
        let marks = decimal_grid(GridInput {
            bounds: (-15.3, -1.7),
            base_step_size: 0.2,
        });
        let step_at = |value: f64| {
            let found: Vec<_> = marks
                .iter()
                .filter(|m| (m.value - value).abs() < 1e-9)
                .collect();
            assert_eq!(found.len(), 1, "{value}: {found:?}");
            found[0].step_size
        };
        // −10 is a multiple of 10, −4 of 2, −15 and −3 of 1 only: each is given its largest
        // step, so a plot 400 points wide can label every 2 (62 points apart).
        assert_eq!(step_at(-10.0), 10.0);
        assert_eq!(step_at(-15.0), 1.0);
        assert_eq!(step_at(-4.0), 2.0);
        assert_eq!(step_at(-3.0), 1.0);
        assert_eq!(step_at(-2.4), 0.2);
        assert!(
            !marks.iter().any(|m| (m.value + 2.5).abs() < 1e-9),
            "no step of 0.5"
        );
        assert!(marks.iter().all(|m| (-15.3..=-1.7).contains(&m.value)));
        // The sweep window: 13 decades in 390 points, 2 decades 56 points apart, too close to
        // label; 5 decades are labelled, −15, −10 and −5.
        let narrow = decimal_grid(GridInput {
            bounds: (-15.6, -1.4),
            base_step_size: GRID_POINTS * 14.2 / 390.0,
        });
        let labelled: Vec<f64> = narrow
            .iter()
            .filter(|m| m.step_size * 390.0 / 14.2 >= LABEL_POINTS)
            .map(|m| m.value)
            .collect();
        assert_eq!(labelled, [-15.0, -5.0, -10.0]);
        assert!(
            decimal_grid(GridInput {
                bounds: (0.0, 0.0),
                base_step_size: 0.0
            })
            .is_empty()
        );
        let label = |value, step_size| tick_label(GridMark { value, step_size }, &(0.0..=1.0));
        assert_eq!(label(0.5, 0.5), "0.5");
        assert_eq!(label(-10.0, 10.0), "-10");
        assert_eq!(label(0.25, 0.05), "0.25");
        assert_eq!(label(-0.0, 0.2), "0.0");
    }
}
