//! The views of a case in the plane: shapes and A − B as flat polygons (their boundaries, in
//! order round them), and the Voronoi regions of the step's simplex drawn whole, as in
//! Ericson's figures: a segment's three, a triangle's seven (three vertex wedges, three edge
//! half-strips and the inside), each clipped to a rectangle round the simplex and the origin.
//!
//! The cameras look straight down on the plane (see [`crate::views::camera`]): a flat scene
//! seen square-on through a perspective camera is drawn exactly as an orthographic camera
//! draws it, up to scale.

use crate::views::hull::triangle_mesh;
use crate::views::outline::flat_ring;
use bevy::prelude::*;
use gjk::simplex::voronoi::{region_half_spaces, sub_simplices};
use gjk::trace::explain::feature_name;
use gjk::{Body, FeatureKind, MinkowskiDifference, Placed, Pose, PreparedShape, Shape};
use glam::{DVec2, DVec3};

/// Directions round the plane, `n` of them, evenly spaced.
fn circle_directions(n: usize) -> impl Iterator<Item = DVec3> {
    (0..n).map(move |i| {
        let a = std::f64::consts::TAU * i as f64 / n as f64;
        DVec3::new(a.cos(), a.sin(), 0.0)
    })
}

/// The convex hull of points in the plane, counter-clockwise.
fn convex_ring(points: &[DVec3]) -> Vec<DVec3> {
    let flat: Vec<Vec3> = points.iter().map(|p| p.as_vec3()).collect();
    flat_ring(&flat, Vec3::ZERO, Vec3::Z)
        .iter()
        .map(|p| p.as_dvec3())
        .collect()
}

/// The boundary of a convex set in the plane from its support mapping: its support points along
/// `samples` directions, in order round it, repeats dropped. Each is a true boundary point;
/// the polygon through them is inscribed in the set.
fn support_ring(support: impl Fn(DVec3) -> DVec3, samples: usize) -> Vec<DVec3> {
    let mut ring: Vec<DVec3> = Vec::with_capacity(samples);
    for d in circle_directions(samples) {
        let p = support(d);
        if ring.last() != Some(&p) {
            ring.push(p);
        }
    }
    while ring.len() > 1 && ring.first() == ring.last() {
        ring.pop();
    }
    ring
}

/// A plane shape in its own frame, as a ring: a polygon's or box's corners exactly, a curved or
/// rounded shape's boundary sampled.
pub fn shape_ring(shape: &PreparedShape, margin: f64, samples: usize) -> Vec<Vec3> {
    let ring = match (shape.shape(), margin) {
        (Shape::Polytope { vertices }, 0.0) => convex_ring(vertices),
        _ => {
            let local = Body::<f64>::prepared(shape, Pose::at(DVec3::ZERO), margin);
            support_ring(|d| local.support(d), samples)
        }
    };
    ring.iter().map(|p| p.as_vec3()).collect()
}

/// A − B as a ring: for two polygons (or boxes) with no margin, exactly, the hull of every
/// difference of corners; otherwise its boundary sampled.
pub fn difference_ring(a: Placed, b: Placed, samples: usize) -> Vec<Vec3> {
    let corners = |p: &Placed| -> Option<Vec<DVec3>> {
        let local = match p.shape.shape() {
            Shape::Polytope { vertices } if p.margin == 0.0 && vertices.len() <= 2000 => {
                vertices.clone()
            }
            Shape::Cuboid { half_extents: h } if p.margin == 0.0 => {
                [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                    .iter()
                    .map(|&(x, y)| DVec3::new(h.x * x, h.y * y, 0.0))
                    .collect()
            }
            _ => return None,
        };
        Some(local.iter().map(|v| p.pose.point(*v)).collect())
    };
    let ring = match (corners(&a), corners(&b)) {
        (Some(ca), Some(cb)) => {
            let diffs: Vec<DVec3> = ca
                .iter()
                .flat_map(|p| cb.iter().map(move |q| *p - *q))
                .collect();
            convex_ring(&diffs)
        }
        _ => {
            let body_a = Body::<f64>::prepared(a.shape, a.pose, a.margin);
            let body_b = Body::<f64>::prepared(b.shape, b.pose, b.margin);
            let cso = MinkowskiDifference::new(&body_a, &body_b);
            support_ring(|d| cso.support(d).point, samples)
        }
    };
    ring.iter().map(|p| p.as_vec3()).collect()
}

/// A flat convex polygon as a mesh facing +Z (both windings: it shows from either side).
pub fn polygon_mesh(ring: &[Vec3]) -> Option<Mesh> {
    if ring.len() < 3 {
        return None;
    }
    let positions: Vec<[f32; 3]> = ring.iter().map(|p| p.to_array()).collect();
    let normals = vec![[0.0, 0.0, 1.0]; ring.len()];
    let mut indices = Vec::with_capacity(6 * ring.len());
    for k in 1..ring.len() as u32 - 1 {
        indices.extend([0, k, k + 1, 0, k + 1, k]);
    }
    Some(triangle_mesh(positions, normals, indices))
}

/// The edges of a closed ring.
pub fn ring_edges(ring: &[Vec3]) -> impl Iterator<Item = [Vec3; 2]> + '_ {
    (0..ring.len()).map(move |k| [ring[k], ring[(k + 1) % ring.len()]])
}

/// One Voronoi region of the step's simplex, clipped to the drawing rectangle.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// Its corners, counter-clockwise.
    pub polygon: Vec<Vec3>,
    /// Its boundary: the polygon's edges but those the drawing rectangle cut (the region goes on
    /// past them).
    pub edges: Vec<[Vec3; 2]>,
    /// "w₁", "w₁w₂", "w₁w₂w₃": the feature it belongs to.
    pub name: String,
    pub kind: FeatureKind,
    /// The region the step found the origin in (its kept feature): filled, not outlined.
    pub chosen: bool,
    /// Where its name goes: inside it, close to its feature (see [`anchor`]).
    pub anchor: Vec3,
}

/// A point inside the region of the feature `indices` of the simplex `points`, a little way
/// out from the feature, so its name sits in the region it names and the framing can keep it
/// on screen. A vertex's wedge is entered along the sum of the unit vectors from the other
/// points to it (inside every half-plane `(x − p)·(p − q) ≥ 0`); an edge's half-strip square
/// to the edge, away from the third point (a segment's strip: towards the origin); the
/// triangle's inside at its centroid.
fn anchor(points: &[DVec3], indices: &[usize]) -> DVec3 {
    let extent = points
        .iter()
        .flat_map(|p| points.iter().map(move |q| p.distance(*q)))
        .fold(1e-3, f64::max);
    let centre = indices.iter().map(|&i| points[i]).sum::<DVec3>() / indices.len() as f64;
    let others: Vec<DVec3> = (0..points.len())
        .filter(|i| !indices.contains(i))
        .map(|i| points[i])
        .collect();
    let out = match indices {
        [i] => others
            .iter()
            .map(|q| (points[*i] - *q).normalize_or_zero())
            .sum::<DVec3>(),
        [i, j] => {
            let along = points[*j] - points[*i];
            let square = DVec3::new(-along.y, along.x, 0.0);
            let away = others.first().map_or(-centre, |r| centre - *r);
            if square.dot(away) < 0.0 {
                -square
            } else {
                square
            }
        }
        _ => DVec3::ZERO,
    };
    centre + out.normalize_or_zero() * 0.3 * extent
}

/// Clips a convex polygon to the half-plane `n·x ≥ c` (one pass of Sutherland–Hodgman).
fn clip(polygon: &[DVec2], n: DVec2, c: f64) -> Vec<DVec2> {
    let mut out = Vec::with_capacity(polygon.len() + 1);
    for k in 0..polygon.len() {
        let (p, q) = (polygon[k], polygon[(k + 1) % polygon.len()]);
        let (sp, sq) = (n.dot(p) - c, n.dot(q) - c);
        if sp >= 0.0 {
            out.push(p);
        }
        if (sp >= 0.0) != (sq >= 0.0) {
            out.push(p + (q - p) * (sp / (sp - sq)));
        }
    }
    out
}

/// The rectangle the regions are drawn in: round the simplex's points and the origin, grown by
/// three fifths of its size each way (the regions are unbounded; drawn to the edge of the view
/// they would hide the shapes).
fn drawing_box(points: &[DVec3]) -> [DVec2; 4] {
    let (lo, hi) = points.iter().chain([&DVec3::ZERO]).fold(
        (DVec2::splat(f64::MAX), DVec2::splat(f64::MIN)),
        |(lo, hi), p| (lo.min(p.truncate()), hi.max(p.truncate())),
    );
    let grow = DVec2::splat(0.6 * (hi - lo).max_element().max(1e-3));
    let (lo, hi) = (lo - grow, hi + grow);
    [lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)]
}

/// Every Voronoi region of the step's candidate simplex (two or three points in the plane),
/// clipped to a rectangle round it and the origin; none for a single point (its region is the
/// whole plane) or a step with no feature (see [`gjk::Step::feature`]).
pub fn regions(step: &gjk::Step) -> Vec<Region> {
    let Some(feature) = &step.feature else {
        return Vec::new();
    };
    let points: Vec<DVec3> = step.candidate.iter().map(|v| v.point).collect();
    if !(2..=3).contains(&points.len()) {
        return Vec::new();
    }
    let chosen = feature.vertices.iter().fold(0u8, |m, &i| m | (1 << i));
    let frame = drawing_box(&points);
    sub_simplices(points.len())
        .iter()
        .filter_map(|&mask| {
            let half_spaces = region_half_spaces(&points, mask);
            // An undefined region (of a collapsed simplex) has no half-spaces.
            if half_spaces.is_empty() {
                return None;
            }
            let polygon = half_spaces.iter().fold(frame.to_vec(), |poly, h| {
                clip(&poly, h.normal.truncate(), h.offset)
            });
            let indices: Vec<usize> = (0..points.len()).filter(|i| mask & (1 << i) != 0).collect();
            let [lo, _, hi, _] = frame;
            let on_frame = |p: DVec2, q: DVec2| {
                (p.x == q.x && (p.x == lo.x || p.x == hi.x))
                    || (p.y == q.y && (p.y == lo.y || p.y == hi.y))
            };
            let flat = |p: DVec2| p.extend(0.0).as_vec3();
            let edges = (0..polygon.len())
                .map(|k| (polygon[k], polygon[(k + 1) % polygon.len()]))
                .filter(|&(p, q)| !on_frame(p, q))
                .map(|(p, q)| [flat(p), flat(q)])
                .collect();
            (polygon.len() >= 3).then(|| Region {
                edges,
                polygon: polygon.iter().map(|&p| flat(p)).collect(),
                name: feature_name(&indices, &|i| step.label(i))
                    .split_whitespace()
                    .last()
                    .unwrap_or_default()
                    .to_string(),
                kind: FeatureKind::from_vertex_count(indices.len()),
                chosen: mask == chosen,
                anchor: anchor(&points, &indices).as_vec3(),
            })
        })
        .collect()
}
