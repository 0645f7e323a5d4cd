//! The pairs of points an answer reports, made to agree with its bounds: a separated answer's
//! closest points lie within its distance bounds, and a run that ends touching or overlapping
//! still has a pair to show (see [`Tracker::agree`] and [`Tracker::hull_pair`]).

use super::Tracker;
use crate::real::{Real, Vector};
use crate::shape::cso::CsoPoint;
use crate::trace::{Certificate, Outcome};
use glam::DVec3;

impl Tracker {
    /// Makes a separated answer's distance and points lie within its bounds. The run's own
    /// pair (`‖v‖`) can be further apart than the upper bound: the support point that passed
    /// the gap test may itself be nearer than `v`, an accelerated run's last simplex need not
    /// hold the nearest point it found, a subalgorithm's point on a nearly flat simplex may be
    /// a rounding further than the hull's. Where the answer is certified and its pair still
    /// within the relative tolerance of the lower bound, the upper bound widens to the pair:
    /// its direction is the one the run converged along, the better normal (the oracle's
    /// random pairs measure it). Otherwise the answer is the nearest pair of the hull of the
    /// simplex and that support point ([`Tracker::hull_pair`]), and the upper bound gives up
    /// the rounding that may still put it a hair further.
    pub fn agree<R: Real>(
        &self,
        outcome: Outcome,
        certificate: &mut Certificate,
        simplex: &[CsoPoint<R>],
        weights: &[R],
        rel_tolerance: f64,
    ) -> Outcome {
        let Outcome::Separated {
            distance,
            point_a,
            point_b,
        } = outcome
        else {
            return outcome;
        };
        let [lower, upper] = &mut certificate.distance_bounds;
        let reach = distance.max((point_b - point_a).length());
        if reach <= *upper {
            return outcome;
        }
        // Proven to the tolerance and still within it: the run's own pair, along the direction
        // it converged along, and the bound widened to it.
        if certificate.certified && reach - *lower <= rel_tolerance * reach + 2.0 * self.allowance {
            *upper = reach;
            return outcome;
        }
        let (point_a, point_b) = self.hull_pair(simplex, weights);
        let nearer = (point_b - point_a).length();
        if nearer.is_nan() || nearer >= reach {
            *upper = reach;
            return outcome;
        }
        *upper = upper.max(nearer);
        Outcome::Separated {
            distance: nearer,
            point_a,
            point_b,
        }
    }

    /// The nearest pair of points of A and B (in f64, from the witnesses) the run can show:
    /// its own nearest point (its `weights` over `simplex`), the support point nearest the
    /// origin, and the nearest point of the hull of both, worked out again in f64 by both
    /// subalgorithms (the Voronoi tests fall back to a face of a nearly flat tetrahedron that
    /// holds the origin; signed volumes, Montanari et al., keep its interior, and there the two
    /// points coincide). Weights are clamped at zero and renormalised, so that they make points
    /// of A and B whatever their rounding.
    pub fn hull_pair<R: Real>(&self, simplex: &[CsoPoint<R>], weights: &[R]) -> (DVec3, DVec3) {
        let apart = |(a, b): (DVec3, DVec3)| {
            let d = (a - b).length();
            if d.is_finite() { d } else { f64::INFINITY }
        };
        let mut pairs = [(DVec3::ZERO, DVec3::ZERO); 4];
        let mut n = 0;
        for (pair, v) in pairs.iter_mut().zip(simplex) {
            *pair = (v.a.to_f64(), v.b.to_f64());
            n += 1;
        }
        let mix = |pairs: &[(DVec3, DVec3)], w: &[f64]| {
            let w = super::normalised(w)?;
            let (mut a, mut b) = (DVec3::ZERO, DVec3::ZERO);
            for ((pa, pb), x) in pairs.iter().zip(w) {
                a += *pa * x;
                b += *pb * x;
            }
            Some((a, b))
        };
        // The support point alone is only the fallback: a pair the hull's nearest point
        // makes is as near, to rounding, and along the direction the reduction found.
        let mut best: Option<(DVec3, DVec3)> = None;
        let mut consider = |pair: Option<(DVec3, DVec3)>| {
            if let Some(pair) = pair.filter(|&p| best.is_none_or(|b| apart(p) < apart(b))) {
                best = Some(pair);
            }
        };
        if weights.len() == n {
            let mut own = [0.0; 4];
            for (o, w) in own.iter_mut().zip(weights) {
                *o = w.to_f64();
            }
            consider(mix(&pairs[..n], &own[..n]));
        }
        // The support point nearest the origin joins the simplex where there is room.
        if n < 4 && !pairs[..n].contains(&self.nearest) && self.nearest_squared.is_finite() {
            pairs[n] = self.nearest;
            n += 1;
        }
        if n > 0 {
            let mut points = [DVec3::ZERO; 4];
            for (p, (a, b)) in points.iter_mut().zip(&pairs[..n]) {
                *p = *a - *b;
            }
            let voronoi = crate::simplex::voronoi::closest_feature::<f64>(&points[..n]);
            let volumes = crate::simplex::signed_volumes::closest_feature::<f64>(&points[..n]);
            consider(mix(&pairs[..n], &voronoi.weights[..n]));
            consider(mix(&pairs[..n], &volumes.weights[..n]));
        }
        best.unwrap_or(self.nearest)
    }
}
