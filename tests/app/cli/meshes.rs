//! `query`, `trace` and `check` on cases of a body against many pieces (`assets/meshes/`), as a
//! user runs them: beside convex pairs, in files and in JSON lines, each bad one on its line.

use super::commands::{bin, lines};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn mesh_case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/meshes")
        .join(name)
}

#[test]
fn query_answers_mesh_and_tile_cases_beside_a_pair_with_each_pieces_seam() {
    let pair =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/separated-box-sphere.json");
    let out = bin()
        .arg("query")
        .arg(mesh_case("ball-over-a-quads-diagonal.json"))
        .arg(&pair)
        .arg(mesh_case("box-sliding-over-flush-tiles.json"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let l = lines(&out.stdout);
    assert_eq!(l.len(), 3);
    assert_eq!(l[0]["kind"], "mesh");
    assert_eq!(l[0]["intersecting"], true);
    assert_eq!(l[0]["ghosts"], serde_json::json!([0]));
    let ghost = &l[0]["pieces"][0]["contacts"][0]["seam"];
    assert_eq!(ghost["verdict"], "ghost");
    assert!(ghost["off_by_degrees"].as_f64().unwrap() > 17.0);
    assert_eq!(l[1]["name"], "box and sphere, apart");
    assert_eq!(l[2]["kind"], "compound");
    assert_eq!(l[2]["cast"]["next"]["status"], "hit");
    assert_eq!(l[2]["cast"]["next"]["piece"], 1);
    let hit = l[2]["cast"]["hits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["piece"] == 1)
        .unwrap();
    assert_eq!(hit["seam"]["covered_by"], 0);
}

#[test]
fn json_lines_of_meshes_answer_in_order_and_a_bad_mesh_is_named_on_its_line() {
    let text =
        std::fs::read_to_string(mesh_case("capsule-sliding-across-a-diagonal.json")).unwrap();
    let line =
        serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&text).unwrap()).unwrap();
    let bad = r#"{"a": {"shape": {"type": "sphere", "radius": 1}}, "b": {"mesh": {"vertices": [[0,0,0],[1,0,0],[0,0,1]], "triangles": [[0,1,3]]}}}"#;
    let mut child = bin()
        .args(["query", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{line}\n{bad}\n{line}").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "a bad line makes the exit code 1"
    );
    let l = lines(&out.stdout);
    assert_eq!(l.len(), 3);
    assert_eq!(l[0]["cast"]["next"]["piece"], 1);
    assert_eq!(l[0], l[2], "the same line answers to the bit");
    let error = l[1]["error"].as_str().unwrap();
    assert!(error.contains("b.mesh.triangles[0]"), "{error}");
}

#[test]
fn trace_writes_every_pieces_steps_and_in_lines_says_the_ghost() {
    let case = mesh_case("capsule-sliding-across-a-diagonal.json");
    let out = bin().arg("trace").arg(&case).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        doc["case"]["name"],
        "a capsule sliding across a quad's diagonal"
    );
    assert!(
        !doc["queries"][0]["trace"]["steps"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let casts = doc["casts"].as_array().unwrap();
    assert!(
        casts
            .iter()
            .any(|c| c["piece"] == 1 && !c["trace"]["steps"].as_array().unwrap().is_empty())
    );
    let out = bin()
        .args(["trace", "--lines"])
        .arg(&case)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("hit piece 1 at t = 0.3543: on triangle 1's edge 0, flat with triangle 0: the normal is 16."),
        "{text}"
    );
}

#[test]
fn check_keeps_every_mesh_case_and_names_a_broken_promise() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/meshes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let out = bin().arg("check").args(&files).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("ok")).count(),
        files.len()
    );
    // The same case, promising the wrong piece.
    let broken =
        std::env::temp_dir().join(format!("gjk-lab-broken-mesh-{}.json", std::process::id()));
    let original = std::fs::read_to_string(mesh_case("box-sliding-over-flush-tiles.json")).unwrap();
    std::fs::write(
        &broken,
        original.replace(r#""ghosts": []"#, r#""ghosts": [1]"#),
    )
    .unwrap();
    let out = bin().arg("check").arg(&broken).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("ghosts: expected [1], got []"), "{text}");
    let _ = std::fs::remove_file(broken);
}
