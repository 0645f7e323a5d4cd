//! How a run ends: the termination test that fired, the outcome, what it proved (the
//! certificate), and for rounded shapes how the radii turned the cores' answer into the shapes'.

use super::explain::fmt_num;
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

/// Why a run stopped, with the numbers that decided it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Termination {
    /// The simplex encloses the origin (a tetrahedron around it).
    IntersectionFound {
        /// The iteration whose simplex enclosed the origin.
        iteration: u32,
    },
    /// `‖v‖² − v·w ≤ rel_tolerance · ‖v‖²`: `v` is as close as the tolerance asks.
    GapBelowTolerance {
        /// `‖v‖² − v·w`: how much the last support point improved on `v`.
        gap: f64,
        /// `rel_tolerance · ‖v‖²`, the bound the gap fell under.
        threshold: f64,
        /// `‖v‖`: the distance the run stopped at.
        distance: f64,
    },
    /// `‖v‖ ≤ abs_tolerance`: the origin is (numerically) on the difference; touching.
    DistanceBelowTolerance {
        /// `‖v‖` when the test fired.
        v_norm: f64,
        /// The absolute tolerance it fell under.
        threshold: f64,
    },
    /// The new support point is already a simplex vertex: nothing new can be learned.
    RepeatedSupport {
        /// The simplex vertex the support point repeated.
        vertex: usize,
        /// `‖v‖`, the distance the run stopped at.
        distance: f64,
    },
    /// `‖v‖` did not decrease (rounding has taken over); the previous `v` is kept.
    NotDecreasing {
        /// `‖v‖` before the iteration.
        previous: f64,
        /// `‖v‖` the iteration found (not smaller).
        current: f64,
    },
    /// The simplex collapsed (zero length, area or volume) and the algorithm cannot choose a side.
    DegenerateSimplex {
        /// How many points the collapsed simplex had.
        size: usize,
        /// Its shape measure (length, sine or normalised volume), near 0.
        measure: f64,
    },
    /// Boolean GJK: the search direction became zero (the origin lies exactly on the simplex).
    ZeroDirection {
        /// The iteration whose direction vanished.
        iteration: u32,
    },
    /// Boolean GJK: the new support point did not get past the origin, so a separating plane exists.
    NotPastOrigin {
        /// `w·d`: the support point's reach along the search direction, below 0.
        dot: f64,
    },
    /// The cap was hit; the last answer is returned but not certified.
    MaxIterations {
        /// The iterations run.
        iterations: u32,
        /// `‖v‖` at the cap, for the distance algorithms.
        v_norm: Option<f64>,
    },
    /// EPA: the support point along the closest face's normal gets no further than the face
    /// (`w·n − distance ≤ tolerance`), so the face is on the boundary: its distance is the depth.
    EpaConverged {
        /// `w·n − distance`: how far the support point got beyond the closest face.
        gap: f64,
        /// The tolerance it fell under.
        threshold: f64,
        /// The closest face's distance: the depth.
        depth: f64,
    },
    /// EPA: the support point is already a vertex, or sees no face; the closest face is kept.
    EpaNoProgress {
        /// The closest face's distance, kept as the depth.
        depth: f64,
    },
    /// EPA: `A ⊖ B` has no volume around the origin (flat), so no tetrahedron can be grown.
    EpaFlat {
        /// The shape measure of the points EPA could grow, near 0.
        measure: f64,
    },
    /// EPA: the iteration budget ran out; the closest face found so far is returned.
    EpaBudget {
        /// EPA's iterations run.
        iterations: u32,
        /// The closest face's distance when the budget ran out.
        depth: f64,
        /// Its last gap to the support point beyond it.
        gap: f64,
    },
    /// The cores are points or segments, and their distance was computed in closed form (see
    /// [`crate::gjk::closed`]): no iteration.
    ClosedForm {
        /// The cores' distance.
        distance: f64,
    },
    /// Two boxes asked only whether they overlap: of their separating axes, the one with the
    /// widest gap between their shadows, proven by the support point along it (see
    /// [`crate::gjk::boxes`]): no iteration.
    SeparatingAxis {
        /// The gap between the two boxes' shadows on the axis, as worked out.
        gap: f64,
    },
    /// Two boxes asked only whether they overlap: a point of each, proven inside its box, no
    /// further apart than the absolute tolerance (see [`crate::gjk::boxes`]): no iteration.
    SharedPoint {
        /// The two points' distance, an upper bound on the boxes' (0: one point in both).
        apart: f64,
    },
}

impl Termination {
    /// Whether the answer came at once, with no iteration to stop: a closed form, or two
    /// boxes' separating-axis test.
    pub fn answered_at_once(&self) -> bool {
        matches!(
            self,
            Termination::ClosedForm { .. }
                | Termination::SeparatingAxis { .. }
                | Termination::SharedPoint { .. }
        )
    }

    /// Every kind's name, in declaration order.
    pub const NAMES: [&'static str; 16] = [
        "intersection_found",
        "gap_below_tolerance",
        "distance_below_tolerance",
        "repeated_support",
        "not_decreasing",
        "degenerate_simplex",
        "zero_direction",
        "not_past_origin",
        "max_iterations",
        "epa_converged",
        "epa_no_progress",
        "epa_flat",
        "epa_budget",
        "closed_form",
        "separating_axis",
        "shared_point",
    ];

    /// The snake_case name used in JSON output (and in `expect`): `NAMES[self.index()]`.
    pub fn name(&self) -> &'static str {
        Self::NAMES[self.index()]
    }

    /// The kind's place in [`Termination::NAMES`]; the match is exhaustive, so a new kind cannot
    /// be added without a name (and a test checks each name against serde's tag).
    fn index(&self) -> usize {
        match self {
            Termination::IntersectionFound { .. } => 0,
            Termination::GapBelowTolerance { .. } => 1,
            Termination::DistanceBelowTolerance { .. } => 2,
            Termination::RepeatedSupport { .. } => 3,
            Termination::NotDecreasing { .. } => 4,
            Termination::DegenerateSimplex { .. } => 5,
            Termination::ZeroDirection { .. } => 6,
            Termination::NotPastOrigin { .. } => 7,
            Termination::MaxIterations { .. } => 8,
            Termination::EpaConverged { .. } => 9,
            Termination::EpaNoProgress { .. } => 10,
            Termination::EpaFlat { .. } => 11,
            Termination::EpaBudget { .. } => 12,
            Termination::ClosedForm { .. } => 13,
            Termination::SeparatingAxis { .. } => 14,
            Termination::SharedPoint { .. } => 15,
        }
    }
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
/// precision's support points (`8ε(‖a‖ + ‖b‖)`), so an f32 run's bounds hold for the true shapes.
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
}

impl Certificate {
    /// A tetrahedron encloses the origin: overlap is proven, the distance is 0.
    pub const ENCLOSED: Certificate = Certificate {
        intersecting: Some(true),
        certified: true,
        distance_bounds: [0.0, 0.0],
    };
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
    pub epa_termination: Option<Termination>,
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
        termination: Termination,
        certificate: Certificate,
        iterations: u32,
    ) -> Self {
        Finish {
            outcome,
            termination,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// One of every kind, in declaration order.
    fn every_kind() -> [Termination; 13] {
        use Termination::*;
        [
            IntersectionFound { iteration: 1 },
            GapBelowTolerance {
                gap: 0.0,
                threshold: 0.0,
                distance: 1.0,
            },
            DistanceBelowTolerance {
                v_norm: 0.0,
                threshold: 0.0,
            },
            RepeatedSupport {
                vertex: 0,
                distance: 1.0,
            },
            NotDecreasing {
                previous: 1.0,
                current: 1.0,
            },
            DegenerateSimplex {
                size: 3,
                measure: 0.0,
            },
            ZeroDirection { iteration: 1 },
            NotPastOrigin { dot: 0.0 },
            MaxIterations {
                iterations: 1,
                v_norm: None,
            },
            EpaConverged {
                gap: 0.0,
                threshold: 0.0,
                depth: 1.0,
            },
            EpaNoProgress { depth: 1.0 },
            EpaFlat { measure: 0.0 },
            EpaBudget {
                iterations: 1,
                depth: 1.0,
                gap: 0.0,
            },
        ]
    }

    #[test]
    fn every_termination_is_named_as_serde_writes_it() {
        for (i, t) in every_kind().iter().enumerate() {
            assert_eq!(t.index(), i, "{t:?} is out of order");
            let json = serde_json::to_value(t).unwrap();
            assert_eq!(json["kind"], t.name(), "{t:?}");
        }
    }
}
