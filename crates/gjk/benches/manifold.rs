//! The contact manifold against parry3d-f64's `contact_manifolds`, on resting contacts:
//!
//! - `manifold/ours/{pair}`: the whole answer as an engine asks it, untraced: the static query
//!   (`gjk::query::query`, the default configuration, EPA included) and then the manifold
//!   (`gjk::manifold::manifold`);
//! - `manifold/ours-after-depth/{pair}`: the manifold alone, from the query's answer;
//! - `manifold/parry/{pair}`: parry's `contact_manifolds` from scratch (no workspace kept,
//!   prediction 0), which finds its own normal and clips as ours does.
//!
//! Pairs: a box resting on a slab (four points), a capsule lying on it (two), and two
//! 16-point hulls resting face on face. Shapes are prepared outside the timed loop, as parry's
//! are built.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gjk::{BodySpec, Placed, PreparedShape, Shape, SolverConfig};
use glam::{DQuat, DVec3};
use parry3d_f64::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use std::hint::black_box;

fn spec(shape: Shape, position: DVec3, rotation: DQuat) -> BodySpec {
    BodySpec {
        shape,
        position,
        rotation,
        margin: 0.0,
    }
}

/// A prism of `n` sides, radius 1, height 0.6: `2n` points, flat top and bottom.
fn prism(n: usize) -> Shape {
    let vertices = (0..2 * n)
        .map(|i| {
            let a = (i % n) as f64 * std::f64::consts::TAU / n as f64;
            let y = if i < n { -0.3 } else { 0.3 };
            DVec3::new(a.cos(), y, a.sin())
        })
        .collect();
    Shape::Polytope { vertices }
}

fn pairs() -> Vec<(&'static str, BodySpec, BodySpec)> {
    let slab = spec(
        Shape::Cuboid {
            half_extents: DVec3::new(2.0, 0.5, 2.0),
        },
        DVec3::ZERO,
        DQuat::IDENTITY,
    );
    let turn = DQuat::from_rotation_y(0.3);
    vec![
        (
            "box-box",
            slab.clone(),
            spec(
                Shape::Cuboid {
                    half_extents: DVec3::splat(0.5),
                },
                DVec3::new(0.3, 0.98, 0.2),
                turn,
            ),
        ),
        (
            "capsule-box",
            slab,
            spec(
                Shape::Capsule {
                    half_height: 0.8,
                    radius: 0.3,
                },
                DVec3::new(0.2, 0.79, 0.0),
                turn * DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
            ),
        ),
        (
            "hull-hull",
            spec(prism(8), DVec3::ZERO, DQuat::IDENTITY),
            spec(prism(8), DVec3::new(0.2, 0.58, 0.1), turn),
        ),
    ]
}

fn parry(b: &BodySpec) -> (parry3d_f64::math::Pose, parry3d_f64::shape::SharedShape) {
    gjk::tools::reference::to_parry(b).expect("parry takes the bench's shapes")
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("manifold");
    let config = SolverConfig::default();
    for (pair, a, b) in pairs() {
        let (sa, sb) = (
            PreparedShape::new(a.shape.clone()),
            PreparedShape::new(b.shape.clone()),
        );
        let (pa, pb) = (Placed::new(&sa, &a), Placed::new(&sb, &b));
        let dim = gjk::config::Dimension::Three;
        let answer = gjk::query::query(pa, pb, &config, None, &mut gjk::NoTrace);
        let penetration = answer.penetration.expect("the bench's pairs overlap");
        let points = gjk::manifold::manifold(pa, pb, &penetration, dim)
            .points
            .len();
        g.bench_function(BenchmarkId::new("ours", pair), |bench| {
            bench.iter(|| {
                let f = gjk::query::query(
                    black_box(pa),
                    black_box(pb),
                    &config,
                    None,
                    &mut gjk::NoTrace,
                );
                f.penetration
                    .map(|p| gjk::manifold::manifold(pa, pb, &p, dim).points.len())
            })
        });
        g.bench_function(BenchmarkId::new("ours-after-depth", pair), |bench| {
            bench.iter(|| gjk::manifold::manifold(black_box(pa), pb, &penetration, dim))
        });
        let ((qa, shape_a), (qb, shape_b)) = (parry(&a), parry(&b));
        let pos12 = qa.inv_mul(&qb);
        let mut theirs: Vec<ContactManifold<(), ()>> = Vec::new();
        DefaultQueryDispatcher
            .contact_manifolds(
                &pos12,
                &*shape_a.0,
                &*shape_b.0,
                0.0,
                &mut theirs,
                &mut None,
            )
            .expect("parry answers");
        let found: usize = theirs.iter().map(|m| m.points.len()).sum();
        println!("{pair}: ours {points} points, parry {found}");
        g.bench_function(BenchmarkId::new("parry", pair), |bench| {
            bench.iter(|| {
                let mut manifolds: Vec<ContactManifold<(), ()>> = Vec::new();
                DefaultQueryDispatcher
                    .contact_manifolds(
                        black_box(&pos12),
                        &*shape_a.0,
                        &*shape_b.0,
                        0.0,
                        &mut manifolds,
                        &mut None,
                    )
                    .ok();
                manifolds
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
