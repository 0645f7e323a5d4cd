//! What both benches share: the three poses of a pair.

use gjk::BodySpec;

/// A pair as it is (apart), moved to touch, and moved 0.2 into each other along the line of
/// its closest points, as `config` finds them: the benches' three poses.
pub fn poses(
    a: &BodySpec,
    b: &BodySpec,
    config: &gjk::SolverConfig,
) -> Vec<(&'static str, BodySpec)> {
    let gjk::Outcome::Separated {
        distance,
        point_a,
        point_b,
    } = gjk::solve(a, b, config).outcome
    else {
        panic!("bench pairs start apart");
    };
    let n = (point_b - point_a).normalize();
    let moved = |by: f64| BodySpec {
        position: b.position - n * by,
        ..b.clone()
    };
    vec![
        ("separated", b.clone()),
        ("touching", moved(distance)),
        ("intersecting", moved(distance + 0.2)),
    ]
}
