//! Iterations per query with and without momentum (accelerated GJK) over random pairs, split
//! into strictly convex pairs and polytope pairs, for both ways of treating radii, as Markdown:
//! `cargo run --release -p gjk --example momentum -- [PAIRS]` (default 100,000).
//!
//! The pairs are the tests' random bodies (all six kinds, a quarter of them rounded by a
//! margin, random poses), the same for every configuration, at the default f64 tolerances.
//! *Strictly convex* means both bodies are, as the solver sees them folded: a sphere, or any
//! shape with a margin. *Polytopes* means two boxes or hulls without a margin. *Nearly
//! touching* are the strictly convex pairs that are apart, with B moved along their closest
//! line until they are 0.001 apart: the pose a contact query meets most.

use gjk::{Acceleration, BodySpec, Finish, Outcome, Radii, SolverConfig};

#[path = "../tests/solver/common.rs"]
#[expect(
    dead_code,
    unused_imports,
    reason = "the example uses only part of the shared test helpers"
)]
mod common;
mod shared;

/// Iteration bins of the histogram.
const BINS: [(u32, u32); 8] = [
    (1, 2),
    (3, 4),
    (5, 8),
    (9, 12),
    (13, 16),
    (17, 24),
    (25, 32),
    (33, u32::MAX),
];

#[derive(Default, Clone)]
struct Tally {
    pairs: usize,
    iterations: u64,
    bins: [usize; BINS.len()],
    fewer: usize,
    more: usize,
    uncertified: usize,
    /// The largest relative difference from the plain run's distance, both certified apart.
    worst: f64,
}

impl Tally {
    fn add(&mut self, f: &Finish, plain: &Finish) {
        self.pairs += 1;
        self.iterations += u64::from(f.iterations);
        let bin = BINS
            .iter()
            .position(|&(lo, hi)| (lo..=hi).contains(&f.iterations));
        self.bins[bin.unwrap_or(BINS.len() - 1)] += 1;
        self.fewer += usize::from(f.iterations < plain.iterations);
        self.more += usize::from(f.iterations > plain.iterations);
        self.uncertified += usize::from(!f.certificate.certified);
        if let (Outcome::Separated { distance: d, .. }, Outcome::Separated { distance: p, .. }) =
            (f.outcome, plain.outcome)
            && f.certificate.certified
            && plain.certificate.certified
        {
            self.worst = self.worst.max((d - p).abs() / p);
        }
    }

    fn mean(&self) -> f64 {
        self.iterations as f64 / self.pairs.max(1) as f64
    }
}

fn class(b: &BodySpec) -> (bool, bool) {
    let strictly_convex = b.margin > 0.0 || matches!(b.shape, gjk::Shape::Sphere { .. });
    let polytope = b.margin == 0.0
        && matches!(
            b.shape,
            gjk::Shape::Cuboid { .. } | gjk::Shape::Polytope { .. }
        );
    (strictly_convex, polytope)
}

fn main() {
    let pairs = shared::pairs_argument("momentum");
    let bodies = shared::random_pairs(2026, pairs);
    println!("{pairs} random pairs, f64, default tolerances");
    for radii in [Radii::Folded, Radii::Split] {
        // [strictly convex, polytopes, nearly touching] × [none, polyak, nesterov]
        let mut tallies = vec![vec![Tally::default(); 3]; 3];
        let runs = |a: &BodySpec, b: &BodySpec| {
            Acceleration::ALL.map(|acceleration| {
                let config = SolverConfig {
                    radii,
                    acceleration,
                    ..SolverConfig::default()
                };
                gjk::solve(a, b, &config)
            })
        };
        for (a, b) in &bodies {
            let ((ca, pa), (cb, pb)) = (class(a), class(b));
            let group = if ca && cb {
                0
            } else if pa && pb {
                1
            } else {
                continue;
            };
            let found = runs(a, b);
            for (tally, f) in tallies[group].iter_mut().zip(&found) {
                tally.add(f, &found[0]);
            }
            if let Outcome::Separated {
                distance,
                point_a,
                point_b,
            } = found[0].outcome
                && group == 0
            {
                let near = BodySpec {
                    position: b.position - (point_b - point_a).normalize() * (distance - 1e-3),
                    ..b.clone()
                };
                let found = runs(a, &near);
                for (tally, f) in tallies[2].iter_mut().zip(&found) {
                    tally.add(f, &found[0]);
                }
            }
        }
        let names = [
            "strictly convex",
            "polytope",
            "nearly touching strictly convex",
        ];
        for (group, name) in names.iter().enumerate() {
            let t = &tallies[group];
            println!();
            println!("radii {}, {name} pairs ({}):", radii.name(), t[0].pairs);
            println!();
            println!("| iterations | none | polyak | nesterov |");
            println!("|---|---|---|---|");
            for (k, (lo, hi)) in BINS.iter().enumerate() {
                let label = if *hi == u32::MAX {
                    format!("{lo}+")
                } else {
                    format!("{lo}–{hi}")
                };
                let cells: Vec<String> = t.iter().map(|x| x.bins[k].to_string()).collect();
                println!("| {label} | {} |", cells.join(" | "));
            }
            let row = |label: &str, f: &dyn Fn(&Tally) -> String| {
                let cells: Vec<String> = t.iter().map(f).collect();
                println!("| {label} | {} |", cells.join(" | "));
            };
            row("mean", &|x| format!("{:.2}", x.mean()));
            row("vs none", &|x| {
                format!("{:+.0}%", 100.0 * (x.mean() / t[0].mean() - 1.0))
            });
            row("fewer / more than none", &|x| {
                format!("{} / {}", x.fewer, x.more)
            });
            row("not certified", &|x| x.uncertified.to_string());
            row("worst distance difference from none", &|x| {
                format!("{:.1e}", x.worst)
            });
        }
    }
}
