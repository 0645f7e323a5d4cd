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
            T::GapBelowTolerance { .. } => {
                "the setting rel_tolerance (the gap against rel_tolerance · ‖v‖²)"
            }
            T::DistanceBelowTolerance { .. } => "the setting abs_tolerance",
            T::MaxIterations { .. } => "the setting max_iterations",
            T::EpaConverged { .. } => {
                "the setting epa_tolerance (relative to the depth, never below abs_tolerance)"
            }
            T::EpaBudget { .. } => "the setting epa_max_iterations",
            T::EpaNoProgress { .. } => {
                "the threshold epa_sees, 16ε(1 + ‖w‖): no face sees the new point by more"
            }
            T::EpaFlat { .. } => {
                "the threshold epa_tiny, 1000ε: the points EPA could grow enclose no volume"
            }
            T::DegenerateSimplex { .. } if boolean => {
                "the threshold collapsed, 64ε: the simplex's shape measure is below it"
            }
            T::DegenerateSimplex { .. } => {
                "no threshold: the collapsed simplex's closest point is not a finite number"
            }
            T::ZeroDirection { .. } => "the threshold collapsed, 64ε of the direction's scale",
            T::SeparatingAxis { .. } => {
                "the threshold support_rounding, 8ε · reach: the gap is proven beyond it"
            }
            T::SharedPoint { .. } => {
                "the setting abs_tolerance, read with boxes_touching (16 support roundings in f64)"
            }
            T::IntersectionFound { .. }
            | T::RepeatedSupport { .. }
            | T::NotDecreasing { .. }
            | T::NotPastOrigin { .. }
            | T::ClosedForm { .. } => "no threshold: an exact comparison",
        }
    }
}
