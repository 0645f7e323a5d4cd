//! What GJK asks of a convex shape.
//!
//! A support mapping `s_C(d)` returns a point of the convex set `C` that lies furthest along the
//! direction `d` (Ericson §2.3): `d · s_C(d) = max { d · x : x ∈ C }`. It is all GJK, EPA and
//! the bounds ever ask of a shape, so every solver here is generic over [`SupportMap`]: the
//! built-in shapes implement it ([`crate::Convex`]), and so can yours.
//!
//! A shape answers in its own frame; a [`crate::Body`] places it in the world.

use crate::real::Real;

/// A convex shape in its own frame, seen through its support mapping: implement this to put
/// your own shape under every solver.
///
/// ```
/// use gjk::{Body, Pose, SupportMap};
/// use glam::DVec3;
///
/// /// A unit-radius ball, the simplest convex shape.
/// struct Ball;
///
/// impl SupportMap<f64> for Ball {
///     fn local_support(&self, d: DVec3) -> DVec3 {
///         d.normalize_or_zero()
///     }
///     fn bounding_radius(&self) -> f64 {
///         1.0
///     }
/// }
///
/// let ball = Body::new(Ball, Pose::at(DVec3::new(3.0, 0.0, 0.0)), 0.0);
/// assert_eq!(ball.support(DVec3::X), DVec3::new(4.0, 0.0, 0.0));
/// ```
pub trait SupportMap<R: Real> {
    /// A point of the shape furthest along `d`, in the shape's own frame. `d` may have any
    /// length, zero included (then any point of the shape will do).
    fn local_support(&self, d: R::V) -> R::V;

    /// The radius of a ball about [`SupportMap::origin`] that holds the shape: the scale of the
    /// numbers a support point is made of, and so of its rounding (see [`crate::proof::bounds`]).
    fn bounding_radius(&self) -> f64;

    /// The point of the shape's own frame that its support points are measured from (the
    /// origin unless the shape says otherwise): `local_support` answers relative to it, and a
    /// [`crate::Body`] adds it back, in f64, when it places the shape.
    fn origin(&self) -> glam::DVec3 {
        glam::DVec3::ZERO
    }
}

/// A borrowed shape supports like the shape: a moving body is placed again at every time a cast
/// looks at, without copying its shape.
impl<R: Real, S: SupportMap<R> + ?Sized> SupportMap<R> for &S {
    #[inline(always)]
    fn local_support(&self, d: R::V) -> R::V {
        (**self).local_support(d)
    }

    fn bounding_radius(&self) -> f64 {
        (**self).bounding_radius()
    }

    fn origin(&self) -> glam::DVec3 {
        (**self).origin()
    }
}
