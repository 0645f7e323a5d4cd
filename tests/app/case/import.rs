//! Meshes and pasted vertex lists become polytopes; broken input says what is wrong.

use gjk_lab_files::incoming::Incoming;
use gjk_lab_files::mesh::{mesh_vertices, parse_vertex_list};
use glam::DVec3;
use std::path::{Path, PathBuf};

/// A mesh file on disk, read as the panel's *Import mesh* reads it.
fn read(path: &Path) -> Result<Vec<DVec3>, String> {
    mesh_vertices(&Incoming::on_disk(path))
}

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gjk-lab-import-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn an_obj_cube_gives_its_eight_corners() {
    let d = dir("obj");
    let path = d.join("cube.obj");
    let mut text = String::from("# a unit cube\n");
    for i in 0..8 {
        let c = |bit: i32| if i & bit != 0 { 0.5 } else { -0.5 };
        text += &format!("v {} {} {}\n", c(1), c(2), c(4));
    }
    text += "f 1 2 4 3\nf 5 6 8 7\nf 1 2 6 5\nf 3 4 8 7\nf 1 3 7 5\nf 2 4 8 6\n";
    std::fs::write(&path, text).unwrap();
    let v = read(&path).expect("reads");
    assert_eq!(v.len(), 8);
    assert!(v.iter().all(|p| p.abs() == DVec3::splat(0.5)));
    // The imported polytope answers like the cuboid it is.
    let cube = gjk::BodySpec {
        shape: gjk::Shape::Polytope { vertices: v },
        position: DVec3::ZERO,
        rotation: glam::DQuat::IDENTITY,
        margin: 0.0,
    };
    let mut other = cube.clone();
    other.position.x = 1.25;
    let d = gjk::solve(&cube, &other, &gjk::SolverConfig::default())
        .outcome
        .distance();
    assert!((d.unwrap() - 0.25).abs() < 1e-12);
}

#[test]
fn broken_or_empty_meshes_are_named() {
    let d = dir("bad");
    let empty = d.join("empty.obj");
    std::fs::write(&empty, "# nothing here\n").unwrap();
    let e = read(&empty).unwrap_err();
    assert!(e.contains("no vertices"), "{e}");
    let broken = d.join("broken.obj");
    std::fs::write(&broken, "v 1 2 x\nf 1 2 3\n").unwrap();
    let e = read(&broken).unwrap_err();
    assert!(e.contains("broken.obj"), "{e}");
    let gltf = d.join("broken.gltf");
    std::fs::write(&gltf, "{ not json").unwrap();
    let e = read(&gltf).unwrap_err();
    assert!(e.contains("not a readable glTF"), "{e}");
    let e = read(&d.join("shape.stl")).unwrap_err();
    assert!(e.contains("unknown mesh format"), "{e}");
    let e = read(&d.join("missing.obj")).unwrap_err();
    assert!(e.contains("missing.obj"), "{e}");
}

/// A triangle (0,0,0), (1,0,0), (0,1,0) as little-endian f32s.
fn triangle_bytes() -> Vec<u8> {
    [0.0f32, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect()
}

fn gltf_json(uri: Option<&str>) -> String {
    let uri = uri.map_or(String::new(), |u| format!(r#", "uri": "{u}""#));
    format!(
        r#"{{"asset": {{"version": "2.0"}}, "scene": 0, "scenes": [{{"nodes": [0]}}],
        "nodes": [{{"translation": [10, 0, 0], "children": [1]}}, {{"mesh": 0, "scale": [2, 2, 2]}}],
        "meshes": [{{"primitives": [{{"attributes": {{"POSITION": 0}}}}]}}],
        "buffers": [{{"byteLength": 36{uri}}}],
        "bufferViews": [{{"buffer": 0, "byteOffset": 0, "byteLength": 36}}],
        "accessors": [{{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                        "min": [0, 0, 0], "max": [1, 1, 0]}}]}}"#
    )
}

fn expected() -> Vec<DVec3> {
    // Scaled by 2 in the child node, then moved by 10 along x in its parent.
    vec![
        DVec3::new(10.0, 0.0, 0.0),
        DVec3::new(12.0, 0.0, 0.0),
        DVec3::new(10.0, 2.0, 0.0),
    ]
}

#[test]
fn gltf_with_a_bin_file_and_glb_apply_node_transforms() {
    let d = dir("gltf");
    std::fs::write(d.join("tri.bin"), triangle_bytes()).unwrap();
    let path = d.join("tri.gltf");
    std::fs::write(&path, gltf_json(Some("tri.bin"))).unwrap();
    assert_eq!(read(&path).expect("reads"), expected());

    // GLB: a 12-byte header, a JSON chunk and a BIN chunk, each padded to 4 bytes.
    let mut json = gltf_json(None).into_bytes();
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }
    let bin = triangle_bytes();
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut glb = Vec::new();
    glb.extend(b"glTF");
    glb.extend(2u32.to_le_bytes());
    glb.extend((total as u32).to_le_bytes());
    glb.extend((json.len() as u32).to_le_bytes());
    glb.extend(b"JSON");
    glb.extend(&json);
    glb.extend((bin.len() as u32).to_le_bytes());
    glb.extend(b"BIN\0");
    glb.extend(&bin);
    let path = d.join("tri.glb");
    std::fs::write(&path, &glb).unwrap();
    assert_eq!(read(&path).expect("reads"), expected());

    // The same files handed over as bytes (picked or dropped in the page): a GLB carries its
    // buffer, a .gltf's separate .bin cannot be reached and the message says what to do.
    let given = Incoming::given("tri.glb", glb);
    assert_eq!(mesh_vertices(&given).expect("reads"), expected());
    let given = Incoming::given("tri.gltf", gltf_json(Some("tri.bin")).into_bytes());
    let e = mesh_vertices(&given).unwrap_err();
    assert!(e.contains("tri.bin") && e.contains(".glb"), "{e}");
}

#[test]
fn an_obj_given_as_bytes_reads_as_on_disk() {
    let text = "mtllib missing.mtl\nv 0 0 0\nv 1 0 0\nv 0 2 0\nv 0 0 3\nf 1 2 3\nf 1 2 4\n";
    let d = dir("given");
    let path = d.join("tet.obj");
    std::fs::write(&path, text).unwrap();
    let given = mesh_vertices(&Incoming::given("tet.obj", text.as_bytes().to_vec()));
    assert_eq!(given.expect("reads"), read(&path).expect("reads"));
    let e = mesh_vertices(&Incoming::given("tet.OBJ", b"v 1 2 x\nf 1 2 3\n".to_vec()));
    assert!(e.unwrap_err().contains("tet.OBJ: not a readable OBJ"));
}

#[test]
fn pasted_vertices_in_three_notations() {
    let want = vec![DVec3::new(1.0, 2.0, 3.0), DVec3::new(-4.5, 0.0, 1e-3)];
    assert_eq!(parse_vertex_list("1 2 3\n-4.5 0 1e-3\n").unwrap(), want);
    assert_eq!(
        parse_vertex_list("[[1, 2, 3], [-4.5, 0, 0.001]]").unwrap(),
        want
    );
    assert_eq!(parse_vertex_list("1,2,3,-4.5,0,0.001").unwrap(), want);
    let e = parse_vertex_list("1 2 3\n4 five 6").unwrap_err();
    assert!(e.contains("line 2") && e.contains("five"), "{e}");
    let e = parse_vertex_list("1 2 3 4").unwrap_err();
    assert!(e.contains("three per point"), "{e}");
    assert!(parse_vertex_list("  ").unwrap_err().contains("empty"));
    assert!(parse_vertex_list("[[1, 2]]").unwrap_err().contains("JSON"));
    assert!(parse_vertex_list("1 2 inf").unwrap_err().contains("finite"));
}

#[test]
fn hull_meshes_skip_needles_and_slabs_instead_of_failing() {
    use bevy::math::Vec3;
    use gjk_lab::views::hull::hull_mesh;
    // The gallery's thin needle: 10 long, 1e-6 thick. quickhull's sliver faces would have
    // normals f32 cannot normalise; the mesh is simply not built.
    let needle = [
        Vec3::new(-5.0, 0.0, 0.0),
        Vec3::new(5.0, 0.0, 0.0),
        Vec3::new(0.0, 1e-6, 0.0),
        Vec3::new(0.0, 0.0, 1e-6),
    ];
    assert!(hull_mesh(&needle).is_none());
    let slab: Vec<Vec3> = (0..50)
        .map(|i| Vec3::new((i % 7) as f32, (i / 7) as f32, 1e-5 * (i % 2) as f32))
        .collect();
    assert!(hull_mesh(&slab).is_none());
    let cube: Vec<Vec3> = (0..8)
        .map(|i| Vec3::new((i & 1) as f32, ((i >> 1) & 1) as f32, ((i >> 2) & 1) as f32))
        .collect();
    assert!(hull_mesh(&cube).is_some());
}
