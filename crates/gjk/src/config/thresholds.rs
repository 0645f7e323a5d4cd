//! The thresholds the solvers decide by that no user sets, and the defaults of the tolerances a
//! user may set: each named here with what it guards and why it has that size. The tolerances
//! themselves are [`crate::config`]'s and a cast's settings; these only keep rounding from
//! deciding a test, or fill in a setting the user left out. `docs/solver.md` lists them in a
//! table, and every use calls the function by its name: searching for a name finds each test it
//! decides.
//!
//! Four kinds: *shape measures* (`collapsed`, `epa_tiny`, `parallel_edges`, the hull's three),
//! relative sizes below which a simplex, a polytope or a cross product is rounding rather than
//! geometry; *rounding allowances* (the `_rounding` ones, `epa_sees`, `boxes_touching`), absolute
//! amounts by which a computed number may be off, which a proof gives up before it claims
//! anything; *floors* (`scale_floor`, `square_underflow`, `along_plane`, `blended_direction`,
//! `angle_shown`), below which a number is not used as a divisor, a square or a word; and the
//! *defaults* of the tolerances (`default_tolerance` and the two after it).

use crate::config::Precision;
use crate::real::Real;

/// `64ε`: the shape measure (a segment's relative length, a triangle's sine, a tetrahedron's
/// normalised volume) at or below which a simplex counts as collapsed. GJK's Voronoi
/// subalgorithm then keeps the last sound simplex, and boolean GJK's direction tests give up
/// undecided. 64 covers the few dozen roundings a measure takes, and is still far below any
/// shape a user draws (a sliver 1e-14 wide in f64).
pub fn collapsed<R: Real>() -> R {
    R::EPSILON * R::from_f64(64.0)
}

/// `1000ε`: EPA's size below which two points coincide (squared, relative to the point's
/// length), a polytope is flat, or two faces face the same way. Larger than [`collapsed`]:
/// EPA's faces are built from its own rounded points, and a face from three nearly coincident
/// ones has a normal made of rounding; growing on it would turn the polytope inside out.
pub fn epa_tiny<R: Real>() -> R {
    R::EPSILON * R::from_f64(1e3)
}

/// `16ε(1 + ‖w‖)`: how far (in f64) a new support point w must lie beyond a face of EPA's
/// polytope for the face to *see* it and be removed. The face's plane is worked out in f64 from
/// the witnesses, so the test's own rounding is the stored normal's (ε of the working
/// precision, `epsilon`) over the point's length; 16 covers the dot product and the
/// difference. A point within it adds nothing the polytope can hold.
pub fn epa_sees(epsilon: f64, w_length: f64) -> f64 {
    16.0 * epsilon * (1.0 + w_length)
}

/// `8ε · reach`: the rounding a support point of `A ⊖ B` may carry, for bodies whose numbers
/// reach `reach` from the frame's origin together. Placing a support point (a rotation, a
/// translation, the difference of the two) takes a handful of roundings each at most ε of the
/// reach; 8 covers them. Every bound a run proves gives it up: a lower bound from a separating
/// plane, an upper bound from two points, a closed form's two.
pub fn support_rounding(epsilon: f64, reach: f64) -> f64 {
    8.0 * epsilon * reach
}

/// `5ε · reach`, in f32: [`support_rounding`] for a built-in box or point cloud placed
/// without turning and with no margin, whose support point is one of its stored points (a
/// corner, a scanned point). Such a point `a = p + c` is rounded three times, each by at most
/// ε/2 of its size: the point `p` about the shape's centre, the centre `c`, their sum (turning
/// by the identity is exact); together at most `ε(‖p‖ + ‖c‖)`. A separating plane also gives
/// up what choosing the point may lose: two dot products, each off by at most `1.5ε‖d‖‖p‖`,
/// so `3ε‖p‖`. Both are at most `4ε · reach` to first order; 5 leaves room for the second-order
/// terms and the f64 rounding of `p` before it is stored. Only in f32 and only for GJK's and
/// EPA's bounds, which are worked out in f64: in f64 the bounds' own arithmetic, and a cast's
/// tests in the working precision, need the whole [`support_rounding`].
pub fn stored_point_rounding(reach: f64) -> f64 {
    5.0 * f64::from(f32::EPSILON) * reach
}

/// `8ε_f64 · size`: the enclosure test's own rounding (is the origin inside the simplex, each
/// face's plane against the opposite vertex), worked out in f64 on points as large as `size`;
/// it is added to [`support_rounding`], which the points themselves carry.
pub fn enclosure_rounding(size: f64) -> f64 {
    8.0 * f64::EPSILON * size
}

/// `4ε · x`: the rounding of one sum or product of numbers as large as `x` in the working
/// precision, with room for the two or three such steps between a computed number and the
/// test that reads it: the ray cast's time and target, and the radii added back to the cores'
/// distance bounds.
pub fn arithmetic_rounding(epsilon: f64, x: f64) -> f64 {
    4.0 * epsilon * x
}

/// `√ε`: the squared length at or below which the cross product of two box edges is left out
/// of the separating-axis test: the edges are so nearly parallel that its direction is mostly
/// rounding, and a gap measured along it proves nothing. (Boxes only such an axis would part,
/// long thin ones crossing at under a degree in f32, go to boolean GJK instead.)
pub fn parallel_edges<R: Real>() -> R {
    R::EPSILON.sqrt()
}

/// `16 × support_rounding` in f64: how far apart two boxes' faces may be, along the axis that
/// parts them least, and still be answered as touching by the box test. The test's numbers are
/// worked out in f64 whatever the working precision, and its gap is a difference of sums of a
/// dozen such products; 16 allowances cover them, and are still 1e-13 for boxes a metre across.
pub fn boxes_touching(reach: f64) -> f64 {
    16.0 * support_rounding(f64::EPSILON, reach)
}

/// `1000ε_f64 · size`: how far from one plane the corners of a face may lie, in f64, and still
/// be one face of a contact manifold; and how far above that plane any point of the shape may
/// reach while it still supports the shape. A shape's own numbers are exact in its file; the
/// plane's normal and offset are sums of a few dozen products of them.
pub fn feature_rounding(size: f64) -> f64 {
    1e3 * f64::EPSILON * size
}

/// 2°: how far a face's normal (an edge's) may turn from the contact normal and still be the
/// feature a contact manifold is built on. Not a rounding: EPA's normal for a box resting on a
/// floor is a few roundings off straight down, and without an angle the exact support set
/// along it is one corner. A feature within 2° of the normal gives the manifold engines build
/// (a box tilted 1° still clips its face, and the depth filter keeps the corners that are in).
pub fn feature_angle() -> f64 {
    2f64.to_radians()
}

/// `ε`: the least length boolean GJK divides a direction test by (the length from the newest
/// support point to the origin), so that a support point at the origin itself has a scale and
/// the collapse test [`collapsed`] compares the direction with a number, not with 0.
pub fn scale_floor<R: Real>() -> R {
    R::EPSILON
}

/// `10⁻²⁸⁹`: a squared length below which the square no longer holds the length's digits:
/// under 2⁻⁹⁶⁰ it is subnormal or 0 (a point 7.3e-304 from the origin squares to 0, and a
/// bound of 0 was proven under a plane at 7.3e-304: the bounds crossed). Below it a length is
/// scaled by its largest component before it is squared.
pub fn square_underflow() -> f64 {
    1e-289
}

/// `10⁻¹⁸`: the least f32 length of a gap between boxes that the mesh tree's search takes as
/// worked out in f32 (its squares stay normal numbers above about 1.1 · 10⁻¹⁹); a shorter one,
/// or one whose squares passed f32's largest number, is taken again in f64.
pub fn f32_square_floor() -> f32 {
    1e-18
}

/// `10⁻¹³ · size`: how far in front of a face of the incremental hull a point must lie for the
/// face to see it (and be deleted when the point is added). The faces' planes are worked out in
/// f64 from the cloud's own numbers, a few dozen roundings of ε₆₄ each; a point closer than
/// that to the plane is on it, and adding it would only make slivers.
pub fn hull_visible(size: f64) -> f64 {
    1e-13 * size
}

/// `10⁻¹¹ · size`: the hull's certificate: how far a corner may rise above its neighbour's face
/// and the surface still count as bending outwards at their edge. A hundred times
/// [`hull_visible`]: the certificate checks the finished hull, whose faces carry the rounding
/// of every point added after them; a hull that fails it is not used, the scan serves instead.
pub fn hull_certified(size: f64) -> f64 {
    1e-11 * size
}

/// `10⁻⁹ · size`: a cloud thinner than this (its fourth point's height over the first three's
/// plane) is flat: it has no closed hull to walk, and its support keeps the scan.
pub fn hull_flat(size: f64) -> f64 {
    1e-9 * size
}

/// `10⁻⁶`: the cosine between a contact normal and a reference face's plane below which the
/// normal runs along the plane, and no point lies straight across from another along it (the
/// manifold's clipping then keeps the point where it is). Not a rounding: a normal this nearly
/// in the plane would move a point 10⁶ times its gap.
pub fn along_plane() -> f64 {
    1e-6
}

/// `10⁻¹² · ‖v‖`: how far a step's next direction may differ from `−v` and still be called
/// `−v` in the step's explanation; further, the words say the direction blends `−v` with the
/// earlier ones (momentum). Only words: no test of the solver reads it.
pub fn blended_direction(v_length: f64) -> f64 {
    1e-12 * v_length
}

/// `10⁻⁹` degrees: a manifold feature turned less than this from the contact normal is said to
/// face it, without "…° off". Only words: the feature was chosen by [`feature_angle`].
pub fn angle_shown() -> f64 {
    1e-9
}

/// `1°`: how far a contact normal on a mesh may lie outside its feature's normal cone and
/// still be a normal the surface has there (see [`crate::composite::seam`]); further, it is a
/// ghost. Not a rounding: EPA's normal is within its tolerance of the true one, far inside 1°,
/// and a push 1° off the floor turns under 2% of a sliding body's speed sideways.
pub fn seam_angle() -> f64 {
    1f64.to_radians()
}

/// `10⁻⁹ · size`: how far past a compound's contact, along its normal, the lab looks for
/// another piece: a contact whose normal points into a neighbour is on a face the body does not
/// have (two flush tiles' shared side). A million times the rounding of the pieces' support
/// points, and far below any gap a level leaves between its tiles.
pub fn seam_probe(size: f64) -> f64 {
    1e-9 * size
}

/// The default `abs_tolerance` and `rel_tolerance` of GJK: `10⁻⁹` in f64, `10⁻⁵` in f32, a
/// few million ε of each, so that a gap test can pass on bodies of any size the precision holds
/// well, and far below what a game's contact offsets notice.
pub fn default_tolerance(precision: Precision) -> f64 {
    match precision {
        Precision::F64 => 1e-9,
        Precision::F32 => 1e-5,
    }
}

/// The default `epa_tolerance`: `10⁻⁶` in f64, `10⁻⁴` in f32. Looser than GJK's: EPA's faces
/// are planes through rounded support points, and every iteration it saves is a face fewer.
pub fn default_epa_tolerance(precision: Precision) -> f64 {
    match precision {
        Precision::F64 => 1e-6,
        Precision::F32 => 1e-4,
    }
}

/// A cast's default `tolerance` (how close to the target distance counts as the hit):
/// `10⁻⁶` in f64, `10⁻⁴` in f32, as EPA's.
pub fn default_cast_tolerance(precision: Precision) -> f64 {
    default_epa_tolerance(precision)
}
