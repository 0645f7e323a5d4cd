//! The solver against parry3d-f64 on the pairs: untraced (the hot path), traced
//! (every step recorded), and parry's `query::distance`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gjk::{BodySpec, Shape, SolverConfig};
use glam::{DQuat, DVec3};
use std::hint::black_box;

#[path = "../tests/solver/common.rs"]
#[expect(
    dead_code,
    reason = "the bench uses only part of the shared test helpers"
)]
mod common;

fn place(shape: Shape, position: DVec3, rotation: DQuat) -> BodySpec {
    BodySpec {
        shape,
        position,
        rotation,
        margin: 0.0,
    }
}

fn pairs() -> Vec<(&'static str, BodySpec, BodySpec)> {
    let mut rng = common::Rng::new(9);
    let mut hull = || Shape::Polytope {
        vertices: (0..32).map(|_| rng.vec(-1.0, 1.0)).collect(),
    };
    let tilt = DQuat::from_euler(glam::EulerRot::YXZ, 0.4, 0.3, 0.2);
    vec![
        (
            "box-box",
            place(
                Shape::Cuboid {
                    half_extents: DVec3::new(0.5, 0.4, 0.6),
                },
                DVec3::ZERO,
                tilt,
            ),
            place(
                Shape::Cuboid {
                    half_extents: DVec3::splat(0.5),
                },
                DVec3::new(1.6, 0.3, 0.2),
                tilt.inverse(),
            ),
        ),
        (
            "sphere-capsule",
            place(Shape::Sphere { radius: 0.5 }, DVec3::ZERO, DQuat::IDENTITY),
            place(
                Shape::Capsule {
                    half_height: 0.6,
                    radius: 0.3,
                },
                DVec3::new(1.2, 0.5, 0.1),
                tilt,
            ),
        ),
        (
            "hull32-hull32",
            place(hull(), DVec3::ZERO, tilt),
            place(hull(), DVec3::new(2.4, 0.3, -0.2), DQuat::IDENTITY),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let config = SolverConfig::default();
    let mut group = c.benchmark_group("distance");
    for (name, a, b) in pairs() {
        let (pa, sa) = common::to_parry(&a).expect("parry shape");
        let (pb, sb) = common::to_parry(&b).expect("parry shape");
        group.bench_with_input(
            BenchmarkId::new("gjk-untraced", name),
            &(&a, &b),
            |bench, (a, b)| bench.iter(|| gjk::solve(black_box(a), black_box(b), &config)),
        );
        group.bench_with_input(
            BenchmarkId::new("gjk-traced", name),
            &(&a, &b),
            |bench, (a, b)| bench.iter(|| gjk::trace(black_box(a), black_box(b), &config)),
        );
        group.bench_function(BenchmarkId::new("parry3d-f64", name), |bench| {
            bench.iter(|| {
                parry3d_f64::query::distance(black_box(&pa), &*sa.0, black_box(&pb), &*sb.0)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
