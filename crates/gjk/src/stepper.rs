//! What every GJK variant offers: one iteration at a time, or the whole run.

use crate::trace::{Finish, NoTrace, Observer, Recorder, Step};

/// A solver that runs one iteration per [`Steppable::advance`] and records it as a [`Step`].
pub trait Steppable {
    /// One iteration, handing its record to `observer`. Returns the finish when this iteration
    /// ended the run; does nothing once the run has ended.
    fn advance<O: Observer>(&mut self, observer: &mut O) -> Option<Finish>;

    /// The result, once an iteration has ended the run.
    fn finish(&self) -> Option<Finish>;

    /// Runs one iteration and returns its record, or `None` if the run had already ended.
    fn step(&mut self) -> Option<Step> {
        let mut one = Recorder::default();
        self.advance(&mut one);
        one.steps.pop()
    }

    /// Runs to the end (or returns the result of a run that has ended), handing every step to
    /// `observer`.
    fn run_traced<O: Observer>(&mut self, observer: &mut O) -> Finish {
        loop {
            if let Some(f) = self.finish() {
                return f;
            }
            self.advance(observer);
        }
    }

    /// Runs to the end without recording.
    fn run(mut self) -> Finish
    where
        Self: Sized,
    {
        self.run_traced(&mut NoTrace)
    }
}
