//! A convex set's outline as thin lines: its corners' edges for a solid, its boundary for a flat
//! one, a segment or a point for the thinnest. Used to draw cores, which are often thin: a
//! sphere's core is its centre, a capsule's its segment, two capsules' core difference a
//! parallelogram.

use crate::views::hull::{SMOOTH_ANGLE_COS, Spread, spread};
use bevy::prelude::*;
use quickhull::{ConvexHull3d, ConvexHull3dSettings};
use quickhull_glam::Vec3A;
use std::collections::HashMap;

/// What to draw for a convex set.
#[derive(Debug, Clone, PartialEq)]
pub enum Outline {
    Point(Vec3),
    Edges(Vec<[Vec3; 2]>),
}

/// The outline of the convex hull of `points`: for a solid, the hull edges where its faces
/// meet at more than about 37° (a box's twelve edges, a cylinder's two rims; the facets of a
/// sampled curve are left out); for a flat set, its boundary polygon.
pub fn outline(points: &[Vec3]) -> Outline {
    match spread(points) {
        Spread::Point(p) => Outline::Point(p),
        Spread::Line(a, b) => Outline::Edges(vec![[a, b]]),
        Spread::Plane { origin, normal } => Outline::Edges(polygon(points, origin, normal)),
        Spread::Solid => Outline::Edges(creases(points)),
    }
}

/// The boundary of flat points as edges (see [`flat_ring`]).
fn polygon(points: &[Vec3], origin: Vec3, normal: Vec3) -> Vec<[Vec3; 2]> {
    let corners = flat_ring(points, origin, normal);
    (0..corners.len())
        .map(|i| [corners[i], corners[(i + 1) % corners.len()]])
        .collect()
}

/// The corners of the convex hull of flat points, counter-clockwise seen from the side
/// `normal` points to (Andrew's monotone chain in the plane's own coordinates).
pub fn flat_ring(points: &[Vec3], origin: Vec3, normal: Vec3) -> Vec<Vec3> {
    let u = normal.any_orthonormal_vector();
    let v = normal.cross(u);
    let mut flat: Vec<(Vec2, Vec3)> = points
        .iter()
        .map(|p| (Vec2::new((*p - origin).dot(u), (*p - origin).dot(v)), *p))
        .collect();
    flat.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    // Turning left from o→a to o→b.
    let left = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o) > 0.0;
    let mut hull: Vec<(Vec2, Vec3)> = Vec::new();
    for pass in [false, true] {
        let start = hull.len();
        let mut ordered: Vec<_> = flat.clone();
        if pass {
            ordered.reverse();
        }
        for p in ordered {
            while hull.len() >= start + 2
                && !left(hull[hull.len() - 2].0, hull[hull.len() - 1].0, p.0)
            {
                hull.pop();
            }
            hull.push(p);
        }
        // Each chain's last point is the next chain's first.
        hull.pop();
    }
    hull.into_iter().map(|(_, p)| p).collect()
}

/// The hull's sharp edges: those whose two faces lean more than about 37° apart.
fn creases(points: &[Vec3]) -> Vec<[Vec3; 2]> {
    let cloud: Vec<Vec3A> = points
        .iter()
        .map(|&p| Vec3A::from_array(p.to_array()))
        .collect();
    let Ok(hull) = ConvexHull3d::try_from_points(&cloud, ConvexHull3dSettings::default()) else {
        return Vec::new();
    };
    let mut faces_of: HashMap<(u16, u16), Vec<Vec3>> = HashMap::new();
    for (face, plane) in hull.faces().iter().zip(hull.planes()) {
        let idx = face.vertex_indices(hull.indices());
        for k in 0..idx.len() {
            let (i, j) = (idx[k], idx[(k + 1) % idx.len()]);
            faces_of
                .entry((i.min(j), i.max(j)))
                .or_default()
                .push(Vec3::from_array(plane.normal().to_array()));
        }
    }
    let corner = |i: u16| Vec3::from_array(hull.vertices()[i as usize].to_array());
    faces_of
        .into_iter()
        .filter(|(_, normals)| normals.len() == 2 && normals[0].dot(normals[1]) < SMOOTH_ANGLE_COS)
        .map(|((i, j), _)| [corner(i), corner(j)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge_count(o: &Outline) -> usize {
        match o {
            Outline::Point(_) => 0,
            Outline::Edges(e) => e.len(),
        }
    }

    #[test]
    fn a_box_has_twelve_edges() {
        let corners: Vec<Vec3> = (0..8)
            .map(|i| Vec3::new((i & 1) as f32, ((i >> 1) & 1) as f32, ((i >> 2) & 1) as f32))
            .collect();
        assert_eq!(edge_count(&outline(&corners)), 12);
    }

    #[test]
    fn a_square_with_inner_points_is_four_edges() {
        let mut pts = vec![
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ];
        pts.extend([Vec3::new(0.5, 0.5, 0.0), Vec3::new(0.2, 0.7, 0.0), pts[1]]);
        let Outline::Edges(edges) = outline(&pts) else {
            panic!("a square is not a point");
        };
        assert_eq!(edges.len(), 4);
        for [a, b] in edges {
            assert!((a.distance(b) - 1.0).abs() < 1e-6, "{a} {b} is not a side");
        }
    }

    #[test]
    fn a_segment_and_a_point() {
        let line: Vec<Vec3> = (0..10).map(|i| Vec3::X * i as f32).collect();
        assert_eq!(
            outline(&line),
            Outline::Edges(vec![[Vec3::X * 9.0, Vec3::ZERO]])
        );
        assert_eq!(outline(&[Vec3::ONE; 5]), Outline::Point(Vec3::ONE));
    }
}
