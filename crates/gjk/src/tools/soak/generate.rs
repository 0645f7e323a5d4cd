//! The soak's scenarios: seeded random and adversarial pairs, each with the truth it is known
//! to satisfy (see the parent module).

use crate::cast::{CastMethod, CastSpec};
use crate::config::{Acceleration, Algorithm, Precision, Radii};
use crate::scenario::{Scenario, SolverSpec};
use crate::shape::BodySpec;
use crate::shape::Shape;
use glam::{DQuat, DVec3};

/// SplitMix64 (Steele, Lea & Flood): a small, fast, seedable generator.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator from a seed: the same seed, the same numbers.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// `10^u` for `u` uniform in `[lo, hi)`.
    pub fn log(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(self.range(lo, hi))
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Each component uniform in `[-size, size)`.
    pub fn vec(&mut self, size: f64) -> DVec3 {
        DVec3::new(
            self.range(-size, size),
            self.range(-size, size),
            self.range(-size, size),
        )
    }

    /// One of `items`, each as likely.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The truth a generated pair is known to satisfy.
#[derive(Debug, Clone, Copy)]
pub(super) enum Truth {
    /// The bodies share their centre.
    Overlapping,
    /// Two spheres, this far apart (0 when they overlap).
    Distance(f64),
    Unknown,
}

/// A length scale: mostly ordinary, sometimes tiny or at the edge of the precision.
fn scale(rng: &mut Rng, precision: Precision) -> f64 {
    let edge = precision.max_length();
    match rng.below(10) {
        0 => rng.log(-6.0, -2.0),
        1 => edge * rng.range(0.01, 0.5),
        // Beyond the limit: the validation must refuse it by name.
        2 if rng.chance(0.1) => edge * rng.log(0.5, 3.0),
        _ => rng.log(-2.0, 2.0),
    }
}

fn shape(rng: &mut Rng, size: f64) -> Shape {
    let len = |rng: &mut Rng| {
        if rng.chance(0.05) {
            0.0
        } else {
            size * rng.log(-1.0, 0.0)
        }
    };
    match rng.below(7) {
        0 => Shape::Sphere { radius: len(rng) },
        1 => Shape::Cuboid {
            half_extents: DVec3::new(len(rng), len(rng), len(rng)),
        },
        2 => Shape::Capsule {
            half_height: len(rng),
            radius: len(rng),
        },
        3 => Shape::Cylinder {
            half_height: len(rng),
            radius: len(rng),
        },
        4 => Shape::Cone {
            half_height: len(rng),
            radius: len(rng),
        },
        _ => Shape::Polytope {
            vertices: cloud(rng, size),
        },
    }
}

/// A point cloud centred on its mean: sometimes one point, duplicates, collinear, flat, or a
/// sphere of 60 points (which walks its hull instead of scanning).
fn cloud(rng: &mut Rng, size: f64) -> Vec<DVec3> {
    let n = rng.pick(&[1, 2, 3, 4, 5, 8, 12, 24, 60]);
    let kind = rng.below(6);
    let mut pts: Vec<DVec3> = (0..n)
        .map(|i| match kind {
            // Collinear.
            0 => DVec3::X * rng.range(-size, size),
            // Flat.
            1 => DVec3::new(rng.range(-size, size), rng.range(-size, size), 0.0),
            // Duplicates.
            2 if i % 2 == 1 => DVec3::splat(size * 0.5),
            // On a sphere.
            3 => rng.vec(1.0).normalize_or(DVec3::X) * size,
            _ => rng.vec(size),
        })
        .collect();
    let mean = pts.iter().copied().sum::<DVec3>() / n as f64;
    for p in &mut pts {
        *p -= mean;
    }
    pts
}

fn rotation(rng: &mut Rng) -> DQuat {
    let q = DQuat::from_xyzw(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    );
    // Extreme magnitudes: the same rotation, scaled far up or down (on both sides of the
    // 1e-100 and 1e100 where the validation starts scaling before it normalises).
    match rng.below(14) {
        0 => q * 1e154,
        1 => q * 1e-200,
        2 => q * 1e300,
        3 => DQuat::IDENTITY,
        4 => q * 1e-101,
        5 => q * 1e100,
        _ => q,
    }
}

fn solver(rng: &mut Rng, precision: Precision) -> SolverSpec {
    let tolerance = |rng: &mut Rng| match rng.below(8) {
        0 => Some(0.0),
        1 => Some(1e-15),
        2 => Some(rng.log(-12.0, 0.0)),
        3 => Some(1.0),
        4 if rng.chance(0.2) => Some(2.0),
        _ => None,
    };
    let cap = |rng: &mut Rng| match rng.below(10) {
        0 if rng.chance(0.3) => Some(0),
        1 => Some(1),
        2 => Some(2),
        3 => Some(1000),
        _ => None,
    };
    SolverSpec {
        algorithm: rng.pick(&Algorithm::ALL),
        precision,
        abs_tolerance: tolerance(rng),
        rel_tolerance: tolerance(rng),
        max_iterations: cap(rng),
        initial_direction: match rng.below(8) {
            0 => Some(rng.vec(1.0) * 1e300),
            1 => Some(rng.vec(1.0) * 1e-300),
            2 => Some(rng.vec(1.0)),
            _ => None,
        },
        epa_tolerance: tolerance(rng),
        epa_max_iterations: cap(rng),
        // EPA always runs in the soak, so that its tallies stay comparable with earlier ones;
        // `epa: false` only leaves EPA out (its tests are the solver's own).
        epa: None,
        radii: match rng.below(3) {
            0 => Some(Radii::Folded),
            1 => Some(Radii::Split),
            _ => Some(Radii::Closed),
        },
        acceleration: match rng.below(4) {
            0 => Some(Acceleration::Polyak),
            1 => Some(Acceleration::Nesterov),
            2 => Some(Acceleration::None),
            _ => None,
        },
    }
}

/// A cast section for some pairs: still, ordinary or huge motions, turning or not, with or
/// without a target distance; the method sometimes one that cannot follow the motion (the
/// validation must then refuse it by name).
fn cast(rng: &mut Rng, size: f64) -> Option<CastSpec> {
    if !rng.chance(0.3) {
        return None;
    }
    let velocity = |rng: &mut Rng| match rng.below(20) {
        0 | 1 => DVec3::ZERO,
        2 => rng.vec(1.0) * 1e150,
        _ => {
            let speed = size * rng.log(-1.0, 1.5);
            rng.vec(speed)
        }
    };
    let angular = |rng: &mut Rng| match rng.below(12) {
        0 => rng.vec(1.0) * 1.4e154,
        1..=4 => {
            let rate = rng.log(-2.0, 1.0);
            rng.vec(rate)
        }
        _ => DVec3::ZERO,
    };
    Some(CastSpec {
        velocity_a: velocity(rng),
        velocity_b: velocity(rng),
        angular_velocity_a: angular(rng),
        angular_velocity_b: angular(rng),
        max_time: Some(rng.range(0.1, 3.0)),
        target_distance: rng.chance(0.25).then(|| size * rng.log(-3.0, -1.0)),
        method: match rng.below(4) {
            0 => None,
            n => Some(CastMethod::ALL[n - 1]),
        },
        ..Default::default()
    })
}

/// One scenario and the truth it is known to satisfy.
pub(super) fn generate(rng: &mut Rng) -> (Scenario, Truth) {
    let precision = if rng.chance(0.5) {
        Precision::F32
    } else {
        Precision::F64
    };
    let size_a = scale(rng, precision);
    // Scale ratios up to 10⁸ between the bodies.
    let size_b = if rng.chance(0.3) {
        size_a * rng.log(-8.0, 8.0)
    } else {
        size_a * rng.log(-1.0, 1.0)
    };
    let centre = if rng.chance(0.2) {
        let size = scale(rng, precision);
        rng.vec(size)
    } else {
        DVec3::ZERO
    };
    let margin = |rng: &mut Rng, size: f64| {
        if rng.chance(0.15) {
            size * rng.log(-3.0, 0.0)
        } else {
            0.0
        }
    };
    let body = |rng: &mut Rng, shape: Shape, position: DVec3, size: f64| BodySpec {
        shape,
        position,
        rotation: rotation(rng),
        margin: margin(rng, size),
    };
    let kind = rng.below(3);
    let (a, b, truth) = match kind {
        // Two shapes sharing a centre.
        0 => {
            let (sa, sb) = (shape(rng, size_a), shape(rng, size_b));
            let a = body(rng, sa, centre, size_a);
            let b = body(rng, sb, centre, size_b);
            (a, b, Truth::Overlapping)
        }
        // Two spheres, anywhere from deep overlap to far apart.
        1 => {
            let (ra, rb) = (size_a * rng.log(-1.0, 0.0), size_b * rng.log(-1.0, 0.0));
            let a = body(rng, Shape::Sphere { radius: ra }, centre, size_a);
            let gap = (ra + rb) * rng.range(-1.0, 1.5);
            let dir = rng.vec(1.0).normalize_or(DVec3::X);
            let pb = centre + dir * (ra + rb + a.margin + gap).max(0.0);
            let b = body(rng, Shape::Sphere { radius: rb }, pb, size_b);
            let truth = ((pb - centre).length() - ra - rb - a.margin - b.margin).max(0.0);
            (a, b, Truth::Distance(truth))
        }
        // Anything, anywhere near.
        _ => {
            let (sa, sb) = (shape(rng, size_a), shape(rng, size_b));
            let a = body(rng, sa, centre, size_a);
            let offset = rng.vec(size_a + size_b);
            let b = body(rng, sb, centre + offset, size_b);
            (a, b, Truth::Unknown)
        }
    };
    let mut s = Scenario::new("soak", a, b);
    s.solver = solver(rng, precision);
    s.cast = cast(rng, size_a.max(size_b));
    (s, truth)
}

/// The same scenario laid in the plane `z = 0` (`soak --plane`): positions and clouds lose
/// their z, a body keeps only its turn about z, a cylinder or cone becomes its section through
/// its axis, and a cast moves in the plane and turns about its normal. Shapes keep their
/// origin inside (a section through the origin of a body holding it holds it), so two bodies
/// sharing a centre still overlap; two spheres' distance is the one in the plane.
pub(super) fn flattened(mut s: Scenario, truth: Truth) -> (Scenario, Truth) {
    let flat = |v: DVec3| DVec3::new(v.x, v.y, 0.0);
    for body in [&mut s.a, &mut s.b] {
        body.position = flat(body.position);
        body.rotation = DQuat::from_rotation_z(crate::shape::plane::angle_of(body.rotation));
        body.shape = match std::mem::replace(&mut body.shape, Shape::Sphere { radius: 0.0 }) {
            Shape::Cuboid { half_extents } => Shape::Cuboid {
                half_extents: flat(half_extents),
            },
            Shape::Polytope { vertices } => Shape::Polytope {
                vertices: vertices.into_iter().map(flat).collect(),
            },
            Shape::Cylinder {
                half_height,
                radius,
            } => Shape::Cuboid {
                half_extents: DVec3::new(radius, half_height, 0.0),
            },
            Shape::Cone {
                half_height,
                radius,
            } => Shape::Polytope {
                vertices: vec![
                    DVec3::new(-radius, -half_height, 0.0),
                    DVec3::new(radius, -half_height, 0.0),
                    DVec3::new(0.0, half_height, 0.0),
                ],
            },
            other => other,
        };
    }
    s.dimension = crate::config::Dimension::Two;
    s.solver.initial_direction = s.solver.initial_direction.map(flat);
    s.cast = s
        .cast
        .map(|c| c.map(flat, |w: DVec3| DVec3::new(0.0, 0.0, w.z)));
    let truth = match (truth, &s.a.shape, &s.b.shape) {
        (Truth::Distance(_), Shape::Sphere { radius: ra }, Shape::Sphere { radius: rb }) => {
            let centres = (s.b.position - s.a.position).length();
            Truth::Distance((centres - ra - rb - s.a.margin - s.b.margin).max(0.0))
        }
        (truth, ..) => truth,
    };
    (s, truth)
}
