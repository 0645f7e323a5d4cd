//! Iterations per query for each algorithm over random pairs, as a Markdown histogram:
//! `cargo run --release -p gjk --example iterations -- [PAIRS]` (default 100,000).
//!
//! The pairs are the tests' random bodies (all six kinds, random poses, about one in six
//! overlapping), the same for every algorithm, each at its default f64 tolerances.

use gjk::{Algorithm, GjkStop, Precision, SolverConfig, Termination};
use std::collections::BTreeMap;

#[path = "../tests/solver/common.rs"]
#[expect(
    dead_code,
    unused_imports,
    reason = "the example uses only part of the shared test helpers"
)]
mod common;
mod shared;

fn main() {
    let pairs = shared::pairs_argument("iterations");
    let bodies = shared::random_pairs(2024, pairs);
    let algorithms = Algorithm::ALL;
    let mut histograms: Vec<BTreeMap<u32, usize>> = vec![BTreeMap::new(); algorithms.len()];
    let mut uncertified = vec![0usize; algorithms.len()];
    let mut totals = vec![0u64; algorithms.len()];
    for (k, &algorithm) in algorithms.iter().enumerate() {
        let config = SolverConfig::default_for(algorithm, Precision::F64);
        for (a, b) in &bodies {
            // GJK's own iterations (EPA's are not counted).
            let finish = gjk::solve(a, b, &config);
            *histograms[k].entry(finish.iterations).or_default() += 1;
            totals[k] += u64::from(finish.iterations);
            if matches!(
                finish.termination,
                Termination::Gjk(
                    GjkStop::MaxIterations { .. }
                        | GjkStop::NotDecreasing { .. }
                        | GjkStop::DegenerateSimplex { .. }
                )
            ) {
                uncertified[k] += 1;
            }
        }
    }
    let max = histograms
        .iter()
        .filter_map(|h| h.keys().next_back().copied())
        .max()
        .unwrap_or(0);
    println!("{pairs} random pairs, f64, default tolerances");
    println!();
    let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
    println!("| iterations | {} |", names.join(" | "));
    println!("|---|{}", "---|".repeat(names.len()));
    // Rows of single iteration counts up to 16, then bins, so the table stays short.
    let bins: Vec<(u32, u32)> = (1..=16)
        .map(|i| (i, i))
        .chain([(17, 24), (25, 32), (33, max.max(33))])
        .filter(|&(lo, _)| lo <= max)
        .collect();
    for (lo, hi) in bins {
        let label = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}–{hi}")
        };
        let cells: Vec<String> = histograms
            .iter()
            .map(|h| h.range(lo..=hi).map(|(_, n)| n).sum::<usize>().to_string())
            .collect();
        println!("| {label} | {} |", cells.join(" | "));
    }
    let means: Vec<String> = totals
        .iter()
        .map(|t| format!("{:.2}", *t as f64 / pairs as f64))
        .collect();
    println!("| mean | {} |", means.join(" | "));
    let stopped: Vec<String> = uncertified.iter().map(|n| n.to_string()).collect();
    println!(
        "| stopped by rounding, degeneracy or the cap | {} |",
        stopped.join(" | ")
    );
}
