//! A captured case's engine answer beside ours: what the game's engine said, what the lab
//! proves, and which lies where, in the success colour only when the engine's number is inside
//! the proven bounds.

use crate::views::palette;
use bevy_egui::egui::{self, Color32, RichText};
use gjk::scenario::engine::{Agreement, EngineAnswer, EngineCheck, PointCheck};

/// The check's sentence, coloured by how the engine's number reads, and where the case's
/// poses and the engine's routine came from.
pub fn engine_ui(ui: &mut egui::Ui, check: &EngineCheck, answer: Option<&EngineAnswer>) {
    ui.label(
        RichText::new(&check.sentence)
            .strong()
            .color(colour(check.agreement)),
    );
    points_ui(ui, check);
    if let Some(answer) = answer {
        let mut where_from = answer.poses.describe().to_string();
        if let Some(routine) = &answer.routine {
            where_from.push_str(&format!("; parry's routine: {routine}"));
        }
        ui.label(RichText::new(where_from).small());
    }
}

/// The colour of a reading: the success colour inside, amber within rounding, the uncertified
/// colour outside, grey undecided.
fn colour(agreement: Agreement) -> Color32 {
    match agreement {
        Agreement::Inside => palette::egui(palette::CLOSEST),
        Agreement::WithinRounding { .. } => palette::egui(palette::WITHIN_ROUNDING),
        Agreement::Outside { .. } => palette::egui(palette::UNCERTIFIED),
        Agreement::Undecided => Color32::GRAY,
    }
}

/// The engine's manifold point by point, beside the size of ours.
fn points_ui(ui: &mut egui::Ui, check: &EngineCheck) {
    if check.points.is_empty() {
        return;
    }
    let ours = match check.our_points {
        Some(n) => format!("GJK Lab's has {n}"),
        None => "GJK Lab builds none: no depth proven".to_string(),
    };
    ui.label(format!(
        "The engine's manifold: {} points ({ours}). Each point read against the proof:",
        check.points.len()
    ));
    for (i, point) in check.points.iter().enumerate() {
        ui.label(
            RichText::new(format!("{}. {}", i + 1, point_words(point)))
                .small()
                .color(colour(point.agreement)),
        );
    }
}

/// One point's reading in words: its separation, then what is wrong with it, if anything.
fn point_words(point: &PointCheck) -> String {
    let mut off = Vec::new();
    for (name, by) in [("A", point.outside_a), ("B", point.outside_b)] {
        if by > 0.0 {
            off.push(format!("its point is {by:.2e} off {name}"));
        }
    }
    if point.beyond > 0.0 {
        off.push(format!("{:.2e} deeper than proven", point.beyond));
    }
    let mismatch = (point.measured - point.separation).abs();
    if let Agreement::Outside { rounding, .. } = point.agreement
        && mismatch > rounding
    {
        off.push(format!("its points are {:.6e} apart", point.measured));
    }
    let verdict = match point.agreement {
        Agreement::Inside => "on both shapes, within the proven bounds".to_string(),
        Agreement::WithinRounding { by, .. } => {
            format!("misses by {by:.2e}, within the engine's f32 rounding")
        }
        Agreement::Outside { by, .. } => format!("misses by {by:.2e}: wrong"),
        Agreement::Undecided => "not decided".to_string(),
    };
    let mut words = format!("separation {:.6e}: {verdict}", point.separation);
    if !off.is_empty() && !matches!(point.agreement, Agreement::Inside) {
        words.push_str(&format!(" ({})", off.join(", ")));
    }
    words
}
