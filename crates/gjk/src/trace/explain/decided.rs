//! What decided a run's stop, in words: the setting, the named threshold, or an exact
//! comparison.

use crate::trace::Termination;

impl Termination {
    /// What decided the stop, in words: the setting a user tunes ([`crate::config`]), the
    /// internal threshold of [`crate::config::thresholds`] (its name and size), or neither (an
    /// exact comparison). `boolean`: the run was boolean GJK's, whose collapsed simplex is
    /// judged by a threshold, where the distance algorithms' is a closest point that is not a
    /// finite number.
    pub fn decided_by(&self, boolean: bool) -> &'static str {
        use Termination as T;
        match self {
            T::GapBelowTolerance { .. } => "the setting rel_tolerance",
            T::DistanceBelowTolerance { .. } => "the setting abs_tolerance",
            T::MaxIterations { .. } => "the setting max_iterations",
            T::EpaConverged { .. } => "the setting epa_tolerance (never below abs_tolerance)",
            T::EpaBudget { .. } => "the setting epa_max_iterations",
            T::EpaNoProgress { .. } => "the threshold epa_sees, 16ε(1 + ‖w‖)",
            T::EpaFlat { .. } => "the threshold epa_tiny, 1000ε",
            T::DegenerateSimplex { .. } if boolean => "the threshold collapsed, 64ε",
            T::DegenerateSimplex { .. } => "no threshold: the closest point is not a finite number",
            T::ZeroDirection { .. } => "the threshold collapsed, 64ε of its scale",
            T::SeparatingAxis { .. } => "the threshold support_rounding, 8ε · reach",
            T::SharedPoint { .. } => "the setting abs_tolerance, with boxes_touching",
            T::IntersectionFound { .. }
            | T::RepeatedSupport { .. }
            | T::NotDecreasing { .. }
            | T::NotPastOrigin { .. }
            | T::ClosedForm { .. } => "no threshold: an exact comparison",
        }
    }
}
