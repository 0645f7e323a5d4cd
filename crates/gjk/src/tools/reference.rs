//! parry3d's answer for the same pair, the reference the lab shows beside its own (feature
//! `reference`). parry is the Rust field's collision library; converting our shapes to its
//! shapes is the whole job. It is not exact either: its GJK may stop early on a separated pair,
//! so a difference is a question to look into, not a verdict.

pub mod judgement;
pub mod manifold;
pub mod plane;

use crate::scenario::Scenario;
use crate::shape::BodySpec;
use crate::shape::Shape;
use glam::DVec3;
use parry3d_f64::math::{Pose, Rotation, Vector};
pub use parry3d_f64::shape::SharedShape;
use serde::{Deserialize, Serialize};

fn v(p: DVec3) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

fn d(p: Vector) -> DVec3 {
    DVec3::new(p.x, p.y, p.z)
}

/// The same body as parry3d sees it (a margin becomes parry's round shapes), or `None` for a
/// point cloud parry cannot hull (fewer than four points not all in one plane).
pub fn to_parry(b: &BodySpec) -> Option<(Pose, SharedShape)> {
    Some((parry_pose(b), parry_shape(b)?))
}

/// Where parry places the body.
pub fn parry_pose(b: &BodySpec) -> Pose {
    let q = b.rotation;
    let rot = Rotation::from_xyzw(q.x, q.y, q.z, q.w);
    Pose::from_parts(v(b.position), rot)
}

/// The body's shape in parry, independent of its pose: a caller that moves a body can keep it
/// (a polytope's hull is the costly part).
pub fn parry_shape(b: &BodySpec) -> Option<SharedShape> {
    let m = b.margin;
    let shape = match &b.shape {
        Shape::Sphere { radius } => SharedShape::ball(radius + m),
        Shape::Capsule {
            half_height,
            radius,
        } => SharedShape::capsule_y(*half_height, radius + m),
        Shape::Cuboid { half_extents: h } if m > 0.0 => SharedShape::round_cuboid(h.x, h.y, h.z, m),
        Shape::Cuboid { half_extents: h } => SharedShape::cuboid(h.x, h.y, h.z),
        Shape::Cylinder {
            half_height,
            radius,
        } if m > 0.0 => SharedShape::round_cylinder(*half_height, *radius, m),
        Shape::Cylinder {
            half_height,
            radius,
        } => SharedShape::cylinder(*half_height, *radius),
        Shape::Cone {
            half_height,
            radius,
        } if m > 0.0 => SharedShape::round_cone(*half_height, *radius, m),
        Shape::Cone {
            half_height,
            radius,
        } => SharedShape::cone(*half_height, *radius),
        Shape::Polytope { vertices } => {
            let pts: Vec<Vector> = vertices.iter().map(|&p| v(p)).collect();
            if m > 0.0 {
                SharedShape::round_convex_hull(&pts, m)?
            } else {
                SharedShape::convex_hull(&pts)?
            }
        }
    };
    Some(shape)
}

/// parry3d-f64's answer: the distance (0 when touching or overlapping) and, from its contact
/// query, the penetration depth with its normal, and the two closest or deepest points.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    /// parry's distance (0 when touching or overlapping).
    pub distance: f64,
    /// Overlap depth (positive) when parry finds the shapes penetrating.
    pub depth: Option<f64>,
    /// Unit direction from A to B.
    pub normal: Option<DVec3>,
    /// The closest (or deepest) point of A.
    pub point_a: Option<DVec3>,
    /// The closest (or deepest) point of B.
    pub point_b: Option<DVec3>,
}

/// The reference for a scenario's pair: parry2d-f64's in the plane, parry3d-f64's in space.
pub fn reference_for(s: &Scenario) -> Result<Reference, String> {
    if s.dimension.is_plane() {
        plane::reference(&s.a, &s.b)
    } else {
        reference(&s.a, &s.b)
    }
}

/// Asks parry3d-f64 about the pair; an error names the body parry cannot represent.
pub fn reference(a: &BodySpec, b: &BodySpec) -> Result<Reference, String> {
    let sa = parry_shape_of(a, "A")?;
    let sb = parry_shape_of(b, "B")?;
    reference_posed((&parry_pose(a), &sa), (&parry_pose(b), &sb))
}

/// [`parry_shape`], or an error that names the body (`"A"` or `"B"`) parry cannot hull.
pub fn parry_shape_of(b: &BodySpec, name: &str) -> Result<SharedShape, String> {
    parry_shape(b).ok_or_else(|| {
        format!(
            "parry cannot hull {name}'s points (it needs 4 or more points not all in one plane)"
        )
    })
}

/// [`reference`](fn@reference) for shapes already in parry.
pub fn reference_posed(
    (pa, sa): (&Pose, &SharedShape),
    (pb, sb): (&Pose, &SharedShape),
) -> Result<Reference, String> {
    parry_reference!(parry3d_f64, (pa, sa), (pb, sb)).map_err(|e| format!("parry: {e}"))
}

/// parry's distance and contact for a posed pair, as a [`Reference`], in `$parry` (parry2d-f64
/// or parry3d-f64: one API, two crates). The contact query with a prediction just beyond the
/// distance reports the closest points of a separated pair and the deepest points of an
/// overlapping one.
macro_rules! parry_reference {
    ($parry:ident, ($pa:expr, $sa:expr), ($pb:expr, $sb:expr)) => {{
        use $parry::query;
        query::distance(&$pa, &*$sa.0, &$pb, &*$sb.0).and_then(|found| {
            let distance = found.distance;
            let contact = query::contact(&$pa, &*$sa.0, &$pb, &*$sb.0, distance + 1.0)?;
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
        })
    }};
}
use parry_reference;

/// A body from a parry3d-f64 shape at its pose: what a parry, rapier or avian user holds at
/// the site of a failing query ([`body_from_parry3d!`](crate::body_from_parry3d), which the engines' f32 builds
/// share). An error names a shape that is not one convex piece.
pub fn body_from_parry(
    shape: &dyn parry3d_f64::shape::Shape,
    pose: &Pose,
) -> Result<BodySpec, String> {
    body_from_parry3d!(parry3d_f64, shape, pose)
}

/// A scenario from two parry shapes and their poses, ready to save and open in the lab:
///
/// ```no_run
/// use gjk::tools::reference::scenario_from_parry;
/// use parry3d_f64::math::{Pose, Vector};
/// use parry3d_f64::shape::{Ball, Cuboid};
///
/// // A ball resting 0.01 deep in a slab, as the failing query saw them.
/// let slab = (Pose::IDENTITY, Cuboid::new(Vector::new(2.0, 0.5, 2.0)));
/// let ball = (Pose::from_translation(Vector::new(0.0, 0.99, 0.0)), Ball::new(0.5));
/// scenario_from_parry("my failing query", (&slab.0, &slab.1), (&ball.0, &ball.1))?
///     .save("failing.json".as_ref())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The result is validated like a file, so a pose or a size the solver refuses says so here.
pub fn scenario_from_parry(
    name: &str,
    (pose_a, shape_a): (&Pose, &dyn parry3d_f64::shape::Shape),
    (pose_b, shape_b): (&Pose, &dyn parry3d_f64::shape::Shape),
) -> Result<Scenario, String> {
    let a = body_from_parry(shape_a, pose_a).map_err(|e| format!("a: {e}"))?;
    let b = body_from_parry(shape_b, pose_b).map_err(|e| format!("b: {e}"))?;
    Scenario::new(name, a, b)
        .validated()
        .map_err(|e| e.to_string())
}

/// parry3d's answer to a scenario's cast: `cast_shapes` when nothing turns,
/// `cast_shapes_nonlinear` when something does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReferenceCast {
    /// The time of impact, `None` for no hit before `max_time`.
    pub toi: Option<f64>,
    /// parry's status name (`converged`, `out_of_iterations`, `failed`,
    /// `penetrating_or_within_target_dist`), or `none` for no hit.
    pub status: String,
    /// Unit, from A to B, in world coordinates.
    pub normal: Option<DVec3>,
}

/// Asks parry3d-f64 (parry2d-f64 in the plane) for the time of impact of `s`'s cast (an error
/// when it has none, or when parry cannot represent a body).
pub fn reference_cast(s: &Scenario) -> Result<ReferenceCast, String> {
    if s.dimension.is_plane() {
        return plane::reference_cast(s);
    }
    let cast = s.cast.as_ref().ok_or("the scenario has no cast section")?;
    let settings = cast.settings(crate::config::Precision::F64);
    let (sa, sb) = (parry_shape_of(&s.a, "A")?, parry_shape_of(&s.b, "B")?);
    let (pa, pb) = (parry_pose(&s.a), parry_pose(&s.b));
    let hit = parry_cast!(parry3d_f64, cast, settings, (pa, sa), (pb, sb), v, v)
        .map_err(|e| format!("parry: {e}"))?;
    Ok(cast_answer(s, hit))
}

/// parry's time of impact for a cast (`cast_shapes` when nothing turns, `cast_shapes_nonlinear`
/// when something does) as `(time, status name, normal in A's frame)`, in `$parry` (parry2d-f64
/// or parry3d-f64: one API, two crates), with `$v` and `$w` turning our velocities and angular
/// velocities into its vectors.
macro_rules! parry_cast {
    ($parry:ident, $cast:expr, $settings:expr, ($pa:expr, $sa:expr), ($pb:expr, $sb:expr), $v:expr, $w:expr) => {{
        use $parry::query::{
            NonlinearRigidMotion, ShapeCastOptions, ShapeCastStatus, cast_shapes,
            cast_shapes_nonlinear,
        };
        let (cast, settings) = ($cast, $settings);
        let hit = if cast.turns() {
            let motion = |start, v: DVec3, w: DVec3| NonlinearRigidMotion {
                start,
                local_center: $parry::math::Vector::ZERO,
                linvel: $v(v),
                angvel: $w(w),
            };
            // parry has no target distance for turning casts; it is asked for contact.
            cast_shapes_nonlinear(
                &motion($pa, cast.velocity_a, cast.angular_velocity_a),
                &*$sa.0,
                &motion($pb, cast.velocity_b, cast.angular_velocity_b),
                &*$sb.0,
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
                &$pa,
                $v(cast.velocity_a),
                &*$sa.0,
                &$pb,
                $v(cast.velocity_b),
                &*$sb.0,
                options,
            )
        };
        hit.map(|hit| {
            hit.map(|h| {
                let status = match h.status {
                    ShapeCastStatus::OutOfIterations => "out_of_iterations",
                    ShapeCastStatus::Converged => "converged",
                    ShapeCastStatus::Failed => "failed",
                    ShapeCastStatus::PenetratingOrWithinTargetDist => {
                        "penetrating_or_within_target_dist"
                    }
                };
                (h.time_of_impact, status, d(h.normal1))
            })
        })
    }};
}
use parry_cast;

/// The reference cast's answer from parry's hit (time, status name, normal in A's frame at the
/// time of impact), or no hit.
fn cast_answer(s: &Scenario, hit: Option<(f64, &str, DVec3)>) -> ReferenceCast {
    match (hit, &s.cast) {
        (Some((toi, status, normal1)), Some(cast)) => {
            // The normal is in A's frame at the time of impact.
            let turned = cast.motion_a(s.a.pose()).at(toi).rotation;
            ReferenceCast {
                toi: Some(toi),
                status: status.into(),
                normal: Some(turned * normal1),
            }
        }
        _ => ReferenceCast {
            toi: None,
            status: "none".into(),
            normal: None,
        },
    }
}
