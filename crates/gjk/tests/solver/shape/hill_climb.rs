//! Hill climbing over a hull's edges must find the same support as scanning every point.
//!
//! The walk returns one of the cloud's points, so it can only fall short of the scan; these
//! tests bound by how much, on clouds chosen to be hard for a hull: every point on the hull,
//! many inside, grids full of coplanar and collinear points, duplicates, a needle, a cloud far
//! from its frame's origin. Then whole GJK runs on large hulls are certified with bounds that
//! scan, and compared with parry.

use crate::solver::common::{Rng, to_parry};
use gjk::real::Vector;
use gjk::{
    Body, BodySpec, DistanceGjk, MinkowskiDifference, Outcome, Pose, PreparedShape, Real, Shape,
    SolverConfig, Steppable, SupportMethod,
};
use glam::DVec3;

fn sphere_points(rng: &mut Rng, n: usize) -> Vec<DVec3> {
    (0..n)
        .map(|_| rng.vec(-1.0, 1.0).normalize_or(DVec3::X))
        .collect()
}

/// Named clouds, all with a proper 3-D hull.
fn clouds() -> Vec<(&'static str, Vec<DVec3>)> {
    let mut rng = Rng::new(7);
    let grid: Vec<DVec3> = (0..216)
        .map(|i| DVec3::new((i % 6) as f64, (i / 6 % 6) as f64, (i / 36) as f64))
        .collect();
    let ball = sphere_points(&mut rng, 600);
    vec![
        ("sphere 48", sphere_points(&mut rng, 48)),
        ("sphere 1000", sphere_points(&mut rng, 1000)),
        ("sphere 5000", sphere_points(&mut rng, 5000)),
        (
            "cube interior",
            (0..500).map(|_| rng.vec(-1.0, 1.0)).collect(),
        ),
        ("6x6x6 grid", grid.clone()),
        (
            "grid rounded to a coarse lattice",
            ball.iter().map(|p| (*p * 4.0).round() / 4.0).collect(),
        ),
        (
            "each point three times",
            ball.iter().flat_map(|&p| [p, p, p]).collect(),
        ),
        (
            "needle 1000:1",
            ball.iter()
                .map(|p| *p * DVec3::new(1.0, 1e-3, 1e-3))
                .collect(),
        ),
        (
            "far from the origin",
            ball.iter().map(|p| *p + DVec3::splat(1e5)).collect(),
        ),
        (
            "sphere plus centre-adjacent points",
            ball.iter()
                .enumerate()
                .map(|(i, p)| if i % 2 == 0 { *p } else { *p * 0.999_999 })
                .collect(),
        ),
    ]
}

/// The largest shortfall of the walk against the scan, over many directions, relative to the
/// cloud's size.
fn worst_shortfall<R: Real>(vertices: &[DVec3], pose: Pose, rng: &mut Rng) -> (SupportMethod, f64) {
    let shape = Shape::Polytope {
        vertices: vertices.to_vec(),
    };
    let walk = Body::<R>::prepared(&PreparedShape::new(shape.clone()), pose, 0.0);
    let scan = Body::<R>::prepared(&PreparedShape::scanning(shape.clone()), pose, 0.0);
    let size = vertices
        .iter()
        .map(|p| (pose.rotation * *p + pose.position).length())
        .fold(0.0, f64::max);
    let mut worst = 0.0f64;
    for _ in 0..400 {
        let d = rng.vec(-1.0, 1.0).normalize_or(DVec3::Y);
        let dr = R::vec(d);
        let short = Real::to_f64(scan.support(dr).dot(dr) - walk.support(dr).dot(dr));
        worst = worst.max(short / size);
    }
    (walk.shape().support_method(), worst)
}

#[test]
fn walk_finds_the_scans_support_on_hard_clouds() {
    let mut rng = Rng::new(11);
    for (name, cloud) in clouds() {
        let pose = Pose {
            position: rng.vec(-3.0, 3.0),
            rotation: rng.rotation(),
        };
        let (method, f64_short) = worst_shortfall::<f64>(&cloud, pose, &mut rng);
        assert_eq!(method, SupportMethod::Walk, "{name}: hull not certified");
        assert!(
            f64_short <= 1e-11,
            "{name}: f64 walk short by {f64_short:e}"
        );
        // In f32 the vertices are rounded after the hull was certified in f64, which may dent
        // the surface by a few ulps of the size.
        let (_, f32_short) = worst_shortfall::<f32>(&cloud, pose, &mut rng);
        assert!(f32_short <= 1e-6, "{name}: f32 walk short by {f32_short:e}");
        println!(
            "{name}: {} points, shortfall f64 {f64_short:.1e}, f32 {f32_short:.1e}",
            cloud.len()
        );
    }
}

#[test]
fn small_flat_and_broken_clouds_keep_the_scan() {
    let pose = Pose {
        position: DVec3::ZERO,
        rotation: glam::DQuat::IDENTITY,
    };
    let body =
        |vertices: Vec<DVec3>| PreparedShape::new(Shape::Polytope { vertices }).support_method();
    let mut rng = Rng::new(3);
    assert_eq!(body(sphere_points(&mut rng, 20)), SupportMethod::Scan);
    let flat = (0..100).map(|_| rng.vec(-1.0, 1.0) * DVec3::new(1.0, 1.0, 0.0));
    assert_eq!(body(flat.collect()), SupportMethod::Scan);
    let line = (0..100).map(|i| DVec3::X * i as f64);
    assert_eq!(body(line.collect()), SupportMethod::Scan);
    assert_eq!(body(vec![DVec3::ONE; 100]), SupportMethod::Scan);
    // Preparing decides, once and the same way every time: a large polytope walks from its
    // first query, unless it was prepared to scan.
    let cloud = Shape::Polytope {
        vertices: sphere_points(&mut rng, 200),
    };
    let walking = PreparedShape::new(cloud.clone());
    assert_eq!(walking.support_method(), SupportMethod::Walk);
    let body = Body::<f64>::prepared(&walking, pose, 0.0);
    assert_eq!(body.shape().support_method(), SupportMethod::Walk);
    let scanning = PreparedShape::scanning(cloud);
    assert_eq!(scanning.support_method(), SupportMethod::Scan);
    let sphere = PreparedShape::new(Shape::Sphere { radius: 1.0 });
    assert_eq!(sphere.support_method(), SupportMethod::Formula);
}

/// Large hull pairs solved with walking supports, certified with scanning ones: the upper
/// bound is ‖v‖, the lower bound `n · (s_A(−n) − s_B(n))` for n along v, both from the scan.
#[test]
fn gjk_on_large_hulls_is_certified_by_the_scan_and_agrees_with_parry() {
    let mut rng = Rng::new(21);
    let config = SolverConfig::default();
    let (mut separated, mut intersecting) = (0, 0);
    for i in 0..60 {
        let stretch = rng.vec(0.3, 1.5);
        let at_b = rng.vec(-1.5, 1.5);
        let mut spec = |n: usize, at: DVec3| BodySpec {
            shape: Shape::Polytope {
                vertices: sphere_points(&mut rng, n)
                    .into_iter()
                    .map(|p| p * stretch)
                    .collect(),
            },
            position: at,
            rotation: rng.rotation(),
            margin: 0.0,
        };
        let a = spec(300, DVec3::ZERO);
        let b = spec(200, at_b);
        let walking = |s: &BodySpec| {
            Body::<f64>::prepared(&PreparedShape::new(s.shape.clone()), s.pose(), 0.0)
        };
        let (wa, wb) = (walking(&a), walking(&b));
        assert_eq!(wa.shape().support_method(), SupportMethod::Walk);
        assert_eq!(wb.shape().support_method(), SupportMethod::Walk);
        let finish = DistanceGjk::new(MinkowskiDifference::new(&wa, &wb), &config).run();
        let (pa, sa) = to_parry(&a).expect("a hull");
        let (pb, sb) = to_parry(&b).expect("a hull");
        let theirs = parry3d_f64::query::distance(&pa, &*sa.0, &pb, &*sb.0)
            .expect("hulls")
            .distance;
        match finish.outcome {
            Outcome::Separated {
                distance,
                point_a,
                point_b,
            } => {
                separated += 1;
                let n = (point_a - point_b) / distance;
                let scan = |s: &BodySpec| {
                    Body::<f64>::prepared(&PreparedShape::scanning(s.shape.clone()), s.pose(), 0.0)
                };
                let lower = n.dot(scan(&a).support(-n) - scan(&b).support(n));
                assert!(
                    lower <= distance * (1.0 + 1e-15) && distance - lower <= 2e-9 * distance,
                    "pair {i}: [{lower}, {distance}]"
                );
                assert!(
                    (theirs - distance).abs() <= 1e-6 * distance || theirs < lower,
                    "pair {i}: parry {theirs}, ours {distance}"
                );
            }
            Outcome::Intersecting => {
                intersecting += 1;
                assert!(theirs < 1e-6, "pair {i}: parry says {theirs} apart");
            }
            other => panic!("pair {i}: {other:?}"),
        }
    }
    assert!(
        separated > 15 && intersecting > 15,
        "{separated}/{intersecting}"
    );
}
