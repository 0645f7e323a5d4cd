//! What an EPA iteration records, for the polytope and the polygon alike: its polytope (or
//! polygon), the support point it found, the face (or edge) the closest point is read from with
//! its weights, and the convergence test's numbers.

use crate::real::Real;
use crate::shape::cso::CsoPoint;
use crate::simplex::record_vertex;
use crate::trace::{EpaRecord, EpaStop, Few, Phase, Quantities, SimplexVertex, Step};

/// What an EPA iteration looked at besides its polytope (or polygon): the support point, the
/// face (or edge) the closest point is read from with its weights, and the test's numbers.
pub(super) struct Looked<R: Real> {
    pub(super) w: CsoPoint<R>,
    pub(super) shown: Few<SimplexVertex>,
    pub(super) closest: glam::DVec3,
    pub(super) weights: Few<f64>,
    pub(super) gap: R,
    pub(super) threshold: R,
    pub(super) abs_tolerance: R,
}

impl<R: Real> Looked<R> {
    /// The iteration's step: its polytope `record`, what it looked at, how it ended.
    pub(super) fn step(
        self,
        iteration: u32,
        record: EpaRecord,
        termination: Option<EpaStop>,
    ) -> Step {
        let (normal, distance) = (record.normal, record.distance);
        Step {
            iteration,
            phase: Phase::Epa(Box::new(record)),
            direction: normal,
            support: record_vertex(&self.w),
            before: self.shown.len(),
            kept: (0..self.shown.len().min(4) as u8).collect(),
            candidate: self.shown,
            names: Few::new(),
            feature: None,
            closest: Some(self.closest),
            weights: self.weights,
            next_direction: None,
            quantities: Quantities {
                v_norm: Some(distance),
                gap: Some(self.gap.to_f64()),
                gap_threshold: Some(self.threshold.to_f64()),
                abs_threshold: Some(self.abs_tolerance.to_f64()),
                support_dot_direction: None,
            },
            termination: termination.map(Into::into),
            certificate: None,
            cores: None,
            radii: None,
            momentum: None,
        }
    }
}
