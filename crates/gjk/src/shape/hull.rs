//! Hill-climbing supports for large polytopes.
//!
//! The support point of a point cloud is the point with the largest `d · p`. Scanning every
//! point costs `n` dot products per call. On a convex polytope a linear function has no local
//! maxima other than the global one, so we can walk instead (Code Cave, "3D Convex Collision Detection,
//! Part One: GJK", "hill climbing"; Ericson
//! §9.5.4): start at some vertex, move to any neighbour that reaches further along `d`, stop
//! when none does. Why the walk cannot stop early: at a vertex `v` the hull lies inside the cone
//! spanned by the edges leaving `v`, so if some point reaches further along `d` than `v`, one of
//! those edges must rise.
//!
//! ```text
//!        n₂ ●                 d ↑     stop at v: no neighbour rises
//!          / \                        any point above v would make
//!   n₁ ●--● v ●-- n₃                  some edge v→nᵢ rise too
//! ```
//!
//! The walk needs the hull's edges, which a plain point cloud does not have: [`HullGraph::build`]
//! computes them once with an incremental hull (add points one by one, delete the faces each new
//! point sees, stitch the horizon to it). Rounding may leave the hull slightly wrong, so a
//! graph is only used with a *certificate*: the surface is closed and bends outwards at every
//! edge, to within [`crate::config::thresholds::hull_certified`] of the cloud's size. Otherwise the polytope keeps the scan.
//!
//! Building costs milliseconds for thousands of points, so it happens once, when a shape is
//! prepared ([`crate::PreparedShape`]); every query on the shape, at any pose, shares the graph.

use crate::config::thresholds;
use glam::DVec3;
use std::collections::HashMap;

/// From this many points on, a polytope's support walks its hull instead of scanning: about
/// where the walk, which visits a few neighbours of each vertex on its way, starts to beat the
/// scan of every point (the crossover is measured in docs/performance.md, `support`). Smaller
/// hulls, the ones the tutorials draw, keep the plain scan.
pub const CLIMB_MIN_VERTICES: usize = 48;

/// The vertices of a convex hull and, for each, the hull vertices it shares an edge with.
#[derive(Debug, Clone, PartialEq)]
pub struct HullGraph {
    /// Hull vertices in the shape's frame (a subset of the input, interior points dropped).
    pub vertices: Vec<DVec3>,
    /// The centre of the vertices' bounding box.
    pub centre: DVec3,
    /// Where walks start: the vertices furthest along +x, −x, +y, −y, +z, −z. Starting at the
    /// one for `d`'s largest component keeps every walk short (within about a quarter turn of
    /// its answer) and every answer independent of earlier calls.
    pub starts: [u32; 6],
    /// Neighbours of vertex `i`: `neighbours[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    neighbours: Vec<u32>,
}

/// One face of the hull being built, counter-clockwise seen from outside.
#[derive(Debug, Clone)]
struct Face {
    v: [u32; 3],
    normal: DVec3,
    offset: f64,
    alive: bool,
    /// Points not yet on the hull that this face sees (each waits on one face only).
    outside: Vec<u32>,
}

impl Face {
    fn new(points: &[DVec3], v: [u32; 3]) -> Self {
        let [a, b, c] = v.map(|i| points[i as usize]);
        let normal = (b - a).cross(c - a).normalize_or_zero();
        Face {
            v,
            normal,
            offset: normal.dot(a),
            alive: true,
            outside: Vec::new(),
        }
    }

    fn height(&self, p: DVec3) -> f64 {
        self.normal.dot(p) - self.offset
    }

    fn edges(&self) -> [(u32, u32); 3] {
        let [a, b, c] = self.v;
        [(a, b), (b, c), (c, a)]
    }
}

impl HullGraph {
    /// The hull's vertex graph, or `None` when the cloud is flat or rounding spoilt the hull
    /// (the caller then scans).
    ///
    /// Quickhull's bookkeeping (Barber, Dobkin & Huhdanpaa 1996): every point not yet on the
    /// hull waits on one face that sees it. The furthest point of some face is added next; the
    /// faces it sees are found by walking out from that face, and the points that waited on
    /// them move to the new faces that see them, or drop out as inside.
    pub fn build(points: &[DVec3]) -> Option<HullGraph> {
        let size = cloud_size(points)?;
        let visible_from = |face: &Face, p: DVec3| face.height(p) > thresholds::hull_visible(size);
        let mut faces = first_tetrahedron(points, size)?;
        let corners: Vec<u32> = faces[0].v.iter().chain(&faces[1].v).copied().collect();
        for i in 0..points.len() as u32 {
            if !corners.contains(&i) {
                let p = points[i as usize];
                if let Some(face) = faces.iter_mut().find(|f| visible_from(f, p)) {
                    face.outside.push(i);
                }
            }
        }
        // Directed edge (u, v) → the face that has it, counter-clockwise.
        let mut edge_face: HashMap<(u32, u32), usize> = HashMap::new();
        for (f, face) in faces.iter().enumerate() {
            for e in face.edges() {
                edge_face.insert(e, f);
            }
        }
        let (mut visible, mut horizon, mut orphans) = (Vec::new(), Vec::new(), Vec::new());
        let mut next = 0;
        while next < faces.len() {
            if !faces[next].alive || faces[next].outside.is_empty() {
                next += 1;
                continue;
            }
            let face = &faces[next];
            let apex = *face
                .outside
                .iter()
                .max_by(|&&i, &&j| {
                    face.height(points[i as usize])
                        .total_cmp(&face.height(points[j as usize]))
                })
                .expect("a non-empty list");
            let p = points[apex as usize];
            // The faces p sees form a disc around `next`; its rim is the horizon. Each horizon
            // edge becomes the base of a new face with apex p, wound as the face it leaves.
            visible.clear();
            visible.push(next);
            horizon.clear();
            let mut k = 0;
            while k < visible.len() {
                for (u, v) in faces[visible[k]].edges() {
                    let twin = *edge_face.get(&(v, u))?;
                    if visible.contains(&twin) {
                        continue;
                    }
                    if visible_from(&faces[twin], p) {
                        visible.push(twin);
                    } else {
                        horizon.push((u, v));
                    }
                }
                k += 1;
            }
            orphans.clear();
            for &f in &visible {
                faces[f].alive = false;
                orphans.append(&mut faces[f].outside);
                for e in faces[f].edges() {
                    edge_face.remove(&e);
                }
            }
            let first_new = faces.len();
            for &(u, v) in &horizon {
                let face = Face::new(points, [u, v, apex]);
                for e in face.edges() {
                    // Two horizon edges leaving one vertex: the seen region was not a disc.
                    if edge_face.insert(e, faces.len()).is_some() {
                        return None;
                    }
                }
                faces.push(face);
            }
            for &i in orphans.iter().filter(|&&i| i != apex) {
                let q = points[i as usize];
                if let Some(face) = faces[first_new..].iter_mut().find(|f| visible_from(f, q)) {
                    face.outside.push(i);
                }
            }
        }
        let faces: Vec<Face> = faces.into_iter().filter(|f| f.alive).collect();
        certify(points, &faces, &edge_face, size).then(|| Self::from_faces(points, &faces))
    }

    fn from_faces(points: &[DVec3], faces: &[Face]) -> HullGraph {
        // Renumber the hull's vertices 0..m, then list each one's neighbours.
        let mut index: HashMap<u32, u32> = HashMap::new();
        let mut vertices = Vec::new();
        for &i in faces.iter().flat_map(|f| &f.v) {
            index.entry(i).or_insert_with(|| {
                vertices.push(points[i as usize]);
                (vertices.len() - 1) as u32
            });
        }
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); vertices.len()];
        for (u, v) in faces.iter().flat_map(Face::edges) {
            // Every undirected edge appears once in each direction: keep the outgoing one.
            lists[index[&u] as usize].push(index[&v]);
        }
        let mut offsets = vec![0];
        let mut neighbours = Vec::new();
        for list in lists {
            neighbours.extend(list);
            offsets.push(neighbours.len() as u32);
        }
        let (lo, hi) = vertices
            .iter()
            .fold((vertices[0], vertices[0]), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            });
        let furthest = |axis: DVec3| {
            (0..vertices.len())
                .max_by(|&i, &j| axis.dot(vertices[i]).total_cmp(&axis.dot(vertices[j])))
                .unwrap_or(0) as u32
        };
        let starts = [
            DVec3::X,
            DVec3::NEG_X,
            DVec3::Y,
            DVec3::NEG_Y,
            DVec3::Z,
            DVec3::NEG_Z,
        ]
        .map(furthest);
        HullGraph {
            centre: (lo + hi) / 2.0,
            starts,
            vertices,
            offsets,
            neighbours,
        }
    }

    /// The hull vertices that share an edge with vertex `i`.
    pub fn neighbours(&self, i: usize) -> &[u32] {
        &self.neighbours[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The number of hull edges.
    pub fn edge_count(&self) -> usize {
        self.neighbours.len() / 2
    }
}

/// The largest coordinate extent plus the distance from the origin, so tolerances scale with
/// both the shape and where its frame puts it; `None` for non-finite input.
fn cloud_size(points: &[DVec3]) -> Option<f64> {
    let (lo, hi) = points.iter().fold(
        (DVec3::splat(f64::INFINITY), DVec3::splat(f64::NEG_INFINITY)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    );
    let size = (hi - lo).max_element() + lo.abs().max(hi.abs()).max_element();
    (size.is_finite() && size > 0.0).then_some(size)
}

/// The starting tetrahedron, as in quickhull: the widest pair along an axis, the point furthest
/// from their line, the point furthest from that plane. `None` when the cloud is flat.
fn first_tetrahedron(points: &[DVec3], size: f64) -> Option<Vec<Face>> {
    let furthest = |key: &dyn Fn(DVec3) -> f64| {
        (0..points.len()).max_by(|&i, &j| key(points[i]).total_cmp(&key(points[j])))
    };
    let axis = (0..3).max_by(|&a, &b| {
        let extent = |k: usize| {
            let (lo, hi) = points
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                    (lo.min(p[k]), hi.max(p[k]))
                });
            hi - lo
        };
        extent(a).total_cmp(&extent(b))
    })?;
    let i0 = furthest(&|p| -p[axis])?;
    let i1 = furthest(&|p| p[axis])?;
    let (p0, p1) = (points[i0], points[i1]);
    let line = (p1 - p0).normalize_or_zero();
    let i2 = furthest(&|p| (p - p0).reject_from_normalized(line).length())?;
    let normal = (p1 - p0).cross(points[i2] - p0).normalize_or_zero();
    let i3 = furthest(&|p| normal.dot(p - p0).abs())?;
    if line == DVec3::ZERO
        || normal == DVec3::ZERO
        || normal.dot(points[i3] - p0).abs() < thresholds::hull_flat(size)
    {
        return None;
    }
    // Orient the base so that the apex is behind it, then each side face outwards.
    let [a, b, c, d] = [i0, i1, i2, i3].map(|i| i as u32);
    let (b, c) = if normal.dot(points[i3] - p0) > 0.0 {
        (c, b)
    } else {
        (b, c)
    };
    Some(
        [[a, b, c], [a, d, b], [b, d, c], [c, d, a]]
            .map(|v| Face::new(points, v))
            .to_vec(),
    )
}

/// A closed surface (every edge has its twin) that folds outwards at every edge: across each
/// edge, the neighbouring face's far corner lies behind this face's plane, to within
/// [`thresholds::hull_certified`] of the cloud's size. A closed surface convex at every edge
/// is convex, so a walk on it stops only at the top. Points that never became vertices were inside the hull when they
/// were dropped, and the hull only grew afterwards.
fn certify(
    points: &[DVec3],
    faces: &[Face],
    edge_face: &HashMap<(u32, u32), usize>,
    size: f64,
) -> bool {
    let mut corners = HashMap::with_capacity(faces.len() * 3);
    for f in faces {
        let [a, b, c] = f.v;
        corners.insert((a, b), c);
        corners.insert((b, c), a);
        corners.insert((c, a), b);
    }
    faces.iter().all(|f| {
        f.normal != DVec3::ZERO
            && f.edges().iter().all(|&(u, v)| {
                edge_face.contains_key(&(v, u))
                    && corners.get(&(v, u)).is_some_and(|&far| {
                        f.height(points[far as usize]) <= thresholds::hull_certified(size)
                    })
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube_corners() -> Vec<DVec3> {
        (0..8)
            .map(|i| DVec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
            .collect()
    }

    #[test]
    fn cube_hull_drops_interior_and_face_points() {
        let mut points = cube_corners();
        points.push(DVec3::splat(0.5)); // centre
        points.push(DVec3::new(0.5, 0.5, 1.0)); // middle of the top face
        points.push(DVec3::new(1.0, 1.0, 1.0)); // a duplicate corner
        let graph = HullGraph::build(&points).expect("a cube has a hull");
        assert_eq!(graph.vertices.len(), 8);
        // A triangulated cube: 12 edges of the cube and one diagonal on each of its 6 faces.
        assert_eq!(graph.edge_count(), 18);
    }

    #[test]
    fn sphere_hull_is_a_closed_triangulation() {
        // Points on a spiral over the sphere: all on the hull. A closed triangulated surface
        // has V − E + F = 2 with 2E = 3F, so E = 3V − 6.
        let points: Vec<DVec3> = (0..300)
            .map(|i| {
                let y = 1.0 - 2.0 * (i as f64 + 0.5) / 300.0;
                let (r, t) = ((1.0 - y * y).sqrt(), 2.4 * i as f64);
                DVec3::new(r * t.cos(), y, r * t.sin())
            })
            .collect();
        let graph = HullGraph::build(&points).expect("a sphere has a hull");
        assert_eq!(graph.vertices.len(), 300);
        assert_eq!(graph.edge_count(), 3 * 300 - 6);
    }

    #[test]
    fn flat_cloud_has_no_graph() {
        let square: Vec<DVec3> = cube_corners().into_iter().filter(|p| p.z == 0.0).collect();
        assert!(HullGraph::build(&square).is_none());
        assert!(HullGraph::build(&[DVec3::ONE]).is_none());
        assert!(HullGraph::build(&[DVec3::ZERO, DVec3::X, DVec3::NAN, DVec3::Y]).is_none());
    }
}
