//! Properties that hold for every input.

use crate::solver::common::{KINDS, Rng, body};
use gjk::{Acceleration, Algorithm, BodySpec, Precision, Radii, Shape, SolverConfig};
use glam::{DQuat, DVec3};
use proptest::prelude::*;

fn pair(seed: u64) -> (BodySpec, BodySpec) {
    let mut rng = Rng::new(seed);
    let (ka, kb) = (rng.pick(6), rng.pick(6));
    (body(&mut rng, KINDS[ka]), body(&mut rng, KINDS[kb]))
}

/// The default configuration with radii and acceleration chosen by `variant` (0..6: every
/// combination).
fn config(variant: usize) -> SolverConfig {
    SolverConfig {
        radii: [Radii::Split, Radii::Folded][variant % 2],
        acceleration: Acceleration::ALL[variant / 2 % 3],
        ..SolverConfig::default()
    }
}

fn run(a: &BodySpec, b: &BodySpec, variant: usize) -> gjk::Finish {
    gjk::solve(a, b, &config(variant))
}

fn dist(f: &gjk::Finish) -> f64 {
    f.outcome.distance().unwrap_or(0.0)
}

/// Two runs of one problem agree: to the relative tolerance where both are certified (2e-9 for
/// rel_tolerance 1e-9 on each side, plus `slack`); otherwise their proven bounds must meet,
/// since an uncertified run (stopped by `repeated_support`, say) promises no more than those.
fn agree(x: &gjk::Finish, y: &gjk::Finish, slack: f64) -> Result<(), String> {
    let (dx, dy) = (dist(x), dist(y));
    if x.certificate.certified && y.certificate.certified {
        if (dx - dy).abs() > 2e-9 * dx.max(dy) + slack {
            return Err(format!("{dx} vs {dy}"));
        }
    } else {
        let ([lx, ux], [ly, uy]) = (x.certificate.distance_bounds, y.certificate.distance_bounds);
        if lx > uy + slack || ly > ux + slack {
            return Err(format!("bounds [{lx}, {ux}] and [{ly}, {uy}] do not meet"));
        }
    }
    Ok(())
}

fn moved(b: &BodySpec, rotation: DQuat, translation: DVec3) -> BodySpec {
    BodySpec {
        position: rotation * b.position + translation,
        rotation: (rotation * b.rotation).normalize(),
        ..b.clone()
    }
}

/// Any finite vector, from tiny to huge.
pub fn finite_vec() -> impl Strategy<Value = DVec3> {
    let f = prop_oneof![-1e6..1e6f64, -1e-6..1e-6f64, Just(0.0)];
    (f.clone(), f.clone(), f).prop_map(|(x, y, z)| DVec3::new(x, y, z))
}

fn any_shape() -> impl Strategy<Value = Shape> {
    let len = prop_oneof![0.0..1e4f64, Just(0.0), 0.0..1e-6f64];
    prop_oneof![
        len.clone().prop_map(|radius| Shape::Sphere { radius }),
        finite_vec().prop_map(|h| Shape::Cuboid {
            half_extents: h.abs()
        }),
        (len.clone(), len.clone()).prop_map(|(half_height, radius)| Shape::Capsule {
            half_height,
            radius
        }),
        (len.clone(), len.clone()).prop_map(|(half_height, radius)| Shape::Cylinder {
            half_height,
            radius
        }),
        (len.clone(), len.clone()).prop_map(|(half_height, radius)| Shape::Cone {
            half_height,
            radius
        }),
        prop::collection::vec(finite_vec(), 1..12)
            .prop_map(|vertices| Shape::Polytope { vertices }),
        // Large enough to walk its hull graph (when the cloud has a certified hull).
        prop::collection::vec(finite_vec(), gjk::shape::hull::CLIMB_MIN_VERTICES..80)
            .prop_map(|vertices| Shape::Polytope { vertices }),
    ]
}

pub fn any_body() -> impl Strategy<Value = BodySpec> {
    (any_shape(), finite_vec(), finite_vec(), 0.0..1.0f64).prop_map(
        |(shape, position, axis, angle)| {
            let rotation = if axis.length() > 0.0 {
                DQuat::from_axis_angle(axis.normalize(), angle * 6.0)
            } else {
                DQuat::IDENTITY
            };
            BodySpec {
                shape,
                position,
                rotation,
                margin: if angle < 0.3 { angle } else { 0.0 },
            }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn distance_is_non_negative_and_symmetric(seed in any::<u64>(), variant in 0usize..6) {
        let (a, b) = pair(seed);
        let (ab, ba) = (run(&a, &b, variant), run(&b, &a, variant));
        prop_assert!(dist(&ab) >= 0.0);
        let agreed = agree(&ab, &ba, 1e-12);
        prop_assert!(agreed.is_ok(), "{:?}", agreed);
    }

    #[test]
    fn distance_is_invariant_under_a_common_rigid_motion(
        seed in any::<u64>(),
        t in finite_vec(),
        variant in 0usize..6,
    ) {
        let (a, b) = pair(seed);
        let mut rng = Rng::new(seed ^ 0x5555);
        let r = rng.rotation();
        let t = t.clamp(DVec3::splat(-100.0), DVec3::splat(100.0));
        let before = run(&a, &b, variant);
        let after = run(&moved(&a, r, t), &moved(&b, r, t), variant);
        // Moving both by up to 100 units costs up to ~100·ε of absolute precision.
        let agreed = agree(&before, &after, 1e-11);
        prop_assert!(agreed.is_ok(), "{:?}", agreed);
    }

    #[test]
    fn every_run_ends_within_the_cap_without_panicking(
        a in any_body(),
        b in any_body(),
        algorithm in 0usize..3,
        f32 in any::<bool>(),
        cap in 1u32..80,
        variant in 0usize..6,
    ) {
        let algorithm = [Algorithm::Distance, Algorithm::SignedVolumes, Algorithm::Boolean][algorithm];
        let mut config = SolverConfig {
            algorithm,
            ..config(variant)
        };
        if f32 {
            config = SolverConfig {
                radii: config.radii,
                acceleration: config.acceleration,
                ..SolverConfig::default_for(algorithm, Precision::F32)
            };
        }
        config.max_iterations = cap;
        let t = gjk::trace(&a, &b, &config);
        prop_assert!(t.finish.iterations <= cap);
        prop_assert_eq!(t.steps.len() as u32, t.finish.iterations + t.finish.epa_iterations);
        // Every step can be read in words.
        prop_assert!(t.steps.iter().all(|s| !s.explanation().is_empty()));
        prop_assert!(t.finish.epa_iterations <= config.epa_max_iterations);
        if let Some(p) = t.finish.penetration {
            prop_assert!(p.depth >= 0.0 && p.depth.is_finite() && p.normal.is_finite());
        }
        if let Some(d) = t.finish.outcome.distance() {
            prop_assert!(d >= 0.0 && d.is_finite());
        }
    }
}
