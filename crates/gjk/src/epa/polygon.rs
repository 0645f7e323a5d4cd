//! EPA in the plane: a polygon grown edge by edge instead of a polytope face by face.
//!
//! In the plane GJK's last simplex is a triangle around the origin. EPA keeps a convex polygon
//! of points of `A ⊖ B`, counter-clockwise, and pushes out its edge nearest the origin:
//!
//! ```text
//!   grow the simplex into a triangle around the origin, counter-clockwise
//!   loop
//!     e ← the edge nearest the origin, n its outward normal, d its distance
//!     w ← s(n)                      the support point beyond e
//!     if w·n − d ≤ ε                e is on the boundary: depth d, direction n
//!     insert w between e's ends; drop the vertices w's insertion leaves inside
//! ```
//!
//! In the plane the "horizon" of the polytope algorithm is two vertices, the ends of the run
//! of edges that see `w`; the polygon stays convex because every vertex between them, which
//! `w` would hide, goes. The record ([`EpaRecord`]) holds the polygon's edges in order round
//! it ([`crate::trace::Boundary::Edges`]), the edges `w` removed, and the one chord `[p, q]`
//! between the two vertices `w` is joined to.

use super::answer::prove_depth;
use super::answer::{flat_finish, nearest};
use super::grow::grow_triangle;
use super::record::Looked;
use super::{EpaFinish, Stopping};
use crate::config::{SolverConfig, thresholds};
use crate::gjk::stepper::Steppable;
use crate::real::{Real, Vector};
use crate::shape::convex::Convex;
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::simplex::{Simplex, record_vertex};
use crate::trace::{Boundary, EpaRecord, EpaStop, Few, Observer, Penetration};
use glam::DVec3;

/// A unit normal, in the plane, of points on a line: its longest stretch turned a quarter (+Y
/// for a single point, where every direction is as good).
fn across<R: Real>(pts: &[R::V]) -> R::V {
    let longest = pts
        .iter()
        .flat_map(|p| pts.iter().map(move |q| *q - *p))
        .fold(R::V::ZERO, |best, e| {
            if e.length_squared() > best.length_squared() {
                e
            } else {
                best
            }
        });
    let n = R::V::new(-longest.y(), longest.x(), R::ZERO);
    let len = n.length_squared().sqrt();
    if len > R::ZERO {
        n / len
    } else {
        R::V::new(R::ZERO, R::ONE, R::ZERO)
    }
}

/// An edge of the polygon, from `v[0]` to `v[1]` counter-clockwise.
#[derive(Debug, Clone, Copy)]
struct Edge<R: Real> {
    v: [usize; 2],
    /// Outward unit normal (zero for an edge of no length).
    normal: R::V,
    /// Signed distance of the edge's line from the origin (`normal · vertex`).
    distance: R,
}

impl<R: Real> Edge<R> {
    /// A depth: never negative.
    fn depth(&self) -> R {
        self.distance.max_with(R::ZERO)
    }
}

/// EPA in the plane, one iteration per call of `advance`.
#[derive(Debug, Clone)]
pub struct PolygonEpa<'s, R: Real, A = Convex<R>, B = Convex<R>> {
    cso: MinkowskiDifference<'s, R, A, B>,
    stopping: Stopping<R>,
    vertices: Vec<CsoPoint<R>>,
    /// The polygon: indices into `vertices`, counter-clockwise.
    ring: Vec<usize>,
    /// `edges[k]` runs from `ring[k]` to the next vertex round the ring: each edge's line is
    /// made once, when the edge is.
    edges: Vec<Edge<R>>,
    iteration: u32,
    /// The GJK iterations before EPA, so step numbers run on.
    offset: u32,
    finish: Option<EpaFinish>,
}

/// What inserting a support point changed: the edges it removed, and the rim of the hole
/// they leave (in the plane, the chord between the two vertices the new point is joined to).
struct Insertion {
    removed: Vec<[usize; 2]>,
    rim: [usize; 2],
}

impl<'s, R: Real, A: SupportMap<R>, B: SupportMap<R>> PolygonEpa<'s, R, A, B> {
    /// Starts from GJK's final simplex. Returns the run already finished when `A ⊖ B` is a
    /// segment around the origin (the bodies touch along a line: depth 0).
    pub fn new(
        cso: MinkowskiDifference<'s, R, A, B>,
        simplex: &Simplex<R>,
        config: &SolverConfig,
        offset: u32,
    ) -> Self {
        let mut epa = PolygonEpa {
            cso,
            stopping: Stopping::new(config),
            // Room for a run of a dozen iterations, grown past it.
            vertices: Vec::with_capacity(16),
            ring: Vec::with_capacity(16),
            edges: Vec::with_capacity(16),
            iteration: 0,
            offset,
            finish: None,
        };
        match grow_triangle(&cso, simplex.vertices()) {
            Ok(triangle) => {
                let [p, q, r] = triangle.map(|c| c.a.to_f64() - c.b.to_f64());
                let counter_clockwise = (q - p).cross(r - p).z > 0.0;
                epa.vertices.extend_from_slice(&triangle);
                epa.ring.extend_from_slice(if counter_clockwise {
                    &[0, 1, 2]
                } else {
                    &[0, 2, 1]
                });
                for k in 0..3 {
                    let edge = epa.edge([epa.ring[k], epa.ring[(k + 1) % 3]]);
                    epa.edges.push(edge);
                }
            }
            Err((measure, pts)) => {
                // A segment: the normal across it, in the plane.
                let normal = across::<R>(&pts);
                let threshold = |d| epa.threshold(d);
                let flat = flat_finish(&cso, normal, &nearest(simplex), measure, threshold);
                epa.finish = Some(flat);
            }
        }
        epa
    }

    /// The iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.iteration
    }

    fn point(&self, i: usize) -> DVec3 {
        self.vertices[i].a.to_f64() - self.vertices[i].b.to_f64()
    }

    /// The edge from `p` to `q`, its line made in f64 from the witnesses whatever the working
    /// precision (as the polytope algorithm makes its faces' planes).
    fn edge(&self, [p, q]: [usize; 2]) -> Edge<R> {
        let (a, b) = (self.point(p), self.point(q));
        let e = b - a;
        let len = (e.x * e.x + e.y * e.y).sqrt();
        if !(len > 0.0 && len.is_finite()) {
            return Edge {
                v: [p, q],
                normal: R::V::ZERO,
                distance: R::from_f64(f64::MAX),
            };
        }
        // Counter-clockwise, the outside is on the right: e turned a quarter clockwise.
        let normal = DVec3::new(e.y, -e.x, 0.0) / len;
        Edge {
            v: [p, q],
            normal: R::vec(normal),
            distance: R::from_f64(normal.dot(a)),
        }
    }

    fn closest(&self) -> Edge<R> {
        self.edges
            .iter()
            .copied()
            .reduce(|best, e| if e.distance < best.distance { e } else { best })
            .expect("a polygon has edges")
    }

    fn threshold(&self, depth: R) -> R {
        self.stopping.threshold(depth)
    }

    fn bounded(&self, penetration: Penetration, normal: R::V) -> Penetration {
        let nearest = self
            .edges
            .iter()
            .map(|e| e.distance.to_f64())
            .fold(f64::INFINITY, f64::min);
        prove_depth(&self.cso, penetration, normal, [nearest, 0.0], |d| {
            self.threshold(d)
        })
    }

    /// Puts `w` into the polygon after the edge `beyond` (which it lies beyond), dropping the
    /// vertices it hides: walking away from `beyond` both ways, each further edge that also
    /// sees `w` goes with its inner vertex. `None` when `w` adds nothing: it is a vertex
    /// already, or `beyond` does not see it past rounding noise.
    fn insert(&mut self, w: CsoPoint<R>, beyond: &Edge<R>, recorded: bool) -> Option<Insertion> {
        let tiny = thresholds::epa_tiny::<R>();
        let near = tiny * tiny * (R::ONE + w.point.length_squared());
        if self
            .vertices
            .iter()
            .any(|p| (p.point - w.point).length_squared() <= near)
        {
            return None;
        }
        let w64 = w.a.to_f64() - w.b.to_f64();
        let slack = thresholds::epa_sees(R::EPSILON.to_f64(), w64.length());
        let sees = |e: &Edge<R>| e.normal.to_f64().dot(w64 - self.point(e.v[0])) > slack;
        if !sees(beyond) {
            return None;
        }
        let n = self.ring.len();
        let at = |k: usize| self.ring[k % n];
        let edge = |k: usize| &self.edges[k % n];
        let start = self.ring.iter().position(|&i| i == beyond.v[0])?;
        // The run of edges that see w: [first, last] around the ring, `beyond` among them.
        let mut back = 0;
        while back + 1 < n - 1 && sees(edge(start + n - back - 1)) {
            back += 1;
        }
        let mut ahead = 0;
        while back + ahead + 1 < n - 1 && sees(edge(start + ahead + 1)) {
            ahead += 1;
        }
        let first = (start + n - back) % n;
        let run = back + ahead + 1;
        // The removed edges, for the step's record only.
        let removed: Vec<[usize; 2]> = if recorded {
            (0..run).map(|k| edge(first + k).v).collect()
        } else {
            Vec::new()
        };
        let (p, q) = (at(first), at(first + run));
        self.vertices.push(w);
        let new = self.vertices.len() - 1;
        // The ring from q round to p (the vertices between p and q, hidden by w, are left
        // out), closed through w: … p → w → q …; the edges from q round to p stay, and w's
        // two join them.
        self.ring.rotate_left((first + run) % n);
        self.ring.truncate(n - run + 1);
        self.ring.push(new);
        self.edges.rotate_left((first + run) % n);
        self.edges.truncate(n - run);
        let (into, out) = (self.edge([p, new]), self.edge([new, q]));
        self.edges.push(into);
        self.edges.push(out);
        Some(Insertion {
            removed,
            rim: [p, q],
        })
    }

    fn over_budget(&self, gap: R) -> Option<EpaStop> {
        (self.iteration >= self.stopping.max_iterations).then(|| EpaStop::Budget {
            iterations: self.iteration,
            depth: self.closest().depth().to_f64(),
            gap: gap.to_f64(),
        })
    }

    /// Where the foot of the perpendicular from the origin falls on `edge`: the weights of its
    /// two ends (clamped to the edge).
    fn foot_weights(&self, edge: &Edge<R>) -> [R; 2] {
        let [p, q] = edge.v.map(|i| self.vertices[i].point);
        let e = q - p;
        let ee = e.length_squared();
        let t = if ee > R::ZERO {
            (edge.normal * edge.depth() - p).dot(e) / ee
        } else {
            R::ZERO
        };
        let t = t.max_with(R::ZERO);
        let t = if t > R::ONE { R::ONE } else { t };
        [R::ONE - t, t]
    }

    /// The answer the edge `edge` gives: the contact points interpolated at the foot of the
    /// perpendicular from the origin, with the depth's proven bounds.
    fn penetration(&self, edge: &Edge<R>) -> Penetration {
        let [p, q] = edge.v.map(|i| self.vertices[i]);
        let [s, t] = self.foot_weights(edge);
        let penetration = Penetration {
            depth: edge.depth().to_f64(),
            normal: edge.normal.to_f64(),
            point_a: (p.a * s + q.a * t).to_f64(),
            point_b: (p.b * s + q.b * t).to_f64(),
            depth_bounds: None,
            certified: false,
        };
        self.bounded(penetration, edge.normal)
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Steppable for PolygonEpa<'_, R, A, B> {
    type Finish = EpaFinish;

    fn ended(&self) -> Option<&EpaFinish> {
        self.finish.as_ref()
    }

    /// One iteration; returns whether the run has ended.
    fn advance<O: Observer>(&mut self, observer: &mut O) -> bool {
        if self.finish.is_some() {
            return true;
        }
        self.iteration += 1;
        // e ← the edge nearest the origin; w ← the support point beyond it.
        let edge = self.closest();
        let w = self.cso.support(edge.normal);
        let gap = edge.normal.dot(w.point) - edge.distance;
        let threshold = self.threshold(edge.depth());
        let before = O::ENABLED.then(|| (self.snapshot(), self.ring_edges()));
        let (termination, insertion) = if gap <= threshold {
            let converged = EpaStop::Converged {
                gap: gap.to_f64(),
                threshold: threshold.to_f64(),
                depth: edge.depth().to_f64(),
            };
            (Some(converged), None)
        } else {
            match self.insert(w, &edge, O::ENABLED) {
                Some(ins) => (self.over_budget(gap), Some(ins)),
                None => (
                    Some(EpaStop::NoProgress {
                        depth: edge.depth().to_f64(),
                    }),
                    None,
                ),
            }
        };
        // The budget stops after the polygon grew: its nearest edge then answers.
        let answered = match termination {
            Some(EpaStop::Budget { .. }) => self.closest(),
            _ => edge,
        };
        if let Some(t) = termination {
            self.finish = Some((self.penetration(&answered), t));
        }
        if let Some((vertices, edges)) = before {
            let pair: Few<_> = answered
                .v
                .iter()
                .map(|&i| record_vertex(&self.vertices[i]))
                .collect();
            let weights = self.foot_weights(&answered);
            let (removed, joined) = match insertion {
                Some(Insertion { removed, rim }) => (removed, vec![rim]),
                None => (Vec::new(), Vec::new()),
            };
            let record = EpaRecord {
                vertices,
                boundary: Boundary::Edges {
                    edges,
                    closest_edge: edge.v,
                    removed,
                    joined,
                },
                normal: edge.normal.to_f64(),
                distance: edge.distance.to_f64(),
            };
            let looked = Looked {
                w,
                shown: pair,
                closest: (answered.normal * answered.depth()).to_f64(),
                weights: weights.iter().map(|x| x.to_f64()).collect(),
                gap,
                threshold,
                abs_tolerance: self.stopping.abs_tolerance,
            };
            observer.on_step(looked.step(self.offset + self.iteration, record, termination));
        }
        self.finish.is_some()
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> PolygonEpa<'_, R, A, B> {
    fn snapshot(&self) -> Vec<crate::trace::SimplexVertex> {
        self.vertices.iter().map(record_vertex).collect()
    }

    /// The polygon's edges, in order round it.
    fn ring_edges(&self) -> Vec<[usize; 2]> {
        self.edges.iter().map(|e| e.v).collect()
    }
}
