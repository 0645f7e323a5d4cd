//! The configuration space obstacle `A ⊖ B = { a − b : a ∈ A, b ∈ B }`.
//!
//! A and B overlap exactly when the origin lies in `A ⊖ B`, and their distance is the distance
//! from the origin to it (Ericson §2.1). Its support mapping composes the two bodies':
//!
//! ```text
//!   s_{A⊖B}(d) = s_A(d) − s_B(−d)
//! ```
//!
//! Every point keeps the two witnesses it came from, so a closest point of the difference can be
//! turned back into closest points on A and on B (Allen Chou, "Game Physics:
//! Collision Detection – GJK").

use crate::config::SolverConfig;
use crate::real::{Real, Vector, moderate, unit_or_zero};
use crate::shape::body::Body;
use crate::shape::convex::Convex;
use crate::shape::support::SupportMap;

/// A point of `A ⊖ B` with the points of A and B that produced it: `point = a − b`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CsoPoint<R: Real> {
    /// The point of `A ⊖ B`: `a − b`.
    pub point: R::V,
    /// Its witness on A.
    pub a: R::V,
    /// Its witness on B.
    pub b: R::V,
}

/// The Minkowski difference of two placed bodies, seen through its support mapping. The
/// bodies' shapes are the built-in ones unless you bring your own ([`SupportMap`]).
#[derive(Debug)]
pub struct MinkowskiDifference<'s, R: Real, A = Convex<R>, B = Convex<R>> {
    /// Body A.
    pub a: &'s Body<R, A>,
    /// Body B.
    pub b: &'s Body<R, B>,
}

// Two references: copied whatever the shapes are (a derive would ask the shapes to be `Copy`).
impl<R: Real, A, B> Clone for MinkowskiDifference<'_, R, A, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Real, A, B> Copy for MinkowskiDifference<'_, R, A, B> {}

impl<'s, R: Real, A: SupportMap<R>, B: SupportMap<R>> MinkowskiDifference<'s, R, A, B> {
    /// The difference of `a` and `b`.
    pub fn new(a: &'s Body<R, A>, b: &'s Body<R, B>) -> Self {
        Self { a, b }
    }

    #[inline(always)]
    /// The point of `A ⊖ B` furthest along `d`: A's furthest along `d` less B's furthest
    /// along `−d`.
    pub fn support(&self, d: R::V) -> CsoPoint<R> {
        let d = moderate::<R>(d);
        let a = self.a.support(d);
        let b = self.b.support(-d);
        CsoPoint { point: a - b, a, b }
    }

    /// `centre(A) − centre(B)`: a point inside (or near) the difference, used to pick the
    /// first search direction.
    pub fn center(&self) -> R::V {
        self.a.center() - self.b.center()
    }

    /// The first search direction: the configured one, or from A's centre towards B's, or +X
    /// when the centres coincide.
    pub fn first_direction(&self, config: &SolverConfig) -> R::V {
        if let Some(d) = config.initial_direction {
            // At unit length, so that a direction of 1e300 is not infinite in f32.
            return R::vec(unit_or_zero::<f64>(d));
        }
        let d = -self.center();
        if d.length_squared() > R::ZERO {
            d
        } else {
            R::V::new(R::ONE, R::ZERO, R::ZERO)
        }
    }
}
