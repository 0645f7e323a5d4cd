//! Shapes in the plane, as a 2D scenario file names them, laid in the plane `z = 0`.
//!
//! | file | what the solver runs on |
//! |---|---|
//! | `circle` (radius) | a sphere: along any direction in the plane its support point is the circle's |
//! | `cuboid` (half_extents `[x, y]`) | the box with no depth (`z` half-extent 0) |
//! | `capsule` (half_height along y, radius) | the capsule: its cross-section is the stadium |
//! | `polygon` (vertices `[[x, y], …]`) | the polytope of those points, at `z = 0` |
//!
//! Every direction a query in the plane asks along lies in the plane (see
//! [`crate::config::Dimension`]), and along such a direction each of these bodies answers the
//! support point of its plane shape: the plane's answers are the 3D answers of these bodies.
//! A margin rounds the shape in the plane the same way.

use crate::shape::Shape;
use crate::shape::reading::ShapeFields;
use glam::{DVec2, DVec3};
use serde::de::{self, Deserializer};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

/// The angle of a turn about +Z (a rotation with no other part, as a 2D body's are).
pub fn angle_of(q: glam::DQuat) -> f64 {
    2.0 * q.z.atan2(q.w)
}

/// The turn about +Z by `angle` as a 2D file reads it and the app holds it: the angle brought
/// into (−π, π] first, so that the quaternion's `w` is never negative and [`file_angle`] can
/// find an angle that reads back as the same quaternion, to the bit.
pub fn rotation_of(angle: f64) -> glam::DQuat {
    use std::f64::consts::{PI, TAU};
    let mut a = angle % TAU;
    if a > PI {
        a -= TAU;
    } else if a <= -PI {
        a += TAU;
    }
    glam::DQuat::from_rotation_z(a)
}

/// The angle a 2D file writes for the turn `q`: one that [`rotation_of`] reads back as `q`
/// itself where there is one. `2 atan2(z, w)` is the turn's angle to within rounding, and a
/// quaternion that [`rotation_of`] made is met again by it or by an angle an ulp or two away
/// (seen for every one of 400,000 angles in (−π, π], near 0 and π included); for any other
/// quaternion (a turn in space, or one composed of many) the nearest angle is written.
pub fn file_angle(q: glam::DQuat) -> f64 {
    let nearest = angle_of(q);
    let (mut up, mut down) = (nearest, nearest);
    for _ in 0..=FILE_ANGLE_ULPS {
        for a in [up, down] {
            if rotation_of(a) == q {
                return a;
            }
        }
        up = up.next_up();
        down = down.next_down();
    }
    nearest
}

/// How many ulps from `2 atan2(z, w)` [`file_angle`] looks for an angle that reads back
/// exactly: the search above found every one within 1.
const FILE_ANGLE_ULPS: usize = 4;

/// A shape of a 2D file, held as the body in space it is solved as.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaneShape(pub Shape);

/// Every shape's name in 2D scenario files.
pub const PLANE_KINDS: [&str; 4] = ["circle", "cuboid", "capsule", "polygon"];

impl<'de> Deserialize<'de> for PlaneShape {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        PlaneShape::try_from(ShapeFields::<DVec2>::deserialize(d)?).map_err(de::Error::custom)
    }
}

impl TryFrom<ShapeFields<DVec2>> for PlaneShape {
    type Error = String;

    fn try_from(f: ShapeFields<DVec2>) -> Result<Self, String> {
        let fields: &[&str] = match f.kind.as_str() {
            "circle" => &["radius"],
            "cuboid" => &["half_extents"],
            "capsule" => &["half_height", "radius"],
            "polygon" => &["vertices"],
            other => {
                let hint = match other {
                    "sphere" => " (in 2D a round shape is a circle)",
                    "polytope" => " (in 2D a hull of points is a polygon)",
                    _ => "",
                };
                return Err(format!(
                    "type \"{other}\" is not a 2D shape{hint}; use one of {}",
                    PLANE_KINDS.join(", ")
                ));
            }
        };
        f.only(fields)?;
        Ok(PlaneShape(match f.kind.as_str() {
            "circle" => Shape::Sphere {
                radius: f.need(f.radius, "radius")?,
            },
            "cuboid" => Shape::Cuboid {
                half_extents: f.need(f.half_extents, "half_extents")?.extend(0.0),
            },
            "capsule" => Shape::Capsule {
                half_height: f.need(f.half_height, "half_height")?,
                radius: f.need(f.radius, "radius")?,
            },
            _ => Shape::Polytope {
                vertices: f.vertices.iter().map(|v| v.extend(0.0)).collect(),
            },
        }))
    }
}

/// The points of a shape's cross-section by the plane `z = 0`, for the shapes with no plane
/// kind of their own: a cylinder or cone standing along +Y is cut into a rectangle or a
/// triangle.
fn section(shape: &Shape) -> Option<Vec<DVec2>> {
    match *shape {
        Shape::Cylinder {
            half_height,
            radius,
        } => Some(vec![
            DVec2::new(-radius, -half_height),
            DVec2::new(radius, -half_height),
            DVec2::new(radius, half_height),
            DVec2::new(-radius, half_height),
        ]),
        Shape::Cone {
            half_height,
            radius,
        } => Some(vec![
            DVec2::new(-radius, -half_height),
            DVec2::new(radius, -half_height),
            DVec2::new(0.0, half_height),
        ]),
        _ => None,
    }
}

impl Serialize for PlaneShape {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let flat = |v: &DVec3| v.truncate();
        match &self.0 {
            Shape::Sphere { radius } => {
                let mut st = s.serialize_struct("Shape", 2)?;
                st.serialize_field("type", "circle")?;
                st.serialize_field("radius", radius)?;
                st.end()
            }
            Shape::Cuboid { half_extents } => {
                let mut st = s.serialize_struct("Shape", 2)?;
                st.serialize_field("type", "cuboid")?;
                st.serialize_field("half_extents", &flat(half_extents))?;
                st.end()
            }
            Shape::Capsule {
                half_height,
                radius,
            } => {
                let mut st = s.serialize_struct("Shape", 3)?;
                st.serialize_field("type", "capsule")?;
                st.serialize_field("half_height", half_height)?;
                st.serialize_field("radius", radius)?;
                st.end()
            }
            other => {
                let vertices = match other {
                    Shape::Polytope { vertices } => vertices.iter().map(flat).collect(),
                    _ => section(other).unwrap_or_default(),
                };
                let mut st = s.serialize_struct("Shape", 2)?;
                st.serialize_field("type", "polygon")?;
                st.serialize_field("vertices", &vertices)?;
                st.end()
            }
        }
    }
}
