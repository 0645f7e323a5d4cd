//! One composite case as a fuzzer writes it — a mesh's vertices and triangles, a convex body, a
//! prediction distance, and a velocity to cast the body with — read, built and answered, and
//! checked against every piece queried (and cast) alone: what the `composite_bodies` fuzz
//! target feeds, and what its corpus, replayed in the tests, checks.
//!
//! ```text
//! {"vertices": [[0, 0, 0], …], "triangles": [[0, 1, 2], …],
//!  "body": {"shape": {"type": "sphere", "radius": 0.5}, "position": [0, 0.4, 0]},
//!  "prediction": 0.1, "velocity": [1, -1, 0]}
//! ```

use crate::cast::{CastSpec, CastStatus, cast};
use crate::composite::seam::Verdict;
use crate::composite::{Composite, FirstContact, Judged, TriMesh, cast_composite, query_composite};
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
    #[serde(default)]
    velocity: Option<DVec3>,
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
    if let Some(velocity) = case.velocity {
        problems.extend(check_cast(a, &floor, velocity, &config));
    }
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
            problems.extend(check_judged(run.piece, &c.judged));
        }
    }
    problems
}

/// The seam test's verdict must be its angle's, its normal unit.
fn check_judged(piece: u32, judged: &Judged) -> Vec<String> {
    let mut problems = Vec::new();
    if let Judged::Mesh(seam) = judged {
        let inside = seam.off_by <= thresholds::seam_angle();
        let consistent = match seam.verdict {
            Verdict::Real => inside,
            Verdict::Ghost => !inside,
            Verdict::Border => true,
        };
        if seam.off_by.is_nan() || seam.off_by < 0.0 || !consistent {
            problems.push(format!(
                "piece {piece}: a seam {:?} off by {}",
                seam.verdict, seam.off_by
            ));
        }
        if (seam.normal.length() - 1.0).abs() > thresholds::feature_rounding(1.0) {
            problems.push(format!(
                "piece {piece}: a seam's normal {} is not unit",
                seam.normal
            ));
        }
    }
    problems
}

/// The cast over the pieces against every piece cast alone: its first contact must be the
/// earliest of theirs (none left out that is hit sooner, none touched at the start missed, a
/// miss only where no piece alone is hit or touched), and each hit's seam sound.
fn check_cast(
    a: Placed<'_>,
    floor: &Composite,
    velocity: DVec3,
    config: &SolverConfig,
) -> Vec<String> {
    let spec = CastSpec {
        velocity_a: velocity,
        ..CastSpec::default()
    };
    if spec.validate(config.precision).is_err() {
        return Vec::new();
    }
    let mut problems = Vec::new();
    let pair = match cast_composite(a, floor, &spec, config) {
        Ok(pair) => pair,
        Err(e) => return vec![format!("a valid cast refused: {e}")],
    };
    // The earliest each way over the pieces alone: touched at the start, hit, unfinished.
    let (mut start, mut hit, mut unfinished) = (false, f64::INFINITY, f64::INFINITY);
    for i in 0..floor.len() as u32 {
        let alone = floor.with_piece(i, |piece| cast(a, piece, &spec, config, &mut NoTrace));
        match alone.status {
            CastStatus::OverlappingAtStart { .. } => start = true,
            CastStatus::Hit { time, .. } => hit = hit.min(time),
            CastStatus::MaxIterations { time, .. } => unfinished = unfinished.min(time),
            CastStatus::Failed { time, .. } => unfinished = unfinished.min(time.unwrap_or(0.0)),
            CastStatus::Miss { .. } => {}
        }
    }
    match pair.first {
        FirstContact::OverlappingAtStart { .. } if !start => {
            problems.push("the pair touches at the start, no piece alone does".into())
        }
        FirstContact::Hit { time, .. } if start || hit < time => problems.push(format!(
            "the pair's first hit at {time}, a piece alone touched sooner ({hit}, at start {start})"
        )),
        // A piece whose lone cast stopped unfinished may still be proven out of reach by the
        // boxes or its plane, which the pair reads first.
        FirstContact::Miss if start || hit.is_finite() => problems.push(format!(
            "the pair misses; a piece alone is hit at {hit} (at start {start})"
        )),
        FirstContact::Unfinished { time, .. } if unfinished > time => problems.push(format!(
            "the pair stopped unfinished at {time}; no piece alone did that soon"
        )),
        _ => {}
    }
    for run in &pair.runs {
        if let Some(judged) = &run.judged {
            problems.extend(check_judged(run.piece, judged));
        }
    }
    problems
}
