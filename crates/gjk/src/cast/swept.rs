//! The swept hull (Ericson, "The Gilbert-Johnson-Keerthi algorithm", §4 "GJK for moving
//! objects").
//!
//! Seen from B, A moves by `u = v_A − v_B` per unit time. Over the interval `[t₀, t₁]` it covers
//! the convex hull of its two end positions, whose support mapping is A's own plus the whole
//! translation when that points the same way as the direction:
//!
//! ```text
//!   s_swept(d) = s_A(d) + ( (t₁ − t₀)·u   if d·u > 0,  else 0 )
//! ```
//!
//! One GJK distance query on the swept hull against B says whether A comes within the target
//! of B at some time of the interval. If the whole motion never does, it is a miss. Otherwise
//! halve the interval: if the first half's sweep stays clear, the contact lies in the second
//! half. Stop when the interval is so short that A moves less than the tolerance across it:
//! then its start is the time of impact (clear of B up to it, within tolerance of the target).

use super::{CastRecord, CastStatus, CastStep, Ending, Log, Problem, Stepper, distance};
use crate::real::{Real, Vector};
use crate::shape::body::Body;
use crate::shape::support::SupportMap;
use crate::trace::{Finish, Observer};
use glam::DVec3;
use std::marker::PhantomData;

/// A shape swept along `shift` (in its own frame): the hull of its two end positions.
struct Swept<'s, R: Real, S> {
    shape: &'s S,
    shift: R::V,
}

impl<R: Real, S: SupportMap<R>> SupportMap<R> for Swept<'_, R, S> {
    fn local_support(&self, d: R::V) -> R::V {
        let p = self.shape.local_support(d);
        if d.dot(self.shift) > R::ZERO {
            p + self.shift
        } else {
            p
        }
    }

    fn bounding_radius(&self) -> f64 {
        self.shape.bounding_radius() + self.shift.to_f64().length()
    }

    fn origin(&self) -> glam::DVec3 {
        self.shape.origin()
    }
}

/// The swept hull as a state machine: the interval `[lo, hi]` that holds the first contact,
/// the end `to` of the next sweep from `lo`, and what the sweeps so far proved.
pub(crate) struct Sweeps<'p, R, A, B> {
    problem: &'p Problem<'p, A, B>,
    /// A's motion seen from B, `u = v_A − v_B`, and its length.
    u: DVec3,
    speed: f64,
    lo: f64,
    hi: f64,
    to: f64,
    /// The distance at `lo` is above `clear` (the sweep that ended there stayed clear), and the
    /// sweep over `[lo, hi]` came within `reached` of B.
    clear: f64,
    reached: f64,
    precision: PhantomData<fn() -> R>,
}

impl<'p, R: Real, A: SupportMap<R>, B: SupportMap<R>> Sweeps<'p, R, A, B> {
    /// The first sweep: the whole motion, up to `max_time`.
    pub(crate) fn new(problem: &'p Problem<'p, A, B>) -> Self {
        let u = problem.a.motion.velocity - problem.b.motion.velocity;
        let max_time = problem.settings.max_time;
        Sweeps {
            problem,
            u,
            speed: u.length(),
            lo: 0.0,
            hi: max_time,
            to: max_time,
            clear: 0.0,
            reached: f64::INFINITY,
            precision: PhantomData,
        }
    }

    /// A swept over `[from, to]` against B at `from`, both placed in precision `R`: the static
    /// query's answer.
    fn sweep(&self, from: f64, to: f64) -> Finish {
        let (a, b, problem) = (&self.problem.a, &self.problem.b, self.problem);
        let pose = a.motion.at(from);
        let shift = R::vec(pose.rotation.inverse() * (self.u * (to - from)));
        let swept = Body::new(
            Swept {
                shape: a.shape,
                shift,
            },
            pose,
            a.margin,
        );
        let b = b.body::<R>(from);
        distance(&swept, &b, problem.radii, &problem.config, None).finish
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Stepper for Sweeps<'_, R, A, B> {
    /// One sweep from `lo`: the half of the interval that holds the contact is kept. Ends on a
    /// miss (the whole motion stays clear) or an interval A crosses within the tolerance.
    fn advance<O: Observer<CastStep>>(&mut self, log: &mut Log<'_, O>) -> Option<Ending> {
        let settings = &self.problem.settings;
        let (from, to) = (self.lo, self.to);
        let finish = self.sweep(from, to);
        let bounds = finish.certificate.distance_bounds;
        if bounds[0].is_nan() || bounds[1].is_nan() {
            // Nothing is decided on a number that is not one.
            let status = CastStatus::Failed {
                why: format!("the sweep over [{from:e}, {to:e}] has no finite distance bounds"),
                time: Some(self.lo),
            };
            return Some(Ending::unbounded(status));
        }
        let reaches = bounds[0] <= settings.target;
        let first = log.iterations == 0;
        if reaches {
            self.hi = to;
            self.reached = bounds[1];
        } else if !first {
            self.lo = to;
            self.clear = bounds[0];
        }
        let (lo, hi, speed) = (self.lo, self.hi, self.speed);
        let status = if first && !reaches {
            Some(CastStatus::Miss {
                time: 0.0,
                separation: bounds[0],
                closing_speed: 0.0,
            })
        } else if (hi - lo) * speed <= settings.tolerance / 2.0 {
            // Half the tolerance: the other half is room for the static check's own bounds.
            Some(CastStatus::Hit {
                time: lo,
                gap: (hi - lo) * speed,
            })
        } else {
            None
        };
        let record = || CastRecord::Sweep {
            from,
            to,
            distance_bounds: bounds,
            reaches,
            gjk_iterations: finish.iterations,
        };
        log.step(from, lo, record, status.as_ref());
        if let Some(status) = status {
            // A moves at most (hi − lo)·speed from lo to the time the sweep came close.
            return Some(Ending {
                status,
                normal: None,
                bounds: [self.clear, self.reached + (hi - lo) * speed],
                warm: None,
                points: None,
                start_clear: None,
            });
        }
        self.to = lo + (hi - lo) / 2.0;
        None
    }

    fn safe_until(&self) -> f64 {
        self.lo
    }
}
