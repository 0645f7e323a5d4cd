//! A mesh file imported into B as a floor of its triangles: faces of four corners split,
//! vertices an exporter split along a seam made one again (so the seam is the floor's, and a
//! ghost on it is found), a mirrored glTF node's triangles turned to face the way the file
//! says, and each bad floor refused by its field.

use gjk::{BodySpec, Scenario, Shape};
use gjk_lab::app::headless_app;
use gjk_lab::case::pieces::Pieces;
use gjk_lab::case::playback::{Lab, Which};
use gjk_lab::case::scenario_io::{ScenarioFiles, ScenarioRequest};
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::incoming::Incoming;
use gjk_lab_files::mesh::mesh_triangles;
use glam::{DQuat, DVec3};

/// A flat square of floor, y = 0 from −1 to 1, as two triangles split along x = z, each with
/// its own three vertices (as an exporter writes faces that differ in texture coordinates).
const SPLIT_SQUARE: &str = "v -1 0 -1\nv -1 0 1\nv 1 0 1\nv -1 0 -1\nv 1 0 1\nv 1 0 -1\n\
                            f 1 2 3\nf 4 5 6\n";

/// The same square as one face of four corners.
const QUAD: &str = "v -1 0 -1\nv 1 0 -1\nv 1 0 1\nv -1 0 1\nf 1 4 3 2\n";

/// The app with a ball over the square's diagonal as A (0.14 from it, 0.05 into the floor),
/// and a mesh file imported into B as a floor.
fn imported(name: &str, bytes: &[u8]) -> bevy::app::App {
    let ball = BodySpec {
        shape: Shape::Sphere { radius: 0.5 },
        position: DVec3::new(0.1, 0.45, -0.1),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let mut app = headless_app(Scenario {
        a: ball,
        ..default_scenario()
    });
    app.update();
    app.world_mut().resource_mut::<ScenarioFiles>().floor = true;
    app.world_mut().write_message(ScenarioRequest::ImportMesh(
        Which::B,
        Incoming::given(name, bytes.to_vec()),
    ));
    app.update();
    app
}

#[test]
fn a_floor_split_along_its_seam_is_welded_and_its_ghost_found() {
    let (vertices, triangles) =
        mesh_triangles(&Incoming::given("split.obj", SPLIT_SQUARE.into())).expect("reads");
    assert_eq!(vertices.len(), 4, "{vertices:?}");
    assert_eq!(triangles.len(), 2);
    let app = imported("split.obj", SPLIT_SQUARE.as_bytes());
    let pieces = app.world().resource::<Pieces>();
    let state = pieces.0.as_ref().expect("B is a floor");
    assert_eq!(state.composite.len(), 2);
    // The ball is over the second triangle and inside the first, whose lone push from the
    // diagonal is a ghost: found only because the two triangles share that edge.
    let ghosts: Vec<u32> = state.answer.ghosts().map(|(p, _)| p).collect();
    assert_eq!(ghosts, [0]);
    assert_eq!(state.chosen, 1, "the real push answers the pair");
    let lab = app.world().resource::<Lab>();
    assert_eq!(lab.scenario.b, state.composite.piece_body(1));
    let files = app.world().resource::<ScenarioFiles>();
    assert!(
        files.status.text.contains("2 triangles") && !files.status.failed,
        "{:?}",
        files.status
    );
}

#[test]
fn a_face_of_four_corners_is_two_triangles_facing_as_written() {
    let (vertices, triangles) =
        mesh_triangles(&Incoming::given("quad.obj", QUAD.into())).expect("reads");
    assert_eq!((vertices.len(), triangles.len()), (4, 2));
    for [a, b, c] in triangles {
        let [a, b, c] = [a, b, c].map(|i| vertices[i as usize]);
        let n = (b - a).cross(c - a);
        assert!(n.y > 0.0, "faces up: {n}");
    }
}

#[test]
fn a_mirrored_gltf_node_keeps_its_triangles_facing_as_the_file_says() {
    // One triangle (0,0,0), (1,0,0), (0,1,0), counter-clockwise towards +z, under a node that
    // mirrors x: drawn clockwise, as glTF says a mirrored node's triangles are.
    let bin: Vec<u8> = [0.0f32, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    let dir = std::env::temp_dir().join(format!("gjk-lab-floor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tri.bin"), bin).unwrap();
    let json = r#"{"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0, "scale": [-1, 1, 1]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "buffers": [{"byteLength": 36, "uri": "tri.bin"}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 0]}]}"#;
    let path = dir.join("tri.gltf");
    std::fs::write(&path, json).unwrap();
    let (vertices, triangles) = mesh_triangles(&Incoming::on_disk(&path)).expect("reads");
    std::fs::remove_dir_all(&dir).unwrap();
    let [a, b, c] = triangles[0].map(|i| vertices[i as usize]);
    assert_eq!(b.x + c.x, -1.0, "mirrored: {vertices:?}");
    assert!((b - a).cross(c - a).z > 0.0, "still faces +z");
}

#[test]
fn bad_floors_are_refused_by_their_field_and_the_pair_stays() {
    for (name, text, says) in [
        (
            "points.obj",
            "v 0 0 0\nv 1 0 0\n",
            "points.obj: the file has no triangles",
        ),
        (
            "flat.obj",
            "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n",
            "flat.obj: b.mesh.triangles[0]",
        ),
        ("floor.ply", "ply", "floor.ply: unknown mesh format"),
    ] {
        let app = imported(name, text.as_bytes());
        let files = app.world().resource::<ScenarioFiles>();
        assert!(files.status.failed, "{name}");
        assert!(
            files.status.text.contains(says),
            "{name}: {}",
            files.status.text
        );
        assert!(app.world().resource::<Pieces>().0.is_none(), "{name}");
        let lab = app.world().resource::<Lab>();
        assert_eq!(lab.scenario.b, default_scenario().b, "{name}: B as it was");
    }
}
