//! Polygons, boxes and circles fall into a bowl in avian2d. Press F9: every pair in contact is
//! written to `gjk-captures/` as a 2D case, with a link that opens it in GJK Lab.
//!
//! `cargo run -p bevy_gjk_capture --example avian2d --features avian2d`

use avian2d::prelude::*;
use bevy::prelude::*;
use bevy_gjk_capture::GjkCapturePlugin;

fn main() {
    App::new()
        .add_plugins((
            DefaultPlugins.set(WindowPlugin {
                primary_window: Some(Window {
                    title: "avian2d: press F9 to capture the contacts for GJK Lab".into(),
                    ..default()
                }),
                ..default()
            }),
            PhysicsPlugins::default(),
            // The one line a game adds.
            GjkCapturePlugin::default(),
        ))
        .add_systems(Startup, setup)
        .run();
}

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut flat = |color: Color| {
        materials.add(StandardMaterial {
            unlit: true,
            ..StandardMaterial::from_color(color)
        })
    };
    let (ground, falling) = (
        flat(Color::srgb(0.3, 0.32, 0.36)),
        flat(Color::srgb(0.95, 0.55, 0.2)),
    );
    // A bowl of three boxes.
    for (x, y, angle) in [(0.0, -3.0, 0.0), (-4.0, -1.5, -0.9), (4.0, -1.5, 0.9)] {
        commands.spawn((
            RigidBody::Static,
            Collider::rectangle(5.0, 0.5),
            Mesh3d(meshes.add(Rectangle::new(5.0, 0.5))),
            MeshMaterial3d(ground.clone()),
            Transform::from_xyz(x, y, 0.0).with_rotation(Quat::from_rotation_z(angle)),
        ));
    }
    let pentagon = RegularPolygon::new(0.5, 5);
    let points: Vec<Vec2> = pentagon.vertices(0.0).into_iter().collect();
    for i in 0..9 {
        let at = Transform::from_xyz((i % 3) as f32 * 1.2 - 1.2, 1.0 + i as f32 * 0.8, 0.0);
        let (collider, mesh) = match i % 3 {
            0 => (Collider::circle(0.4), meshes.add(Circle::new(0.4))),
            1 => (
                Collider::rectangle(0.8, 0.5),
                meshes.add(Rectangle::new(0.8, 0.5)),
            ),
            _ => (
                Collider::convex_hull(&points).expect("a pentagon's corners"),
                meshes.add(pentagon),
            ),
        };
        commands.spawn((
            RigidBody::Dynamic,
            collider,
            Mesh3d(mesh),
            MeshMaterial3d(falling.clone()),
            at,
        ));
    }
    // Looking down the plane's normal, without perspective.
    commands.spawn((
        Camera3d::default(),
        // A tone mapping that needs no lookup tables (the lean Bevy build has none).
        bevy::core_pipeline::tonemapping::Tonemapping::Reinhard,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: bevy::camera::ScalingMode::FixedVertical {
                viewport_height: 10.0,
            },
            ..OrthographicProjection::default_3d()
        }),
        Transform::from_xyz(0.0, 0.0, 10.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}
