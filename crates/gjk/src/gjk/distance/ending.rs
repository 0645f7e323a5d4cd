//! How a distance GJK iteration ends: the termination tests that decide whether `v` is close
//! enough (van den Bergen's gap), whether the support point brought nothing new, whether the
//! simplex still descends, and how an accelerated step that proved nothing gives way to `−v`.

use super::{DistanceGjk, kept_weights};
use crate::gjk::stepper::{Asked, first};
use crate::real::{Real, Vector};
use crate::shape::cso::CsoPoint;
use crate::shape::support::SupportMap;
use crate::simplex::Recorded;
use crate::simplex::voronoi::Reduction;
use crate::trace::{GjkStop, Observer, Quantities};
use crate::trace::{Momentum, MomentumOff};

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> DistanceGjk<'_, R, A, B> {
    /// Ends an accelerated iteration whose support point proved nothing (see
    /// [`crate::gjk::momentum`]): the simplex and `v` stay, the momentum is dropped for good, and
    /// the next iteration searches along `−v`. Only the iteration cap can end the run here.
    ///
    /// `given_back` is the candidate `w` joined, where `w` was added and then given back (it
    /// brought `v` no closer): the step records that candidate, with the old simplex kept and
    /// no feature, so that its words tell of a point tried and given back rather than of a
    /// region the run goes on from. Otherwise `w` never joined, and the candidate is the
    /// simplex as it stands.
    pub(super) fn switch_off<O: Observer>(
        &mut self,
        mut momentum: Momentum,
        why: MomentumOff,
        asked: &Asked<R>,
        q: Quantities,
        given_back: Option<&mut Recorded>,
        observer: &mut O,
    ) -> bool {
        momentum.switched_off = Some(why);
        self.steering.switch_off();
        self.direction = -self.v;
        let capped = (self.iteration >= self.max_iterations).then(|| GjkStop::MaxIterations {
            iterations: self.iteration,
            v_norm: Some(self.v.length_squared().sqrt().to_f64()),
        });
        if let Some(t) = capped {
            self.end(self.separated(), t);
        }
        if O::ENABLED {
            let mut unchanged = Recorded::default();
            let candidate = match given_back {
                Some(candidate) => candidate,
                None => {
                    self.simplex.record_into(&mut unchanged);
                    &mut unchanged
                }
            };
            let step = self.record(asked, candidate, None, q, capped, Some(momentum));
            observer.on_step(step);
        }
        capped.is_some()
    }

    /// Whether the best separating plane seen (along any direction) and `‖v‖` have met within
    /// the tolerance: `‖v‖(‖v‖ − lower) ≤ threshold`, in the gap's units.
    pub(super) fn bounds_met(&self) -> bool {
        let vv = self.v.length_squared();
        let v = vv.sqrt().to_f64();
        !self.simplex.is_empty() && v * (v - self.bounds.lower()) <= self.gap_threshold(vv).to_f64()
    }

    /// The gap test's threshold at `‖v‖² = vv` (see [`Self::nothing_new`]).
    pub(super) fn gap_threshold(&self, vv: R) -> R {
        if self.radius > R::ZERO {
            let v = vv.sqrt();
            let answer = (v - self.radius).abs().max_with(self.abs_tolerance);
            self.rel_tolerance * v * answer
        } else {
            self.rel_tolerance * vv
        }
    }

    /// The tests that need the previous `v`, before `w` joins: the gap `‖v‖² − v·w` within the
    /// relative tolerance (the bounds have met), or `w` a vertex already (rounding).
    ///
    /// The bounds `v·w/‖v‖ ≤ dist ≤ ‖v‖` are `gap/‖v‖` apart, so `gap ≤ ε‖v‖²` puts `‖v‖` within
    /// `ε` (relative) of the distance. On cores grown by `r` the answer is `‖v‖ − r` (or the
    /// depth `r − ‖v‖`), which can be far smaller than `‖v‖`: the test becomes
    /// `gap ≤ ε‖v‖·|‖v‖ − r|` (never below `ε‖v‖·abs`, where the grown shapes just touch).
    pub(super) fn nothing_new(&self, w: &CsoPoint<R>, q: &mut Quantities) -> Option<GjkStop> {
        if self.simplex.is_empty() {
            return None;
        }
        let vv = self.v.length_squared();
        let gap = vv - self.v.dot(w.point);
        let threshold = self.gap_threshold(vv);
        q.v_norm = Some(vv.sqrt().to_f64());
        q.gap = Some(gap.to_f64());
        q.gap_threshold = Some(threshold.to_f64());
        if gap <= threshold {
            return Some(GjkStop::GapBelowTolerance {
                gap: gap.to_f64(),
                threshold: threshold.to_f64(),
                distance: vv.sqrt().to_f64(),
            });
        }
        let repeated = self
            .simplex
            .vertices()
            .iter()
            .position(|p| p.point == w.point);
        repeated.map(|vertex| GjkStop::RepeatedSupport {
            vertex,
            distance: vv.sqrt().to_f64(),
        })
    }

    /// Takes the subalgorithm's reduction `r` of the candidate `Y` (the simplex, with the new
    /// support point last) as the new simplex and `v`, unless it is degenerate or no closer
    /// (then the new point goes and the old simplex and `v` stay); then the tests on the new
    /// `v`: a full simplex kept (four points, three in the plane: the origin is inside), `‖v‖`
    /// within the absolute tolerance, the cap. Returns the stop, if any, and which of `Y`'s
    /// points the simplex kept (a mask of their slots).
    pub(super) fn descend(&mut self, r: &Reduction<R>) -> (Option<GjkStop>, u8) {
        let new_vv = r.closest.length_squared();
        let size = self.simplex.len();
        // Whether there was a `v` before this iteration's point joined.
        let had_v = size > 1;
        // Where the new point goes, the simplex is the old one: `Y`'s first points.
        let old = first(size - 1);
        if !r.closest.is_finite() {
            let points = self.simplex.points();
            let measure = crate::simplex::voronoi::shape_measure::<R>(points).to_f64();
            self.simplex.pop();
            return (Some(GjkStop::DegenerateSimplex { size, measure }), old);
        }
        if had_v && new_vv >= self.v.length_squared() {
            // Rounding has taken over: keep the previous, better v.
            self.simplex.pop();
            let stop = GjkStop::NotDecreasing {
                previous: self.v.length_squared().sqrt().to_f64(),
                current: new_vv.sqrt().to_f64(),
            };
            return (Some(stop), old);
        }
        if r.mask.count_ones() == self.full && had_v && self.bounds.lower() > 0.0 {
            // A full simplex "holds" the origin, but a support plane has already proven the bodies
            // apart: the tetrahedron is flat and rounding put the origin inside it (a cone
            // 5e-7 from a box, where the true v is that short). Keep the previous v, as when
            // ‖v‖ stops decreasing; its bounds are the answer.
            self.simplex.pop();
            let stop = GjkStop::NotDecreasing {
                previous: self.v.length_squared().sqrt().to_f64(),
                current: new_vv.sqrt().to_f64(),
            };
            return (Some(stop), old);
        }
        self.weights = kept_weights(size, r);
        self.simplex.retain_mask(r.mask);
        self.v = r.closest;
        self.direction = -self.v;
        let stop = if r.mask.count_ones() == self.full {
            Some(GjkStop::IntersectionFound {
                iteration: self.iteration,
            })
        } else if new_vv.sqrt() <= self.abs_tolerance {
            Some(GjkStop::DistanceBelowTolerance {
                v_norm: new_vv.sqrt().to_f64(),
                threshold: self.abs_tolerance.to_f64(),
            })
        } else if self.iteration >= self.max_iterations {
            Some(GjkStop::MaxIterations {
                iterations: self.iteration,
                v_norm: Some(new_vv.sqrt().to_f64()),
            })
        } else {
            None
        };
        (stop, r.mask)
    }
}
