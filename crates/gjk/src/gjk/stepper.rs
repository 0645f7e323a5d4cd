//! What every solver offers — the GJK variants and EPA alike: one iteration at a time, or the
//! whole run.

use crate::real::Real;
use crate::shape::cso::CsoPoint;
use crate::trace::{NoTrace, Observer, Recorder, Step};

/// What a GJK iteration asked for: its direction, the support point found along it, and how
/// many points the simplex had when it started (the simplex itself is the candidate's first
/// ones).
pub(crate) struct Asked<R: Real> {
    pub d: R::V,
    pub w: CsoPoint<R>,
    pub before: usize,
}

/// A solver that runs one iteration per [`Steppable::advance`] and records it as a [`Step`].
pub trait Steppable {
    /// What a finished run answers: a GJK [`crate::Finish`], EPA's [`crate::epa::EpaFinish`].
    type Finish: Copy;

    /// One iteration, handing its record to `observer`. Returns the finish when this iteration
    /// ended the run; does nothing once the run has ended.
    fn advance<O: Observer>(&mut self, observer: &mut O) -> Option<Self::Finish>;

    /// The result, once an iteration has ended the run.
    fn finish(&self) -> Option<Self::Finish>;

    /// Runs one iteration and returns its record, or `None` if the run had already ended.
    fn step(&mut self) -> Option<Step> {
        let mut one = Recorder::default();
        self.advance(&mut one);
        one.steps.pop()
    }

    /// Runs to the end (or returns the result of a run that has ended), handing every step to
    /// `observer`.
    fn run_traced<O: Observer>(&mut self, observer: &mut O) -> Self::Finish {
        loop {
            // The iteration that ends the run hands its finish back: taken from there, it is
            // not copied out of the solver again. Only a run that had ended before this call
            // reads its finish here, and only once it is known to be there: read on every
            // iteration, the 312-byte finish was copied out before its presence was tested
            // (a `memcpy` an iteration, 5% of a cylinder–cone query's instructions).
            if let Some(f) = self.advance(observer) {
                return f;
            }
            if self.finish().is_some()
                && let Some(f) = self.finish()
            {
                return f;
            }
        }
    }

    /// Runs to the end without recording.
    fn run(mut self) -> Self::Finish
    where
        Self: Sized,
    {
        self.run_traced(&mut NoTrace)
    }
}
