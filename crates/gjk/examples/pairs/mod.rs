//! The pairs the benches and the measuring examples draw: the bench's six pairs, and separated
//! cylinder–cone pairs in random poses.

use super::common::{Rng, to_parry};
use gjk::{
    Algorithm, Body, BodySpec, DistanceGjk, MinkowskiDifference, Precision, PreparedShape, Shape,
    SolverConfig, Steppable,
};
use glam::{DQuat, DVec3};
use parry3d_f64::shape::SharedShape;
use std::hint::black_box;

fn place(shape: Shape, position: DVec3, rotation: DQuat) -> BodySpec {
    BodySpec {
        shape,
        position,
        rotation,
        margin: 0.0,
    }
}

/// `n` points on the unit sphere: every one is a hull vertex, the hard case for a support scan.
pub fn hull(rng: &mut Rng, n: usize) -> Shape {
    Shape::Polytope {
        vertices: (0..n)
            .map(|_| rng.vec(-1.0, 1.0).normalize_or(DVec3::X))
            .collect(),
    }
}

/// The pairs, each separated by about 0.3: box–box, sphere–capsule, cylinder–cone and
/// hulls of 32, 100 and 1,000 points.
pub fn bench_pairs() -> Vec<(&'static str, BodySpec, BodySpec)> {
    let mut rng = Rng::new(9);
    let tilt = DQuat::from_euler(glam::EulerRot::YXZ, 0.4, 0.3, 0.2);
    let cuboid = |h: DVec3| Shape::Cuboid { half_extents: h };
    let mut pairs = vec![
        (
            "box-box",
            place(cuboid(DVec3::new(0.5, 0.4, 0.6)), DVec3::ZERO, tilt),
            place(
                cuboid(DVec3::splat(0.5)),
                DVec3::new(1.6, 0.3, 0.2),
                tilt.inverse(),
            ),
        ),
        (
            "sphere-capsule",
            place(Shape::Sphere { radius: 0.5 }, DVec3::ZERO, DQuat::IDENTITY),
            place(
                Shape::Capsule {
                    half_height: 0.6,
                    radius: 0.3,
                },
                DVec3::new(1.2, 0.5, 0.1),
                tilt,
            ),
        ),
        (
            "cylinder-cone",
            place(
                Shape::Cylinder {
                    half_height: 0.5,
                    radius: 0.4,
                },
                DVec3::ZERO,
                tilt,
            ),
            place(
                Shape::Cone {
                    half_height: 0.5,
                    radius: 0.5,
                },
                DVec3::new(1.3, 0.2, -0.1),
                tilt.inverse(),
            ),
        ),
    ];
    // Points on spheres, the same pose for every size; drawn in order, so the clouds match
    // earlier runs of the bench.
    for (name, n) in [("hull32", 32), ("hull100", 100), ("hull1000", 1000)] {
        let a = place(hull(&mut rng, n), DVec3::ZERO, tilt);
        let b = place(
            hull(&mut rng, n),
            DVec3::new(2.3, 0.3, -0.2),
            DQuat::IDENTITY,
        );
        pairs.push((name, a, b));
    }
    pairs
}

/// `n` separated cylinder–cone pairs in random poses, the same for the `against_parry` and
/// `paired` examples and the `poses` bench.
pub fn cylinder_cone_pairs(n: usize) -> Vec<(BodySpec, BodySpec)> {
    let mut rng = Rng::new(77);
    let mut pairs = Vec::new();
    let config = SolverConfig::default_for(Algorithm::SignedVolumes, Precision::F64);
    while pairs.len() < n {
        let a = BodySpec {
            shape: Shape::Cylinder {
                half_height: 0.6,
                radius: 0.5,
            },
            position: DVec3::ZERO,
            rotation: rng.rotation(),
            margin: 0.0,
        };
        let b = BodySpec {
            shape: Shape::Cone {
                half_height: 0.5,
                radius: 0.6,
            },
            position: rng.vec(-2.5, 2.5),
            rotation: rng.rotation(),
            margin: 0.0,
        };
        if matches!(
            gjk::solve(&a, &b, &config).outcome,
            gjk::Outcome::Separated { .. }
        ) {
            pairs.push((a, b));
        }
    }
    pairs
}

/// The random cylinder–cone poses ready for both solvers: our bodies, and parry's shapes with
/// B's pose in A's frame (what its GJK takes).
pub struct Poses {
    ours: Vec<(Body<f64>, Body<f64>)>,
    theirs: Vec<(parry3d_f64::math::Pose, SharedShape, SharedShape)>,
}

impl Poses {
    /// The first `n` of [`cylinder_cone_pairs`].
    pub fn new(n: usize) -> Self {
        let pairs = cylinder_cone_pairs(n);
        let body =
            |s: &BodySpec| Body::prepared(&PreparedShape::new(s.shape.clone()), s.pose(), s.margin);
        let theirs = pairs
            .iter()
            .map(|(a, b)| {
                let (pa, sa) = to_parry(a).expect("parry shape");
                let (pb, sb) = to_parry(b).expect("parry shape");
                (pa.inv_mul(&pb), sa, sb)
            })
            .collect();
        Poses {
            ours: pairs.iter().map(|(a, b)| (body(a), body(b))).collect(),
            theirs,
        }
    }

    /// Our distance GJK on every pose, as `config` says.
    pub fn ours(&self, config: &SolverConfig) {
        for (a, b) in &self.ours {
            let cso = MinkowskiDifference::new(black_box(a), black_box(b));
            black_box(&DistanceGjk::new(cso, config).run());
        }
    }

    /// parry's GJK (`distance_support_map_support_map`) on every pose.
    pub fn parry(&self) {
        for (pos12, sa, sb) in &self.theirs {
            let (ga, gb) = (
                sa.as_support_map().expect("convex"),
                sb.as_support_map().expect("convex"),
            );
            black_box(
                parry3d_f64::query::details::distance_support_map_support_map(
                    black_box(pos12),
                    ga,
                    gb,
                ),
            );
        }
    }
}
