//! The account of two boxes' separating-axis test (see [`crate::gjk::boxes`]): its one step,
//! and why it stopped.

use super::{fmt_num, fmt_vec_in};
use crate::trace::{Shortcut, Step, Termination};

/// The one step of the test: the axis it looked along and the point it proved with.
pub(super) fn step_sentence(step: &Step, plane: bool) -> String {
    let fmt = |v| fmt_vec_in(v, plane);
    let axes = if plane {
        "the two edge normals of each"
    } else {
        "the three face normals of each and the nine cross products of an edge of each"
    };
    let head = format!(
        "Two boxes asked only whether they overlap need no GJK iteration: the separating-axis test looks along every axis that can part them ({axes}) and compares their shadows."
    );
    let w = &step.support;
    let stop = step
        .termination
        .and_then(|t| termination_sentence(&t, "the shapes"))
        .unwrap_or_default();
    let found = match step.termination {
        Some(Termination::Shortcut(Shortcut::SeparatingAxis { .. })) => format!(
            "{head} Along d = {} their shadows do not meet; w = {} is the support point of A − B along it, and w·d = {} < 0 puts the whole difference behind the plane through w.",
            fmt(step.direction),
            fmt(w.point),
            fmt_num(w.point.dot(step.direction)),
        ),
        Some(Termination::Shortcut(Shortcut::SharedPoint { apart: 0.0 })) => format!(
            "{head} They overlap along every one (least along d = {}), so a point inside both is looked for by projecting back and forth between them: p = {}, checked inside each box, makes p − p = 0 a point of A − B.",
            fmt(step.direction),
            fmt(w.a),
        ),
        _ if w.a == w.b => format!(
            "{head} Along d = {} their shadows just meet (to rounding): the corners or edges that meet along it give p = {} on both boxes, to rounding.",
            fmt(step.direction),
            fmt(w.a),
        ),
        _ => format!(
            "{head} Along d = {} their shadows just meet (to rounding): the corners or edges that meet along it give a = {} on A and b = {} on B, and a − b = {} bounds the distance (with how far each point is from its box).",
            fmt(step.direction),
            fmt(w.a),
            fmt(w.b),
            fmt(w.point),
        ),
    };
    format!("{found} {stop}")
}

/// Why the test stopped: [`Termination::SeparatingAxis`] or [`Termination::SharedPoint`]
/// (`None` for any other termination).
pub(super) fn termination_sentence(t: &Termination, shapes: &str) -> Option<String> {
    Some(match *t {
        Termination::Shortcut(Shortcut::SeparatingAxis { gap }) => format!(
            "Their shadows on the axis are {} apart (Gottschalk, Lin & Manocha's test for oriented boxes): {shapes} do not intersect.",
            fmt_num(gap)
        ),
        Termination::Shortcut(Shortcut::SharedPoint { apart: 0.0 }) => {
            format!("The point is inside both boxes: {shapes} intersect.")
        }
        Termination::Shortcut(Shortcut::SharedPoint { apart }) => format!(
            "The boxes are at most {} apart (the points' distance, with the rounding of the checks), within the tolerance: {shapes} touch.",
            fmt_num(apart)
        ),
        _ => return None,
    })
}
