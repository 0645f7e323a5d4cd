//! A triangle mesh: its vertices, its triangles, and for each triangle's edge the triangle
//! across it. Built once and checked once: every number finite and within the precision's
//! limit, every triangle with an area, every edge joined to at most one other triangle that
//! runs along it the other way (one consistent winding, so every face has a front).
//!
//! A height field is a mesh too: a grid of heights, two triangles to a cell
//! ([`TriMesh::height_field`]).

use super::CompositeError;
use crate::config::{Precision, thresholds};
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// The most vertices, or triangles, a mesh may have: 2²⁴ (sixteen times a million-triangle
/// level), so that a file that never ends is refused before it is built.
pub const MAX_MESH_SIZE: usize = 1 << 24;

/// How the surface bends at an edge, seen from the front of one of its triangles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bend {
    /// A ridge: the neighbour falls away behind the face.
    Convex,
    /// The neighbour continues the face's plane (to rounding).
    Flat,
    /// A valley: the neighbour rises in front of the face.
    Concave,
    /// No neighbour: the mesh ends here.
    Border,
}

/// A checked triangle mesh, in world coordinates. Triangle `t`'s edge `k` runs from its corner
/// `k` to corner `k + 1` (mod 3); seen from the front, the corners turn counter-clockwise.
#[derive(Debug, Clone, PartialEq)]
pub struct TriMesh {
    vertices: Vec<DVec3>,
    triangles: Vec<[u32; 3]>,
    /// For each triangle and each of its edges, the triangle across it (none on the border).
    neighbours: Vec<[Option<u32>; 3]>,
    /// Each triangle's unit normal, and how the surface bends at each of its edges, worked
    /// out once: the seam test reads a contact's face and its neighbours' several times over.
    normals: Vec<DVec3>,
    bends: Vec<[Bend; 3]>,
}

impl TriMesh {
    /// The mesh of `triangles` (indices into `vertices`), refused with the first fault found,
    /// named by its field: a number that is not finite or past `precision`'s limit, a triangle
    /// that names a missing vertex or has no area, an edge shared by three triangles or by two
    /// that run along it the same way.
    pub fn new(
        vertices: Vec<DVec3>,
        triangles: Vec<[u32; 3]>,
        precision: Precision,
    ) -> Result<Self, CompositeError> {
        if triangles.is_empty() {
            return Err(CompositeError::new("triangles", "a mesh needs a triangle"));
        }
        for (field, n) in [("vertices", vertices.len()), ("triangles", triangles.len())] {
            if n > MAX_MESH_SIZE {
                return Err(CompositeError::new(
                    field,
                    format!("{n} is more than the {MAX_MESH_SIZE} a mesh may have"),
                ));
            }
        }
        for (i, v) in vertices.iter().enumerate() {
            for (axis, x) in ["x", "y", "z"].into_iter().zip(v.to_array()) {
                if !x.is_finite() || x.abs() > precision.max_length() {
                    return Err(CompositeError::new(
                        format!("vertices[{i}].{axis}"),
                        format!(
                            "{x:e} is not a finite number within {:e} ({})",
                            precision.max_length(),
                            precision.name()
                        ),
                    ));
                }
            }
        }
        for (t, tri) in triangles.iter().enumerate() {
            check_triangle(&vertices, t, *tri)?;
        }
        let neighbours = neighbours(&triangles)?;
        let normals = triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|v| vertices[v as usize]);
                (b - a).cross(c - a).normalize()
            })
            .collect();
        let mut mesh = TriMesh {
            vertices,
            triangles,
            neighbours,
            normals,
            bends: Vec::new(),
        };
        mesh.bends = (0..mesh.triangles.len() as u32)
            .map(|t| [0, 1, 2].map(|k| mesh.measure_bend(t, k)))
            .collect();
        Ok(mesh)
    }

    /// A height field: `heights[row][column]` over a grid centred on the origin, `scale.x`
    /// wide along x (the columns), `scale.z` deep along z (the rows), each height times
    /// `scale.y`, as parry lays one out. Each cell is two triangles, split along the diagonal
    /// from its corner nearest −x −z, both facing +y.
    pub fn height_field(
        heights: &[Vec<f64>],
        scale: DVec3,
        precision: Precision,
    ) -> Result<Self, CompositeError> {
        let rows = heights.len();
        let columns = heights.first().map_or(0, Vec::len);
        if rows < 2 || columns < 2 {
            return Err(CompositeError::new(
                "heights",
                format!("a height field needs at least 2 × 2 heights, got {rows} × {columns}"),
            ));
        }
        if let Some(r) = heights.iter().position(|row| row.len() != columns) {
            return Err(CompositeError::new(
                format!("heights[{r}]"),
                format!(
                    "has {} heights; the first row has {columns}",
                    heights[r].len()
                ),
            ));
        }
        if rows.saturating_mul(columns) > MAX_MESH_SIZE {
            return Err(CompositeError::new(
                "heights",
                format!("{rows} × {columns} is more than the {MAX_MESH_SIZE} a mesh may have"),
            ));
        }
        let at = |i: usize, n: usize| i as f64 / (n - 1) as f64 - 0.5;
        let mut vertices = Vec::with_capacity(rows * columns);
        for (r, row) in heights.iter().enumerate() {
            for (c, &h) in row.iter().enumerate() {
                vertices.push(DVec3::new(
                    at(c, columns) * scale.x,
                    h * scale.y,
                    at(r, rows) * scale.z,
                ));
            }
        }
        let index = |r: usize, c: usize| (r * columns + c) as u32;
        let mut triangles = Vec::with_capacity(2 * (rows - 1) * (columns - 1));
        for r in 0..rows - 1 {
            for c in 0..columns - 1 {
                let (a, b) = (index(r, c), index(r, c + 1));
                let (d, e) = (index(r + 1, c), index(r + 1, c + 1));
                triangles.push([a, d, e]);
                triangles.push([a, e, b]);
            }
        }
        TriMesh::new(vertices, triangles, precision)
    }

    /// The vertices.
    pub fn vertices(&self) -> &[DVec3] {
        &self.vertices
    }

    /// The triangles, as indices into [`Self::vertices`].
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Triangle `t`'s corners.
    pub fn corners(&self, t: u32) -> [DVec3; 3] {
        self.triangles[t as usize].map(|v| self.vertices[v as usize])
    }

    /// Triangle `t`'s unit normal, out of its front.
    pub fn normal(&self, t: u32) -> DVec3 {
        self.normals[t as usize]
    }

    /// How the surface bends at triangle `t`'s edge `k`.
    pub fn bend(&self, t: u32, k: usize) -> Bend {
        self.bends[t as usize][k]
    }

    /// The bend at triangle `t`'s edge `k`: the height of the neighbour's far corner over
    /// `t`'s plane, against the rounding of the numbers.
    fn measure_bend(&self, t: u32, k: usize) -> Bend {
        let Some(s) = self.neighbour(t, k) else {
            return Bend::Border;
        };
        let corners = self.corners(t);
        let edge = [
            self.triangles[t as usize][k],
            self.triangles[t as usize][(k + 1) % 3],
        ];
        let far = self.triangles[s as usize]
            .into_iter()
            .find(|v| !edge.contains(v))
            .map_or(corners[k], |v| self.vertices[v as usize]);
        let height = self.normal(t).dot(far - corners[k]);
        let size = corners
            .iter()
            .fold(far.abs(), |m, c| m.max(c.abs()))
            .max_element();
        let flat = thresholds::feature_rounding(size);
        if height < -flat {
            Bend::Convex
        } else if height > flat {
            Bend::Concave
        } else {
            Bend::Flat
        }
    }

    /// The triangle across triangle `t`'s edge `k` (none on the border).
    pub fn neighbour(&self, t: u32, k: usize) -> Option<u32> {
        self.neighbours[t as usize][k]
    }
}

/// Checks triangle `t`: three different vertices that exist, not on one line.
fn check_triangle(vertices: &[DVec3], t: usize, tri: [u32; 3]) -> Result<(), CompositeError> {
    let field = || format!("triangles[{t}]");
    if let Some(&v) = tri.iter().find(|&&v| v as usize >= vertices.len()) {
        return Err(CompositeError::new(
            field(),
            format!(
                "names vertex {v}, but there are {} vertices",
                vertices.len()
            ),
        ));
    }
    let [a, b, c] = tri.map(|v| vertices[v as usize]);
    let longest = (b - a).length().max((c - b).length()).max((a - c).length());
    // Twice the area, against what the rounding of a triangle this size leaves of it.
    let size = a.abs().max(b.abs()).max(c.abs()).max_element().max(longest);
    if (b - a).cross(c - a).length() <= thresholds::feature_rounding(size) * longest {
        return Err(CompositeError::new(
            field(),
            format!(
                "has no area: vertices {}, {} and {} lie on one line or repeat",
                tri[0], tri[1], tri[2]
            ),
        ));
    }
    Ok(())
}

/// For each triangle's edge, the triangle across it: the edges are sorted by their two
/// vertices, so that the triangles sharing one stand together, and each shared edge must be
/// run along once each way (a closed surface's two sides, or a floor's one, stay apart).
fn neighbours(triangles: &[[u32; 3]]) -> Result<Vec<[Option<u32>; 3]>, CompositeError> {
    // (the edge's lower vertex, its higher, the triangle, which of its edges)
    let mut edges: Vec<(u32, u32, u32, u8)> = Vec::with_capacity(3 * triangles.len());
    for (t, tri) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (u, v) = (tri[k], tri[(k + 1) % 3]);
            edges.push((u.min(v), u.max(v), t as u32, k as u8));
        }
    }
    edges.sort_unstable();
    let mut out = vec![[None; 3]; triangles.len()];
    for group in edges.chunk_by(|x, y| (x.0, x.1) == (y.0, y.1)) {
        let (u, v) = (group[0].0, group[0].1);
        let runs_forward =
            |&(_, _, t, k): &(u32, u32, u32, u8)| triangles[t as usize][usize::from(k)] == u;
        match group {
            [_] => {}
            [first, second] if runs_forward(first) != runs_forward(second) => {
                out[first.2 as usize][usize::from(first.3)] = Some(second.2);
                out[second.2 as usize][usize::from(second.3)] = Some(first.2);
            }
            [first, second] => {
                return Err(CompositeError::new(
                    format!("triangles[{}]", second.2),
                    format!(
                        "runs along the edge between vertices {u} and {v} the same way as \
                         triangles[{}]: their windings disagree, so one faces the other way \
                         (or the triangle is there twice)",
                        first.2
                    ),
                ));
            }
            many => {
                let names: Vec<String> = many.iter().map(|e| e.2.to_string()).collect();
                return Err(CompositeError::new(
                    format!("triangles[{}]", many[2].2),
                    format!(
                        "the edge between vertices {u} and {v} joins {} triangles ({}); an \
                         edge joins at most two (the mesh is not a surface there)",
                        many.len(),
                        names.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(out)
}
