//! What a run leaves behind: one [`Step`] per iteration, the [`Termination`] that ended it and
//! the [`Outcome`]. Plain data in `f64` whatever the working precision, with whole-simplex
//! snapshots (never deltas) so a viewer can jump to any step.
//!
//! The step record is the one data model the app, the CLI and the tests read: [`step`] holds one
//! iteration's record, [`finish`] how a run ended and what it proved, [`explain`] the sentences
//! that tell both in words. The observers ([`Observer`]) are how a solver hands its steps over.
//!
//! May use: [`crate::real`], [`crate::config`], [`crate::shape`]. Plain data: the solvers write
//! it, nothing here calls them.

use serde::Serialize;

pub mod explain;
pub mod finish;
pub mod step;
pub mod stop;

pub use finish::{Certificate, CoreCase, CoreRadii, Finish, Outcome, Penetration, PrecisionLimit};
pub use step::{
    Boundary, EpaRecord, Feature, FeatureKind, Few, HalfSpace, Momentum, MomentumOff, Phase,
    Quantities, SimplexVertex, Step,
};
pub use stop::{EpaStop, GjkStop, Shortcut, Termination};

/// Receives step records: GJK's and EPA's [`Step`]s, or a cast's
/// [`crate::cast::CastStep`]s. The solvers build a record only when `ENABLED` is true, so the
/// [`NoTrace`] observer costs nothing: the branch is a constant and the code is removed.
pub trait Observer<S = Step> {
    /// Whether the solvers build records for this observer at all.
    const ENABLED: bool;
    /// Takes one record.
    fn on_step(&mut self, step: S);

    /// The run's last simplex, to warm-start a run on a nearby pose: `cache` builds it, and an
    /// observer that keeps none never calls it (an untraced query builds no cache).
    #[inline]
    fn on_cache(&mut self, cache: impl FnOnce() -> SimplexCache) {
        let _ = cache;
    }

    /// Every record taken since the query began is void: the query starts again (a static
    /// query whose rounding left its verdict open solves the pair again in a frame that
    /// carries less of it, see [`crate::query::query`]). An observer that keeps records
    /// forgets them; one that passes them on passes this on.
    #[inline]
    fn discard(&mut self) {}
}

/// The observer that records nothing (the hot path).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoTrace;

impl<S> Observer<S> for NoTrace {
    const ENABLED: bool = false;
    fn on_step(&mut self, _step: S) {}
}

/// Collects every step, and names its points as students follow them: a point keeps its name
/// (w₁ … w₄) while it stays in GJK's simplex and from GJK into EPA, and each point EPA adds
/// takes the next name free (w₅, w₆, …).
#[derive(Debug, Clone)]
pub struct Recorder {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The distance algorithms' last simplex (see [`Observer::on_cache`]).
    pub cache: Option<SimplexCache>,
    names: Names,
}

/// The names a step's points are taught by.
///
/// In GJK a point keeps its name (0 = w₁ … 3 = w₄) for as long as it stays in the simplex, and
/// a new point takes the first name no kept point has: students follow "w₃" from step to step,
/// though the points before it may have been dropped. A step's simplex is the one the step
/// before it kept, in its order, so its names are read from that step.
///
/// A point keeps its name from GJK into EPA: EPA's polytope starts from GJK's last simplex, so
/// each of its points is called what it was called there (w₁ stays w₁), and each point EPA
/// adds takes the next name free (w₅, w₆, … in space; w₄, … in the plane), in the order the
/// points first appear. A point is then called the same at every step that shows it.
///
/// GJK's names are read into `known` only when EPA's first step comes (a run that needs no EPA
/// reads none).
#[derive(Debug, Clone, Default)]
struct Names {
    /// The points named so far and their names (GJK's: those of its latest step).
    known: Vec<(glam::DVec3, u8)>,
    next: u8,
    /// GJK has stepped since `known` was last read from it.
    stale: bool,
}

impl Names {
    /// Reads GJK's names from its latest step, `gjk`.
    fn learn(&mut self, gjk: &Step) {
        self.known.clear();
        for (slot, v) in gjk.candidate.iter().enumerate() {
            let name = u8::try_from(gjk.name_number(slot)).unwrap_or(u8::MAX);
            self.known.push((v.point, name));
        }
        self.next = self
            .known
            .iter()
            .map(|(_, n)| n.saturating_add(1))
            .max()
            .unwrap_or(0);
        self.stale = false;
    }

    /// Names GJK's step `step`'s points: those it started from as the step before it kept
    /// them (a run's first step, or one whose simplex came from elsewhere, from w₁ on), and a
    /// new point by the first name free.
    fn name_gjk(step: &mut Step, previous: Option<&Step>) {
        let mut names = Few::new();
        let continues = |p: &&Step| {
            p.epa().is_none() && p.iteration + 1 == step.iteration && p.kept.len() == step.before
        };
        match previous.filter(continues) {
            Some(p) => names.extend(
                p.kept
                    .iter()
                    .map(|&i| p.names.get(usize::from(i)).copied().unwrap_or(i)),
            ),
            None => names.extend((0..step.before.min(4)).map(|i| i as u8)),
        }
        for _ in step.before..step.candidate.len().min(4) {
            // The names in use as bits; the lowest clear bit is the first free name.
            let taken = names.iter().fold(0u8, |m, &n| m | (1 << (n & 3)));
            names.push((!taken & 0b1111).trailing_zeros().min(3) as u8);
        }
        step.names = names;
    }

    /// Names step `step`'s points, `earlier` being the steps before it.
    fn name(&mut self, step: &mut Step, earlier: &[Step]) {
        if step.epa().is_none() {
            Self::name_gjk(step, earlier.last());
            self.stale = true;
            return;
        }
        if self.stale
            && let Some(gjk) = earlier.iter().rev().find(|s| s.epa().is_none())
        {
            self.learn(gjk);
        }
        step.names = step
            .candidate
            .iter()
            .map(|v| match self.known.iter().find(|(p, _)| *p == v.point) {
                Some(&(_, name)) => name,
                None => {
                    let name = self.next;
                    self.next = self.next.saturating_add(1);
                    self.known.push((v.point, name));
                    name
                }
            })
            .collect();
    }
}

impl Recorder {
    /// Room for this many steps from the start: most runs take fewer (a handful of GJK
    /// iterations on random pairs), so the list of steps, each a large record, is not copied
    /// as it grows.
    const ROOM: usize = 16;
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            steps: Vec::with_capacity(Self::ROOM),
            cache: None,
            names: Names::default(),
        }
    }
}

impl Observer for Recorder {
    const ENABLED: bool = true;
    #[inline]
    fn on_step(&mut self, step: Step) {
        // Named where it is kept: a step is a large record, and naming it first would copy it
        // once more.
        self.steps.push(step);
        if let Some((step, earlier)) = self.steps.split_last_mut() {
            self.names.name(step, earlier);
        }
    }

    fn on_cache(&mut self, cache: impl FnOnce() -> SimplexCache) {
        self.cache = Some(cache());
    }

    fn discard(&mut self) {
        self.steps.clear();
        self.cache = None;
        self.names = Names::default();
    }
}

/// A whole recorded run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trace {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The answer.
    pub finish: Finish,
    /// The distance algorithms' last simplex, to warm-start a run on a nearby pose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<SimplexCache>,
}

impl Trace {
    /// The trace of `run`, a query handed a [`Recorder`]: the one way to trace what the same
    /// call answers untraced with [`NoTrace`], e.g.
    /// `Trace::record(|r| gjk::query::query(a, b, &config, None, r))`.
    pub fn record(run: impl FnOnce(&mut Recorder) -> Finish) -> Trace {
        let mut recorder = Recorder::default();
        let finish = run(&mut recorder);
        Trace {
            steps: recorder.steps,
            finish,
            cache: recorder.cache,
        }
    }
}

/// A finished run's simplex as witness points in each body's frame, to warm-start the next run.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SimplexCache {
    /// Up to four witnesses on A, in A's frame (a simplex has at most four points; a longer
    /// list in a file is refused).
    #[serde(with = "step::few")]
    pub local_a: Few<glam::DVec3>,
    /// Their partners on B, in B's frame.
    #[serde(with = "step::few")]
    pub local_b: Few<glam::DVec3>,
    /// The witnesses are points of the bodies' cores (`radii: split`), not of the whole bodies:
    /// a cache only warm-starts a run on the same kind of body.
    #[serde(default)]
    pub cores: bool,
}

impl SimplexCache {
    /// The cache of a simplex whose witnesses, in each body's own frame, are `witnesses`.
    pub fn of(witnesses: impl Iterator<Item = (glam::DVec3, glam::DVec3)>, cores: bool) -> Self {
        let (local_a, local_b) = witnesses.unzip();
        SimplexCache {
            local_a,
            local_b,
            cores,
        }
    }
}
