//! Convex shapes and their support mappings.
//!
//! A support mapping `s_C(d)` returns a point of the convex set `C` that lies furthest along the
//! direction `d` (Ericson §2.3): `d · s_C(d) = max { d · x : x ∈ C }`. It is all GJK ever asks of
//! a shape. Shapes here are described in their own local frame and placed in the world by a
//! [`Pose`]; a rounding `margin` inflates a shape by a sphere (the "collision skin" of
//! Code Cave's "3D Convex Collision Detection, Part One: GJK").

use crate::hull::{HullGraph, Policy};
use crate::real::{Real, Vector, unit_or_zero};
use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A convex shape in its local frame. The cylinder, capsule and cone are aligned with local +Y;
/// the cone's apex is at `+half_height` (as in parry).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    try_from = "crate::reading::ShapeFields"
)]
pub enum Shape {
    Sphere {
        radius: f64,
    },
    Cuboid {
        half_extents: DVec3,
    },
    Capsule {
        half_height: f64,
        radius: f64,
    },
    Cylinder {
        half_height: f64,
        radius: f64,
    },
    Cone {
        half_height: f64,
        radius: f64,
    },
    /// The convex hull of a point cloud (one or more points).
    Polytope {
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
    pub position: DVec3,
    pub rotation: DQuat,
}

/// A shape in the precision `R`, placed in the world, with its margin.
#[derive(Debug, Clone)]
pub struct Body<R: Real> {
    local: LocalShape<R>,
    position: R::V,
    rotation: R::Q,
    margin: R,
    /// `‖position‖` plus the furthest the body reaches from it: the size of the numbers a
    /// support point is computed from, and so the scale of its rounding.
    reach: f64,
}

/// The shape's parameters converted once to the working precision, so an f32 run never
/// touches f64 numbers inside the loop.
#[derive(Debug, Clone)]
enum LocalShape<R: Real> {
    Sphere {
        radius: R,
    },
    Cuboid {
        half_extents: R::V,
    },
    Capsule {
        half_height: R,
        radius: R,
    },
    Cylinder {
        half_height: R,
        radius: R,
    },
    Cone {
        half_height: R,
        radius: R,
    },
    /// A point cloud whose supports are found by trying every point.
    Scan {
        vertices: Vec<R::V>,
    },
    /// A polytope whose supports walk its hull's edges.
    Walk(Climb<R>),
}

/// A large polytope's hull graph with its vertices in the working precision.
#[derive(Debug, Clone)]
struct Climb<R: Real> {
    graph: Arc<HullGraph>,
    vertices: Vec<R::V>,
    /// Each vertex minus the hull's centre. The walk compares `d · (v − c)` instead of `d · v`:
    /// the same order, but for a hull far from its frame's origin (a mesh in world coordinates)
    /// `d · v` is a large number whose rounding, in f32, hides the small rises the walk follows.
    centred: Vec<R::V>,
}

impl<R: Real> Climb<R> {
    fn new(graph: Arc<HullGraph>) -> Self {
        let centre = graph.centre;
        Climb {
            vertices: graph.vertices.iter().map(|&v| R::vec(v)).collect(),
            centred: graph.vertices.iter().map(|&v| R::vec(v - centre)).collect(),
            graph,
        }
    }

    /// Walk to a neighbour that reaches further along `d` until none does (see [`crate::hull`]).
    #[inline]
    fn support(&self, d: R::V) -> R::V {
        let (x, y, z) = (d.x().abs(), d.y().abs(), d.z().abs());
        let axis = if x >= y && x >= z {
            0
        } else if y >= z {
            1
        } else {
            2
        };
        let side = usize::from(d.get(axis) < R::ZERO);
        let mut at = self.graph.starts[2 * axis + side] as usize;
        let mut best = self.centred[at].dot(d);
        let mut moved = true;
        while moved {
            moved = false;
            for &n in self.graph.neighbours(at) {
                let dot = self.centred[n as usize].dot(d);
                if dot > best {
                    (at, best, moved) = (n as usize, dot, true);
                }
            }
        }
        self.vertices[at]
    }
}

/// How a body finds its support points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupportMethod {
    /// A closed form (sphere, box, capsule, cylinder, cone).
    Formula,
    /// Every point of a polytope's cloud is tried.
    Scan,
    /// Hill climbing over the hull's edges, for polytopes of at least
    /// [`crate::hull::CLIMB_MIN_VERTICES`] points with a certified hull (see [`crate::hull`]).
    Walk,
}

impl<R: Real> Body<R> {
    /// The body. A large polytope walks its hull from the second time its vertex list is seen
    /// (a dragged shape, a sweep; see [`Policy::WhenSeenAgain`]) and scans until then.
    pub fn new(shape: &Shape, pose: Pose, margin: f64) -> Self {
        Self::build(shape, pose, margin, Some(Policy::WhenSeenAgain))
    }

    /// The body, a large polytope walking its hull at once (for many queries on one shape).
    pub fn walking(shape: &Shape, pose: Pose, margin: f64) -> Self {
        Self::build(shape, pose, margin, Some(Policy::Now))
    }

    /// The body with every polytope scanned point by point (tests and benchmarks compare the
    /// two ways).
    pub fn scanning(shape: &Shape, pose: Pose, margin: f64) -> Self {
        Self::build(shape, pose, margin, None)
    }

    fn build(shape: &Shape, pose: Pose, margin: f64, walk: Option<Policy>) -> Self {
        let f = R::from_f64;
        let local = match shape {
            Shape::Sphere { radius } => LocalShape::Sphere { radius: f(*radius) },
            Shape::Cuboid { half_extents } => LocalShape::Cuboid {
                half_extents: R::vec(*half_extents),
            },
            Shape::Capsule {
                half_height,
                radius,
            } => LocalShape::Capsule {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Shape::Cylinder {
                half_height,
                radius,
            } => LocalShape::Cylinder {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Shape::Cone {
                half_height,
                radius,
            } => LocalShape::Cone {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Shape::Polytope { vertices } => {
                match walk.and_then(|policy| HullGraph::for_support(vertices, policy)) {
                    Some(graph) => LocalShape::Walk(Climb::new(graph)),
                    None => LocalShape::Scan {
                        vertices: vertices.iter().map(|v| R::vec(*v)).collect(),
                    },
                }
            }
        };
        Body {
            local,
            position: R::vec(pose.position),
            rotation: R::quat(pose.rotation),
            margin: f(margin),
            reach: pose.position.length() + shape.bounding_radius() + margin,
        }
    }

    /// `‖position‖` plus the body's bounding radius about it (margin included).
    pub fn reach(&self) -> f64 {
        self.reach
    }

    /// How this body finds its support points.
    pub fn support_method(&self) -> SupportMethod {
        match &self.local {
            LocalShape::Walk(_) => SupportMethod::Walk,
            LocalShape::Scan { .. } => SupportMethod::Scan,
            _ => SupportMethod::Formula,
        }
    }

    /// A world point in the body's own frame.
    pub fn to_local(&self, p: R::V) -> R::V {
        R::unrotate(self.rotation, p - self.position)
    }

    /// A point of the body's own frame in the world.
    pub fn to_world(&self, p: R::V) -> R::V {
        R::rotate(self.rotation, p) + self.position
    }

    /// The body's reference point (its local origin in the world).
    pub fn center(&self) -> R::V {
        self.position
    }

    /// World-space support point: rotate `d` into the local frame, take the local support,
    /// and carry the point back out (Code Cave, "support mapping of rotated
    /// shapes").
    #[inline]
    pub fn support(&self, d: R::V) -> R::V {
        let local_d = R::unrotate(self.rotation, d);
        let mut p = self.local.support(local_d);
        if self.margin > R::ZERO {
            p = p + unit_or_zero::<R>(local_d) * self.margin;
        }
        R::rotate(self.rotation, p) + self.position
    }
}

/// `±h` by the sign of `s`, with `+h` for zero (any choice is a valid support there).
#[inline]
fn signed<R: Real>(s: R, h: R) -> R {
    if s < R::ZERO { -h } else { h }
}

impl<R: Real> LocalShape<R> {
    #[inline]
    fn support(&self, d: R::V) -> R::V {
        match self {
            LocalShape::Sphere { radius } => unit_or_zero::<R>(d) * *radius,
            // Each axis independently picks the face that looks along d.
            LocalShape::Cuboid { half_extents } => R::V::new(
                signed(d.x(), half_extents.x()),
                signed(d.y(), half_extents.y()),
                signed(d.z(), half_extents.z()),
            ),
            // A segment on Y swept by a sphere: support(segment) + r·d̂.
            LocalShape::Capsule {
                half_height,
                radius,
            } => {
                R::V::new(R::ZERO, signed(d.y(), *half_height), R::ZERO)
                    + unit_or_zero::<R>(d) * *radius
            }
            // The rim point whose radial direction matches d's projection on the XZ plane.
            LocalShape::Cylinder {
                half_height,
                radius,
            } => radial::<R>(d, *radius) + R::V::new(R::ZERO, signed(d.y(), *half_height), R::ZERO),
            // Either the apex or a point on the base rim, whichever reaches further along d.
            LocalShape::Cone {
                half_height,
                radius,
            } => {
                let apex = R::V::new(R::ZERO, *half_height, R::ZERO);
                let rim = radial::<R>(d, *radius) + R::V::new(R::ZERO, -*half_height, R::ZERO);
                if apex.dot(d) >= rim.dot(d) { apex } else { rim }
            }
            LocalShape::Walk(climb) => climb.support(d),
            // Brute force over the cloud: the hull's support is one of its points.
            LocalShape::Scan { vertices } => {
                let mut best = vertices[0];
                let mut best_dot = best.dot(d);
                for &p in &vertices[1..] {
                    let dot = p.dot(d);
                    if dot > best_dot {
                        best = p;
                        best_dot = dot;
                    }
                }
                best
            }
        }
    }
}

/// `r · (dx, 0, dz) / ‖(dx, dz)‖`, or the axis point when d is parallel to Y.
#[inline]
fn radial<R: Real>(d: R::V, radius: R) -> R::V {
    let flat = R::V::new(d.x(), R::ZERO, d.z());
    unit_or_zero::<R>(flat) * radius
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(shape: Shape) -> Body<f64> {
        Body::new(
            &shape,
            Pose {
                position: DVec3::new(1.0, 2.0, 3.0),
                rotation: DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
            },
            0.0,
        )
    }

    #[test]
    fn rotated_cuboid_support_uses_local_frame() {
        // Rotating by 90° about Z maps local +X to world +Y: the long axis now points up.
        let b = body(Shape::Cuboid {
            half_extents: DVec3::new(2.0, 0.5, 0.5),
        });
        let p = b.support(DVec3::Y);
        assert!((p.y - 4.0).abs() < 1e-12, "{p}");
    }

    #[test]
    fn cone_apex_and_rim() {
        let cone = Body::<f64>::new(
            &Shape::Cone {
                half_height: 1.0,
                radius: 0.5,
            },
            Pose {
                position: DVec3::ZERO,
                rotation: DQuat::IDENTITY,
            },
            0.0,
        );
        assert_eq!(cone.support(DVec3::Y), DVec3::new(0.0, 1.0, 0.0));
        assert_eq!(
            cone.support(DVec3::new(1.0, -1.0, 0.0)),
            DVec3::new(0.5, -1.0, 0.0)
        );
    }

    #[test]
    fn margin_inflates_along_direction() {
        let p = Body::<f64>::new(
            &Shape::Polytope {
                vertices: vec![DVec3::ZERO],
            },
            Pose {
                position: DVec3::ZERO,
                rotation: DQuat::IDENTITY,
            },
            0.25,
        );
        assert!(
            (p.support(DVec3::new(3.0, 4.0, 0.0)) - DVec3::new(0.15, 0.2, 0.0)).length() < 1e-15
        );
    }
}
