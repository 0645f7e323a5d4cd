//! Proven bounds on the distance, and the [`Certificate`] they give a finished run.
//!
//! Whatever the working precision, the bounds are computed again in f64 from the witness points
//! `a` and `b` of the support points, so an f32 run is judged by what its points prove, not by
//! its own rounding:
//!
//! ```text
//!   upper:  x = Σ λᵢ (aᵢ − bᵢ) ∈ conv(W) ⊆ A ⊖ B      ⇒  dist ≤ ‖x‖
//!   lower:  w = s(d) maximises d·x over A ⊖ B          ⇒  d·x ≤ d·w for all x
//!           so when d·w < 0 every x is at least −d̂·w from the origin: dist ≥ −d̂·w
//! ```
//!
//! A support point computed in precision `R` is only nearly a point of A (resp. B), and only
//! nearly the furthest: converting the inputs to `R`, rotating and translating round each
//! coordinate by about `ε` times the numbers involved — the body's position and size, not the
//! point's own norm (a point of a huge sphere near the origin still carries the sphere's
//! rounding). Each bound therefore gives up [`allowance`] `= 8ε(reach_A + reach_B)`, the rounding
//! of a handful of operations on numbers of that size, so that it holds for the shapes as
//! written (`5ε` of the reach for an unturned built-in box or point cloud in f32, whose support
//! points are its stored points: [`crate::config::thresholds::stored_point_rounding`]). The points' own norms would not do: an f32 sphere of radius 3e5 whose near point
//! is 4e4 from the origin carries the rounding of 3e5, not of 4e4.

use crate::config::thresholds;
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::trace::{Certificate, GjkStop, Outcome, PrecisionLimit, Shortcut, Termination};
use glam::DVec3;

mod enclosure;
mod pairs;

pub use enclosure::{encloses_origin, face_turn};

/// The rounding a support point of `A ⊖ B` computed in precision `R` may carry, as GJK's and
/// EPA's bounds (worked out in f64) give it up: each body's [`crate::Body::rounding`].
pub fn allowance<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
) -> f64 {
    cso.a.rounding() + cso.b.rounding()
}

/// [`allowance`] at the full [`crate::config::thresholds::support_rounding`] for every body:
/// for a cast's own tests, which work in the working precision on the support points (and
/// choose them along a rounded direction), where the stored points' smaller allowance leaves
/// no room.
pub fn full_allowance<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
) -> f64 {
    allowance_for(R::EPSILON.to_f64(), cso.a.reach() + cso.b.reach())
}

/// [`allowance`] for bodies that reach `reach` together (see [`crate::shape::body::Body::reach`])
/// in a precision of machine epsilon `epsilon`.
pub fn allowance_for(epsilon: f64, reach: f64) -> f64 {
    crate::config::thresholds::support_rounding(epsilon, reach)
}

/// The lower bound that the support point `w` furthest along the unit direction `n` proves (0
/// when it proves nothing, i.e. `w` got past the origin).
pub fn plane_lower(n: DVec3, w: DVec3, allowance: f64) -> f64 {
    let lower = -n.dot(w) - allowance;
    if lower.is_finite() {
        lower.max(0.0)
    } else {
        0.0
    }
}

/// The points of `A ⊖ B` a simplex's support points stand for, in f64 from their witnesses
/// (the first four), and how many there are.
fn witness_points<R: Real>(vertices: &[CsoPoint<R>]) -> ([DVec3; 4], usize) {
    let mut points = [DVec3::ZERO; 4];
    for (p, v) in points.iter_mut().zip(vertices) {
        *p = v.a.to_f64() - v.b.to_f64();
    }
    (points, vertices.len().min(4))
}

/// The upper bound the run's own nearest point proves: its weights over the simplex applied in
/// f64 to the witnesses, plus the rounding allowance. This is what the
/// run found; [`Tracker::certify`] works the hull's nearest point out again only when this
/// one is not tight enough to certify. Weights that do not match the simplex prove
/// nothing: infinity.
pub fn weighted_upper<R: Real>(vertices: &[CsoPoint<R>], weights: &[R], allowance: f64) -> f64 {
    if vertices.is_empty() || vertices.len() > 4 || weights.len() != vertices.len() {
        return f64::INFINITY;
    }
    let (points, n) = witness_points(vertices);
    let mut w = [0.0; 4];
    for (w, x) in w.iter_mut().zip(weights) {
        *w = x.to_f64();
    }
    weighted_distance(&points[..n], &w[..n]) + allowance
}

/// The distance from the origin to the convex hull of up to four points, in f64: the Voronoi
/// subalgorithm's nearest point, its weights applied in f64. No point: infinity.
pub fn hull_distance(points: &[DVec3]) -> f64 {
    if points.is_empty() {
        return f64::INFINITY;
    }
    let r = crate::simplex::voronoi::closest_feature::<f64>(points);
    weighted_distance(points, &r.weights[..points.len()])
}

/// The distance from the origin to the point `weights` give over `points`, clamped at zero and
/// renormalised (so that the point is in the hull whatever rounding made the weights), or to
/// the nearest of `points` where that is nearer or the weights give no finite point.
fn weighted_distance(points: &[DVec3], weights: &[f64]) -> f64 {
    // The nearest point's length, rooted once: the root is monotone and correctly rounded,
    // so the root of the least square is the least root. Under `square_underflow` the square has lost
    // its digits: each length is then taken as `norm` takes it.
    let least = points
        .iter()
        .map(|p| p.length_squared())
        .fold(f64::INFINITY, f64::min);
    let mut upper = if least < thresholds::square_underflow() {
        points
            .iter()
            .map(|p| norm(*p))
            .fold(f64::INFINITY, f64::min)
    } else {
        least.sqrt()
    };
    if let Some(w) = normalised(weights) {
        let x = points
            .iter()
            .zip(w)
            .fold(DVec3::ZERO, |x, (p, w)| x + *p * w);
        if x.is_finite() {
            upper = upper.min(norm(x));
        }
    }
    upper
}

/// `‖v‖` without underflow: scaled by its largest component first where its square would
/// lose digits.
fn norm(v: DVec3) -> f64 {
    let squared = v.length_squared();
    if squared >= thresholds::square_underflow() || !squared.is_finite() {
        return squared.sqrt();
    }
    let m = v.abs().max_element();
    if m == 0.0 { 0.0 } else { m * (v / m).length() }
}

/// Up to four weights clamped at zero and renormalised to sum to one, so that the point they
/// make lies in the hull of their points whatever their rounding. `None` when they say nothing
/// (no weight above zero, or a sum that is not finite).
pub(crate) fn normalised(weights: &[f64]) -> Option<[f64; 4]> {
    let total: f64 = weights.iter().map(|w| w.max(0.0)).sum();
    if !(total > 0.0 && total.is_finite()) {
        return None;
    }
    let mut out = [0.0; 4];
    for (o, w) in out.iter_mut().zip(weights) {
        *o = w.max(0.0) / total;
    }
    Some(out)
}

/// What the bounds prove about the algorithm's verdict (an enclosing tetrahedron, which needs
/// no bounds, is [`Tracker::certify`]'s to find).
///
/// The verdict is confirmed or left unproven, never turned round: an overlap needs an upper
/// bound within `abs_tolerance`; a separation needs a lower bound above zero, and its distance
/// is certified when the gap test (or, for boolean GJK and two boxes' separating axis, the
/// plane test) stopped the run, or
/// when the bounds themselves are as `tight` as the gap test would have made them (a run that
/// stopped on a repeated support point or a |v| that no longer shrinks, with its bounds already
/// met: a box 5e-4 over a hull's face).
pub fn certify(
    outcome: &Outcome,
    termination: Termination,
    [lower, upper]: [f64; 2],
    abs_tolerance: f64,
    tight: bool,
) -> Certificate {
    let bounds = [lower, upper];
    let unproven = Certificate {
        intersecting: None,
        certified: false,
        distance_bounds: bounds,
        limit: None,
    };
    match (outcome, termination) {
        (Outcome::Intersecting, _) if upper <= abs_tolerance => Certificate {
            intersecting: Some(true),
            certified: true,
            distance_bounds: bounds,
            limit: None,
        },
        (Outcome::Separated { .. } | Outcome::Disjoint, t) if lower > 0.0 => Certificate {
            intersecting: Some(false),
            certified: tight
                || matches!(
                    t,
                    Termination::Gjk(
                        GjkStop::GapBelowTolerance { .. } | GjkStop::NotPastOrigin { .. }
                    ) | Termination::Shortcut(Shortcut::SeparatingAxis { .. })
                ),
            distance_bounds: bounds,
            limit: None,
        },
        _ => unproven,
    }
}

/// The best bounds a run has seen so far: every support point is a point of `A ⊖ B` (an upper
/// bound) and the end of a plane (a lower bound).
#[derive(Debug, Clone, Copy)]
pub struct Tracker {
    lower: f64,
    /// The least `‖w‖²` of the support points seen: its root plus the allowance is an upper
    /// bound (the root is taken once, at the end: it is monotone, so the least root is the
    /// root of the least square).
    nearest_squared: f64,
    allowance: f64,
    /// The unit search direction whose support plane gave `lower`: the bodies are at least
    /// `lower` apart along it (from A towards B).
    lower_direction: DVec3,
    /// The witnesses on A and on B of the support point nearest the origin.
    nearest: (DVec3, DVec3),
}

impl Tracker {
    /// No bound yet, with the rounding allowance of the pair's supports.
    pub fn new<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
        cso: &MinkowskiDifference<'_, R, A, B>,
    ) -> Self {
        Tracker {
            lower: 0.0,
            nearest_squared: f64::INFINITY,
            allowance: allowance(cso),
            lower_direction: DVec3::ZERO,
            nearest: (DVec3::ZERO, DVec3::ZERO),
        }
    }

    /// The rounding its bounds allow for (see [`allowance`]).
    pub fn allowance(&self) -> f64 {
        self.allowance
    }

    /// The best lower bound seen so far.
    pub fn lower(&self) -> f64 {
        self.lower
    }

    /// The direction along which the lower bound was proven (zero before any was).
    pub fn lower_direction(&self) -> DVec3 {
        self.lower_direction
    }

    /// Takes in the support point `w` found along `d`. Inlined into the loop: called, it read
    /// the support point back from memory before the stores that wrote it had finished.
    #[inline(always)]
    pub fn see<R: Real>(&mut self, d: R::V, w: &CsoPoint<R>) {
        let (a, b) = (w.a.to_f64(), w.b.to_f64());
        let w64 = a - b;
        let squared = w64.length_squared();
        if squared < self.nearest_squared {
            self.nearest_squared = squared;
            self.nearest = (a, b);
        }
        // The plane proves a gap only where `w` stops short of the origin along `d` (`d·w < 0`).
        // Elsewhere its bound, `−d̂·w` less the allowance, is below zero: the rounding of `d̂·w`
        // is a few ε‖w‖, the allowance at least 5ε(reach_A + reach_B) ≥ 5ε‖w‖. Such a plane is skipped
        // unmeasured (most of an overlapping pair's), to the same bounds.
        let d = d.to_f64();
        if d.dot(w64) >= 0.0 {
            return;
        }
        let n = unit_or_zero::<f64>(d);
        let lower = plane_lower(n, w64, self.allowance);
        if lower > self.lower {
            self.lower = lower;
            self.lower_direction = n;
        }
    }

    /// The best upper bound the support points alone have proven.
    fn upper(&self) -> f64 {
        let nearest = if self.nearest_squared < thresholds::square_underflow() {
            norm(self.nearest.0 - self.nearest.1)
        } else {
            self.nearest_squared.sqrt()
        };
        nearest + self.allowance
    }

    /// The certificate for a run that ended with `outcome` and `simplex`, whose nearest point
    /// has `weights` over it (none for boolean GJK); `rel_tolerance` is how tight its bounds
    /// must be for the distance to count as certified whatever stopped it (the gap test's
    /// width, `rel · upper`, plus the bounds' own rounding).
    ///
    /// The upper bound is first the run's own nearest point ([`weighted_upper`]); only when that
    /// does not certify is the simplex's nearest point worked out again in f64, by signed
    /// volumes and then, if still not tight enough, by the Voronoi tests ([`hull_distance`]),
    /// and the best kept.
    ///
    /// A separation left short of the tolerance by the precision itself carries its
    /// [`PrecisionLimit`].
    pub fn certify<R: Real>(
        &self,
        outcome: &Outcome,
        termination: GjkStop,
        simplex: &[CsoPoint<R>],
        weights: &[R],
        tolerances: [f64; 2],
    ) -> Certificate {
        let mut certificate = self.bound(outcome, termination, simplex, weights, tolerances);
        certificate.limit = PrecisionLimit::judge(
            &certificate,
            termination.into(),
            tolerances[1],
            self.allowance,
            crate::config::Precision::of::<R>(),
        );
        certificate
    }

    /// [`Tracker::certify`]'s bounds and verdict.
    fn bound<R: Real>(
        &self,
        outcome: &Outcome,
        termination: GjkStop,
        simplex: &[CsoPoint<R>],
        weights: &[R],
        [abs_tolerance, rel_tolerance]: [f64; 2],
    ) -> Certificate {
        if matches!(outcome, Outcome::Intersecting)
            && matches!(termination, GjkStop::IntersectionFound { .. })
            && encloses_origin(simplex, self.allowance)
        {
            // Proven by the tetrahedron alone (checked by `encloses_origin`): no upper bound
            // is asked for.
            return Certificate::ENCLOSED;
        }
        let judge = |upper: f64| {
            let tight = upper - self.lower <= rel_tolerance * upper + 2.0 * self.allowance;
            certify(
                outcome,
                termination.into(),
                [self.lower, upper],
                abs_tolerance,
                tight,
            )
        };
        let found = self
            .upper()
            .min(weighted_upper(simplex, weights, self.allowance));
        let quick = judge(found);
        if quick.certified {
            return quick;
        }
        // Any point of the hull bounds the distance: only how tight is at stake. Signed
        // volumes find one in a third of the Voronoi tests' time (boolean GJK, with no weights
        // of its own, asks here at every touching pair); the Voronoi tests, which keep a
        // nearly flat tetrahedron's face, are asked only when that does not certify.
        let (points, n) = witness_points(simplex);
        if n == 0 {
            return quick;
        }
        let volumes = crate::simplex::signed_volumes::closest_feature::<f64>(&points[..n]);
        let swift =
            found.min(weighted_distance(&points[..n], &volumes.weights[..n]) + self.allowance);
        let second = judge(swift);
        if second.certified {
            return second;
        }
        judge(swift.min(hull_distance(&points[..n]) + self.allowance))
    }
}
