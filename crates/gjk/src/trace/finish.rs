//! How a run ends: the termination test that fired, the outcome, what it proved (the
//! certificate), and for rounded shapes how the radii turned the cores' answer into the shapes'.

use super::explain::fmt_num;
use super::{EpaStop, GjkStop, Termination};
use crate::config::Precision;
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// How deep two intersecting shapes overlap and which way to push them apart.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Penetration {
    /// Translating B by `depth · normal` makes the shapes touch.
    pub depth: f64,
    /// Unit direction from A to B.
    pub normal: DVec3,
    /// The point of A deepest in B (`point_a − point_b = depth · normal`).
    pub point_a: DVec3,
    /// The point of B deepest in A.
    pub point_b: DVec3,
    /// Proven bounds on the depth, `[lower, upper]`: no translation of B shorter than `lower`
    /// separates the shapes (the origin is that deep in the polytope EPA built inside
    /// `A ⊖ B`), and translating B by `upper · normal` does (the support plane along
    /// `normal`). `None` where nothing finite was proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_bounds: Option<[f64; 2]>,
    /// The depth is proven to EPA's tolerance: the bounds are no wider than its convergence
    /// test allows (plus the rounding of the support points).
    #[serde(default)]
    pub certified: bool,
}

/// The answer of a run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// The shapes overlap or touch.
    Intersecting,
    /// Distance GJK: the shapes are apart by `distance`, realised by `point_a` and `point_b`.
    Separated {
        /// The distance between the shapes.
        distance: f64,
        /// The point of A nearest B.
        point_a: DVec3,
        /// The point of B nearest A.
        point_b: DVec3,
    },
    /// Boolean GJK: a separating plane was found (no distance is computed).
    Disjoint,
    /// The algorithm stopped without being able to decide (boolean GJK on a degenerate case).
    Undecided,
}

impl Outcome {
    /// The distance the algorithm arrived at (its upper bound `‖v‖`); whether it is proven is
    /// the [`Certificate`]'s to say.
    pub fn distance(&self) -> Option<f64> {
        match self {
            Outcome::Separated { distance, .. } => Some(*distance),
            _ => None,
        }
    }
}

/// What a run proved, as opposed to what it arrived at.
///
/// The distance algorithms hold two bounds at every step (van den Bergen; Ericson §4): any
/// point `v` of `A ⊖ B` gives `dist ≤ ‖v‖`, and the support point `w` furthest along `−v` gives
/// the plane `{x : v·x = v·w}` with all of `A ⊖ B` on its far side, so `dist ≥ v·w / ‖v‖`. Both
/// are computed again in f64 from the witness points, less a rounding allowance for the working
/// precision's support points (`8ε` of the bodies' reach; `5ε` for an unturned box or point cloud
/// in f32), so an f32 run's bounds hold for the true shapes.
///
/// ```text
///   intersecting = true    a tetrahedron of A ⊖ B encloses the origin, or the upper bound is at
///                          most abs_tolerance (touching, as the configuration defines it)
///   intersecting = false   a separating plane with a positive lower bound
///   intersecting = null    neither: the run stopped on rounding, a cap or a degeneracy first
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Certificate {
    /// Proven overlap or contact, proven separation, or `None` when not proven either way.
    pub intersecting: Option<bool>,
    /// The whole answer is proven: the verdict, and for a separated pair the distance to the
    /// relative tolerance (the gap test passed).
    pub certified: bool,
    /// `[lower, upper]`: proven bounds on the distance between the shapes.
    pub distance_bounds: [f64; 2],
    /// For a separation proven but not to the tolerance: why the working precision could not
    /// do better at this size ([`PrecisionLimit`]); `None` everywhere else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<PrecisionLimit>,
}

impl Certificate {
    /// A tetrahedron encloses the origin: overlap is proven, the distance is 0.
    pub const ENCLOSED: Certificate = Certificate {
        intersecting: Some(true),
        certified: true,
        distance_bounds: [0.0, 0.0],
        limit: None,
    };
}

/// A separation proven to the working precision's limit, not to the tolerance.
///
/// GJK's gap test asks `‖v‖² − v·w ≤ rel · ‖v‖²`. Both sides are made of support points, each
/// off by up to the [`rounding`](Self::rounding) of numbers of the bodies' size, so the gap
/// itself is known only to about `rounding · ‖v‖`: when `rel · ‖v‖` is smaller than the rounding
/// the test asks for more than the precision resolves, and the run ends on rounding instead (a
/// repeated support point, or a `‖v‖` that no longer shrinks). An f32 capture of a box 0.0041
/// above a floor 5 m wide: the tolerance asks for 4e-8, each support point rounds by up to
/// 5e-6. The bounds are still proven; the distance is as sharp as they are, and no sharper.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PrecisionLimit {
    /// The precision the run worked in.
    pub precision: Precision,
    /// How far a support point may be off by rounding at this size (the bounds' allowance).
    pub rounding: f64,
    /// What the tolerance asked the distance to be known to: `rel_tolerance · upper`.
    pub asked: f64,
}

impl PrecisionLimit {
    /// The limit of `certificate`, for a run stopped by `termination` whose support points are
    /// rounded by up to `rounding` in `precision`: `Some` only for a proven separation, not
    /// certified, whose run ended on rounding where what the tolerance asks,
    /// `rel_tolerance · upper`, is finer than that rounding. A cap, a degeneracy, or a
    /// tolerance the precision could have met stays plainly not certified.
    #[inline]
    pub fn judge(
        certificate: &Certificate,
        termination: Termination,
        rel_tolerance: f64,
        rounding: f64,
        precision: Precision,
    ) -> Option<Self> {
        let on_rounding = matches!(
            termination,
            Termination::Gjk(GjkStop::RepeatedSupport { .. } | GjkStop::NotDecreasing { .. })
        );
        let asked = rel_tolerance * certificate.distance_bounds[1];
        let apart = certificate.intersecting == Some(false) && !certificate.certified;
        (apart && on_rounding && asked < rounding).then_some(Self {
            precision,
            rounding,
            asked,
        })
    }
}

/// A finished run: what ended it and the answer.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Finish {
    /// What the run answers.
    pub outcome: Outcome,
    /// What ended it, with its numbers.
    pub termination: Termination,
    /// What the run proved about `outcome`.
    pub certificate: Certificate,
    /// GJK iterations.
    pub iterations: u32,
    /// For an intersecting pair, when EPA ran: the depth, normal and contact points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penetration: Option<Penetration>,
    /// What ended EPA, and after how many of its iterations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epa_termination: Option<EpaStop>,
    #[serde(default)]
    /// EPA's iterations (0 when EPA did not run).
    pub epa_iterations: u32,
    /// With `radii: split` on rounded shapes: the cores' answer and how the radii changed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radii: Option<CoreRadii>,
}

impl Finish {
    /// The same answer with both bodies moved by `by`: its points move, its numbers do not.
    pub fn moved(mut self, by: DVec3) -> Self {
        self.move_by(by);
        self
    }

    /// [`Self::moved`], in place.
    pub fn move_by(&mut self, by: DVec3) {
        if let Outcome::Separated {
            point_a, point_b, ..
        } = &mut self.outcome
        {
            *point_a += by;
            *point_b += by;
        }
        if let Some(p) = &mut self.penetration {
            p.point_a += by;
            p.point_b += by;
        }
    }

    /// The end of a GJK run, before any EPA.
    pub fn gjk(
        outcome: Outcome,
        termination: impl Into<Termination>,
        certificate: Certificate,
        iterations: u32,
    ) -> Self {
        Finish {
            outcome,
            termination: termination.into(),
            certificate,
            iterations,
            penetration: None,
            epa_termination: None,
            epa_iterations: 0,
            radii: None,
        }
    }

    /// Proven overlap (`Some(true)`), proven separation (`Some(false)`), or not proven.
    pub fn intersecting(&self) -> Option<bool> {
        self.certificate.intersecting
    }

    /// The depth is proven: EPA's bounds are as tight as its tolerance *and* the overlap itself
    /// is proven. Bounds of [0, 1.5e-6] on a pair that may be 1e-7 apart (gallery 11 at an
    /// absolute tolerance of 7.9e-7) bound the depth, but prove no overlap to measure.
    pub fn depth_proven(&self) -> bool {
        self.penetration.is_some_and(|p| p.certified) && self.certificate.intersecting == Some(true)
    }
}

/// How a run on the cores became the shapes' answer.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CoreRadii {
    /// The radius around A's core: a sphere's or capsule's radius plus the body's margin.
    pub radius_a: f64,
    /// The radius around B's core.
    pub radius_b: f64,
    /// What GJK proved about the distance between the cores.
    pub core_distance_bounds: [f64; 2],
    /// Which of the three ways the radii turned the cores' answer.
    pub case: CoreCase,
    /// The shapes' number the answer gives: their distance when apart, their depth when they
    /// overlap (what `query` prints, so that the words say it too).
    #[serde(default)]
    pub answer: f64,
}

/// Which way the radii decided the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoreCase {
    /// The cores are apart by more than the radii: the shapes are apart by the difference.
    Apart,
    /// The cores are apart by less than the radii: the shapes overlap by the rest, exactly,
    /// with no EPA.
    Shallow,
    /// The cores themselves overlap: EPA ran on the cores, and the radii add to its depth.
    CoresOverlap,
}

impl CoreRadii {
    /// `r = r_A + r_B`.
    pub fn total(&self) -> f64 {
        self.radius_a + self.radius_b
    }

    /// What the radii did, in plain words with the numbers.
    pub fn describe(&self) -> String {
        let [lo, hi] = self.core_distance_bounds;
        let r = self.total();
        let radii = format!(
            "the radii add up to {} + {} = {}",
            fmt_num(self.radius_a),
            fmt_num(self.radius_b),
            fmt_num(r)
        );
        let cores = if fmt_num(lo) == fmt_num(hi) {
            format!("the cores are {} apart", fmt_num(hi))
        } else {
            format!(
                "the cores are between {} and {} apart",
                fmt_num(lo),
                fmt_num(hi)
            )
        };
        match self.case {
            CoreCase::Apart => format!(
                "Radii added back: {cores} and {radii}, so the shapes are apart by the cores' distance less r, along the same line: {}.",
                fmt_num(self.answer)
            ),
            CoreCase::Shallow => format!(
                "Radii added back: {cores}, less than the radii ({radii}), so the shapes overlap by r − d = {} along the line between the cores' closest points: exact, with no EPA.",
                fmt_num(self.answer)
            ),
            CoreCase::CoresOverlap => format!(
                "Radii added back: the cores themselves overlap, so EPA ran on the cores; {radii}, which add to EPA's depth along its normal: the shapes overlap by {}.",
                fmt_num(self.answer)
            ),
        }
    }
}
