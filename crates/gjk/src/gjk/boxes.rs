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

use crate::config::{Algorithm, SolverConfig};
use crate::gjk::closed::{Segment, closest_points};
use crate::proof::bounds::{allowance_for, certify, plane_lower};
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::{Pose, Shape};
use crate::trace::{
    Certificate, Few, Finish, Outcome, Phase, Quantities, SimplexVertex, Step, Termination,
};
use glam::{DMat3, DVec3};

/// How many rounds of projection (onto B, then onto A) the overlap's points may take.
const ROUNDS: usize = 6;

/// A box in the query's frame, as written (f64): its centre, its unit axes (the rotation's
/// columns) and its half extents along them.
#[derive(Debug, Clone, Copy)]
pub struct Oriented {
    centre: DVec3,
    axes: [DVec3; 3],
    half: [f64; 3],
}

impl Oriented {
    /// The box a cuboid with no margin makes at `pose`; `None` for any other shape.
    fn of(shape: &Shape, pose: Pose, margin: f64) -> Option<Oriented> {
        let Shape::Cuboid { half_extents } = *shape else {
            return None;
        };
        if margin != 0.0 {
            return None;
        }
        let m = DMat3::from_quat(pose.rotation);
        Some(Oriented {
            centre: pose.position,
            axes: [m.x_axis, m.y_axis, m.z_axis],
            half: half_extents.to_array(),
        })
    }

    /// `p`'s coordinates in the box's frame.
    fn local(&self, p: DVec3) -> DVec3 {
        let d = p - self.centre;
        DVec3::new(
            self.axes[0].dot(d),
            self.axes[1].dot(d),
            self.axes[2].dot(d),
        )
    }

    /// How far inside the box `p` is along its first `k` axes, the least of them (below zero:
    /// outside).
    fn room(&self, p: DVec3, k: usize) -> f64 {
        let l = self.local(p).to_array();
        (0..k)
            .map(|i| self.half[i] - l[i].abs())
            .fold(f64::INFINITY, f64::min)
    }

    /// How far `p` is from the box (0 inside), along its first `k` axes.
    fn outside(&self, p: DVec3, k: usize) -> f64 {
        let l = self.local(p).to_array();
        (0..k)
            .map(|i| (l[i].abs() - self.half[i]).max(0.0))
            .fold(0.0, |sum, x| sum + x * x)
            .sqrt()
    }

    /// The box's corner furthest along `d` (any, where `d` is square to a face), and the
    /// edge through it along axis `i`.
    fn corner(&self, d: DVec3) -> DVec3 {
        (0..3).fold(self.centre, |p, m| {
            let s = if self.axes[m].dot(d) < 0.0 { -1.0 } else { 1.0 };
            p + self.axes[m] * (s * self.half[m])
        })
    }

    /// The edge along axis `i` through `corner`, a corner of the box.
    fn edge(&self, corner: DVec3, i: usize) -> Segment<f64> {
        let along = self.axes[i] * (2.0 * self.half[i]);
        let back = if self.axes[i].dot(corner - self.centre) > 0.0 {
            corner - along
        } else {
            corner + along
        };
        Segment::between(corner, back)
    }

    /// The point nearest `p` of the box shrunk by `by` along its first `k` axes (the others
    /// are zero in the plane).
    fn clamp(&self, p: DVec3, k: usize, by: f64) -> DVec3 {
        let l = self.local(p).to_array();
        (0..k).fold(self.centre, |q, i| {
            let h = (self.half[i] - by).max(0.0);
            q + self.axes[i] * l[i].clamp(-h, h)
        })
    }
}

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
    termination: Termination,
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
            iteration: 1,
            phase: Phase::Boolean,
            direction: self.axis,
            support,
            candidate: Few::from_iter([support]),
            before: 0,
            names: Few::from_iter([0]),
            kept: Few::from_iter([0]),
            feature: None,
            closest: None,
            weights: Few::new(),
            next_direction: None,
            quantities: Quantities {
                support_dot_direction: Some(support.point.dot(self.axis)),
                ..Quantities::default()
            },
            termination: Some(self.termination),
            certificate: Some(self.certificate),
            cores: None,
            radii: None,
            momentum: None,
        }
    }
}

/// The two boxes in the working precision `R`: their axes, half extents and centres, and
/// `Rᵢⱼ = Aᵢ·Bⱼ` (Ericson's form: with `t = c_B − c_A` in A's axes it gives every shadow).
struct Worked<R: Real> {
    ua: [R::V; 3],
    ub: [R::V; 3],
    ha: [R; 3],
    hb: [R; 3],
    ca: R::V,
    cb: R::V,
    r: [[R; 3]; 3],
    abs: [[R; 3]; 3],
    ta: [R; 3],
    /// The rounding its support points may carry (see [`crate::proof::bounds::allowance`]).
    allowance: f64,
}

impl<R: Real> Worked<R> {
    fn new([a, b]: &[Oriented; 2]) -> Self {
        // ‖x‖ ≤ |x| + |y| + |z|: a bound on each box's reach without a square root.
        let reach = |x: &Oriented| {
            x.centre.abs().element_sum() + x.half.iter().map(|h| h.abs()).sum::<f64>()
        };
        let (ua, ub) = (a.axes.map(R::vec), b.axes.map(R::vec));
        let (ca, cb) = (R::vec(a.centre), R::vec(b.centre));
        let t = R::vec(b.centre - a.centre);
        let r: [[R; 3]; 3] = std::array::from_fn(|i| std::array::from_fn(|j| ua[i].dot(ub[j])));
        Worked {
            ua,
            ub,
            ha: a.half.map(R::from_f64),
            hb: b.half.map(R::from_f64),
            ca,
            cb,
            r,
            abs: r.map(|row| row.map(R::abs)),
            ta: ua.map(|u| t.dot(u)),
            allowance: allowance_for(R::EPSILON.to_f64(), reach(a) + reach(b)),
        }
    }

    /// A's face normal `i` with the widest gap on it (`k` of them), and that gap: the
    /// centres' distance along it less both shadows' half-widths.
    fn faces_of_a(&self, k: usize) -> Gap<R> {
        let mut best = Gap::NONE;
        for i in 0..k {
            let reach = self.ha[i]
                + self.hb[0] * self.abs[i][0]
                + self.hb[1] * self.abs[i][1]
                + self.hb[2] * self.abs[i][2];
            best = best.or(Axis::OfA(i), self.ta[i], reach, R::ONE);
        }
        best
    }

    /// The same for B's face normals.
    fn faces_of_b(&self, k: usize) -> Gap<R> {
        let mut best = Gap::NONE;
        for j in 0..k {
            // t·Bⱼ, from t in A's axes.
            let along =
                self.ta[0] * self.r[0][j] + self.ta[1] * self.r[1][j] + self.ta[2] * self.r[2][j];
            let reach = self.hb[j]
                + self.ha[0] * self.abs[0][j]
                + self.ha[1] * self.abs[1][j]
                + self.ha[2] * self.abs[2][j];
            best = best.or(Axis::OfB(j), along, reach, R::ONE);
        }
        best
    }

    /// The same for the cross products `Aᵢ × Bⱼ` of an edge of each, in A's frame, where it
    /// has components `±R_{i1 j}` and `±R_{i2 j}` off axis `i`. A cross product of two nearly
    /// parallel edges (`‖Aᵢ × Bⱼ‖² ≤ √ε`) is left out: its direction is rounding, and the
    /// face normals already look along what it would.
    fn edges(&self) -> Gap<R> {
        let (r, abs, ta, ha, hb) = (&self.r, &self.abs, &self.ta, &self.ha, &self.hb);
        let parallel = R::EPSILON.sqrt();
        let mut best = Gap::NONE;
        for i in 0..3 {
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            for j in 0..3 {
                let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
                let squared = r[i1][j] * r[i1][j] + r[i2][j] * r[i2][j];
                if squared <= parallel {
                    continue;
                }
                let along = ta[i2] * r[i1][j] - ta[i1] * r[i2][j];
                let reach = ha[i1] * abs[i2][j]
                    + ha[i2] * abs[i1][j]
                    + hb[j1] * abs[i][j2]
                    + hb[j2] * abs[i][j1];
                best = best.or(Axis::Edges(i, j), along, reach, squared.sqrt());
            }
        }
        best
    }

    /// `axis` in the world, at unit length from A towards B (`signed`: its length, negated
    /// where it points from B towards A).
    fn unit(&self, (axis, signed): (Axis, R)) -> R::V {
        let v = match axis {
            Axis::OfA(i) => self.ua[i],
            Axis::OfB(j) => self.ub[j],
            Axis::Edges(i, j) => self.ua[i].cross(self.ub[j]),
        };
        v / signed
    }

    /// The plane across the unit `axis` (from A towards B) proven by the support point of
    /// `A ⊖ B` along it: the certificate, and the point.
    fn prove(&self, axis: R::V, gap: R, abs_tolerance: f64) -> (Certificate, SimplexVertex) {
        let support = |c: R::V, u: &[R::V; 3], h: &[R; 3], d: R::V| {
            (0..3).fold(c, |p, m| {
                let s = if u[m].dot(d) < R::ZERO { -h[m] } else { h[m] };
                p + u[m] * s
            })
        };
        let a = support(self.ca, &self.ua, &self.ha, axis).to_f64();
        let b = support(self.cb, &self.ub, &self.hb, -axis).to_f64();
        let w = a - b;
        let lower = plane_lower(unit_or_zero::<f64>(axis.to_f64()), w, self.allowance);
        // ‖w‖ at its own scale: squared, a length of 1e-300 is zero.
        let largest = w.abs().max_element();
        let upper = if largest > 0.0 {
            largest * (w / largest).length()
        } else {
            0.0
        } + self.allowance;
        let termination = Termination::SeparatingAxis { gap: gap.to_f64() };
        let certificate = certify(
            &Outcome::Disjoint,
            &termination,
            [lower, upper],
            abs_tolerance,
            false,
        );
        (certificate, SimplexVertex { point: w, a, b })
    }
}

/// One of the axes the test looks along.
#[derive(Debug, Clone, Copy)]
enum Axis {
    /// A's face normal `i`.
    OfA(usize),
    /// B's face normal `j`.
    OfB(usize),
    /// A's edge `i` crossed with B's edge `j`.
    Edges(usize, usize),
}

/// An axis and the gap along it (below zero: the shadows overlap by that much).
#[derive(Clone, Copy)]
struct Gap<R: Real> {
    /// The axis, and what turns it into a unit vector from A towards B: its length, negated
    /// where the centres' order along it is B then A.
    axis: Option<(Axis, R)>,
    gap: R,
}

impl<R: Real> Gap<R> {
    const NONE: Gap<R> = Gap {
        axis: None,
        gap: R::ZERO,
    };

    /// This one, or `axis` (of length `length`) if its gap is wider: `along` is the centres'
    /// distance along it, `reach` the shadows' half-widths together, both times `length`.
    #[inline(always)]
    fn or(self, axis: Axis, along: R, reach: R, length: R) -> Gap<R> {
        let gap = (along.abs() - reach) / length;
        // A gap that is not a number never replaces one that is.
        let wider = gap > self.gap;
        if self.axis.is_some() && !wider {
            return self;
        }
        let signed = if along < R::ZERO { -length } else { length };
        Gap {
            axis: Some((axis, signed)),
            gap,
        }
    }

    /// The wider of the two.
    fn max(self, other: Gap<R>) -> Gap<R> {
        match (self.axis, other.axis) {
            (Some(_), Some(_)) if other.gap > self.gap => other,
            (None, _) => other,
            _ => self,
        }
    }
}

/// A point of A and a point of B, each proven inside its box with room `slack` for the
/// check's rounding, and how far apart they are (0 when the first lies in both), or `None`
/// when after [`ROUNDS`] rounds they are still further apart than `within`.
///
/// They are found by projecting back and forth, starting from B's centre, onto the boxes
/// shrunk by `shrink` (more than twice the slack): the projections close in on the shrunken
/// boxes' common part, and a point within `shrink` of it is inside both boxes as they are, so
/// a few rounds suffice where the boxes overlap deeply.
fn shared_point(
    [a, b]: &[Oriented; 2],
    k: usize,
    [slack, shrink]: [f64; 2],
    within: f64,
) -> Option<(DVec3, DVec3, f64)> {
    let inside = |x: &Oriented, p: DVec3| x.room(p, k) >= slack;
    let mut q = b.centre;
    for _ in 0..ROUNDS {
        let p = a.clamp(q, k, shrink);
        if inside(b, p) {
            return inside(a, p).then_some((p, p, 0.0));
        }
        q = b.clamp(p, k, shrink);
        if inside(a, q) {
            return inside(b, q).then_some((q, q, 0.0));
        }
        // The norm's own rounding is a few ε of it: the slack covers it.
        let apart = (p - q).length() + slack;
        if apart <= within && inside(a, p) && inside(b, q) {
            return Some((p, q, apart));
        }
    }
    None
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
    /// edges' cross products: the first family with a gap whose plane is proven answers, as
    /// engines stop at the first separating axis.
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
                    termination: Termination::SeparatingAxis {
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
        // The checks are in f64 on the boxes as written: their rounding is a few ε of the
        // numbers' size, well inside four times the f64 allowance.
        let reach = self
            .boxes
            .iter()
            .map(|x| x.centre.length() + DVec3::from_array(x.half).length())
            .sum();
        let slack = 4.0 * allowance_for(f64::EPSILON, reach);
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
            termination: Termination::SharedPoint { apart },
            certificate: Certificate {
                intersecting: Some(true),
                certified: true,
                distance_bounds: [0.0, apart],
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
