//! The engines' parry, asked again at the captured poses: the contact manifold the narrow phase
//! computes and the cast the spatial query runs, with the convex piece of a composite shape
//! that answered. Written once over the parry crate and its body macro, for 3D and the plane.

use crate::case::Capture;
use crate::pieces::CapturedPieces;
use gjk::scenario::engine::{EngineAnswer, EngineCast, EngineContact, EnginePoint, PoseSource};

/// The parry routine that answers a contact between two convex shapes of these types, as
/// parry's default dispatcher chooses it (its `contact_manifold_convex_convex`).
fn contact_routine(t1: &str, t2: &str) -> String {
    let words = match (t1, t2) {
        ("Ball", "Ball") => "contact_manifold_ball_ball (closed form)",
        ("Cuboid", "Cuboid") => "contact_manifold_cuboid_cuboid (separating axes, then clipping)",
        ("Capsule", "Capsule") => "contact_manifold_capsule_capsule (segment against segment)",
        ("Ball", _) | (_, "Ball") => "contact_manifold_convex_ball (the ball's centre projected)",
        ("Triangle", "Cuboid") | ("Cuboid", "Triangle") => {
            "contact_manifold_cuboid_triangle (separating axes)"
        }
        _ => "contact_manifold_pfm_pfm (GJK, EPA when overlapping, then feature clipping)",
    };
    words.to_string()
}

/// The parry routine that answers a contact or a cast against a body of many pieces, in words.
fn pieces_routine(kind: &str, cast: bool) -> String {
    let words = match (kind, cast) {
        (_, true) => {
            "cast_shapes_composite_shape_shape (the pieces in the cast's swept box, nearest first)"
        }
        ("TriMesh", false) => {
            "contact_manifolds_trimesh_shape (each triangle near the body against it; its pseudo-normals where FIX_INTERNAL_EDGES is set)"
        }
        ("HeightField", false) => {
            "contact_manifolds_heightfield_shape (each triangle near the body against it; its pseudo-normals where FIX_INTERNAL_EDGES is set)"
        }
        _ => "contact_manifolds_composite_shape_shape (each part near the body against it)",
    };
    words.to_string()
}

/// The parry routine that answers a cast between two convex shapes of these types.
fn cast_routine(t1: &str, t2: &str) -> String {
    let words = match (t1, t2) {
        ("Ball", "Ball") => "cast_shapes_ball_ball (closed form)",
        _ => "cast_shapes_support_map_support_map (GJK ray cast on A - B)",
    };
    words.to_string()
}

/// The engine's answer with no contact or cast yet: who answered, with which routine, at
/// which poses.
fn engine_answer(engine: &str, routine: String, poses: PoseSource) -> EngineAnswer {
    EngineAnswer {
        engine: engine.to_string(),
        routine: Some(routine),
        poses,
        contact: None,
        cast: None,
    }
}

/// A cast's answer from its time, status and, where given, `[normal, point on A, point on B]`.
fn cast_answer(
    time_of_impact: Option<f64>,
    status: String,
    geometry: Option<[gjk::glam::DVec3; 3]>,
) -> EngineCast {
    EngineCast {
        time_of_impact,
        status,
        normal: geometry.map(|g| g[0]),
        point_a: geometry.map(|g| g[1]),
        point_b: geometry.map(|g| g[2]),
    }
}

macro_rules! parry_capture {
    ($parry:ident, $dim:ident, $body:ident, $plane:expr, $widen:expr) => {
        use super::*;
        use crate::case::Captured;
        use crate::cut::$dim::{cut, is_composite};
        use $parry::bounding_volume::BoundingVolume;
        use gjk::BodySpec;
        use gjk::glam::DVec3;
        use $parry::math::{Pose, Vector};
        use $parry::query::{
            ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher, ShapeCastHit,
            ShapeCastOptions,
        };
        use $parry::shape::Shape;

        /// A parry vector in the lab's f64.
        pub(crate) fn widen(v: Vector) -> DVec3 {
            ($widen)(v)
        }

        /// The convex piece of `shape` (at `pose`) that `subshape` names: the shape itself when
        /// it is convex, a compound's part, a mesh's triangle or a polyline's segment. The
        /// notes say what it was cut from.
        fn piece(
            shape: &dyn Shape,
            pose: &Pose,
            subshape: u32,
            who: &str,
            notes: &mut Vec<String>,
        ) -> Result<BodySpec, String> {
            let named = |r: Result<BodySpec, String>| r.map_err(|e| format!("{who}: {e}"));
            if let Some(c) = shape.as_compound() {
                let (part_pose, part) = c
                    .shapes()
                    .get(subshape as usize)
                    .ok_or_else(|| format!("{who}: the compound has no part {subshape}"))?;
                notes.push(format!(
                    "{who} is part {subshape} of a compound of {} parts.",
                    c.shapes().len()
                ));
                let world = *pose * *part_pose;
                return named(gjk::$body!($parry, part.as_ref(), &world));
            }
            if let Some(mesh) = shape.as_trimesh() {
                notes.push(format!(
                    "{who} is triangle {subshape} of a triangle mesh of {} triangles.",
                    mesh.num_triangles()
                ));
                let triangle = mesh.triangle(subshape);
                return named(gjk::$body!($parry, &triangle, pose));
            }
            if let Some(line) = shape.as_polyline() {
                notes.push(format!(
                    "{who} is segment {subshape} of a polyline of {} segments.",
                    line.num_segments()
                ));
                let segment = line.segment(subshape);
                return named(gjk::$body!($parry, &segment, pose));
            }
            named(gjk::$body!($parry, shape, pose))
        }

        /// The name parry gives the type of the piece that answered.
        fn piece_type(shape: &dyn Shape, subshape: u32) -> String {
            if let Some(c) = shape.as_compound() {
                if let Some((_, part)) = c.shapes().get(subshape as usize) {
                    return format!("{:?}", part.shape_type());
                }
            }
            if shape.as_trimesh().is_some() {
                return "Triangle".into();
            }
            if shape.as_polyline().is_some() {
                return "Segment".into();
            }
            format!("{:?}", shape.shape_type())
        }

        /// The engine's contact between two colliders, recomputed at their poses with parry's
        /// default dispatcher (the narrow phase's own call): the manifold with the deepest
        /// point, its convex pieces, its points in the world.
        pub(crate) fn contact(
            engine: &str,
            (s1, p1): (&dyn Shape, &Pose),
            (s2, p2): (&dyn Shape, &Pose),
            prediction: f32,
        ) -> Result<Capture, String> {
            let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
            DefaultQueryDispatcher
                .contact_manifolds(&p1.inv_mul(p2), s1, s2, prediction, &mut manifolds, &mut None)
                .map_err(|_| {
                    format!(
                        "parry has no contact routine for {:?} against {:?}",
                        s1.shape_type(),
                        s2.shape_type()
                    )
                })?;
            if is_composite(s1) || is_composite(s2) {
                return pieces_contact(engine, (s1, p1), (s2, p2), prediction, &manifolds)
                    .map(|c| Capture::Pieces(Box::new(c)));
            }
            let deepest = |m: &ContactManifold<(), ()>| {
                m.points.iter().map(|c| c.dist).fold(f32::INFINITY, f32::min)
            };
            let manifold = manifolds
                .iter()
                .filter(|m| !m.points.is_empty())
                .min_by(|x, y| deepest(x).total_cmp(&deepest(y)));
            let mut notes = Vec::new();
            let Some(m) = manifold else {
                // Not in contact within the prediction: the pair as it stands, no engine points.
                let a = piece(s1, p1, 0, "A", &mut notes)?;
                let b = piece(s2, p2, 0, "B", &mut notes)?;
                let mut answer = engine_answer(
                    engine,
                    contact_routine(&piece_type(s1, 0), &piece_type(s2, 0)),
                    PoseSource::Recomputed,
                );
                answer.contact = Some(EngineContact {
                    normal: DVec3::ZERO,
                    points: Vec::new(),
                });
                notes.push("The engine's parry found no contact point within its prediction distance.".into());
                return Ok(Capture::Pair(Box::new(Captured { plane: $plane, a, b, notes, cast: None, engine: answer })));
            };
            let a = piece(s1, p1, m.subshape1, "A", &mut notes)?;
            let b = piece(s2, p2, m.subshape2, "B", &mut notes)?;
            // Points are in each piece's frame: the shape's pose, then the part's pose in it.
            let frame1 = *p1 * m.subshape_pos1().copied().unwrap_or(Pose::IDENTITY);
            let frame2 = *p2 * m.subshape_pos2().copied().unwrap_or(Pose::IDENTITY);
            let normal = widen(frame1.rotation * m.local_n1);
            let points = m
                .points
                .iter()
                .map(|c| EnginePoint {
                    point_a: widen(frame1 * c.local_p1),
                    point_b: widen(frame2 * c.local_p2),
                    separation: f64::from(c.dist),
                })
                .collect();
            let mut answer = engine_answer(
                engine,
                contact_routine(&piece_type(s1, m.subshape1), &piece_type(s2, m.subshape2)),
                PoseSource::Recomputed,
            );
            answer.contact = Some(EngineContact { normal, points });
            Ok(Capture::Pair(Box::new(Captured { plane: $plane, a, b, notes, cast: None, engine: answer })))
        }

        /// A convex collider against one of many pieces: the pieces near it and their
        /// neighbours, the convex one as the case's body (A), and the engine's manifold on each
        /// piece it touches, its normal out of the piece.
        fn pieces_contact(
            engine: &str,
            (s1, p1): (&dyn Shape, &Pose),
            (s2, p2): (&dyn Shape, &Pose),
            prediction: f32,
            manifolds: &[ContactManifold<(), ()>],
        ) -> Result<CapturedPieces, String> {
            if is_composite(s1) && is_composite(s2) {
                return Err(format!(
                    "both colliders are bodies of many pieces ({:?} and {:?}): the lab answers \
                     a convex body against one of many pieces",
                    s1.shape_type(),
                    s2.shape_type()
                ));
            }
            // The engine's A may be the body of many pieces; the case's A is the convex one.
            let swapped = is_composite(s1);
            let ((body, body_pose), (pieces, pieces_pose)) =
                if swapped { ((s2, p2), (s1, p1)) } else { ((s1, p1), (s2, p2)) };
            let mut found = Vec::new();
            for m in manifolds.iter().filter(|m| !m.points.is_empty()) {
                let frame1 = *p1 * m.subshape_pos1().copied().unwrap_or(Pose::IDENTITY);
                let frame2 = *p2 * m.subshape_pos2().copied().unwrap_or(Pose::IDENTITY);
                let n = widen(frame1.rotation * m.local_n1);
                let points = m
                    .points
                    .iter()
                    .map(|c| {
                        let (on1, on2) = (widen(frame1 * c.local_p1), widen(frame2 * c.local_p2));
                        let (point_a, point_b) = if swapped { (on2, on1) } else { (on1, on2) };
                        EnginePoint { point_a, point_b, separation: f64::from(c.dist) }
                    })
                    .collect();
                // parry's normal points out of its first shape.
                let (id, normal) = if swapped { (m.subshape1, n) } else { (m.subshape2, -n) };
                found.push((id, normal, points));
            }
            let ids: Vec<u32> = found.iter().map(|f| f.0).collect();
            let near = body
                .compute_aabb(&pieces_pose.inv_mul(body_pose))
                .loosened(prediction);
            let cut = cut(pieces, pieces_pose, (&near, widen(body_pose.translation)), &ids)?
                .checked()?;
            let mut notes = Vec::new();
            let a = piece(body, body_pose, 0, "A", &mut notes)?;
            let routine = pieces_routine(&format!("{:?}", pieces.shape_type()), false);
            let mut captured = CapturedPieces::new(
                (a, cut),
                $plane,
                (engine, Some(routine), PoseSource::Recomputed),
                found,
                None,
            )?;
            captured.case.prediction = Some(f64::from(prediction));
            if swapped {
                captured.notes.push(
                    "The engine's first collider is the body of many pieces; the case puts the \
                     convex body first, as A."
                        .into(),
                );
            }
            captured.notes.extend(notes);
            Ok(captured)
        }

        /// A shape cast as the engine ran it: `shape` (B) from `start` along `velocity`
        /// against `target` (A) at its pose, still. `engine_hit` is the engine's answer: its
        /// time of impact and, where it gave them, the world normal and witnesses.
        pub(crate) struct CastCall<'a> {
            pub engine: &'a str,
            pub target: (&'a dyn Shape, Pose),
            pub shape: (&'a dyn Shape, Pose),
            pub velocity: Vector,
            pub options: ShapeCastOptions,
            pub engine_hit: Option<(f32, Option<String>, Option<[Vector; 3]>)>,
        }

        impl CastCall<'_> {
            /// The case: the piece of A the cast reaches (parry names it), B at the cast's
            /// start, B's velocity, the search interval and target, and the engine's answer.
            pub(crate) fn capture(&self) -> Result<Capture, String> {
                let (s1, p1) = self.target;
                let (s2, p2) = self.shape;
                if is_composite(s2) {
                    return Err(format!(
                        "the cast shape is a body of many pieces ({:?}): the lab casts a convex body",
                        s2.shape_type()
                    ));
                }
                let again = $parry::query::cast_shapes(
                    &p1,
                    Vector::ZERO,
                    s1,
                    &p2,
                    self.velocity,
                    s2,
                    self.options,
                )
                .map_err(|_| {
                    format!(
                        "parry has no cast routine for {:?} against {:?}",
                        s1.shape_type(),
                        s2.shape_type()
                    )
                })?;
                if is_composite(s1) {
                    return self.pieces(again).map(|c| Capture::Pieces(Box::new(c)));
                }
                let sub1 = again.map_or(0, |h| h.subshape1);
                let mut notes = Vec::new();
                let a = piece(s1, &p1, sub1, "A", &mut notes)?;
                let b = piece(s2, &p2, 0, "B", &mut notes)?;
                let velocity = widen(self.velocity);
                // Past this time B's centre is further from A's than both reach together: the
                // search interval ends there when the engine's is longer (f32::MAX by default).
                let reach = a.shape.bounding_radius()
                    + a.margin
                    + b.shape.bounding_radius()
                    + b.margin
                    + f64::from(self.options.target_distance);
                let apart = (widen(p2.translation) - widen(p1.translation)).length();
                let speed = velocity.length();
                let engine_max = f64::from(self.options.max_time_of_impact);
                let max_time = if speed > 0.0 {
                    engine_max.min((apart + reach) / speed)
                } else {
                    engine_max.min(1.0)
                };
                if max_time < engine_max {
                    notes.push(format!(
                        "The engine searched to t = {engine_max:e}; the file to t = {max_time}, past which B is beyond A's reach."
                    ));
                }
                let cast = gjk::CastSpec {
                    velocity_a: DVec3::ZERO,
                    velocity_b: velocity,
                    angular_velocity_a: DVec3::ZERO,
                    angular_velocity_b: DVec3::ZERO,
                    max_time: Some(max_time),
                    target_distance: Some(f64::from(self.options.target_distance)),
                    tolerance: None,
                    method: None,
                    max_iterations: None,
                };
                let mut answer = engine_answer(
                    self.engine,
                    cast_routine(&piece_type(s1, sub1), &piece_type(s2, 0)),
                    PoseSource::AtCall,
                );
                answer.cast = Some(self.engine_cast(again));
                Ok(Capture::Pair(Box::new(Captured { plane: $plane, a, b, notes, cast: Some(cast), engine: answer })))
            }

            /// The engine's answer: its time and status (parry's, asked again, where the
            /// engine gave none), and its geometry in the lab's numbers.
            fn engine_cast(&self, again: Option<ShapeCastHit>) -> EngineCast {
                match &self.engine_hit {
                    Some((toi, engine_status, geometry)) => cast_answer(
                        Some(f64::from(*toi)),
                        engine_status
                            .clone()
                            .or_else(|| again.map(|h| format!("{:?}", h.status)))
                            .unwrap_or_else(|| "hit".into()),
                        geometry.map(|g| g.map(widen)),
                    ),
                    None => cast_answer(None, "none".into(), None),
                }
            }

            /// The case of a cast against a body of many pieces: the pieces in the box the
            /// cast sweeps (to the hit, and on by the body's size, or to where it leaves the
            /// target's reach) and their neighbours; the cast shape as the case's body, moving.
            fn pieces(&self, again: Option<ShapeCastHit>) -> Result<CapturedPieces, String> {
                let (s1, p1) = self.target;
                let (s2, p2) = self.shape;
                let speed = self.velocity.length();
                if !speed.is_finite() || speed <= 0.0 {
                    return Err("the cast has no direction: its velocity is 0".into());
                }
                let size = s2.compute_local_bounding_sphere().radius * 2.0;
                let target = s1.compute_bounding_sphere(&p1);
                let out_of_reach = ((p2.translation - target.center).length()
                    + target.radius
                    + size)
                    / speed.max(f32::MIN_POSITIVE);
                let toi = self.engine_hit.as_ref().map(|h| h.0).or(again.map(|h| h.time_of_impact));
                let end = toi
                    .map_or(out_of_reach, |t| t + size / speed.max(f32::MIN_POSITIVE))
                    .min(self.options.max_time_of_impact)
                    .min(out_of_reach);
                let mut at_end = p2;
                at_end.translation += self.velocity * end;
                let near = s2
                    .compute_aabb(&p1.inv_mul(&p2))
                    .merged(&s2.compute_aabb(&p1.inv_mul(&at_end)))
                    .loosened(self.options.target_distance);
                let hit = again.map(|h| h.subshape1);
                let also: Vec<u32> = hit.into_iter().collect();
                let cut = cut(s1, &p1, (&near, widen(p2.translation)), &also)?.checked()?;
                let mut notes = Vec::new();
                let a = piece(s2, &p2, 0, "A", &mut notes)?;
                let spec = gjk::CastSpec {
                    velocity_a: widen(self.velocity),
                    velocity_b: DVec3::ZERO,
                    angular_velocity_a: DVec3::ZERO,
                    angular_velocity_b: DVec3::ZERO,
                    max_time: Some(f64::from(end)),
                    target_distance: Some(f64::from(self.options.target_distance)),
                    tolerance: None,
                    method: None,
                    max_iterations: None,
                };
                let routine = pieces_routine(&format!("{:?}", s1.shape_type()), true);
                // The target's point is the piece's (the case's B), the cast shape's the body's.
                let mut answer = self.engine_cast(again);
                std::mem::swap(&mut answer.point_a, &mut answer.point_b);
                let mut captured = CapturedPieces::new(
                    (a, cut),
                    $plane,
                    (self.engine, Some(routine), PoseSource::AtCall),
                    Vec::new(),
                    Some((spec, hit, answer)),
                )?;
                captured.notes.push(format!(
                    "The cast moves A, the engine's cast shape, against B, searched to t = {end}."
                ));
                captured.notes.extend(notes);
                Ok(captured)
            }
        }
    };
}

#[cfg(any(feature = "avian3d", feature = "bevy_rapier3d"))]
pub(crate) mod dim3 {
    parry_capture!(parry3d, dim3, body_from_parry3d, false, |v: Vector| {
        DVec3::new(f64::from(v.x), f64::from(v.y), f64::from(v.z))
    });
}

#[cfg(any(feature = "avian2d", feature = "bevy_rapier2d"))]
pub(crate) mod dim2 {
    parry_capture!(parry2d, dim2, body_from_parry2d, true, |v: Vector| {
        DVec3::new(f64::from(v.x), f64::from(v.y), 0.0)
    });
}
