//! What a physics engine answered for a captured pair, kept in the case beside the bodies, and
//! how that answer reads against what GJK Lab proves.
//!
//! A capture from a game (avian, rapier) writes the engine's own answer into the file: its
//! contact manifold (a normal and points, each with its separation) or its shape cast (a time
//! of impact, a status, a normal and witnesses). Every vector is in world coordinates, normals
//! point from A towards B, and a separation is negative where the bodies overlap.
//!
//! The check reads the engine's number against the proven bounds of the same question:
//! - a contact: the deepest point's separation against the signed distance's bounds (the
//!   distance bounds when apart, minus the depth bounds when overlapping), and then each point
//!   of its manifold: its two ends on their shapes, its separation no deeper than the proven
//!   depth (nor nearer than the proven distance) and the one its two ends give;
//! - a cast: the signed distance at the engine's time of impact, from a static query at the
//!   poses the bodies reach then, against the target distance the engine stopped at.
//!
//! The engines compute in f32. Their inputs, the relative pose and every support point, are
//! rounded at the magnitude of the case's coordinates, so two correct f32 answers to one
//! question can differ by a few units in the last place at that magnitude: an engine's value
//! outside our bounds by no more than [`ROUNDING_ULPS`] such units is said to be within the
//! engine's rounding, not wrong.

mod check;

pub use check::{Agreement, EngineCheck, PointCheck, SignedBounds, engine_rounding};
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// Units in the last place of f32, at the case's magnitude, that separate two correct f32
/// answers: the relative pose (a rotation and a subtraction, about three roundings a
/// coordinate), a support point (three more) and the dot products that measure it (two).
pub const ROUNDING_ULPS: f64 = 8.0;

/// An engine's answer for the pair, as a capture recorded it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EngineAnswer<V = DVec3> {
    /// The engine that answered, with its version (`avian3d 0.8`, `bevy_rapier2d 0.37`).
    pub engine: String,
    /// The parry routine that answered this pair, where the pair's shapes tell which.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routine: Option<String>,
    /// Where the file's poses were taken.
    pub poses: PoseSource,
    /// The engine's contact manifold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact: Option<EngineContact<V>>,
    /// The engine's shape cast: B moved along the scenario's `cast.velocity_b` from the poses
    /// in the file, A still.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast: Option<EngineCast<V>>,
}

/// Where a capture took the poses it wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoseSource {
    /// Where the engine's narrow phase read them, in the step that computed the contact.
    NarrowPhase,
    /// The bodies' poses when the capture ran, and the contact recomputed there with the
    /// engine's own parry (the stored contact was computed at the step's start).
    Recomputed,
    /// At the moment of the call (a shape cast).
    AtCall,
}

impl PoseSource {
    /// The words a file and the panel use.
    pub fn describe(self) -> &'static str {
        match self {
            PoseSource::NarrowPhase => "poses read where the engine's narrow phase read them",
            PoseSource::Recomputed => {
                "poses of the capture's moment, the engine's contact recomputed there by its own parry"
            }
            PoseSource::AtCall => "poses at the moment of the call",
        }
    }
}

/// A contact manifold: one normal and up to four points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EngineContact<V = DVec3> {
    /// Unit, world, from A towards B.
    #[serde(deserialize_with = "crate::shape::reading::coordinates")]
    pub normal: V,
    /// The manifold's points.
    pub points: Vec<EnginePoint<V>>,
}

/// One point of a manifold.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EnginePoint<V = DVec3> {
    /// On A's surface, world.
    #[serde(deserialize_with = "crate::shape::reading::coordinates")]
    pub point_a: V,
    /// On B's surface, world.
    #[serde(deserialize_with = "crate::shape::reading::coordinates")]
    pub point_b: V,
    /// Along the normal, from A's point to B's: negative where the bodies overlap.
    pub separation: f64,
}

/// A shape cast's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EngineCast<V = DVec3> {
    /// The time of impact; `None` when the engine reported no hit.
    pub time_of_impact: Option<f64>,
    /// The engine's status name (parry's `converged`, `out_of_iterations`, `failed`,
    /// `penetrating_or_within_target_dist`), or `none`.
    pub status: String,
    /// Unit, world, from A towards B at the impact.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::shape::reading::opt_coordinates"
    )]
    pub normal: Option<V>,
    /// The witness on A at the impact, world.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::shape::reading::opt_coordinates"
    )]
    pub point_a: Option<V>,
    /// The witness on B at the impact, world.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::shape::reading::opt_coordinates"
    )]
    pub point_b: Option<V>,
}

impl<V> EngineAnswer<V> {
    /// The same answer with every vector mapped by `f` (into or out of the plane).
    pub fn map<W>(self, f: impl Fn(V) -> W) -> EngineAnswer<W> {
        EngineAnswer {
            engine: self.engine,
            routine: self.routine,
            poses: self.poses,
            contact: self.contact.map(|c| EngineContact {
                normal: f(c.normal),
                points: c
                    .points
                    .into_iter()
                    .map(|p| EnginePoint {
                        point_a: f(p.point_a),
                        point_b: f(p.point_b),
                        separation: p.separation,
                    })
                    .collect(),
            }),
            cast: self.cast.map(|c| EngineCast {
                time_of_impact: c.time_of_impact,
                status: c.status,
                normal: c.normal.map(&f),
                point_a: c.point_a.map(&f),
                point_b: c.point_b.map(&f),
            }),
        }
    }
}

impl EngineAnswer {
    /// Checks every number: finite vectors and separations, a time of impact at or above 0.
    pub(crate) fn validate(&self) -> Result<(), (String, String)> {
        let vector = |field: String, v: DVec3| {
            if v.is_finite() {
                Ok(())
            } else {
                Err((field, format!("{v} is not a finite vector")))
            }
        };
        if let Some(c) = &self.contact {
            vector("engine.contact.normal".into(), c.normal)?;
            for (i, p) in c.points.iter().enumerate() {
                vector(format!("engine.contact.points[{i}].point_a"), p.point_a)?;
                vector(format!("engine.contact.points[{i}].point_b"), p.point_b)?;
                if !p.separation.is_finite() {
                    return Err((
                        format!("engine.contact.points[{i}].separation"),
                        format!("{} is not a finite number", p.separation),
                    ));
                }
            }
        }
        if let Some(c) = &self.cast {
            if let Some(t) = c.time_of_impact
                && !(t.is_finite() && t >= 0.0)
            {
                return Err((
                    "engine.cast.time_of_impact".into(),
                    format!("{t} is not a finite time at or after 0"),
                ));
            }
            for (name, v) in [
                ("normal", c.normal),
                ("point_a", c.point_a),
                ("point_b", c.point_b),
            ] {
                if let Some(v) = v {
                    vector(format!("engine.cast.{name}"), v)?;
                }
            }
        }
        Ok(())
    }

    /// The deepest point's separation, the number a contact's check reads.
    pub fn deepest_separation(&self) -> Option<f64> {
        let points = &self.contact.as_ref()?.points;
        points.iter().map(|p| p.separation).reduce(f64::min)
    }
}
