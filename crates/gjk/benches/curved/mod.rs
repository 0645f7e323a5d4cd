//! Curved pairs over many poses. On a curved pair the number of iterations follows the pose as
//! much as the shapes, so one pose can flatter either side: on the `f64` group's cylinder–cone
//! pose signed volumes takes 20 iterations at parry's tolerance where parry's GJK takes 18;
//! over 100,000 random separated poses it takes 11.12 to parry's 10.63 (`cargo run --release
//! -p gjk --example against_parry`). Here one criterion iteration answers the same 1,000 random
//! separated cylinder–cone pairs: `poses/{who}/cylinder-cone`, in f64, `who` as in the `f64`
//! group.

use crate::common;
use crate::shared;
use criterion::{BenchmarkId, Criterion};
use gjk::{
    Algorithm, BodySpec, DistanceGjk, MinkowskiDifference, Precision, PreparedShape, SolverConfig,
    Steppable,
};
use std::hint::black_box;

pub fn poses(c: &mut Criterion) {
    let mut g = c.benchmark_group("poses");
    let pairs = crate::pairs::cylinder_cone_pairs(1000);
    let body = |s: &BodySpec| crate::body::<f64>(s, PreparedShape::new);
    let ours: Vec<_> = pairs.iter().map(|(a, b)| (body(a), body(b))).collect();
    let config = SolverConfig::default_for(Algorithm::SignedVolumes, Precision::F64);
    let mut at_parry = config;
    at_parry.rel_tolerance = (10.0 * f64::EPSILON).sqrt();
    let configs = [("signed_volumes", config), ("sv-parry-tolerance", at_parry)];
    for (who, config) in configs {
        g.bench_function(BenchmarkId::new(who, "cylinder-cone"), |bench| {
            bench.iter(|| {
                for (a, b) in &ours {
                    let cso = MinkowskiDifference::new(black_box(a), black_box(b));
                    shared::keep(DistanceGjk::new(cso, &config).run());
                }
            })
        });
    }
    let theirs: Vec<_> = pairs
        .iter()
        .map(|(a, b)| {
            let (pa, sa) = common::to_parry(a).expect("parry shape");
            let (pb, sb) = common::to_parry(b).expect("parry shape");
            (pa.inv_mul(&pb), sa, sb)
        })
        .collect();
    g.bench_function(BenchmarkId::new("parry-gjk", "cylinder-cone"), |bench| {
        bench.iter(|| {
            for (pos12, sa, sb) in &theirs {
                let (ga, gb) = (
                    sa.as_support_map().expect("convex"),
                    sb.as_support_map().expect("convex"),
                );
                black_box(
                    parry3d_f64::query::details::distance_support_map_support_map(
                        black_box(pos12),
                        ga,
                        gb,
                    ),
                );
            }
        })
    });
    g.finish();
}
