//! The run's answer once the last step is shown: the verdict, what the certificate proves, and
//! EPA's penetration. Only a proven answer gets the success colour.

use super::fmt_in;
use crate::views::palette;
use bevy_egui::egui::{self, RichText};
use gjk::config::Dimension;
use gjk::trace::explain::fmt_num;
use gjk::{Finish, GjkStop, Outcome, Termination};

/// The answer in one line, always at the top of the panel whatever step is on screen: what the
/// certificate proves, in the words the trace's last step ends with, in the success colour only
/// when certified; the depth, and whether it is proven, for an overlapping pair.
pub fn verdict_ui(ui: &mut egui::Ui, finish: &Finish) {
    named_verdict_ui(ui, "Answer", finish);
}

/// [`verdict_ui`] under another name: compare shows each run's answer as `Run 1: …`.
pub fn named_verdict_ui(ui: &mut egui::Ui, name: &str, finish: &Finish) {
    let certificate = finish.certificate;
    let color = certificate_color(&certificate);
    let mut text = format!("{name}: {}", certificate.describe_of("shapes"));
    if let Some(p) = finish.penetration {
        let proven = match (finish.depth_proven(), p.certified) {
            (true, _) => "proven",
            (false, true) => "within its bounds; the overlap itself is not proven",
            (false, false) => "NOT CERTIFIED",
        };
        text.push_str(&format!(" Depth {} ({proven}).", six(p.depth)));
    }
    ui.label(RichText::new(text).strong().color(color));
}

/// The colour of what `certificate` proves: the success colour when certified, amber for a
/// separation proven to the precision's limit ([`gjk::PrecisionLimit`]), the uncertified
/// colour otherwise.
pub fn certificate_color(certificate: &gjk::Certificate) -> egui::Color32 {
    if !certificate.certified && certificate.limit.is_some() {
        palette::egui(palette::WITHIN_ROUNDING)
    } else {
        certified_color(certificate.certified)
    }
}

/// The success colour for a certified answer, the uncertified one otherwise.
pub fn certified_color(certified: bool) -> egui::Color32 {
    palette::egui(if certified {
        palette::CLOSEST
    } else {
        palette::UNCERTIFIED
    })
}

/// The verdict in the success colour when certified; otherwise NOT CERTIFIED, what was proven
/// and the distance interval, in the uncertified colour. Points have the case's dimension;
/// `boolean`: the run was boolean GJK's (what decided its stop reads differently).
pub fn outcome_ui(ui: &mut egui::Ui, finish: &Finish, dimension: Dimension, boolean: bool) {
    let fmt_v = |v| fmt_in(v, dimension);
    let certificate = finish.certificate;
    let [lower, upper] = certificate.distance_bounds;
    let verdict = match finish.outcome {
        Outcome::Intersecting => "intersecting".to_string(),
        Outcome::Separated {
            distance,
            point_a,
            point_b,
        } => format!(
            "separated by {}\n  closest on A {}\n  closest on B {}",
            six(distance),
            fmt_v(point_a),
            fmt_v(point_b)
        ),
        Outcome::Disjoint => "not intersecting (no distance computed)".to_string(),
        Outcome::Undecided => "undecided".to_string(),
    };
    // Only a proven answer gets the success colour; anything else says what is known.
    let (text, color) = if certificate.certified {
        (format!("Outcome: {verdict}"), palette::CLOSEST)
    } else if let Some(limit) = certificate.limit {
        (
            format!(
                "PROVEN TO {} PRECISION (apart; the tolerance asks for {}, finer than a support \
                 point's rounding of {} here)\n  distance in [{}, {}]\n  the run arrived at: {verdict}",
                limit.precision.name().to_uppercase(),
                fmt_num(limit.asked),
                fmt_num(limit.rounding),
                six(lower),
                six(upper)
            ),
            palette::WITHIN_ROUNDING,
        )
    } else {
        let claim = match certificate.intersecting {
            Some(true) if finish.penetration.is_some_and(|p| !p.certified) => {
                "overlap proven; depth not to tolerance"
            }
            Some(true) => "touching, proven",
            Some(false) => "apart, proven; distance not to tolerance",
            None => "neither overlap nor separation proven",
        };
        (
            format!(
                "NOT CERTIFIED ({claim})\n  distance in [{}, {}]\n  the run arrived at: {verdict}",
                six(lower),
                six(upper)
            ),
            palette::UNCERTIFIED,
        )
    };
    ui.label(RichText::new(text).strong().color(palette::egui(color)));
    if let Some(r) = finish.radii {
        ui.label(r.describe());
    }
    // A closed form or two boxes' axes answer with no GJK iteration to stop.
    let who = if finish.termination.answered_at_once() {
        "Answered by"
    } else {
        "GJK stopped by"
    };
    ui.label(format!("{who}: {}", finish.termination.name()));
    decided_ui(ui, &finish.termination, boolean);
    if let Some(p) = finish.penetration {
        // The depth gets the success colour only when its bounds are as tight as EPA's
        // tolerance; otherwise it says so, with the bounds.
        let proven = match p.depth_bounds {
            Some([lower, upper]) if finish.depth_proven() => {
                format!("\n  proven in [{}, {}]", six(lower), six(upper))
            }
            Some([lower, upper]) if p.certified => format!(
                "\n  OVERLAP NOT PROVEN: the depth is bounded by [{}, {}], but the shapes \
                 may not touch",
                six(lower),
                six(upper)
            ),
            Some([lower, upper]) => format!(
                "\n  DEPTH NOT CERTIFIED: proven only in [{}, {}], wider than \
                 EPA's tolerance",
                six(lower),
                six(upper)
            ),
            None => "\n  DEPTH NOT CERTIFIED: no bounds proven".to_string(),
        };
        ui.label(
            RichText::new(format!(
                "Penetration depth {} along {}{proven}\n  deepest point of A {}\n  deepest point of B {}",
                six(p.depth),
                fmt_v(p.normal),
                fmt_v(p.point_a),
                fmt_v(p.point_b)
            ))
            .strong()
            .color(certified_color(finish.depth_proven())),
        );
        match (finish.epa_termination, finish.termination) {
            (Some(t), _) => {
                ui.label(format!("EPA stopped by: {}", t.name()));
                decided_ui(ui, &t.into(), boolean);
            }
            // Touching, and proven so by one support plane of GJK's.
            (
                None,
                Termination::Gjk(
                    GjkStop::DistanceBelowTolerance { .. } | GjkStop::IntersectionFound { .. },
                ),
            ) => {
                ui.label("No EPA: GJK's last support plane proves the contact");
            }
            _ => {}
        }
    }
}

/// A number to six places, or to seven significant digits when it is small or large: a
/// distance of 3.6e-6 reads as such, not as 0.000004, and a depth of 1e40 in one short line,
/// not forty digits that push the panel off the screen.
fn six(x: f64) -> String {
    if x != 0.0 && !(1e-3..1e6).contains(&x.abs()) {
        format!("{x:.6e}")
    } else {
        format!("{x:.6}")
    }
}

/// What decided a stop, under its name.
fn decided_ui(ui: &mut egui::Ui, termination: &gjk::Termination, boolean: bool) {
    ui.label(RichText::new(format!("  decided by {}", termination.decided_by(boolean))).weak());
}
