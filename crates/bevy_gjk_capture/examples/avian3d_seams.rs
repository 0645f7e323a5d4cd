//! Boxes slide without friction along a flat floor made of triangles, in avian3d with its
//! trimesh as it comes (no internal-edge fix), and stop dead at the seam between two squares of
//! the floor: the ghost collision. The log says when a box has caught. Press F9: each box's
//! contact with the floor is written to `gjk-captures/` as a case of many pieces (the triangles
//! near the box and their neighbours, with avian's normal on each), which GJK Lab opens at the
//! ghost, avian's normal judged against the normals the flat floor has there.
//!
//! `cargo run -p bevy_gjk_capture --example avian3d_seams --features avian3d`

use avian3d::prelude::*;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::PrimitiveTopology;
use bevy::prelude::*;
use bevy_gjk_capture::GjkCapturePlugin;

/// The squares of floor along x, each 2 wide and split into two triangles.
const SQUARES: u32 = 8;

fn main() {
    App::new()
        .add_plugins((
            DefaultPlugins.set(WindowPlugin {
                primary_window: Some(Window {
                    title: "avian3d: boxes catch on the floor's seams; press F9 to capture them \
                            for GJK Lab"
                        .into(),
                    ..default()
                }),
                ..default()
            }),
            PhysicsPlugins::default(),
            GjkCapturePlugin::default(),
        ))
        .add_systems(Startup, setup)
        .add_systems(Update, caught)
        .run();
}

/// A box pushed along +x at its speed.
#[derive(Component)]
struct Slider {
    speed: f32,
    said: bool,
}

/// The floor's vertices and triangles: a strip from x = -2, z from -2 to 2, its seams at
/// x = 0, 2, 4, …
fn floor() -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let vertices = (0..=SQUARES)
        .flat_map(|i| {
            let x = -2.0 + 2.0 * i as f32;
            [Vec3::new(x, 0.0, -2.0), Vec3::new(x, 0.0, 2.0)]
        })
        .collect();
    let triangles = (0..SQUARES)
        .flat_map(|i| {
            let k = 2 * i;
            [[k, k + 1, k + 3], [k, k + 3, k + 2]]
        })
        .collect();
    (vertices, triangles)
}

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    // One collider for the floor; drawn a square at a time in two shades, so that the seams
    // where the boxes catch show.
    let (vertices, triangles) = floor();
    let shades = [Color::srgb(0.3, 0.32, 0.36), Color::srgb(0.42, 0.44, 0.5)]
        .map(|c| materials.add(StandardMaterial::from_color(c)));
    for (i, square) in triangles.chunks(2).enumerate() {
        let corners: Vec<Vec3> = square
            .iter()
            .flatten()
            .map(|&v| vertices[v as usize])
            .collect();
        let drawn = Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![Vec3::Y; corners.len()])
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, corners);
        commands.spawn((
            Mesh3d(meshes.add(drawn)),
            MeshMaterial3d(shades[i % 2].clone()),
        ));
    }
    commands.spawn((RigidBody::Static, Collider::trimesh(vertices, triangles)));
    let solid = materials.add(StandardMaterial::from_color(Color::srgb(0.25, 0.5, 0.95)));
    for (lane, speed) in [2.0, 4.0, 6.0].into_iter().enumerate() {
        commands.spawn((
            Slider { speed, said: false },
            RigidBody::Dynamic,
            // Upright, as a character's body is kept.
            LockedAxes::ROTATION_LOCKED,
            Collider::cuboid(1.0, 1.0, 1.0),
            Friction::ZERO,
            LinearVelocity(Vec3::X * speed),
            Mesh3d(meshes.add(Cuboid::new(1.0, 1.0, 1.0))),
            MeshMaterial3d(solid.clone()),
            Transform::from_xyz(-1.5, 0.5, -1.2 + 1.2 * lane as f32),
        ));
    }
    commands.spawn((
        Camera3d::default(),
        // A tone mapping that needs no lookup tables (the lean Bevy build has none).
        bevy::core_pipeline::tonemapping::Tonemapping::Reinhard,
        Transform::from_xyz(4.0, 6.0, 10.0).looking_at(Vec3::new(4.0, 0.0, 0.0), Vec3::Y),
    ));
    commands.spawn((
        DirectionalLight::default(),
        Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// Says when a box that was sliding has stopped on the flat floor.
fn caught(mut sliders: Query<(&mut Slider, &LinearVelocity, &Position)>) {
    for (mut slider, velocity, position) in &mut sliders {
        if !slider.said && velocity.x < 0.1 * slider.speed {
            slider.said = true;
            info!(
                "a box sliding at {} m/s stopped at x = {:.3} on a flat floor: caught on a seam; \
                 press F9 to capture it",
                slider.speed, position.x
            );
        }
    }
}
