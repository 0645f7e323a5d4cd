//! What a physics engine answered against a body of many pieces, kept in the case beside the
//! pieces a capture wrote, and each of its normals put to the seam test.
//!
//! An engine answers a convex body against a mesh one triangle at a time, as the lab does: a
//! contact manifold per triangle touched, each with its own normal, or a cast's first hit on
//! one triangle. Where its internal-edge fix is off (or does not apply: parry fixes meshes and
//! height fields, not a compound of tiles), a manifold on the edge between two flat triangles
//! keeps the lone triangle's normal there, tilted off the floor's; the seam test says whether
//! the normal the engine gave is one the surface has where the contact lies, or a ghost.
//!
//! Every vector is in world coordinates; a normal points **out of the piece, towards the
//! convex body** (the lab's own contacts' sense), and a piece is named by its index in the
//! case's `b`, which holds the pieces near the pair the capture wrote, not the whole level.

use super::seams::{SeamLine, seam_line};
use crate::composite::{Composite, judge_normal};
use crate::scenario::engine::{EngineAnswer, EngineCast, EngineContact, EnginePoint, PoseSource};
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// An engine's answer for the body and the pieces, as a capture recorded it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct PiecesEngine<V = DVec3> {
    /// The engine that answered, with its version (`avian3d 0.8`).
    pub engine: String,
    /// The parry routine that answered, where the shapes tell which.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routine: Option<String>,
    /// Where the file's poses were taken.
    pub poses: PoseSource,
    /// Whether the engine's internal-edge fix was on for the body of pieces (parry's
    /// `FIX_INTERNAL_EDGES` flag on the mesh, height field or compound).
    #[serde(default)]
    pub internal_edges: bool,
    /// A manifold for each piece the engine found in contact.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contacts: Vec<PieceManifold<V>>,
    /// The engine's shape cast: the convex body moved along the case's `cast.velocity_a`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast: Option<PieceHit<V>>,
}

/// One piece's manifold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct PieceManifold<V = DVec3> {
    /// The piece, by its index in the case's `b`.
    pub piece: u32,
    /// Unit, out of the piece towards the convex body.
    #[serde(deserialize_with = "crate::shape::reading::coordinates")]
    pub normal: V,
    /// The manifold's points: `point_a` on the convex body, `point_b` on the piece, the
    /// separation negative where they overlap.
    pub points: Vec<EnginePoint<V>>,
}

/// A cast's answer over the pieces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct PieceHit<V = DVec3> {
    /// The piece hit; `None` for a miss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<u32>,
    /// The engine's answer: its time, status, witnesses, and a normal out of the piece.
    pub hit: EngineCast<V>,
}

impl<V> PiecesEngine<V> {
    /// The same answer with every vector mapped by `f` (into or out of the plane).
    pub fn map<W>(self, f: impl Fn(V) -> W) -> PiecesEngine<W> {
        let point = |p: EnginePoint<V>| EnginePoint {
            point_a: f(p.point_a),
            point_b: f(p.point_b),
            separation: p.separation,
        };
        PiecesEngine {
            engine: self.engine,
            routine: self.routine,
            poses: self.poses,
            internal_edges: self.internal_edges,
            contacts: self
                .contacts
                .into_iter()
                .map(|m| PieceManifold {
                    piece: m.piece,
                    normal: f(m.normal),
                    points: m.points.into_iter().map(point).collect(),
                })
                .collect(),
            cast: self.cast.map(|c| PieceHit {
                piece: c.piece,
                hit: EngineCast {
                    time_of_impact: c.hit.time_of_impact,
                    status: c.hit.status,
                    normal: c.hit.normal.map(&f),
                    point_a: c.hit.point_a.map(&f),
                    point_b: c.hit.point_b.map(&f),
                },
            }),
        }
    }
}

impl PiecesEngine {
    /// Checks every number, and that each piece named is one of the `pieces` the case has;
    /// a refusal names its field (`engine.contacts[1].piece`).
    pub(crate) fn validate(&self, pieces: usize) -> Result<(), (String, String)> {
        let piece = |field: String, p: u32| {
            if (p as usize) < pieces {
                Ok(())
            } else {
                Err((field, format!("{p} is not a piece: the body has {pieces}")))
            }
        };
        for (i, m) in self.contacts.iter().enumerate() {
            piece(format!("engine.contacts[{i}].piece"), m.piece)?;
            // The rest as a convex pair's manifold is checked, under this field.
            let manifold = EngineContact {
                normal: m.normal,
                points: m.points.clone(),
            };
            self.as_pair(Some(manifold), None)
                .validate()
                .map_err(|(f, r)| {
                    (
                        f.replacen("engine.contact", &format!("engine.contacts[{i}]"), 1),
                        r,
                    )
                })?;
        }
        if let Some(c) = &self.cast {
            if let Some(p) = c.piece {
                piece("engine.cast.piece".into(), p)?;
            }
            self.as_pair(None, Some(c.hit.clone())).validate()?;
        }
        Ok(())
    }

    /// What the engine answered for one piece, as a convex pair's capture writes it (its
    /// normal from A, the body, towards B, the piece): the piece's manifold, or the cast
    /// where it hit this piece.
    pub fn for_piece(&self, piece: u32) -> Option<EngineAnswer> {
        let manifold = self
            .contacts
            .iter()
            .find(|m| m.piece == piece)
            .map(|m| EngineContact {
                normal: -m.normal,
                points: m.points.clone(),
            });
        let cast = self
            .cast
            .as_ref()
            .filter(|c| c.piece == Some(piece))
            .map(|c| EngineCast {
                normal: c.hit.normal.map(|n| -n),
                ..c.hit.clone()
            });
        (manifold.is_some() || cast.is_some()).then(|| self.as_pair(manifold, cast))
    }

    /// The answer as a convex pair's capture writes it, with this contact and cast.
    fn as_pair(&self, contact: Option<EngineContact>, cast: Option<EngineCast>) -> EngineAnswer {
        EngineAnswer {
            engine: self.engine.clone(),
            routine: self.routine.clone(),
            poses: self.poses,
            contact,
            cast,
        }
    }
}

/// The engine's normals judged, as `gjk-lab query` writes them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineLines {
    /// Who answered.
    pub engine: String,
    /// Whether its internal-edge fix was on.
    pub internal_edges: bool,
    /// Each manifold's normal, judged at its deepest point.
    pub contacts: Vec<EngineNormal>,
    /// The cast's hit normal, judged at its witness on the piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cast: Option<EngineNormal>,
}

/// One normal of the engine's, judged.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineNormal {
    /// The piece.
    pub piece: u32,
    /// Out of the piece, towards the body.
    pub normal: DVec3,
    /// Where it was judged: on the piece.
    pub at: DVec3,
    /// The seam test on it.
    pub seam: SeamLine,
}

impl EngineLines {
    /// The first piece the engine's normal is a ghost on (its cast's hit first): where a
    /// captured case is best opened.
    pub fn first_ghost(&self) -> Option<u32> {
        self.cast
            .iter()
            .chain(&self.contacts)
            .find(|n| n.seam.verdict == "ghost")
            .map(|n| n.piece)
    }

    /// Each of the engine's normals put to the seam test on the case's pieces; a manifold
    /// with no point or no normal, or a hit with no normal or witness, has nothing to judge.
    pub fn of(engine: &PiecesEngine, composite: &Composite) -> Self {
        // A normal of no direction says nothing to judge.
        let judged = |piece: u32, at: DVec3, normal: DVec3| {
            let normal = normal.try_normalize()?;
            let seam = judge_normal(composite, piece, at, normal);
            Some(EngineNormal {
                piece,
                normal,
                at,
                seam: seam_line(composite, piece, &seam),
            })
        };
        let contacts = engine
            .contacts
            .iter()
            .filter_map(|m| {
                let deepest = m
                    .points
                    .iter()
                    .min_by(|x, y| x.separation.total_cmp(&y.separation))?;
                judged(m.piece, deepest.point_b, m.normal)
            })
            .collect();
        let cast = engine
            .cast
            .as_ref()
            .and_then(|c| judged(c.piece?, c.hit.point_b?, c.hit.normal?));
        EngineLines {
            engine: engine.engine.clone(),
            internal_edges: engine.internal_edges,
            contacts,
            cast,
        }
    }
}
