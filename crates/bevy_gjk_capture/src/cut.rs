//! The pieces near a pair, cut out of a parry shape of many pieces with their neighbours:
//! through the shape's own tree (parry's `Bvh`) for a mesh, a compound or a polyline, through
//! its grid for a height field. Written once over the parry crate for the parts both spaces
//! share (a compound); a mesh and a height field in space, a polyline in the plane.

macro_rules! cut_pieces {
    ($parry:ident, $body:ident, $widen:expr) => {
        use crate::pieces::Cut;
        use gjk::glam::DVec3;
        use gjk::scenario::pieces::{CompoundSpec, PiecesSpec};
        use $parry::bounding_volume::{Aabb, BoundingVolume};
        use $parry::math::{Pose, Vector};
        use $parry::shape::{Compound, CompoundFlags, Shape};

        fn widen(v: Vector) -> DVec3 {
            ($widen)(v)
        }

        /// Whether the shape is one of many pieces (a kind the lab answers piece by piece).
        pub(crate) fn is_composite(shape: &dyn Shape) -> bool {
            shape.as_compound().is_some()
                || shape.as_trimesh().is_some()
                || shape.as_polyline().is_some()
                || shape.as_heightfield().is_some()
        }

        /// The box grown by the rounding of its f32 numbers, so that pieces that touch it
        /// exactly (tiles side by side) are found.
        fn rounded_out(b: Aabb) -> Aabb {
            let size = b.mins.abs().max(b.maxs.abs()).max_element().max(1.0);
            b.loosened(16.0 * f32::EPSILON * size)
        }

        /// The pieces of `shape` (at `pose`) in `near` (a box in the shape's frame), the
        /// engine's pieces `also` (those it answered with), and their neighbours; `body` is
        /// where the convex body is (its centre in the world, at a cast's start), for a
        /// polyline's side.
        pub(crate) fn cut(
            shape: &dyn Shape,
            pose: &Pose,
            (near, body): (&Aabb, DVec3),
            also: &[u32],
        ) -> Result<Cut, String> {
            if let Some(c) = shape.as_compound() {
                return compound(c, pose, near, also);
            }
            surface(shape, pose, (near, body), also)
        }

        /// A compound's parts in `near`, and the parts whose boxes touch theirs: a tile's
        /// neighbours, where a contact's normal may point into another tile.
        fn compound(c: &Compound, pose: &Pose, near: &Aabb, also: &[u32]) -> Result<Cut, String> {
            let boxes = c.aabbs();
            let found: Vec<u32> = c
                .bvh()
                .intersect_aabb(near)
                .chain(also.iter().copied())
                .filter(|&i| (i as usize) < boxes.len())
                .collect();
            let reach = found
                .iter()
                .fold(Aabb::new_invalid(), |b, &i| b.merged(&boxes[i as usize]));
            let mut ids: Vec<u32> = if found.is_empty() {
                found
            } else {
                c.bvh().intersect_aabb(&rounded_out(reach)).collect()
            };
            ids.sort_unstable();
            ids.dedup();
            let mut pieces = Vec::with_capacity(ids.len());
            for &i in &ids {
                let (part_pose, part) = &c.shapes()[i as usize];
                let world = *pose * *part_pose;
                let body = gjk::$body!($parry, part.as_ref(), &world)
                    .map_err(|e| format!("the compound's part {i}: {e}"))?;
                if body.margin != 0.0 {
                    return Err(format!(
                        "the compound's part {i} is a round shape (its border radius a margin): \
                         the lab's compound pieces have no margin"
                    ));
                }
                pieces.push(body);
            }
            Ok(Cut {
                spec: PiecesSpec::Compound(CompoundSpec { pieces }),
                ids,
                internal_edges: c.flags().contains(CompoundFlags::FIX_INTERNAL_EDGES),
                whole: format!("a compound of {} parts", c.shapes().len()),
            })
        }
    };
}

#[cfg(any(feature = "avian3d", feature = "bevy_rapier3d"))]
pub(crate) mod dim3 {
    cut_pieces!(parry3d, body_from_parry3d, |v: Vector| DVec3::new(
        f64::from(v.x),
        f64::from(v.y),
        f64::from(v.z)
    ));
    use crate::pieces::welded;
    use parry3d::shape::{HeightField, HeightFieldFlags, TriMesh, TriMeshFlags, Triangle};
    use std::collections::HashSet;

    /// A triangle in the world.
    fn placed(t: &Triangle, pose: &Pose) -> [DVec3; 3] {
        [t.a, t.b, t.c].map(|p| widen(*pose * p))
    }

    fn surface(
        shape: &dyn Shape,
        pose: &Pose,
        (near, _): (&Aabb, DVec3),
        also: &[u32],
    ) -> Result<Cut, String> {
        if let Some(mesh) = shape.as_trimesh() {
            return Ok(trimesh(mesh, pose, near, also));
        }
        if let Some(field) = shape.as_heightfield() {
            return Ok(height_field(field, pose, near, also));
        }
        Err(format!(
            "a {:?} is not a body of many pieces the lab reads in space",
            shape.shape_type()
        ))
    }

    /// A mesh's triangles in `near`, and every triangle with a corner at one of theirs (by
    /// place, not index: a mesh whose vertices were not merged shares no index across a seam).
    fn trimesh(mesh: &TriMesh, pose: &Pose, near: &Aabb, also: &[u32]) -> Cut {
        let (indices, vertices) = (mesh.indices(), mesh.vertices());
        let at = |v: u32| vertices[v as usize].to_array().map(f32::to_bits);
        let corners: HashSet<[u32; 3]> = mesh
            .bvh()
            .intersect_aabb(near)
            .chain(also.iter().copied())
            .filter_map(|t| indices.get(t as usize))
            .flatten()
            .map(|&v| at(v))
            .collect();
        let ids: Vec<u32> = (0..indices.len())
            .filter(|&t| indices[t].iter().any(|&v| corners.contains(&at(v))))
            .filter_map(|t| u32::try_from(t).ok())
            .collect();
        let triangles: Vec<[DVec3; 3]> = ids
            .iter()
            .map(|&t| placed(&mesh.triangle(t), pose))
            .collect();
        Cut {
            spec: PiecesSpec::Mesh(welded(&triangles)),
            ids,
            internal_edges: mesh.flags().contains(TriMeshFlags::FIX_INTERNAL_EDGES),
            whole: format!("a triangle mesh of {} triangles", mesh.num_triangles()),
        }
    }

    /// A height field's triangles in `near` grown by a cell each way: the cells the body
    /// reaches and the ring round them.
    fn height_field(field: &HeightField, pose: &Pose, near: &Aabb, also: &[u32]) -> Cut {
        let grown = near.loosened(field.cell_width().max(field.cell_height()));
        let mut found: Vec<(u32, [DVec3; 3])> = Vec::new();
        field.map_elements_in_local_aabb(&grown, &mut |id, t| found.push((id, placed(t, pose))));
        for &id in also {
            if !found.iter().any(|(i, _)| *i == id)
                && let Some(t) = field.triangle_at_id(id)
            {
                found.push((id, placed(&t, pose)));
            }
        }
        found.sort_by_key(|(id, _)| *id);
        let (ids, triangles): (Vec<u32>, Vec<[DVec3; 3]>) = found.into_iter().unzip();
        let (rows, columns) = field.num_cells_ij();
        Cut {
            spec: PiecesSpec::Mesh(welded(&triangles)),
            ids,
            internal_edges: field.flags().contains(HeightFieldFlags::FIX_INTERNAL_EDGES),
            whole: format!("a height field of {rows} × {columns} cells"),
        }
    }
}

#[cfg(any(feature = "avian2d", feature = "bevy_rapier2d"))]
pub(crate) mod dim2 {
    cut_pieces!(parry2d, body_from_parry2d, |v: Vector| DVec3::new(
        f64::from(v.x),
        f64::from(v.y),
        0.0
    ));
    use gjk::glam::DVec2;
    use gjk::scenario::pieces::ChainSpec;
    use parry2d::shape::{Polyline, PolylineFlags};

    fn surface(
        shape: &dyn Shape,
        pose: &Pose,
        (near, body): (&Aabb, DVec3),
        also: &[u32],
    ) -> Result<Cut, String> {
        match shape.as_polyline() {
            Some(line) => polyline(line, pose, (near, body), also),
            None => Err(format!(
                "a {:?} is not a body of many pieces the lab reads in the plane (a polyline \
                 or a compound)",
                shape.shape_type()
            )),
        }
    }

    /// A polyline's segments in `near` and one more each way along it, as a chain: the
    /// segments must run end to end, each from the last one's end. An end of the run that
    /// is not the polyline's end has its next point written as a ghost vertex (Box2D's), so
    /// that the last segment written is judged by its neighbour.
    fn polyline(
        line: &Polyline,
        pose: &Pose,
        (near, body): (&Aabb, DVec3),
        also: &[u32],
    ) -> Result<Cut, String> {
        let indices = line.indices();
        let mut found: Vec<u32> = line
            .bvh()
            .intersect_aabb(near)
            .chain(also.iter().copied())
            .filter(|&s| (s as usize) < indices.len())
            .collect();
        found.sort_unstable();
        let (Some(&first), Some(&last)) = (found.first(), found.last()) else {
            return Err("no segment of the polyline lies near the pair".into());
        };
        // One more segment each way, where the polyline has one.
        let from = first.saturating_sub(1) as usize;
        let to = (last as usize + 1).min(indices.len() - 1);
        let run = &indices[from..=to];
        if run.windows(2).any(|w| w[0][1] != w[1][0]) {
            return Err(format!(
                "the polyline's segments {from} to {to} do not run end to end: the lab reads \
                 a polyline as a chain"
            ));
        }
        let point = |v: u32| {
            let p = widen(*pose * line.vertices()[v as usize]);
            DVec2::new(p.x, p.y)
        };
        let mut points: Vec<DVec2> = std::iter::once(run[0][0])
            .chain(run.iter().map(|s| s[1]))
            .map(point)
            .collect();
        // Ghost vertices at both ends where the run is cut out of a longer polyline that goes
        // on from both; the chain's rule has one flag for both ends, so a run reaching one of
        // the polyline's ends (or a break in it) keeps every segment written. A loop is read
        // as a line: its first vertex is an end.
        let ghosts = from > 0
            && to + 1 < indices.len()
            && indices[from - 1][1] == indices[from][0]
            && indices[to][1] == indices[to + 1][0];
        if ghosts {
            points.insert(0, point(indices[from - 1][0]));
            points.push(point(indices[to + 1][1]));
        }
        let mut ids: Vec<u32> = (from..=to).filter_map(|s| u32::try_from(s).ok()).collect();
        // A chain collides on the right of its direction; parry's polyline on both sides
        // unless oriented (then on the right, as the chain). A two-sided polyline with the
        // body on its left is written the other way round.
        let oriented = line.flags().contains(PolylineFlags::ORIENTED);
        let segment = &indices[first as usize];
        let (start, end) = (point(segment[0]), point(segment[1]));
        if !oriented && (end - start).perp_dot(DVec2::new(body.x, body.y) - start) > 0.0 {
            points.reverse();
            ids.reverse();
        }
        Ok(Cut {
            spec: PiecesSpec::Chain(ChainSpec {
                points,
                closed: false,
                ghosts,
            }),
            ids,
            internal_edges: oriented,
            whole: format!("a polyline of {} segments", line.num_segments()),
        })
    }
}
