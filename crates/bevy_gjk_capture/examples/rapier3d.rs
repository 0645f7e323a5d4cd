//! Boxes and balls fall onto a floor in bevy_rapier3d while a ball rolls along it, casting its
//! shape ahead every frame. Press F9: every pair in contact and the ball's next cast are
//! written to `gjk-captures/`, each with a link that opens it in GJK Lab.
//!
//! `cargo run -p bevy_gjk_capture --example rapier3d --features bevy_rapier3d`

use bevy::prelude::*;
use bevy_gjk_capture::{GjkCapturePlugin, GjkRapierContext};
use bevy_rapier3d::prelude::*;

fn main() {
    App::new()
        .add_plugins((
            DefaultPlugins.set(WindowPlugin {
                primary_window: Some(Window {
                    title: "bevy_rapier3d: press F9 to capture the contacts and the next cast for GJK Lab"
                        .into(),
                    ..default()
                }),
                ..default()
            }),
            RapierPhysicsPlugin::<NoUserData>::default(),
            // The one line a game adds.
            GjkCapturePlugin::default(),
        ))
        .add_systems(Startup, setup)
        .add_systems(Update, probe)
        .run();
}

/// The ball that casts its shape ahead.
#[derive(Component)]
struct Probe;

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut solid = |color: Color| materials.add(StandardMaterial::from_color(color));
    let (floor, boxes, balls, probe) = (
        solid(Color::srgb(0.3, 0.32, 0.36)),
        solid(Color::srgb(0.25, 0.5, 0.95)),
        solid(Color::srgb(0.95, 0.55, 0.2)),
        solid(Color::srgb(0.4, 0.9, 0.5)),
    );
    commands.spawn((
        RigidBody::Fixed,
        Collider::cuboid(6.0, 0.5, 6.0),
        Mesh3d(meshes.add(Cuboid::new(12.0, 1.0, 12.0))),
        MeshMaterial3d(floor),
        Transform::from_xyz(0.0, -0.5, 0.0),
    ));
    for i in 0..6 {
        let x = i as f32 * 1.3 - 3.2;
        commands.spawn((
            RigidBody::Dynamic,
            Collider::cuboid(0.4, 0.4, 0.4),
            Mesh3d(meshes.add(Cuboid::new(0.8, 0.8, 0.8))),
            MeshMaterial3d(boxes.clone()),
            Transform::from_xyz(x, 2.0 + i as f32, -1.5).with_rotation(Quat::from_rotation_y(x)),
        ));
        commands.spawn((
            RigidBody::Dynamic,
            Collider::ball(0.4),
            Mesh3d(meshes.add(Sphere::new(0.4))),
            MeshMaterial3d(balls.clone()),
            Transform::from_xyz(x + 0.4, 3.0 + i as f32, 1.0),
        ));
    }
    commands.spawn((
        Probe,
        RigidBody::Dynamic,
        Collider::ball(0.4),
        Velocity::linear(Vec3::X * 1.5),
        Mesh3d(meshes.add(Sphere::new(0.4))),
        MeshMaterial3d(probe),
        Transform::from_xyz(-5.0, 0.4, 3.0),
    ));
    commands.spawn((
        Camera3d::default(),
        // A tone mapping that needs no lookup tables (the lean Bevy build has none).
        bevy::core_pipeline::tonemapping::Tonemapping::Reinhard,
        Transform::from_xyz(0.0, 7.0, 12.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        DirectionalLight::default(),
        Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// Every frame the ball casts its shape along its velocity, through the capture's context
/// (the engine's own cast, recorded when armed).
fn probe(
    mut context: GjkRapierContext,
    probe: Query<(Entity, &Transform, &Velocity), With<Probe>>,
) {
    for (entity, transform, velocity) in &probe {
        context.cast_shape(
            transform.translation,
            transform.rotation,
            velocity.linear,
            &Collider::ball(0.4),
            ShapeCastOptions::with_max_time_of_impact(2.0),
            QueryFilter::default().exclude_collider(entity),
        );
    }
}
