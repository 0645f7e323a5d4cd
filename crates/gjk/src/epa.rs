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

mod answer;
mod grow;
pub mod polygon;
mod record;
mod touching;

use crate::config::{SolverConfig, thresholds};
use crate::gjk::stepper::Steppable;
use crate::real::{Real, Vector};
use crate::shape::convex::Convex;
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::simplex::{Simplex, record_vertex};
use crate::trace::{Boundary, EpaRecord, EpaStop, Few, Observer, Penetration, SimplexVertex, Step};
use answer::{barycentric, flat_finish, nearest, penetration_from};
use grow::{flat_normal, grow_tetrahedron};
use record::Looked;
pub use touching::touching;

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
    stopping: Stopping<R>,
    vertices: Vec<CsoPoint<R>>,
    faces: Vec<Face<R>>,
    /// The last expansion's hole, kept between iterations so that none allocates.
    hole: Hole,
    /// A point strictly inside the polytope, to orient new faces outwards.
    interior: R::V,
    iteration: u32,
    /// The GJK iterations before EPA, so step numbers run on.
    offset: u32,
    finish: Option<EpaFinish>,
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
            stopping: Stopping::new(config),
            // Room for a run of a dozen iterations, grown past it.
            vertices: Vec::with_capacity(16),
            faces: Vec::with_capacity(32),
            hole: Hole::default(),
            interior: R::V::ZERO,
            iteration: 0,
            offset,
            finish: None,
        };
        let grown = grow_tetrahedron(&cso, simplex.vertices());
        match grown {
            Ok(tetra) => epa.start(tetra),
            Err((measure, pts)) => {
                // No volume: the shapes touch along a flat contact; depth 0 along the normal of
                // the plane (or across the line) that the grown points span.
                let normal = flat_normal::<R>(&pts);
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

    fn start(&mut self, tetra: [CsoPoint<R>; 4]) {
        self.vertices.extend_from_slice(&tetra);
        let c =
            (tetra[0].point + tetra[1].point + tetra[2].point + tetra[3].point) * R::from_f64(0.25);
        self.interior = c;
        for v in [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] {
            let f = self.make_face(v);
            self.faces.push(f);
        }
    }

    /// A face on three vertices as wound (counter-clockwise seen from outside), its plane in
    /// f64 from the witnesses, whatever the working precision: a face's normal is a cross
    /// product of two edges, and in f32 a thin face's edges cancel to a normal several degrees
    /// off, whose plane then claims a distance far from the face's.
    fn face_wound(&self, v: [usize; 3]) -> Face<R> {
        let point = |i: usize| self.vertices[i].a.to_f64() - self.vertices[i].b.to_f64();
        let [a, b, c] = v.map(point);
        let n = (b - a).cross(c - a);
        let len = n.length();
        if !(len > 0.0 && len.is_finite()) {
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
            normal: R::vec(normal),
            distance: R::from_f64(normal.dot(a)),
        }
    }

    /// A face on three vertices, wound to face away from the interior point.
    ///
    /// Its plane is computed in f64 from the witnesses, whatever the working precision (see
    /// [`Self::face_wound`]).
    fn make_face(&self, v: [usize; 3]) -> Face<R> {
        let point = |i: usize| self.vertices[i].a.to_f64() - self.vertices[i].b.to_f64();
        let [a, b, c] = v.map(point);
        let mut v = v;
        if (b - a).cross(c - a).dot(a - self.interior.to_f64()) < 0.0 {
            v.swap(1, 2);
        }
        self.face_wound(v)
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
}

/// EPA's stopping rules as configured: the gap relative to the depth, its absolute floor, and
/// the iteration budget.
#[derive(Debug, Clone, Copy)]
struct Stopping<R: Real> {
    tolerance: R,
    abs_tolerance: R,
    max_iterations: u32,
}

impl<R: Real> Stopping<R> {
    fn new(config: &SolverConfig) -> Self {
        Stopping {
            tolerance: R::from_f64(config.epa_tolerance),
            abs_tolerance: R::from_f64(config.abs_tolerance),
            max_iterations: config.epa_max_iterations.max(1),
        }
    }

    /// The convergence test's bound at this depth: relative, but never below the absolute
    /// tolerance.
    fn threshold(&self, depth: R) -> R {
        let rel = self.tolerance * depth;
        // A depth that is not a number gets the absolute floor.
        if rel > self.abs_tolerance {
            rel
        } else {
            self.abs_tolerance
        }
    }
}

/// EPA's answer: the penetration and what ended the run.
pub type EpaFinish = (Penetration, EpaStop);

/// EPA from GJK's final simplex, in the configured dimension (a polygon in the plane, a
/// polytope in space), run to its end with every step handed to `observer`. Returns the
/// answer and the number of iterations it took.
pub fn penetrate<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer>(
    cso: MinkowskiDifference<'_, R, A, B>,
    simplex: &Simplex<R>,
    config: &SolverConfig,
    offset: u32,
    observer: &mut O,
) -> (EpaFinish, u32) {
    if config.dimension.is_plane() {
        let mut epa = polygon::PolygonEpa::new(cso, simplex, config, offset);
        (epa.run_traced(observer), epa.iterations())
    } else {
        let mut epa = Epa::new(cso, simplex, config, offset);
        (epa.run_traced(observer), epa.iterations())
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Steppable for Epa<'_, R, A, B> {
    type Finish = EpaFinish;

    fn ended(&self) -> Option<&EpaFinish> {
        self.finish.as_ref()
    }

    /// One EPA iteration; returns whether the run has ended.
    fn advance<O: Observer>(&mut self, observer: &mut O) -> bool {
        if self.finish.is_some() {
            return true;
        }
        self.iteration += 1;
        // f ← the face nearest the origin; w ← the support point beyond it.
        let face = self.faces[self.closest()];
        let w = self.cso.support(face.normal);
        let gap = face.normal.dot(w.point) - face.distance;
        let threshold = self.threshold(depth_of(&face));
        let before = O::ENABLED.then(|| self.snapshot());
        // f on the boundary: done. Otherwise cut the hole w sees and stitch its rim to w.
        let (termination, hole) = if gap <= threshold {
            let converged = EpaStop::Converged {
                gap: gap.to_f64(),
                threshold: threshold.to_f64(),
                depth: depth_of(&face).to_f64(),
            };
            (Some(converged), None)
        } else {
            match self.expand(w, &face) {
                Some(()) => {
                    let hole = &self.hole;
                    let seen = O::ENABLED.then(|| (hole.removed.clone(), hole.horizon.clone()));
                    (self.over_budget(gap), seen)
                }
                None => (Some(self.no_progress(&face)), None),
            }
        };
        let concluded = termination.map(|t| self.conclude(face, t));
        if let Some((vertices, faces)) = before {
            let step = self.record(
                face,
                concluded.map(|(_, answered)| answered),
                w,
                gap,
                threshold,
                (vertices, faces),
                hole,
                termination,
            );
            observer.on_step(step);
        }
        self.finish.is_some()
    }
}

/// A face's distance from the origin as a depth: never negative.
fn depth_of<R: Real>(face: &Face<R>) -> R {
    if face.distance > R::ZERO {
        face.distance
    } else {
        R::ZERO
    }
}

/// A hole's removed faces and horizon edges, as a step records them.
type Seen = (Vec<[usize; 3]>, Vec<[usize; 2]>);

/// The faces a new point removed and the horizon edges it was joined to, and the faces that
/// saw it and those the hole grew across, by index (the expansion's working lists).
#[derive(Debug, Clone, Default)]
struct Hole {
    removed: Vec<[usize; 3]>,
    horizon: Vec<[usize; 2]>,
    seeing: Vec<usize>,
    across: Vec<usize>,
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Epa<'_, R, A, B> {
    /// The convergence test's bound at this depth: relative, but never below the absolute
    /// tolerance.
    fn threshold(&self, depth: R) -> R {
        self.stopping.threshold(depth)
    }

    fn no_progress(&self, face: &Face<R>) -> EpaStop {
        EpaStop::NoProgress {
            depth: depth_of(face).to_f64(),
        }
    }

    /// Adds `w` to the polytope: the faces that can see it go, and the rim of the hole they
    /// leave (the horizon) is joined to `w`, and `self.hole` says which faces went and which
    /// edges were joined. `None` when `w` adds nothing: it is a vertex already, or the face it
    /// was found beyond does not see it past rounding noise.
    ///
    /// The hole is grown from `beyond` (the closest face, which `w` lies beyond) across shared
    /// edges to every neighbour that sees `w`, as a convex hull is grown: a face elsewhere that
    /// "sees" `w` only by rounding would cut a second hole, whose rim joined to `w` makes faces
    /// that overlap, and a polytope that overlaps itself grows faces no convex one has (where
    /// the nearest boundary is a whole circle, around a point on a cone's axis, enough to
    /// exhaust the face budget). The new faces keep the horizon's winding, which is the removed
    /// faces' outward one.
    fn expand(&mut self, w: CsoPoint<R>, beyond: &Face<R>) -> Option<()> {
        let tiny = thresholds::epa_tiny::<R>();
        let near = tiny * tiny * (R::ONE + w.point.length_squared());
        if self
            .vertices
            .iter()
            .any(|p| (p.point - w.point).length_squared() <= near)
        {
            return None;
        }
        // Seen in f64 from the witnesses, like the faces' planes: the test's own rounding is
        // then only that of the stored normal (ε of the working precision) over the polytope's
        // size (`epa_sees`). Worked out in f32, the dot product's own rounding would be larger
        // than the last gains in depth, and f32 runs would stop short of their depth.
        let point = |p: &CsoPoint<R>| p.a.to_f64() - p.b.to_f64();
        let w64 = point(&w);
        let slack = thresholds::epa_sees(R::EPSILON.to_f64(), w64.length());
        let sees = |f: &Face<R>| f.normal.to_f64().dot(w64 - point(&self.vertices[f.v[0]])) > slack;
        let start = self.faces.iter().position(|f| f.v == beyond.v)?;
        if !sees(&self.faces[start]) {
            return None;
        }
        // The faces that see w: usually a handful, so stepping across an edge is a short scan.
        let Hole {
            removed,
            horizon,
            seeing,
            across: hole,
        } = &mut self.hole;
        seeing.clear();
        seeing.extend((0..self.faces.len()).filter(|&i| i == start || sees(&self.faces[i])));
        let has_edge = |i: usize, [p, q]: [usize; 2]| {
            let [a, b, c] = self.faces[i].v;
            [[a, b], [b, c], [c, a]].contains(&[p, q])
        };
        let edges = |i: usize| {
            let [a, b, c] = self.faces[i].v;
            [[a, b], [b, c], [c, a]]
        };
        hole.clear();
        hole.push(start);
        let mut next = 0;
        while let Some(&i) = hole.get(next) {
            next += 1;
            for [p, q] in edges(i) {
                if let Some(&j) = seeing
                    .iter()
                    .find(|&&j| !hole.contains(&j) && has_edge(j, [q, p]))
                {
                    hole.push(j);
                }
            }
        }
        // The rim: edges of the hole whose other face stayed (a seeing face the flood did not
        // reach stays too, and its edge with the hole is rim).
        horizon.clear();
        horizon.extend(
            hole.iter()
                .flat_map(|&i| edges(i))
                .filter(|&[p, q]| !hole.iter().any(|&j| has_edge(j, [q, p]))),
        );
        removed.clear();
        removed.extend(hole.iter().map(|&i| self.faces[i].v));
        let mut index = 0;
        self.faces.retain(|_| {
            let kept = !hole.contains(&index);
            index += 1;
            kept
        });
        self.vertices.push(w);
        let new = self.vertices.len() - 1;
        for k in 0..self.hole.horizon.len() {
            let [a, b] = self.hole.horizon[k];
            let f = self.face_wound([a, b, new]);
            self.faces.push(f);
        }
        Some(())
    }

    /// The budget's stop after the polytope grew, if it applies. A convex polytope with V
    /// vertices has 2V − 4 faces; far more means rounding has broken the horizon, and the
    /// budget applies early.
    fn over_budget(&self, gap: R) -> Option<EpaStop> {
        let max_iterations = self.stopping.max_iterations;
        let face_budget = 2 * (max_iterations as usize + 4);
        (self.iteration >= max_iterations || self.faces.len() > face_budget).then(|| {
            EpaStop::Budget {
                iterations: self.iteration,
                depth: depth_of(&self.faces[self.closest()]).to_f64(),
                gap: gap.to_f64(),
            }
        })
    }

    /// Ends the run on `termination`: the depth and contact points from the face that decided.
    /// Ends the run on `face`: returns the answer and the face it was read from.
    fn conclude(&mut self, face: Face<R>, termination: EpaStop) -> (EpaFinish, Face<R>) {
        let best = match termination {
            // The budget stops after the polytope grew: report its closest face.
            EpaStop::Budget { .. } => self.faces[self.closest()],
            _ => face,
        };
        let best = self.contact_face(best);
        let penetration = self.bounded(penetration_from(&best, &self.vertices), best.normal);
        let r = (penetration, termination);
        self.finish = Some(r);
        (r, best)
    }

    /// The polytope at the start of an iteration, for its record.
    fn snapshot(&self) -> (Vec<SimplexVertex>, Vec<[usize; 3]>) {
        (
            self.vertices.iter().map(record_vertex).collect(),
            self.faces.iter().map(|f| f.v).collect(),
        )
    }

    /// The record of the iteration that just ran on `face`.
    #[expect(
        clippy::too_many_arguments,
        reason = "the numbers of one iteration, recorded together"
    )]
    /// The record of an iteration that looked at `face`. It shows the triangle the closest
    /// point lies in (on the last step the one the answer was read from, `answered`), with the
    /// weights that point is interpolated by: the numbers on screen are the answer's.
    fn record(
        &self,
        face: Face<R>,
        answered: Option<Face<R>>,
        w: CsoPoint<R>,
        gap: R,
        threshold: R,
        (vertices, faces): (Vec<SimplexVertex>, Vec<[usize; 3]>),
        hole: Option<Seen>,
        termination: Option<EpaStop>,
    ) -> Step {
        // A flat side of A ⊖ B is split into coplanar triangles: show the one the foot of the
        // perpendicular falls in, whose weights are the closest point's.
        let shown = answered.unwrap_or_else(|| self.contact_face(face));
        let foot = shown.normal * depth_of(&shown);
        let weights = barycentric::<R>(foot, shown.v.map(|i| self.vertices[i].point));
        let tri: Few<SimplexVertex> = shown
            .v
            .iter()
            .map(|&i| record_vertex(&self.vertices[i]))
            .collect();
        let (removed, horizon) = hole.unwrap_or_default();
        let record = EpaRecord {
            vertices,
            boundary: Boundary::Faces {
                faces,
                closest_face: face.v,
                removed,
                horizon,
            },
            normal: face.normal.to_f64(),
            distance: face.distance.to_f64(),
        };
        let looked = Looked {
            w,
            shown: tri,
            closest: foot.to_f64(),
            weights: weights.iter().map(|x| x.to_f64()).collect(),
            gap,
            threshold,
            abs_tolerance: self.stopping.abs_tolerance,
        };
        looked.step(self.offset + self.iteration, record, termination)
    }
}
