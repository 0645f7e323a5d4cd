//! Manifolds of random overlapping pairs against parry3d-f64's `contact_manifolds`.

use crate::solver::common::Rng;
use gjk::tools::reference::manifold::reference_manifold;
use gjk::{BodySpec, Scenario, Shape};
use glam::{DQuat, DVec3};

/// A shape resting on a slab's top face `depth` deep, turned by up to `tilt` radians, the
/// whole scene turned at random.
fn resting(rng: &mut Rng, kind: &str, tilt: f64) -> Scenario {
    let turn = rng.rotation();
    let depth = rng.range(0.005, 0.05);
    let (shape, lowest, lying) = match kind {
        "cuboid" => {
            let h = rng.vec(0.2, 0.8);
            (Shape::Cuboid { half_extents: h }, h.y, DQuat::IDENTITY)
        }
        "capsule" => {
            let (h, r) = (rng.range(0.2, 0.8), rng.range(0.1, 0.4));
            (
                Shape::Capsule {
                    half_height: h,
                    radius: r,
                },
                r,
                DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
            )
        }
        _ => {
            let (h, r) = (rng.range(0.2, 0.8), rng.range(0.2, 0.6));
            (
                Shape::Cylinder {
                    half_height: h,
                    radius: r,
                },
                h,
                DQuat::IDENTITY,
            )
        }
    };
    let tip = DQuat::from_axis_angle(rng.vec(-1.0, 1.0).normalize(), rng.range(0.0, tilt));
    let yaw = DQuat::from_rotation_y(rng.range(0.0, 6.3));
    let local = DVec3::new(
        rng.range(-1.0, 1.0),
        0.5 + lowest - depth,
        rng.range(-1.0, 1.0),
    );
    let slab = BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::new(2.0, 0.5, 2.0),
        },
        position: DVec3::ZERO,
        rotation: turn,
        margin: 0.0,
    };
    let top = BodySpec {
        shape,
        position: turn * local,
        rotation: turn * tip * yaw * lying,
        margin: 0.0,
    };
    Scenario::new("resting", slab, top)
}

/// A shape resting on a face, as engines see them every frame: the normal is parry's, every
/// point pair lies on the slab's top face and straight across along the normal, and the deepest
/// point is the answer's depth. A box's points are parry's own (parry keeps a corner apart by
/// up to its prediction that we drop as not in contact: then ours are a subset of its).
#[test]
fn resting_contacts_agree_with_parry() {
    let mut rng = Rng::new(7);
    let mut same_count = [0usize; 3];
    for i in 0..1500 {
        let k = i % 3;
        let s = resting(&mut rng, ["cuboid", "capsule", "cylinder"][k], 0.01);
        let finish = gjk::solve(&s.a, &s.b, &s.config());
        let (ours, steps) = s.manifold_prepared(&s.prepare(), &finish).unwrap();
        let theirs = reference_manifold(&s).unwrap().unwrap();
        let angle = ours.normal.angle_between(theirs.normal).to_degrees();
        assert!(angle < 1e-3, "{i}: normals {angle}° apart");
        let p = finish.penetration.unwrap();
        let [lower, upper] = p.depth_bounds.unwrap();
        let deepest = ours.deepest();
        let short = shortfall(&steps) + 1e-12;
        assert!(
            lower - short <= deepest && deepest <= upper + 1e-12,
            "{i}: {deepest} {lower} {upper}"
        );
        let up = s.a.rotation * DVec3::Y;
        for c in &ours.points {
            let top = s.a.rotation.inverse() * c.point_a;
            assert!(
                (top.y - 0.5).abs() < 1e-9 && top.x.abs() <= 2.0 && top.z.abs() <= 2.0,
                "{i}: {top}"
            );
            assert!(((c.point_a - c.point_b).dot(ours.normal) - c.depth).abs() < 1e-12);
            assert!(((c.point_a - c.point_b).normalize() - up).length() < 1e-6 || c.depth < 1e-9);
        }
        if k == 0 {
            for c in &ours.points {
                let found = theirs.points.iter().any(|t| {
                    t.point_a.distance(c.point_a) < 1e-9 && t.point_b.distance(c.point_b) < 1e-9
                });
                assert!(found, "{i}: {c:?} not among parry's {theirs:#?}");
            }
        }
        if ours.points.len() == theirs.points.len() {
            same_count[k] += 1;
        }
    }
    println!("same number of points as parry (box, capsule, cylinder of 500 each): {same_count:?}");
    assert!(same_count[0] >= 495, "{same_count:?}");
}

/// Random pairs of every kind, most deep and at odd angles: the normal is parry's to within a
/// degree (EPA's tolerance and parry's differ), and the deepest point lies within the answer's
/// depth bounds.
#[test]
fn random_pairs_have_parrys_normal() {
    let mut rng = Rng::new(11);
    let kinds = [
        "cuboid", "capsule", "polytope", "cylinder", "cone", "sphere",
    ];
    let mut compared = 0;
    for i in 0..6000 {
        let (ka, kb) = (kinds[rng.pick(6)], kinds[rng.pick(6)]);
        let a = crate::solver::common::body(&mut rng, ka);
        let b = crate::solver::common::body(&mut rng, kb);
        let s = Scenario::new("random", a, b);
        let finish = gjk::solve(&s.a, &s.b, &s.config());
        let Some((ours, steps)) = s.manifold_prepared(&s.prepare(), &finish) else {
            continue;
        };
        let Ok(Some(theirs)) = reference_manifold(&s) else {
            continue;
        };
        compared += 1;
        let angle = ours.normal.angle_between(theirs.normal).to_degrees();
        assert!(angle < 1.0, "{i}: normals {angle}° apart");
        let [lower, upper] = finish.penetration.unwrap().depth_bounds.unwrap();
        let deepest = ours.deepest();
        let short = shortfall(&steps) + 1e-9 * (1.0 + upper);
        assert!(
            deepest <= upper + 1e-9 && deepest >= lower - short,
            "{i} {ka} {kb}: {deepest} not in [{lower}, {upper}]"
        );
    }
    assert!(compared > 800, "{compared}");
}

/// What the features' rounding may leave the deepest point short of the depth.
fn shortfall(steps: &[gjk::manifold::ManifoldStep]) -> f64 {
    steps
        .iter()
        .find_map(|s| match &s.stage {
            gjk::manifold::Stage::Features { a, b } => {
                Some(gjk::manifold::feature::shortfall(a, b))
            }
            _ => None,
        })
        .unwrap_or(0.0)
}
