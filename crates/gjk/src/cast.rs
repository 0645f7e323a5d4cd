//! Moving shapes: when do two bodies in motion first come within a target distance of each
//! other (their time of impact)? Ericson's "GJK for moving objects" (§4 of his GJK article) is
//! the starting point; each method is a module of its own.
//!
//! ```text
//!   pose_A(t) = ( p_A + t·v_A ,  exp(t·ω_A)·q_A )     A turns about its own position
//!   d(t)      = dist( A(t), B(t) )
//!   toi       = the first t in [0, T] with d(t) ≤ target
//! ```
//!
//! - [`ray`]: van den Bergen's GJK ray cast. With no turning, `A(t) ⊖ B(t) = (A ⊖ B) − t·r` for
//!   the relative motion `r = v_B − v_A`, so the bodies touch when the ray `t·r` from the origin
//!   enters `A ⊖ B`: one GJK run that moves its query point along the ray.
//! - [`advance`]: Mirtich's conservative advancement. At any time the distance and a bound on
//!   how fast the bodies can close (linear and angular) give a time step that cannot overshoot.
//! - [`swept`]: the swept hull of Ericson's article. The convex hull of A at the start and the
//!   end of its motion relative to B meets B exactly when A meets B on the way; halving the
//!   interval finds when.
//!
//! Every method answers only what it proved. Each advance of time comes with a proof that
//! nothing touched before it (a separating plane, or a distance and a closing speed), so the
//! reported time never passes the first true contact. A hit is then checked by a static query
//! at that time: its proven upper bound must lie within `tolerance` of the target (the time is
//! safe, so the distance there is not below the target).
//!
//! Where a method cannot finish on its own (the ray cast stalls on its own rounding, the swept
//! hull's interval shrinks below what its static query resolves, the cap is reached, or the
//! check at its time is not tight enough), conservative advancement takes over from the last
//! time it proved safe. Near contact, a static query in the working precision may not resolve
//! the tolerance; the question is then asked again in f64 on the same shapes (the shapes are
//! the same; only the arithmetic is finer), so an f32 cast ends with a proof or with the bounds
//! that stopped it, never on a stale guess.
//!
//! The arithmetic runs in a frame centred between the bodies (their positions' midpoint at
//! `t = 0`), as Box2D and Jolt solve in a local frame: two bodies far from the world's origin
//! carry no more rounding than the same bodies near it. Answers come back in world
//! coordinates. With `radii: split` or `closed` (the default) the static queries run on the shapes'
//! cores and add the radii afterwards, as in a static query ([`crate::proof::radii`]); the ray cast
//! grows its target by the radii instead.

pub mod advance;
mod at;
mod drive;
pub mod explain;
mod problem;
pub mod question;
pub mod ray;
pub mod record;
pub mod swept;

use drive::cast_centred;
use problem::Bodies;
pub(crate) use problem::{Exact, Gap, Problem, distance};
pub use question::{
    CastMethod, CastSettings, CastSpec, DEFAULT_CAST_ITERATIONS, MAX_CAST_ITERATIONS, Motion, Mover,
};
pub use record::{CastAnswer, CastRecord, CastStatus, CastStep, CastTrace};

use crate::config::{Precision, SolverConfig};
use crate::query::Placed;
use crate::real::Real;
use crate::shape::convex::Convex;
use crate::shape::support::SupportMap;
use crate::trace::{Observer, SimplexCache};
use glam::DVec3;

/// How a method stopped, before the answer is checked at the time it reports.
pub(crate) struct Ending {
    pub status: CastStatus,
    /// A unit normal from A to B the method found on the way (the ray cast's last plane).
    pub normal: Option<DVec3>,
    /// What the method itself proved about the distance at the time it reports.
    pub bounds: [f64; 2],
    /// Points of both bodies near the contact at that time, to start the check's static
    /// query from (the ray cast's last simplex).
    pub warm: Option<SimplexCache>,
    /// Points of A and B at that time whose distance `bounds` bounds, when the method proved
    /// its bounds from points of its own (the ray cast's nearest point): a hit whose upper
    /// bound is within the tolerance then needs no static query to confirm it.
    pub points: Option<(DVec3, DVec3)>,
    /// A lower bound on the distance at `t = 0` that the method proved on its way (the ray
    /// cast's first plane), when it proved one.
    pub start_clear: Option<f64>,
}

impl Ending {
    /// An ending that proves nothing about the distance.
    pub fn unbounded(status: CastStatus) -> Self {
        Ending {
            status,
            normal: None,
            bounds: [0.0, f64::INFINITY],
            warm: None,
            points: None,
            start_clear: None,
        }
    }

    /// The time up to which the method proved that nothing touched, when it stopped without
    /// an answer of its own (stalled, capped, or a hit its check did not confirm) and
    /// advancement may go on from there.
    fn unfinished(&self) -> Option<f64> {
        match self.status {
            CastStatus::Hit { time, .. } | CastStatus::MaxIterations { time, .. } => Some(time),
            CastStatus::Failed { time, .. } => time,
            _ => None,
        }
    }
}

/// Where a cast's methods record their steps: counted always, recorded only when the observer
/// records (with [`NoTrace`] the records are never built). A cast hands its steps on when it
/// ends, not as they come: its end writes how the whole cast ended on the last one, and a cast
/// that its start decides forgets the ray cast's steps that came before.
pub(crate) struct Log<'o, O> {
    observer: &'o mut O,
    held: Vec<CastStep>,
    pub iterations: u32,
}

impl<'o, O: Observer<CastStep>> Log<'o, O> {
    pub(crate) fn new(observer: &'o mut O) -> Self {
        Log {
            observer,
            held: Vec::new(),
            iterations: 0,
        }
    }

    /// Writes how the whole cast ended on its last recorded step, so that the last sentence
    /// says the answer's numbers (a hit's gap is the check's, not the method's own estimate).
    fn conclude(&mut self, status: &CastStatus) {
        if let Some(last) = self.held.last_mut() {
            last.status = Some(status.clone());
        }
    }

    /// Forgets every step so far (a method's run that is to be asked again from the start).
    fn restart(&mut self) {
        self.iterations = 0;
        self.held.clear();
    }

    /// Counts an iteration and records it (the record is only built when tracing).
    pub fn step(
        &mut self,
        time: f64,
        next_time: f64,
        record: impl FnOnce() -> CastRecord,
        status: Option<&CastStatus>,
    ) {
        self.iterations += 1;
        if O::ENABLED {
            self.held.push(CastStep {
                iteration: self.iterations,
                time,
                next_time,
                record: record(),
                status: status.cloned(),
            });
        }
    }

    /// The cast has ended: its steps go to the observer.
    fn end(self) {
        for step in self.held {
            self.observer.on_step(step);
        }
    }
}

/// A cast method as a state machine, as GJK and EPA are: one iteration per
/// [`Stepper::advance`], recorded through the cast's [`Log`]; the method's ending once an
/// iteration ended it.
pub(crate) trait Stepper {
    /// One iteration; the method's ending when it ended here.
    fn advance<O: Observer<CastStep>>(&mut self, log: &mut Log<'_, O>) -> Option<Ending>;

    /// The time up to which the method has proven that nothing touched.
    fn safe_until(&self) -> f64;

    /// Iterations until the method ends, or the cast's cap (counted over every method the
    /// cast ran) stops it where it stands.
    fn run<O: Observer<CastStep>>(&mut self, log: &mut Log<'_, O>, cap: u32) -> Ending {
        while log.iterations < cap {
            if let Some(ending) = self.advance(log) {
                return ending;
            }
        }
        Ending::unbounded(CastStatus::MaxIterations {
            iterations: log.iterations,
            time: self.safe_until(),
        })
    }
}

impl Observer<CastStep> for Vec<CastStep> {
    const ENABLED: bool = true;

    fn on_step(&mut self, step: CastStep) {
        self.push(step);
    }
}

/// A placed prepared shape (a core, when the radii are split) in motion.
fn mover<'s, R: Real>(
    shape: &'s Convex<R>,
    placed: &Placed<'_>,
    motion: Motion,
) -> Mover<'s, Convex<R>> {
    Mover {
        shape,
        motion,
        margin: placed.margin,
    }
}

/// Casts two placed prepared shapes in the configured precision, handing every step to
/// `observer`: the one way to cast placed shapes, untraced with [`crate::NoTrace`], traced
/// with [`CastTrace::record`] (your own shapes: [`cast_bodies`]).
pub fn cast<O: Observer<CastStep>>(
    a: Placed<'_>,
    b: Placed<'_>,
    spec: &CastSpec,
    config: &SolverConfig,
    observer: &mut O,
) -> CastAnswer {
    // The cores, when the radii are split: a sphere's centre, a capsule's segment.
    let split = config.radii.splits();
    let (a, b) = if split {
        let ((ca, ra), (cb, rb)) = (a.core(), b.core());
        (Placed { margin: ra, ..ca }, Placed { margin: rb, ..cb })
    } else {
        (a, b)
    };
    let origin = centre(a.anchor(), b.anchor());
    let (motion_a, motion_b) = (
        spec.motion_a(a.pose).moved(-origin),
        spec.motion_b(b.pose).moved(-origin),
    );
    // The shapes' numbers in each precision, converted once per shape and borrowed here.
    let (ea, eb) = (a.shape.convex::<f64>(), b.shape.convex::<f64>());
    let (xa, xb) = (mover(ea, &a, motion_a), mover(eb, &b, motion_b));
    let exact = Bodies::<f64, _, _>::new(xa, xb, split, config);
    let answer = match config.precision {
        Precision::F32 => {
            let (sa, sb) = (a.shape.convex::<f32>(), b.shape.convex::<f32>());
            let (ma, mb) = (mover(sa, &a, motion_a), mover(sb, &b, motion_b));
            cast_centred(ma, mb, spec, config, &exact, observer)
        }
        Precision::F64 => cast_centred(xa, xb, spec, config, &exact, observer),
    };
    answer.moved(origin)
}

/// The middle of two bodies' anchors, where a cast's arithmetic is done.
fn centre(a: DVec3, b: DVec3) -> DVec3 {
    let c = a * 0.5 + b * 0.5;
    if c.is_finite() { c } else { DVec3::ZERO }
}

/// Casts bodies of any shapes, your own included, in precision `R`. (With no f64 copy of your
/// shapes at hand, the working precision's static query is the only one: an f32 cast of your
/// own shapes does not fall back to f64 near contact.)
pub fn cast_bodies<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer<CastStep>>(
    a: Mover<'_, A>,
    b: Mover<'_, B>,
    spec: &CastSpec,
    config: &SolverConfig,
    observer: &mut O,
) -> CastAnswer {
    let origin = centre(a.motion.pose.position, b.motion.pose.position);
    let (a, b) = (a.moved(-origin), b.moved(-origin));
    let split = config.radii.splits();
    let exact = Bodies::<R, _, _>::new(a, b, split, config);
    cast_centred(a, b, spec, config, &exact, observer).moved(origin)
}
