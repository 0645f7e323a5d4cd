//! Mesh files the `mesh_file` fuzz target found the glTF reader (gltf 1.4) panicking on, a
//! scene whose walk would never end, and a vertex list of no numbers: each is refused, naming
//! the file and what is wrong.

use gjk_lab_files::incoming::Incoming;
use gjk_lab_files::mesh::{mesh_vertices, parse_vertex_list};

/// A GLB header (`glTF`, version 2, `length`) and a JSON chunk holding `json`.
fn glb(length: u32, json: &str) -> Vec<u8> {
    let mut json = json.as_bytes().to_vec();
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }
    let mut out = b"glTF".to_vec();
    out.extend(2u32.to_le_bytes());
    out.extend(length.to_le_bytes());
    out.extend((json.len() as u32).to_le_bytes());
    out.extend(b"JSON");
    out.extend(json);
    out
}

#[test]
fn a_glb_shorter_than_its_own_header_says_is_refused() {
    let bytes = glb(2, "{}");
    let why = mesh_vertices(&Incoming::given("tiny.glb", bytes)).unwrap_err();
    assert!(
        why.starts_with("tiny.glb: the GLB says it is 2 bytes long"),
        "{why}"
    );
}

#[test]
fn a_primitive_naming_an_accessor_the_file_lacks_is_refused_by_name() {
    let json = r#"{"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}], "meshes": [{"primitives": [{"attributes": {"POSITION": 5}}]}],
        "accessors": [{"componentType": 5126, "count": 1, "type": "VEC3"}]}"#;
    for (name, bytes) in [
        ("mesh.gltf", json.as_bytes().to_vec()),
        (
            "mesh.glb",
            glb(12 + 8 + json.len().next_multiple_of(4) as u32, json),
        ),
    ] {
        let why = mesh_vertices(&Incoming::given(name, bytes)).unwrap_err();
        assert!(
            why.starts_with(&format!(
                "{name}: meshes[0].primitives[0].attributes.POSITION: accessor 5 is not in the file"
            )),
            "{why}"
        );
    }
}

#[test]
fn a_vertex_list_of_separators_alone_is_refused() {
    let why = parse_vertex_list("\n,\n\n").unwrap_err();
    assert_eq!(why, "the vertex list holds no numbers");
    assert!(parse_vertex_list("[]").is_err());
}

#[test]
fn a_gltf_node_among_its_own_descendants_is_refused_before_the_scene_is_walked() {
    use gjk_lab_files::mesh::mesh_triangles;
    let json = r#"{"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
        "nodes": [{"children": [1]}, {"children": [2]}, {"children": [1]}]}"#;
    let file = Incoming::given("loop.gltf", json.as_bytes().to_vec());
    for why in [
        mesh_vertices(&file).unwrap_err(),
        mesh_triangles(&file).unwrap_err(),
    ] {
        assert_eq!(why, "loop.gltf: nodes[1] is among its own descendants");
    }
}
