//! bevy_rapier3d and bevy_rapier2d, stepped headless, then captured.

#[cfg(feature = "bevy_rapier3d")]
mod space {
    use crate::common::*;
    use bevy::prelude::*;
    use bevy_gjk_capture::{CaptureRequest, GjkRapierContext, Pairs};
    use bevy_rapier3d::prelude::*;

    fn world(name: &str) -> App {
        app(folder(name), RapierPhysicsPlugin::<NoUserData>::default())
    }

    #[test]
    fn a_sphere_a_hundredth_deep_in_a_box_is_captured_and_agrees() {
        let mut app = world("rapier3d-sphere");
        let floor = app
            .world_mut()
            .spawn((
                RigidBody::Fixed,
                Collider::cuboid(2.0, 0.5, 2.0),
                Transform::default(),
            ))
            .id();
        let ball = app
            .world_mut()
            .spawn((
                RigidBody::Dynamic,
                Collider::ball(0.5),
                Transform::from_xyz(0.3, 0.99, -0.2),
            ))
            .id();
        app.update();
        app.update();
        let files = written(&capture(
            &mut app,
            CaptureRequest::Contacts(Pairs::Of(ball)),
        ));
        assert_eq!(files.len(), 1, "{files:?}");
        let (s, check) = checked(&files[0]);
        let engine = s.engine.as_ref().unwrap();
        assert!(engine.engine.starts_with("bevy_rapier3d"));
        assert!(engine.deepest_separation().unwrap() < 0.0);
        agrees(&check);
        let named = written(&capture(&mut app, CaptureRequest::Pair(floor, ball)));
        agrees(&checked(&named[0]).1);
    }

    fn cast_ball(mut context: GjkRapierContext) {
        context.cast_shape(
            Vec3::new(-5.0, 0.0, 0.0),
            Quat::IDENTITY,
            Vec3::new(2.0, 0.0, 0.0),
            &Collider::ball(0.5),
            ShapeCastOptions::with_max_time_of_impact(10.0),
            QueryFilter::default(),
        );
    }

    #[test]
    fn a_shape_cast_with_a_known_time_is_captured_and_agrees() {
        let mut app = world("rapier3d-cast");
        app.world_mut().spawn((
            RigidBody::Fixed,
            Collider::cuboid(0.5, 0.5, 0.5),
            Transform::default(),
        ));
        app.add_systems(Update, cast_ball);
        app.update();
        app.update();
        let files = written(&capture(
            &mut app,
            CaptureRequest::NextCast { against: None },
        ));
        let (s, check) = checked(&files[0]);
        let cast = s.engine.as_ref().unwrap().cast.as_ref().unwrap();
        // 4 to travel at speed 2.
        assert!(
            (cast.time_of_impact.unwrap() - 2.0).abs() < 1e-4,
            "{cast:?}"
        );
        agrees(&check);
    }
    #[test]
    fn a_character_controller_s_collision_is_captured_as_its_cast_and_agrees() {
        let mut app = world("rapier3d-character");
        let floor = app
            .world_mut()
            .spawn((
                RigidBody::Fixed,
                Collider::cuboid(2.0, 0.5, 2.0),
                Transform::default(),
            ))
            .id();
        let character = app
            .world_mut()
            .spawn((
                Collider::ball(0.5),
                KinematicCharacterController::default(),
                Transform::from_xyz(0.0, 1.6, 0.0),
            ))
            .id();
        app.update();
        app.update();
        // One move of 1 down, asked in the frame the capture is armed.
        app.world_mut()
            .get_mut::<KinematicCharacterController>(character)
            .unwrap()
            .translation = Some(Vec3::new(0.0, -1.0, 0.0));
        let files = written(&capture(
            &mut app,
            CaptureRequest::NextCast { against: None },
        ));
        assert_eq!(files.len(), 1, "{files:?}");
        assert!(files[0].to_string_lossy().contains(&format!("{floor}")));
        let (s, check) = checked(&files[0]);
        let cast = s.engine.as_ref().unwrap().cast.as_ref().unwrap();
        // The ball's bottom at 1.1 stops the controller's offset (a hundredth of its height
        // of 1) above the floor's top at 0.5.
        assert!(
            (cast.time_of_impact.unwrap() - 0.59).abs() < 1e-4,
            "{cast:?}"
        );
        assert!(s.notes.contains("character controller"), "{}", s.notes);
        agrees(&check);
    }
}

#[cfg(feature = "bevy_rapier2d")]
mod plane {
    use crate::common::*;
    use bevy::prelude::*;
    use bevy_gjk_capture::{CaptureRequest, Pairs};
    use bevy_rapier2d::prelude::*;

    #[test]
    fn two_polygons_in_the_plane_are_captured_as_a_2d_case_and_agree() {
        let mut app = app(
            folder("rapier2d-polygons"),
            RapierPhysicsPlugin::<NoUserData>::default(),
        );
        let hexagon: Vec<Vec2> = (0..6)
            .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / 6.0))
            .collect();
        app.world_mut().spawn((
            RigidBody::Fixed,
            Collider::convex_hull(&hexagon).unwrap(),
            Transform::default(),
        ));
        app.world_mut().spawn((
            RigidBody::Dynamic,
            Collider::cuboid(0.5, 0.25),
            Transform::from_xyz(0.2, 1.1, 0.0).with_rotation(Quat::from_rotation_z(0.3)),
        ));
        app.update();
        app.update();
        let files = written(&capture(&mut app, CaptureRequest::Contacts(Pairs::All)));
        let (s, check) = checked(&files[0]);
        assert!(s.dimension.is_plane());
        agrees(&check);
    }
}
