//! Boxes and balls fall onto a floor in avian3d while a capsule slides along it, casting its
//! shape ahead every frame. Press F9: every pair in contact and the capsule's next cast are
//! written to `gjk-captures/`, each with a link that opens it in GJK Lab.
//!
//! `cargo run -p bevy_gjk_capture --example avian3d --features avian3d`

use avian3d::prelude::*;
use bevy::prelude::*;
use bevy_gjk_capture::{GjkCapturePlugin, GjkSpatialQuery};

fn main() {
    App::new()
        .add_plugins((
            DefaultPlugins.set(WindowPlugin {
                primary_window: Some(Window {
                    title:
                        "avian3d: press F9 to capture the contacts and the next cast for GJK Lab"
                            .into(),
                    ..default()
                }),
                ..default()
            }),
            PhysicsPlugins::default(),
            // The one line a game adds.
            GjkCapturePlugin::default(),
        ))
        .add_systems(Startup, setup)
        .add_systems(Update, (slide, probe))
        .run();
}

/// The capsule that casts its shape ahead.
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
        RigidBody::Static,
        Collider::cuboid(12.0, 1.0, 12.0),
        Mesh3d(meshes.add(Cuboid::new(12.0, 1.0, 12.0))),
        MeshMaterial3d(floor),
        Transform::from_xyz(0.0, -0.5, 0.0),
    ));
    for i in 0..6 {
        let x = i as f32 * 1.3 - 3.2;
        commands.spawn((
            RigidBody::Dynamic,
            Collider::cuboid(0.8, 0.8, 0.8),
            Mesh3d(meshes.add(Cuboid::new(0.8, 0.8, 0.8))),
            MeshMaterial3d(boxes.clone()),
            Transform::from_xyz(x, 2.0 + i as f32, -1.5).with_rotation(Quat::from_rotation_y(x)),
        ));
        commands.spawn((
            RigidBody::Dynamic,
            Collider::sphere(0.4),
            Mesh3d(meshes.add(Sphere::new(0.4))),
            MeshMaterial3d(balls.clone()),
            Transform::from_xyz(x + 0.4, 3.0 + i as f32, 1.0),
        ));
    }
    commands.spawn((
        Probe,
        RigidBody::Kinematic,
        Collider::capsule(0.3, 0.8),
        Mesh3d(meshes.add(Capsule3d::new(0.3, 0.8))),
        MeshMaterial3d(probe),
        Transform::from_xyz(-5.0, 0.7, 3.0),
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

/// The capsule slides back and forth along the floor.
fn slide(time: Res<Time>, mut probe: Query<&mut LinearVelocity, With<Probe>>) {
    for mut v in &mut probe {
        v.0 = Vec3::X * 2.0 * (time.elapsed_secs() * 0.4).sin().signum();
    }
}

/// Every frame the capsule casts its shape along its motion, as a character controller would,
/// through the capture's spatial query (the engine's own, recorded when armed).
fn probe(
    mut query: GjkSpatialQuery,
    probe: Query<(Entity, &Position, &Rotation, &LinearVelocity), With<Probe>>,
) {
    for (entity, position, rotation, velocity) in &probe {
        let Ok(direction) = Dir3::new(velocity.0) else {
            continue;
        };
        query.cast_shape(
            &Collider::capsule(0.3, 0.8),
            position.0,
            rotation.0,
            direction,
            &ShapeCastConfig::from_max_distance(4.0),
            &SpatialQueryFilter::from_excluded_entities([entity]),
        );
    }
}
