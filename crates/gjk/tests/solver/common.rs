//! Seeded random shapes and poses shared by the tests.

use gjk::{BodySpec, Shape};
use glam::{DQuat, DVec3};

/// The soak's seeded generator, with the helpers these tests draw with.
pub struct Rng(gjk::tools::soak::Rng);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(gjk::tools::soak::Rng::new(seed))
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        self.0.range(lo, hi)
    }

    pub fn vec(&mut self, lo: f64, hi: f64) -> DVec3 {
        DVec3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }

    pub fn rotation(&mut self) -> DQuat {
        loop {
            let q = glam::DVec4::new(
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
            );
            let len = q.length();
            if len > 0.1 && len <= 1.0 {
                return DQuat::from_vec4(q / len);
            }
        }
    }

    pub fn pick(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}

/// An unrotated, unrounded body at `position`.
pub fn at(shape: Shape, position: DVec3) -> BodySpec {
    BodySpec {
        shape,
        position,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    }
}

/// An axis-aligned cube of half-size `half`.
pub fn cube(half: f64, position: DVec3) -> BodySpec {
    at(
        Shape::Cuboid {
            half_extents: DVec3::splat(half),
        },
        position,
    )
}

pub const KINDS: [&str; 6] = [
    "sphere", "cuboid", "capsule", "cylinder", "cone", "polytope",
];

/// A random shape of the given kind, sizes 0.2–1.2.
pub fn shape(rng: &mut Rng, kind: &str) -> Shape {
    match kind {
        "sphere" => Shape::Sphere {
            radius: rng.range(0.2, 1.2),
        },
        "cuboid" => Shape::Cuboid {
            half_extents: rng.vec(0.2, 1.2),
        },
        "capsule" => Shape::Capsule {
            half_height: rng.range(0.1, 1.0),
            radius: rng.range(0.2, 0.8),
        },
        "cylinder" => Shape::Cylinder {
            half_height: rng.range(0.2, 1.0),
            radius: rng.range(0.2, 1.0),
        },
        "cone" => Shape::Cone {
            half_height: rng.range(0.2, 1.0),
            radius: rng.range(0.2, 1.0),
        },
        _ => {
            let n = 4 + rng.pick(29);
            Shape::Polytope {
                vertices: (0..n).map(|_| rng.vec(-1.0, 1.0)).collect(),
            }
        }
    }
}

/// A random body of the given kind in a 6×6×6 box, sometimes rounded.
pub fn body(rng: &mut Rng, kind: &str) -> BodySpec {
    let shape = shape(rng, kind);
    // Drawn before the pose, as the random pairs always were.
    let margin = margin(rng);
    BodySpec {
        shape,
        position: rng.vec(-2.0, 2.0),
        rotation: rng.rotation(),
        margin,
    }
}

/// Lower bound on the distance from a separating direction: for unit `n`, every point `c` of
/// `A ⊖ B` has `c · n ≥ n · s(−n)`, so `dist ≥ n · s(−n)`.
pub fn lower_bound(a: &BodySpec, b: &BodySpec, n: DVec3) -> f64 {
    let ba = gjk::Body::<f64>::prepared(
        &gjk::PreparedShape::new(a.shape.clone()),
        a.pose(),
        a.margin,
    );
    let bb = gjk::Body::<f64>::prepared(
        &gjk::PreparedShape::new(b.shape.clone()),
        b.pose(),
        b.margin,
    );
    let cso = gjk::MinkowskiDifference::new(&ba, &bb);
    n.dot(cso.support(-n).point)
}

/// How much a support point of `A ⊖ B` computed in f64 may be off: 8ε times the size of the
/// numbers it is made from (the bodies' distances from the origin and their sizes), the
/// allowance the certificate itself gives up.
pub fn rounding(a: &BodySpec, b: &BodySpec) -> f64 {
    let size = |s: &BodySpec| s.position.length() + s.shape.bounding_radius() + s.margin;
    8.0 * f64::EPSILON * (size(a) + size(b))
}

pub use gjk::tools::reference::to_parry;

/// A margin for a random body: none three times in four, else up to 0.3.
pub fn margin(rng: &mut Rng) -> f64 {
    if rng.pick(4) == 0 {
        rng.range(0.0, 0.3)
    } else {
        0.0
    }
}
