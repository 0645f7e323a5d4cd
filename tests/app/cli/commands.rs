//! `gjk-lab query` and `gjk-lab trace`, run as a user would.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub(super) fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
}

fn preset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenarios")
        .join(name)
}

pub(super) fn lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjk-lab-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn query_answers_in_order_and_reports_bad_files_on_their_line() {
    let dir = temp_dir("order");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"a": {"shape": {"type": "sphere", "radius": -1}}, "b": {"shape": {"type": "sphere", "radius": 1}}}"#).unwrap();
    let out = bin()
        .arg("query")
        .arg(preset("separated-box-sphere.json"))
        .arg(&bad)
        .arg(preset("seed-cubes-boolean.json"))
        .arg(dir.join("missing.json"))
        .arg(preset("curved-capsule-cylinder.ron"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "a bad file makes the exit code 1"
    );
    let l = lines(&out.stdout);
    assert_eq!(l.len(), 5);
    assert_eq!(l[0]["name"], "box and sphere, apart");
    assert_eq!(l[0]["intersecting"], false);
    assert!(l[0]["distance"].as_f64().unwrap() > 0.3);
    assert_eq!(l[0]["point_a"].as_array().unwrap().len(), 3);
    assert!(
        l[1]["error"].as_str().unwrap().contains("a.shape.radius"),
        "{}",
        l[1]
    );
    assert_eq!(l[2]["termination"], "zero_direction");
    assert!(
        l[2]["distance"].is_null(),
        "the boolean algorithm computes no distance"
    );
    assert!(l[3]["error"].as_str().unwrap().contains("missing.json"));
    assert_eq!(l[4]["name"], "capsule and cylinder, close");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn query_reads_json_lines_from_files_and_stdin() {
    let sphere = |x: f64| {
        format!(
            r#"{{"name": "x={x}", "a": {{"shape": {{"type": "sphere", "radius": 1}}}}, "b": {{"shape": {{"type": "sphere", "radius": 1}}, "position": [{x}, 0, 0]}}}}"#
        )
    };
    let text = format!("{}\nnot json\n\n{}\n", sphere(3.0), sphere(1.0));
    let dir = temp_dir("jsonl");
    let file = dir.join("cases.jsonl");
    std::fs::write(&file, &text).unwrap();
    let out = bin().arg("query").arg(&file).output().unwrap();
    let l = lines(&out.stdout);
    assert_eq!(l.len(), 3, "blank lines are skipped");
    assert!((l[0]["distance"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    assert!(l[1]["error"].is_string());
    assert!(l[1]["name"].as_str().unwrap().ends_with(":2"), "{}", l[1]);
    assert_eq!(l[2]["intersecting"], true);
    assert_eq!(l[2]["distance"], 0.0);
    assert_eq!(out.status.code(), Some(1));

    let mut child = bin()
        .args(["query", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{}\n{}\n", sphere(5.0), sphere(2.5)).as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let l = lines(&out.stdout);
    assert!((l[0]["distance"].as_f64().unwrap() - 3.0).abs() < 1e-9);
    assert!((l[1]["distance"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn trace_prints_the_understood_scenario_every_step_and_the_outcome() {
    let out = bin()
        .arg("trace")
        .arg(preset("seed-cubes-on-edge.json"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        doc["scenario"]["solver"]["max_iterations"], 64,
        "defaults are filled in"
    );
    let steps = doc["steps"].as_array().unwrap();
    let (gjk, epa) = (
        doc["iterations"].as_u64().unwrap(),
        doc["epa_iterations"].as_u64().unwrap(),
    );
    assert_eq!(steps.len() as u64, gjk + epa, "GJK's steps, then EPA's");
    assert!(steps[gjk as usize..].iter().all(|s| s["epa"].is_object()));
    assert!((doc["penetration"]["depth"].as_f64().unwrap() - 0.1).abs() < 1e-6);
    assert_eq!(steps[1]["feature"]["kind"], "edge");
    assert_eq!(doc["outcome"]["kind"], "intersecting");
    assert_eq!(doc["termination"]["kind"], "distance_below_tolerance");

    let bad = bin().args(["trace", "nowhere.ron"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("nowhere.ron"));
}

/// `trace --lines`: one line per step, GJK's then EPA's, numbered in each phase, then the
/// answer and the depth, then the contact manifold's stages and its points; the same steps as
/// the JSON document.
#[test]
fn trace_lines_prints_one_line_per_step_then_the_answer() {
    let case = preset("seed-cubes-on-edge.json");
    let json = bin().arg("trace").arg(&case).output().unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let gjk = doc["iterations"].as_u64().unwrap() as usize;
    let epa = doc["epa_iterations"].as_u64().unwrap() as usize;
    let out = bin()
        .args(["trace", "--lines"])
        .arg(&case)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let stages = doc["manifold"]["steps"].as_array().map_or(0, Vec::len);
    assert!(
        stages >= 2,
        "the cubes on their edges have a manifold: {text}"
    );
    assert_eq!(lines.len(), gjk + epa + 2 + stages + 1, "{text}");
    for (i, line) in lines[..gjk].iter().enumerate() {
        assert!(line.starts_with(&format!("gjk {}: ", i + 1)), "{line}");
    }
    for (i, line) in lines[gjk..gjk + epa].iter().enumerate() {
        assert!(line.starts_with(&format!("epa {}: ", i + 1)), "{line}");
    }
    assert!(lines[gjk + epa].starts_with("answer: Certified"), "{text}");
    assert!(lines[gjk + epa + 1].starts_with("depth: 0.1"), "{text}");
    for (i, line) in lines[gjk + epa + 2..][..stages].iter().enumerate() {
        assert!(line.starts_with(&format!("manifold {}: ", i + 1)), "{line}");
    }
    let contacts = doc["manifold"]["points"].as_array().map_or(0, Vec::len);
    assert!(
        lines[gjk + epa + 2 + stages].starts_with(&format!("contacts: {contacts} (depths")),
        "{text}"
    );

    // A cast's steps follow, and its answer last.
    let cast = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/scenarios/gallery/31-cast-glancing-spheres.json");
    let out = bin()
        .args(["trace", "--lines"])
        .arg(&cast)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\ncast 1: "), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("cast answer: Hit"),
        "{text}"
    );
}

#[test]
fn bad_arguments_are_named() {
    let out = bin()
        .args(["render", "--out", "x.png", "--size", "12by3"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("WIDTHxHEIGHT"));
}

/// The `.json` and `.ron` files of a folder, sorted.
fn scenario_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .expect("a folder")
        .flatten()
        .map(|entry| entry.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "ron"))
        .collect();
    out.sort();
    out
}

#[test]
fn every_bundled_case_is_the_file_on_disk_and_loads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios");
    for (cases, dir) in [
        (gjk_lab_files::bundled::presets(), root.clone()),
        (gjk_lab_files::bundled::gallery(), root.join("gallery")),
    ] {
        let files = scenario_files(&dir);
        assert_eq!(cases.len(), files.len(), "{}", dir.display());
        for (case, file) in cases.iter().zip(&files) {
            assert!(
                file.ends_with(case.name),
                "{} vs {}",
                case.name,
                file.display()
            );
            let bundled = gjk_lab_files::bundled::PRESETS
                .iter()
                .chain(gjk_lab_files::bundled::GALLERY)
                .find(|(name, _)| *name == case.name)
                .unwrap()
                .1;
            assert_eq!(
                bundled,
                std::fs::read_to_string(file).unwrap(),
                "{}",
                case.name
            );
            case.load().unwrap_or_else(|e| panic!("{}: {e}", case.name));
        }
    }
    // The startup scene is a preset, so there is a way back to it.
    let startup = gjk_lab_files::bundled::find(gjk_lab_files::bundled::STARTUP).unwrap();
    assert_eq!(
        startup.load().unwrap(),
        gjk_lab_files::bundled::default_scenario()
    );
}

#[test]
fn every_preset_answers_with_finite_numbers() {
    let presets = scenario_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios"));
    assert!(presets.len() >= 5);
    let out = bin().arg("query").args(&presets).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    for line in lines(&out.stdout) {
        for key in ["distance", "depth"] {
            if let Some(x) = line[key].as_f64() {
                assert!(x.is_finite() && x >= 0.0, "{line}");
            }
        }
        assert!(line["termination"].is_string(), "{line}");
    }
}

#[test]
fn check_passes_the_gallery_and_names_a_broken_promise() {
    let gallery = scenario_files(&preset("gallery"));
    assert!(gallery.len() >= 15);
    let out = bin().arg("check").args(&gallery).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("ok")).count(),
        gallery.len()
    );
    // Allen Chou's reader case promises zero_direction at step 2; with a diagonal first direction it breaks.
    let dir = temp_dir("check");
    let mut s = gjk::Scenario::load(&preset("gallery/01-seed-cubes-x-boolean.json")).unwrap();
    s.solver.initial_direction = Some(glam::DVec3::new(1.0, 1.0, 0.0));
    let broken = dir.join("broken.json");
    s.save(&broken).unwrap();
    let out = bin().arg("check").arg(&broken).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("FAIL") && text.contains("termination: expected zero_direction"),
        "{text}"
    );
}

#[test]
fn query_reference_adds_parrys_distance() {
    let out = bin()
        .args(["query", "--reference"])
        .arg(preset("separated-box-sphere.json"))
        .arg(preset("seed-cubes-on-edge.json"))
        .output()
        .unwrap();
    let lines = lines(&out.stdout);
    let ours = lines[0]["distance"].as_f64().unwrap();
    let theirs = lines[0]["reference_distance"].as_f64().unwrap();
    assert!((ours - theirs).abs() < 1e-6, "{:?}", lines[0]);
    assert_eq!(lines[1]["reference_distance"].as_f64(), Some(0.0));
    assert!((lines[1]["reference_depth"].as_f64().unwrap() - 0.1).abs() < 1e-9);
    // The judgement against our bounds, and the sentence the app's reference line shows.
    for (line, verdict) in lines.iter().zip(["inside", "depth_inside"]) {
        assert_eq!(line["reference_judgement"]["verdict"], verdict, "{line}");
        assert!(line.get("reference_outside_bounds").is_none(), "{line}");
        let said = line["reference_sentence"].as_str().unwrap();
        assert!(said.starts_with("parry agrees"), "{said}");
    }
}

#[test]
fn sweep_prints_one_line_per_sample_and_rejects_bad_ranges() {
    let file = preset("gallery/20-spheres-tight-tolerance.json");
    let out = bin()
        .arg("sweep")
        .arg(&file)
        .args([
            "--param",
            "rel_tolerance",
            "--from",
            "1e-15",
            "--to",
            "1e-3",
            "--samples",
            "5",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines = lines(&out.stdout);
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["termination"], "max_iterations");
    assert_eq!(lines[0]["certified"], false);
    assert_eq!(lines[4]["certified"], true);
    assert!(lines[4]["iterations"].as_u64() < lines[0]["iterations"].as_u64());
    let grid = bin()
        .arg("sweep")
        .arg(&file)
        .args([
            "--param",
            "b.x",
            "--from",
            "-3",
            "--to",
            "3",
            "--samples",
            "7",
        ])
        .args([
            "--param2",
            "b.angle_y",
            "--from2",
            "0",
            "--to2",
            "90",
            "--samples2",
            "3",
        ])
        .output()
        .unwrap();
    assert_eq!(lines_of(&grid.stdout), 21);
    for (args, complaint) in [
        (
            ["--from", "0", "--to", "1e-3", "--samples", "5"],
            "log scale",
        ),
        (
            ["--from", "1e-9", "--to", "1e-3", "--samples", "0"],
            "samples",
        ),
    ] {
        let out = bin()
            .arg("sweep")
            .arg(&file)
            .args(["--param", "rel_tolerance"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(complaint));
    }
}

fn lines_of(out: &[u8]) -> usize {
    String::from_utf8_lossy(out).lines().count()
}
