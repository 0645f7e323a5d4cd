//! Bodies of many pieces, captured from real engines: the file is a case of many pieces with
//! the pieces near the pair and their neighbours, the engine's manifolds renamed to them and
//! its internal-edge setting, and the lab puts each engine normal to the seam test.

use crate::common::{capture, folder};
use bevy::prelude::*;
use bevy_gjk_capture::CaptureOutcome;
use gjk::composite::Composite;
use gjk::scenario::pieces::PiecesCase;
use gjk::scenario::pieces::report::{PiecesReport, answer};
use gjk::{Precision, Scenario};
use std::path::PathBuf;

/// The cases of many pieces written: each reads back, and its link opens the pair of the
/// piece the engine answered with.
fn written(outcomes: &[CaptureOutcome]) -> Vec<(PiecesCase, Composite, PiecesReport)> {
    outcomes
        .iter()
        .map(|o| match o {
            CaptureOutcome::Written { path, link } => {
                let (case, composite) =
                    PiecesCase::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert_eq!(case.solver.precision, Precision::F32);
                let pair = linked(link);
                assert!(
                    (0..composite.len() as u32).any(|i| case.pair(&composite, i) == pair),
                    "the link is a piece's pair"
                );
                let report = answer(&case, &composite);
                (case, composite, report)
            }
            CaptureOutcome::Refused { what, reason } => panic!("{what}: {reason}"),
        })
        .collect()
}

fn linked(link: &str) -> Scenario {
    use base64::Engine as _;
    let fragment = link.split_once("#case=").expect("a case link").1;
    let packed = fragment.split_once("&step=").expect("a step").0;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(packed)
        .unwrap();
    let json = miniz_oxide::inflate::decompress_to_vec(&bytes).unwrap();
    Scenario::parse(std::str::from_utf8(&json).unwrap(), gjk::Format::Json).unwrap()
}

/// The one case the next cast through the capture writes.
fn next_cast(app: &mut App) -> (PiecesCase, Composite, PiecesReport) {
    let request = bevy_gjk_capture::CaptureRequest::NextCast { against: None };
    let mut cases = written(&capture(app, request));
    assert_eq!(cases.len(), 1, "one cast");
    cases.remove(0)
}

/// The engine's judged normals' verdicts.
fn verdicts(report: &PiecesReport) -> Vec<&'static str> {
    let engine = report
        .engine
        .as_ref()
        .expect("the engine's answer is judged");
    engine
        .contacts
        .iter()
        .chain(&engine.cast)
        .map(|n| n.seam.verdict)
        .collect()
}

/// A strip of flat floor along x, `quads` squares of side 2 from x = -2, each split into
/// two triangles: the seams between squares lie at x = 0, 2, …
#[cfg(any(feature = "avian3d", feature = "bevy_rapier3d"))]
fn strip(quads: u32) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let mut vertices = Vec::new();
    for i in 0..=quads {
        let x = -2.0 + 2.0 * i as f32;
        vertices.extend([Vec3::new(x, 0.0, -1.0), Vec3::new(x, 0.0, 1.0)]);
    }
    let triangles = (0..quads)
        .flat_map(|i| {
            let k = 2 * i;
            [[k, k + 1, k + 3], [k, k + 3, k + 2]]
        })
        .collect();
    (vertices, triangles)
}

#[cfg(feature = "avian3d")]
mod space {
    use super::*;
    use crate::common::{app, run};
    use avian3d::prelude::*;
    use bevy_gjk_capture::{CaptureRequest, GjkSpatialQuery};
    use gjk::scenario::pieces::PiecesSpec;

    fn world(name: &str) -> App {
        let mut app = app(folder(name), PhysicsPlugins::default());
        app.insert_resource(Gravity(Vec3::ZERO));
        app
    }

    /// A box of half-extent 0.5 held still 2 cm into the floor, its front face 5 mm past the
    /// seam at x = 0: the triangle past the seam alone pushes it back along -x (its overlap
    /// with that triangle is least along x), the ghost that stops a sliding box.
    fn catching_box(app: &mut App) -> Entity {
        app.world_mut()
            .spawn((
                RigidBody::Dynamic,
                LockedAxes::ALL_LOCKED,
                Collider::cuboid(1.0, 1.0, 1.0),
                Transform::from_xyz(-0.495, 0.48, 0.0),
            ))
            .id()
    }

    #[test]
    fn f9_on_a_box_caught_on_a_trimesh_seam_writes_the_ghost_and_the_engines_normal_judged() {
        let mut app = world("avian3d-seam");
        let (vertices, triangles) = strip(6);
        app.world_mut().spawn((
            RigidBody::Static,
            Collider::trimesh(vertices, triangles),
            Transform::default(),
        ));
        catching_box(&mut app);
        app.init_resource::<ButtonInput<KeyCode>>();
        run(&mut app, 2);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::F9);
        let outcomes = run(&mut app, 1);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .reset_all();
        let contacts: Vec<_> = outcomes
            .into_iter()
            .filter(|o| !matches!(o, CaptureOutcome::Refused { what, .. } if what.contains("cast")))
            .collect();
        let [(case, composite, report)] = &written(&contacts)[..] else {
            panic!("one pair: {contacts:?}");
        };
        // The near triangles and their neighbours, not the strip's twelve.
        let PiecesSpec::Mesh(mesh) = &case.b else {
            panic!("a mesh: {:?}", case.b)
        };
        assert!(composite.len() < 12, "{} triangles", composite.len());
        assert!(mesh.triangles.len() >= 4, "both squares at the seam");
        assert!(
            case.notes.contains("a triangle mesh of 12 triangles"),
            "{}",
            case.notes
        );
        let engine = case.engine.as_ref().unwrap();
        assert!(
            !engine.internal_edges,
            "avian's trimesh has no fix by default"
        );
        // The engine's normal on a triangle past the seam points back along -x: a ghost, and
        // the lab says so; the lab's own contact there is judged a ghost too.
        let judged = report.engine.as_ref().unwrap();
        let ghost = judged
            .contacts
            .iter()
            .find(|n| n.seam.verdict == "ghost")
            .unwrap_or_else(|| panic!("{judged:#?}"));
        assert!(ghost.normal.x < -0.99, "{:?}", ghost.normal);
        assert!(
            ghost.seam.says.contains("flat with triangle"),
            "{}",
            ghost.seam.says
        );
        assert!(report.ghosts.contains(&ghost.piece), "{report:#?}");
    }

    #[test]
    fn with_the_internal_edge_fix_the_engines_normals_are_the_floors() {
        let mut app = world("avian3d-seam-fixed");
        let (vertices, triangles) = strip(3);
        let floor = app
            .world_mut()
            .spawn((
                RigidBody::Static,
                Collider::trimesh_with_config(
                    vertices,
                    triangles,
                    TrimeshFlags::FIX_INTERNAL_EDGES,
                ),
                Transform::default(),
            ))
            .id();
        let body = catching_box(&mut app);
        app.update();
        let [(case, _, report)] =
            &written(&capture(&mut app, CaptureRequest::Pair(floor, body)))[..]
        else {
            panic!("one pair")
        };
        assert!(case.engine.as_ref().unwrap().internal_edges);
        // The engine's first collider was the floor: the case puts the box first.
        assert!(
            case.notes.contains("puts the convex body first"),
            "{}",
            case.notes
        );
        let found = verdicts(report);
        assert!(
            !found.is_empty() && found.iter().all(|v| *v != "ghost"),
            "{report:#?}"
        );
        // The lab's own contacts keep the ghost: it judges, it does not fix.
        assert!(!report.ghosts.is_empty(), "{report:#?}");
    }

    #[test]
    fn a_ball_over_a_height_fields_seam_gets_a_ghost_from_the_cell_beside_it() {
        let mut app = world("avian3d-heightfield");
        let field = app
            .world_mut()
            .spawn((
                RigidBody::Static,
                Collider::heightfield(vec![vec![0.0; 17]; 17], Vec3::new(16.0, 1.0, 16.0)),
                Transform::default(),
            ))
            .id();
        let ball = app
            .world_mut()
            .spawn((
                RigidBody::Static,
                Collider::sphere(0.5),
                Transform::from_xyz(0.3, 0.45, 0.2),
            ))
            .id();
        app.update();
        let [(case, composite, report)] =
            &written(&capture(&mut app, CaptureRequest::Pair(ball, field)))[..]
        else {
            panic!("one pair")
        };
        assert!(
            case.notes.contains("a height field of 16 × 16 cells"),
            "{}",
            case.notes
        );
        assert!(composite.len() < 100, "{} triangles", composite.len());
        assert_eq!(report.intersecting, Some(true));
        // A flat field. The ball is 0.2 from the cells' seam at z = 0 and reaches past it: the
        // triangle across the seam alone pushes it along a normal leaning off the floor's (no
        // fix on the field), a ghost; the floor's normal, from the triangle under it, is real.
        let judged = &report.engine.as_ref().unwrap().contacts;
        for n in judged {
            let expected = if n.normal.y > 0.999 { "real" } else { "ghost" };
            assert_eq!(n.seam.verdict, expected, "{n:?}");
        }
        assert!(
            judged.iter().any(|n| n.seam.verdict == "ghost"),
            "{judged:#?}"
        );
        assert!(
            judged.iter().any(|n| n.seam.verdict == "real"),
            "{judged:#?}"
        );
    }

    #[test]
    fn a_box_across_two_tiles_of_a_compound_gets_a_ghost_into_the_other_tile() {
        let mut app = world("avian3d-tiles");
        let tiles = (0..4)
            .map(|i| {
                (
                    Vec3::new(-3.0 + 2.0 * i as f32, -0.5, 0.0),
                    Quat::IDENTITY,
                    Collider::cuboid(2.0, 1.0, 2.0),
                )
            })
            .collect();
        let floor = app
            .world_mut()
            .spawn((
                RigidBody::Static,
                Collider::compound(tiles),
                Transform::default(),
            ))
            .id();
        let body = catching_box(&mut app);
        app.update();
        let [(case, _, report)] =
            &written(&capture(&mut app, CaptureRequest::Pair(body, floor)))[..]
        else {
            panic!("one pair")
        };
        let PiecesSpec::Compound(written) = &case.b else {
            panic!("a compound: {:?}", case.b)
        };
        // The two tiles the box is on, and the tile touching each of them.
        assert_eq!(written.pieces.len(), 4);
        assert!(verdicts(report).contains(&"ghost"), "{report:#?}");
    }

    /// A ball cast straight down onto the strip from 2 above it, through the capture.
    fn cast_down(mut query: GjkSpatialQuery) {
        query.cast_shape(
            &Collider::sphere(0.5),
            Vec3::new(1.0, 2.0, 0.3),
            Quat::IDENTITY,
            Dir3::NEG_Y,
            &ShapeCastConfig::from_max_distance(100.0),
            &SpatialQueryFilter::default(),
        );
    }

    #[test]
    fn a_cast_onto_a_trimesh_writes_the_triangle_hit_and_the_lab_finds_the_same_time() {
        let mut app = world("avian3d-trimesh-cast");
        let (vertices, triangles) = strip(3);
        app.world_mut().spawn((
            RigidBody::Static,
            Collider::trimesh(vertices, triangles),
            Transform::default(),
        ));
        app.add_systems(Update, cast_down);
        app.update();
        let (case, _, report) = &next_cast(&mut app);
        let hit = case.engine.as_ref().unwrap().cast.as_ref().unwrap();
        assert!(
            (hit.hit.time_of_impact.unwrap() - 1.5).abs() < 1e-4,
            "{hit:?}"
        );
        let piece = hit.piece.expect("the triangle hit");
        let lab = report.cast.as_ref().unwrap();
        assert_eq!(lab.first.status, "hit");
        assert!((lab.first.time.unwrap() - 1.5).abs() < 1e-4, "{lab:?}");
        let judged = report.engine.as_ref().unwrap().cast.as_ref().unwrap();
        assert_eq!((judged.piece, judged.seam.verdict), (piece, "real"));
    }
}

#[cfg(feature = "avian2d")]
mod plane {
    use super::*;
    use crate::common::app;
    use avian2d::prelude::*;
    use bevy_gjk_capture::CaptureRequest;
    use gjk::scenario::pieces::PiecesSpec;

    #[test]
    fn a_box_on_a_polyline_is_written_as_a_chain_with_the_box_on_its_side() {
        let mut app = app(folder("avian2d-polyline"), PhysicsPlugins::default());
        app.insert_resource(Gravity(Vec2::ZERO));
        // Left to right: a two-sided polyline with the box above, on its left.
        let points = (0..=10).map(|i| Vec2::new(-5.0 + i as f32, 0.0)).collect();
        let floor = app
            .world_mut()
            .spawn((
                RigidBody::Static,
                Collider::polyline(points, None),
                Transform::default(),
            ))
            .id();
        let body = app
            .world_mut()
            .spawn((
                RigidBody::Static,
                Collider::rectangle(1.0, 1.0),
                Transform::from_xyz(0.3, 0.48, 0.0),
            ))
            .id();
        app.update();
        let [(case, composite, report)] =
            &written(&capture(&mut app, CaptureRequest::Pair(body, floor)))[..]
        else {
            panic!("one pair")
        };
        let PiecesSpec::Chain(chain) = &case.b else {
            panic!("a chain: {:?}", case.b)
        };
        // Cut out of the middle: ghost vertices at both ends, and written right to left so
        // that the box is on the chain's colliding side.
        assert!(chain.ghosts);
        assert!(
            chain.points[0].x > chain.points[chain.points.len() - 1].x,
            "{chain:?}"
        );
        assert!(composite.len() < 10);
        assert_eq!(report.intersecting, Some(true));
        let found = verdicts(report);
        assert!(
            !found.is_empty() && found.iter().all(|v| *v == "real"),
            "{report:#?}"
        );
        let text =
            std::fs::read_to_string(folder_file("avian2d-polyline").expect("the file")).unwrap();
        assert!(text.contains("\"dimension\": 2"), "{text}");
    }

    /// A unit box dropped from 0.1 above a polyline, through the capture.
    fn short_drop(mut query: bevy_gjk_capture::GjkSpatialQuery2d) {
        query.cast_shape(
            &Collider::rectangle(1.0, 1.0),
            Vec2::new(0.3, 0.6),
            Rot2::IDENTITY,
            Dir2::NEG_Y,
            &ShapeCastConfig::from_max_distance(100.0),
            &SpatialQueryFilter::default(),
        );
    }

    #[test]
    fn a_short_drop_onto_a_polyline_keeps_the_box_on_the_chains_colliding_side() {
        let mut app = app(folder("avian2d-polyline-cast"), PhysicsPlugins::default());
        app.insert_resource(Gravity(Vec2::ZERO));
        let line = Collider::polyline(
            (0..=10).map(|i| Vec2::new(i as f32 - 5.0, 0.0)).collect(),
            None,
        );
        app.world_mut().spawn((RigidBody::Static, line));
        app.add_systems(Update, short_drop);
        app.update();
        let (case, _, report) = &next_cast(&mut app);
        // The box swept past the line (the cast searches on by its own size), but it starts
        // above: the chain is written right to left, and the hit is on its colliding side.
        let PiecesSpec::Chain(chain) = &case.b else {
            panic!("a chain: {:?}", case.b)
        };
        assert!(
            chain.points[0].x > chain.points[chain.points.len() - 1].x,
            "{chain:?}"
        );
        let judged = report
            .engine
            .as_ref()
            .unwrap()
            .cast
            .as_ref()
            .expect("judged");
        assert_eq!(judged.seam.verdict, "real", "{judged:?}");
        let first = &report.cast.as_ref().unwrap().first;
        assert!((first.time.unwrap() - 0.1).abs() < 1e-4, "{first:?}");
    }

    fn folder_file(name: &str) -> Option<PathBuf> {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::read_dir(dir).ok()?.next()?.ok().map(|e| e.path())
    }
}

#[cfg(feature = "bevy_rapier3d")]
mod rapier_space {
    use super::*;
    use crate::common::app;
    use bevy_gjk_capture::CaptureRequest;
    use bevy_rapier3d::prelude::*;

    #[test]
    fn a_box_caught_on_a_rapier_trimesh_seam_is_written_with_the_engines_ghost() {
        let mut app = app(
            folder("rapier3d-seam"),
            RapierPhysicsPlugin::<NoUserData>::default(),
        );
        let (vertices, triangles) = strip(3);
        let floor = app
            .world_mut()
            .spawn((
                RigidBody::Fixed,
                Collider::trimesh(vertices, triangles).unwrap(),
                Transform::default(),
            ))
            .id();
        // As avian's: 2 cm into the floor, its front face 5 mm past the seam at x = 0.
        let body = app
            .world_mut()
            .spawn((
                RigidBody::Fixed,
                Collider::cuboid(0.5, 0.5, 0.5),
                Transform::from_xyz(-0.495, 0.48, 0.0),
            ))
            .id();
        app.update();
        let [(case, _, report)] =
            &written(&capture(&mut app, CaptureRequest::Pair(body, floor)))[..]
        else {
            panic!("one pair")
        };
        let engine = case.engine.as_ref().unwrap();
        assert!(engine.engine.starts_with("bevy_rapier3d"));
        assert!(!engine.internal_edges);
        assert!(verdicts(report).contains(&"ghost"), "{report:#?}");
    }
}
