//! One composite case as a fuzzer writes it — a mesh's vertices and triangles, a convex body, a
//! prediction distance — read, built and answered, and checked against every piece queried
//! alone: what the `composite_bodies` fuzz target feeds, and what its corpus, replayed in the
//! tests, checks.
//!
//! ```text
//! {"vertices": [[0, 0, 0], …], "triangles": [[0, 1, 2], …],
//!  "body": {"shape": {"type": "sphere", "radius": 0.5}, "position": [0, 0.4, 0]},
//!  "prediction": 0.1}
//! ```

use crate::composite::seam::Verdict;
use crate::composite::{Composite, Judged, TriMesh, query_composite};
use crate::config::{Precision, SolverConfig, thresholds};
use crate::query::{Placed, query};
use crate::scenario::validate;
use crate::shape::BodySpec;
use crate::shape::prepared::PreparedShape;
use crate::trace::NoTrace;
use glam::DVec3;
use serde::Deserialize;

/// The case a text holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    vertices: Vec<DVec3>,
    triangles: Vec<[u32; 3]>,
    body: BodySpec,
    #[serde(default)]
    prediction: f64,
}

/// The problems found in the case `text` holds (none: sound). A text that does not read is no
/// problem; a mesh or body refused must name its field.
pub fn check_composite_text(text: &str) -> Vec<String> {
    let Ok(case) = serde_json::from_str::<Case>(text) else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    let precision = Precision::F64;
    let body = match validate::body(case.body, "body", precision) {
        Ok(body) => body,
        Err(e) => {
            if !e.to_string().contains("body.") {
                problems.push(format!("the body's refusal names no field: {e}"));
            }
            return problems;
        }
    };
    if !(case.prediction.is_finite() && (0.0..=precision.max_length()).contains(&case.prediction)) {
        return problems;
    }
    let mesh = match TriMesh::new(case.vertices, case.triangles, precision) {
        Ok(mesh) => mesh,
        Err(e) => {
            if !(e.field.starts_with("vertices") || e.field.starts_with("triangles")) {
                problems.push(format!("the mesh's refusal names no field: {e}"));
            }
            return problems;
        }
    };
    let shape = PreparedShape::new(body.shape.clone());
    let a = Placed::new(&shape, &body);
    let config = SolverConfig::default();
    let floor = Composite::mesh(mesh);
    let answer = query_composite(a, &floor, &config, case.prediction);
    let [lower, upper] = answer.distance_bounds;
    if !(0.0 <= lower && lower <= upper) {
        problems.push(format!(
            "the pair's bounds [{lower}, {upper}] are not in order"
        ));
    }
    // Every piece alone: the pair's claims must hold of them all, queried or not.
    let mut nearest = f64::INFINITY;
    let mut any_overlap = false;
    for i in 0..floor.len() as u32 {
        let alone = floor.with_piece(i, |piece| query(a, piece, &config, None, &mut NoTrace));
        let [_, piece_upper] = alone.certificate.distance_bounds;
        nearest = nearest.min(piece_upper);
        any_overlap |= alone.intersecting() == Some(true);
        if answer.intersecting == Some(false) && alone.intersecting() == Some(true) {
            problems.push(format!(
                "piece {i} is proven to overlap; the pair, proven apart"
            ));
        }
    }
    if lower > nearest {
        problems.push(format!(
            "the pair's lower bound {lower} is above a piece's upper bound {nearest}"
        ));
    }
    if any_overlap && answer.intersecting != Some(true) {
        problems.push("a piece is proven to overlap, the pair is not".to_string());
    }
    for run in &answer.runs {
        for c in &run.contacts {
            let finite = c.point.point_a.is_finite() && c.point.point_b.is_finite();
            if !finite || !c.point.depth.is_finite() || !c.normal.is_finite() {
                problems.push(format!(
                    "piece {}: a contact with a non-finite number",
                    run.piece
                ));
            }
            if let Judged::Mesh(seam) = &c.judged {
                let inside = seam.off_by <= thresholds::seam_angle();
                let consistent = match seam.verdict {
                    Verdict::Real => inside,
                    Verdict::Ghost => !inside,
                    Verdict::Border => true,
                };
                if seam.off_by.is_nan() || seam.off_by < 0.0 || !consistent {
                    problems.push(format!(
                        "piece {}: a seam {:?} off by {}",
                        run.piece, seam.verdict, seam.off_by
                    ));
                }
                if (seam.normal.length() - 1.0).abs() > thresholds::feature_rounding(1.0) {
                    problems.push(format!(
                        "piece {}: a seam's normal {} is not unit",
                        run.piece, seam.normal
                    ));
                }
            }
        }
    }
    problems
}
