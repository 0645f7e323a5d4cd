//! Cases of many pieces in the plane: `"dimension": 2` at the top, the body as a 2D scenario
//! writes one ([`crate::scenario::plane`]), a chain as `b`, and 2-vectors throughout.
//!
//! ```json
//! {"dimension": 2,
//!  "a": {"shape": {"type": "cuboid", "half_extents": [0.5, 0.5]}, "position": [-0.495, 0.49]},
//!  "b": {"chain": {"points": [[3, 0], [2, 0], [1, 0], [0, 0], [-1, 0]], "ghosts": true}},
//!  "cast": {"velocity_a": [1, 0]}}
//! ```

use super::engine::PiecesEngine;
use super::promise::PiecesExpect;
use super::{PiecesCase, PiecesSpec};
use crate::cast::CastSpec;
use crate::config::Dimension;
use crate::scenario::plane::{PlaneBody, plane_dimension, spin};
use crate::scenario::{ScenarioError, SolverSpec};
use glam::DVec2;
use serde::{Deserialize, Serialize};

/// A case in the plane as its file writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlanePiecesCase {
    #[serde(default)]
    name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    notes: String,
    dimension: u8,
    a: PlaneBody,
    b: PiecesSpec,
    #[serde(default)]
    solver: SolverSpec<DVec2>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    prediction: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cast: Option<CastSpec<DVec2, f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    expect: Option<PiecesExpect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    engine: Option<PiecesEngine<DVec2>>,
}

impl PlanePiecesCase {
    /// The case this file describes, its body in the plane `z = 0` of space.
    pub(crate) fn into_case(self) -> Result<PiecesCase, ScenarioError> {
        plane_dimension(self.dimension)?;
        Ok(PiecesCase {
            name: self.name,
            notes: self.notes,
            dimension: Dimension::Two,
            a: self.a.checked_in_space("a")?,
            b: self.b,
            solver: self.solver.map_direction(|d| d.extend(0.0)),
            prediction: self.prediction,
            cast: self.cast.map(|c| c.map(|v| v.extend(0.0), spin)),
            expect: self.expect,
            engine: self.engine.map(|e| e.map(|v| v.extend(0.0))),
        })
    }

    /// The 2D file of a case in the plane.
    pub(crate) fn of(case: &PiecesCase) -> Self {
        PlanePiecesCase {
            name: case.name.clone(),
            notes: case.notes.clone(),
            dimension: 2,
            a: PlaneBody::of(&case.a),
            b: case.b.clone(),
            solver: case.solver.map_direction(|d| d.truncate()),
            prediction: case.prediction,
            cast: case.cast.map(|c| c.map(|v| v.truncate(), |w| w.z)),
            expect: case.expect.clone(),
            engine: case.engine.clone().map(|e| e.map(|v| v.truncate())),
        }
    }
}
