//! parry2d-f64's answer for a pair in the plane: the reference beside our 2D answers, as
//! parry3d-f64 is beside the 3D ones. The bodies of a 2D scenario lie in `z = 0`; parry2d gets
//! their plane shapes, and its answer is laid back in `z = 0`.

use super::{Reference, ReferenceCast, cast_answer, parry_cast, parry_reference};
use crate::scenario::Scenario;
use crate::shape::BodySpec;
use crate::shape::Shape;
use crate::shape::plane::angle_of;
use glam::DVec3;
use parry2d_f64::math::{Pose, Vector};
pub use parry2d_f64::shape::SharedShape;

fn v(p: DVec3) -> Vector {
    Vector::new(p.x, p.y)
}

fn d(p: Vector) -> DVec3 {
    DVec3::new(p.x, p.y, 0.0)
}

/// Where parry2d places the body: its position in the plane and its angle.
pub fn parry_pose(b: &BodySpec) -> Pose {
    Pose::new(v(b.position), angle_of(b.rotation))
}

/// The body's plane shape in parry2d (a margin becomes parry's round shapes), or `None` for a
/// shape the plane has no kind for, or points parry cannot hull (fewer than three not on one
/// line).
pub fn parry_shape(b: &BodySpec) -> Option<SharedShape> {
    let m = b.margin;
    Some(match &b.shape {
        Shape::Sphere { radius } => SharedShape::ball(radius + m),
        Shape::Capsule {
            half_height,
            radius,
        } => SharedShape::capsule_y(*half_height, radius + m),
        Shape::Cuboid { half_extents: h } if m > 0.0 => SharedShape::round_cuboid(h.x, h.y, m),
        Shape::Cuboid { half_extents: h } => SharedShape::cuboid(h.x, h.y),
        Shape::Polytope { vertices } => {
            let pts: Vec<Vector> = vertices.iter().map(|&p| v(p)).collect();
            if m > 0.0 {
                SharedShape::round_convex_hull(&pts, m)?
            } else {
                SharedShape::convex_hull(&pts)?
            }
        }
        Shape::Cylinder { .. } | Shape::Cone { .. } => return None,
    })
}

/// Asks parry2d-f64 about a pair in the plane; an error names the body parry cannot represent.
pub fn reference(a: &BodySpec, b: &BodySpec) -> Result<Reference, String> {
    let shape = |body: &BodySpec, name: &str| {
        parry_shape(body).ok_or_else(|| {
            format!("parry2d cannot take {name} (a polygon needs 3 or more points not on one line)")
        })
    };
    let (sa, sb) = (shape(a, "A")?, shape(b, "B")?);
    let (pa, pb) = (parry_pose(a), parry_pose(b));
    parry_reference!(parry2d_f64, (pa, sa), (pb, sb)).map_err(|e| format!("parry2d: {e}"))
}

/// parry2d-f64's time of impact for a cast in the plane (see [`super::reference_cast`]).
pub fn reference_cast(s: &Scenario) -> Result<ReferenceCast, String> {
    let cast = s.cast.as_ref().ok_or("the scenario has no cast section")?;
    let settings = cast.settings(crate::config::Precision::F64);
    let shape = |body: &BodySpec, name: &str| {
        parry_shape(body).ok_or_else(|| format!("parry2d cannot take {name}"))
    };
    let (sa, sb) = (shape(&s.a, "A")?, shape(&s.b, "B")?);
    let (pa, pb) = (parry_pose(&s.a), parry_pose(&s.b));
    // In the plane an angular velocity is its turn about the normal.
    let turn = |w: DVec3| w.z;
    let hit = parry_cast!(parry2d_f64, cast, settings, (pa, sa), (pb, sb), v, turn)
        .map_err(|e| format!("parry2d: {e}"))?;
    Ok(cast_answer(s, hit))
}
