//! Two boxes asked only whether they overlap (`algorithm: boolean` with `epa: false`), answered
//! the way engines answer them: by the separating-axis test for oriented boxes (Gottschalk,
//! Lin & Manocha, "OBBTree: A Hierarchical Structure for Rapid Interference Detection";
//! Ericson, *Real-Time Collision Detection*, §4.4.1), with no GJK iteration.
//!
//! Two convex polyhedra are apart exactly when some plane parallel to a face of one, or to an
//! edge of each, has them on its two sides. For two boxes that leaves fifteen axes to look
//! along: the three face normals of each, and the nine cross products of an edge of each (in
//! the plane, four: the two edge normals of each). On each axis `L` the boxes cast shadows,
//! intervals of half-widths `r_A` and `r_B` round their centres' shadows:
//!
//! ```text
//!   r_A = Σ aᵢ |Aᵢ·L|    r_B = Σ bⱼ |Bⱼ·L|    gap(L) = (|t·L| − r_A − r_B) / ‖L‖,  t = c_B − c_A
//! ```
//!
//! The answer is proven, not just computed, by one of three certificates:
//!
//! ```text
//!   apart:     an axis n with a gap (from A towards B) and w = s(n), the support point of
//!              A ⊖ B along it:  n·w < 0  ⇒  every point of A ⊖ B is at least −n̂·w from the
//!              origin (the plane test of boolean GJK, with the same rounding allowance)
//!   overlap:   a point p checked inside both boxes in f64, with room for the check's rounding
//!   touching:  a point p near A and q near B:  dist ≤ ‖p − q‖ + dist(p, A) + dist(q, B),
//!              within the absolute tolerance (GJK's "touching counts as intersecting")
//! ```
//!
//! The axes are looked along family by family, A's face normals, B's, then the edges' cross
//! products, and the first family with a gap answers with its widest (engines stop at the
//! first separating axis too). Shadows that meet to within rounding on some axis are touching
//! boxes: the features that meet along it (a corner of each, or two edges' closest points)
//! give the two points. Otherwise the boxes overlap on every axis, and a point inside both is
//! found by projecting back and forth between them (von Neumann's alternating projections,
//! which close in on a common point of two overlapping convex sets). Where no certificate
//! holds (a touch the corners and edges do not show, or projections that have not met in a
//! few rounds: about one random overlapping pair in twenty), the test answers nothing and
//! boolean GJK runs, as it would have.

mod points;
mod shadows;

use crate::config::{Algorithm, SolverConfig, thresholds};
use crate::gjk::closed::closest_points;
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::{Pose, Shape};
use crate::trace::{
    Certificate, Finish, Outcome, Phase, Quantities, Shortcut, SimplexVertex, Step,
};
use glam::DVec3;
use points::{Oriented, shared_point};
use shadows::{Axis, Gap, Worked};

/// Two boxes whose overlap the query asks about, in a frame centred between them (so that
/// their numbers carry the rounding of their own size, not of their distance from the world's
/// origin, as [`crate::query::query`] solves far pairs).
#[derive(Debug, Clone, Copy)]
pub struct Pair {
    boxes: [Oriented; 2],
    /// Where the frame's origin stands in the world.
    origin: DVec3,
}

/// The two boxes, or `None` where the test does not apply: the boolean question without EPA
/// (an overlap's depth needs GJK's simplex), on two cuboids without a margin.
pub fn pair(a: (&Shape, Pose, f64), b: (&Shape, Pose, f64), config: &SolverConfig) -> Option<Pair> {
    if config.algorithm != Algorithm::Boolean || config.epa {
        return None;
    }
    let (mut first, mut second) = (Oriented::of(a.0, a.1, a.2)?, Oriented::of(b.0, b.1, b.2)?);
    let origin = first.centre * 0.5 + second.centre * 0.5;
    first.centre -= origin;
    second.centre -= origin;
    Some(Pair {
        boxes: [first, second],
        origin,
    })
}

/// What the test proved: the answer, and the axis and point its one step shows.
#[derive(Debug, Clone, Copy)]
pub struct Decided {
    outcome: Outcome,
    termination: Shortcut,
    certificate: Certificate,
    /// The axis looked along (unit, from A towards B).
    axis: DVec3,
    /// The support point along it, or the two points found (their difference and witnesses),
    /// in the world.
    support: SimplexVertex,
}

impl Decided {
    /// The answer, built where it is returned.
    #[inline]
    pub fn finish(&self) -> Finish {
        Finish::gjk(self.outcome, self.termination, self.certificate, 1)
    }

    /// The test as a trace of one step, with what the answer proves: the axis as its
    /// direction, and as its one point the support point along it (apart) or the two points
    /// found (overlapping: their difference, a point of `A ⊖ B` at most their distance from
    /// the origin).
    pub fn step(&self) -> Step {
        let support = self.support;
        Step {
            quantities: Quantities {
                support_dot_direction: Some(support.point.dot(self.axis)),
                ..Quantities::default()
            },
            certificate: Some(self.certificate),
            ..Step::one_point(Phase::BoxAxes, self.axis, support, self.termination)
        }
    }
}

impl Pair {
    /// Touching boxes (their shadows on `axis`, the unit `n` from A towards B, within rounding
    /// of meeting): a point near each, from the features that meet along the axis — A's
    /// corner furthest along `n` against B, B's corner furthest back against A, and for two
    /// edges' cross product the closest points of those edges — with the distance they
    /// prove: `dist ≤ ‖p − q‖ + dist(p, A) + dist(q, B)` (plus the checks' rounding), at most
    /// `within` or `None`.
    fn touch(
        &self,
        axis: Axis,
        n: DVec3,
        k: usize,
        slack: f64,
        within: f64,
    ) -> Option<(DVec3, DVec3, f64)> {
        let [a, b] = &self.boxes;
        let (va, vb) = (a.corner(n), b.corner(-n));
        let edges = match axis {
            Axis::Edges(i, j) => Some(closest_points(&a.edge(va, i), &b.edge(vb, j))),
            _ => None,
        };
        [
            Some((a.clamp(vb, k, 0.0), vb)),
            Some((va, b.clamp(va, k, 0.0))),
            edges,
        ]
        .into_iter()
        .flatten()
        .map(|(p, q)| {
            (
                p,
                q,
                (p - q).length() + a.outside(p, k) + b.outside(q, k) + slack,
            )
        })
        .filter(|&(_, _, apart)| apart <= within)
        .min_by(|x, y| x.2.total_cmp(&y.2))
    }

    /// The boxes' answer in precision `R`, proven; `None` leaves the question to boolean GJK
    /// (see the module's account). A's face normals are looked along first, then B's, then the
    /// edges' cross products: the first family with a gap above rounding answers, as engines
    /// stop at the first separating axis, and if the support point does not prove its plane,
    /// GJK does the work.
    #[inline]
    pub fn decide<R: Real>(&self, config: &SolverConfig) -> Option<Decided> {
        let plane = config.dimension.is_plane();
        let k = if plane { 2 } else { 3 };
        let worked = Worked::<R>::new(&self.boxes);
        let moved = |v: SimplexVertex| SimplexVertex {
            point: v.point,
            a: v.a + self.origin,
            b: v.b + self.origin,
        };
        let mut least = Gap::NONE;
        // Shadows apart or overlapping by no more than their rounding: touching boxes.
        let mut touching = None;
        for family in 0..if plane { 2 } else { 3 } {
            let found = match family {
                0 => worked.faces_of_a(k),
                1 => worked.faces_of_b(k),
                _ => worked.edges(),
            };
            let Some(axis) = found.axis else {
                continue;
            };
            if found.gap.to_f64() > worked.allowance {
                let axis = worked.unit(axis);
                let (certificate, support) = worked.prove(axis, found.gap, config.abs_tolerance);
                return certificate.certified.then(|| Decided {
                    outcome: Outcome::Disjoint,
                    termination: Shortcut::SeparatingAxis {
                        gap: found.gap.to_f64(),
                    },
                    certificate,
                    axis: unit_or_zero::<f64>(axis.to_f64()),
                    support: moved(support),
                });
            }
            // A later family may still part them by more.
            if found.gap > R::ZERO && touching.is_none() {
                touching = Some(axis);
            }
            least = least.max(found);
        }
        // The checks are in f64 on the boxes as written. A point's coordinate in a box's frame
        // is off by the rotation's rounding (about 7ε per axis, from the quaternion) and the
        // products' over ‖p − c‖ ≤ 2·reach, some 24ε·reach; a distance from a box sums three
        // such, and a touch two distances: 16 times the f64 allowance (128ε·reach) covers
        // them, and is still 1e-13 for boxes a metre across.
        let reach = self
            .boxes
            .iter()
            .map(|x| x.centre.length() + DVec3::from_array(x.half).length())
            .sum();
        let slack = thresholds::boxes_touching(reach);
        let touching = touching.or(least
            .axis
            .filter(|_| least.gap.to_f64() >= -worked.allowance));
        let (axis, (p, q, apart)) = match touching {
            Some(axis) => {
                let n = unit_or_zero::<f64>(worked.unit(axis).to_f64());
                (n, self.touch(axis.0, n, k, slack, config.abs_tolerance)?)
            }
            None => {
                // Every axis has them overlapping: a point inside both. Shrunk by a quarter
                // of the least overlap, the boxes still overlap on every axis (a box shrunk
                // by s along its axes casts a shadow at most √3·s narrower).
                let shrink = (2.0 * slack).max(-least.gap.to_f64() / 4.0);
                let found = shared_point(&self.boxes, k, [slack, shrink], config.abs_tolerance)?;
                let n = least.axis.map_or(DVec3::ZERO, |a| {
                    unit_or_zero::<f64>(worked.unit(a).to_f64())
                });
                (n, found)
            }
        };
        Some(Decided {
            outcome: Outcome::Intersecting,
            termination: Shortcut::SharedPoint { apart },
            certificate: Certificate {
                intersecting: Some(true),
                certified: true,
                distance_bounds: [0.0, apart],
                limit: None,
            },
            axis,
            support: moved(SimplexVertex {
                point: p - q,
                a: p,
                b: q,
            }),
        })
    }
}
