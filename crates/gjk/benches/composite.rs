//! A convex body against a 10,082-triangle height field, beside parry3d-f64's composite
//! queries on the same mesh:
//!
//! - `composite/distance/{ours,parry}/{body}`: a body 0.3 to 0.6 above the field:
//!   `gjk::composite::query_composite` (every piece near enough queried, the pair's bounds
//!   gathered) against parry's `query::distance`;
//! - `composite/contact/{ours,parry}/{body}`: the body 0.05 into the field:
//!   `query_composite` (each near triangle's depth, manifold and seams) against parry's
//!   `query::contact` (the deepest triangle's contact only);
//! - `composite/cast/{ours,parry}/{body}`: the body 0.4 above the field moving down and
//!   across (by (2, −1, 1) over the unit interval): `gjk::composite::cast_composite` (the ray
//!   cast against each triangle whose box the body's meets on the way, earliest first) against
//!   parry's `query::cast_shapes`.
//!
//! Bodies: a ball, a box and a capsule, turned. The mesh, its tree and the shapes are built
//! outside the timed loop, as parry's are.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gjk::cast::CastSpec;
use gjk::composite::{Composite, TriMesh, cast_composite, query_composite};
use gjk::{BodySpec, Placed, Precision, PreparedShape, Shape, SolverConfig};
use glam::{DQuat, DVec3};
use parry3d_f64::math::{Pose, Vector};
use parry3d_f64::query::{self, ShapeCastOptions};
use parry3d_f64::shape::{SharedShape, TriMesh as ParryMesh};
use std::hint::black_box;

/// Heights 72 × 72 over 50 × 50, gently rolling (at most 0.5 high): 10,082 triangles.
fn field() -> TriMesh {
    let heights: Vec<Vec<f64>> = (0..72)
        .map(|r| {
            (0..72)
                .map(|c| 0.25 + 0.25 * (0.37 * r as f64).sin() * (0.29 * c as f64).cos())
                .collect()
        })
        .collect();
    TriMesh::height_field(&heights, DVec3::new(50.0, 1.0, 50.0), Precision::F64)
        .expect("the bench's field is a mesh")
}

fn bodies() -> Vec<(&'static str, Shape)> {
    vec![
        ("ball", Shape::Sphere { radius: 0.5 }),
        (
            "box",
            Shape::Cuboid {
                half_extents: DVec3::new(0.5, 0.4, 0.3),
            },
        ),
        (
            "capsule",
            Shape::Capsule {
                half_height: 0.6,
                radius: 0.3,
            },
        ),
    ]
}

/// `shape` over the field at (x, z), `gap` above it (negative: into it), turned: dropped from
/// 5 above by its distance less `gap`.
fn placed(floor: &Composite, shape: &Shape, x: f64, z: f64, gap: f64) -> BodySpec {
    let high = BodySpec {
        shape: shape.clone(),
        position: DVec3::new(x, 5.0, z),
        rotation: DQuat::from_euler(glam::EulerRot::XYZ, 0.4, 0.7, 0.2),
        margin: 0.0,
    };
    let prepared = PreparedShape::new(shape.clone());
    let answer = query_composite(
        Placed::new(&prepared, &high),
        floor,
        &SolverConfig::default(),
        0.0,
    );
    let drop = answer.distance_bounds[1] - gap;
    BodySpec {
        position: high.position - DVec3::Y * drop,
        ..high
    }
}

fn bench(c: &mut Criterion) {
    let mesh = field();
    let parry = SharedShape::new(
        ParryMesh::new(
            mesh.vertices()
                .iter()
                .map(|p| Vector::new(p.x, p.y, p.z))
                .collect(),
            mesh.triangles().to_vec(),
        )
        .expect("parry builds the field"),
    );
    let composite = Composite::mesh(mesh);
    let config = SolverConfig::default();
    for (question, gap) in [("distance", 0.4), ("contact", -0.05)] {
        let mut g = c.benchmark_group(format!("composite/{question}"));
        for (name, shape) in bodies() {
            let spec = placed(&composite, &shape, 3.1, -7.3, gap);
            let prepared = PreparedShape::new(shape.clone());
            let body = Placed::new(&prepared, &spec);
            let answer = query_composite(body, &composite, &config, 0.0);
            let (pose, theirs) =
                gjk::tools::reference::to_parry(&spec).expect("parry takes the bench's shapes");
            let identity = Pose::IDENTITY;
            let deepest = answer.answering().and_then(|r| r.finish.penetration);
            println!(
                "{question}/{name}: ours {:?}, depth {:?}, over {} pieces; parry {:?}, {:?}",
                answer.distance_bounds,
                deepest.map(|p| p.depth),
                answer.runs.len(),
                query::distance(&pose, &*theirs, &identity, &*parry).map(|d| d.distance),
                query::contact(&pose, &*theirs, &identity, &*parry, 0.0).map(|c| c.map(|c| c.dist))
            );
            g.bench_function(BenchmarkId::new("ours", name), |bench| {
                bench.iter(|| query_composite(black_box(body), &composite, &config, 0.0))
            });
            g.bench_function(BenchmarkId::new("parry", name), |bench| {
                bench.iter(|| match question {
                    "distance" => query::distance(black_box(&pose), &*theirs, &identity, &*parry)
                        .map(|d| d.distance)
                        .ok(),
                    _ => query::contact(black_box(&pose), &*theirs, &identity, &*parry, 0.0)
                        .ok()
                        .flatten()
                        .map(|c| c.dist),
                })
            });
        }
        g.finish();
    }
    cast(c, &composite, &parry, &config);
}

/// The cast group: each body thrown down and across the field.
fn cast(c: &mut Criterion, composite: &Composite, parry: &SharedShape, config: &SolverConfig) {
    let velocity = DVec3::new(2.0, -1.0, 1.0);
    let motion = CastSpec {
        velocity_a: velocity,
        ..CastSpec::default()
    };
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        stop_at_penetration: true,
        ..ShapeCastOptions::default()
    };
    let parry_velocity = Vector::new(velocity.x, velocity.y, velocity.z);
    let mut g = c.benchmark_group("composite/cast");
    for (name, shape) in bodies() {
        let spec = placed(composite, &shape, 3.1, -7.3, 0.4);
        let prepared = PreparedShape::new(shape.clone());
        let body = Placed::new(&prepared, &spec);
        let (pose, theirs) =
            gjk::tools::reference::to_parry(&spec).expect("parry takes the bench's shapes");
        let identity = Pose::IDENTITY;
        let theirs_cast = || {
            query::cast_shapes(
                black_box(&pose),
                parry_velocity,
                &*theirs,
                &identity,
                Vector::ZERO,
                &**parry,
                options,
            )
            .ok()
            .flatten()
            .map(|hit| hit.time_of_impact)
        };
        let ours = cast_composite(body, composite, &motion, config).expect("a valid motion");
        println!(
            "cast/{name}: ours {:?} over {} pieces; parry {:?}",
            ours.first,
            ours.runs.len(),
            theirs_cast()
        );
        g.bench_function(BenchmarkId::new("ours", name), |bench| {
            bench.iter(|| cast_composite(black_box(body), composite, &motion, config))
        });
        g.bench_function(BenchmarkId::new("parry", name), |bench| {
            bench.iter(theirs_cast)
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
