//! Tolerances, limits and precision: everything a user may tune, in one place.

use glam::DVec3;
use serde::{Deserialize, Serialize};

pub mod thresholds;

/// Which GJK variant runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// Closest-point descent with the Johnson/Voronoi distance subalgorithm (Ericson §4).
    Distance,
    /// The direction-based yes/no test of the tutorials (Code Cave, the Headbutt library,
    /// Suominen).
    Boolean,
    /// The same descent as `Distance` with the signed-volumes subalgorithm (Montanari,
    /// Petrinic & Barbieri 2017) in place of Johnson's region tests: the default, for its
    /// speed (the same iterations in a third to a half of the time). The lab's bundled
    /// scenarios name `distance`, the one the lessons teach.
    #[default]
    SignedVolumes,
}

impl Algorithm {
    /// Every algorithm, in the order the panel offers them.
    pub const ALL: [Algorithm; 3] = [
        Algorithm::Distance,
        Algorithm::SignedVolumes,
        Algorithm::Boolean,
    ];

    /// The snake_case name used in files and output.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Distance => "distance",
            Algorithm::Boolean => "boolean",
            Algorithm::SignedVolumes => "signed_volumes",
        }
    }

    /// Whether the algorithm computes a distance (both closest-point descents do).
    pub fn measures_distance(self) -> bool {
        self != Algorithm::Boolean
    }
}

/// How the solvers treat rounded shapes: spheres, capsules and any shape with a `margin`.
///
/// A sphere is a point grown by a radius, a capsule a segment grown by a radius, a rounded box
/// a box grown by its margin: a *core* and a *radius* (the way Jolt's convex radius and Box2D's
/// rounded polygons work).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Radii {
    /// The radius is folded into the support mapping (`s(d) = s_core(d) + r·d/‖d‖`): GJK and EPA
    /// see the whole curved surface. EPA must then tessellate it face by face, and stops on its
    /// budget before the depth is exact when the overlap is deep.
    Folded,
    /// GJK runs on the cores and the radii are added back exactly: cores apart by more than the
    /// radii are apart by the difference; cores apart by less overlap by the rest, with no EPA
    /// at all; only cores that overlap themselves need EPA, on the cores. Choose it to step GJK
    /// from a sphere's centre to a capsule's segment.
    Split,
    /// As `Split`, and cores that are points or segments (spheres and capsules, rounded or not),
    /// or one of them and a triangle (a mesh's piece), need no GJK at all: their distance is
    /// the closest points of two segments, or of a point or segment and a triangle, in closed
    /// form, with the same certificate (see [`crate::gjk::closed`]). The way an engine answers
    /// these pairs (parry, Jolt and Box2D all do), and the default: a query answers a ball and
    /// a capsule in a tenth of GJK's time, its trace one step. Every other pair runs as `Split`.
    #[default]
    Closed,
}

impl Radii {
    /// The snake_case name used in files and output.
    pub fn name(self) -> &'static str {
        match self {
            Radii::Folded => "folded",
            Radii::Split => "split",
            Radii::Closed => "closed",
        }
    }

    /// Whether the radii are split off, the solvers working on the cores.
    pub fn splits(self) -> bool {
        self != Radii::Folded
    }
}

/// How the distance algorithms choose their search direction (Montaut, Le Lidec, Petrík, Sivic
/// & Carpentier, "Collision Detection Accelerated: An Optimization Perspective", RSS 2022).
///
/// GJK is a Frank-Wolfe method: each iteration asks for the support point along −v, the
/// "gradient" of ‖x‖²/2 at the current closest point v. On curved shapes it then converges
/// linearly, creeping round the surface. Momentum mixes −v with the directions taken before,
/// as Polyak's heavy ball and Nesterov's accelerated gradient do, and reaches the answer in
/// fewer support calls on strictly convex shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Acceleration {
    /// Plain GJK: always along −v.
    #[default]
    None,
    /// Heavy ball: `d ← δ d + (1 − δ) v`, with `δ = (k+1)/(k+3)`.
    Polyak,
    /// Nesterov: `y = δ v + (1 − δ) w` (a step past v towards the last support point w), then
    /// `d ← δ d + (1 − δ) y`; both terms at unit length for two polytopes, as the paper
    /// recommends.
    Nesterov,
}

impl Acceleration {
    /// Every acceleration, in the order the panel offers them.
    pub const ALL: [Acceleration; 3] = [
        Acceleration::None,
        Acceleration::Polyak,
        Acceleration::Nesterov,
    ];

    /// The snake_case name used in files and output.
    pub fn name(self) -> &'static str {
        match self {
            Acceleration::None => "none",
            Acceleration::Polyak => "polyak",
            Acceleration::Nesterov => "nesterov",
        }
    }
}

/// The floating-point type the solver computes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Precision {
    /// Single precision: `f32`, glam's `Vec3`.
    F32,
    #[default]
    /// Double precision: `f64`, glam's `DVec3`.
    F64,
}

impl Precision {
    /// The precision of the type `R`.
    pub fn of<R: crate::real::Real>() -> Self {
        if R::EPSILON.to_f64() == f64::EPSILON {
            Precision::F64
        } else {
            Precision::F32
        }
    }

    /// `"f32"` or `"f64"`.
    pub fn name(self) -> &'static str {
        match self {
            Precision::F32 => "f32",
            Precision::F64 => "f64",
        }
    }

    /// The type's machine epsilon, as an `f64`.
    pub fn epsilon(self) -> f64 {
        match self {
            Precision::F32 => f64::from(f32::EPSILON),
            Precision::F64 => f64::EPSILON,
        }
    }

    /// The largest finite number of the type.
    pub fn max_value(self) -> f64 {
        match self {
            Precision::F32 => f64::from(f32::MAX),
            Precision::F64 => f64::MAX,
        }
    }

    /// The largest length or coordinate a scenario may use (radii, half extents, positions,
    /// vertices, margins, `abs_tolerance`).
    ///
    /// The solvers multiply up to four lengths together (`‖n‖²` of a face normal `n = ab × ac`,
    /// the Voronoi tests `m · (ap × ac)`), and a point of `A ⊖ B` or the difference of two can
    /// be about 20 of the scenario's numbers added up; `(20 L)⁴` must stay well inside the type:
    /// `L = 1e8` gives 1.6e37 < 3.4e38 in f32, `L = 1e75` gives 1.6e305 < 1.8e308 in f64.
    /// Larger inputs are refused by name rather than solved in a rescaled frame: an f32 scene
    /// beyond 1e8 has coordinates whose rounding step exceeds 1, so no answer could mean much.
    pub fn max_length(self) -> f64 {
        match self {
            Precision::F32 => 1e8,
            Precision::F64 => 1e75,
        }
    }
}

/// The most GJK iterations a run may be given (a polytope needs at most its vertex count; the
/// loop always ends sooner on rounding, so the cap is a guard against typing mistakes).
pub const MAX_ITERATIONS: u32 = 100_000;

/// The most EPA iterations: each one adds a vertex, and finding the closest face scans them all,
/// so the cost grows with the square of the budget.
pub const MAX_EPA_ITERATIONS: u32 = 10_000;

/// A complete solver configuration (every field decided).
///
/// Defaults, per precision (see [`SolverConfig::default_for`]):
///
/// | field | f64 | f32 | why |
/// |---|---|---|---|
/// | `rel_tolerance` | 1e-9 | 1e-5 | stop when `‖v‖² − v·w ≤ rel·‖v‖²`; then `‖v‖` is within `rel` (relative) of the true distance, since `v·w/‖v‖` is a lower bound. Far below f32's noise (`ε ≈ 1.2e-7` times the coordinates' size) the test can never pass, so f32 gets 1e-5. parry uses `√ε`-scale relative tolerances for the same test. |
/// | `abs_tolerance` | 1e-9 | 1e-5 | `‖v‖` at or below this counts as touching. Scale-dependent: it is a length in scenario units. |
/// | `max_iterations` | 64 | 64 | polytopes converge in at most their vertex count; curved pairs at these tolerances take ~5–30 (parry caps at 100, Jolt at its tolerance only). |
/// | `epa_tolerance` | 1e-6 | 1e-4 | EPA's relative gap: depths to 1e-6 relative; EPA's polytope converges on curved shapes far more slowly than GJK's simplex (parry and Jolt use ~1e-4–1e-6 here). |
/// | `epa_max_iterations` | 256 | 256 | enough for spheres at 1e-6 (about 200 iterations); polytopes need at most their face count. |
/// | `epa` | `true` | `true` | an overlapping pair goes on to EPA for its depth, normal and contact points; `false` asks only whether the shapes overlap (the question parry's `intersection_test` answers, and its `distance` for an overlapping pair): no EPA runs, and two boxes asked it with `boolean` are answered by their separating axes ([`crate::gjk::boxes`]). |
/// | `initial_direction` | `None` | `None` | automatic: `centre(B) − centre(A)`, the direction from A's centre toward B's (as in the Headbutt library's "Building a Collision Engine Part 3: 3D GJK"), or +X when the centres coincide. |
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SolverConfig {
    /// The GJK variant (see [`Algorithm`]).
    pub algorithm: Algorithm,
    /// The floating-point type it computes in.
    pub precision: Precision,
    /// `‖v‖` at or below this counts as touching (see the table above).
    pub abs_tolerance: f64,
    /// The gap test's relative tolerance (see the table above).
    pub rel_tolerance: f64,
    /// GJK's iteration cap.
    pub max_iterations: u32,
    /// The first search direction; `None` for the centres' (see the table above).
    pub initial_direction: Option<DVec3>,
    /// EPA stops when the support point along the closest face's normal is within
    /// `epa_tolerance · depth` of the face.
    pub epa_tolerance: f64,
    /// EPA's iteration budget.
    pub epa_max_iterations: u32,
    /// Whether an overlapping pair goes on to EPA for its depth, normal and contact points
    /// (see the table above). A depth that costs nothing is given either way: a pair in
    /// closed form, or cores apart by less than their radii.
    #[serde(default = "runs_epa")]
    pub epa: bool,
    /// Whether rounded shapes are solved whole or as cores and radii (see [`Radii`]). Boolean
    /// GJK has no distance to take radii from: it always runs folded.
    #[serde(default)]
    pub radii: Radii,
    /// The distance algorithms' search direction: plain −v, or with momentum (see
    /// [`Acceleration`]). Boolean GJK ignores it.
    #[serde(default)]
    pub acceleration: Acceleration,
    /// Whether the bodies live in space or in the plane `z = 0` (see [`Dimension`]).
    #[serde(default)]
    pub dimension: Dimension,
}

/// Where a query lives: in space, or in the plane.
///
/// The plane is solved by the same code as space, with the bodies laid in the plane `z = 0`:
/// every support point, every `v` and every direction GJK asks along then stays in that plane,
/// because `v` is a combination of support points and the next direction is `−v`. What the
/// plane changes is only what its topology changes: the largest simplex is a triangle (three
/// points already enclose the origin), boolean GJK turns towards an edge's outward normal
/// instead of a face's, and EPA grows a polygon from edges instead of a polytope from faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dimension {
    /// The plane `z = 0`.
    Two,
    #[default]
    /// Space.
    Three,
}

impl Dimension {
    /// How many points a simplex has when it encloses the origin: 3 in the plane, 4 in space.
    pub fn full_simplex(self) -> usize {
        match self {
            Dimension::Two => 3,
            Dimension::Three => 4,
        }
    }

    /// Whether this is the plane.
    pub fn is_plane(self) -> bool {
        self == Dimension::Two
    }

    /// `v` as answers in this dimension write it.
    pub fn written(self, vector: DVec3) -> Written {
        Written {
            vector,
            dimension: self,
        }
    }
}

/// A vector of an answer, written as its dimension has it: `[x, y]` in the plane (where every
/// point and direction has `z = 0`), `[x, y, z]` in space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Written {
    /// The vector.
    pub vector: DVec3,
    /// The dimension it is written in.
    pub dimension: Dimension,
}

impl Serialize for Written {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.dimension {
            Dimension::Two => self.vector.truncate().serialize(s),
            Dimension::Three => self.vector.serialize(s),
        }
    }
}

impl SolverConfig {
    /// The documented defaults for a precision.
    pub fn default_for(algorithm: Algorithm, precision: Precision) -> Self {
        let tolerance = thresholds::default_tolerance(precision);
        Self {
            algorithm,
            precision,
            abs_tolerance: tolerance,
            rel_tolerance: tolerance,
            max_iterations: 64,
            initial_direction: None,
            epa_tolerance: thresholds::default_epa_tolerance(precision),
            epa_max_iterations: 256,
            epa: true,
            radii: Radii::default(),
            acceleration: Acceleration::default(),
            dimension: Dimension::default(),
        }
    }
}

/// EPA runs unless a configuration says otherwise.
fn runs_epa() -> bool {
    true
}

impl Default for SolverConfig {
    fn default() -> Self {
        Self::default_for(Algorithm::default(), Precision::default())
    }
}
