//! The Minkowski view's rebuild, the per-frame cost of a drag: sampling A ⊖ B by support
//! points and building the hull mesh, at the sample counts of the view's slider, for a pair of
//! 100-vertex polytopes (their 10,000 pairwise differences), the whole rerun of the default
//! scene (solver trace + view at 4,000 samples), and the same rerun for a 10,000-vertex hull
//! against a box at the view's default 600 samples (its hull graph built once, as in a drag).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gjk::{BodySpec, Shape};
use gjk_lab::case::playback::Shapes;
use gjk_lab::views::hull::{hull_mesh, minkowski_points};
use gjk_lab_files::bundled::default_scenario;
use glam::{DQuat, DVec3};
use std::hint::black_box;

fn polytope(n: usize, seed: u64) -> Shape {
    // Points on a unit sphere from a small linear congruential sequence: all hull vertices.
    let mut x = seed;
    let mut next = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    Shape::Polytope {
        vertices: (0..n)
            .map(|_| DVec3::new(next(), next(), next()).normalize_or(DVec3::X))
            .collect(),
    }
}

fn bench(c: &mut Criterion) {
    let scene = default_scenario();
    let scene_shapes = Shapes::new(&scene);
    let mut g = c.benchmark_group("minkowski-view");
    for samples in [1000, 4000, 16000] {
        g.bench_with_input(
            BenchmarkId::new("sample+hull", samples),
            &samples,
            |b, &n| {
                b.iter(|| {
                    let [a, b] = scene_shapes.placed(black_box(&scene));
                    hull_mesh(&minkowski_points(a, b, n))
                })
            },
        );
    }
    let body = |shape, position| BodySpec {
        shape,
        position,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let mut polytopes = scene.clone();
    (polytopes.a, polytopes.b) = (
        body(polytope(100, 1), DVec3::ZERO),
        body(polytope(100, 2), DVec3::new(2.5, 0.0, 0.0)),
    );
    let polytope_shapes = Shapes::new(&polytopes);
    g.bench_function("polytopes-100x100", |bench| {
        bench.iter(|| {
            let [a, b] = polytope_shapes.placed(black_box(&polytopes));
            hull_mesh(&minkowski_points(a, b, 600))
        })
    });
    // A rerun of a drag: the shapes stay prepared, the poses change.
    let rerun = |shapes: &Shapes, scene: &gjk::Scenario, samples: usize| {
        let trace = shapes.trace(black_box(scene), None);
        let [a, b] = shapes.placed(scene);
        (trace, hull_mesh(&minkowski_points(a, b, samples)))
    };
    g.bench_function("default-scene-rerun-4000", |bench| {
        bench.iter(|| rerun(&scene_shapes, &scene, 4000))
    });
    let (big, cube) = (
        body(polytope(10_000, 3), DVec3::ZERO),
        body(
            Shape::Cuboid {
                half_extents: DVec3::splat(0.5),
            },
            DVec3::new(1.8, 0.2, 0.1),
        ),
    );
    let mut dragged = scene.clone();
    (dragged.a, dragged.b) = (big, cube);
    let dragged_shapes = Shapes::new(&dragged);
    g.bench_function("hull10k-box-rerun-600", |bench| {
        bench.iter(|| rerun(&dragged_shapes, &dragged, 600))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
