//! Iterations per query against parry's GJK on a curved pair, over many poses:
//! `cargo run --release -p gjk --example against_parry -- [PAIRS]` (default 100,000).
//!
//! The pairs are separated cylinder–cone pairs in random poses (the `poses` bench's). Ours is
//! signed volumes at our relative tolerance (1e-9) and at parry's (`√(10ε)`); parry's
//! iterations are counted through a support mapping that counts its calls (two a support
//! point, one support point to start).

use gjk::{
    Algorithm, Body, DistanceGjk, MinkowskiDifference, Precision, PreparedShape, SolverConfig,
    Steppable,
};
use parry3d_f64::math::Vector;
use parry3d_f64::shape::SupportMap;
use std::cell::Cell;

#[path = "../tests/solver/common.rs"]
#[expect(
    dead_code,
    reason = "the example uses only part of the shared test helpers"
)]
mod common;
#[expect(dead_code, reason = "the example draws only the curved pairs")]
mod pairs;
#[expect(dead_code, reason = "the example draws its own pairs")]
mod shared;

/// A shape's support mapping that counts how often it is asked.
struct Counting<'a> {
    shape: &'a dyn SupportMap,
    calls: &'a Cell<u64>,
}

impl SupportMap for Counting<'_> {
    fn local_support_point(&self, dir: Vector) -> Vector {
        self.calls.set(self.calls.get() + 1);
        self.shape.local_support_point(dir)
    }
}

fn main() {
    let n = shared::pairs_argument("against_parry");
    let pairs = pairs::cylinder_cone_pairs(n);
    let ours = SolverConfig::default_for(Algorithm::SignedVolumes, Precision::F64);
    let mut at_parry = ours;
    at_parry.rel_tolerance = (10.0 * f64::EPSILON).sqrt();
    let mut totals = [0u64; 3];
    for (a, b) in &pairs {
        let body = |s: &gjk::BodySpec| {
            Body::<f64>::prepared(&PreparedShape::new(s.shape.clone()), s.pose(), s.margin)
        };
        let (ba, bb) = (body(a), body(b));
        for (total, config) in totals.iter_mut().zip([&ours, &at_parry]) {
            let cso = MinkowskiDifference::new(&ba, &bb);
            *total += u64::from(DistanceGjk::new(cso, config).run().iterations);
        }
        let (pa, sa) = common::to_parry(a).expect("parry shape");
        let (pb, sb) = common::to_parry(b).expect("parry shape");
        let calls = Cell::new(0);
        let (ga, gb) = (
            Counting {
                shape: sa.as_support_map().expect("convex"),
                calls: &calls,
            },
            Counting {
                shape: sb.as_support_map().expect("convex"),
                calls: &calls,
            },
        );
        parry3d_f64::query::details::distance_support_map_support_map(&pa.inv_mul(&pb), &ga, &gb);
        // Two calls a support point; the first point starts the simplex before any iteration.
        totals[2] += (calls.get() / 2).saturating_sub(1);
    }
    let mean = |t: u64| t as f64 / pairs.len() as f64;
    println!(
        "{} separated cylinder–cone pairs, f64, mean iterations",
        pairs.len()
    );
    println!();
    println!("| ours (1e-9) | ours at parry's tolerance | parry's GJK |");
    println!("|---|---|---|");
    println!(
        "| {:.2} | {:.2} | {:.2} |",
        mean(totals[0]),
        mean(totals[1]),
        mean(totals[2])
    );
}
