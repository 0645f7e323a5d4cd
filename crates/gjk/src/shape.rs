//! Shapes and bodies: everything a query asks of a convex body, and nothing about GJK.
//!
//! Here: the built-in shapes as a scenario file describes them ([`Shape`]) and the pose that
//! places one ([`Pose`]); how files spell them ([`reading`]); a shape prepared once for its
//! queries ([`prepared`], with a large polytope's hull graph in [`hull`]); support mappings
//! ([`support`], [`convex`]); a shape placed as a [`body::Body`] in the working precision; and
//! the Minkowski difference `A ⊖ B` of two bodies ([`cso`]).
//!
//! May use: [`crate::real`], [`crate::config`]. Used by everything above it.

pub mod body;
pub mod convex;
pub mod cso;
#[macro_use]
pub mod from_parry;
pub mod hull;
pub mod plane;
pub mod prepared;
pub mod reading;
pub mod support;

use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};

/// A convex shape in its local frame. The cylinder, capsule and cone are aligned with local +Y;
/// the cone's apex is at `+half_height` (as in parry).
///
/// Files are read field by field in [`crate::shape::reading`], so that an error names the field.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Shape {
    /// A ball about the origin.
    Sphere {
        /// Its radius.
        radius: f64,
    },
    /// A box about the origin, its edges along the axes.
    Cuboid {
        /// Half its size along x, y and z.
        half_extents: DVec3,
    },
    /// A segment along y grown by a radius (a sphere-swept line).
    Capsule {
        /// Half the segment's length.
        half_height: f64,
        /// The radius around it.
        radius: f64,
    },
    /// A round cylinder along y.
    Cylinder {
        /// Half its height.
        half_height: f64,
        /// The radius of its caps.
        radius: f64,
    },
    /// A cone along y, apex at `+half_height` (as parry's).
    Cone {
        /// Half its height.
        half_height: f64,
        /// The radius of its base.
        radius: f64,
    },
    /// The convex hull of a point cloud (one or more points).
    Polytope {
        /// The points, in the shape's own frame.
        vertices: Vec<DVec3>,
    },
}

impl Shape {
    /// `(half_height, radius)` of the shapes built around local +Y: capsule, cylinder, cone.
    pub fn axial(&self) -> Option<(f64, f64)> {
        match self {
            Shape::Sphere { .. } | Shape::Cuboid { .. } | Shape::Polytope { .. } => None,
            // Two numbers and a tag: the copy costs nothing.
            axial => axial.clone().axial_mut().map(|(h, r)| (*h, *r)),
        }
    }

    /// The same two numbers, to edit.
    pub fn axial_mut(&mut self) -> Option<(&mut f64, &mut f64)> {
        match self {
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
            } => Some((half_height, radius)),
            _ => None,
        }
    }

    /// The radius of a ball about the local origin that holds the shape.
    pub fn bounding_radius(&self) -> f64 {
        match self {
            Shape::Sphere { radius } => *radius,
            Shape::Cuboid { half_extents } => half_extents.length(),
            Shape::Polytope { vertices } => vertices
                .iter()
                .map(|v| v.length_squared())
                .fold(0.0, f64::max)
                .sqrt(),
            axial => axial.axial().map_or(0.0, |(h, r)| h + r),
        }
    }

    /// Every shape's name in scenario files.
    pub const KINDS: [&'static str; 6] = [
        "sphere", "cuboid", "capsule", "cylinder", "cone", "polytope",
    ];

    /// The name used in scenario files (`"sphere"`, `"cuboid"`, …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Shape::Sphere { .. } => "sphere",
            Shape::Cuboid { .. } => "cuboid",
            Shape::Capsule { .. } => "capsule",
            Shape::Cylinder { .. } => "cylinder",
            Shape::Cone { .. } => "cone",
            Shape::Polytope { .. } => "polytope",
        }
    }
}

/// Where a body sits in the world: translation plus unit rotation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    /// The translation.
    pub position: DVec3,
    /// The rotation, a unit quaternion.
    pub rotation: DQuat,
}

impl Pose {
    /// Unrotated, at `position`.
    pub fn at(position: DVec3) -> Self {
        Pose {
            position,
            rotation: DQuat::IDENTITY,
        }
    }

    /// Where the point `local` of the body's own frame stands in the world. A point at the
    /// frame's origin, as most shapes' centres are, is not turned: it is the position, to the
    /// bit.
    #[inline]
    pub fn point(self, local: DVec3) -> DVec3 {
        if local == DVec3::ZERO {
            return self.position;
        }
        self.position + self.rotation * local
    }
}

/// One body: a shape, where it is, and its rounding margin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodySpec {
    /// The shape, in its own frame.
    pub shape: Shape,
    #[serde(default, deserialize_with = "crate::shape::reading::vec3")]
    /// Where its frame's origin is (default the world's origin).
    pub position: DVec3,
    #[serde(default = "identity", deserialize_with = "crate::shape::reading::quat")]
    /// How it is turned (default unturned).
    pub rotation: DQuat,
    #[serde(default)]
    /// A sphere of this radius added round the shape (default 0).
    pub margin: f64,
}

fn identity() -> DQuat {
    DQuat::IDENTITY
}

impl BodySpec {
    /// Where the body is: its position and rotation.
    pub fn pose(&self) -> Pose {
        Pose {
            position: self.position,
            rotation: self.rotation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::body::Body;
    use super::convex::Convex;
    use super::prepared::PreparedShape;
    use super::*;

    fn body(shape: Shape, pose: Pose, margin: f64) -> Body<f64, Convex<f64>> {
        Body::new(PreparedShape::new(shape).convex().clone(), pose, margin)
    }

    #[test]
    fn rotated_cuboid_support_uses_local_frame() {
        // Rotating by 90° about Z maps local +X to world +Y: the long axis now points up.
        let pose = Pose {
            position: DVec3::new(1.0, 2.0, 3.0),
            rotation: DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
        };
        let half_extents = DVec3::new(2.0, 0.5, 0.5);
        let p = body(Shape::Cuboid { half_extents }, pose, 0.0).support(DVec3::Y);
        assert!((p.y - 4.0).abs() < 1e-12, "{p}");
    }

    #[test]
    fn cone_apex_and_rim() {
        let cone = Shape::Cone {
            half_height: 1.0,
            radius: 0.5,
        };
        let cone = body(cone, Pose::at(DVec3::ZERO), 0.0);
        assert_eq!(cone.support(DVec3::Y), DVec3::new(0.0, 1.0, 0.0));
        assert_eq!(
            cone.support(DVec3::new(1.0, -1.0, 0.0)),
            DVec3::new(0.5, -1.0, 0.0)
        );
    }

    #[test]
    fn margin_inflates_along_direction() {
        let point = Shape::Polytope {
            vertices: vec![DVec3::ZERO],
        };
        let p = body(point, Pose::at(DVec3::ZERO), 0.25);
        assert!(
            (p.support(DVec3::new(3.0, 4.0, 0.0)) - DVec3::new(0.15, 0.2, 0.0)).length() < 1e-15
        );
    }
}
