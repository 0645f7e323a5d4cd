//! GJK as a closest-point descent (Gilbert, Johnson & Keerthi 1988; Ericson, "The
//! Gilbert-Johnson-Keerthi algorithm" §4;
//! van den Bergen's termination tests).
//!
//! ```text
//!   v ← s(d₀)                      any point of A ⊖ B
//!   loop
//!     w ← s(−v)                    the support point furthest towards the origin
//!     if ‖v‖² − v·w ≤ ε_rel‖v‖²   stop: v·w/‖v‖ ≤ dist ≤ ‖v‖ and the two bounds have met
//!     Y ← W ∪ {w}
//!     v ← the point of conv(Y) nearest the origin;  W ← the smallest Y' ⊆ Y holding it
//!     if |W| = 4 or ‖v‖ ≤ ε_abs   stop: the origin is inside (or on) A ⊖ B
//!                                 (in the plane a triangle already encloses it: |W| = 3)
//! ```
//!
//! Each iteration is one [`Step`]. `‖v‖` strictly decreases in exact arithmetic; when rounding
//! stops it from doing so, or hands back a support point already in the simplex, the run stops with
//! a named termination instead of going round in circles.

mod ending;

use crate::config::SolverConfig;
use crate::gjk::momentum::Steering;
use crate::gjk::stepper::{Asked, Found, Steppable, first, slots};
use crate::proof::bounds::Tracker;
use crate::real::{Real, Vector};
use crate::shape::convex::Convex;
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::simplex::voronoi::Reduction;
use crate::simplex::{Recorded, Simplex};
use crate::trace::{
    Feature, FeatureKind, Few, Finish, GjkStop, Observer, Outcome, Phase, Quantities, Step,
};
use crate::trace::{Momentum, MomentumOff, SimplexCache};

/// Which distance subalgorithm picks the feature nearest the origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subalgorithm {
    /// Johnson's, as Voronoi-region tests (`voronoi.rs`).
    Johnson,
    /// Montanari et al.'s signed volumes (`signed_volumes.rs`).
    SignedVolumes,
}

impl Subalgorithm {
    fn closest_feature<R: Real>(self, y: &[R::V]) -> Reduction<R> {
        match self {
            Subalgorithm::Johnson => crate::simplex::voronoi::closest_feature::<R>(y),
            Subalgorithm::SignedVolumes => crate::simplex::signed_volumes::closest_feature::<R>(y),
        }
    }
}

/// Where a distance run stands: its `v`, the direction it last asked for a support point
/// along, and the points of A and B that `v` is the difference of (from its own weights over its
/// simplex, not the certificate's recheck that [`DistanceGjk::closest_points`] gives).
#[derive(Debug, Clone, Copy)]
pub struct Nearest<R: Real> {
    /// The nearest point of the simplex to the origin.
    pub v: R::V,
    /// The last search direction: `A ⊖ B` lies behind its support point's plane.
    pub asked: R::V,
    /// The point of A in `v`.
    pub point_a: glam::DVec3,
    /// The point of B in `v` (`point_a − point_b = v`).
    pub point_b: glam::DVec3,
}

/// The distance GJK, one iteration per [`DistanceGjk::step`].
#[derive(Debug, Clone)]
pub struct DistanceGjk<'s, R: Real, A = Convex<R>, B = Convex<R>> {
    cso: MinkowskiDifference<'s, R, A, B>,
    abs_tolerance: R,
    rel_tolerance: R,
    max_iterations: u32,
    /// How many points enclose the origin: 4 in space, 3 in the plane (see
    /// [`crate::config::Dimension`]).
    full: u32,
    subalgorithm: Subalgorithm,
    /// The radii the bodies are the cores of (`radii: split`; 0 for whole bodies): the answer
    /// is the cores' distance minus this, and the gap test is made relative to that answer.
    radius: R,
    /// How the next direction is chosen: −v, or with momentum (see [`crate::gjk::momentum`]).
    steering: Steering<R>,
    simplex: Simplex<R>,
    /// Barycentric weights of `v` over `simplex`.
    weights: [R; 4],
    /// The current closest point of `conv(simplex)` to the origin.
    v: R::V,
    direction: R::V,
    /// The direction the last support point was asked along: its plane bounds `A ⊖ B`.
    asked: R::V,
    iteration: u32,
    /// The best lower and upper bounds on the distance seen so far (see [`crate::proof::bounds`]).
    bounds: Tracker,
    finish: Option<Finish>,
}

impl<'s, R: Real, A: SupportMap<R>, B: SupportMap<R>> DistanceGjk<'s, R, A, B> {
    /// A run on `A ⊖ B`, not yet started (its subalgorithm the configured one).
    pub fn new(cso: MinkowskiDifference<'s, R, A, B>, config: &SolverConfig) -> Self {
        Self {
            cso,
            abs_tolerance: R::from_f64(config.abs_tolerance),
            rel_tolerance: R::from_f64(config.rel_tolerance),
            max_iterations: config.max_iterations.max(1),
            full: config.dimension.full_simplex() as u32,
            subalgorithm: match config.algorithm {
                crate::config::Algorithm::SignedVolumes => Subalgorithm::SignedVolumes,
                _ => Subalgorithm::Johnson,
            },
            radius: R::ZERO,
            steering: Steering::new(config.acceleration),
            simplex: Simplex::default(),
            weights: [R::ZERO; 4],
            v: R::V::ZERO,
            direction: cso.first_direction(config),
            asked: R::V::ZERO,
            iteration: 0,
            bounds: Tracker::new(&cso),
            finish: None,
        }
    }

    /// A run on cores grown by `radius` (the sum of both radii): the gap test asks for the
    /// relative tolerance on the grown shapes' distance `‖v‖ − radius`, not on the cores'.
    /// Set in place: a builder taking and returning the run by value would copy the whole run
    /// (its simplex, bounds and finish) each time.
    pub fn set_cores(&mut self, radius: f64) {
        self.radius = R::from_f64(radius);
    }

    /// Blends the momentum's terms at unit length (the paper's heuristic for bodies that are
    /// not both strictly convex).
    pub fn set_unit_momentum(&mut self, unit: bool) {
        self.steering = self.steering.unit(unit);
    }

    /// The current simplex (after the run: the one that decided it).
    pub fn simplex(&self) -> &Simplex<R> {
        &self.simplex
    }

    /// Starts from a previous run's simplex instead of a single support point (Box2D's simplex
    /// cache): the cached witnesses, carried along with the bodies, are still points of A and B,
    /// so their differences are points of A ⊖ B near the old answer. When the bodies moved a
    /// little, the search starts next to the new answer and needs few iterations.
    pub fn warm_started(
        cso: MinkowskiDifference<'s, R, A, B>,
        config: &SolverConfig,
        cache: &SimplexCache,
    ) -> Self {
        let mut gjk = Self::new(cso, config);
        let mut simplex = Simplex::default();
        for (a, b) in cache.local_a.iter().zip(&cache.local_b).take(3) {
            let a = cso.a.to_world(R::vec(*a));
            let b = cso.b.to_world(R::vec(*b));
            simplex.push(CsoPoint { point: a - b, a, b });
        }
        if simplex.is_empty() {
            return gjk;
        }
        let r = gjk.subalgorithm.closest_feature::<R>(simplex.points());
        if !r.closest.is_finite() || r.closest.length_squared() == R::ZERO {
            return gjk;
        }
        gjk.simplex = simplex.select_mask(r.mask);
        gjk.weights = kept_weights(simplex.len(), &r);
        gjk.v = r.closest;
        gjk.direction = -r.closest;
        gjk
    }

    /// The simplex to warm-start the next run from, in each body's own frame.
    pub fn cache(&self) -> SimplexCache {
        let local = |p: &CsoPoint<R>| {
            (
                self.cso.a.to_local(p.a).to_f64(),
                self.cso.b.to_local(p.b).to_f64(),
            )
        };
        SimplexCache::of(self.simplex.vertices().iter().map(local), false)
    }

    /// The unit direction (from A towards B) along which the run proved its lower bound on the
    /// distance: the bodies are at least that far apart along it.
    pub fn separating_direction(&self) -> glam::DVec3 {
        self.bounds.lower_direction()
    }

    /// The points of A and B whose difference is the current `v`; for a run that ended, the
    /// answer's points, or, where it found the bodies touching or overlapping (the outcome
    /// carries none), the nearest pair its upper bound was proven from
    /// ([`Tracker::hull_pair`]: an enclosing tetrahedron's last weights are not the origin's).
    pub fn closest_points(&self) -> (glam::DVec3, glam::DVec3) {
        let n = self.simplex.len();
        match self.finish {
            Some(Finish {
                outcome:
                    Outcome::Separated {
                        point_a, point_b, ..
                    },
                ..
            }) => (point_a, point_b),
            Some(_) => self
                .bounds
                .hull_pair(self.simplex.vertices(), &self.weights[..n]),
            None => {
                let (a, b) = self.simplex.witnesses(&self.weights[..n]);
                (a.to_f64(), b.to_f64())
            }
        }
    }

    /// Where the run stands (see [`Nearest`]).
    pub fn nearest(&self) -> Nearest<R> {
        let (a, b) = self.simplex.witnesses(&self.weights[..self.simplex.len()]);
        Nearest {
            v: self.v,
            asked: self.asked,
            point_a: a.to_f64(),
            point_b: b.to_f64(),
        }
    }

    fn separated(&self) -> Outcome {
        let (a, b) = self.simplex.witnesses(&self.weights[..self.simplex.len()]);
        Outcome::Separated {
            distance: self.v.length_squared().sqrt().to_f64(),
            point_a: a.to_f64(),
            point_b: b.to_f64(),
        }
    }

    fn end(&mut self, outcome: Outcome, termination: GjkStop) {
        let certify = |gjk: &Self| {
            gjk.bounds.certify(
                &outcome,
                termination,
                gjk.simplex.vertices(),
                &gjk.weights[..gjk.simplex.len()],
                [gjk.abs_tolerance.to_f64(), gjk.rel_tolerance.to_f64()],
            )
        };
        let mut certificate = certify(self);
        // Only a gap above the points' rounding can be proven by a plane; touching pairs
        // (most of the uncertified ones) skip it.
        if certificate.intersecting != Some(true)
            && !certificate.certified
            && outcome
                .distance()
                .is_some_and(|d| d > 4.0 * self.bounds.allowance())
        {
            let lower = self.bounds.lower();
            self.face_plane();
            // Only a better lower bound can change what is proven.
            if self.bounds.lower() > lower {
                certificate = certify(self);
            }
        }
        let n = self.simplex.len();
        let outcome = self.bounds.agree(
            outcome,
            &mut certificate,
            self.simplex.vertices(),
            &self.weights[..n],
            self.rel_tolerance.to_f64(),
        );
        self.finish = Some(Finish::gjk(
            outcome,
            termination,
            certificate,
            self.iteration,
        ));
    }

    /// One more support plane, along the normal of the final triangle, for a separated run
    /// that ended short of certifying its distance. Near contact `v` is a short vector
    /// computed from points of the bodies' size, so its direction carries their rounding over
    /// its length (ε·1.5/5e-4 rad for a box 5e-4 over a hull's face), and the plane along it
    /// falls short by that angle times the face's width. The triangle's normal is a cross
    /// product of its edges, rounded by ε alone: where the triangle is a face of A ⊖ B, the
    /// plane along it proves the distance to rounding.
    ///
    /// The normal is worked out in f64 from the witnesses, so that in f32 it carries only the
    /// rounding of the points themselves, not that of f32 arithmetic on them: in f32 a short
    /// `v` between large bodies can point off by more than its gap allows, and without this
    /// plane such a run would end with no lower bound above 0.
    fn face_plane(&mut self) {
        let [p, q, r] = match self.simplex.vertices() {
            [p, q, r] => [p, q, r].map(|x| x.a.to_f64() - x.b.to_f64()),
            _ => return,
        };
        let n = (q - p).cross(r - p);
        // Facing the origin from the triangle, as −v does.
        let n = if n.dot(p) > 0.0 { -n } else { n };
        let d = R::vec(crate::real::unit_or_zero::<f64>(n));
        if d.length_squared() > R::ZERO && d.is_finite() {
            let w = self.cso.support(d);
            self.bounds.see(d, &w);
        }
    }

    /// Builds the record of the iteration that just ran (only when someone is watching): with
    /// the reduction of its candidate and which of the candidate's points the simplex kept (a
    /// mask of their slots), or without, where the simplex kept is the one the iteration
    /// started from (the step stopped before `w` joined, or an accelerated step gave `w`
    /// back).
    #[inline(always)]
    fn record(
        &self,
        asked: &Asked<R>,
        candidate: &mut Recorded,
        reduced: Option<(&Reduction<R>, u8)>,
        quantities: Quantities,
        termination: Option<GjkStop>,
        momentum: Option<Momentum>,
    ) -> Step {
        let kept = reduced.map_or(first(asked.before), |(_, kept)| kept);
        let feature = reduced.map(|(r, _)| {
            let vertices: Few<usize> = (0..candidate.points.len())
                .filter(|i| r.mask & (1 << i) != 0)
                .collect();
            Feature {
                kind: FeatureKind::from_vertex_count(vertices.len()),
                vertices,
                by_fallback: r.by_fallback,
            }
        });
        let found = Found {
            kept: slots(kept),
            feature,
            closest: (!self.simplex.is_empty()).then(|| self.v.to_f64()),
            weights: &self.weights[..self.simplex.len()],
            next_direction: self.finish.is_none().then(|| self.direction.to_f64()),
            quantities,
            termination: termination.map(Into::into),
            certificate: self.finish.map(|f| f.certificate),
            momentum,
        };
        asked.step(self.iteration, Phase::Distance, candidate, found)
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Steppable for DistanceGjk<'_, R, A, B> {
    type Finish = Finish;

    fn ended(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    fn advance<O: Observer>(&mut self, observer: &mut O) -> bool {
        if self.finish.is_some() {
            return true;
        }
        self.iteration += 1;
        // w ← s(−v): the support point furthest towards the origin.
        let d = self.direction;
        let w = self.cso.support(d);
        self.bounds.see(d, &w);
        self.asked = d;
        let asked = Asked {
            d,
            w,
            before: self.simplex.len(),
        };
        let mut momentum = self.steering.take();
        let mut q = Quantities {
            abs_threshold: Some(self.abs_tolerance.to_f64()),
            ..Quantities::default()
        };
        // Has w brought anything new? If not, v is the answer.
        if let Some(m) = momentum {
            // Along an accelerated direction the gap proves nothing; nor is v's own direction
            // checked when the best plane and ‖v‖ meet: either way, go on along −v.
            let tested = self.nothing_new(&w, &mut q);
            let off = if self.bounds_met() {
                Some(MomentumOff::BoundsMet)
            } else {
                match tested {
                    Some(GjkStop::GapBelowTolerance { .. }) => Some(MomentumOff::GapBelowTolerance),
                    Some(_) => Some(MomentumOff::RepeatedSupport),
                    None => None,
                }
            };
            if let Some(off) = off {
                return self.switch_off(m, off, &asked, q, None, observer);
            }
        } else if let Some(t) = self.nothing_new(&w, &mut q) {
            self.end(self.separated(), t);
            if O::ENABLED {
                // A step that stopped before `w` joined kept its simplex as it was.
                let mut candidate = Recorded::default();
                self.simplex.record_into(&mut candidate);
                let step = self.record(&asked, &mut candidate, None, q, Some(t), None);
                observer.on_step(step);
            }
            return true;
        }
        // Y ← W ∪ {w}; v ← the point of conv(Y) nearest the origin; W ← the smallest Y' holding it.
        // Y is built in the simplex itself, which `descend` then reduces to W (or gives w back).
        let mut candidate = Recorded::default();
        if O::ENABLED {
            self.simplex.record_with(&w, &mut candidate);
        }
        self.simplex.push(w);
        let reduction = self
            .subalgorithm
            .closest_feature::<R>(self.simplex.points());
        q.v_norm = Some(reduction.closest.length_squared().sqrt().to_f64());
        if let Some(m) = momentum
            && reduction.closest.is_finite()
            && reduction.closest.length_squared() >= self.v.length_squared()
        {
            self.simplex.pop();
            q.v_norm = Some(self.v.length_squared().sqrt().to_f64());
            let given_back = Some(&mut candidate);
            return self.switch_off(
                m,
                MomentumOff::NotDecreasing,
                &asked,
                q,
                given_back,
                observer,
            );
        }
        let (termination, kept) = self.descend(&reduction);
        if termination.is_none() {
            let (d, off) =
                self.steering
                    .steer(self.iteration, self.max_iterations, self.v, w.point);
            self.direction = d;
            if let (Some(off), Some(m)) = (off, &mut momentum) {
                m.switched_off = Some(off);
            }
        }
        if let Some(t) = termination {
            let outcome = match t {
                GjkStop::IntersectionFound { .. } | GjkStop::DistanceBelowTolerance { .. } => {
                    Outcome::Intersecting
                }
                _ => self.separated(),
            };
            self.end(outcome, t);
        }
        if O::ENABLED {
            let step = self.record(
                &asked,
                &mut candidate,
                Some((&reduction, kept)),
                q,
                termination,
                momentum,
            );
            observer.on_step(step);
        }
        self.finish.is_some()
    }
}

/// The reduction's weights of the vertices it kept, in their order.
fn kept_weights<R: Real>(n: usize, r: &Reduction<R>) -> [R; 4] {
    let mut weights = [R::ZERO; 4];
    let mut k = 0;
    for (i, &w) in r.weights.iter().enumerate().take(n) {
        if r.mask & (1 << i) != 0 {
            weights[k] = w;
            k += 1;
        }
    }
    weights
}
