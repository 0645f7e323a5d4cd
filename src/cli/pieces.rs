//! `query`, `trace` and `check` on a case of many pieces (`gjk::scenario::pieces`): a convex
//! body against a mesh, a height field or a compound. The file is told from a convex pair's by
//! its `b`, which names its pieces.

use gjk::composite::Composite;
use gjk::scenario::pieces::PiecesCase;
use gjk::scenario::pieces::report::trace;
use gjk::trace::explain::{fmt_apart, fmt_num};

/// `trace`'s document: the case as read, the report, and every piece's steps; or with
/// `lines`, the report in words, a line per piece and contact.
pub(crate) fn trace_text(case: &PiecesCase, composite: &Composite, lines: bool) -> String {
    let traced = trace(case, composite);
    if !lines {
        #[derive(serde::Serialize)]
        struct Document<'c> {
            case: &'c PiecesCase,
            #[serde(flatten)]
            traced: gjk::scenario::pieces::report::PiecesTrace,
        }
        return serde_json::to_string_pretty(&Document { case, traced })
            .expect("plain numbers and strings serialise");
    }
    let report = &traced.report;
    let proven = |p: Option<bool>| match p {
        Some(true) => "proven to overlap",
        Some(false) => "proven apart",
        None => "not proven",
    };
    // Bounds written with the digits that tell them apart.
    let bounds = |[lo, hi]: [f64; 2]| {
        let [lo, hi] = fmt_apart(lo, hi);
        format!("[{lo}, {hi}]")
    };
    let mut out = vec![format!(
        "{} of {} pieces queried; the pair is {}, its distance in {}",
        report.pieces.len(),
        composite.len(),
        proven(report.intersecting),
        bounds(report.distance_bounds)
    )];
    for piece in &report.pieces {
        out.push(format!(
            "piece {}: {} ({}), distance in {}",
            piece.piece,
            proven(piece.intersecting),
            piece.termination,
            bounds(piece.distance_bounds)
        ));
        for contact in &piece.contacts {
            out.push(format!(
                "  contact {} deep: {}",
                fmt_num(contact.depth),
                contact.seam.says
            ));
        }
    }
    if let Some(cast) = &report.cast {
        let at = |t: &gjk::scenario::pieces::report::ContactTime| match (t.piece, t.time) {
            (Some(p), Some(time)) => format!("{} on piece {p} at t = {}", t.status, fmt_num(time)),
            _ => t.status.to_string(),
        };
        out.push(format!(
            "cast: first {}; next {}",
            at(&cast.first),
            at(&cast.next)
        ));
        for hit in &cast.hits {
            out.push(format!(
                "  hit piece {} at t = {}: {}",
                hit.piece,
                fmt_num(hit.time),
                hit.seam.says
            ));
        }
    }
    if let Some(engine) = &report.engine {
        let fix = if engine.internal_edges { "on" } else { "off" };
        out.push(format!("{}, its internal-edge fix {fix}:", engine.engine));
        let cast = engine.cast.iter().map(|n| ("cast hit", n));
        for (what, normal) in engine.contacts.iter().map(|n| ("contact", n)).chain(cast) {
            out.push(format!(
                "  its {what} on piece {}, normal {}: {}",
                normal.piece,
                gjk::trace::explain::fmt_vec(normal.normal),
                normal.seam.says
            ));
        }
    }
    out.join("\n")
}
