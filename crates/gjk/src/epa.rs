//! The Expanding Polytope Algorithm: how deep two intersecting shapes overlap, and which way.
//!
//! GJK ends with a simplex of `A ⊖ B` that holds the origin. EPA grows it into a polytope whose
//! faces close in on the boundary of `A ⊖ B` nearest the origin (van den Bergen 2001; Suominen, "Implementing the GJK
//! Distance Algorithm with EPA in 3D"):
//!
//! ```text
//!   grow the simplex into a tetrahedron around the origin
//!   loop
//!     f ← the face nearest the origin, n its outward normal, d its distance
//!     w ← s(n)                      the support point beyond f
//!     if w·n − d ≤ ε                f is on the boundary: depth d, direction n
//!     remove every face that can see w; stitch the horizon (the rim of the hole) to w
//! ```
//!
//! Each iteration is a [`Step`] with an [`EpaRecord`], appended to the GJK trace.

mod grow;

use crate::config::SolverConfig;
use crate::convex::Convex;
use crate::cso::{CsoPoint, MinkowskiDifference};
use crate::real::{Real, Vector};
use crate::simplex::{Simplex, record_vertex};
use crate::support::SupportMap;
use crate::trace::{
    EpaRecord, Observer, Penetration, Phase, Quantities, SimplexVertex, Step, Termination,
};
use grow::{flat_normal, grow_tetrahedron};

/// A triangle of the polytope, wound counter-clockwise seen from outside.
#[derive(Debug, Clone, Copy)]
struct Face<R: Real> {
    v: [usize; 3],
    /// Outward unit normal.
    normal: R::V,
    /// Signed distance of the face's plane from the origin (`normal · vertex`).
    distance: R,
}

/// EPA, one iteration per call of `advance`.
#[derive(Debug, Clone)]
pub struct Epa<'s, R: Real, A = Convex<R>, B = Convex<R>> {
    cso: MinkowskiDifference<'s, R, A, B>,
    tolerance: R,
    abs_tolerance: R,
    max_iterations: u32,
    vertices: Vec<CsoPoint<R>>,
    faces: Vec<Face<R>>,
    /// A point strictly inside the polytope, to orient new faces outwards.
    interior: R::V,
    iteration: u32,
    /// The GJK iterations before EPA, so step numbers run on.
    offset: u32,
    finish: Option<(Penetration, Termination)>,
}

/// Relative size below which two points coincide or a tetrahedron is flat.
fn tiny<R: Real>() -> R {
    R::EPSILON * R::from_f64(1e3)
}

fn penetration_from<R: Real>(face: &Face<R>, vertices: &[CsoPoint<R>]) -> Penetration {
    let depth = if face.distance > R::ZERO {
        face.distance
    } else {
        R::ZERO
    };
    let p = face.normal * depth;
    let tri = [
        vertices[face.v[0]],
        vertices[face.v[1]],
        vertices[face.v[2]],
    ];
    let w = barycentric::<R>(p, [tri[0].point, tri[1].point, tri[2].point]);
    let mix = |f: &dyn Fn(&CsoPoint<R>) -> R::V| {
        f(&tri[0]) * w[0] + f(&tri[1]) * w[1] + f(&tri[2]) * w[2]
    };
    Penetration {
        depth: depth.to_f64(),
        normal: face.normal.to_f64(),
        point_a: mix(&|c| c.a).to_f64(),
        point_b: mix(&|c| c.b).to_f64(),
    }
}

/// Barycentric weights of the projection of `p` onto the triangle's plane.
fn barycentric<R: Real>(p: R::V, t: [R::V; 3]) -> [R; 3] {
    let (ab, ac, ap) = (t[1] - t[0], t[2] - t[0], p - t[0]);
    let m = ab.cross(ac);
    let mm = m.length_squared();
    if mm <= R::ZERO {
        return [R::ONE, R::ZERO, R::ZERO];
    }
    let wb = m.dot(ap.cross(ac)) / mm;
    let wc = m.dot(ab.cross(ap)) / mm;
    [R::ONE - wb - wc, wb, wc]
}

impl<'s, R: Real, A: SupportMap<R>, B: SupportMap<R>> Epa<'s, R, A, B> {
    /// Starts from GJK's final simplex. Returns the run already finished when `A ⊖ B` is flat
    /// around the origin.
    pub fn new(
        cso: MinkowskiDifference<'s, R, A, B>,
        simplex: &Simplex<R>,
        config: &SolverConfig,
        offset: u32,
    ) -> Self {
        let mut epa = Epa {
            cso,
            tolerance: R::from_f64(config.epa_tolerance),
            abs_tolerance: R::from_f64(config.abs_tolerance),
            max_iterations: config.epa_max_iterations.max(1),
            vertices: Vec::new(),
            faces: Vec::new(),
            interior: R::V::ZERO,
            iteration: 0,
            offset,
            finish: None,
        };
        let grown = grow_tetrahedron(&cso, simplex.vertices());
        match grown {
            Ok(tetra) => epa.start(tetra),
            Err(measure) => {
                // No volume: the shapes touch along a flat contact; depth 0 along the plane's normal.
                let pts: Vec<R::V> = simplex.vertices().iter().map(|p| p.point).collect();
                let normal = flat_normal::<R>(&pts);
                let p = simplex.vertices()[0];
                epa.finish = Some((
                    Penetration {
                        depth: 0.0,
                        normal: normal.to_f64(),
                        point_a: p.a.to_f64(),
                        point_b: p.a.to_f64(),
                    },
                    Termination::EpaFlat {
                        measure: measure.to_f64(),
                    },
                ));
            }
        }
        epa
    }

    pub fn finish(&self) -> Option<(Penetration, Termination)> {
        self.finish
    }

    pub fn iterations(&self) -> u32 {
        self.iteration
    }

    fn start(&mut self, tetra: [CsoPoint<R>; 4]) {
        self.vertices = tetra.to_vec();
        let c =
            (tetra[0].point + tetra[1].point + tetra[2].point + tetra[3].point) * R::from_f64(0.25);
        self.interior = c;
        for v in [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] {
            let f = self.make_face(v);
            self.faces.push(f);
        }
    }

    /// A face on three vertices, wound and oriented to face away from the interior point.
    fn make_face(&self, v: [usize; 3]) -> Face<R> {
        let [a, b, c] = v.map(|i| self.vertices[i].point);
        let mut n = (b - a).cross(c - a);
        let mut v = v;
        if n.dot(a - self.interior) < R::ZERO {
            n = -n;
            v.swap(1, 2);
        }
        let len = n.length_squared().sqrt();
        if len <= R::ZERO {
            // A sliver with no direction: never the closest face.
            return Face {
                v,
                normal: R::V::ZERO,
                distance: R::from_f64(f64::MAX),
            };
        }
        let normal = n / len;
        Face {
            v,
            normal,
            distance: normal.dot(a),
        }
    }

    /// A flat side of `A ⊖ B` is split into coplanar triangles, all at the same distance; the
    /// foot of the perpendicular from the origin lies in only one of them. The contact points
    /// are interpolated from that one (its weights are all non-negative), not extrapolated from
    /// a neighbour.
    fn contact_face(&self, closest: Face<R>) -> Face<R> {
        let slack = tiny::<R>() * (R::ONE + closest.distance.abs());
        let foot = closest.normal * closest.distance;
        let inside = |f: &Face<R>| {
            barycentric::<R>(foot, f.v.map(|i| self.vertices[i].point))
                .iter()
                .all(|&w| w >= -slack)
        };
        if inside(&closest) {
            return closest;
        }
        self.faces
            .iter()
            .filter(|f| (f.distance - closest.distance).abs() <= slack * R::from_f64(1e3))
            .find(|f| inside(f))
            .copied()
            .unwrap_or(closest)
    }

    fn closest(&self) -> usize {
        let mut best = 0;
        for (i, f) in self.faces.iter().enumerate() {
            if f.distance < self.faces[best].distance {
                best = i;
            }
        }
        best
    }

    /// One EPA iteration; returns the answer when this iteration ended the run.
    pub fn advance<O: Observer>(&mut self, observer: &mut O) -> Option<(Penetration, Termination)> {
        if self.finish.is_some() {
            return None;
        }
        self.iteration += 1;
        let ci = self.closest();
        let face = self.faces[ci];
        let w = self.cso.support(face.normal);
        let gap = face.normal.dot(w.point) - face.distance;
        let scale_d = if face.distance > R::ZERO {
            face.distance
        } else {
            R::ZERO
        };
        let threshold = {
            let rel = self.tolerance * scale_d;
            if rel > self.abs_tolerance {
                rel
            } else {
                self.abs_tolerance
            }
        };
        let before_vertices = if O::ENABLED {
            self.record_vertices()
        } else {
            Vec::new()
        };
        let before_faces: Vec<[usize; 3]> = if O::ENABLED {
            self.faces.iter().map(|f| f.v).collect()
        } else {
            Vec::new()
        };

        let mut removed = Vec::new();
        let mut horizon = Vec::new();
        let termination = if gap <= threshold {
            Some(Termination::EpaConverged {
                gap: gap.to_f64(),
                threshold: threshold.to_f64(),
                depth: scale_d.to_f64(),
            })
        } else if self.vertices.iter().any(|p| {
            (p.point - w.point).length_squared()
                <= tiny::<R>() * tiny::<R>() * (R::ONE + w.point.length_squared())
        }) {
            Some(Termination::EpaNoProgress {
                depth: scale_d.to_f64(),
            })
        } else {
            // Faces that can see w go; the rim of the hole they leave is the horizon. A face only
            // "sees" w beyond rounding noise at the polytope's scale.
            let visibility_slack = tiny::<R>() * (R::ONE + w.point.length_squared().sqrt());
            let visible: Vec<usize> = (0..self.faces.len())
                .filter(|&i| {
                    let f = &self.faces[i];
                    f.normal.dot(w.point - self.vertices[f.v[0]].point) > visibility_slack
                })
                .collect();
            if visible.is_empty() {
                Some(Termination::EpaNoProgress {
                    depth: scale_d.to_f64(),
                })
            } else {
                let mut edges: Vec<[usize; 2]> = Vec::new();
                for &i in &visible {
                    let v = self.faces[i].v;
                    for k in 0..3 {
                        let e = [v[k], v[(k + 1) % 3]];
                        // An edge shared by two visible faces appears once each way: it is inside the hole.
                        if let Some(pos) = edges.iter().position(|x| *x == [e[1], e[0]]) {
                            edges.swap_remove(pos);
                        } else {
                            edges.push(e);
                        }
                    }
                }
                removed = visible.iter().map(|&i| self.faces[i].v).collect();
                let mut keep = Vec::with_capacity(self.faces.len());
                for (i, f) in self.faces.iter().enumerate() {
                    if !visible.contains(&i) {
                        keep.push(*f);
                    }
                }
                self.faces = keep;
                self.vertices.push(w);
                let new = self.vertices.len() - 1;
                for e in &edges {
                    let f = self.make_face([e[0], e[1], new]);
                    self.faces.push(f);
                }
                horizon = edges;
                // A convex polytope with V vertices has 2V − 4 faces; far more means rounding
                // has broken the horizon, and the budget applies early.
                let face_budget = 2 * (self.max_iterations as usize + 4);
                if self.iteration >= self.max_iterations || self.faces.len() > face_budget {
                    let best = self.faces[self.closest()];
                    let d = if best.distance > R::ZERO {
                        best.distance
                    } else {
                        R::ZERO
                    };
                    Some(Termination::EpaBudget {
                        iterations: self.iteration,
                        depth: d.to_f64(),
                        gap: gap.to_f64(),
                    })
                } else {
                    None
                }
            }
        };

        let result = termination.map(|t| {
            let best = match t {
                // The budget stops after the polytope grew: report its closest face.
                Termination::EpaBudget { .. } => self.faces[self.closest()],
                _ => face,
            };
            let best = self.contact_face(best);
            let r = (penetration_from(&best, &self.vertices), t);
            self.finish = Some(r);
            r
        });

        if O::ENABLED {
            let weights = barycentric::<R>(
                face.normal * scale_d,
                face.v.map(|i| self.vertices[i].point),
            );
            let tri: Vec<SimplexVertex> = face.v.iter().map(|&i| before_vertices[i]).collect();
            observer.on_step(Step {
                iteration: self.offset + self.iteration,
                phase: Phase::Epa(EpaRecord {
                    vertices: before_vertices,
                    faces: before_faces,
                    closest_face: face.v,
                    normal: face.normal.to_f64(),
                    distance: face.distance.to_f64(),
                    removed,
                    horizon,
                }),
                direction: face.normal.to_f64(),
                support: record_vertex(&w),
                simplex_before: tri.clone(),
                candidate: tri.clone(),
                simplex_after: tri,
                feature: None,
                closest: Some((face.normal * scale_d).to_f64()),
                weights: weights.iter().map(|x| x.to_f64()).collect(),
                next_direction: None,
                quantities: Quantities {
                    v_norm: Some(face.distance.to_f64()),
                    gap: Some(gap.to_f64()),
                    gap_threshold: Some(threshold.to_f64()),
                    abs_threshold: Some(self.abs_tolerance.to_f64()),
                    support_dot_direction: None,
                },
                termination,
                certificate: None,
            });
        }
        result
    }

    fn record_vertices(&self) -> Vec<SimplexVertex> {
        self.vertices.iter().map(record_vertex).collect()
    }

    /// Runs to the end, handing every step to `observer`.
    pub fn run_traced<O: Observer>(&mut self, observer: &mut O) -> (Penetration, Termination) {
        loop {
            if let Some(r) = self.finish {
                return r;
            }
            self.advance(observer);
        }
    }
}
