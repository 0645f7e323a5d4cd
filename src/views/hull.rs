//! Convex geometry for drawing: meshes of convex hulls, support sampling of shapes and of
//! A ⊖ B, and Voronoi regions clipped to a box.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use gjk::{Body, HalfSpace, MinkowskiDifference, Placed, Pose, PreparedShape, Shape};
use glam::DVec3;
use quickhull::{ConvexHull3d, ConvexHull3dSettings};
use quickhull_glam::Vec3A;

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
    // A polytope is drawn from its own vertices, up to a size a frame can hull; a larger one
    // (an imported scan of millions of points) from its support points along `samples`
    // directions: hull vertices all, its drawn hull inscribed in the true one.
    if let (Shape::Polytope { vertices }, 0.0) = (shape.shape(), margin)
        && vertices.len() <= crate::case::solving::OFF_FRAME_POINTS
    {
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

/// The point that scores highest by `from` (a distance, say), or `None` for no points.
fn furthest<P: Copy, S: PartialOrd>(points: &[P], from: impl Fn(P) -> S) -> Option<P> {
    points.iter().copied().max_by(|p, q| {
        from(*p)
            .partial_cmp(&from(*q))
            .unwrap_or(std::cmp::Ordering::Equal)
    })
}

/// How many dimensions a point set really spans.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Spread {
    /// No points, or all of them in one place.
    Point(Vec3),
    /// All (nearly) on the segment between its two extremes.
    Line(Vec3, Vec3),
    /// All (nearly) on the plane through `origin` with unit `normal`.
    Plane { origin: Vec3, normal: Vec3 },
    /// A body with volume.
    Solid,
}

/// How many dimensions `points` span, found like a hull's first tetrahedron: the widest pair,
/// the point furthest from their line, the point furthest from that plane. A line or a plane
/// means that height is under 1e-4 of the width: a hull's faces would be slivers whose normals
/// f32 cannot compute (quickhull asserts on them).
pub fn spread(points: &[Vec3]) -> Spread {
    let Some(&first) = points.first() else {
        return Spread::Point(Vec3::ZERO);
    };
    let far = |from: &dyn Fn(Vec3) -> f32| furthest(points, from).unwrap_or(first);
    let a = far(&|p| p.distance_squared(first));
    let b = far(&|p| p.distance_squared(a));
    let width = a.distance(b);
    if width <= f32::EPSILON * (1.0 + a.abs().max_element()) {
        return Spread::Point(a);
    }
    let axis = (b - a) / width;
    let off_line = |p: Vec3| (p - a).reject_from_normalized(axis).length();
    let c = far(&off_line);
    if off_line(c) < 1e-4 * width {
        return Spread::Line(a, b);
    }
    let normal = (b - a).cross(c - a).normalize_or_zero();
    let height = points
        .iter()
        .map(|p| (*p - a).dot(normal).abs())
        .fold(0.0, f32::max);
    if height < 1e-4 * width {
        return Spread::Plane { origin: a, normal };
    }
    Spread::Solid
}

/// Corners whose faces meet at less than this angle share a smoothed normal; sharper edges
/// (a box's, a cylinder's rim) stay sharp.
pub const SMOOTH_ANGLE_COS: f32 = 0.8; // about 37°

/// A triangle mesh of the convex hull of `points`, or `None` when the points are too few or too
/// flat to bound a volume.
///
/// Shaded the way a modeller's "auto smooth" does: each corner of a face takes the mean normal
/// of the faces around its vertex that lean less than about 37° from this face. A sampled
/// sphere then shades round, while a box keeps its flat faces and sharp edges.
pub fn hull_mesh(points: &[Vec3]) -> Option<Mesh> {
    if spread(points) != Spread::Solid {
        return None;
    }
    let cloud: Vec<Vec3A> = points
        .iter()
        .map(|&p| Vec3A::from_array(p.to_array()))
        .collect();
    let settings = ConvexHull3dSettings::default();
    let hull = ConvexHull3d::try_from_points(&cloud, settings).ok()?;
    let faces: Vec<(Vec<u16>, Vec3)> = hull
        .faces()
        .iter()
        .zip(hull.planes())
        .map(|(face, plane)| {
            (
                face.vertex_indices(hull.indices()).to_vec(),
                Vec3::from_array(plane.normal().to_array()),
            )
        })
        .collect();
    let mut around: Vec<Vec<Vec3>> = vec![Vec::new(); hull.vertices().len()];
    for (idx, n) in &faces {
        for &i in idx {
            around[i as usize].push(*n);
        }
    }
    let smooth = |i: u16, n: Vec3| {
        around[i as usize]
            .iter()
            .filter(|m| m.dot(n) > SMOOTH_ANGLE_COS)
            .sum::<Vec3>()
            .normalize_or(n)
    };
    let (mut positions, mut normals) = (Vec::new(), Vec::new());
    for (idx, n) in &faces {
        for k in 1..idx.len().saturating_sub(1) {
            for &i in &[idx[0], idx[k], idx[k + 1]] {
                positions.push(hull.vertices()[i as usize].to_array());
                normals.push(smooth(i, *n).to_array());
            }
        }
    }
    if positions.is_empty() {
        return None;
    }
    let count = positions.len() as u32;
    Some(triangle_mesh(positions, normals, (0..count).collect()))
}

/// A mesh of triangles: `indices` in threes into `positions`, each with its normal.
pub fn triangle_mesh(positions: Vec<[f32; 3]>, normals: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// The clipped region `{ x : every half-space holds } ∩ box` as its corners and
/// its boundary: the segments where one of the region's own planes meets another face. Edges
/// along which only the box cuts are left out, so the outline shows the region's true planes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClippedRegion {
    pub corners: Vec<Vec3>,
    pub edges: Vec<[Vec3; 2]>,
}

/// A box in any orientation: its centre, three orthonormal axes and the half-extent along each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrientedBox {
    pub centre: DVec3,
    pub axes: [DVec3; 3],
    pub half: DVec3,
}

impl OrientedBox {
    /// A box snug around `points`, turned to lie along them (its first axis along their widest
    /// pair, its second towards the point furthest off that line), grown by `margin` each way.
    pub fn around(points: &[DVec3], margin: f64) -> Self {
        let first = points.first().copied().unwrap_or(DVec3::ZERO);
        let far = |from: &dyn Fn(DVec3) -> f64| furthest(points, from).unwrap_or(first);
        let a = far(&|p| p.distance_squared(first));
        let b = far(&|p| p.distance_squared(a));
        let u = (b - a).try_normalize().unwrap_or(DVec3::X);
        let c = far(&|p| (p - a).reject_from_normalized(u).length_squared());
        let v = (c - a)
            .reject_from_normalized(u)
            .try_normalize()
            .unwrap_or_else(|| u.any_orthonormal_vector());
        let axes = [u, v, u.cross(v)];
        let (lo, hi) = points.iter().fold(
            (DVec3::splat(f64::MAX), DVec3::splat(f64::MIN)),
            |(lo, hi), p| {
                let local = DVec3::new(p.dot(axes[0]), p.dot(axes[1]), p.dot(axes[2]));
                (lo.min(local), hi.max(local))
            },
        );
        let mid = (lo + hi) / 2.0;
        OrientedBox {
            centre: axes[0] * mid.x + axes[1] * mid.y + axes[2] * mid.z,
            axes,
            half: (hi - lo) / 2.0 + DVec3::splat(margin),
        }
    }

    /// The six half-spaces whose intersection is the box.
    fn faces(&self) -> impl Iterator<Item = HalfSpace> + '_ {
        self.axes
            .iter()
            .zip(self.half.to_array())
            .flat_map(move |(&axis, half)| {
                let at = axis.dot(self.centre);
                [
                    HalfSpace {
                        normal: axis,
                        offset: at - half,
                    },
                    HalfSpace {
                        normal: -axis,
                        offset: -at - half,
                    },
                ]
            })
    }
}

/// Clips a Voronoi region (its half-spaces) to a box.
///
/// Each corner is where three planes meet and every half-space holds (Cramer's rule on the
/// three planes); an edge is the stretch shared by two planes, between the furthest two
/// corners lying on both.
pub fn clip_region(region: &[HalfSpace], bounds: &OrientedBox) -> ClippedRegion {
    let mut planes: Vec<HalfSpace> = region.to_vec();
    planes.extend(bounds.faces());
    let slack = 1e-7 * (1.0 + bounds.centre.length() + bounds.half.max_element());
    let mut corners: Vec<DVec3> = Vec::new();
    for i in 0..planes.len() {
        for j in i + 1..planes.len() {
            for k in j + 1..planes.len() {
                let (a, b, c) = (planes[i], planes[j], planes[k]);
                let det = a.normal.dot(b.normal.cross(c.normal));
                if det.abs() < 1e-9 {
                    continue;
                }
                let x = (b.normal.cross(c.normal) * a.offset
                    + c.normal.cross(a.normal) * b.offset
                    + a.normal.cross(b.normal) * c.offset)
                    / det;
                if planes.iter().all(|h| h.normal.dot(x) >= h.offset - slack) {
                    corners.push(x);
                }
            }
        }
    }
    let on = |h: &HalfSpace, x: DVec3| (h.normal.dot(x) - h.offset).abs() <= slack * 10.0;
    let mut edges = Vec::new();
    for i in 0..region.len() {
        for j in i + 1..planes.len() {
            let shared: Vec<DVec3> = corners
                .iter()
                .copied()
                .filter(|&x| on(&planes[i], x) && on(&planes[j], x))
                .collect();
            let far = shared
                .iter()
                .flat_map(|&p| shared.iter().map(move |&q| (p, q)))
                .max_by(|x, y| x.0.distance(x.1).total_cmp(&y.0.distance(y.1)));
            if let Some((p, q)) = far.filter(|(p, q)| p.distance(*q) > slack * 10.0) {
                edges.push([p.as_vec3(), q.as_vec3()]);
            }
        }
    }
    ClippedRegion {
        corners: corners.iter().map(|x| x.as_vec3()).collect(),
        edges,
    }
}
