//! Ratios that hold on a noisy machine: two loops timed in turn, round after round, in one
//! process, and the median of the rounds' ratios.
//! `cargo run --release -p gjk --example paired -- [ROUNDS] [PAIR]` (default 200 rounds, every
//! pair; with a pair's name, that pair's trace cost alone, to profile it).
//!
//! On the 2-core machine this project is measured on, criterion's times of one loop move by
//! 10–20% from run to run, and by more over the hour, as other work shares the host; two
//! benchmarks timed a minute apart can disagree by that much even where their ratio does not
//! move. Timed in turn within each round (a few milliseconds apart), both loops see the same
//! machine, and the ratio holds (quartiles within ±3% of the median here). What it cannot
//! cancel is a change of the machine's state that slows the two loops unequally: here the host
//! alternates, over tens of seconds, between a fast and a slow state, and in the slow one our
//! cylinder–cone queries (divisions and roots in every iteration) slow by about 40% and
//! parry's by about 20%, so that ratio reads about 1.44 or about 1.75. Run it twice.
//!
//! Two ratios: what recording costs (`trace_cost`: the distance GJK on the bench's separated
//! pairs, traced with a [`Recorder`] / untraced, with the steps a run records and the time
//! recording adds to each, the median of the rounds), and ours against parry's GJK on 1,000
//! random separated cylinder–cone poses (the `poses` bench's), signed volumes at our tolerance
//! and at parry's. Criterion's benches stay the record (`cargo bench -p gjk --bench gjk`);
//! this is the check on their ratios.

use gjk::{
    Algorithm, Body, BodySpec, MinkowskiDifference, NoTrace, Precision, PreparedShape, Recorder,
    SolverConfig,
};
use std::hint::black_box;
use std::time::Instant;

#[path = "../tests/solver/common.rs"]
#[expect(
    dead_code,
    reason = "the example uses only part of the shared test helpers"
)]
mod common;
mod pairs;

fn body(s: &BodySpec) -> Body<f64> {
    Body::prepared(&PreparedShape::new(s.shape.clone()), s.pose(), s.margin)
}

/// The seconds `run` takes.
fn seconds(run: impl FnOnce()) -> f64 {
    let start = Instant::now();
    run();
    start.elapsed().as_secs_f64()
}

/// The median and quartiles of `ratios`.
fn summary(mut ratios: Vec<f64>) -> String {
    ratios.sort_by(f64::total_cmp);
    let at = |q: usize| ratios[(ratios.len() - 1) * q / 4];
    format!("{:.3} (quartiles {:.3}–{:.3})", at(2), at(1), at(3))
}

/// The median of `values`.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[(values.len() - 1) / 2]
}

fn main() {
    let usage = "usage: paired [ROUNDS] [PAIR]  (ROUNDS a whole number above zero, PAIR one of the bench's pairs)";
    let rounds = match std::env::args().nth(1).map(|a| a.parse::<usize>()) {
        None => 200,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let only = std::env::args().nth(2);
    let pairs: Vec<_> = pairs::bench_pairs()
        .into_iter()
        .filter(|(name, ..)| only.as_deref().is_none_or(|o| o == *name))
        .collect();
    if pairs.is_empty() {
        let names: Vec<_> = pairs::bench_pairs().into_iter().map(|(n, ..)| n).collect();
        eprintln!("{usage}: {}", names.join(", "));
        std::process::exit(2);
    }
    println!(
        "traced / untraced, distance GJK (f64), the bench's separated pairs, {rounds} rounds of 1,000 queries each:"
    );
    let config = SolverConfig::default_for(Algorithm::Distance, Precision::F64);
    for (name, a, b) in pairs {
        let (ba, bb) = (body(&a), body(&b));
        let mut recorder = Recorder::default();
        gjk::query::run(
            MinkowskiDifference::new(&ba, &bb),
            &config,
            None,
            &mut recorder,
        );
        let steps = recorder.steps.len();
        let query = |traced: bool| {
            for _ in 0..1000 {
                let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                if traced {
                    let mut recorder = Recorder::default();
                    let answer = gjk::query::run(cso, &config, None, &mut recorder);
                    black_box((&answer, &recorder));
                } else {
                    black_box(&gjk::query::run(cso, &config, None, &mut NoTrace));
                }
            }
        };
        let (mut ratios, mut added) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let (traced, untraced) = (seconds(|| query(true)), seconds(|| query(false)));
            ratios.push(traced / untraced);
            // Seconds for 1,000 queries, times 1e6: nanoseconds a query.
            added.push((traced - untraced) * 1e6 / steps as f64);
        }
        println!(
            "  {name}: {}; {steps} steps, {:.0} ns added to each",
            summary(ratios),
            median(added)
        );
    }
    if only.is_some() {
        return;
    }

    let poses = pairs::Poses::new(1000);
    let sv = SolverConfig::default_for(Algorithm::SignedVolumes, Precision::F64);
    let mut at_parry = sv;
    at_parry.rel_tolerance = (10.0 * f64::EPSILON).sqrt();
    let (mut tight, mut like) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let ours_tight = seconds(|| poses.ours(&sv));
        let ours_like = seconds(|| poses.ours(&at_parry));
        let parry = seconds(|| poses.parry());
        tight.push(ours_tight / parry);
        like.push(ours_like / parry);
    }
    println!(
        "signed volumes / parry's GJK, 1,000 random separated cylinder–cone poses, {rounds} rounds:"
    );
    println!("  at our tolerance (1e-9): {}", summary(tight));
    println!("  at parry's (√(10ε)):     {}", summary(like));
}
