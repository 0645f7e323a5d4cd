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

use super::{CastRecord, CastStatus, CastStep, Ending, Log, Problem, distance};
use crate::real::{Real, Vector};
use crate::shape::body::Body;
use crate::shape::support::SupportMap;
use crate::trace::Observer;

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

/// Tests sweeps of A against B, halving the interval that holds the first contact.
pub(crate) fn cast<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer<CastStep>>(
    problem: &Problem<'_, A, B>,
    log: &mut Log<'_, O>,
) -> Ending {
    let (a, b, settings, config) = (&problem.a, &problem.b, &problem.settings, &problem.config);
    let u = a.motion.velocity - b.motion.velocity;
    let speed = u.length();
    // A swept over [from, to], against B at `from`, both placed in precision R.
    let sweep = |from: f64, to: f64| {
        let pose = a.motion.at(from);
        let shift = R::vec(pose.rotation.inverse() * (u * (to - from)));
        let swept = Body::new(
            Swept {
                shape: a.shape,
                shift,
            },
            pose,
            a.margin,
        );
        distance(&swept, &b.body::<R>(from), problem.radii, config, None).finish
    };
    let (mut lo, mut hi) = (0.0, settings.max_time);
    let mut to = hi;
    // Proven: the distance at `lo` is above `clear` (the sweep that ended there stayed clear),
    // and the sweep over [lo, hi] came within `reached` of B.
    let (mut clear, mut reached) = (0.0, f64::INFINITY);
    for _ in 0..settings.max_iterations {
        let from = lo;
        let finish = sweep(from, to);
        let bounds = finish.certificate.distance_bounds;
        if bounds[0].is_nan() || bounds[1].is_nan() {
            // Nothing is decided on a number that is not one.
            let status = CastStatus::Failed {
                why: format!("the sweep over [{from:e}, {to:e}] has no finite distance bounds"),
                time: Some(lo),
            };
            return Ending::unbounded(status);
        }
        let reaches = bounds[0] <= settings.target;
        let first = log.iterations == 0;
        if reaches {
            hi = to;
            reached = bounds[1];
        } else if !first {
            lo = to;
            clear = bounds[0];
        }
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
            return Ending {
                status,
                normal: None,
                bounds: [clear, reached + (hi - lo) * speed],
                warm: None,
                points: None,
                start_clear: None,
            };
        }
        to = lo + (hi - lo) / 2.0;
    }
    Ending::unbounded(CastStatus::MaxIterations {
        iterations: log.iterations,
        time: lo,
    })
}
