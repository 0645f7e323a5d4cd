//! Accelerated GJK: the search direction with momentum (Montaut, Le Lidec, Petrík, Sivic &
//! Carpentier, "Collision Detection Accelerated: An Optimization Perspective", RSS 2022).
//!
//! Seen as optimisation, distance GJK minimises `f(x) = ‖x‖²/2` over `A ⊖ B` by Frank-Wolfe:
//! the gradient at the current closest point `v` is `v` itself, and the support point along
//! `−v` is the vertex that decreases `f` fastest. On a curved surface the iterates zig-zag and
//! converge only linearly. Nesterov's momentum blends the new gradient into the old direction:
//!
//! ```text
//!   after k iterations (k ≥ 1), with closest point v and last support point w:
//!   δ = (k+1)/(k+3)                    (k+2)/(k+3) when the terms are at unit length
//!   y = δ v + (1 − δ) w                between v and w
//!   d ← δ d + (1 − δ) y                each term at unit length unless both bodies are
//!                                      strictly convex (the paper's heuristic)
//!   next support point: s(−d)          (plain GJK: s(−v))
//! ```
//!
//! Polyak's heavy ball keeps a running average instead: `d ← δ d + (1 − δ) v` with
//! `δ = 1/(k+1)` (the weights of the coal library's implementation).
//!
//! A support point along `−d` still proves a lower bound (a separating plane is one whatever
//! its normal), and is tracked like any other. But the gap `‖v‖² − v·w` the accelerated point
//! makes is not GJK's duality gap: it is smaller than the gap along `−v`, so a small one
//! proves nothing. When it falls below the tolerance, when the best plane seen meets `‖v‖`, or
//! when the momentum brings nothing new, the momentum is switched off and the run goes on
//! along `−v`, where the gap test is the proof it always was (as the coal library does). The answer
//! keeps its certificate; the acceleration only changes which support points were asked for.
//!
//! Momentum can also slow a run down: once the simplex collapses to the newest support point
//! at every step, GJK is plain Frank-Wolfe with an averaged direction that lags behind, and
//! crawls. So momentum gets half the iteration budget at most; plain GJK has the rest.

use crate::config::Acceleration;
use crate::real::{Real, Vector};
use crate::trace::{Momentum, MomentumOff};

/// The next search direction, and why the momentum stopped when it stopped there.
type Steered<R> = (<R as Real>::V, Option<MomentumOff>);

/// A run's momentum: how it blends, the direction so far, and the record of the direction the
/// next iteration takes. Plain GJK steers along −v only.
#[derive(Debug, Clone, Copy)]
pub struct Steering<R: Real> {
    /// `None` for plain GJK, and once momentum is switched off.
    kind: Acceleration,
    /// The bodies are not both strictly convex: blend unit vectors (the paper's heuristic).
    normalise: bool,
    /// The direction so far (pointing like `v`, from the origin towards the difference),
    /// from the first closest point on.
    d: Option<R::V>,
    /// The record of the blended direction the next iteration takes.
    pending: Option<Momentum>,
}

impl<R: Real> Steering<R> {
    /// Steering of the given kind, before the first direction.
    pub fn new(kind: Acceleration) -> Self {
        Steering {
            kind,
            normalise: false,
            d: None,
            pending: None,
        }
    }

    /// Blends the terms at unit length.
    pub fn unit(self, normalise: bool) -> Self {
        Steering { normalise, ..self }
    }

    /// The record of the direction this iteration takes, when it is a blended one.
    pub fn take(&mut self) -> Option<Momentum> {
        self.pending.take()
    }

    /// Drops the momentum for good: every later direction is −v.
    pub fn switch_off(&mut self) {
        self.kind = Acceleration::None;
        self.d = None;
    }

    /// The next search direction after `iterations` iterations (of at most `cap`) ended at
    /// closest point `v` with support point `w`: −v, or blended while the momentum is on. The
    /// momentum gets half the budget at most, so that a run it slows down still has the other
    /// half to finish plain; returns why it stopped when it stops here.
    #[inline(always)]
    pub fn steer(&mut self, iterations: u32, cap: u32, v: R::V, w: R::V) -> Steered<R> {
        if self.kind == Acceleration::None {
            return (-v, None);
        }
        self.steer_blended([iterations, cap], [v, w])
    }

    /// [`Self::steer`] while the momentum is on (kept out of the loop that runs without it).
    fn steer_blended(&mut self, [iterations, cap]: [u32; 2], [v, w]: [R::V; 2]) -> Steered<R> {
        if iterations >= cap / 2 {
            self.switch_off();
            return (-v, Some(MomentumOff::Budget));
        }
        // The momentum starts at the first v: blending it with itself would give −v again.
        let Some(d) = self.d else {
            self.d = Some(v);
            return (-v, None);
        };
        match self.blend(d, iterations, v, w) {
            Some((d, weight)) => {
                self.d = Some(d);
                self.pending = Some(Momentum {
                    weight,
                    plain: (-v).to_f64(),
                    switched_off: None,
                });
                (-d, None)
            }
            // A degenerate blend (zero or not finite): plain this time.
            None => (-v, None),
        }
    }

    /// The direction `d` blended with `v` and `w` after `iterations` iterations, and the
    /// weight it kept of `d`.
    fn blend(&self, d: R::V, iterations: u32, v: R::V, w: R::V) -> Option<(R::V, f64)> {
        let k = f64::from(iterations);
        let weight = match (self.kind, self.normalise) {
            (Acceleration::Polyak, _) => 1.0 / (k + 1.0),
            (_, true) => (k + 2.0) / (k + 3.0),
            (_, false) => (k + 1.0) / (k + 3.0),
        };
        let delta = R::from_f64(weight);
        let rest = R::ONE - delta;
        let pull = match self.kind {
            Acceleration::Nesterov => v * delta + w * rest,
            Acceleration::Polyak | Acceleration::None => v,
        };
        let blended = if self.normalise {
            let (dn, pn) = (d.length_squared().sqrt(), pull.length_squared().sqrt());
            if dn == R::ZERO || pn == R::ZERO {
                return None;
            }
            d * (delta / dn) + pull * (rest / pn)
        } else {
            d * delta + pull * rest
        };
        (blended.is_finite() && blended.length_squared() > R::ZERO).then_some((blended, weight))
    }
}
