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

/// parry#107, as reported: a ball of radius 96 resting 0.0032 deep in a slab whose centre is
/// 1,824 below the origin, in f32. In the world's frame the allowance for rounding (8ε of the
/// 5,100 the support points reach from the origin, 4.9e-3) is larger than the overlap, and
/// the verdict stays open; solved again in the frame centred between the bodies (reach about
/// 2,000, allowance 1.9e-3) the overlap is proven, and its bounds hold the true depth.
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
