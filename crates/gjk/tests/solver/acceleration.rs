//! Accelerated GJK (Polyak and Nesterov momentum): the same certified answers as the plain run,
//! in fewer iterations on strictly convex pairs.

use super::common::{KINDS, Rng, body};
use gjk::{Acceleration, Finish, Outcome, Radii, SolverConfig};

fn config(acceleration: Acceleration, radii: Radii) -> SolverConfig {
    SolverConfig {
        acceleration,
        radii,
        ..SolverConfig::default()
    }
}

/// Whether a kind is strictly convex as the folded solver sees it (no flat face or straight
/// edge), or is made so by a margin.
fn strictly_convex(kind: &str, margin: f64) -> bool {
    kind == "sphere" || margin > 0.0
}

/// The same answer: both certified apart within the relative tolerance of each other, or the
/// same proven verdict.
fn agree(i: usize, plain: &Finish, fast: &Finish) {
    if let (Some(x), Some(y)) = (plain.intersecting(), fast.intersecting()) {
        assert_eq!(x, y, "pair {i}: {plain:?} vs {fast:?}");
    }
    if let (Outcome::Separated { distance: d0, .. }, Outcome::Separated { distance: d1, .. }) =
        (plain.outcome, fast.outcome)
        && plain.certificate.certified
    {
        assert!(fast.certificate.certified, "pair {i}: {fast:?}");
        assert!(
            (d0 - d1).abs() <= 2e-9 * d0 + 1e-15,
            "pair {i}: plain {d0}, accelerated {d1}"
        );
    }
}

#[test]
fn momentum_keeps_every_answer_and_saves_iterations_on_curved_pairs() {
    for radii in [Radii::Folded, Radii::Split] {
        let mut rng = Rng::new(77);
        // [curved, polytope] × [none, polyak, nesterov] iteration totals.
        let mut totals = [[0u64; 3]; 2];
        let mut counts = [0u64; 2];
        for i in 0..4_000 {
            let (ka, kb) = (KINDS[rng.pick(6)], KINDS[rng.pick(6)]);
            let (a, b) = (body(&mut rng, ka), body(&mut rng, kb));
            let curved = strictly_convex(ka, a.margin) && strictly_convex(kb, b.margin);
            let polytopes = [ka, kb].iter().all(|k| matches!(*k, "cuboid" | "polytope"))
                && a.margin == 0.0
                && b.margin == 0.0;
            let Some(group) = (if curved {
                Some(0)
            } else {
                polytopes.then_some(1)
            }) else {
                continue;
            };
            let runs = Acceleration::ALL.map(|acc| gjk::solve(&a, &b, &config(acc, radii)));
            for (t, f) in totals[group].iter_mut().zip(&runs) {
                *t += u64::from(f.iterations);
            }
            counts[group] += 1;
            agree(i, &runs[0], &runs[1]);
            agree(i, &runs[0], &runs[2]);
        }
        for (g, name) in ["curved", "polytope"].iter().enumerate() {
            let mean = totals[g].map(|t| t as f64 / counts[g] as f64);
            println!(
                "{radii:?} {name} ({} pairs): plain {:.2}, polyak {:.2}, nesterov {:.2}",
                counts[g], mean[0], mean[1], mean[2]
            );
        }
    }
}
