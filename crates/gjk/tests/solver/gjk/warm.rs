//! Warm starts: a run seeded with the previous pose's simplex gives the same answer in fewer
//! iterations while the bodies move a little between queries (temporal coherence).

use crate::solver::common::{KINDS, Rng, body};
use gjk::{Algorithm, BodySpec, Outcome, Placed, Precision, SimplexCache, SolverConfig, Trace};

/// A run on freshly prepared shapes, warm-started from `cache` when given.
fn trace_warm(
    a: &BodySpec,
    b: &BodySpec,
    config: &SolverConfig,
    cache: Option<&SimplexCache>,
) -> Trace {
    let (pa, pb) = (
        gjk::PreparedShape::new(a.shape.clone()),
        gjk::PreparedShape::new(b.shape.clone()),
    );
    let (a, b) = (Placed::new(&pa, a), Placed::new(&pb, b));
    Trace::record(|recorder| gjk::query::query(a, b, config, cache, recorder))
}

#[test]
fn dragging_warm_needs_fewer_iterations_for_the_same_answers() {
    let mut rng = Rng::new(77);
    let (mut cold_total, mut warm_total, mut queries) = (0u64, 0u64, 0u64);
    for algorithm in [Algorithm::Distance, Algorithm::SignedVolumes] {
        let config = SolverConfig::default_for(algorithm, Precision::F64);
        for pair in 0..60 {
            let a = body(&mut rng, KINDS[pair % 6]);
            let mut b = body(&mut rng, KINDS[(pair / 6) % 6]);
            // A drag: 50 small moves of B, each query warm-started from the one before.
            let step = rng.vec(-0.02, 0.02);
            let mut cache = None;
            for _ in 0..50 {
                b.position += step;
                let cold = gjk::trace(&a, &b, &config);
                let warm = trace_warm(&a, &b, &config, cache.as_ref());
                cache = warm.cache.clone();
                match (cold.finish.outcome, warm.finish.outcome) {
                    (
                        Outcome::Separated { distance: c, .. },
                        Outcome::Separated { distance: w, .. },
                    ) => {
                        // Both certified to rel_tolerance (1e-9) of the same distance.
                        assert!((c - w).abs() <= 3e-9 * c.max(1e-9), "{c} vs {w}");
                    }
                    (c, w) => assert_eq!(
                        cold.finish.intersecting(),
                        warm.finish.intersecting(),
                        "{c:?} vs {w:?}"
                    ),
                }
                cold_total += u64::from(cold.finish.iterations);
                warm_total += u64::from(warm.finish.iterations);
                queries += 1;
            }
        }
    }
    let (cold, warm) = (
        cold_total as f64 / queries as f64,
        warm_total as f64 / queries as f64,
    );
    println!("{queries} queries while dragging: {cold:.2} iterations cold, {warm:.2} warm");
    assert!(warm < 0.7 * cold, "cold {cold:.2}, warm {warm:.2}");
}

#[test]
fn a_warm_first_step_says_so() {
    let mut rng = Rng::new(3);
    let a = body(&mut rng, "cuboid");
    let mut b = body(&mut rng, "cuboid");
    let config = SolverConfig::default();
    let first = gjk::trace(&a, &b, &config);
    b.position.x += 0.01;
    let warm = trace_warm(&a, &b, &config, first.cache.as_ref());
    let step = &warm.steps[0];
    assert!(!step.simplex_before().is_empty());
    assert!(
        step.explanation()
            .contains("Warm start: the previous run's simplex"),
        "{}",
        step.explanation()
    );
}

/// A warm run on the pose its cache came from can end at its first step, on the gap test,
/// before the support point joins: its words then say the point was examined, and name no
/// vertex the simplex does not have.
#[test]
fn a_warm_run_that_ends_at_once_names_no_new_vertex() {
    let mut rng = Rng::new(3);
    let mut ended_at_once = 0;
    for _ in 0..40 {
        let a = body(&mut rng, "cuboid");
        let b = body(&mut rng, "cuboid");
        let config = SolverConfig::default();
        let first = gjk::trace(&a, &b, &config);
        let warm = trace_warm(&a, &b, &config, first.cache.as_ref());
        let step = &warm.steps[0];
        let words = step.explanation();
        if step.candidate.len() == step.before {
            ended_at_once += 1;
            assert!(words.contains("is examined before it joins"), "{words}");
            assert!(!words.contains("new vertex"), "{words}");
        } else {
            assert!(words.contains("is the new vertex"), "{words}");
        }
    }
    assert!(ended_at_once > 0, "no warm run ended at its first step");
}
