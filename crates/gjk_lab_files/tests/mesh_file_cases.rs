//! A case whose `b` names a mesh file beside it: the file's triangles become the body of many
//! pieces, welded and checked as an imported floor's; a file that is missing, or a face that
//! is no triangle, is refused naming the case, `b.mesh_file` and why; and the solver alone,
//! given such a case as text, says who reads the file.

use gjk::scenario::pieces::PiecesCase;
use gjk_lab_files::case::Case;
use std::path::PathBuf;

/// A folder of the test's own, with `files` written into it.
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjk-mesh-file-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("levels")).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

/// A flat square of floor, two triangles along its diagonal x = z (each corner written twice,
/// as an exporter splitting along a texture seam writes them).
const QUAD: &str = "v -1 0 -1\nv 1 0 -1\nv 1 0 1\nv -1 0 1\nv -1 0 -1\nv 1 0 1\nf 1 4 3\nf 5 6 2\n";

fn case(mesh: &str) -> String {
    format!(
        r#"{{"name": "a ball over a level's quad",
  "a": {{"shape": {{"type": "sphere", "radius": 0.5}}, "position": [0.1, 0.45, -0.1]}},
  "b": {{"mesh_file": "{mesh}"}},
  "expect": {{"intersecting": true, "ghosts": [0]}}}}"#
    )
}

#[test]
fn a_case_naming_an_obj_beside_it_is_that_files_floor_and_keeps_its_promises() {
    let dir = folder(
        "quad",
        &[
            ("levels/quad.obj", QUAD),
            ("case.json", &case("levels/quad.obj")),
        ],
    );
    let Case::Pieces(read) = Case::load(&dir.join("case.json")).unwrap_or_else(|e| panic!("{e}"))
    else {
        panic!("a case of many pieces")
    };
    let (case, composite) = &*read;
    assert_eq!(composite.len(), 2);
    // The corners written twice are one vertex: the triangles share the diagonal, and the
    // ghost on it is found, as the bundled quad's.
    let gjk::scenario::pieces::PiecesSpec::Mesh(mesh) = &case.b else {
        panic!("read into a mesh: {:?}", case.b)
    };
    assert_eq!(mesh.vertices.len(), 4);
    let report = gjk::scenario::pieces::report::answer(case, composite);
    for check in case.expect.as_ref().unwrap().check(&report) {
        assert!(check.passed, "{check:?}");
    }
}

#[test]
fn a_missing_mesh_file_or_a_bad_face_is_refused_naming_the_case_and_the_field() {
    let dir = folder(
        "missing",
        &[
            ("case.json", &case("levels/none.obj")),
            ("line.json", &case("line.obj")),
            ("line.obj", "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n"),
        ],
    );
    let why = Case::load(&dir.join("case.json")).unwrap_err();
    assert!(why.contains("case.json: b.mesh_file:"), "{why}");
    assert!(why.contains("none.obj"), "{why}");
    // A device is no mesh file, and is not read.
    std::fs::write(dir.join("device.json"), case("/dev/zero")).unwrap();
    let why = Case::load(&dir.join("device.json")).unwrap_err();
    assert!(why.contains("is not a plain file"), "{why}");
    // Three corners in a row: no triangle, refused by the mesh's check, by its index.
    let why = Case::load(&dir.join("line.json")).unwrap_err();
    assert!(why.contains("b.mesh.triangles[0]"), "{why}");
    // The solver alone reads no mesh files, and says who does.
    let err = PiecesCase::read(&case("quad.obj"), gjk::Format::Json).unwrap_err();
    assert!(err.to_string().contains("b.mesh_file"), "{err}");
    assert!(err.to_string().contains("gjk-lab"), "{err}");
}
