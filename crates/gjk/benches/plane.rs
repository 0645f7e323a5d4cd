//! The solver in the plane against parry2d-f64, on pairs of plane shapes in three poses:
//! our closest-point GJK (Johnson's subalgorithm and signed volumes) and boolean GJK with the
//! configuration in the plane, against parry2d's `query::distance`, its GJK itself
//! (`distance_support_map_support_map`) and its `intersection_test`; and the front door
//! (`gjk::query::query`, `query` and `query-boolean`, the latter with `epa: false`) against
//! `query::distance` (and `query::contact` where the pair touches or overlaps) and
//! `intersection_test`.
//!
//! Our plane is the 3D solver on `z = 0` (see `gjk::config::Dimension`): these numbers are
//! what that choice costs against a solver built for two dimensions. Group names read
//! `plane-f64/{who}/{pair}-{pose}`. Run with `cargo bench -p gjk --bench plane`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gjk::config::Dimension;
use gjk::{
    Algorithm, Body, BodySpec, BooleanGjk, DistanceGjk, MinkowskiDifference, Placed, Precision,
    PreparedShape, Shape, SolverConfig, Steppable,
};
use glam::{DQuat, DVec3};
use std::hint::black_box;

mod shared;

fn place(shape: Shape, x: f64, y: f64, angle: f64) -> BodySpec {
    BodySpec {
        shape,
        position: DVec3::new(x, y, 0.0),
        rotation: DQuat::from_rotation_z(angle),
        margin: 0.0,
    }
}

/// A polygon of `n` points on a circle of radius `r`: every one a hull vertex.
fn polygon(n: usize, r: f64) -> Shape {
    Shape::Polytope {
        vertices: (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * (i as f64 + 0.3) / n as f64;
                DVec3::new(r * a.cos(), r * a.sin(), 0.0)
            })
            .collect(),
    }
}

fn plane_config(algorithm: Algorithm) -> SolverConfig {
    SolverConfig {
        dimension: Dimension::Two,
        ..SolverConfig::default_for(algorithm, Precision::F64)
    }
}

/// The pairs, each separated by about 0.3.
fn pairs() -> Vec<(&'static str, BodySpec, BodySpec)> {
    let square = |h: f64| Shape::Cuboid {
        half_extents: DVec3::new(h, h * 0.8, 0.0),
    };
    vec![
        (
            "box-box",
            place(square(0.5), 0.0, 0.0, 0.3),
            place(square(0.5), 1.6, 0.3, -0.2),
        ),
        (
            "circle-capsule",
            place(Shape::Sphere { radius: 0.5 }, 0.0, 0.0, 0.0),
            place(
                Shape::Capsule {
                    half_height: 0.6,
                    radius: 0.3,
                },
                1.2,
                0.5,
                0.4,
            ),
        ),
        (
            "polygon8",
            place(polygon(8, 0.6), 0.0, 0.0, 0.1),
            place(polygon(8, 0.6), 1.5, 0.2, 0.5),
        ),
        (
            "polygon32-circle",
            place(polygon(32, 0.6), 0.0, 0.0, 0.1),
            place(Shape::Sphere { radius: 0.4 }, 1.3, 0.3, 0.0),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    use gjk::tools::reference::plane::{parry_pose, parry_shape};
    let mut g = c.benchmark_group("plane-f64");
    for (pair, a, b) in pairs() {
        for (pose, b) in shared::poses(&a, &b, &plane_config(Algorithm::SignedVolumes)) {
            let name = format!("{pair}-{pose}");
            let body = |s: &BodySpec| {
                Body::<f64>::prepared(&PreparedShape::new(s.shape.clone()), s.pose(), s.margin)
            };
            let (ba, bb) = (body(&a), body(&b));
            for algorithm in [Algorithm::Distance, Algorithm::SignedVolumes] {
                let config = plane_config(algorithm);
                g.bench_function(BenchmarkId::new(algorithm.name(), &name), |bench| {
                    bench.iter(|| {
                        let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                        shared::keep(DistanceGjk::new(cso, &config).run())
                    })
                });
            }
            // The front door, as the CLI and the app call it in the plane: the distance query
            // and the boolean question.
            let (shape_a, shape_b) = (
                PreparedShape::new(a.shape.clone()),
                PreparedShape::new(b.shape.clone()),
            );
            let (qa, qb) = (Placed::new(&shape_a, &a), Placed::new(&shape_b, &b));
            for (who, algorithm) in [
                ("query", Algorithm::default()),
                ("query-boolean", Algorithm::Boolean),
            ] {
                // The boolean question asks only whether they overlap: no EPA.
                let config = SolverConfig {
                    epa: algorithm.measures_distance(),
                    ..plane_config(algorithm)
                };
                g.bench_function(BenchmarkId::new(who, &name), |bench| {
                    bench.iter(|| shared::query(qa, qb, &config))
                });
            }
            let config = plane_config(Algorithm::Boolean);
            g.bench_function(BenchmarkId::new("boolean", &name), |bench| {
                bench.iter(|| {
                    let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                    shared::keep(BooleanGjk::new(cso, &config).run())
                })
            });
            let (pa, sa) = (parry_pose(&a), parry_shape(&a).expect("a plane shape"));
            let (pb, sb) = (parry_pose(&b), parry_shape(&b).expect("a plane shape"));
            g.bench_function(BenchmarkId::new("parry-distance", &name), |bench| {
                bench.iter(|| parry2d_f64::query::distance(black_box(&pa), &*sa.0, &pb, &*sb.0))
            });
            if pose != "separated" {
                g.bench_function(BenchmarkId::new("parry-contact", &name), |bench| {
                    bench.iter(|| {
                        parry2d_f64::query::contact(black_box(&pa), &*sa.0, &pb, &*sb.0, 0.0)
                    })
                });
            }
            g.bench_function(BenchmarkId::new("parry-intersection", &name), |bench| {
                bench.iter(|| {
                    parry2d_f64::query::intersection_test(black_box(&pa), &*sa.0, &pb, &*sb.0)
                })
            });
            let (ga, gb) = (
                sa.as_support_map().expect("convex"),
                sb.as_support_map().expect("convex"),
            );
            g.bench_function(BenchmarkId::new("parry-gjk", &name), |bench| {
                bench.iter(|| {
                    let pos12 = black_box(&pa).inv_mul(&pb);
                    parry2d_f64::query::details::distance_support_map_support_map(&pos12, ga, gb)
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
