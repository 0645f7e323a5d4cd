//! Curved pairs over many poses. On a curved pair the number of iterations follows the pose as
//! much as the shapes, so one pose can flatter either side: on the `f64` group's cylinder–cone
//! pose signed volumes takes 20 iterations at parry's tolerance where parry's GJK takes 18;
//! over 100,000 random separated poses it takes 11.12 to parry's 10.63 (`cargo run --release
//! -p gjk --example against_parry`). Here one criterion iteration answers the same 1,000 random
//! separated cylinder–cone pairs: `poses/{who}/cylinder-cone`, in f64, `who` as in the `f64`
//! group.

use criterion::{BenchmarkId, Criterion};
use gjk::{Algorithm, Precision, SolverConfig};

pub fn poses(c: &mut Criterion) {
    let mut g = c.benchmark_group("poses");
    let poses = crate::pairs::Poses::new(1000);
    let config = SolverConfig::default_for(Algorithm::SignedVolumes, Precision::F64);
    let mut at_parry = config;
    at_parry.rel_tolerance = (10.0 * f64::EPSILON).sqrt();
    for (who, config) in [("signed_volumes", config), ("sv-parry-tolerance", at_parry)] {
        g.bench_function(BenchmarkId::new(who, "cylinder-cone"), |bench| {
            bench.iter(|| poses.ours(&config))
        });
    }
    g.bench_function(BenchmarkId::new("parry-gjk", "cylinder-cone"), |bench| {
        bench.iter(|| poses.parry())
    });
    g.finish();
}
