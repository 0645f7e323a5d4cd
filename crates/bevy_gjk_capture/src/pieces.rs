//! A convex collider against one of many pieces (a triangle mesh, a height field, a compound
//! of tiles, or in the plane a polyline): the case of many pieces the lab answers, holding the
//! pieces near the pair and their neighbours, never the whole level.
//!
//! The seam test needs each near piece's neighbours: a contact on the edge between two
//! triangles is judged by both triangles' normals, so a triangle the body does not reach is
//! still written where it shares a vertex with one it does. The engine's answer goes with the
//! pieces: its manifold on each piece (recomputed at the capture's poses by the engine's own
//! parry, internal-edge fix and all) or its cast's hit, each piece renamed by its place in the
//! file, and its internal-edge setting, so that the lab judges the engine's normals beside its
//! own.

use crate::case::{CaptureSettings, Saved, file_in, link};
use gjk::composite::Composite;
use gjk::glam::DVec3;
use gjk::scenario::pieces::engine::{PieceHit, PieceManifold, PiecesEngine};
use gjk::scenario::pieces::report::{pieces_answer, stepped_piece};
use gjk::scenario::pieces::{MeshSpec, PiecesCase, PiecesSpec};
use std::collections::HashMap;

/// The most pieces a capture writes: past this the region near the pair is most of a level,
/// and the capture is refused with the count.
pub(crate) const MAX_PIECES: usize = 20_000;

/// The pieces written, and which of the engine's pieces each is.
#[derive(Debug)]
pub(crate) struct Cut {
    /// The pieces, in world coordinates.
    pub spec: PiecesSpec,
    /// The engine's index (a triangle's, a part's, a segment's) of each piece written, in the
    /// file's order.
    pub ids: Vec<u32>,
    /// Whether the engine's internal-edge fix is on for the body.
    pub internal_edges: bool,
    /// What the whole body is, in words, for the notes.
    pub whole: String,
}

impl Cut {
    /// The file's index of the engine's piece `id`.
    pub(crate) fn piece(&self, id: u32) -> Option<u32> {
        self.ids
            .iter()
            .position(|&i| i == id)
            .and_then(|k| u32::try_from(k).ok())
    }

    /// Refused when the region holds more pieces than a capture writes.
    pub(crate) fn checked(self) -> Result<Self, String> {
        if self.ids.len() > MAX_PIECES {
            return Err(format!(
                "{} pieces of {} lie near the pair, more than the {MAX_PIECES} a capture \
                 writes: capture the pair closer, or a shorter cast",
                self.ids.len(),
                self.whole
            ));
        }
        if self.ids.is_empty() {
            return Err(format!("no piece of {} lies near the pair", self.whole));
        }
        Ok(self)
    }
}

/// Triangles as a mesh, corners at the same place (to the bit) made one vertex, so that two
/// triangles a height field or a mesh without merged vertices lays side by side share their
/// edge.
pub(crate) fn welded(triangles: &[[DVec3; 3]]) -> MeshSpec {
    let mut at: HashMap<[u64; 3], u32> = HashMap::new();
    let mut vertices = Vec::new();
    let triangles = triangles
        .iter()
        .map(|corners| {
            corners.map(|p| {
                *at.entry(p.to_array().map(f64::to_bits)).or_insert_with(|| {
                    vertices.push(p);
                    u32::try_from(vertices.len() - 1).unwrap_or(u32::MAX)
                })
            })
        })
        .collect();
    MeshSpec {
        vertices,
        triangles,
    }
}

/// What the capture writes of a pair with many pieces, before the file is made.
#[derive(Debug)]
pub(crate) struct CapturedPieces {
    /// The case, its notes still to join.
    pub case: PiecesCase,
    /// The notes.
    pub notes: Vec<String>,
}

impl CapturedPieces {
    /// The case of the convex `body` against `cut`'s pieces, the engine's answer renamed to
    /// the file's pieces: manifolds as `(engine's piece, normal out of it, [on the body, on
    /// the piece, separation] each)`, a cast as its hit's engine piece and answer.
    pub(crate) fn new(
        (body, cut): (gjk::BodySpec, Cut),
        plane: bool,
        engine: (&str, Option<String>, gjk::scenario::engine::PoseSource),
        manifolds: Vec<(u32, DVec3, Vec<gjk::scenario::engine::EnginePoint>)>,
        cast: Option<(
            gjk::CastSpec,
            Option<u32>,
            gjk::scenario::engine::EngineCast,
        )>,
    ) -> Result<Self, String> {
        let mut contacts = Vec::new();
        for (id, normal, points) in manifolds {
            let piece = cut
                .piece(id)
                .ok_or_else(|| format!("the engine's piece {id} is not among those written"))?;
            contacts.push(PieceManifold {
                piece,
                normal,
                points,
            });
        }
        let (cast, hit) = match cast {
            Some((spec, id, hit)) => (
                Some(spec),
                Some(PieceHit {
                    piece: id.and_then(|i| cut.piece(i)),
                    hit,
                }),
            ),
            None => (None, None),
        };
        let (name, routine, poses) = engine;
        let notes = vec![format!(
            "B holds {} pieces of {}: those near the pair and their neighbours.",
            cut.ids.len(),
            cut.whole
        )];
        Ok(CapturedPieces {
            case: PiecesCase {
                name: String::new(),
                notes: String::new(),
                dimension: if plane {
                    gjk::config::Dimension::Two
                } else {
                    gjk::config::Dimension::Three
                },
                a: body,
                b: cut.spec,
                solver: gjk::SolverSpec {
                    precision: gjk::Precision::F32,
                    ..gjk::SolverSpec::default()
                },
                prediction: None,
                cast,
                expect: None,
                engine: Some(PiecesEngine {
                    engine: name.to_string(),
                    routine,
                    poses,
                    internal_edges: cut.internal_edges,
                    contacts,
                    cast: hit,
                }),
            },
            notes,
        })
    }
}

impl CapturedPieces {
    /// Saves the case as `<name>.json` in the settings' folder, with a link to the pair of
    /// the body and the piece the engine answered with (a link holds one convex pair; the file
    /// holds them all).
    pub(crate) fn save(self, name: &str, settings: &CaptureSettings) -> Result<Saved, String> {
        let (case, composite) = self.finished(name)?;
        let path = file_in(&settings.folder, name)?;
        case.save(&path).map_err(|e| e.to_string())?;
        let piece = engine_piece(&case, &composite);
        let link = link(&case.pair(&composite, piece), &settings.page);
        let open = format!(
            "{} pieces; open it with `gjk-lab {}`; the pair of piece {piece}: `gjk-lab '{link}'`",
            composite.len(),
            path.display()
        );
        Ok(Saved { path, link, open })
    }

    /// The case named, its notes joined, checked as a file's is.
    fn finished(self, name: &str) -> Result<(PiecesCase, Composite), String> {
        let CapturedPieces {
            mut case,
            mut notes,
        } = self;
        if let Some(engine) = &case.engine {
            notes.push(format!(
                "Captured from {} ({}).",
                engine.engine,
                engine.poses.describe()
            ));
        }
        case.name = name.to_string();
        case.notes = notes.join(" ");
        case.validated().map_err(|e| e.to_string())
    }
}

/// The piece the engine answered with: its cast's hit, its deepest manifold's piece, else the
/// piece that answers the pair in the lab.
fn engine_piece(case: &PiecesCase, composite: &Composite) -> u32 {
    let engine = case.engine.as_ref();
    let hit = engine.and_then(|e| e.cast.as_ref()?.piece);
    let deepest = engine.and_then(|e| {
        e.contacts
            .iter()
            .filter_map(|m| {
                Some((
                    m.piece,
                    m.points.iter().map(|p| p.separation).reduce(f64::min)?,
                ))
            })
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(piece, _)| piece)
    });
    hit.or(deepest).unwrap_or_else(|| {
        let (answer, _) = pieces_answer(case, composite);
        stepped_piece(composite, &answer, None)
    })
}
