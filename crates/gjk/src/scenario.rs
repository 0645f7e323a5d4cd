//! Scenario files: a pair of placed shapes and a solver configuration, in JSON or RON.
//!
//! Everything but the two shapes has a default: `position` the origin, `rotation` the identity
//! (`[x, y, z, w]`, normalised on load), `margin` 0, and the solver fields those of
//! [`SolverConfig::default_for`]. Bad input is rejected with the field and the reason.

//!
//! The case folder: what a case file holds and how it is read ([`Scenario`], with the field-by-
//! field checks in [`validate`]), the promises a gallery case makes ([`expect`]), and the trace
//! document written beside it ([`document`]).
//!
//! May use everything below it: the shapes, the queries and the casts. Only the tools use it.

pub mod document;
pub mod engine;
mod error;
pub mod expect;
pub mod pieces;
pub mod plane;
mod text;
pub mod validate;

pub use error::ScenarioError;
pub use text::{MAX_FILE_BYTES, document_text, parse_document, read_capped, read_text};

use crate::cast::{CastAnswer, CastSpec, CastTrace};
use crate::config::{Acceleration, Algorithm, Dimension, Precision, Radii, SolverConfig};
use crate::manifold::{Manifold, ManifoldStep};
use crate::query::Placed;
use crate::scenario::engine::EngineAnswer;
use crate::scenario::expect::Expectation;
use crate::shape::BodySpec;
use crate::shape::prepared::PreparedShape;
use crate::trace::NoTrace;
use glam::DVec3;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A query as a user writes it.
///
/// A 2D file ([`plane`]) is read into the same scenario, its bodies in the plane `z = 0`, with
/// `dimension` [`Dimension::Two`]; the scenario is written back in the form it was read in.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default)]
    /// A title, shown in the panel and the gallery.
    pub name: String,
    #[serde(default)]
    /// What the case shows and where it comes from, in words.
    pub notes: String,
    /// Where the query lives: a 3D file may say `"dimension": 3`; a 2D file is read by
    /// [`plane`].
    #[serde(default, deserialize_with = "space")]
    pub dimension: Dimension,
    /// Body A.
    pub a: BodySpec,
    /// Body B.
    pub b: BodySpec,
    #[serde(default)]
    /// The solver's settings; every one left out takes its default.
    pub solver: SolverSpec,
    /// How the bodies move, for a time-of-impact query ([`crate::cast`]).
    #[serde(default)]
    pub cast: Option<CastSpec>,
    /// What the run is known to do (gallery cases): checked by `gjk-lab check` and the tests.
    #[serde(default)]
    pub expect: Option<Expectation>,
    /// What a physics engine answered for this pair, where the case was captured from a game.
    #[serde(default)]
    pub engine: Option<EngineAnswer>,
}

/// A 3D file's `dimension`: 3 (a 2 never reaches this reader; see [`plane::is_plane`]).
pub(crate) fn space<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Dimension, D::Error> {
    match u8::deserialize(d)? {
        3 => Ok(Dimension::Three),
        n => Err(serde::de::Error::custom(format!(
            "must be 2 (the plane) or 3 (space), got {n}"
        ))),
    }
}

/// Written in the form it was read in: a scenario in the plane as a 2D file.
impl Serialize for Scenario {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        if self.dimension.is_plane() {
            return plane::PlaneScenario::of(self).serialize(s);
        }
        let mut st = s.serialize_struct("Scenario", 8)?;
        st.serialize_field("name", &self.name)?;
        if !self.notes.is_empty() {
            st.serialize_field("notes", &self.notes)?;
        }
        st.serialize_field("a", &self.a)?;
        st.serialize_field("b", &self.b)?;
        st.serialize_field("solver", &self.solver)?;
        // The options themselves, not their values: RON writes `Some(…)`, as it reads them.
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

/// The solver section; a missing field takes its documented default for the precision. Its
/// one vector, the initial direction, is `V`: `[x, y, z]` in space, `[x, y]` in the plane.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct SolverSpec<V = DVec3> {
    #[serde(default)]
    /// The GJK variant (default signed volumes).
    pub algorithm: Algorithm,
    #[serde(default)]
    /// The floating-point type (default f64).
    pub precision: Precision,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `‖v‖` at or below this counts as touching (default 1e-9, f32 1e-5).
    pub abs_tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The gap test's relative tolerance (default 1e-9, f32 1e-5).
    pub rel_tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// GJK's iteration cap (default 64).
    pub max_iterations: Option<u32>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::shape::reading::opt_coordinates"
    )]
    /// The first search direction (default: from A's centre towards B's).
    pub initial_direction: Option<V>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// EPA's relative tolerance on the depth (default 1e-6, f32 1e-4).
    pub epa_tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// EPA's iteration budget (default 256).
    pub epa_max_iterations: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Whether an overlapping pair goes on to EPA (default true).
    pub epa: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// How rounded shapes are solved (default closed).
    pub radii: Option<Radii>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Momentum on the search direction (default none).
    pub acceleration: Option<Acceleration>,
}

impl<V> SolverSpec<V> {
    /// The same section with its initial direction mapped by `f` (into or out of the plane).
    pub fn map_direction<W>(self, f: impl FnOnce(V) -> W) -> SolverSpec<W> {
        SolverSpec {
            algorithm: self.algorithm,
            precision: self.precision,
            abs_tolerance: self.abs_tolerance,
            rel_tolerance: self.rel_tolerance,
            max_iterations: self.max_iterations,
            initial_direction: self.initial_direction.map(f),
            epa_tolerance: self.epa_tolerance,
            epa_max_iterations: self.epa_max_iterations,
            epa: self.epa,
            radii: self.radii,
            acceleration: self.acceleration,
        }
    }
}

impl SolverSpec {
    /// The complete configuration, defaults filled in.
    pub fn config(&self) -> SolverConfig {
        let d = SolverConfig::default_for(self.algorithm, self.precision);
        SolverConfig {
            abs_tolerance: self.abs_tolerance.unwrap_or(d.abs_tolerance),
            rel_tolerance: self.rel_tolerance.unwrap_or(d.rel_tolerance),
            max_iterations: self.max_iterations.unwrap_or(d.max_iterations),
            initial_direction: self.initial_direction,
            epa_tolerance: self.epa_tolerance.unwrap_or(d.epa_tolerance),
            epa_max_iterations: self.epa_max_iterations.unwrap_or(d.epa_max_iterations),
            epa: self.epa.unwrap_or(d.epa),
            radii: self.radii.unwrap_or(d.radii),
            acceleration: self.acceleration.unwrap_or(d.acceleration),
            ..d
        }
    }

    /// The same configuration with every default written out.
    pub fn filled(&self) -> Self {
        let c = self.config();
        SolverSpec {
            algorithm: c.algorithm,
            precision: c.precision,
            abs_tolerance: Some(c.abs_tolerance),
            rel_tolerance: Some(c.rel_tolerance),
            max_iterations: Some(c.max_iterations),
            initial_direction: c.initial_direction,
            epa_tolerance: Some(c.epa_tolerance),
            epa_max_iterations: Some(c.epa_max_iterations),
            epa: Some(c.epa),
            radii: Some(c.radii),
            acceleration: Some(c.acceleration),
        }
    }
}

/// The two file formats, chosen by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSON (`.json`).
    Json,
    /// RON (`.ron`).
    Ron,
}

impl Format {
    /// The format a file's extension names, or why it names none.
    pub fn from_path(path: &Path) -> Result<Self, ScenarioError> {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => Ok(Format::Json),
            Some(e) if e.eq_ignore_ascii_case("ron") => Ok(Format::Ron),
            _ => Err(ScenarioError::UnknownFormat(path.to_path_buf())),
        }
    }
}

/// What a second value after the scenario is taken for.
const TRAILING: &str = "the text goes on after the scenario ends; a file holds one scenario (for many, put one per line in a .jsonl file)";

impl Scenario {
    /// A scenario of two bodies with the default solver.
    pub fn new(name: impl Into<String>, a: BodySpec, b: BodySpec) -> Self {
        Scenario {
            name: name.into(),
            notes: String::new(),
            dimension: Dimension::Three,
            a,
            b,
            solver: SolverSpec::default(),
            cast: None,
            expect: None,
            engine: None,
        }
    }

    /// Both shapes prepared for queries ([`PreparedShape::new`]).
    pub fn prepare(&self) -> [PreparedShape; 2] {
        [&self.a.shape, &self.b.shape].map(|s| PreparedShape::new(s.clone()))
    }

    /// Parses and validates a scenario; rotations come back normalised. The text must hold one
    /// scenario and nothing after it (a byte-order mark before it is skipped).
    pub fn parse(text: &str, format: Format) -> Result<Self, ScenarioError> {
        // A case of many pieces is a document of its own: say so, rather than that `b` lacks a
        // shape.
        let or_pieces = |e: ScenarioError| {
            if pieces::is_pieces(text, format) {
                ScenarioError::Invalid {
                    field: "b".into(),
                    reason: pieces::NOT_A_PAIR.into(),
                }
            } else {
                e
            }
        };
        let scenario = if plane::is_plane(text, format) {
            parse_document::<plane::PlaneScenario>(text, format, TRAILING)
                .map_err(or_pieces)?
                .into_scenario()?
        } else {
            parse_document::<Scenario>(text, format, TRAILING).map_err(or_pieces)?
        };
        scenario.validated()
    }

    /// Reads a `.json` or `.ron` scenario file.
    pub fn load(path: &Path) -> Result<Self, ScenarioError> {
        Self::parse_named(path, &read_text(path, "scenario")?)
    }

    /// Parses the text of a file named `path` that was read some other way (picked or dropped
    /// in a web page): its extension picks the format, and errors name it.
    pub fn parse_named(path: &Path, text: &str) -> Result<Self, ScenarioError> {
        let format = Format::from_path(path)?;
        Self::parse(text, format).map_err(|e| e.in_file(path))
    }

    /// The scenario as text in `format`.
    pub fn to_text(&self, format: Format) -> String {
        document_text(self, format)
    }

    /// Writes the scenario so that `path` is never left half-written: the text goes to a
    /// temporary file beside it, which is then renamed over it.
    pub fn save(&self, path: &Path) -> Result<(), ScenarioError> {
        text::save_document(self, path)
    }

    /// The solver configuration with defaults filled in.
    pub fn config(&self) -> SolverConfig {
        SolverConfig {
            dimension: self.dimension,
            ..self.solver.config()
        }
    }

    /// The scenario as the solver understands it: every solver default written out.
    pub fn understood(&self) -> Self {
        Scenario {
            solver: self.solver.filled(),
            ..self.clone()
        }
    }

    /// Checks every number and normalises the rotations.
    pub fn validated(mut self) -> Result<Self, ScenarioError> {
        self.solver.validate()?;
        let precision = self.solver.precision;
        self.a = crate::scenario::validate::body(self.a, "a", precision)?;
        self.b = crate::scenario::validate::body(self.b, "b", precision)?;
        if self.dimension.is_plane() {
            crate::scenario::validate::plane_body(&self.a, "a")?;
            crate::scenario::validate::plane_body(&self.b, "b")?;
        }
        if let Some(cast) = &self.cast {
            cast.validate(precision)?;
            crate::scenario::validate::cast_reach(cast, [&self.a, &self.b], precision)?;
        }
        if let Some(expect) = &self.expect {
            crate::scenario::validate::expect(expect)?;
        }
        if let Some(engine) = &self.engine {
            engine
                .validate()
                .map_err(|(field, reason)| ScenarioError::Invalid { field, reason })?;
        }
        Ok(self)
    }
}

/// The scenario's bodies, on shapes prepared once for every question asked of them.
impl Scenario {
    /// Its bodies: the shapes already prepared (`shapes`, as [`Scenario::prepare`] makes them)
    /// where the scenario puts them, for [`crate::query::query`] and [`crate::cast::cast`].
    pub fn placed<'s>(&self, shapes: &'s [PreparedShape; 2]) -> [Placed<'s>; 2] {
        [
            Placed::new(&shapes[0], &self.a),
            Placed::new(&shapes[1], &self.b),
        ]
    }
}

/// The scenario's cast (its `cast` section), `None` when it has none.
impl Scenario {
    /// The cast on the shapes already prepared (`shapes`, as [`Scenario::prepare`] makes them
    /// for the static query), every step recorded.
    pub fn trace_cast_prepared(&self, shapes: &[PreparedShape; 2]) -> Option<CastTrace> {
        let spec = self.cast.as_ref()?;
        let [a, b] = self.placed(shapes);
        let config = self.config();
        Some(CastTrace::record(|steps| {
            crate::cast::cast(a, b, spec, &config, steps)
        }))
    }

    /// The cast answered without recording, its shapes prepared for it (one-off).
    pub fn solve_cast(&self) -> Option<CastAnswer> {
        let spec = self.cast.as_ref()?;
        let shapes = self.prepare();
        let [a, b] = self.placed(&shapes);
        Some(crate::cast::cast(a, b, spec, &self.config(), &mut NoTrace))
    }

    /// The cast with every step recorded, its shapes prepared for it (one-off).
    pub fn trace_cast(&self) -> Option<CastTrace> {
        self.trace_cast_prepared(&self.prepare())
    }
}

/// The contact manifold after a static answer.
impl Scenario {
    /// The manifold of the answer `finish` on the shapes already prepared, with its stages;
    /// `None` when the answer gives no penetration (apart, or undecided).
    pub fn manifold_prepared(
        &self,
        shapes: &[PreparedShape; 2],
        finish: &crate::trace::Finish,
    ) -> Option<(Manifold, Vec<ManifoldStep>)> {
        let answer = finish.penetration?;
        let [a, b] = self.placed(shapes);
        Some(crate::manifold::trace_manifold(
            a,
            b,
            &answer,
            self.dimension,
        ))
    }
}
