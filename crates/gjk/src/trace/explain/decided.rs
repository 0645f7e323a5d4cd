//! What decided a run's stop, in words: the setting, the named threshold, or an exact
//! comparison.

use crate::trace::{EpaStop as E, GjkStop as G, Shortcut as S, Termination};

impl Termination {
    /// What decided the stop, in words: the setting a user tunes ([`crate::config`]), the
    /// internal threshold of [`crate::config::thresholds`] (its name and size), or neither (an
    /// exact comparison). `boolean`: the run was boolean GJK's, whose collapsed simplex is
    /// judged by a threshold, where the distance algorithms' is a closest point that is not a
    /// finite number.
    pub fn decided_by(&self, boolean: bool) -> &'static str {
        match self {
            Termination::Gjk(stop) => match stop {
                G::GapBelowTolerance { .. } => "the setting rel_tolerance",
                G::DistanceBelowTolerance { .. } => "the setting abs_tolerance",
                G::MaxIterations { .. } => "the setting max_iterations",
                G::DegenerateSimplex { .. } if boolean => "the threshold collapsed, 64ε",
                G::DegenerateSimplex { .. } => {
                    "no threshold: the closest point is not a finite number"
                }
                G::ZeroDirection { .. } => "the threshold collapsed, 64ε of its scale",
                G::IntersectionFound { .. }
                | G::RepeatedSupport { .. }
                | G::NotDecreasing { .. }
                | G::NotPastOrigin { .. } => "no threshold: an exact comparison",
            },
            Termination::Epa(stop) => match stop {
                E::Converged { .. } => "the setting epa_tolerance (never below abs_tolerance)",
                E::Budget { .. } => "the setting epa_max_iterations",
                E::NoProgress { .. } => "the threshold epa_sees, 16ε(1 + ‖w‖)",
                E::Flat { .. } => "the threshold epa_tiny, 1000ε",
            },
            Termination::Shortcut(stop) => match stop {
                S::SeparatingAxis { .. } => "the threshold support_rounding, 8ε · reach",
                S::SharedPoint { .. } => "the setting abs_tolerance, with boxes_touching",
                S::ClosedForm { .. } => "no threshold: an exact comparison",
            },
        }
    }
}
