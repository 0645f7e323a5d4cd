//! The seam test in words: a judged contact (or any normal put to the test, an engine's) as
//! the line `gjk-lab query` writes and the panel shows, its verdict, where on its piece it
//! lies, how far off the normals the surface has there, each engine's fix, and a sentence.

use crate::composite::chain::{Box2dFix, ChainSeam, OnSegment};
use crate::composite::seam::{Bend, OnTriangle, Verdict};
use crate::composite::{Composite, Judged, Pieces};
use crate::trace::explain::{fmt_vec, fmt_vec_in};
use glam::DVec3;
use serde::Serialize;

/// The seam test on a normal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeamLine {
    /// `real`, `ghost` or `border`.
    pub verdict: &'static str,
    /// On a mesh: `face`, `edge k` or `corner k` of its triangle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// On a mesh: how far outside the normals the surface has there, in degrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub off_by_degrees: Option<f64>,
    /// On a mesh: the normal parry's internal-edge fix gives (`null`: it drops the contact).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parry: Option<Option<DVec3>>,
    /// On a mesh: the normal Jolt's active edges give.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jolt: Option<DVec3>,
    /// On a compound: the piece the normal points into, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covered_by: Option<u32>,
    /// The test in words.
    pub says: String,
}

/// The seam test as a line, with its sentence.
pub fn seam_line(composite: &Composite, piece: u32, judged: &Judged) -> SeamLine {
    match judged {
        Judged::Mesh(seam) => {
            let neighbour = |k: usize| match composite.pieces() {
                Pieces::Mesh(mesh) => mesh.neighbour(piece, k),
                _ => None,
            };
            let (on, edge) = match seam.on {
                OnTriangle::Face => ("face".to_string(), None),
                OnTriangle::Edge(k) => (format!("edge {k}"), Some(usize::from(k))),
                OnTriangle::Vertex(k) => (format!("corner {k}"), None),
            };
            let place = match (edge, seam.bends.first()) {
                (Some(k), Some(bend)) => match neighbour(k) {
                    Some(n) => format!(
                        "on triangle {piece}'s edge {k}, {} with triangle {n}",
                        bend_word(*bend)
                    ),
                    None => format!("on triangle {piece}'s edge {k}, on the mesh's border"),
                },
                _ => format!("on triangle {piece}'s {on}"),
            };
            let degrees = seam.off_by.to_degrees();
            let verdict = match seam.verdict {
                // Within the seam angle of the cone: how far, where it shows at all.
                Verdict::Real if degrees < 0.005 => {
                    "the normal is one the surface has there: real".to_string()
                }
                Verdict::Real => format!(
                    "the normal is within {degrees:.2}° of those the surface has there: real"
                ),
                Verdict::Border => {
                    "no neighbour to judge by on the border: the normal is real".to_string()
                }
                Verdict::Ghost => {
                    let parry = seam.fixes.parry.map_or("drop the contact".into(), |n| {
                        format!("give {}", fmt_vec(n))
                    });
                    format!(
                        "the normal is {degrees:.1}° off every normal the surface has there: a \
                         ghost, that a body sliding here catches on (parry's pseudo-normals \
                         {parry}; Jolt's active edges give {})",
                        fmt_vec(seam.fixes.jolt)
                    )
                }
            };
            SeamLine {
                verdict: verdict_name(seam.verdict),
                on: Some(on),
                off_by_degrees: Some(degrees),
                parry: Some(seam.fixes.parry),
                jolt: Some(seam.fixes.jolt),
                covered_by: None,
                says: format!("{place}: {verdict}"),
            }
        }
        Judged::Compound { covered_by } => SeamLine {
            verdict: if covered_by.is_some() {
                "ghost"
            } else {
                "real"
            },
            on: None,
            off_by_degrees: None,
            parry: None,
            jolt: None,
            covered_by: *covered_by,
            says: match covered_by {
                Some(j) => format!(
                    "the normal pushes out of a face of piece {piece} that lies against piece \
                     {j}, inside the body: a ghost"
                ),
                None => format!(
                    "the normal points out of a face of piece {piece} that no other piece \
                     covers: real"
                ),
            },
        },
        Judged::Chain(seam) => chain_line(piece, seam),
    }
}

/// The seam test on a chain's segment, with Box2D's fix in words.
fn chain_line(piece: u32, seam: &ChainSeam) -> SeamLine {
    let (on, place) = match (seam.on, seam.bend) {
        (OnSegment::Inside, _) => ("inside", format!("inside segment {piece}")),
        (OnSegment::Start, Some(Bend::Border)) => (
            "start",
            format!("at segment {piece}'s start, the chain's border"),
        ),
        (OnSegment::End, Some(Bend::Border)) => (
            "end",
            format!("at segment {piece}'s end, the chain's border"),
        ),
        (OnSegment::Start, bend) => (
            "start",
            format!("at segment {piece}'s start, {}", bend.map_or("", bend_word)),
        ),
        (OnSegment::End, bend) => (
            "end",
            format!("at segment {piece}'s end, {}", bend.map_or("", bend_word)),
        ),
    };
    let degrees = seam.off_by.to_degrees();
    let verdict = match seam.verdict {
        Verdict::Real => "the normal is one the chain has there: real".to_string(),
        Verdict::Border => "no neighbour to judge by at the end: real".to_string(),
        Verdict::Ghost => {
            format!("the normal is {degrees:.1}° off every normal the chain has there: a ghost")
        }
    };
    let box2d = match seam.box2d {
        Box2dFix::Admit => "Box2D's ghost vertices keep it".to_string(),
        Box2dFix::Snap(n) => format!("Box2D's ghost vertices snap it to {}", fmt_vec_in(n, true)),
        Box2dFix::Skip => "Box2D's ghost vertices skip the contact".to_string(),
    };
    SeamLine {
        verdict: verdict_name(seam.verdict),
        on: Some(on.to_string()),
        off_by_degrees: Some(degrees),
        parry: None,
        jolt: None,
        covered_by: None,
        says: format!("{place}: {verdict} ({box2d})"),
    }
}

fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Real => "real",
        Verdict::Ghost => "ghost",
        Verdict::Border => "border",
    }
}

fn bend_word(bend: Bend) -> &'static str {
    match bend {
        Bend::Convex => "a ridge",
        Bend::Flat => "flat",
        Bend::Concave => "a valley",
        Bend::Border => "the border",
    }
}
