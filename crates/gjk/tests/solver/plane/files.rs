//! 2D scenario files: read in JSON and RON, written back in the plane's form, refused by field.

use gjk::config::Dimension;
use gjk::{Format, Scenario, Shape};
use glam::DVec3;

const ISSUE_EXAMPLE: &str = r#"{"dimension": 2,
 "a": {"shape": {"type": "cuboid", "half_extents": [1.0, 0.5]}, "position": [0, 0], "angle": 0.3},
 "b": {"shape": {"type": "circle", "radius": 0.5}, "position": [3, 1]},
 "cast": {"velocity_b": [-4, 0], "angular_velocity_a": 0.0}}"#;

#[test]
fn a_2d_file_lies_in_the_plane_and_round_trips_in_json_and_ron() {
    let s = Scenario::parse(ISSUE_EXAMPLE, Format::Json).expect("the issue's example");
    assert_eq!(s.dimension, Dimension::Two);
    assert_eq!(
        s.a.shape,
        Shape::Cuboid {
            half_extents: DVec3::new(1.0, 0.5, 0.0)
        }
    );
    assert_eq!(s.b.shape, Shape::Sphere { radius: 0.5 });
    assert_eq!(s.b.position, DVec3::new(3.0, 1.0, 0.0));
    let turned = s.a.rotation * DVec3::X;
    assert!((turned - DVec3::new(0.3f64.cos(), 0.3f64.sin(), 0.0)).length() < 1e-15);
    let cast = s.cast.expect("a cast");
    assert_eq!(cast.velocity_b, DVec3::new(-4.0, 0.0, 0.0));
    for format in [Format::Json, Format::Ron] {
        let text = s.to_text(format);
        assert!(
            text.contains("dimension") && text.contains("angle"),
            "{text}"
        );
        assert!(!text.contains("rotation"), "{text}");
        let back = Scenario::parse(&text, format).expect("read back");
        assert_eq!(back.dimension, Dimension::Two);
        assert_eq!(back.b, s.b);
        assert_eq!(back.cast, s.cast);
        assert!((back.a.rotation.z - s.a.rotation.z).abs() < 1e-15);
    }
    let polygon = r#"(dimension: 2, a: (shape: (type: "polygon", vertices: [(0, 0), (2, 0), (1, 2)])),
        b: (shape: (type: "capsule", half_height: 0.5, radius: 0.2), position: (1, 3), margin: 0.1))"#;
    let s = Scenario::parse(polygon, Format::Ron).expect("RON");
    assert_eq!(s.a.shape.kind_name(), "polytope");
    assert_eq!(s.b.margin, 0.1);
}

#[test]
fn a_3d_file_may_say_so_and_reads_as_before() {
    let s = Scenario::parse(
        r#"{"dimension": 3, "a": {"shape": {"type": "sphere", "radius": 1}},
            "b": {"shape": {"type": "sphere", "radius": 1}, "position": [3, 0, 0]}}"#,
        Format::Json,
    )
    .unwrap();
    assert_eq!(s.dimension, Dimension::Three);
    assert!(!s.to_text(Format::Json).contains("dimension"));
}

#[test]
fn bad_2d_files_are_refused_by_field() {
    let refused = |text: &str| {
        Scenario::parse(text, Format::Json)
            .expect_err("refused")
            .to_string()
    };
    let body = |b: &str| {
        format!(
            r#"{{"dimension": 2, "a": {{"shape": {{"type": "circle", "radius": 1}}}}, "b": {b}}}"#
        )
    };
    let cases = [
        (
            body(r#"{"shape": {"type": "circle", "radius": 1}, "position": [1, 2, 3]}"#),
            "b.position: invalid length 3, expected 2 numbers [x, y]",
        ),
        (
            body(r#"{"shape": {"type": "sphere", "radius": 1}}"#),
            "in 2D a round shape is a circle",
        ),
        (
            body(r#"{"shape": {"type": "cuboid", "half_extents": [1, 1, 1]}}"#),
            "b.shape.half_extents: invalid length 3, expected 2 numbers",
        ),
        (
            body(r#"{"shape": {"type": "polygon", "vertices": [[0, 0], [1, 0, 0]]}}"#),
            "invalid length 3",
        ),
        (
            body(r#"{"shape": {"type": "circle", "radius": 1}, "rotation": [0, 0, 0, 1]}"#),
            "b.rotation: unknown field `rotation`, expected one of `shape`, `position`, `angle`, `margin`",
        ),
        (
            body(r#"{"shape": {"type": "circle", "radius": -1}}"#),
            "b.shape.radius",
        ),
        (
            r#"{"dimension": 2, "a": {"shape": {"type": "circle", "radius": 1}},
                "b": {"shape": {"type": "circle", "radius": 1}},
                "cast": {"angular_velocity_a": [0, 0, 1]}}"#
                .to_string(),
            "cast.angular_velocity_a: invalid type: sequence, expected f64",
        ),
        (
            r#"{"dimension": 4, "a": {"shape": {"type": "sphere", "radius": 1}},
                "b": {"shape": {"type": "sphere", "radius": 1}}}"#
                .to_string(),
            "dimension: must be 2 (the plane) or 3 (space), got 4",
        ),
    ];
    for (text, expected) in cases {
        let e = refused(&text);
        assert!(e.contains(expected), "{e}\n  expected: {expected}");
    }
}

#[test]
fn a_scenario_built_in_code_is_held_to_the_plane() {
    let mut s = Scenario::parse(ISSUE_EXAMPLE, Format::Json).unwrap();
    s.b.position.z = 0.5;
    let e = s
        .clone()
        .validated()
        .expect_err("off the plane")
        .to_string();
    assert!(e.starts_with("b.position:"), "{e}");
    s.b.position.z = 0.0;
    s.a.shape = Shape::Cylinder {
        half_height: 1.0,
        radius: 0.5,
    };
    let e = s.validated().expect_err("no cylinder in 2D").to_string();
    assert!(
        e.starts_with("a.shape: a cylinder is not a 2D shape"),
        "{e}"
    );
}

#[test]
fn a_body_turned_in_the_plane_reads_back_as_the_same_quaternion_to_the_bit() {
    use gjk::shape::plane::{angle_of, rotation_of};
    let mut s = Scenario::parse(ISSUE_EXAMPLE, Format::Json).unwrap();
    let bits = |q: glam::DQuat| q.to_array().map(f64::to_bits);
    // Turns as the app makes them: typed angles anywhere on the circle, near 0 and ±π too,
    // and a drag's many small turns added up.
    let mut dragged = rotation_of(0.0);
    for k in 0..3000 {
        let typed = match k % 3 {
            0 => 7.0 * (f64::from(k) * 0.618).sin(),
            1 => 1e-7 * (f64::from(k) * 0.37).cos(),
            _ => std::f64::consts::PI - 1e-9 * f64::from(k % 11),
        };
        dragged = rotation_of(angle_of(dragged) - 0.01 * f64::from(k % 17));
        for q in [rotation_of(typed), dragged] {
            s.a.rotation = q;
            for format in [Format::Json, Format::Ron] {
                let back = Scenario::parse(&s.to_text(format), format).unwrap();
                assert_eq!(
                    bits(back.a.rotation),
                    bits(q),
                    "{q:?} in {format:?}: {}",
                    s.to_text(format)
                );
            }
        }
    }
}
