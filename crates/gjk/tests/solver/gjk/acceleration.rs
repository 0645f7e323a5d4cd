//! Accelerated GJK (Polyak and Nesterov momentum): the same certified answers as the plain run.
//! How many iterations it saves or costs is measured, not asserted (printed here; the README's
//! histogram comes from `gjk-lab bench-momentum`).

use crate::solver::common::{KINDS, Rng, body};
use gjk::trace::MomentumOff;
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
fn momentum_keeps_every_answer_certified_and_equal_to_the_plain_runs() {
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

fn gallery_case(file: &str) -> gjk::Scenario {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/gallery")
        .join(file);
    gjk::Scenario::load(&path).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The two gallery cases' notes compare the accelerated run with the plain one: the plain
/// counts they quote are what plain GJK takes, for the same certified distance.
#[test]
fn the_gallery_cases_quote_the_plain_runs_iterations() {
    for (file, plain_iterations) in [
        ("35-momentum-saves-most.json", 53),
        ("36-momentum-costs.json", 7),
    ] {
        let s = gallery_case(file);
        let fast = gjk::solve(&s.a, &s.b, &s.config());
        let plain = gjk::solve(&s.a, &s.b, &config(Acceleration::None, Radii::Folded));
        assert_eq!(s.config().acceleration, Acceleration::Nesterov, "{file}");
        assert_eq!(plain.iterations, plain_iterations, "{file}");
        agree(0, &plain, &fast);
    }
}

/// Every accelerated step records its weight and the plain direction −v, and says so; a step
/// that switched momentum off says why, and the run after it goes along −v.
#[test]
fn accelerated_steps_record_their_weight_and_the_plain_direction() {
    let s = gallery_case("35-momentum-saves-most.json");
    let t = gjk::trace(&s.a, &s.b, &s.config());
    let accelerated: Vec<_> = t.steps.iter().filter(|s| s.momentum.is_some()).collect();
    assert!(accelerated.len() > 10, "{}", accelerated.len());
    for step in &accelerated {
        let m = step.momentum.unwrap();
        assert!(m.weight > 0.0 && m.weight < 1.0, "{m:?}");
        assert!(step.explanation().contains("With momentum"));
    }
    // The directions taken are not the plain ones (until the two converge together).
    for step in &accelerated[..5] {
        let (d, plain) = (
            step.direction.normalize(),
            step.momentum.unwrap().plain.normalize(),
        );
        assert!(d.dot(plain) < 1.0 - 1e-9, "step {}", step.iteration);
    }
    let off = t
        .steps
        .iter()
        .position(|s| s.momentum.is_some_and(|m| m.switched_off.is_some()))
        .expect("momentum is switched off before the run ends");
    assert!(t.steps[off].explanation().contains("switched off"));
    for step in &t.steps[off + 1..] {
        assert!(
            step.momentum.is_none(),
            "step {} after the switch",
            step.iteration
        );
    }
    assert!(t.finish.certificate.certified);
}

/// An accelerated step whose support point brought `v` no closer adds it and gives it back: its
/// record shows the candidate `w` joined (the old simplex, then `w`) and the old simplex kept,
/// so the next step starts from it, and its words say `w` was tried and why it went.
/// A tolerance tighter than f64 can meet keeps the runs going until rounding stops `v`
/// decreasing, which is where momentum gives points back.
#[test]
fn a_support_point_given_back_is_in_the_candidate_and_not_kept() {
    let mut rng = Rng::new(61);
    let mut seen = 0;
    for i in 0..300 {
        let (ka, kb) = (KINDS[i % 6], KINDS[(i / 6) % 6]);
        let (a, b) = (body(&mut rng, ka), body(&mut rng, kb));
        for acceleration in [Acceleration::Polyak, Acceleration::Nesterov] {
            let tight = SolverConfig {
                rel_tolerance: 1e-15,
                ..config(acceleration, Radii::Folded)
            };
            let t = gjk::trace(&a, &b, &tight);
            for (k, step) in t.steps.iter().enumerate() {
                let given_back = step
                    .momentum
                    .and_then(|m| m.switched_off)
                    .is_some_and(|off| off == MomentumOff::NotDecreasing);
                if !given_back {
                    continue;
                }
                seen += 1;
                let at = format!("pair {i}, step {}", step.iteration);
                assert_eq!(step.candidate.len(), step.before + 1, "{at}");
                assert_eq!(step.candidate.last(), Some(&step.support), "{at}");
                let kept: Vec<u8> = (0..step.before as u8).collect();
                assert_eq!(step.kept.as_slice(), kept, "{at}");
                assert!((0..step.before).all(|i| step.keeps(i)), "{at}");
                assert!(!step.keeps(step.before), "{at}: w is given back");
                assert_eq!(
                    step.simplex_after().as_slice(),
                    step.simplex_before(),
                    "{at}"
                );
                assert!(step.feature.is_none(), "{at}");
                let words = step.explanation();
                assert!(words.contains("is tried as vertex"), "{at}: {words}");
                assert!(words.contains("no closer"), "{at}: {words}");
                assert!(
                    words.contains("from the same closest point v"),
                    "{at}: {words}"
                );
                if let Some(next) = t.steps.get(k + 1) {
                    assert_eq!(next.simplex_before(), step.simplex_before(), "{at}");
                    assert_eq!(next.names[..next.before], step.names[..step.before], "{at}");
                }
            }
        }
    }
    assert!(seen > 0, "no accelerated step gave its support point back");
    println!("{seen} support points given back");
}
