//! Scenario files in the plane: `"dimension": 2` at the top, 2-vectors, an `angle` for a
//! rotation, and the plane's shapes ([`crate::shape::plane`]).
//!
//! ```json
//! {"dimension": 2,
//!  "a": {"shape": {"type": "cuboid", "half_extents": [1.0, 0.5]}, "position": [0, 0], "angle": 0.3},
//!  "b": {"shape": {"type": "circle", "radius": 0.5}, "position": [3, 1]},
//!  "cast": {"velocity_b": [-4, 0], "angular_velocity_a": 0.0}}
//! ```
//!
//! Read, a 2D file becomes a [`Scenario`] whose bodies lie in the plane `z = 0` and turn about
//! its normal, with [`Dimension::Two`]; written, such a scenario becomes this form again. A
//! 3-vector in a 2D file, or a shape the plane has no name for, is refused by field.

use crate::cast::CastSpec;
use crate::config::Dimension;
use crate::scenario::engine::EngineAnswer;
use crate::scenario::expect::Expectation;
use crate::scenario::{Scenario, ScenarioError, SolverSpec};
use crate::shape::BodySpec;
use crate::shape::plane::{PlaneShape, file_angle, rotation_of};
use glam::{DVec2, DVec3};
use serde::{Deserialize, Serialize};

/// A 2D scenario as its file writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlaneScenario {
    #[serde(default)]
    name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    notes: String,
    dimension: u8,
    a: PlaneBody,
    b: PlaneBody,
    #[serde(default)]
    solver: SolverSpec<DVec2>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cast: Option<CastSpec<DVec2, f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    expect: Option<Expectation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    engine: Option<EngineAnswer<DVec2>>,
}

/// A body of a 2D file: its shape, where it is, how far it is turned (radians,
/// counter-clockwise) and its rounding margin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlaneBody {
    shape: PlaneShape,
    #[serde(default, deserialize_with = "crate::shape::reading::vec2")]
    position: DVec2,
    #[serde(default)]
    angle: f64,
    #[serde(default)]
    margin: f64,
}

impl PlaneBody {
    /// The body in the plane `z = 0` of space; its angle, named `name`, must be finite.
    pub(crate) fn checked_in_space(self, name: &str) -> Result<BodySpec, ScenarioError> {
        if !self.angle.is_finite() {
            return Err(ScenarioError::Invalid {
                field: format!("{name}.angle"),
                reason: format!("{} is not a finite number", self.angle),
            });
        }
        Ok(self.in_space())
    }

    fn in_space(self) -> BodySpec {
        BodySpec {
            shape: self.shape.0,
            position: self.position.extend(0.0),
            rotation: rotation_of(self.angle),
            margin: self.margin,
        }
    }

    pub(crate) fn of(body: &BodySpec) -> Self {
        PlaneBody {
            shape: PlaneShape(body.shape.clone()),
            position: body.position.truncate(),
            angle: file_angle(body.rotation),
            margin: body.margin,
        }
    }
}

/// A 2D file's `dimension`, which [`is_plane`] read as 2: any other number is refused.
pub(crate) fn plane_dimension(dimension: u8) -> Result<(), ScenarioError> {
    if dimension == 2 {
        return Ok(());
    }
    Err(ScenarioError::Invalid {
        field: "dimension".into(),
        reason: format!("must be 2 or 3, got {dimension}"),
    })
}

/// A plane angular velocity as the turn about +Z it is.
pub(crate) fn spin(w: f64) -> DVec3 {
    DVec3::new(0.0, 0.0, w)
}

impl PlaneScenario {
    /// The scenario in space that this file describes, in the plane `z = 0`.
    pub(crate) fn into_scenario(self) -> Result<Scenario, ScenarioError> {
        plane_dimension(self.dimension)?;
        Ok(Scenario {
            name: self.name,
            notes: self.notes,
            dimension: Dimension::Two,
            a: self.a.checked_in_space("a")?,
            b: self.b.checked_in_space("b")?,
            solver: self.solver.map_direction(|d| d.extend(0.0)),
            cast: self.cast.map(|c| c.map(|v| v.extend(0.0), spin)),
            expect: self.expect,
            engine: self.engine.map(|e| e.map(|v| v.extend(0.0))),
        })
    }

    /// The 2D file of a scenario in the plane.
    pub(crate) fn of(s: &Scenario) -> Self {
        PlaneScenario {
            name: s.name.clone(),
            notes: s.notes.clone(),
            dimension: 2,
            a: PlaneBody::of(&s.a),
            b: PlaneBody::of(&s.b),
            solver: s.solver.map_direction(|d| d.truncate()),
            cast: s.cast.map(|c| c.map(|v| v.truncate(), |w| w.z)),
            expect: s.expect.clone(),
            engine: s.engine.clone().map(|e| e.map(|v| v.truncate())),
        }
    }
}

/// Whether the text is a 2D scenario: a `dimension` field at its top that is the number 2.
/// Anything else (3, no field, text that does not parse) is read as 3D, whose reader then says
/// what is wrong.
pub(crate) fn is_plane(text: &str, format: crate::scenario::Format) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match format {
        // JSON skips every other field unread.
        crate::scenario::Format::Json => {
            #[derive(Deserialize)]
            struct Top {
                #[serde(default)]
                dimension: Option<u8>,
            }
            serde_json::from_str::<Top>(text).is_ok_and(|t| t.dimension == Some(2))
        }
        // RON cannot skip a value it has no type for; its own value type reads anything.
        crate::scenario::Format::Ron => match ron::from_str::<ron::Value>(text) {
            Ok(ron::Value::Map(top)) => top
                .get(&ron::Value::String("dimension".into()))
                .is_some_and(|d| matches!(d, ron::Value::Number(n) if n.into_f64() == 2.0)),
            _ => false,
        },
    }
}
