//! A million-triangle floor: how long checking it and building its tree take, what it holds
//! in memory, and a small body's query on it afterwards.
//! `cargo run --release -p gjk --example big_mesh -- [SIDE]` (default 708: a 708 × 708 height
//! field, 999,698 triangles).
//!
//! The times are one run's wall clock on whatever machine runs it; the speed claims beside
//! parry are criterion's (`cargo bench -p gjk --bench composite`).

use gjk::composite::{Composite, TriMesh, query_composite};
use gjk::{BodySpec, Placed, Precision, PreparedShape, Shape, SolverConfig};
use glam::{DQuat, DVec3};
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
    let start = Instant::now();
    let floor = Composite::mesh(mesh);
    let built = start.elapsed();
    // What the mesh and its tree keep: vertices (24 bytes), triangles (12), neighbours (24),
    // each piece's f64 box (48), and the tree's nodes (about two per piece, 32 bytes each).
    let bytes = 24 * vertices + (12 + 24 + 48 + 2 * 32) * triangles;
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
    println!(
        "a capsule's query: {:.2?} each, {} pieces queried",
        start.elapsed() / rounds,
        pieces / rounds as usize
    );
}
