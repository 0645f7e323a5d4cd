//! What every solver offers — the GJK variants and EPA alike: one iteration at a time, or the
//! whole run; and how the two GJK variants build an iteration's record (`Asked::step`).

use crate::real::{Real, Vector};
use crate::shape::cso::CsoPoint;
use crate::simplex::{Recorded, record_vertex};
use crate::trace::{
    Certificate, Feature, Few, Momentum, NoTrace, Observer, Phase, Quantities, Recorder, Step,
    Termination,
};
use glam::DVec3;

/// What a GJK iteration asked for: its direction, the support point found along it, and how
/// many points the simplex had when it started (the simplex itself is the candidate's first
/// ones).
pub(crate) struct Asked<R: Real> {
    pub d: R::V,
    pub w: CsoPoint<R>,
    pub before: usize,
}

impl<R: Real> Asked<R> {
    /// The record of the iteration that asked: its number, what it asked, its candidate simplex
    /// (moved out of `candidate`) and what it found, with the simplex it kept as positions in
    /// the candidate (`found.kept`). Built in one piece, where it is returned: a step is a large
    /// record, and one built and then amended is copied once more.
    #[inline(always)]
    pub fn step(
        &self,
        iteration: u32,
        phase: Phase,
        candidate: &mut Recorded,
        found: Found<'_, R>,
    ) -> Step {
        Step {
            iteration,
            phase,
            direction: self.d.to_f64(),
            support: record_vertex(&self.w),
            kept: found.kept,
            candidate: std::mem::take(&mut candidate.points),
            before: self.before,
            names: Few::new(),
            feature: found.feature,
            closest: found.closest,
            weights: found.weights.iter().map(|w| w.to_f64()).collect(),
            next_direction: found.next_direction,
            quantities: found.quantities,
            termination: found.termination,
            certificate: found.certificate,
            cores: None,
            radii: None,
            momentum: found.momentum,
        }
    }
}

/// The slots whose bit is set in `mask` (a simplex's points, by where they stand), in order.
#[inline]
pub(crate) fn slots(mask: u8) -> Few<u8> {
    let mut slots = Few::new();
    for slot in 0..4 {
        if mask & (1 << slot) != 0 {
            slots.push(slot);
        }
    }
    slots
}

/// The mask of a simplex's first `n` points (a simplex has at most four).
#[inline]
pub(crate) fn first(n: usize) -> u8 {
    debug_assert!(n <= 4, "a simplex has at most four points");
    (1u8 << n.min(4)) - 1
}

/// What a GJK iteration found, for its record (see [`Step`] for each field; the weights in the
/// working precision, as the solver keeps them).
pub(crate) struct Found<'w, R: Real> {
    pub kept: Few<u8>,
    pub feature: Option<Feature>,
    pub closest: Option<DVec3>,
    pub weights: &'w [R],
    pub next_direction: Option<DVec3>,
    pub quantities: Quantities,
    pub termination: Option<Termination>,
    pub certificate: Option<Certificate>,
    pub momentum: Option<Momentum>,
}

/// A solver that runs one iteration per [`Steppable::advance`] and records it as a [`Step`].
pub trait Steppable {
    /// What a finished run answers: a GJK [`crate::Finish`], EPA's [`crate::epa::EpaFinish`].
    type Finish: Copy;

    /// One iteration, handing its record to `observer`. Returns whether the run has ended
    /// (then [`Steppable::finish`] holds its result); does nothing once it has.
    fn advance<O: Observer>(&mut self, observer: &mut O) -> bool;

    /// The result where the solver keeps it, once an iteration has ended the run.
    fn ended(&self) -> Option<&Self::Finish>;

    /// The result, once an iteration has ended the run.
    fn finish(&self) -> Option<Self::Finish> {
        self.ended().copied()
    }

    /// Runs one iteration, records it in `recorder` and returns the record, or `None` if the
    /// run had already ended. Step a run with one recorder: its earlier steps name the new
    /// one's points (a point keeps its name while it stays, see [`Recorder`]).
    fn step<'r>(&mut self, recorder: &'r mut Recorder) -> Option<&'r Step> {
        let before = recorder.steps.len();
        self.advance(recorder);
        recorder.steps.get(before)
    }

    /// Runs to the end (or returns the result of a run that has ended), handing every step to
    /// `observer`.
    fn run_traced<O: Observer>(&mut self, observer: &mut O) -> Self::Finish {
        // The finish is built where the solver keeps it and read from there once, when the
        // run has ended: no iteration copies the finish, a large record, on its way out.
        loop {
            if self.advance(observer)
                && let Some(f) = self.ended()
            {
                return *f;
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
