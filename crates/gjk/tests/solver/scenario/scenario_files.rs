//! The scenario format: defaults, both syntaxes, and clear errors for bad input.

use gjk::{Format, Scenario, ScenarioError};

const ISSUE_EXAMPLE: &str = r#"{
  "name": "cubes, origin on edge",
  "notes": "free text shown by the app",
  "a": { "shape": {"type": "cuboid", "half_extents": [0.5, 0.5, 0.5]},
         "position": [0, 0, 0], "rotation": [0, 0, 0, 1], "margin": 0 },
  "b": { "shape": {"type": "polytope", "vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]},
         "position": [0.9, 0, 0] },
  "solver": { "algorithm": "distance", "precision": "f64",
              "abs_tolerance": 1e-9, "rel_tolerance": 1e-9, "max_iterations": 64 }
}"#;

#[test]
fn issue_example_parses_and_round_trips_through_ron() {
    let s = Scenario::parse(ISSUE_EXAMPLE, Format::Json).expect("parses");
    assert_eq!(s.name, "cubes, origin on edge");
    assert_eq!(s.b.rotation, glam::DQuat::IDENTITY);
    let ron = s.to_text(Format::Ron);
    assert_eq!(Scenario::parse(&ron, Format::Ron).expect("RON parses"), s);
    let json = s.to_text(Format::Json);
    assert_eq!(
        Scenario::parse(&json, Format::Json).expect("JSON parses"),
        s
    );
}

#[test]
fn defaults_fill_in_and_rotation_is_normalised() {
    let s = Scenario::parse(
        r#"{"a": {"shape": {"type": "sphere", "radius": 1}, "rotation": [0, 0, 0, 2]},
            "b": {"shape": {"type": "sphere", "radius": 1}}}"#,
        Format::Json,
    )
    .unwrap();
    assert_eq!(s.a.rotation, glam::DQuat::IDENTITY);
    let u = s.understood();
    assert_eq!(u.solver.abs_tolerance, Some(1e-9));
    assert_eq!(u.solver.max_iterations, Some(64));
    let f32 = Scenario::parse(
        r#"{"a": {"shape": {"type": "sphere", "radius": 1}},
            "b": {"shape": {"type": "sphere", "radius": 1}}, "solver": {"precision": "f32"}}"#,
        Format::Json,
    )
    .unwrap();
    assert_eq!(f32.config().rel_tolerance, 1e-5);
}

fn error_of(text: &str) -> String {
    match Scenario::parse(text, Format::Json) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.to_string(),
    }
}

fn with_a(a: &str) -> String {
    format!(r#"{{"a": {a}, "b": {{"shape": {{"type": "sphere", "radius": 1}}}}}}"#)
}

#[test]
fn bad_input_names_the_field_and_the_reason() {
    let cases = [
        (with_a(r#"{"shape": {"type": "blob"}}"#), "a.shape", "blob"),
        (
            with_a(r#"{"shape": {"type": "sphere", "radius": -1}}"#),
            "a.shape.radius",
            "negative",
        ),
        (
            with_a(r#"{"shape": {"type": "sphere", "radius": 1}, "rotation": [0,0,0,0]}"#),
            "a.rotation",
            "zero-length",
        ),
        (
            with_a(r#"{"shape": {"type": "polytope", "vertices": []}}"#),
            "a.shape.vertices",
            "at least one",
        ),
        (
            with_a(r#"{"shape": {"type": "sphere", "radius": 1}, "position": [1, 2]}"#),
            "a.position",
            "length 2",
        ),
        (
            with_a(r#"{"shape": {"type": "cuboid", "half_extents": [1, 1, 1e999]}}"#),
            "a.shape",
            "",
        ),
        (
            with_a(r#"{"shape": {"type": "sphere", "radius": 1}, "margin": -0.1}"#),
            "a.margin",
            "negative",
        ),
        (
            with_a(r#"{"shape": {"type": "sphere", "radius": 1}, "colour": 3}"#),
            "a",
            "colour",
        ),
        (
            r#"{"a": {"shape": {"type": "sphere", "radius": 1}}}"#.to_string(),
            "",
            "missing field `b`",
        ),
    ];
    for (text, field, reason) in cases {
        let e = error_of(&text);
        assert!(e.starts_with(field), "{e:?} should name {field:?}");
        assert!(e.contains(reason), "{e:?} should say {reason:?}");
    }
    let nan = Scenario::parse(
        "(a: (shape: (type: \"sphere\", radius: NaN)), b: (shape: (type: \"sphere\", radius: 1.0)))",
        Format::Ron,
    );
    let e = nan.expect_err("NaN rejected").to_string();
    assert!(e.contains("a.shape.radius") && e.contains("finite"), "{e}");
    // JSON has no NaN: what other writers print for one is refused with the reason, at the
    // field.
    for word in ["NaN", "-Infinity", "inf", "nan"] {
        let text = format!(
            "{{\"a\": {{\"shape\": {{\"type\": \"sphere\", \"radius\": 1}}}},\n \"b\": {{\"shape\": {{\"type\": \"sphere\", \"radius\": {word}}}}}}}"
        );
        let e = error_of(&text);
        assert!(
            e.starts_with("b.shape.radius") && e.contains("JSON has no NaN or infinity"),
            "{word}: {e}"
        );
    }
    // The fuzzer's first find: a byte-order mark inside a word, where the reason's search for
    // a NaN sliced the line mid-character and panicked.
    let e = error_of("{\"zn,Nr,ame\u{feff}t");
    assert!(e.contains("line 1"), "{e}");
    // Any other missing value is not blamed on NaN.
    let e = error_of(r#"{"a": {"shape": {"type": "sphere", "radius": }}}"#);
    assert!(!e.contains("NaN"), "{e}");
}

#[test]
fn files_pick_their_format_by_extension_and_save_atomically() {
    let dir = std::env::temp_dir().join(format!("gjk-scenario-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = Scenario::parse(ISSUE_EXAMPLE, Format::Json).unwrap();
    for name in ["case.json", "case.ron"] {
        let path = dir.join(name);
        s.save(&path).unwrap();
        assert_eq!(Scenario::load(&path).unwrap(), s);
        assert!(!dir.join(format!("{name}.tmp")).exists());
    }
    assert!(matches!(
        Scenario::load(&dir.join("case.txt")),
        Err(ScenarioError::UnknownFormat(_))
    ));
    assert!(matches!(
        Scenario::load(&dir.join("missing.json")),
        Err(ScenarioError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_expectation_must_name_a_real_termination() {
    let text = r#"{"a": {"shape": {"type": "sphere", "radius": 1}},
                   "b": {"shape": {"type": "sphere", "radius": 1}, "position": [3, 0, 0]},
                   "expect": {"termination": "gap_small"}}"#;
    let e = error_of(text);
    assert!(
        e.contains("expect.termination") && e.contains("gap_below_tolerance"),
        "{e}"
    );
    // Two balls, with the default radii, are answered by their centres' closed form.
    let ok = text.replace("gap_small", "closed_form");
    let s = Scenario::parse(&ok, Format::Json).expect("parses");
    let checks = s
        .expect
        .as_ref()
        .unwrap()
        .check(&gjk::trace(&s.a, &s.b, &s.config()), None, None);
    assert_eq!(checks.len(), 1);
    assert!(checks[0].passed, "{checks:?}");
}
