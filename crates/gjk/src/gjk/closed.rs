//! Cores that are points, segments or triangles, in closed form (`radii: closed`): a sphere's
//! core is its centre, a capsule's its segment, a mesh's triangle (or any three-point hull) is
//! its own, and the distance between two segments, or a segment and a triangle, needs no
//! iteration (Ericson, *Real-Time Collision Detection*, §5.1.9, "Closest points of two line
//! segments"; the triangle's in [`triangle`]).
//!
//! ```text
//!   A's core  P(s) = p₁ + s·d₁,  s ∈ [0, 1]        d₁ = q₁ − p₁
//!   B's core  Q(t) = p₂ + t·d₂,  t ∈ [0, 1]        d₂ = q₂ − p₂
//!   minimise ‖P(s) − Q(t)‖²: the unclamped s of the two lines, clamped to [0, 1]; t for that
//!   s, clamped; and if t was clamped, s again for that t.
//! ```
//!
//! The answer is certified like a GJK run's, from the same two facts:
//!
//! ```text
//!   upper:  P(s) and Q(t) are points of the cores      ⇒  dist ≤ ‖Q(t) − P(s)‖
//!   lower:  n = (Q − P)/‖Q − P‖ and each core's support  ⇒  dist ≥ min n·B − max n·A
//!           along ±n is one of its endpoints (corners)
//! ```
//!
//! each giving up the rounding allowance `8ε(reach_A + reach_B)` of [`crate::proof::bounds`].
//! When the bounds do not meet as tightly as GJK's gap test would make them, or the cores touch
//! (their depth is EPA's business), the closed form answers nothing and GJK runs.

pub mod triangle;

pub use triangle::Triangle;

use crate::config::{SolverConfig, thresholds};
use crate::proof::bounds::certify;
use crate::real::{Real, Vector};
use crate::shape::Shape;
use crate::trace::{
    Certificate, Feature, FeatureKind, Few, Finish, Outcome, Phase, Quantities, Shortcut,
    SimplexVertex, Step,
};
use glam::DVec3;

/// A core in the query's frame, in the query's precision `R`: a segment from `p` to `q` (a
/// point when they coincide), and how far its numbers reach from the frame's origin (the scale
/// of their rounding).
#[derive(Debug, Clone, Copy)]
pub struct Segment<R: Real> {
    p: R::V,
    q: R::V,
    reach: f64,
}

impl<R: Real> Segment<R> {
    /// The core of `shape` placed at `position`, turned by `rotation`, when it is a point (a
    /// sphere of radius 0) or a segment (a capsule of radius 0, along its local Y).
    #[inline]
    pub fn of(shape: &Shape, position: DVec3, rotation: glam::DQuat) -> Option<Segment<R>> {
        let half = match *shape {
            Shape::Sphere { radius: 0.0 } => 0.0,
            Shape::Capsule {
                half_height,
                radius: 0.0,
            } => half_height,
            _ => return None,
        };
        // The turned Y axis: the second column of the quaternion's rotation matrix, written out
        // (cheaper than rotating a vector and taking its length, as the reach's bound below).
        let glam::DQuat { x, y, z, w } = rotation;
        let axis = DVec3::new(
            2.0 * (x * y - w * z),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z + w * x),
        ) * half;
        Some(Segment {
            p: R::vec(position - axis),
            q: R::vec(position + axis),
            // ‖position‖ ≤ |x| + |y| + |z|: a bound on the reach without a square root.
            reach: position.abs().element_sum() + half,
        })
    }

    /// The segment from `p` to `q` (its reach unused: for [`closest_points`]).
    pub(crate) fn between(p: R::V, q: R::V) -> Segment<R> {
        Segment { p, q, reach: 0.0 }
    }

    /// The point at parameter `s` along the segment.
    fn at(&self, s: R) -> R::V {
        self.p + (self.q - self.p) * s
    }
}

/// What the certificate reads of a core: how far its numbers reach from the frame's origin (the
/// scale of their rounding), and its support function, the furthest it gets along a direction
/// (one of its endpoints or corners).
pub(crate) trait Bounded<R: Real> {
    fn reach(&self) -> f64;
    fn support(&self, n: R::V) -> f64;
}

impl<R: Real> Bounded<R> for Segment<R> {
    fn reach(&self) -> f64 {
        self.reach
    }

    #[inline]
    fn support(&self, n: R::V) -> f64 {
        n.dot(self.p).to_f64().max(n.dot(self.q).to_f64())
    }
}

/// The closest points of two segments, one on each (to rounding).
#[inline]
pub(crate) fn closest_points<R: Real>(a: &Segment<R>, b: &Segment<R>) -> (R::V, R::V) {
    let (s, t) = closest_parameters(a, b);
    (a.at(s), b.at(t))
}

/// The parameters `(s, t)` of the closest points of two segments. Each is clamped to `[0, 1]`,
/// so the points lie on the segments whatever the rounding; only their optimality depends on
/// it, and the certificate checks that.
fn closest_parameters<R: Real>(a: &Segment<R>, b: &Segment<R>) -> (R, R) {
    let (d1, d2, r) = (a.q - a.p, b.q - b.p, a.p - b.p);
    let (len1, len2, f) = (d1.length_squared(), d2.length_squared(), d2.dot(r));
    let (zero, one) = (R::ZERO, R::ONE);
    let unit = |x: R| {
        if x < zero {
            zero
        } else if x > one {
            one
        } else {
            x
        }
    };
    if len1 == zero && len2 == zero {
        // Two points.
        return (zero, zero);
    }
    if len1 == zero {
        // A point against a segment: project it onto B's line, clamped.
        return (zero, unit(f / len2));
    }
    let c = d1.dot(r);
    if len2 == zero {
        return (unit(-c / len1), zero);
    }
    // Two segments. The lines' closest s solves the 2×2 normal equations; its denominator
    // is ‖d₁‖²‖d₂‖² − (d₁·d₂)² = ‖d₁ × d₂‖² ≥ 0, zero for parallel lines, where any s is as
    // good as another and 0 is taken.
    let b = d1.dot(d2);
    let denom = len1 * len2 - b * b;
    let s = if denom > zero {
        unit((b * f - c * len2) / denom)
    } else {
        zero
    };
    // B's nearest point to P(s); if it falls off B, clamp it and take A's nearest point to
    // that end instead.
    let t = (b * s + f) / len2;
    if t < zero {
        (unit(-c / len1), zero)
    } else if t > one {
        (unit((b - c) / len1), one)
    } else {
        (s, t)
    }
}

/// The cores' closest points, their distance and the unit direction from A's to B's, and the
/// proven bounds on that distance: a small record, turned into a [`Finish`] once, where it
/// is returned (a `Finish` is a large record: built once, it is never copied on its way out).
#[derive(Debug, Clone, Copy)]
pub struct Closest {
    /// The closest point of A's core.
    pub point_a: DVec3,
    /// The closest point of B's core.
    pub point_b: DVec3,
    /// Their distance.
    pub distance: f64,
    /// The unit direction from `point_a` to `point_b`.
    pub unit: DVec3,
    /// What the bounds prove.
    pub certificate: Certificate,
    /// The rounding its bounds gave up (see [`crate::proof::bounds::allowance`]).
    pub allowance: f64,
}

impl Closest {
    /// The cores' answer as a run's finish, certified.
    #[inline]
    pub fn finish(&self) -> Finish {
        let outcome = Outcome::Separated {
            distance: self.distance,
            point_a: self.point_a,
            point_b: self.point_b,
        };
        let termination = Shortcut::ClosedForm {
            distance: self.distance,
        };
        Finish::gjk(outcome, termination, self.certificate, 0)
    }
}

/// The cores' answer, certified, when the closed form proves it to GJK's tolerance: apart by
/// more than `abs_tolerance`, with bounds as tight as the gap test would leave them. `None`
/// leaves the question to GJK.
#[inline]
pub fn distance<R: Real>(a: &Segment<R>, b: &Segment<R>, config: &SolverConfig) -> Option<Closest> {
    certified(a, b, closest_points(a, b), config)
}

/// [`distance`] of a segment's core and a triangle, the `shape` placed at `position` and turned
/// by `rotation` when it is one (a polytope of three points; `None` for any other, and where
/// GJK must answer: a segment through the triangle, a flat triangle). `swapped`: the triangle
/// is body A. Kept out of line, so that two segments, the common pair, are answered by code as
/// small as before.
#[inline(never)]
pub fn with_triangle<R: Real>(
    segment: &Segment<R>,
    (shape, (position, rotation)): (&Shape, (DVec3, glam::DQuat)),
    swapped: bool,
    config: &SolverConfig,
) -> Option<Closest> {
    let Shape::Polytope { vertices } = shape else {
        return None;
    };
    let triangle = Triangle::<R>::of(vertices.as_slice().try_into().ok()?, position, rotation);
    let (on_segment, on_triangle) = triangle::closest(segment, &triangle)?;
    if swapped {
        certified(&triangle, segment, (on_triangle, on_segment), config)
    } else {
        certified(segment, &triangle, (on_segment, on_triangle), config)
    }
}

/// The certified answer from the cores' closest pair (`point_a` on `a`, `point_b` on `b`).
#[inline(always)]
fn certified<R: Real>(
    a: &impl Bounded<R>,
    b: &impl Bounded<R>,
    (point_a, point_b): (R::V, R::V),
    config: &SolverConfig,
) -> Option<Closest> {
    let length = (point_b - point_a).length_squared().sqrt();
    let distance = length.to_f64();
    if !(distance > config.abs_tolerance && distance.is_finite()) {
        return None;
    }
    let allowance = thresholds::support_rounding(R::EPSILON.to_f64(), a.reach() + b.reach());
    let n = (point_b - point_a) / length;
    // B's nearest point along −n and A's furthest along n: the plane between them.
    let lower = (-b.support(-n) - a.support(n) - allowance).max(0.0);
    let upper = distance + allowance;
    let tight = upper - lower <= config.rel_tolerance * upper + 2.0 * allowance;
    let (point_a, point_b) = (point_a.to_f64(), point_b.to_f64());
    let outcome = Outcome::Separated {
        distance,
        point_a,
        point_b,
    };
    let termination = Shortcut::ClosedForm { distance };
    let certificate = certify(
        &outcome,
        termination.into(),
        [lower, upper],
        config.abs_tolerance,
        tight,
    );
    certificate.certified.then_some(Closest {
        point_a,
        point_b,
        distance,
        unit: n.to_f64(),
        certificate,
        allowance,
    })
}

/// The closed form as a trace of one step, from the cores' answer: the closest point
/// `v = a − b` of the cores' difference, found at once, a simplex of that one point with the
/// two closest points as its witnesses. (The query adds what the answer proves.)
pub fn step(cores: &Finish) -> Option<Step> {
    let Outcome::Separated {
        distance,
        point_a,
        point_b,
    } = cores.outcome
    else {
        return None;
    };
    let v = SimplexVertex {
        point: point_a - point_b,
        a: point_a,
        b: point_b,
    };
    Some(Step {
        feature: Some(Feature {
            kind: FeatureKind::Vertex,
            vertices: Few::from_iter([0]),
            by_fallback: false,
        }),
        closest: Some(v.point),
        weights: Few::from_iter([1.0]),
        quantities: Quantities {
            v_norm: Some(distance),
            ..Quantities::default()
        },
        ..Step::one_point(Phase::ClosedForm, -v.point / distance, v, cores.termination)
    })
}
