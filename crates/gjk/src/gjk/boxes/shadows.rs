//! The shadows two boxes cast on the axes that can part them, worked in the query's
//! precision, and the proof of a plane across one (see [`crate::gjk::boxes`]).

use super::points::Oriented;
use crate::proof::bounds::{allowance_for, certify, plane_lower};
use crate::real::{Real, Vector, unit_or_zero};
use crate::trace::{Certificate, Outcome, Shortcut, SimplexVertex};

/// The two boxes in the working precision `R`: their axes, half extents and centres, and
/// `Rᵢⱼ = Aᵢ·Bⱼ` (Ericson's form: with `t = c_B − c_A` in A's axes it gives every shadow).
pub(super) struct Worked<R: Real> {
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
    pub(super) allowance: f64,
}

impl<R: Real> Worked<R> {
    pub(super) fn new([a, b]: &[Oriented; 2]) -> Self {
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
    pub(super) fn faces_of_a(&self, k: usize) -> Gap<R> {
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
    pub(super) fn faces_of_b(&self, k: usize) -> Gap<R> {
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
    /// parallel edges (`‖Aᵢ × Bⱼ‖² ≤ √ε`) is left out: its direction is mostly rounding. Boxes
    /// only it would part (long thin ones crossing at under a degree in f32) find no gap
    /// here, and boolean GJK answers them.
    pub(super) fn edges(&self) -> Gap<R> {
        let (r, abs, ta, ha, hb) = (&self.r, &self.abs, &self.ta, &self.ha, &self.hb);
        let parallel = crate::config::thresholds::parallel_edges::<R>();
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
    pub(super) fn unit(&self, (axis, signed): (Axis, R)) -> R::V {
        let v = match axis {
            Axis::OfA(i) => self.ua[i],
            Axis::OfB(j) => self.ub[j],
            Axis::Edges(i, j) => self.ua[i].cross(self.ub[j]),
        };
        v / signed
    }

    /// The plane across the unit `axis` (from A towards B) proven by the support point of
    /// `A ⊖ B` along it: the certificate, and the point.
    pub(super) fn prove(
        &self,
        axis: R::V,
        gap: R,
        abs_tolerance: f64,
    ) -> (Certificate, SimplexVertex) {
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
        let termination = Shortcut::SeparatingAxis { gap: gap.to_f64() };
        let certificate = certify(
            &Outcome::Disjoint,
            termination.into(),
            [lower, upper],
            abs_tolerance,
            false,
        );
        (certificate, SimplexVertex { point: w, a, b })
    }
}

/// One of the axes the test looks along.
#[derive(Debug, Clone, Copy)]
pub(super) enum Axis {
    /// A's face normal `i`.
    OfA(usize),
    /// B's face normal `j`.
    OfB(usize),
    /// A's edge `i` crossed with B's edge `j`.
    Edges(usize, usize),
}

/// An axis and the gap along it (below zero: the shadows overlap by that much).
#[derive(Clone, Copy)]
pub(super) struct Gap<R: Real> {
    /// The axis, and what turns it into a unit vector from A towards B: its length, negated
    /// where the centres' order along it is B then A.
    pub(super) axis: Option<(Axis, R)>,
    pub(super) gap: R,
}

impl<R: Real> Gap<R> {
    pub(super) const NONE: Gap<R> = Gap {
        axis: None,
        gap: R::ZERO,
    };

    /// This one, or `axis` (of length `length`) if its gap is wider: `along` is the centres'
    /// distance along it, `reach` the shadows' half-widths together, both times `length`.
    #[inline(always)]
    fn or(self, axis: Axis, along: R, reach: R, length: R) -> Gap<R> {
        let gap = (along.abs() - reach) / length;
        // A gap that is not a number never replaces one that is (and, first, stays: nothing
        // is proven from it, see `Pair::decide`).
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
    pub(super) fn max(self, other: Gap<R>) -> Gap<R> {
        match (self.axis, other.axis) {
            (Some(_), Some(_)) if other.gap > self.gap => other,
            (None, _) => other,
            _ => self,
        }
    }
}
