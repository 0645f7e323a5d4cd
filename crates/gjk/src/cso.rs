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

use crate::real::Real;
use crate::shape::Body;

/// A point of `A ⊖ B` with the points of A and B that produced it: `point = a − b`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CsoPoint<R: Real> {
    pub point: R::V,
    pub a: R::V,
    pub b: R::V,
}

/// The Minkowski difference of two placed bodies, seen through its support mapping.
#[derive(Debug, Clone, Copy)]
pub struct MinkowskiDifference<'s, R: Real> {
    pub a: &'s Body<R>,
    pub b: &'s Body<R>,
}

impl<'s, R: Real> MinkowskiDifference<'s, R> {
    pub fn new(a: &'s Body<R>, b: &'s Body<R>) -> Self {
        Self { a, b }
    }

    #[inline]
    pub fn support(&self, d: R::V) -> CsoPoint<R> {
        let a = self.a.support(d);
        let b = self.b.support(-d);
        CsoPoint { point: a - b, a, b }
    }

    /// `centre(A) − centre(B)`: a point inside (or near) the difference, used to pick the
    /// first search direction.
    pub fn center(&self) -> R::V {
        self.a.center() - self.b.center()
    }
}
