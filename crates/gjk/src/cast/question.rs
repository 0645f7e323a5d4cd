//! The question a cast answers: how both bodies move, until when, and what counts as touching
//! (a scenario's `cast` section, with its defaults filled in).

use crate::config::{Precision, thresholds};
use crate::real::Real;
use crate::shape::Pose;
use crate::shape::body::Body;
use crate::shape::support::SupportMap;
use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};

/// The cap on a cast's iterations when the scenario does not set one.
pub const DEFAULT_CAST_ITERATIONS: u32 = 1000;
/// The largest cap a scenario may set.
pub const MAX_CAST_ITERATIONS: u32 = 10_000;

/// How a cast finds the time of impact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastMethod {
    /// GJK ray cast against `A ⊖ B` along the relative translation (translation only).
    RayCast,
    /// Advance by distance over a bound on the closing speed (turning allowed).
    ConservativeAdvancement,
    /// GJK on the swept hull, then bisection on the sweep (translation only).
    SweptHull,
}

impl CastMethod {
    /// Every method, in the order the panel offers them.
    pub const ALL: [CastMethod; 3] = [
        CastMethod::RayCast,
        CastMethod::ConservativeAdvancement,
        CastMethod::SweptHull,
    ];

    /// The snake_case name used in files and output.
    pub fn name(self) -> &'static str {
        match self {
            CastMethod::RayCast => "ray_cast",
            CastMethod::ConservativeAdvancement => "conservative_advancement",
            CastMethod::SweptHull => "swept_hull",
        }
    }

    /// Whether the method can follow a turning body.
    pub fn handles_turning(self) -> bool {
        self == CastMethod::ConservativeAdvancement
    }
}

/// A scenario's `cast` section: how both bodies move, and what counts as touching. Every field
/// is optional (see the accessors for the defaults).
///
/// `V` is a velocity and `W` an angular velocity as a file writes them: both `[x, y, z]` in
/// space; in the plane `[x, y]` and one number (radians per unit time, counter-clockwise).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(
        deserialize = "V: crate::shape::reading::Coordinates + Default, W: crate::shape::reading::Coordinates + Default"
    )
)]
pub struct CastSpec<V = DVec3, W = DVec3> {
    #[serde(default, deserialize_with = "crate::shape::reading::coordinates")]
    /// A's velocity (world space, per unit time).
    pub velocity_a: V,
    #[serde(default, deserialize_with = "crate::shape::reading::coordinates")]
    /// B's velocity.
    pub velocity_b: V,
    /// World-space angular velocity (axis × radians per unit time) about the body's position.
    #[serde(default, deserialize_with = "crate::shape::reading::coordinates")]
    pub angular_velocity_a: W,
    #[serde(default, deserialize_with = "crate::shape::reading::coordinates")]
    /// B's angular velocity, as A's.
    pub angular_velocity_b: W,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The end of the time interval searched, from 0 (default 1).
    pub max_time: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The distance at which the bodies count as in contact (default 0: touching).
    pub target_distance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// How far above the target a hit may be (default 1e-6 in f64, 1e-4 in f32).
    pub tolerance: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The method asked for (default the ray cast, or advancement when a body turns).
    pub method: Option<CastMethod>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The cap on iterations, over every method the cast runs (default 1000).
    pub max_iterations: Option<u32>,
}

impl<V, W> CastSpec<V, W> {
    /// The same section with its velocities mapped by `v` and its angular velocities by `w`
    /// (into or out of the plane).
    pub fn map<V2, W2>(self, v: impl Fn(V) -> V2, w: impl Fn(W) -> W2) -> CastSpec<V2, W2> {
        CastSpec {
            velocity_a: v(self.velocity_a),
            velocity_b: v(self.velocity_b),
            angular_velocity_a: w(self.angular_velocity_a),
            angular_velocity_b: w(self.angular_velocity_b),
            max_time: self.max_time,
            target_distance: self.target_distance,
            tolerance: self.tolerance,
            method: self.method,
            max_iterations: self.max_iterations,
        }
    }
}

impl CastSpec {
    /// Whether either body turns.
    pub fn turns(&self) -> bool {
        self.angular_velocity_a != DVec3::ZERO || self.angular_velocity_b != DVec3::ZERO
    }

    /// The method asked for, else the ray cast when nothing turns and conservative advancement
    /// when something does.
    pub fn method(&self) -> CastMethod {
        self.method.unwrap_or(if self.turns() {
            CastMethod::ConservativeAdvancement
        } else {
            CastMethod::RayCast
        })
    }

    /// Every default filled in for `precision`.
    pub fn settings(&self, precision: Precision) -> CastSettings {
        CastSettings {
            method: self.method(),
            max_time: self.max_time.unwrap_or(1.0),
            target: self.target_distance.unwrap_or(0.0),
            tolerance: self
                .tolerance
                .unwrap_or(thresholds::default_cast_tolerance(precision)),
            max_iterations: self.max_iterations.unwrap_or(DEFAULT_CAST_ITERATIONS),
        }
    }

    /// Body A's motion from `pose`.
    pub fn motion_a(&self, pose: Pose) -> Motion {
        Motion {
            pose,
            velocity: self.velocity_a,
            angular: self.angular_velocity_a,
        }
    }

    /// Body B's motion from `pose`.
    pub fn motion_b(&self, pose: Pose) -> Motion {
        Motion {
            pose,
            velocity: self.velocity_b,
            angular: self.angular_velocity_b,
        }
    }
}

/// A cast's settings with every default filled in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastSettings {
    /// The method asked for.
    pub method: CastMethod,
    /// The end of the interval searched.
    pub max_time: f64,
    /// The contact distance.
    pub target: f64,
    /// How far above the target a hit may be.
    pub tolerance: f64,
    /// The cap on iterations.
    pub max_iterations: u32,
}

/// A body's motion: constant velocity, and constant angular velocity about its own position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    /// The pose at `t = 0`.
    pub pose: Pose,
    /// Constant velocity, world space.
    pub velocity: DVec3,
    /// World-space axis times radians per unit time.
    pub angular: DVec3,
}

impl Motion {
    /// The same motion with its start moved by `offset` (into the cast's frame and back).
    pub fn moved(self, offset: DVec3) -> Motion {
        Motion {
            pose: Pose {
                position: self.pose.position + offset,
                ..self.pose
            },
            ..self
        }
    }

    /// The pose at time `t`: `p + t·v`, `exp(t·ω)·q` (`q` itself when the body does not turn).
    pub fn at(&self, t: f64) -> Pose {
        let rotation = if self.angular == DVec3::ZERO {
            self.pose.rotation
        } else {
            (DQuat::from_scaled_axis(self.angular * t) * self.pose.rotation).normalize()
        };
        Pose {
            position: self.pose.position + self.velocity * t,
            rotation,
        }
    }
}

/// A shape in motion, with its rounding margin: placed again at every time a method looks at.
#[derive(Debug)]
pub struct Mover<'s, S> {
    /// The shape, in its own frame.
    pub shape: &'s S,
    /// How it moves.
    pub motion: Motion,
    /// Its rounding margin (a sphere of this radius around it).
    pub margin: f64,
}

impl<S> Clone for Mover<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Mover<'_, S> {}

impl<'s, S> Mover<'s, S> {
    /// The same body with its start moved by `offset`.
    pub fn moved(self, offset: DVec3) -> Self {
        Mover {
            motion: self.motion.moved(offset),
            ..self
        }
    }

    /// The body without its margin when `split` (its radius is then added by the queries).
    pub(crate) fn split(self, split: bool) -> Self {
        Mover {
            margin: if split { 0.0 } else { self.margin },
            ..self
        }
    }

    /// The body at time `t`, in precision `R`.
    pub fn body<R: Real>(&self, t: f64) -> Body<R, &'s S>
    where
        S: SupportMap<R>,
    {
        Body::new(self.shape, self.motion.at(t), self.margin)
    }

    /// The radius of a ball about the body's position that holds its shape (its margin left
    /// out): how far a point of the shape is from the axis it turns about, at most. The margin
    /// is a ball around the shape, which turning does not move.
    pub fn reach<R: Real>(&self) -> f64
    where
        S: SupportMap<R>,
    {
        // The shape's points are within its bounding radius of its origin, which is that far
        // from the body's position.
        self.shape.bounding_radius() + self.shape.origin().length()
    }
}
