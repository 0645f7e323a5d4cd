//! Why a run stopped, typed by the solver that stopped it: GJK (distance or boolean), EPA, or
//! a shortcut that answered at once (a closed form, two boxes' separating axes). An EPA finish
//! holds an [`EpaStop`], so it cannot hold a GJK stop; a step's stop may be any of the three.
//!
//! In JSON every stop is one object tagged by its `kind` (`gap_below_tolerance`,
//! `epa_converged`, `closed_form`, …), the name `expect.termination` reads.

use serde::{Deserialize, Serialize};

/// Why a run stopped, with the numbers that decided it: the solver's own stop.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Termination {
    /// GJK stopped (distance or boolean).
    Gjk(GjkStop),
    /// EPA stopped.
    Epa(EpaStop),
    /// A shortcut answered at once, with no iteration to stop.
    Shortcut(Shortcut),
}

/// Why GJK stopped (the distance algorithms and boolean GJK).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GjkStop {
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
}

/// Why EPA stopped.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum EpaStop {
    /// The support point along the closest face's normal gets no further than the face
    /// (`w·n − distance ≤ tolerance`), so the face is on the boundary: its distance is the depth.
    #[serde(rename = "epa_converged")]
    Converged {
        /// `w·n − distance`: how far the support point got beyond the closest face.
        gap: f64,
        /// The tolerance it fell under.
        threshold: f64,
        /// The closest face's distance: the depth.
        depth: f64,
    },
    /// The support point is already a vertex, or sees no face; the closest face is kept.
    #[serde(rename = "epa_no_progress")]
    NoProgress {
        /// The closest face's distance, kept as the depth.
        depth: f64,
    },
    /// `A ⊖ B` has no volume around the origin (flat), so no tetrahedron can be grown.
    #[serde(rename = "epa_flat")]
    Flat {
        /// The shape measure of the points EPA could grow, near 0.
        measure: f64,
    },
    /// The iteration budget ran out; the closest face found so far is returned.
    #[serde(rename = "epa_budget")]
    Budget {
        /// EPA's iterations run.
        iterations: u32,
        /// The closest face's distance when the budget ran out.
        depth: f64,
        /// Its last gap to the support point beyond it.
        gap: f64,
    },
}

/// How a shortcut answered at once, with no iteration.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shortcut {
    /// The cores are points or segments (or one is, and the other a triangle), and their
    /// distance was computed in closed form (see
    /// [`crate::gjk::closed`]).
    ClosedForm {
        /// The cores' distance.
        distance: f64,
    },
    /// Two boxes asked only whether they overlap: of their separating axes, the one with the
    /// widest gap between their shadows, proven by the support point along it (see
    /// [`crate::gjk::boxes`]).
    SeparatingAxis {
        /// The gap between the two boxes' shadows on the axis, as worked out.
        gap: f64,
    },
    /// Two boxes asked only whether they overlap: a point of each, proven inside its box, no
    /// further apart than the absolute tolerance (see [`crate::gjk::boxes`]).
    SharedPoint {
        /// The two points' distance, an upper bound on the boxes' (0: one point in both).
        apart: f64,
    },
}

impl From<GjkStop> for Termination {
    fn from(stop: GjkStop) -> Self {
        Termination::Gjk(stop)
    }
}

impl From<EpaStop> for Termination {
    fn from(stop: EpaStop) -> Self {
        Termination::Epa(stop)
    }
}

impl From<Shortcut> for Termination {
    fn from(stop: Shortcut) -> Self {
        Termination::Shortcut(stop)
    }
}

impl Termination {
    /// Whether the answer came at once, with no iteration to stop: a closed form, or two
    /// boxes' separating-axis test.
    pub fn answered_at_once(&self) -> bool {
        matches!(self, Termination::Shortcut(_))
    }

    /// Every kind's name, GJK's stops first, then EPA's, then the shortcuts'.
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

    /// The kind's place in [`Termination::NAMES`]; the matches are exhaustive, so a new kind
    /// cannot be added without a name (and a test checks each name against serde's tag).
    fn index(&self) -> usize {
        match self {
            Termination::Gjk(stop) => match stop {
                GjkStop::IntersectionFound { .. } => 0,
                GjkStop::GapBelowTolerance { .. } => 1,
                GjkStop::DistanceBelowTolerance { .. } => 2,
                GjkStop::RepeatedSupport { .. } => 3,
                GjkStop::NotDecreasing { .. } => 4,
                GjkStop::DegenerateSimplex { .. } => 5,
                GjkStop::ZeroDirection { .. } => 6,
                GjkStop::NotPastOrigin { .. } => 7,
                GjkStop::MaxIterations { .. } => 8,
            },
            Termination::Epa(stop) => match stop {
                EpaStop::Converged { .. } => 9,
                EpaStop::NoProgress { .. } => 10,
                EpaStop::Flat { .. } => 11,
                EpaStop::Budget { .. } => 12,
            },
            Termination::Shortcut(stop) => match stop {
                Shortcut::ClosedForm { .. } => 13,
                Shortcut::SeparatingAxis { .. } => 14,
                Shortcut::SharedPoint { .. } => 15,
            },
        }
    }
}

impl EpaStop {
    /// The snake_case name used in JSON output (and in `expect.epa_termination`).
    pub fn name(&self) -> &'static str {
        Termination::Epa(*self).name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of every kind, in the order of [`Termination::NAMES`].
    fn every_kind() -> [Termination; 16] {
        use EpaStop as E;
        use GjkStop as G;
        [
            G::IntersectionFound { iteration: 1 }.into(),
            G::GapBelowTolerance {
                gap: 0.0,
                threshold: 0.0,
                distance: 1.0,
            }
            .into(),
            G::DistanceBelowTolerance {
                v_norm: 0.0,
                threshold: 0.0,
            }
            .into(),
            G::RepeatedSupport {
                vertex: 0,
                distance: 1.0,
            }
            .into(),
            G::NotDecreasing {
                previous: 1.0,
                current: 1.0,
            }
            .into(),
            G::DegenerateSimplex {
                size: 3,
                measure: 0.0,
            }
            .into(),
            G::ZeroDirection { iteration: 1 }.into(),
            G::NotPastOrigin { dot: 0.0 }.into(),
            G::MaxIterations {
                iterations: 1,
                v_norm: None,
            }
            .into(),
            E::Converged {
                gap: 0.0,
                threshold: 0.0,
                depth: 1.0,
            }
            .into(),
            E::NoProgress { depth: 1.0 }.into(),
            E::Flat { measure: 0.0 }.into(),
            E::Budget {
                iterations: 1,
                depth: 1.0,
                gap: 0.0,
            }
            .into(),
            Shortcut::ClosedForm { distance: 1.0 }.into(),
            Shortcut::SeparatingAxis { gap: 1.0 }.into(),
            Shortcut::SharedPoint { apart: 0.0 }.into(),
        ]
    }

    #[test]
    fn every_termination_is_named_as_serde_writes_it_and_read_back_as_its_solvers() {
        for (i, t) in every_kind().iter().enumerate() {
            assert_eq!(t.index(), i, "{t:?} is out of order");
            let json = serde_json::to_value(t).unwrap();
            assert_eq!(json["kind"], t.name(), "{t:?}");
            let back: Termination = serde_json::from_value(json).unwrap();
            assert_eq!(back, *t, "{} read back as another solver's stop", t.name());
        }
    }
}
