//! A million-triangle floor: how long checking it and building its tree take, what it holds
//! in memory, and a small body's query on it afterwards; parry3d-f64's mesh of the same
//! triangles built and asked the same distance beside it, in the same run.
//! `cargo run --release -p gjk --example big_mesh -- [SIDE]` (default 708: a 708 × 708 height
//! field, 999,698 triangles).
//!
//! The times are one run's wall clock on whatever machine runs it; the speed claims beside
//! parry are criterion's (`cargo bench -p gjk --bench composite`).

use gjk::composite::{Composite, TriMesh, query_composite};
use gjk::{BodySpec, Placed, Precision, PreparedShape, Shape, SolverConfig};
use glam::{DQuat, DVec3};
use parry3d_f64::math::{Pose, Vector};
use parry3d_f64::shape::{SharedShape, TriMesh as ParryMesh};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let side: usize = std::env::args()
        .nth(1)
        .map_or(708, |s| s.parse().expect("SIDE is a whole number"));
    let heights: Vec<Vec<f64>> = (0..side)
        .map(|r| {
            (0..side)
                .map(|c| 0.25 + 0.25 * (0.37 * r as f64).sin() * (0.29 * c as f64).cos())
                .collect()
        })
        .collect();
    let extent = side as f64 * 0.7;
    let start = Instant::now();
    let mesh = TriMesh::height_field(&heights, DVec3::new(extent, 1.0, extent), Precision::F64)
        .expect("the field is a mesh");
    let checked = start.elapsed();
    let triangles = mesh.triangles().len();
    let vertices = mesh.vertices().len();
    let (parry_vertices, parry_triangles): (Vec<Vector>, _) = (
        mesh.vertices()
            .iter()
            .map(|p| Vector::new(p.x, p.y, p.z))
            .collect(),
        mesh.triangles().to_vec(),
    );
    let start = Instant::now();
    let floor = Composite::mesh(mesh);
    let built = start.elapsed();
    // What the mesh and its tree keep: vertices (24 bytes), triangles (12), neighbours (24),
    // normals (24), edges' bends (3), each piece's f64 box (48), and the tree's nodes (about
    // two per piece, 32 bytes each).
    let bytes = 24 * vertices + (12 + 24 + 24 + 3 + 48 + 2 * 32) * triangles;
    println!(
        "{triangles} triangles, {vertices} vertices: checked in {checked:.2?}, tree built in \
         {built:.2?}; about {:.0} MB",
        bytes as f64 / 1e6
    );
    let spec = BodySpec {
        shape: Shape::Capsule {
            half_height: 0.6,
            radius: 0.3,
        },
        position: DVec3::new(3.1, 0.8, -7.3),
        rotation: DQuat::from_rotation_z(1.2),
        margin: 0.0,
    };
    let shape = PreparedShape::new(spec.shape.clone());
    let config = SolverConfig::default();
    let rounds = 10_000;
    let start = Instant::now();
    let mut pieces = 0;
    for _ in 0..rounds {
        let answer = query_composite(Placed::new(&shape, &spec), &floor, &config, 0.0);
        pieces += answer.runs.len();
    }
    let ours = start.elapsed() / rounds;
    println!(
        "a capsule's query: {ours:.2?} each, {} pieces queried",
        pieces / rounds as usize
    );
    let start = Instant::now();
    let theirs = SharedShape::new(
        ParryMesh::new(parry_vertices, parry_triangles).expect("parry builds the field"),
    );
    let parry_built = start.elapsed();
    let (pose, capsule) = gjk::tools::reference::to_parry(&spec).expect("parry takes a capsule");
    let start = Instant::now();
    for _ in 0..rounds {
        black_box(parry3d_f64::query::distance(
            black_box(&pose),
            &*capsule,
            &Pose::IDENTITY,
            &*theirs,
        ))
        .ok();
    }
    let parry = start.elapsed() / rounds;
    println!(
        "parry3d-f64: its mesh built in {parry_built:.2?}; its distance {parry:.2?} each; ours \
         {:.2}x",
        ours.as_secs_f64() / parry.as_secs_f64()
    );
}
