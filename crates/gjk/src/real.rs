//! One solver source for two precisions.
//!
//! Every algorithm is generic over [`Real`], implemented for `f32` (glam's `Vec3`/`Quat`) and
//! `f64` (`DVec3`/`DQuat`), so a user can run the very same code in both and watch single
//! precision fail where double precision does not. Step records are always stored in `f64`.

use glam::{DMat3, DQuat, DVec3, Mat3, Vec3};
use std::fmt::Debug;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A floating-point scalar with its matching glam vector and quaternion types.
pub trait Real:
    Copy
    + Debug
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + 'static
{
    /// The vector of three of these numbers (glam's `Vec3` or `DVec3`).
    type V: Vector<Self>;
    /// A rotation, as the matrix a unit quaternion makes: a body turns every support point
    /// it returns, and a matrix does it in nine products where the quaternion takes
    /// eighteen.
    type Q: Copy + Debug;
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// Machine epsilon of the type.
    const EPSILON: Self;
    /// The nearest number of the type to `x`.
    fn from_f64(x: f64) -> Self;
    /// The number in f64 (exact: every f32 is an f64).
    fn to_f64(self) -> f64;
    /// The square root.
    fn sqrt(self) -> Self;
    /// The absolute value.
    fn abs(self) -> Self;
    /// The larger of two numbers (`self` when they compare equal or unordered).
    fn max_with(self, other: Self) -> Self;
    /// The vector, rounded to the type.
    fn vec(v: DVec3) -> Self::V;
    /// The rotation of a unit quaternion, formed in f64 and then rounded to the type.
    fn quat(q: DQuat) -> Self::Q;
    /// `Mᵀ v`: the vector turned back (the transpose of a rotation is its inverse); and with
    /// `Mᵀ` for `M`, [`Real::transpose`], the vector turned.
    fn unrotate(q: Self::Q, v: Self::V) -> Self::V;
    /// `Mᵀ`: its columns are `M`'s rows.
    fn transpose(q: Self::Q) -> Self::Q;
}

/// The vector operations GJK needs.
pub trait Vector<R>:
    Copy
    + Debug
    + PartialEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Mul<R, Output = Self>
    + Div<R, Output = Self>
{
    /// The zero vector.
    const ZERO: Self;
    /// The vector of three components.
    fn new(x: R, y: R, z: R) -> Self;
    /// The dot product.
    fn dot(self, other: Self) -> R;
    /// The cross product.
    fn cross(self, other: Self) -> Self;
    /// `‖self‖²`.
    fn length_squared(self) -> R;
    /// `max(|x|, |y|, |z|)`: a size that needs no squaring (see [`unit_or_zero`]).
    fn max_abs(self) -> R;
    /// The x component.
    fn x(self) -> R;
    /// The y component.
    fn y(self) -> R;
    /// The z component.
    fn z(self) -> R;
    /// Component `axis` (0 = x, 1 = y, 2 = z).
    fn get(self, axis: usize) -> R;
    /// The vector in f64.
    fn to_f64(self) -> DVec3;
    /// Whether every component is a finite number.
    fn is_finite(self) -> bool;
}

macro_rules! impl_real {
    ($r:ty, $v:ty, $q:ty, $m:expr, $wide:expr) => {
        impl Real for $r {
            type V = $v;
            type Q = $q;
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const EPSILON: Self = <$r>::EPSILON;
            #[inline]
            fn from_f64(x: f64) -> Self {
                x as $r
            }
            #[inline]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline]
            fn sqrt(self) -> Self {
                <$r>::sqrt(self)
            }
            #[inline]
            fn abs(self) -> Self {
                <$r>::abs(self)
            }
            #[inline]
            fn max_with(self, other: Self) -> Self {
                if other > self { other } else { self }
            }
            #[inline]
            fn vec(v: DVec3) -> $v {
                <$v>::new(v.x as $r, v.y as $r, v.z as $r)
            }
            #[inline]
            fn quat(q: DQuat) -> $q {
                $m(DMat3::from_quat(q))
            }
            /// The transpose's product, row by row: the columns' dot products.
            #[inline]
            fn unrotate(m: $q, v: $v) -> $v {
                <$v>::new(m.x_axis.dot(v), m.y_axis.dot(v), m.z_axis.dot(v))
            }
            #[inline]
            fn transpose(m: $q) -> $q {
                m.transpose()
            }
        }

        impl Vector<$r> for $v {
            const ZERO: Self = <$v>::ZERO;
            #[inline]
            fn new(x: $r, y: $r, z: $r) -> Self {
                <$v>::new(x, y, z)
            }
            #[inline]
            fn dot(self, other: Self) -> $r {
                <$v>::dot(self, other)
            }
            #[inline]
            fn cross(self, other: Self) -> Self {
                <$v>::cross(self, other)
            }
            #[inline]
            fn length_squared(self) -> $r {
                <$v>::length_squared(self)
            }
            #[inline]
            fn max_abs(self) -> $r {
                self.abs().max_element()
            }
            #[inline]
            fn x(self) -> $r {
                self.x
            }
            #[inline]
            fn y(self) -> $r {
                self.y
            }
            #[inline]
            fn z(self) -> $r {
                self.z
            }
            #[inline]
            fn get(self, axis: usize) -> $r {
                self[axis]
            }
            #[inline]
            fn to_f64(self) -> DVec3 {
                $wide(self)
            }
            #[inline]
            fn is_finite(self) -> bool {
                <$v>::is_finite(self)
            }
        }
    };
}

impl_real!(f32, Vec3, Mat3, |m: DMat3| m.as_mat3(), Vec3::as_dvec3);
// In f64 a vector is its own f64 vector: the value itself, copied as one.
impl_real!(f64, DVec3, DMat3, |m: DMat3| m, std::convert::identity);

/// `d` scaled by a power of two into `[2⁻³⁰, 2³⁰]` (its largest component), or `d` itself
/// when it is there already, zero or not finite.
///
/// A support mapping looks only at where `d` points, and a power of two scales every
/// component exactly, so the support point is the same, unless `d` is so small or so large that
/// turning it into a body's frame underflows or overflows. Boolean GJK asks along triple
/// products, the cube of a length: on a cone 1e-12 across in f32 they are about 1e-36, the
/// products of turning them fall below f32's smallest normal number and lose their bits, and
/// the point returned is not the furthest along `d` at all. The plane through it then
/// "proved" a point at the cone's centre 8.8e-13 away from it (the soak found it).
#[inline(always)]
pub fn moderate<R: Real>(d: R::V) -> R::V {
    let (low, high) = (R::from_f64(LOW), R::from_f64(HIGH));
    let largest = d.max_abs();
    if largest >= low && largest <= high {
        return d;
    }
    moderated::<R>(d, largest)
}

/// The ends of [`moderate`]'s range, and the step it scales by (each a power of two).
const LOW: f64 = 1.0 / 1073741824.0;
const HIGH: f64 = 1073741824.0;
const STEP: f64 = 1099511627776.0;

/// [`moderate`] for a direction outside its range (kept out of line: it is rare).
#[inline(never)]
fn moderated<R: Real>(mut d: R::V, mut largest: R) -> R::V {
    if !(largest > R::ZERO && largest.to_f64().is_finite()) {
        return d;
    }
    let (up, down) = (R::from_f64(STEP), R::from_f64(1.0 / STEP));
    while largest < R::from_f64(LOW) {
        d = d * up;
        largest = largest * up;
    }
    while largest > R::from_f64(HIGH) {
        d = d * down;
        largest = largest * down;
    }
    d
}

/// `d / ‖d‖`, or zero for a zero direction (every point supports a zero direction).
///
/// `d` is first divided by its largest component: boolean GJK asks along triple products, the
/// cube of a length, whose squared length (a sixth power) would overflow or underflow.
#[inline]
pub fn unit_or_zero<R: Real>(d: R::V) -> R::V {
    let largest = d.max_abs();
    if largest > R::ZERO {
        let s = d / largest;
        s / s.length_squared().sqrt()
    } else {
        R::V::ZERO
    }
}
