//! Convex geometry for drawing: meshes of convex hulls, support sampling of shapes and of
//! A ⊖ B, and Voronoi regions clipped to a box.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use gjk::{Body, HalfSpace, MinkowskiDifference, Placed, Pose, PreparedShape, Shape};
use glam::{DVec3, Vec3A};
use quickhull::{ConvexHull3d, ConvexHull3dSettings};

/// `n` directions spread evenly over the sphere (a Fibonacci lattice).
pub fn sphere_directions(n: usize) -> Vec<DVec3> {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    (0..n)
        .map(|i| {
            let y = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
            let r = (1.0 - y * y).sqrt();
            let t = golden * i as f64;
            DVec3::new(r * t.cos(), y, r * t.sin())
        })
        .collect()
}

/// Points whose hull is the shape in its own frame: a polytope's vertices, or support points
/// along `samples` directions for curved or rounded shapes.
pub fn local_shape_points(shape: &PreparedShape, margin: f64, samples: usize) -> Vec<Vec3> {
    if let (Shape::Polytope { vertices }, 0.0) = (shape.shape(), margin) {
        return vertices.iter().map(|v| v.as_vec3()).collect();
    }
    let local = Body::<f64>::prepared(shape, Pose::at(DVec3::ZERO), margin);
    sphere_directions(samples)
        .into_iter()
        .map(|d| local.support(d).as_vec3())
        .collect()
}

/// Points of A ⊖ B whose hull is the difference: every pairwise difference for two plain
/// polytopes of modest size (exact), support points along `samples` directions otherwise.
pub fn minkowski_points(a: Placed, b: Placed, samples: usize) -> Vec<Vec3> {
    if let (Shape::Polytope { vertices: va }, Shape::Polytope { vertices: vb }) =
        (a.shape.shape(), b.shape.shape())
        && a.margin == 0.0
        && b.margin == 0.0
        && va.len() * vb.len() <= 40_000
    {
        let world = |vs: &[DVec3], p: Pose| -> Vec<DVec3> {
            vs.iter().map(|v| p.rotation * *v + p.position).collect()
        };
        let (wa, wb) = (world(va, a.pose), world(vb, b.pose));
        return wa
            .iter()
            .flat_map(|p| wb.iter().map(move |q| (*p - *q).as_vec3()))
            .collect();
    }
    let body_a = Body::<f64>::prepared(a.shape, a.pose, a.margin);
    let body_b = Body::<f64>::prepared(b.shape, b.pose, b.margin);
    let cso = MinkowskiDifference::new(&body_a, &body_b);
    sphere_directions(samples)
        .into_iter()
        .map(|d| cso.support(d).point.as_vec3())
        .collect()
}

/// Whether the points lie (nearly) on a line or a plane: the hull's faces would be slivers whose
/// normals f32 cannot compute (quickhull asserts on them). Found like a hull's first
/// tetrahedron: the widest pair, the point furthest from their line, the point furthest from
/// that plane; thin means that height is under 1e-4 of the width.
fn too_thin(points: &[Vec3]) -> bool {
    let Some(&first) = points.first() else {
        return true;
    };
    let far = |from: &dyn Fn(Vec3) -> f32| {
        points
            .iter()
            .copied()
            .max_by(|p, q| from(*p).total_cmp(&from(*q)))
            .unwrap_or(first)
    };
    let a = far(&|p| p.distance_squared(first));
    let b = far(&|p| p.distance_squared(a));
    let width = a.distance(b);
    if width <= f32::EPSILON {
        return true;
    }
    let axis = (b - a) / width;
    let off_line = |p: Vec3| (p - a).reject_from_normalized(axis).length();
    let c = far(&off_line);
    let normal = (b - a).cross(c - a).normalize_or_zero();
    let height = points
        .iter()
        .map(|p| (*p - a).dot(normal).abs())
        .fold(0.0, f32::max);
    off_line(c) < 1e-4 * width || height < 1e-4 * width
}

/// A flat-shaded triangle mesh of the convex hull of `points`, or `None` when the points are
/// too few or too flat to bound a volume.
pub fn hull_mesh(points: &[Vec3]) -> Option<Mesh> {
    if too_thin(points) {
        return None;
    }
    let cloud: Vec<Vec3A> = points.iter().map(|&p| p.into()).collect();
    let settings = ConvexHull3dSettings::default();
    let hull = ConvexHull3d::try_from_points(&cloud, settings).ok()?;
    let (mut positions, mut normals) = (Vec::new(), Vec::new());
    for (face, plane) in hull.faces().iter().zip(hull.planes()) {
        let idx = face.vertex_indices(hull.indices());
        let n: Vec3 = plane.normal().into();
        for k in 1..idx.len().saturating_sub(1) {
            for &i in &[idx[0], idx[k], idx[k + 1]] {
                positions.push(Vec3::from(hull.vertices()[i as usize]).to_array());
                normals.push(n.to_array());
            }
        }
    }
    if positions.is_empty() {
        return None;
    }
    let count = positions.len() as u32;
    Some(
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_indices(Indices::U32((0..count).collect())),
    )
}

/// The corners of `{ x : every half-space holds } ∩ box(center, half)`: each candidate corner is
/// where three planes meet; it is kept if it lies in every half-space and in the box.
pub fn clip_region(region: &[HalfSpace], center: DVec3, half: f64) -> Vec<Vec3> {
    let mut planes: Vec<HalfSpace> = region.to_vec();
    for axis in [DVec3::X, DVec3::Y, DVec3::Z] {
        planes.push(HalfSpace {
            normal: axis,
            offset: axis.dot(center) - half,
        });
        planes.push(HalfSpace {
            normal: -axis,
            offset: -axis.dot(center) - half,
        });
    }
    let slack = 1e-7 * (1.0 + half);
    let mut corners = Vec::new();
    for i in 0..planes.len() {
        for j in i + 1..planes.len() {
            for k in j + 1..planes.len() {
                let (a, b, c) = (planes[i], planes[j], planes[k]);
                let det = a.normal.dot(b.normal.cross(c.normal));
                if det.abs() < 1e-9 {
                    continue;
                }
                // Cramer's rule for the point on all three planes.
                let x = (b.normal.cross(c.normal) * a.offset
                    + c.normal.cross(a.normal) * b.offset
                    + a.normal.cross(b.normal) * c.offset)
                    / det;
                if planes.iter().all(|h| h.normal.dot(x) >= h.offset - slack) {
                    corners.push(x.as_vec3());
                }
            }
        }
    }
    corners
}
