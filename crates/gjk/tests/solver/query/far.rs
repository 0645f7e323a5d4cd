//! f32 answers far from the origin, as engines hand them over: the oracle's random pairs moved
//! 1e4 and 1e5 from the origin, polytopes with their points written in world coordinates (the
//! body at the origin, unturned). Judged against the same pair at the origin in f64: a verdict
//! is given wherever the answer is more than ten times what rounding the bodies to f32 can
//! move them (ε of their size, not of their distance from the origin), the bounds hold the
//! true distance to that rounding, and a certified depth meets the true one.

use crate::solver::common::{KINDS, Rng, body};
use gjk::{BodySpec, Precision, Shape, SolverConfig};
use glam::{DQuat, DVec3};

/// `b` moved by `by`; a polytope's points written in world coordinates instead.
fn far(b: &BodySpec, by: DVec3) -> BodySpec {
    match &b.shape {
        Shape::Polytope { vertices } => BodySpec {
            shape: Shape::Polytope {
                vertices: vertices
                    .iter()
                    .map(|v| b.rotation * *v + b.position + by)
                    .collect(),
            },
            position: DVec3::ZERO,
            rotation: DQuat::IDENTITY,
            margin: b.margin,
        },
        _ => BodySpec {
            position: b.position + by,
            ..b.clone()
        },
    }
}

#[test]
fn far_from_the_origin_f32_decides_as_at_the_origin() {
    let f32_config = SolverConfig::default_for(gjk::Algorithm::Distance, Precision::F32);
    let f64_config = SolverConfig::default();
    let mut rng = Rng::new(32);
    for offset in [0.0, 1e4, 1e5] {
        let (mut decided, mut undecided, mut judged) = (0, 0, 0);
        for i in 0..600 {
            let (ka, kb) = (rng.pick(6), rng.pick(6));
            let (a, b) = (body(&mut rng, KINDS[ka]), body(&mut rng, KINDS[kb]));
            let by = rng.vec(-1.0, 1.0).normalize_or(DVec3::X) * offset;
            let truth = gjk::solve(&a, &b, &f64_config);
            let [lower, upper] = truth.certificate.distance_bounds;
            let (fa, fb) = (far(&a, by), far(&b, by));
            let ours = gjk::solve(&fa, &fb, &f32_config);
            let size = |s: &BodySpec| s.shape.bounding_radius() + s.margin;
            let rounding = 8.0
                * f32::EPSILON as f64
                * (size(&a) + size(&b) + (a.position - b.position).length());
            // The bounds hold the truth, to the rounding of the input.
            let [lo, hi] = ours.certificate.distance_bounds;
            assert!(
                lo <= upper + rounding && hi >= lower - rounding,
                "pair {i} at {offset:e}: f32 bounds [{lo:e}, {hi:e}], true [{lower:e}, {upper:e}]"
            );
            // A proven verdict is the true one.
            match ours.certificate.intersecting {
                Some(true) => assert!(
                    lower <= rounding,
                    "pair {i} at {offset:e}: overlap claimed, {lower:e} apart"
                ),
                Some(false) => assert!(
                    upper > 0.0,
                    "pair {i} at {offset:e}: apart claimed, overlapping"
                ),
                None => {}
            }
            // Clearly apart or clearly overlapping: a verdict is owed.
            let depth = truth.penetration.map_or(0.0, |p| p.depth);
            if lower > 10.0 * rounding || depth > 10.0 * rounding {
                judged += 1;
                if ours.certificate.intersecting.is_some() {
                    decided += 1;
                } else {
                    undecided += 1;
                    println!(
                        "undecided pair {i} at {offset:e}: true [{lower:e}, {upper:e}] depth {depth:e}, ours {:?}",
                        ours.certificate
                    );
                }
            }
            // A depth lies in its proven bounds, and a certified one meets the true depth.
            if let Some(p) = ours.penetration
                && let Some([dl, dh]) = p.depth_bounds
            {
                assert!(
                    dl <= p.depth && p.depth <= dh,
                    "pair {i} at {offset:e}: {p:?}"
                );
                if p.certified
                    && let Some([tl, th]) = truth.penetration.and_then(|t| t.depth_bounds)
                {
                    assert!(
                        dl - rounding <= th && tl <= dh + rounding,
                        "pair {i} at {offset:e}: certified depth in [{dl}, {dh}], true in [{tl}, {th}]"
                    );
                }
            }
        }
        println!("offset {offset:e}: {decided} of {judged} decided, {undecided} not");
        assert!(judged > 450, "{judged}");
        assert_eq!(undecided, 0, "at {offset:e}");
    }
}

/// parry#253 (and parry#246), as reported: a triangle's vertex 2.04e-7 (in f64) from another
/// triangle's edge, in f32, under the rounding of their coordinates (ε of 12). The truth is a
/// touch within f32's rounding. In the world's frame the run's upper bound is past
/// `abs_tolerance`; in the frame centred between the triangles, both unturned point clouds
/// with no margin, each support point is a stored point and gives up `stored_point_rounding`
/// (5ε of its reach, not 8ε): the touch is proven within the tolerance, and the bounds hold the
/// f64 distance.
#[test]
fn a_triangle_s_vertex_at_another_s_edge_is_proven_to_touch_in_f32() {
    let triangle = |vertices: [[f64; 3]; 3]| BodySpec {
        shape: Shape::Polytope {
            vertices: vertices.map(DVec3::from).to_vec(),
        },
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let a = triangle([
        [-13.174434, 1.0, 8.736801],
        [3.5251038, 1.0, 12.1],
        [3.2048466, 1.0, 12.218325],
    ]);
    let b = triangle([
        [-1.63, 0.0, 11.19],
        [-2.349647, 0.0, 11.037681],
        [-2.349647, 1.0, 11.037681],
    ]);
    let f64_run = gjk::solve(&a, &b, &SolverConfig::default());
    let [lo64, hi64] = f64_run.certificate.distance_bounds;
    assert!(lo64 > 2.0e-7 && hi64 < 2.1e-7, "f64: {f64_run:?}");
    let config = SolverConfig::default_for(gjk::Algorithm::SignedVolumes, Precision::F32);
    let finish = gjk::solve(&a, &b, &config);
    assert_eq!(finish.certificate.intersecting, Some(true), "{finish:?}");
    assert!(finish.certificate.certified);
    let [lo, hi] = finish.certificate.distance_bounds;
    assert!(
        lo <= lo64 && hi64 <= hi && hi <= config.abs_tolerance,
        "[{lo}, {hi}]"
    );
    // Both turned a quarter turn about y round the origin (the same pair, turned), they give
    // up the whole 8ε: the smaller allowance is for unturned bodies only.
    let turn = |mut s: BodySpec| {
        s.rotation = DQuat::from_rotation_y(std::f64::consts::FRAC_PI_2);
        s
    };
    let turned = gjk::solve(&turn(a), &turn(b), &config);
    assert!(
        turned.certificate.distance_bounds[1] > hi,
        "{turned:?} against [{lo}, {hi}]"
    );
}

/// parry#107, as reported: a ball of radius 96 resting 0.0032 deep in a slab whose centre is
/// 1,824 below the origin, in f32. In the world's frame the allowance for rounding (8ε of the
/// 1,646 the ball's centre reaches from the origin, 5ε of the 3,451 the unturned slab's corners
/// reach: 3.6e-3) is larger than the overlap, and the verdict stays open; solved again in the
/// frame centred between the bodies (allowance 1.2e-3) the overlap is proven, and its bounds
/// hold the true depth.
#[test]
fn a_ball_resting_in_a_slab_far_below_the_origin_is_proven_to_overlap_in_f32() {
    let ball = BodySpec {
        shape: Shape::Sphere { radius: 96.0 },
        position: DVec3::new(216.02324, -1632.0032, 0.0),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let slab = BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::new(1280.0, 96.0, 1000.0),
        },
        position: DVec3::new(0.0, -1824.0, 0.0),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    // The slab's top face is at y = -1728: the ball's lowest point 0.0032 below it.
    let truth = 96.0 - (-1632.0032 - -1728.0);
    let config = SolverConfig::default_for(gjk::Algorithm::Distance, Precision::F32);
    let finish = gjk::solve(&ball, &slab, &config);
    assert_eq!(finish.certificate.intersecting, Some(true), "{finish:?}");
    let p = finish.penetration.expect("a depth");
    let [lo, hi] = p.depth_bounds.expect("bounds on the depth");
    assert!(
        lo > 0.0 && lo <= truth && truth <= hi,
        "{truth} in [{lo}, {hi}]"
    );
    // The trace is the centred run's alone, and answers as the untraced query does.
    let trace = gjk::trace(&ball, &slab, &config);
    assert_eq!(trace.finish, finish);
    assert_eq!(
        trace.steps.len() as u32,
        finish.iterations + finish.epa_iterations
    );
    assert_eq!(trace.steps[0].iteration, 1);
}

/// The smaller allowance of unturned stored points holds: unturned boxes and point clouds in
/// f32, near the origin and 1e3 from it, brought within a few f32 roundings of touching (apart
/// and overlapping), never have f32 bounds that miss the f64 run's.
#[test]
fn unturned_stored_points_in_f32_keep_the_f64_truth_inside_their_bounds() {
    let mut rng = Rng::new(253);
    let f32_config = SolverConfig::default_for(gjk::Algorithm::SignedVolumes, Precision::F32);
    let (mut judged, mut decided) = (0, 0);
    for i in 0..1500 {
        let offset = if i % 2 == 0 { 0.0 } else { 1e3 };
        let shape = |rng: &mut Rng| {
            if rng.pick(2) == 0 {
                Shape::Cuboid {
                    half_extents: rng.vec(0.2, 2.0),
                }
            } else {
                Shape::Polytope {
                    vertices: (0..4 + rng.pick(12)).map(|_| rng.vec(-2.0, 2.0)).collect(),
                }
            }
        };
        let centre = rng.vec(-offset - 1.0, offset + 1.0);
        let a = BodySpec {
            shape: shape(&mut rng),
            position: centre,
            rotation: DQuat::IDENTITY,
            margin: 0.0,
        };
        let mut b = BodySpec {
            shape: shape(&mut rng),
            position: centre + rng.vec(-6.0, 6.0),
            rotation: DQuat::IDENTITY,
            margin: 0.0,
        };
        // Brought to a touch along the f64 answer's line, then moved by a few f32 roundings.
        let near = gjk::solve(&a, &b, &SolverConfig::default());
        let gjk::Outcome::Separated {
            distance,
            point_a,
            point_b,
        } = near.outcome
        else {
            continue;
        };
        let n = (point_b - point_a) / distance;
        let scale = 1e-7 * (offset + 5.0);
        b.position -= n * (distance + rng.range(-20.0, 20.0) * scale);
        let truth = gjk::solve(&a, &b, &SolverConfig::default());
        let [lo64, hi64] = truth.certificate.distance_bounds;
        let f32_run = gjk::solve(&a, &b, &f32_config);
        let [lo, hi] = f32_run.certificate.distance_bounds;
        judged += 1;
        decided += usize::from(f32_run.certificate.intersecting.is_some());
        assert!(
            lo <= hi64 && lo64 <= hi,
            "{i}: f32 [{lo}, {hi}] misses f64 [{lo64}, {hi64}]: {a:?} {b:?}"
        );
        if let (Some(f32_says), Some(f64_says)) = (
            f32_run.certificate.intersecting,
            truth.certificate.intersecting,
        ) {
            assert!(
                f32_says == f64_says || hi64 <= f32_config.abs_tolerance,
                "{i}: f32 says {f32_says}, f64 {f64_says}: {a:?} {b:?}"
            );
        }
    }
    println!("{decided} of {judged} decided in f32");
    assert!(judged > 1000, "{judged}");
}
