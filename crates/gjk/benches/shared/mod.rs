//! What both benches share: the three poses of a pair, and how an answer is kept.

use gjk::BodySpec;

/// Keeps an answer from being optimised away, in place. Criterion's `iter` passes the value a
/// routine returns through `black_box`, which copies it once more per iteration: a number for
/// parry, but a few hundred bytes for ours (a `Finish` is 312, with the warm-start cache 368),
/// and on a 0.1 µs closed form that copy was an eighth of the time measured
/// (`perf record --call-graph dwarf`). The query still writes every field of its answer.
#[inline(always)]
pub fn keep<T>(answer: T) {
    std::hint::black_box(&answer);
}

/// One front-door query (`gjk::query::query`), untraced, its answer kept in place.
#[inline(always)]
pub fn query(a: gjk::Placed<'_>, b: gjk::Placed<'_>, config: &gjk::SolverConfig) {
    keep(gjk::query::query(
        std::hint::black_box(a),
        b,
        config,
        None,
        &mut gjk::NoTrace,
    ));
}

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
