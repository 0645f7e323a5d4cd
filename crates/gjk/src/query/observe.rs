//! The observers a query wraps round the caller's: one that moves steps back from the frame
//! they were solved in, one that holds the last step until the answer is known.

use crate::trace::{Finish, Observer, SimplexCache, Step};
use glam::DVec3;

/// Hands every step on with both bodies moved back by `by` (see [`query`]'s frame).
pub(super) struct Shifted<'o, O> {
    pub(super) inner: &'o mut O,
    pub(super) by: DVec3,
}

impl<O: Observer> Observer for Shifted<'_, O> {
    const ENABLED: bool = O::ENABLED;

    fn on_step(&mut self, step: Step) {
        self.inner.on_step(step.moved(self.by));
    }

    /// The cache's points are in the bodies' own frames, which the shift does not move.
    fn on_cache(&mut self, cache: impl FnOnce() -> SimplexCache) {
        self.inner.on_cache(cache);
    }

    fn discard(&mut self) {
        self.inner.discard();
    }
}

/// Holds back the latest step, so that the trace's last step carries the answer's certificate
/// (and, on cores, how the radii turned it): the words that end a trace say what the answer
/// says, never what one phase proved before the next one (EPA, the radii) changed it.
pub(super) struct Answered<'o, O> {
    pub(super) inner: &'o mut O,
    pub(super) held: Option<Step>,
}

impl<O: Observer> Answered<'_, O> {
    pub(super) fn end(self, finish: &Finish) {
        if let Some(mut last) = self.held {
            last.certificate = Some(finish.certificate);
            last.radii = finish.radii;
            self.inner.on_step(last);
        }
    }
}

impl<O: Observer> Observer for Answered<'_, O> {
    const ENABLED: bool = O::ENABLED;

    fn on_step(&mut self, step: Step) {
        if let Some(mut earlier) = self.held.replace(step) {
            // What a phase proved is said once, by the answer, on the last step.
            earlier.certificate = None;
            self.inner.on_step(earlier);
        }
    }

    fn on_cache(&mut self, cache: impl FnOnce() -> SimplexCache) {
        self.inner.on_cache(cache);
    }

    fn discard(&mut self) {
        self.held = None;
        self.inner.discard();
    }
}
