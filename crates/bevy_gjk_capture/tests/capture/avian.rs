//! avian3d and avian2d, stepped headless, then captured.

#[cfg(feature = "avian3d")]
mod space {
    use crate::common::*;
    use avian3d::prelude::*;
    use bevy::prelude::*;
    use bevy_gjk_capture::{
        CaptureOutcome, CaptureRequest, GjkMoveAndSlide, GjkSpatialQuery, Pairs,
    };
    use gjk::Shape;

    fn world(name: &str) -> App {
        let mut app = app(folder(name), PhysicsPlugins::default());
        app.insert_resource(Gravity(Vec3::ZERO));
        app
    }

    /// A still box of half-extent 1 at the origin, for the casts.
    fn unit_box(app: &mut App) {
        app.world_mut().spawn((
            RigidBody::Static,
            Collider::cuboid(1.0, 1.0, 1.0),
            Transform::default(),
        ));
    }

    fn floor(app: &mut App) -> Entity {
        app.world_mut()
            .spawn((
                RigidBody::Static,
                Collider::cuboid(4.0, 1.0, 4.0),
                Transform::default(),
            ))
            .id()
    }

    #[test]
    fn a_sphere_a_hundredth_deep_in_a_box_is_captured_and_agrees() {
        let mut app = world("avian3d-sphere");
        let floor = floor(&mut app);
        let ball = app
            .world_mut()
            .spawn((
                RigidBody::Dynamic,
                Collider::sphere(0.5),
                Transform::from_xyz(0.3, 0.99, -0.2),
            ))
            .id();
        app.update();
        app.update();
        let files = written(&capture(&mut app, CaptureRequest::Contacts(Pairs::All)));
        assert_eq!(files.len(), 1, "one pair in contact: {files:?}");
        let (s, check) = checked(&files[0]);
        let shapes = [&s.a.shape, &s.b.shape];
        assert!(
            shapes.contains(&&Shape::Sphere { radius: 0.5 }),
            "{shapes:?}"
        );
        let engine = s.engine.as_ref().unwrap();
        assert!(engine.engine.starts_with("avian3d"));
        let separation = engine.deepest_separation().unwrap();
        assert!(separation < 0.0 && separation > -0.02, "{separation}");
        assert_eq!(check.question, "contact");
        agrees(&check);
        // The same pair by name, at any moment.
        let named = written(&capture(&mut app, CaptureRequest::Pair(ball, floor)));
        agrees(&checked(&named[0]).1);
    }

    #[test]
    fn a_long_capsule_across_a_box_gives_two_points_and_agrees() {
        let mut app = world("avian3d-capsule");
        floor(&mut app);
        app.world_mut().spawn((
            RigidBody::Dynamic,
            Collider::capsule(0.25, 3.0),
            Transform::from_xyz(0.0, 0.74, 0.0).with_rotation(Quat::from_rotation_z(1.5707964)),
        ));
        app.update();
        app.update();
        let files = written(&capture(&mut app, CaptureRequest::Contacts(Pairs::Deepest)));
        let (s, check) = checked(&files[0]);
        let engine = s.engine.as_ref().unwrap();
        // A point at each end of the capsule's segment (parry's clipping may repeat one).
        let xs: Vec<f64> = engine
            .contact
            .as_ref()
            .unwrap()
            .points
            .iter()
            .map(|p| p.point_a.x)
            .collect();
        assert!(
            xs.iter().any(|&x| x < -1.4) && xs.iter().any(|&x| x > 1.4),
            "{engine:?}"
        );
        // Ours beside it: the segment's two ends.
        assert_eq!(check.our_points, Some(2), "{}", check.sentence);
        agrees(&check);
    }

    #[test]
    fn a_half_space_is_refused_by_name_and_nothing_is_written() {
        let mut app = world("avian3d-halfspace");
        let plane = app
            .world_mut()
            .spawn((
                RigidBody::Static,
                Collider::half_space(Vec3::Y),
                Transform::default(),
            ))
            .id();
        let ball = app
            .world_mut()
            .spawn((
                RigidBody::Dynamic,
                Collider::sphere(0.5),
                Transform::from_xyz(0.0, 0.4, 0.0),
            ))
            .id();
        app.update();
        let outcomes = capture(&mut app, CaptureRequest::Pair(plane, ball));
        match &outcomes[..] {
            [CaptureOutcome::Refused { reason, .. }] => {
                assert!(reason.contains("HalfSpace"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        assert!(!folder_has_files("avian3d-halfspace"));
    }

    fn folder_has_files(name: &str) -> bool {
        let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_some())
    }

    /// A ball of radius 0.5 cast along +x from `origin`, through the capture's parameter.
    fn cast_from(query: &mut GjkSpatialQuery, origin: Vec3) {
        query.cast_shape(
            &Collider::sphere(0.5),
            origin,
            Quat::IDENTITY,
            Dir3::X,
            &ShapeCastConfig::from_max_distance(100.0),
            &SpatialQueryFilter::default(),
        );
    }

    /// The game's shape cast, made every frame through the capture's parameter.
    fn cast_ball(mut query: GjkSpatialQuery) {
        cast_from(&mut query, Vec3::new(-5.0, 0.0, 0.0));
    }

    /// A cast that passes well above the box, every frame.
    fn cast_wide(mut query: GjkSpatialQuery) {
        cast_from(&mut query, Vec3::new(-5.0, 10.0, 0.0));
    }

    #[test]
    fn the_key_s_cast_that_hits_nothing_says_so_and_does_not_stay_armed() {
        let mut app = world("avian3d-key-miss");
        unit_box(&mut app);
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_systems(Update, cast_wide);
        run(&mut app, 2);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::F9);
        let mut outcomes = run(&mut app, 1);
        // No input plugin here: the press is over once its frame is.
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .reset_all();
        outcomes.extend(run(&mut app, 2));
        let casts: Vec<_> = outcomes
            .iter()
            .filter(|o| matches!(o, CaptureOutcome::Refused { what, .. } if what.contains("cast")))
            .collect();
        match &casts[..] {
            [CaptureOutcome::Refused { reason, .. }] => {
                assert!(reason.contains("hit nothing"), "{reason}")
            }
            other => panic!("one refusal for the key's cast: {other:?}"),
        }
        // A hit long after the key is not written.
        app.add_systems(Update, cast_ball);
        let later = run(&mut app, 3);
        assert!(
            !later
                .iter()
                .any(|o| matches!(o, CaptureOutcome::Written { .. })),
            "{later:?}"
        );
        assert!(!folder_has_files("avian3d-key-miss"));
    }

    #[test]
    fn a_shape_cast_with_a_known_time_is_captured_and_agrees() {
        let mut app = world("avian3d-cast");
        unit_box(&mut app);
        app.add_systems(Update, cast_ball);
        app.update();
        app.update();
        let files = written(&capture(
            &mut app,
            CaptureRequest::NextCast { against: None },
        ));
        assert_eq!(files.len(), 1, "the next cast only: {files:?}");
        let (s, check) = checked(&files[0]);
        let cast = s.engine.as_ref().unwrap().cast.as_ref().unwrap();
        // From x = -5, the ball's front reaches the box's face at x = -0.5 after 4.
        assert!(
            (cast.time_of_impact.unwrap() - 4.0).abs() < 1e-4,
            "{cast:?}"
        );
        assert_eq!(check.question, "cast");
        agrees(&check);
        let ours = s.solve_cast().unwrap().toi.unwrap();
        assert!((ours - 4.0).abs() < 1e-4, "{ours}");
    }

    #[test]
    fn a_shape_caster_s_hit_is_captured_with_no_wrapper() {
        let mut app = world("avian3d-shape-caster");
        unit_box(&mut app);
        app.world_mut().spawn((
            ShapeCaster::new(Collider::sphere(0.5), Vec3::ZERO, Quat::IDENTITY, Dir3::X),
            Transform::from_xyz(-5.0, 0.0, 0.0),
        ));
        app.update();
        app.update();
        let files = written(&capture(
            &mut app,
            CaptureRequest::NextCast { against: None },
        ));
        assert_eq!(files.len(), 1, "{files:?}");
        let (s, check) = checked(&files[0]);
        let cast = s.engine.as_ref().unwrap().cast.as_ref().unwrap();
        assert!(
            (cast.time_of_impact.unwrap() - 4.0).abs() < 1e-4,
            "{cast:?}"
        );
        agrees(&check);
    }
    /// A ball 0.6 above the floor asked to move 1 down in one second.
    fn slide_down(mut mover: GjkMoveAndSlide) {
        mover.move_and_slide(
            &Collider::sphere(0.5),
            Vec3::new(0.0, 1.6, 0.0),
            Quat::IDENTITY,
            Vec3::new(0.0, -1.0, 0.0),
            std::time::Duration::from_secs(1),
            &MoveAndSlideConfig::default(),
            &SpatialQueryFilter::default(),
            |_| MoveAndSlideHitResponse::Accept,
        );
    }

    #[test]
    fn a_move_and_slide_sweep_is_captured_as_its_cast_and_agrees() {
        let mut app = world("avian3d-move-and-slide");
        let floor = floor(&mut app);
        app.add_systems(Update, slide_down);
        app.update();
        app.update();
        let files = written(&capture(
            &mut app,
            CaptureRequest::NextCast { against: None },
        ));
        assert_eq!(files.len(), 1, "the first sweep that hits: {files:?}");
        assert!(files[0].to_string_lossy().contains(&format!("{floor}")));
        let (s, check) = checked(&files[0]);
        let cast = s.engine.as_ref().unwrap().cast.as_ref().unwrap();
        // The ball's bottom at 1.1 reaches the floor's top at 0.5 after 0.6.
        assert!(
            (cast.time_of_impact.unwrap() - 0.6).abs() < 1e-4,
            "{cast:?}"
        );
        assert!(s.notes.contains("move-and-slide"), "{}", s.notes);
        agrees(&check);
    }
}

#[cfg(feature = "avian2d")]
mod plane {
    use crate::common::*;
    use avian2d::prelude::*;
    use bevy::prelude::*;
    use bevy_gjk_capture::{CaptureRequest, Pairs};

    #[test]
    fn two_polygons_in_the_plane_are_captured_as_a_2d_case_and_agree() {
        let mut app = app(folder("avian2d-polygons"), PhysicsPlugins::default());
        app.insert_resource(Gravity(Vec2::ZERO));
        let hexagon: Vec<Vec2> = (0..6)
            .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / 6.0))
            .collect();
        let triangle = [
            Vec2::new(-0.8, -0.5),
            Vec2::new(0.8, -0.5),
            Vec2::new(0.0, 0.9),
        ];
        app.world_mut().spawn((
            RigidBody::Static,
            Collider::convex_hull(&hexagon).unwrap(),
            Transform::default(),
        ));
        app.world_mut().spawn((
            RigidBody::Dynamic,
            Collider::convex_hull(&triangle).unwrap(),
            Transform::from_xyz(0.3, 1.35, 0.0).with_rotation(Quat::from_rotation_z(0.4)),
        ));
        app.update();
        app.update();
        let files = written(&capture(&mut app, CaptureRequest::Contacts(Pairs::All)));
        let (s, check) = checked(&files[0]);
        assert!(s.dimension.is_plane(), "a 2D case");
        let text = std::fs::read_to_string(&files[0]).unwrap();
        assert!(text.contains("\"dimension\": 2"), "{text}");
        agrees(&check);
    }
}
