//! A shape placed in the world: a pose and a rounding margin around any support mapping,
//! composed the way Code Cave's "3D Convex Collision Detection, Part One: GJK" does for
//! rotated shapes and its "collision skin":
//!
//! ```text
//!   s_body(d) = q · ( s_local(q⁻¹·d) + margin · q⁻¹·d / ‖d‖ ) + position
//! ```

use crate::config::thresholds;
use crate::real::{Real, unit_or_zero};
use crate::shape::Pose;
use crate::shape::convex::Convex;
use crate::shape::prepared::PreparedShape;
use crate::shape::support::SupportMap;

/// A shape placed in the world in the precision `R`, with its rounding margin.
#[derive(Debug, Clone)]
pub struct Body<R: Real, S = Convex<R>> {
    shape: S,
    /// Where the shape's origin stands: the pose's position plus the shape's own
    /// [`SupportMap::origin`], turned.
    position: R::V,
    /// The pose's position: the body's reference point, as the user placed it.
    reference: R::V,
    /// The rotation's matrix `M`, whose columns turn a direction into the frame (`Mᵀ d`, a
    /// column's dot product per component).
    rotation: R::Q,
    /// `Mᵀ`, whose columns are `M`'s rows: a point is turned out as `M p` by the same dot
    /// products, to the same bits as the matrix product. Read that way, the support point is
    /// loaded as it was stored; glam's column form read back its `y` and `z` as one pair
    /// straddling two stores, and stalled every support call (`perf annotate`, box–box).
    rows: R::Q,
    margin: R,
    /// `‖position‖` plus the furthest the body reaches from it: the size of the numbers a
    /// support point is computed from, and so the scale of its rounding.
    reach: f64,
    /// The rounding its support points may carry (see [`Body::rounding`]).
    rounding: f64,
}

impl<R: Real> Body<R> {
    /// A prepared built-in shape placed at `pose`, in precision `R`.
    pub fn prepared(shape: &PreparedShape, pose: Pose, margin: f64) -> Self {
        let convex = shape.convex::<R>();
        let stored = convex.supports_stored_points();
        Body::placed(convex.clone(), pose, margin, stored)
    }
}

impl<R: Real, S: SupportMap<R>> Body<R, S> {
    /// `shape` placed at `pose`, inflated by a sphere of radius `margin`. The shape's
    /// [`SupportMap::origin`] is added to the position here, in f64: the body's own frame is
    /// then centred on the shape, and its support points are small numbers near it.
    pub fn new(shape: S, pose: Pose, margin: f64) -> Self {
        Body::placed(shape, pose, margin, false)
    }

    /// [`Body::new`], told whether every support point of `shape` is one of its stored points
    /// (only the built-in shapes are, see [`Convex::supports_stored_points`]).
    pub(crate) fn placed(shape: S, pose: Pose, margin: f64, stored_points: bool) -> Self {
        let position = pose.point(shape.origin());
        let rotation = R::quat(pose.rotation);
        let reach = position.length() + shape.bounding_radius() + margin;
        let stored = stored_points
            && pose.rotation == glam::DQuat::IDENTITY
            && margin == 0.0
            && R::EPSILON.to_f64() == f64::from(f32::EPSILON);
        Body {
            reach,
            rounding: if stored {
                thresholds::stored_point_rounding(reach)
            } else {
                thresholds::support_rounding(R::EPSILON.to_f64(), reach)
            },
            shape,
            position: R::vec(position),
            reference: R::vec(pose.position),
            rotation,
            rows: R::transpose(rotation),
            margin: R::from_f64(margin),
        }
    }

    /// The shape in its own frame.
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// `‖position‖` plus the body's bounding radius about it (margin included).
    pub fn reach(&self) -> f64 {
        self.reach
    }

    /// How far one of its support points may be from the true shape's, by rounding, as GJK's
    /// and EPA's bounds give it up: in f32 for an unturned built-in box or point cloud with no
    /// margin, [`thresholds::stored_point_rounding`], else [`thresholds::support_rounding`].
    pub fn rounding(&self) -> f64 {
        self.rounding
    }

    /// A world point in the body's own frame.
    pub fn to_local(&self, p: R::V) -> R::V {
        R::unrotate(self.rotation, p - self.position)
    }

    /// A point of the body's own frame in the world.
    pub fn to_world(&self, p: R::V) -> R::V {
        R::unrotate(self.rows, p) + self.position
    }

    /// The body's reference point (the position it was placed at).
    pub fn center(&self) -> R::V {
        self.reference
    }

    /// World-space support point: rotate `d` into the local frame, take the local support,
    /// push it out by the margin and carry the point back out.
    #[inline(always)]
    pub fn support(&self, d: R::V) -> R::V {
        let local_d = R::unrotate(self.rotation, d);
        let mut p = self.shape.local_support(local_d);
        if self.margin > R::ZERO {
            p = p + unit_or_zero::<R>(local_d) * self.margin;
        }
        R::unrotate(self.rows, p) + self.position
    }
}
