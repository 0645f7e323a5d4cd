//! Case files of a convex body against a body of many pieces: a triangle mesh, a height field,
//! a compound or, in the plane, a chain ([`crate::composite`]). The file is a scenario whose `b`
//! names its pieces:
//!
//! ```text
//! { "name": "…", "a": { "shape": …, "position": … },
//!   "b": { "mesh": { "vertices": [[x, y, z], …], "triangles": [[0, 1, 2], …] } }
//!        | { "height_field": { "heights": [[…], …], "scale": [x, y, z] } }
//!        | { "compound": { "pieces": [ { "shape": …, "position": …, "rotation": … }, … ] } },
//!   "solver": …, "prediction": 0.0, "cast": …, "expect": … }
//! ```
//!
//! A case in the plane says `"dimension": 2`, writes its body as a 2D scenario does and names
//! a chain: `"b": { "chain": { "points": [[x, y], …], "closed": false, "ghosts": true } }`.
//!
//! Every number is checked once, as a scenario's are, and each refusal names its field
//! (`b.mesh.triangles[12]`, `b.compound.pieces[1].position.x`). What a case answers, and how its
//! promises are checked, is in [`report`] and [`promise`].

pub mod engine;
mod plane;
pub mod promise;
pub mod report;
pub mod seams;

use super::text::{parse_document, read_text};
use super::{Format, ScenarioError, SolverSpec, validate};
use crate::cast::CastSpec;
use crate::composite::{Chain, Composite, CompositeError, Compound, TriMesh};
use crate::config::{Dimension, Precision, SolverConfig};
use crate::shape::BodySpec;
use crate::shape::prepared::PreparedShape;
use engine::PiecesEngine;
use glam::{DVec2, DVec3};
use promise::PiecesExpect;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What a convex pair's reader says of a case of many pieces.
pub const NOT_A_PAIR: &str = "is a body of many pieces (a mesh, a height field, a compound or a chain), \
    not a convex pair: the app opens it as the pair of its body and one piece at a time, and \
    `gjk-lab query`, `trace` and `check` answer it";

/// What a second value after the case is taken for.
const TRAILING: &str = "the text goes on after the case ends; a file holds one case";

/// A convex body against a body of many pieces, as a user writes it. A case in the plane
/// (`"dimension": 2`, a chain) is read from its own 2D form into this one, its body in
/// the plane `z = 0`, and written back in that form.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PiecesCase {
    /// A title.
    #[serde(default)]
    pub name: String,
    /// What the case shows and where it comes from, in words.
    #[serde(default)]
    pub notes: String,
    /// Space, or the plane (read from a 2D file).
    #[serde(default, deserialize_with = "super::space")]
    pub dimension: Dimension,
    /// The convex body.
    pub a: BodySpec,
    /// The body of many pieces.
    pub b: PiecesSpec,
    /// The solver's settings for every piece's query.
    #[serde(default)]
    pub solver: SolverSpec,
    /// How far apart a piece may be and still give a contact (default 0).
    #[serde(default)]
    pub prediction: Option<f64>,
    /// How the convex body moves, for a cast against the pieces.
    #[serde(default)]
    pub cast: Option<CastSpec>,
    /// What the case is known to answer.
    #[serde(default)]
    pub expect: Option<PiecesExpect>,
    /// What a physics engine answered, for a case captured from a game ([`engine`]).
    #[serde(default)]
    pub engine: Option<PiecesEngine>,
}

/// Written in the form it was read in: a case in the plane as a 2D file.
impl Serialize for PiecesCase {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        if self.dimension.is_plane() {
            return plane::PlanePiecesCase::of(self).serialize(s);
        }
        let mut st = s.serialize_struct("PiecesCase", 9)?;
        st.serialize_field("name", &self.name)?;
        if !self.notes.is_empty() {
            st.serialize_field("notes", &self.notes)?;
        }
        st.serialize_field("a", &self.a)?;
        st.serialize_field("b", &self.b)?;
        st.serialize_field("solver", &self.solver)?;
        // The options themselves, not their values: RON writes `Some(…)`, as it reads them.
        if self.prediction.is_some() {
            st.serialize_field("prediction", &self.prediction)?;
        }
        if self.cast.is_some() {
            st.serialize_field("cast", &self.cast)?;
        }
        if self.expect.is_some() {
            st.serialize_field("expect", &self.expect)?;
        }
        if self.engine.is_some() {
            st.serialize_field("engine", &self.engine)?;
        }
        st.end()
    }
}

/// The pieces, in world coordinates. A file names one kind: `{ "mesh": { … } }` in JSON,
/// `(mesh: ( … ))` in RON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Kinds", into = "Kinds")]
pub enum PiecesSpec {
    /// Triangles sharing edges.
    Mesh(MeshSpec),
    /// A grid of heights, laid out as parry lays one out ([`TriMesh::height_field`]).
    HeightField(HeightFieldSpec),
    /// Convex pieces, each at its pose.
    Compound(CompoundSpec),
    /// Segments joined end to end, in the plane.
    Chain(ChainSpec),
    /// A mesh in a file of its own (OBJ, glTF or GLB), named beside the case file: the lab's
    /// readers of files (`gjk-lab`, the app) read it into a [`PiecesSpec::Mesh`] before the case
    /// is built; this crate reads no mesh files, and refuses to build one it was not given.
    MeshFile(String),
}

/// A mesh's numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeshSpec {
    /// The vertices, `[x, y, z]` each.
    #[serde(deserialize_with = "crate::shape::reading::point_list")]
    pub vertices: Vec<DVec3>,
    /// Each triangle's three vertices, counter-clockwise seen from its front.
    pub triangles: Vec<[u32; 3]>,
}

/// A height field's numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeightFieldSpec {
    /// `heights[row][column]`.
    pub heights: Vec<Vec<f64>>,
    /// The grid's size along x and z, and the heights' scale along y.
    #[serde(deserialize_with = "crate::shape::reading::vec3")]
    pub scale: DVec3,
}

/// A compound's pieces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompoundSpec {
    /// The pieces, each a body (its margin 0).
    pub pieces: Vec<BodySpec>,
}

/// A chain's points, in the plane.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainSpec {
    /// The points, `[x, y]` each.
    #[serde(deserialize_with = "crate::shape::reading::point_list")]
    pub points: Vec<DVec2>,
    /// A loop (default: open).
    #[serde(default)]
    pub closed: bool,
    /// An open chain's end points are only ghost vertices, as Box2D's (default: no).
    #[serde(default)]
    pub ghosts: bool,
}

/// The file's form: one of four fields.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Kinds {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mesh: Option<MeshSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    height_field: Option<HeightFieldSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    compound: Option<CompoundSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    chain: Option<ChainSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mesh_file: Option<String>,
}

impl TryFrom<Kinds> for PiecesSpec {
    type Error = String;
    fn try_from(k: Kinds) -> Result<Self, String> {
        match (k.mesh, k.height_field, k.compound, k.chain, k.mesh_file) {
            (Some(m), None, None, None, None) => Ok(PiecesSpec::Mesh(m)),
            (None, Some(h), None, None, None) => Ok(PiecesSpec::HeightField(h)),
            (None, None, Some(c), None, None) => Ok(PiecesSpec::Compound(c)),
            (None, None, None, Some(c), None) => Ok(PiecesSpec::Chain(c)),
            (None, None, None, None, Some(f)) => Ok(PiecesSpec::MeshFile(f)),
            _ => Err(
                "a body of many pieces names one of mesh, height_field, compound, chain \
                      or mesh_file"
                    .into(),
            ),
        }
    }
}

impl From<PiecesSpec> for Kinds {
    fn from(p: PiecesSpec) -> Self {
        let mut k = Kinds {
            mesh: None,
            height_field: None,
            compound: None,
            chain: None,
            mesh_file: None,
        };
        match p {
            PiecesSpec::Mesh(m) => k.mesh = Some(m),
            PiecesSpec::HeightField(h) => k.height_field = Some(h),
            PiecesSpec::Compound(c) => k.compound = Some(c),
            PiecesSpec::Chain(c) => k.chain = Some(c),
            PiecesSpec::MeshFile(f) => k.mesh_file = Some(f),
        }
        k
    }
}

impl PiecesSpec {
    /// The kind's name in files.
    pub fn kind(&self) -> &'static str {
        match self {
            PiecesSpec::Mesh(_) => "mesh",
            PiecesSpec::HeightField(_) => "height_field",
            PiecesSpec::Compound(_) => "compound",
            PiecesSpec::Chain(_) => "chain",
            PiecesSpec::MeshFile(_) => "mesh_file",
        }
    }

    /// The pieces checked and their tree built, in `dimension` (a chain lies in the plane,
    /// the rest in space); a refusal names its field under `b`.
    pub fn build(
        &self,
        precision: Precision,
        dimension: Dimension,
    ) -> Result<Composite, ScenarioError> {
        let under = |e: CompositeError| ScenarioError::Invalid {
            field: format!("b.{}.{}", self.kind(), e.field),
            reason: e.reason,
        };
        let planar = matches!(self, PiecesSpec::Chain(_));
        if planar != dimension.is_plane() {
            let (lies, write) = if planar {
                ("in the plane", "\"dimension\": 2, and 2-vectors")
            } else {
                ("in space", "no \"dimension\", or 3")
            };
            return Err(ScenarioError::Invalid {
                field: format!("b.{}", self.kind()),
                reason: format!("a {} lies {lies}: give the case {write}", self.kind()),
            });
        }
        match self {
            PiecesSpec::Chain(c) => Chain::new(c.points.clone(), c.closed, c.ghosts, precision)
                .map(Composite::chain)
                .map_err(under),
            PiecesSpec::Mesh(m) => TriMesh::new(m.vertices.clone(), m.triangles.clone(), precision)
                .map(Composite::mesh)
                .map_err(under),
            PiecesSpec::HeightField(h) => TriMesh::height_field(&h.heights, h.scale, precision)
                .map(Composite::mesh)
                .map_err(under),
            PiecesSpec::MeshFile(file) => Err(ScenarioError::Invalid {
                field: "b.mesh_file".into(),
                reason: format!(
                    "names the mesh file {file:?}, which the lab's readers of files (gjk-lab, \
                     the app) read beside the case file; text alone holds no triangles"
                ),
            }),
            PiecesSpec::Compound(CompoundSpec { pieces }) => {
                let mut checked = Vec::with_capacity(pieces.len());
                for (i, piece) in pieces.iter().enumerate() {
                    let name = format!("b.compound.pieces[{i}]");
                    let piece = validate::body(piece.clone(), &name, precision)?;
                    if piece.margin != 0.0 {
                        return Err(ScenarioError::Invalid {
                            field: format!("{name}.margin"),
                            reason: "must be 0: a compound's pieces have no margin (round the \
                                     piece's own shape instead)"
                                .into(),
                        });
                    }
                    checked.push((PreparedShape::new(piece.shape.clone()), piece.pose()));
                }
                Compound::new(checked, precision)
                    .map(Composite::compound)
                    .map_err(under)
            }
        }
    }
}

impl PiecesCase {
    /// Parses and checks a case, its pieces built: the text must hold one case and nothing
    /// after it.
    pub fn read(text: &str, format: Format) -> Result<(PiecesCase, Composite), ScenarioError> {
        Self::parse(text, format)?.validated()
    }

    /// Parses a case, its numbers not yet checked nor its pieces built: for a reader that
    /// fills in what the text only names (a mesh file) before [`PiecesCase::validated`].
    pub fn parse(text: &str, format: Format) -> Result<PiecesCase, ScenarioError> {
        if super::plane::is_plane(text, format) {
            parse_document::<plane::PlanePiecesCase>(text, format, TRAILING)?.into_case()
        } else {
            parse_document(text, format, TRAILING)
        }
    }

    /// Checks a case made in code (a mesh file's triangles under a body, in the app) as a
    /// file's is, its pieces built; a refusal names its field.
    pub fn validated(self) -> Result<(PiecesCase, Composite), ScenarioError> {
        let mut case = self;
        case.solver.validate()?;
        let precision = case.solver.precision;
        case.a = validate::body(case.a, "a", precision)?;
        if case.dimension.is_plane() {
            validate::plane_body(&case.a, "a")?;
        }
        if let Some(p) = case.prediction
            && !(p.is_finite() && p >= 0.0)
        {
            return Err(ScenarioError::Invalid {
                field: "prediction".into(),
                reason: format!("{p} must be a finite distance, 0 or more"),
            });
        }
        if let Some(cast) = &case.cast {
            cast.validate(precision)?;
            if cast.angular_velocity_b != DVec3::ZERO {
                return Err(ScenarioError::Invalid {
                    field: "cast.angular_velocity_b".into(),
                    reason: "a body of many pieces does not turn (each piece would turn about \
                             its own pose)"
                        .into(),
                });
            }
        }
        if let Some(expect) = &case.expect {
            expect.validate()?;
        }
        let composite = case.b.build(precision, case.dimension)?;
        if let Some(engine) = &case.engine {
            engine
                .validate(composite.len())
                .map_err(|(field, reason)| ScenarioError::Invalid { field, reason })?;
        }
        Ok((case, composite))
    }

    /// Reads a `.json` or `.ron` case file.
    pub fn load(path: &Path) -> Result<(PiecesCase, Composite), ScenarioError> {
        let text = read_text(path, "case")?;
        let format = Format::from_path(path)?;
        Self::read(&text, format).map_err(|e| e.in_file(path))
    }

    /// Writes the case (in the format its path names) so that `path` is never left
    /// half-written, as a scenario is saved.
    pub fn save(&self, path: &Path) -> Result<(), ScenarioError> {
        super::text::save_document(self, path)
    }

    /// The solver configuration with defaults filled in.
    pub fn config(&self) -> SolverConfig {
        SolverConfig {
            dimension: self.dimension,
            ..self.solver.config()
        }
    }

    /// The convex pair of the body and piece `piece` of `composite` (this case's pieces),
    /// where the body of many pieces puts it: the case's name, notes, space, solver and motion
    /// (the body's cast against this piece alone), and what an engine answered for this
    /// piece; no promises (they are the whole body's). Its run is the piece's run in [`report::trace`], to the bit: the app steps a piece so.
    pub fn pair(&self, composite: &Composite, piece: u32) -> super::Scenario {
        super::Scenario {
            name: self.name.clone(),
            notes: self.notes.clone(),
            dimension: self.dimension,
            a: self.a.clone(),
            b: composite.piece_body(piece),
            solver: self.solver,
            cast: self.cast,
            expect: None,
            engine: self.engine.as_ref().and_then(|e| e.for_piece(piece)),
        }
    }
}

/// Whether the text is a case of many pieces: its `b` names `mesh`, `height_field`,
/// `compound` or `chain` (read without building anything; any text that is not a document is not one).
pub fn is_pieces(text: &str, format: Format) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    const KINDS: [&str; 5] = ["mesh", "height_field", "compound", "chain", "mesh_file"];
    match format {
        // Only `b`'s keys are read and every value is skipped unread: a large mesh is scanned,
        // not built, before its own reader builds it.
        Format::Json => {
            #[derive(Deserialize)]
            struct Top {
                #[serde(default)]
                b: Option<Keys>,
            }
            struct Keys(bool);
            impl<'de> Deserialize<'de> for Keys {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    struct Visit;
                    impl<'de> serde::de::Visitor<'de> for Visit {
                        type Value = Keys;
                        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                            f.write_str("a body")
                        }
                        fn visit_map<M: serde::de::MapAccess<'de>>(
                            self,
                            mut map: M,
                        ) -> Result<Keys, M::Error> {
                            let mut found = false;
                            while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                                found |= KINDS.contains(&key.as_ref());
                                map.next_value::<serde::de::IgnoredAny>()?;
                            }
                            Ok(Keys(found))
                        }
                    }
                    d.deserialize_map(Visit)
                }
            }
            serde_json::from_str::<Top>(text).is_ok_and(|t| t.b.is_some_and(|k| k.0))
        }
        Format::Ron => match ron::from_str::<ron::Value>(text) {
            Ok(ron::Value::Map(top)) => match top.get(&ron::Value::String("b".into())) {
                Some(ron::Value::Map(b)) => KINDS
                    .iter()
                    .any(|k| b.get(&ron::Value::String((*k).into())).is_some()),
                _ => false,
            },
            _ => false,
        },
    }
}
