//! A body from a parry shape at its pose, for every build of parry at once.
//!
//! parry3d and parry3d-f64 (parry2d and parry2d-f64) share their source: the same shapes,
//! methods and poses, in f32 or f64. The conversion is written once, as a macro over the crate
//! path, and expanded where that parry is a dependency: in this crate's `reference` tools for
//! the f64 builds, in a game's capture plugin for the engines' f32 builds. Each number is
//! widened to f64 with `f64::from`, exact from f32.
//!
//! Round shapes keep their border radius as the body's margin; a capsule on any segment
//! becomes our Y-aligned capsule, turned and moved onto it. A shape that is not one convex
//! piece (a mesh, a compound, a half-space, a height field, voxels, a custom shape) gives an
//! error naming its type.

/// The glam the macros build with, for callers on another glam.
pub use glam;

/// A body from a parry3d shape at its pose: `body_from_parry3d!(parry3d, &dyn Shape, &Pose)`,
/// a `Result<gjk::BodySpec, String>`.
#[macro_export]
macro_rules! body_from_parry3d {
    ($parry:path, $shape:expr, $pose:expr) => {{
        use $parry as parry;
        let shape: &dyn parry::shape::Shape = $shape;
        let pose: &parry::math::Pose = $pose;
        let v = |p: parry::math::Vector| {
            $crate::shape::from_parry::glam::DVec3::new(f64::from(p.x), f64::from(p.y), f64::from(p.z))
        };
        let r = pose.rotation;
        let mut body = $crate::shape::BodySpec {
            shape: $crate::shape::Shape::Sphere { radius: 0.0 },
            position: v(pose.translation),
            rotation: $crate::shape::from_parry::glam::DQuat::from_xyzw(
                f64::from(r.x),
                f64::from(r.y),
                f64::from(r.z),
                f64::from(r.w),
            ),
            margin: 0.0,
        };
        let points = |ps: &[parry::math::Vector]| $crate::shape::Shape::Polytope {
            vertices: ps.iter().map(|&p| v(p)).collect(),
        };
        let kind = if let Some(b) = shape.as_ball() {
            Some($crate::shape::Shape::Sphere {
                radius: f64::from(b.radius),
            })
        } else if let Some(c) = shape.as_cuboid() {
            Some($crate::shape::Shape::Cuboid {
                half_extents: v(c.half_extents),
            })
        } else if let Some(c) = shape.as_capsule() {
            // Centre the segment and turn local +Y onto it.
            let (a, b) = (v(c.segment.a), v(c.segment.b));
            let axis = (b - a).normalize_or($crate::shape::from_parry::glam::DVec3::Y);
            body.position += body.rotation * ((a + b) / 2.0);
            body.rotation *= $crate::shape::from_parry::glam::DQuat::from_rotation_arc($crate::shape::from_parry::glam::DVec3::Y, axis);
            Some($crate::shape::Shape::Capsule {
                half_height: (b - a).length() / 2.0,
                radius: f64::from(c.radius),
            })
        } else if let Some(c) = shape.as_cylinder() {
            Some($crate::shape::Shape::Cylinder {
                half_height: f64::from(c.half_height),
                radius: f64::from(c.radius),
            })
        } else if let Some(c) = shape.as_cone() {
            Some($crate::shape::Shape::Cone {
                half_height: f64::from(c.half_height),
                radius: f64::from(c.radius),
            })
        } else if let Some(c) = shape.as_convex_polyhedron() {
            Some(points(c.points()))
        } else if let Some(t) = shape.as_triangle() {
            Some(points(&[t.a, t.b, t.c]))
        } else if let Some(s) = shape.as_segment() {
            Some(points(&[s.a, s.b]))
        } else if let Some(r) = shape.as_round_cuboid() {
            body.margin = f64::from(r.border_radius);
            Some($crate::shape::Shape::Cuboid {
                half_extents: v(r.inner_shape.half_extents),
            })
        } else if let Some(r) = shape.as_round_cylinder() {
            body.margin = f64::from(r.border_radius);
            Some($crate::shape::Shape::Cylinder {
                half_height: f64::from(r.inner_shape.half_height),
                radius: f64::from(r.inner_shape.radius),
            })
        } else if let Some(r) = shape.as_round_cone() {
            body.margin = f64::from(r.border_radius);
            Some($crate::shape::Shape::Cone {
                half_height: f64::from(r.inner_shape.half_height),
                radius: f64::from(r.inner_shape.radius),
            })
        } else if let Some(r) = shape.as_round_convex_polyhedron() {
            body.margin = f64::from(r.border_radius);
            Some(points(r.inner_shape.points()))
        } else if let Some(r) = shape.as_round_triangle() {
            body.margin = f64::from(r.border_radius);
            let t = &r.inner_shape;
            Some(points(&[t.a, t.b, t.c]))
        } else {
            None
        };
        match kind {
            Some(kind) => Ok($crate::shape::BodySpec { shape: kind, ..body }),
            None => Err(format!(
                "parry's {:?} is not one convex shape; GJK needs a convex piece (a compound's part or a mesh's triangle)",
                shape.shape_type()
            )),
        }
    }};
}

/// A body in the plane `z = 0` from a parry2d shape at its pose:
/// `body_from_parry2d!(parry2d, &dyn Shape, &Pose)`, a `Result<gjk::BodySpec, String>`.
#[macro_export]
macro_rules! body_from_parry2d {
    ($parry:path, $shape:expr, $pose:expr) => {{
        use $parry as parry;
        let shape: &dyn parry::shape::Shape = $shape;
        let pose: &parry::math::Pose = $pose;
        let v = |p: parry::math::Vector| {
            $crate::shape::from_parry::glam::DVec3::new(f64::from(p.x), f64::from(p.y), 0.0)
        };
        let angle = f64::from(pose.rotation.angle());
        let mut body = $crate::shape::BodySpec {
            shape: $crate::shape::Shape::Sphere { radius: 0.0 },
            position: v(pose.translation),
            rotation: $crate::shape::from_parry::glam::DQuat::from_rotation_z(angle),
            margin: 0.0,
        };
        let points = |ps: &[parry::math::Vector]| $crate::shape::Shape::Polytope {
            vertices: ps.iter().map(|&p| v(p)).collect(),
        };
        let kind = if let Some(b) = shape.as_ball() {
            Some($crate::shape::Shape::Sphere {
                radius: f64::from(b.radius),
            })
        } else if let Some(c) = shape.as_cuboid() {
            Some($crate::shape::Shape::Cuboid {
                half_extents: v(c.half_extents),
            })
        } else if let Some(c) = shape.as_capsule() {
            // Centre the segment and turn local +Y onto it, in the plane.
            let (a, b) = (v(c.segment.a), v(c.segment.b));
            let axis = (b - a).normalize_or($crate::shape::from_parry::glam::DVec3::Y);
            body.position += body.rotation * ((a + b) / 2.0);
            body.rotation *= $crate::shape::from_parry::glam::DQuat::from_rotation_z((-axis.x).atan2(axis.y));
            Some($crate::shape::Shape::Capsule {
                half_height: (b - a).length() / 2.0,
                radius: f64::from(c.radius),
            })
        } else if let Some(c) = shape.as_convex_polygon() {
            Some(points(c.points()))
        } else if let Some(t) = shape.as_triangle() {
            Some(points(&[t.a, t.b, t.c]))
        } else if let Some(s) = shape.as_segment() {
            Some(points(&[s.a, s.b]))
        } else if let Some(r) = shape.as_round_cuboid() {
            body.margin = f64::from(r.border_radius);
            Some($crate::shape::Shape::Cuboid {
                half_extents: v(r.inner_shape.half_extents),
            })
        } else if let Some(r) = shape.as_round_convex_polygon() {
            body.margin = f64::from(r.border_radius);
            Some(points(r.inner_shape.points()))
        } else if let Some(r) = shape.as_round_triangle() {
            body.margin = f64::from(r.border_radius);
            let t = &r.inner_shape;
            Some(points(&[t.a, t.b, t.c]))
        } else {
            None
        };
        match kind {
            Some(kind) => Ok($crate::shape::BodySpec { shape: kind, ..body }),
            None => Err(format!(
                "parry's {:?} is not one convex shape; GJK needs a convex piece (a compound's part or a mesh's triangle)",
                shape.shape_type()
            )),
        }
    }};
}
