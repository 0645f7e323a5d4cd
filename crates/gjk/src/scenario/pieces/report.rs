//! What a case of many pieces answers, as the command line writes it, and its promises.
//!
//! One report per case: the pair's answer and certificate; each piece queried, with its
//! contacts and the seam test on each (the verdict, where on its triangle, how far off the
//! surface's normals, what parry's and Jolt's fixes would give, and a sentence); the pieces
//! whose contacts are ghosts; and, with a `cast` section, the first contact, the next hit past
//! the pieces touched at the start, and each hit's seam test; for a captured case, the
//! engine's normals put to the same test ([`super::engine`]). The test's words are
//! [`super::seams`]'; a case's promises about the report are in [`super::promise`].

use super::PiecesCase;
use super::engine::EngineLines;
use super::seams::{SeamLine, seam_line};
use crate::cast::{CastStatus, CastTrace};
use crate::composite::{
    Composite, CompositeAnswer, CompositeCast, FirstContact, cast_composite, query_composite,
    trace_cast_composite, trace_composite,
};
use crate::query::Placed;
use crate::shape::prepared::PreparedShape;
use crate::trace::{Outcome, Trace};
use glam::DVec3;
use serde::Serialize;

/// A case's answer, as `gjk-lab query` writes it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PiecesReport {
    /// The case's name.
    pub name: String,
    /// `mesh`, `height_field` or `compound`.
    pub kind: &'static str,
    /// `true` or `false` only when proven over the pieces.
    pub intersecting: Option<bool>,
    /// Whether the pair's answer is proven.
    pub certified: bool,
    /// The pair's distance lies within these.
    pub distance_bounds: [f64; 2],
    /// Every piece whose box lies within this of the body's was queried.
    pub searched: f64,
    /// The pieces queried, in increasing order.
    pub pieces: Vec<PieceLine>,
    /// The pieces with a ghost contact.
    pub ghosts: Vec<u32>,
    /// The cast, for a case with a `cast` section.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cast: Option<CastLine>,
    /// A captured case's engine answer, its normals judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineLines>,
}

/// One piece's query.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PieceLine {
    /// The piece.
    pub piece: u32,
    /// Proven overlap or separation of the body and this piece alone.
    pub intersecting: Option<bool>,
    /// Its distance bounds.
    pub distance_bounds: [f64; 2],
    /// EPA's depth, where it overlaps.
    pub depth: Option<f64>,
    /// How GJK stopped on it.
    pub termination: &'static str,
    /// Its contacts, judged.
    pub contacts: Vec<ContactLine>,
}

/// A contact on a piece.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContactLine {
    /// On the convex body.
    pub point_a: DVec3,
    /// On the piece.
    pub point_b: DVec3,
    /// How deep (negative: a gap within the prediction).
    pub depth: f64,
    /// Out of the piece, towards the body.
    pub normal: DVec3,
    /// The seam test.
    pub seam: SeamLine,
}

/// A cast against the pieces.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CastLine {
    /// The pair's first contact.
    pub first: ContactTime,
    /// The next hit past the pieces touched at the start.
    pub next: ContactTime,
    /// Each piece hit (or touched at the start), with the seam test on its normal.
    pub hits: Vec<HitLine>,
}

/// A first contact over the pieces.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ContactTime {
    /// `hit`, `overlapping_at_start`, `miss` or `unfinished`.
    pub status: &'static str,
    /// The piece, but for a miss.
    pub piece: Option<u32>,
    /// The time (a hit's, or how far an unfinished cast proved nothing touched).
    pub time: Option<f64>,
}

impl ContactTime {
    /// Every status's name.
    pub const NAMES: [&'static str; 4] = ["hit", "overlapping_at_start", "miss", "unfinished"];

    fn of(first: FirstContact) -> Self {
        let (status, piece, time) = match first {
            FirstContact::Hit { piece, time } => (0, Some(piece), Some(time)),
            FirstContact::OverlappingAtStart { piece } => (1, Some(piece), Some(0.0)),
            FirstContact::Miss => (2, None, None),
            FirstContact::Unfinished { piece, time } => (3, Some(piece), Some(time)),
        };
        ContactTime {
            status: Self::NAMES[status],
            piece,
            time,
        }
    }
}

/// A piece hit by the cast.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HitLine {
    /// The piece.
    pub piece: u32,
    /// When (0: touched at the start).
    pub time: f64,
    /// The hit normal, out of the piece.
    pub normal: DVec3,
    /// The seam test on it.
    pub seam: SeamLine,
}

/// Every piece's steps, as `gjk-lab trace` writes them beside the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PiecesTrace {
    /// The report.
    pub report: PiecesReport,
    /// Each piece's query, traced.
    pub queries: Vec<PieceTrace<Trace>>,
    /// Each piece's cast, traced.
    pub casts: Vec<PieceTrace<CastTrace>>,
}

/// One piece's run, traced.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PieceTrace<T> {
    /// The piece.
    pub piece: u32,
    /// Its steps and answer.
    pub trace: T,
}

/// The case answered: the static query and, with a `cast` section, the cast.
pub fn answer(case: &PiecesCase, composite: &Composite) -> PiecesReport {
    let (query, cast) = run(case, composite, false);
    report(case, composite, &query, cast.as_ref())
}

/// The case answered with every piece's steps.
pub fn trace(case: &PiecesCase, composite: &Composite) -> PiecesTrace {
    let (query, cast) = run(case, composite, true);
    PiecesTrace {
        report: report(case, composite, &query, cast.as_ref()),
        queries: query
            .runs
            .iter()
            .map(|r| PieceTrace {
                piece: r.piece,
                trace: r.trace(),
            })
            .collect(),
        casts: cast
            .iter()
            .flat_map(|c| c.runs.iter())
            .map(|r| PieceTrace {
                piece: r.piece,
                trace: r.trace(),
            })
            .collect(),
    }
}

/// The case answered without steps: the static query, each piece with its contacts (the app
/// lists the pieces from it, and steps the one chosen as a convex pair), and with a `cast`
/// section the cast's line (its first contact, the next hit, each hit's seam).
pub fn pieces_answer(
    case: &PiecesCase,
    composite: &Composite,
) -> (CompositeAnswer, Option<CastLine>) {
    let (query, cast) = run(case, composite, false);
    let line = cast.map(|c| cast_line(composite, &c));
    (query, line)
}

/// The piece a case of many pieces is stepped at: `asked`, where the body has it; else the
/// piece that answers the pair (the deepest overlap, else the nearest), or piece 0 where none
/// was queried.
pub fn stepped_piece(composite: &Composite, answer: &CompositeAnswer, asked: Option<u32>) -> u32 {
    asked
        .filter(|&i| (i as usize) < composite.len())
        .or_else(|| answer.answering().map(|r| r.piece))
        .unwrap_or(0)
}

fn run(
    case: &PiecesCase,
    composite: &Composite,
    traced: bool,
) -> (CompositeAnswer, Option<CompositeCast>) {
    let shape = PreparedShape::new(case.a.shape.clone());
    let body = Placed::new(&shape, &case.a);
    let config = case.config();
    let prediction = case.prediction.unwrap_or(0.0);
    let query = if traced {
        trace_composite(body, composite, &config, prediction)
    } else {
        query_composite(body, composite, &config, prediction)
    };
    // The case was read with its cast checked, the one thing the cast refuses.
    let cast = case.cast.as_ref().and_then(|spec| {
        if traced {
            trace_cast_composite(body, composite, spec, &config).ok()
        } else {
            cast_composite(body, composite, spec, &config).ok()
        }
    });
    (query, cast)
}

fn report(
    case: &PiecesCase,
    composite: &Composite,
    query: &CompositeAnswer,
    cast: Option<&CompositeCast>,
) -> PiecesReport {
    let pieces = query
        .runs
        .iter()
        .map(|r| PieceLine {
            piece: r.piece,
            intersecting: r.finish.intersecting(),
            distance_bounds: r.finish.certificate.distance_bounds,
            depth: match r.finish.outcome {
                Outcome::Intersecting => r.finish.penetration.map(|p| p.depth),
                _ => None,
            },
            termination: r.finish.termination.name(),
            contacts: r
                .contacts
                .iter()
                .map(|c| ContactLine {
                    point_a: c.point.point_a,
                    point_b: c.point.point_b,
                    depth: c.point.depth,
                    normal: c.normal,
                    seam: seam_line(composite, r.piece, &c.judged),
                })
                .collect(),
        })
        .collect();
    let mut ghosts: Vec<u32> = query.ghosts().map(|(piece, _)| piece).collect();
    ghosts.dedup();
    PiecesReport {
        name: case.name.clone(),
        kind: case.b.kind(),
        intersecting: query.intersecting,
        certified: query.intersecting.is_some(),
        distance_bounds: query.distance_bounds,
        searched: query.searched,
        pieces,
        ghosts,
        cast: cast.map(|c| cast_line(composite, c)),
        engine: case.engine.as_ref().map(|e| EngineLines::of(e, composite)),
    }
}

fn cast_line(composite: &Composite, cast: &CompositeCast) -> CastLine {
    let hits = cast
        .runs
        .iter()
        .filter_map(|r| {
            let time = match r.answer.status {
                CastStatus::Hit { time, .. } => time,
                CastStatus::OverlappingAtStart { .. } => 0.0,
                _ => return None,
            };
            let judged = r.judged.as_ref()?;
            Some(HitLine {
                piece: r.piece,
                time,
                normal: -r.answer.normal?,
                seam: seam_line(composite, r.piece, judged),
            })
        })
        .collect();
    CastLine {
        first: ContactTime::of(cast.first),
        next: ContactTime::of(cast.next),
        hits,
    }
}
