//! One side of a query: a prepared shape placed in the world, and what is read off it in f64
//! (its reach, its box, its support function) before any query runs.

use crate::config::thresholds;
use crate::real::Real;
use crate::shape::BodySpec;
use crate::shape::Pose;
use crate::shape::Shape;
use crate::shape::body::Body;
use crate::shape::convex::Convex;
use crate::shape::prepared::PreparedShape;
use glam::DVec3;

/// One side of a query: a prepared shape at a pose, with its rounding margin.
#[derive(Debug, Clone, Copy)]
pub struct Placed<'p> {
    /// The shape, prepared.
    pub shape: &'p PreparedShape,
    /// Where it is.
    pub pose: Pose,
    /// A sphere of this radius added round it.
    pub margin: f64,
}

impl<'p> Placed<'p> {
    /// `shape` where `spec` puts it (the spec's own shape is not looked at).
    pub fn new(shape: &'p PreparedShape, spec: &BodySpec) -> Self {
        Placed {
            shape,
            pose: spec.pose(),
            margin: spec.margin,
        }
    }

    /// The body in precision `R`, borrowing the shape's prepared support mapping.
    pub(super) fn body<R: Real>(&self) -> Body<R, &'p Convex<R>> {
        let convex = self.shape.convex::<R>();
        Body::placed(
            convex,
            self.pose,
            self.margin,
            convex.supports_stored_points(),
        )
    }

    /// Whether the body is strictly convex: no flat face and no straight edge (a ball, or any
    /// shape rounded by a margin).
    pub(super) fn strictly_convex(&self) -> bool {
        self.margin > 0.0 || matches!(*self.shape.shape(), Shape::Sphere { radius } if radius > 0.0)
    }

    /// Where the shape's centre stands in the world (its position, for all but polytopes).
    #[inline]
    pub fn anchor(&self) -> DVec3 {
        self.pose.point(self.shape.centre())
    }

    /// `‖anchor‖` plus the furthest the body reaches from it: the size of the numbers its
    /// support points are computed from (its [`Body::reach`]).
    pub fn reach(&self) -> f64 {
        self.anchor().length() + self.shape.centred_radius() + self.margin
    }

    /// How far `a` reaches past `b` along the unit `n` (from A towards B), in f64:
    /// `h_A(n) + h_B(-n)`, the distance between their support planes across `n`. No point of A
    /// lies further along `n` than a point of B by more; for the best `n` it is the depth.
    pub fn overlap_along(a: Placed<'_>, b: Placed<'_>, n: DVec3) -> f64 {
        let (body_a, body_b) = (a.body::<f64>(), b.body::<f64>());
        n.dot(body_a.support(n)) - n.dot(body_b.support(-n))
    }

    /// The body's axis-aligned box, `(least corner, greatest corner)`: its support points
    /// along the six axis directions, in f64, each pushed out by their rounding
    /// ([`thresholds::support_rounding`]), so that the box holds the whole body.
    pub fn bounds(&self) -> (DVec3, DVec3) {
        let body = self.body::<f64>();
        let slack = DVec3::splat(thresholds::support_rounding(f64::EPSILON, self.reach()));
        let axes = [DVec3::X, DVec3::Y, DVec3::Z];
        let high = DVec3::from_array(axes.map(|e| e.dot(body.support(e))));
        let low = DVec3::from_array(axes.map(|e| e.dot(body.support(-e))));
        (low - slack, high + slack)
    }

    /// The body's support function along `d`, `h(d) = max over the body of d · x`, in f64 (to
    /// within [`thresholds::support_rounding`] of its reach).
    pub fn height(&self, d: DVec3) -> f64 {
        d.dot(self.body::<f64>().support(d))
    }

    /// The body's support function with its placement worked out once, for the many
    /// directions a mesh's planes ask of one body ([`Placed::height`] places it each time).
    pub fn support_function(&self) -> impl Fn(DVec3) -> f64 + use<'p> {
        let body = self.body::<f64>();
        move |d| d.dot(body.support(d))
    }

    /// The same body moved by `by`.
    pub fn moved(self, by: DVec3) -> Self {
        Placed {
            pose: Pose {
                position: self.pose.position + by,
                ..self.pose
            },
            ..self
        }
    }

    /// The body's core, placed where the body is, and the radius around it (the shape's own
    /// radius plus the margin).
    #[inline]
    pub fn core(&self) -> (Placed<'p>, f64) {
        let (shape, radius) = self.shape.core();
        let core = Placed {
            shape,
            pose: self.pose,
            margin: 0.0,
        };
        (core, radius + self.margin)
    }
}
