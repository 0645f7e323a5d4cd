//! Seams: whether a contact's normal is one the mesh's surface can have where the contact lies.
//!
//! Each triangle is queried as a lone convex piece, so a contact on an edge gets the normal the
//! lone triangle has there: any direction between its face and the edge's outside. On the
//! mesh the edge has neighbours. The normals the surface really has at a point are its
//! **normal cone** (its Gauss map): on a face, the face's normal; on an edge, the arc between
//! the two faces' normals (one direction, where the floor is flat); at a vertex, the normals
//! between all the faces round it. A normal outside that cone is a **ghost**: a body sliding
//! over a flat floor meets the edge between two triangles, is pushed by the edge's normal
//! instead of the floor's, and catches on a seam that is not there.
//!
//! ```text
//!      body ●──► sliding                  n, the lone triangle's normal at its edge
//!      ─────────┬───────────                  ↖     ↑ the floor's: the only normal
//!      triangle 7 │ triangle 8                      the flat seam has
//! ```
//!
//! A valley (a concave edge) has no normal of its own: a contact there is pushed out by one of
//! its two faces. An edge on the mesh's border has no neighbour to disagree with: every
//! normal round it is real.
//!
//! Each engine's fix, worked out on the same contact ([`Fixes`]): parry's pseudo-normals keep
//! a normal within twice the angle from the face to the nearest edge's pseudo-normal (the sum
//! of its two faces' normals) and clamp the rest to that circle, dropping a contact from behind
//! the face; Jolt's active edges keep the normal where the contact's edge (or one of its
//! vertex's edges) is active — convex, and bent more than 5° — and give the face's normal
//! elsewhere. The two differ on a slightly bent convex edge, which Jolt calls flat and parry
//! clamps, and on a vertex, where parry looks at edges and Jolt at the two edges of one triangle.

pub use super::mesh::Bend;
use super::mesh::TriMesh;
use crate::config::thresholds;
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// Jolt's `mActiveEdgeCosThresholdAngle` default, `cos 5°`: a convex edge bent less than this
/// is inactive (treated as flat).
pub const JOLT_ACTIVE_EDGE_COS: f64 = 0.996195;

/// The most triangles walked round one vertex (a fan larger than this is judged from the ones
/// walked, and the contact counts as on the border).
const MAX_FAN: usize = 64;

/// Where on its triangle a contact lies. Edge `k` runs from corner `k` to corner `k + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnTriangle {
    /// Inside the face.
    Face,
    /// On edge `k`.
    Edge(u8),
    /// On corner `k`.
    Vertex(u8),
}

/// What the seam test says of a contact's normal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Inside its feature's normal cone: a normal the surface has there.
    Real,
    /// Outside it: a normal the lone piece has and the body does not.
    Ghost,
    /// On the mesh's border: no neighbour to judge by; the normal is real.
    Border,
}

/// The normal each engine's internal-edge fix gives the contact.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Fixes {
    /// parry's pseudo-normals (`FIX_INTERNAL_EDGES`, applied in `contact_manifolds` only):
    /// `None` where it drops the contact (from behind a one-sided face).
    pub parry: Option<DVec3>,
    /// Jolt's active edges (the static rule; Jolt also keeps a normal that impedes the
    /// body's motion less than the face's, which needs the motion).
    pub jolt: DVec3,
}

/// A contact on a mesh, judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seam {
    /// The triangle the contact is on.
    pub triangle: u32,
    /// Where on it.
    pub on: OnTriangle,
    /// The bend of each edge the contact lies on (one for an edge, two for a corner).
    pub bends: Vec<Bend>,
    /// The contact's normal, out of the mesh towards the other body.
    pub normal: DVec3,
    /// The contact is on the back of its triangle: the cone is the back's (every normal turned).
    pub behind: bool,
    /// The normal cone, as convex cones of faces' normals whose union it is: one face's normal,
    /// the arc of two, the fan round a vertex.
    pub cones: Vec<Vec<DVec3>>,
    /// How far the normal lies outside the cone, in radians (0 inside).
    pub off_by: f64,
    /// What that makes the normal.
    pub verdict: Verdict,
    /// The normal the engines' fixes give.
    pub fixes: Fixes,
}

/// Judges the contact at `point` on triangle `t` of `mesh`, whose normal (out of the mesh) is
/// `normal`.
pub fn judge(mesh: &TriMesh, t: u32, point: DVec3, normal: DVec3) -> Seam {
    let corners = mesh.corners(t);
    let face = mesh.normal(t);
    let behind = normal.dot(face) < 0.0;
    let side = if behind { -1.0 } else { 1.0 };
    let on = locate(corners, point);
    let edges: Vec<usize> = match on {
        OnTriangle::Face => vec![],
        OnTriangle::Edge(k) => vec![usize::from(k)],
        OnTriangle::Vertex(k) => vec![usize::from(k), (usize::from(k) + 2) % 3],
    };
    let bends: Vec<Bend> = edges.iter().map(|&k| bend(mesh, t, k)).collect();
    let (cones, closed) = match on {
        OnTriangle::Face => (vec![vec![face]], true),
        OnTriangle::Edge(k) => (edge_cones(mesh, t, usize::from(k)), true),
        OnTriangle::Vertex(k) => vertex_cones(mesh, t, usize::from(k)),
    };
    let border = bends.contains(&Bend::Border) || !closed;
    let cones: Vec<Vec<DVec3>> = cones
        .into_iter()
        .map(|c| c.into_iter().map(|n| n * side).collect())
        .collect();
    let off_by = cones
        .iter()
        .map(|c| angle_to_cone(normal, c))
        .fold(f64::INFINITY, f64::min);
    let verdict = if border {
        Verdict::Border
    } else if off_by <= thresholds::seam_angle() {
        Verdict::Real
    } else {
        Verdict::Ghost
    };
    let fixes = Fixes {
        parry: parry_fix(mesh, t, normal),
        jolt: jolt_fix(mesh, t, on, normal),
    };
    Seam {
        triangle: t,
        on,
        bends,
        normal,
        behind,
        cones,
        off_by,
        verdict,
        fixes,
    }
}

/// Where `point` lies on the triangle: on a corner or an edge when within the rounding of
/// the triangle's numbers of it ([`thresholds::feature_rounding`]), else inside the face.
pub fn locate(corners: [DVec3; 3], point: DVec3) -> OnTriangle {
    let size = corners
        .iter()
        .fold(point.abs(), |m, c| m.max(c.abs()))
        .max_element();
    let near = thresholds::feature_rounding(size);
    if let Some(k) = (0..3).find(|&k| corners[k].distance(point) <= near) {
        return OnTriangle::Vertex(k as u8);
    }
    let off_edge = |k: usize| {
        let (a, b) = (corners[k], corners[(k + 1) % 3]);
        let ab = b - a;
        let s = ((point - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
        point.distance(a + ab * s)
    };
    match (0..3).find(|&k| off_edge(k) <= near) {
        Some(k) => OnTriangle::Edge(k as u8),
        None => OnTriangle::Face,
    }
}

/// How the surface bends at triangle `t`'s edge `k` ([`TriMesh::bend`]).
pub fn bend(mesh: &TriMesh, t: u32, k: usize) -> Bend {
    mesh.bend(t, k)
}

/// The cone at edge `k` of `t`: the arc between the two faces' normals on a ridge or a flat
/// seam, the two normals alone in a valley, the face's on the border.
fn edge_cones(mesh: &TriMesh, t: u32, k: usize) -> Vec<Vec<DVec3>> {
    let face = mesh.normal(t);
    match (bend(mesh, t, k), mesh.neighbour(t, k)) {
        (Bend::Convex | Bend::Flat, Some(s)) => vec![vec![face, mesh.normal(s)]],
        (Bend::Concave, Some(s)) => vec![vec![face], vec![mesh.normal(s)]],
        _ => vec![vec![face]],
    }
}

/// The cone at corner `k` of `t`, and whether the triangles round the vertex close (an open
/// fan is on the border): the triangles are walked across their shared edges. Where every
/// edge round it is a ridge or flat, the cone is the hull of all their normals; otherwise
/// each face's normal and each ridge's arc on its own.
fn vertex_cones(mesh: &TriMesh, t: u32, k: usize) -> (Vec<Vec<DVec3>>, bool) {
    let vertex = mesh.triangles()[t as usize][k];
    let corner = |s: u32| {
        mesh.triangles()[s as usize]
            .iter()
            .position(|&v| v == vertex)
            .unwrap_or(0)
    };
    // Walk one way round (across the edge leaving the vertex), then, from a border, the other.
    let mut fan = vec![t];
    let mut closed = false;
    let mut at = t;
    while fan.len() < MAX_FAN {
        match mesh.neighbour(at, corner(at)) {
            Some(s) if s == t => {
                closed = true;
                break;
            }
            Some(s) => {
                fan.push(s);
                at = s;
            }
            None => break,
        }
    }
    if !closed {
        at = t;
        while fan.len() < MAX_FAN {
            match mesh.neighbour(at, (corner(at) + 2) % 3) {
                Some(s) if !fan.contains(&s) => {
                    fan.push(s);
                    at = s;
                }
                _ => break,
            }
        }
    }
    let ridges: Vec<(u32, usize)> = fan.iter().map(|&s| (s, corner(s))).collect();
    let all_convex = ridges
        .iter()
        .all(|&(s, c)| matches!(bend(mesh, s, c), Bend::Convex | Bend::Flat));
    let normals: Vec<DVec3> = fan.iter().map(|&s| mesh.normal(s)).collect();
    if all_convex {
        return (vec![normals], closed);
    }
    let mut cones: Vec<Vec<DVec3>> = normals.iter().map(|&n| vec![n]).collect();
    for &(s, c) in &ridges {
        if let (Bend::Convex | Bend::Flat, Some(next)) = (bend(mesh, s, c), mesh.neighbour(s, c)) {
            cones.push(vec![mesh.normal(s), mesh.normal(next)]);
        }
    }
    (cones, closed)
}

/// The angle between two directions, from the sine and cosine together (accurate near 0).
fn angle(a: DVec3, b: DVec3) -> f64 {
    a.cross(b).length().atan2(a.dot(b))
}

/// The angle from the unit `n` to the convex cone of the unit `normals`: 0 inside; otherwise
/// the angle to its nearest ray or to the nearest point of an arc between two of its rays. A
/// direction inside a cone of directions in space is inside the cone of three of them
/// (Carathéodory), so every three are tried.
pub fn angle_to_cone(n: DVec3, normals: &[DVec3]) -> f64 {
    let g = normals;
    for i in 0..g.len() {
        for j in i + 1..g.len() {
            for l in j + 1..g.len() {
                let det = g[i].dot(g[j].cross(g[l]));
                if det.abs() <= thresholds::feature_rounding(1.0) {
                    continue;
                }
                let weights = [
                    n.dot(g[j].cross(g[l])) / det,
                    n.dot(g[l].cross(g[i])) / det,
                    n.dot(g[i].cross(g[j])) / det,
                ];
                if weights.iter().all(|&w| w >= 0.0) {
                    return 0.0;
                }
            }
        }
    }
    // Outside: the nearest of its rays and of the arcs between two of them. The angle to a
    // unit direction falls as their dot product rises, so the nearest is found by the dot
    // products and only its angle is worked out.
    let Some(mut nearest) = g
        .iter()
        .copied()
        .max_by(|x, y| n.dot(*x).total_cmp(&n.dot(*y)))
    else {
        return f64::INFINITY;
    };
    for i in 0..g.len() {
        for j in i + 1..g.len() {
            let m = g[i].cross(g[j]);
            if m.length() <= thresholds::feature_rounding(1.0) {
                continue;
            }
            let m = m.normalize();
            let p = n - m * n.dot(m);
            if g[i].cross(p).dot(m) >= 0.0 && p.cross(g[j]).dot(m) >= 0.0 && p != DVec3::ZERO {
                let p = p.normalize();
                if n.dot(p) > n.dot(nearest) {
                    nearest = p;
                }
            }
        }
    }
    angle(n, nearest)
}

/// parry's rule: the pseudo-normal of the edge nearest `n` (the sum of its faces' normals; the
/// face's own on the border), `θ` from the face; `n` is kept within `2θ` of the face, clamped
/// to that circle beyond it, and the contact dropped from behind the face.
fn parry_fix(mesh: &TriMesh, t: u32, n: DVec3) -> Option<DVec3> {
    let face = mesh.normal(t);
    let cos = n.dot(face);
    if cos < 0.0 {
        return None;
    }
    let pseudo = (0..3)
        .map(|k| match mesh.neighbour(t, k) {
            Some(s) => (face + mesh.normal(s)).normalize_or(face),
            None => face,
        })
        .max_by(|x, y| x.dot(n).total_cmp(&y.dot(n)))
        .unwrap_or(face);
    // The circle's radius 2θ, θ the angle from the face to the pseudo-normal, by its cosine
    // and sine: cos 2θ = 2cos²θ − 1, sin 2θ = 2 sinθ cosθ.
    let (c, s) = (face.dot(pseudo), face.cross(pseudo).length());
    let (reach_cos, reach_sin) = (2.0 * c * c - 1.0, 2.0 * s * c);
    if cos >= reach_cos {
        return Some(n);
    }
    let across = (n - face * cos).normalize_or_zero();
    Some(face * reach_cos + across * reach_sin)
}

/// Jolt's rule (`ActiveEdges::FixNormal`, without the motion): the normal is kept where the
/// contact's edge, or one of its corner's two edges in this triangle, is active; else the
/// face's normal.
fn jolt_fix(mesh: &TriMesh, t: u32, on: OnTriangle, n: DVec3) -> DVec3 {
    let active = |k: usize| match (bend(mesh, t, k), mesh.neighbour(t, k)) {
        (Bend::Border, _) | (_, None) => true,
        (Bend::Convex, Some(s)) => mesh.normal(t).dot(mesh.normal(s)) < JOLT_ACTIVE_EDGE_COS,
        _ => false,
    };
    let keep = match on {
        OnTriangle::Face => true,
        OnTriangle::Edge(k) => active(usize::from(k)),
        OnTriangle::Vertex(k) => active(usize::from(k)) || active((usize::from(k) + 2) % 3),
    };
    if keep { n } else { mesh.normal(t) }
}
