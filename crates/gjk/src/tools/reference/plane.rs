//! parry2d-f64's answer for a pair in the plane: the reference beside our 2D answers, as
//! parry3d-f64 is beside the 3D ones. The bodies of a 2D scenario lie in `z = 0`; parry2d gets
//! their plane shapes, and its answer is laid back in `z = 0`.

use super::{Reference, ReferenceCast, cast_answer, status_name};
use crate::scenario::Scenario;
use crate::shape::BodySpec;
use crate::shape::Shape;
use crate::shape::plane::angle_of;
use glam::DVec3;
use parry2d_f64::math::{Pose, Vector};
use parry2d_f64::query;
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
    let distance = query::distance(&pa, &*sa.0, &pb, &*sb.0)
        .map_err(|e| format!("parry2d: {e}"))?
        .distance;
    // As in 3D: a prediction just beyond the distance gives the closest points of a separated
    // pair and the deepest points of an overlapping one.
    let contact = query::contact(&pa, &*sa.0, &pb, &*sb.0, distance + 1.0)
        .map_err(|e| format!("parry2d: {e}"))?;
    Ok(match contact {
        Some(c) => Reference {
            distance,
            depth: (c.dist < 0.0).then_some(-c.dist),
            normal: Some(d(c.normal1)),
            point_a: Some(d(c.point1)),
            point_b: Some(d(c.point2)),
        },
        None => Reference {
            distance,
            depth: None,
            normal: None,
            point_a: None,
            point_b: None,
        },
    })
}

/// parry2d-f64's time of impact for a cast in the plane (see [`super::reference_cast`]).
pub fn reference_cast(s: &Scenario) -> Result<ReferenceCast, String> {
    use parry2d_f64::query::{
        NonlinearRigidMotion, ShapeCastOptions, ShapeCastStatus, cast_shapes, cast_shapes_nonlinear,
    };
    let cast = s.cast.as_ref().ok_or("the scenario has no cast section")?;
    let settings = cast.settings(crate::config::Precision::F64);
    let shape = |body: &BodySpec, name: &str| {
        parry_shape(body).ok_or_else(|| format!("parry2d cannot take {name}"))
    };
    let (sa, sb) = (shape(&s.a, "A")?, shape(&s.b, "B")?);
    let (pa, pb) = (parry_pose(&s.a), parry_pose(&s.b));
    let hit = if cast.turns() {
        let motion = |start: Pose, v: DVec3, w: DVec3| NonlinearRigidMotion {
            start,
            local_center: Vector::ZERO,
            linvel: self::v(v),
            angvel: w.z,
        };
        cast_shapes_nonlinear(
            &motion(pa, cast.velocity_a, cast.angular_velocity_a),
            &*sa.0,
            &motion(pb, cast.velocity_b, cast.angular_velocity_b),
            &*sb.0,
            0.0,
            settings.max_time,
            true,
        )
    } else {
        let options = ShapeCastOptions {
            max_time_of_impact: settings.max_time,
            target_distance: settings.target,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: true,
        };
        cast_shapes(
            &pa,
            v(cast.velocity_a),
            &*sa.0,
            &pb,
            v(cast.velocity_b),
            &*sb.0,
            options,
        )
    }
    .map_err(|e| format!("parry2d: {e}"))?;
    let hit = hit.map(|h| (h.time_of_impact, status_name!(h.status), d(h.normal1)));
    Ok(cast_answer(s, hit))
}
