//! Where two configurations of one case part ways.

use gjk::tools::compare::first_divergence;
use gjk::{Precision, Scenario};
use std::path::PathBuf;

fn gallery(name: &str) -> Scenario {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/gallery")
        .join(name);
    Scenario::load(&path).unwrap()
}

fn trace(s: &Scenario) -> gjk::Trace {
    gjk::trace(&s.a, &s.b, &s.config())
}

#[test]
fn the_same_configuration_never_diverges() {
    let s = gallery("16-near-parallel-faces.json");
    assert_eq!(first_divergence(&trace(&s), &trace(&s)), None);
}

#[test]
fn f32_and_f64_part_where_f32_calls_a_tiny_gap_touching() {
    // 11/12: a 1e-7 gap. Both precisions make the same choices until f32's |v| (1.2e-7) falls
    // under its absolute tolerance at step 3; f64 goes on to certify the gap at step 4.
    let f32 = gallery("11-gap-1e-7-f32.json");
    let mut f64 = f32.clone();
    f64.solver.precision = Precision::F64;
    let d = first_divergence(&trace(&f32), &trace(&f64)).expect("they differ");
    assert_eq!(d.step, 3, "{d:?}");
    assert_eq!(d.what, "termination");
    assert!(
        d.left.contains("distance_below_tolerance") && d.right == "goes on",
        "{d:?}"
    );
}

#[test]
fn boolean_and_distance_part_at_the_second_direction() {
    // Allen Chou's reader case: both take the same first support point; the boolean variant then searches
    // along the zero vector (origin on the edge), the distance variant stops there too, but by
    // another test.
    let boolean = gallery("01-seed-cubes-x-boolean.json");
    let distance = gallery("04-seed-cubes-x-distance.json");
    let d = first_divergence(&trace(&boolean), &trace(&distance)).expect("they differ");
    assert_eq!(d.step, 2, "{d:?}");
    assert_eq!(d.what, "termination", "{d:?}");
    assert!(d.left.contains("zero_direction") && d.right.contains("distance_below_tolerance"));
}

#[test]
fn a_different_first_direction_diverges_at_step_one() {
    let s = gallery("02-seed-cubes-y-boolean.json");
    let mut other = s.clone();
    other.solver.initial_direction = Some(glam::DVec3::X);
    let d = first_divergence(&trace(&s), &trace(&other)).expect("they differ");
    assert_eq!(
        (d.step, d.what.as_str()),
        (1, "search direction d"),
        "{d:?}"
    );
}
