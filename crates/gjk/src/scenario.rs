//! Scenario files: a pair of placed shapes and a solver configuration, in JSON or RON.
//!
//! Everything but the two shapes has a default: `position` the origin, `rotation` the identity
//! (`[x, y, z, w]`, normalised on load), `margin` 0, and the solver fields those of
//! [`SolverConfig::default_for`]. Bad input is rejected with the field and the reason.

use crate::config::{Algorithm, Precision, SolverConfig};
use crate::expect::Expectation;
use crate::shape::{Pose, Shape};
use crate::trace::Termination;
use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// A query as a user writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default)]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    pub a: BodySpec,
    pub b: BodySpec,
    #[serde(default)]
    pub solver: SolverSpec,
    /// What the run is known to do (gallery cases): checked by `gjk-lab check` and the tests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Expectation>,
}

/// One body: a shape, where it is, and its rounding margin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodySpec {
    pub shape: Shape,
    #[serde(default)]
    pub position: DVec3,
    #[serde(default = "identity")]
    pub rotation: DQuat,
    #[serde(default)]
    pub margin: f64,
}

fn identity() -> DQuat {
    DQuat::IDENTITY
}

impl BodySpec {
    pub fn pose(&self) -> Pose {
        Pose {
            position: self.position,
            rotation: self.rotation,
        }
    }
}

/// The solver section; a missing field takes its documented default for the precision.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolverSpec {
    #[serde(default)]
    pub algorithm: Algorithm,
    #[serde(default)]
    pub precision: Precision,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abs_tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rel_tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_iterations: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_direction: Option<DVec3>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epa_tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epa_max_iterations: Option<u32>,
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
        }
    }
}

/// The two file formats, chosen by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Ron,
}

impl Format {
    pub fn from_path(path: &Path) -> Result<Self, ScenarioError> {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => Ok(Format::Json),
            Some(e) if e.eq_ignore_ascii_case("ron") => Ok(Format::Ron),
            _ => Err(ScenarioError::UnknownFormat(path.to_path_buf())),
        }
    }
}

/// Why a scenario could not be used.
#[derive(Debug)]
pub enum ScenarioError {
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    UnknownFormat(PathBuf),
    /// The text is not a scenario: bad syntax, unknown shape type, wrong arity, a missing field.
    Parse {
        field: String,
        message: String,
    },
    /// The text parses but a value is not allowed.
    Invalid {
        field: String,
        reason: String,
    },
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScenarioError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            ScenarioError::UnknownFormat(path) => write!(
                f,
                "{}: unknown scenario format (use a .json or .ron extension)",
                path.display()
            ),
            ScenarioError::Parse { field, message } if field.is_empty() || field == "." => {
                write!(f, "{message}")
            }
            ScenarioError::Parse { field, message } => write!(f, "{field}: {message}"),
            ScenarioError::Invalid { field, reason } => write!(f, "{field}: {reason}"),
        }
    }
}

impl std::error::Error for ScenarioError {}

fn invalid(field: impl Into<String>, reason: impl Into<String>) -> ScenarioError {
    ScenarioError::Invalid {
        field: field.into(),
        reason: reason.into(),
    }
}

impl Scenario {
    /// A scenario of two bodies with the default solver.
    pub fn new(name: impl Into<String>, a: BodySpec, b: BodySpec) -> Self {
        Scenario {
            name: name.into(),
            notes: String::new(),
            a,
            b,
            solver: SolverSpec::default(),
            expect: None,
        }
    }

    /// Parses and validates a scenario; rotations come back normalised.
    pub fn parse(text: &str, format: Format) -> Result<Self, ScenarioError> {
        let parsed: Scenario = match format {
            Format::Json => {
                let de = &mut serde_json::Deserializer::from_str(text);
                serde_path_to_error::deserialize(de).map_err(|e| ScenarioError::Parse {
                    field: e.path().to_string(),
                    message: e.inner().to_string(),
                })?
            }
            Format::Ron => {
                let mut de =
                    ron::Deserializer::from_str(text).map_err(|e| ScenarioError::Parse {
                        field: String::new(),
                        message: e.to_string(),
                    })?;
                serde_path_to_error::deserialize(&mut de).map_err(|e| ScenarioError::Parse {
                    field: e.path().to_string(),
                    message: e.inner().to_string(),
                })?
            }
        };
        parsed.validated()
    }

    /// Reads a `.json` or `.ron` scenario file.
    pub fn load(path: &Path) -> Result<Self, ScenarioError> {
        let format = Format::from_path(path)?;
        let text = std::fs::read_to_string(path).map_err(|error| ScenarioError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        Self::parse(&text, format)
    }

    /// The scenario as text in `format`.
    pub fn to_text(&self, format: Format) -> String {
        match format {
            Format::Json => serde_json::to_string_pretty(self).expect("scenarios serialise"),
            Format::Ron => ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
                .expect("scenarios serialise"),
        }
    }

    /// Writes the scenario so that `path` is never left half-written: the text goes to a
    /// temporary file beside it, which is then renamed over it.
    pub fn save(&self, path: &Path) -> Result<(), ScenarioError> {
        let format = Format::from_path(path)?;
        let io = |error| ScenarioError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, self.to_text(format)).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            io(e)
        })
    }

    /// The solver configuration with defaults filled in.
    pub fn config(&self) -> SolverConfig {
        self.solver.config()
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
        self.a = validate_body(self.a, "a")?;
        self.b = validate_body(self.b, "b")?;
        let s = &self.solver;
        for (name, value) in [
            ("abs_tolerance", s.abs_tolerance),
            ("rel_tolerance", s.rel_tolerance),
            ("epa_tolerance", s.epa_tolerance),
        ] {
            if let Some(x) = value {
                non_negative(&format!("solver.{name}"), x)?;
            }
        }
        if s.max_iterations == Some(0) {
            return Err(invalid("solver.max_iterations", "must be at least 1"));
        }
        if s.epa_max_iterations == Some(0) {
            return Err(invalid("solver.epa_max_iterations", "must be at least 1"));
        }
        if let Some(d) = s.initial_direction {
            finite_vec("solver.initial_direction", d)?;
            if d.length_squared() == 0.0 {
                return Err(invalid(
                    "solver.initial_direction",
                    "must not be the zero vector",
                ));
            }
        }
        if let Some(expect) = &self.expect
            && let Some((field, name)) = expect.unknown_names().first()
        {
            return Err(invalid(
                format!("expect.{field}"),
                format!(
                    "\"{name}\" is not a termination; use one of {}",
                    Termination::NAMES.join(", ")
                ),
            ));
        }
        Ok(self)
    }
}

fn finite(field: &str, x: f64) -> Result<(), ScenarioError> {
    if x.is_finite() {
        Ok(())
    } else {
        Err(invalid(field, format!("must be a finite number, got {x}")))
    }
}

fn non_negative(field: &str, x: f64) -> Result<(), ScenarioError> {
    finite(field, x)?;
    if x < 0.0 {
        return Err(invalid(field, format!("must not be negative, got {x}")));
    }
    Ok(())
}

fn finite_vec(field: &str, v: DVec3) -> Result<(), ScenarioError> {
    for (axis, x) in ["x", "y", "z"].iter().zip(v.to_array()) {
        finite(&format!("{field}.{axis}"), x)?;
    }
    Ok(())
}

fn validate_body(mut body: BodySpec, name: &str) -> Result<BodySpec, ScenarioError> {
    let field = |f: &str| format!("{name}.{f}");
    match &body.shape {
        Shape::Sphere { radius } => non_negative(&field("shape.radius"), *radius)?,
        Shape::Cuboid { half_extents } => {
            for (axis, x) in ["x", "y", "z"].iter().zip(half_extents.to_array()) {
                non_negative(&field(&format!("shape.half_extents.{axis}")), x)?;
            }
        }
        Shape::Capsule {
            half_height,
            radius,
        }
        | Shape::Cylinder {
            half_height,
            radius,
        }
        | Shape::Cone {
            half_height,
            radius,
        } => {
            non_negative(&field("shape.half_height"), *half_height)?;
            non_negative(&field("shape.radius"), *radius)?;
        }
        Shape::Polytope { vertices } => {
            if vertices.is_empty() {
                return Err(invalid(field("shape.vertices"), "needs at least one point"));
            }
            for (i, v) in vertices.iter().enumerate() {
                finite_vec(&field(&format!("shape.vertices[{i}]")), *v)?;
            }
        }
    }
    finite_vec(&field("position"), body.position)?;
    let q = body.rotation;
    for (c, x) in ["x", "y", "z", "w"].iter().zip(q.to_array()) {
        finite(&field(&format!("rotation.{c}")), x)?;
    }
    let len = q.length();
    if len < 1e-12 {
        return Err(invalid(
            field("rotation"),
            "is a zero-length quaternion; use [0, 0, 0, 1] for no rotation",
        ));
    }
    body.rotation = q / len;
    non_negative(&field("margin"), body.margin)?;
    Ok(body)
}
