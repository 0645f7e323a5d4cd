//! parry3d-f64 as an oracle on seeded random pairs of every kind.
//!
//! parry is not exact: its GJK stops early on some separated pairs. Our answers are certified
//! instead: `‖v‖` (a point of A ⊖ B) bounds the distance from above and `v̂ · s(−v̂)` (a separating
//! plane) from below. Where parry disagrees by more than 1e-6 relative, the test proves which side
//! is right by checking parry's number against those bounds.

use crate::solver::common::{KINDS, Rng, body, lower_bound, to_parry};
use gjk::{
    Acceleration, Algorithm, GjkStop, Outcome, Precision, Radii, Shortcut, SolverConfig,
    Termination,
};

#[test]
fn agrees_with_parry_on_random_pairs_of_every_kind() {
    against_parry(Algorithm::Distance);
}

#[test]
fn signed_volumes_agrees_with_parry_on_random_pairs_of_every_kind() {
    against_parry(Algorithm::SignedVolumes);
}

/// Every combination of radii (closed, split, folded) and acceleration (none, polyak,
/// nesterov).
fn against_parry(algorithm: Algorithm) {
    for radii in [Radii::Closed, Radii::Split, Radii::Folded] {
        for acceleration in Acceleration::ALL {
            println!(
                "{} · radii {} · {}",
                algorithm.name(),
                radii.name(),
                acceleration.name()
            );
            against_parry_with(SolverConfig {
                radii,
                acceleration,
                ..SolverConfig::default_for(algorithm, Precision::F64)
            });
        }
    }
}

fn against_parry_with(config: SolverConfig) {
    let mut rng = Rng::new(42);
    let (mut compared, mut separated, mut intersecting) = (0, 0, 0);
    let mut parry_proven_wrong = Vec::new();
    let (mut rounding_limited, mut worst_rounding_limited) = (0, 0.0f64);
    let mut per_kind_pair = [[0u32; 6]; 6];
    for i in 0..12_000 {
        let (ka, kb) = (rng.pick(6), rng.pick(6));
        let a = body(&mut rng, KINDS[ka]);
        let b = body(&mut rng, KINDS[kb]);
        let (Some((pa, sa)), Some((pb, sb))) = (to_parry(&a), to_parry(&b)) else {
            continue;
        };
        let theirs = parry3d_f64::query::distance(&pa, &*sa.0, &pb, &*sb.0)
            .expect("supported pair")
            .distance;
        let finish = gjk::solve(&a, &b, &config);
        compared += 1;
        per_kind_pair[ka][kb] += 1;
        match finish.outcome {
            Outcome::Separated {
                distance,
                point_a,
                point_b,
            } => {
                separated += 1;
                // Certify our own answer: lower ≤ true distance ≤ upper.
                let n = (point_a - point_b).normalize();
                let upper = (point_a - point_b).length();
                let lower = lower_bound(&a, &b, n);
                assert!(
                    (upper - distance).abs() <= 1e-12 * (1.0 + distance),
                    "pair {i}"
                );
                // The gap test certifies `rel_tolerance`, and so does a closed form (two
                // spheres' or capsules' cores), which answers only when its bounds meet as
                // tightly. A run stopped by rounding (the support
                // point repeats, or ‖v‖ stops shrinking: a long, thin simplex against a curved
                // surface) is not certified that tightly; it must be rare, and parry must agree
                // with it to 1e-6, so a regression in either shows.
                let width = (upper - lower) / upper;
                if let Termination::Gjk(GjkStop::GapBelowTolerance { .. })
                | Termination::Shortcut(Shortcut::ClosedForm { .. }) = finish.termination
                {
                    assert!(
                        width <= 2e-9,
                        "pair {i}: our interval [{lower}, {upper}] is not tight"
                    );
                } else {
                    rounding_limited += 1;
                    worst_rounding_limited = worst_rounding_limited.max(width);
                    assert!(
                        (theirs - distance).abs() <= 1e-6 * distance,
                        "pair {i}: {:?} with interval [{lower}, {upper}], parry {theirs}",
                        finish.termination
                    );
                }
                if (theirs - distance).abs() > 1e-6 * distance {
                    assert!(
                        theirs > upper || theirs < lower,
                        "pair {i}: parry {theirs} inside our certified interval yet far from {distance}"
                    );
                    parry_proven_wrong.push((i, KINDS[ka], KINDS[kb], theirs, distance));
                }
            }
            Outcome::Intersecting => {
                intersecting += 1;
                // Ours is certified too: the shapes are proven within abs_tolerance of each
                // other (a point of A ⊖ B that close to the origin, or cores closer than their
                // radii). Outside a thin touching band parry must agree.
                if theirs > 1e-6 {
                    let upper = finish.certificate.distance_bounds[1];
                    assert!(
                        finish.certificate.intersecting == Some(true) && upper <= 1e-9,
                        "pair {i}: intersecting but proven only {:?}, parry {theirs}",
                        finish.certificate
                    );
                    parry_proven_wrong.push((i, KINDS[ka], KINDS[kb], theirs, 0.0));
                }
            }
            other => panic!("pair {i}: {other:?}"),
        }
    }
    println!(
        "compared {compared}: {separated} separated, {intersecting} intersecting; parry proven off on {}",
        parry_proven_wrong.len()
    );
    println!(
        "{rounding_limited} runs stopped by rounding, worst certified relative width {worst_rounding_limited:.2e}"
    );
    for w in parry_proven_wrong.iter().take(10) {
        println!("  {w:?}");
    }
    assert!(compared >= 10_000, "{compared}");
    // Representative: both answers common, every kind pair present.
    assert!(
        separated > 3000 && intersecting > 1500,
        "{separated}/{intersecting}"
    );
    assert!(per_kind_pair.iter().flatten().all(|&n| n > 100));
    // parry stopping early on a few percent of pairs is known; more would mean we are wrong.
    assert!(
        parry_proven_wrong.len() * 100 < compared * 3,
        "{}",
        parry_proven_wrong.len()
    );
    assert!(
        rounding_limited * 1000 < compared,
        "{rounding_limited} runs stopped by rounding"
    );
}
