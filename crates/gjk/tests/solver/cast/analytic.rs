//! Time of impact against analytic answers: every method must stop no later than the first
//! contact, with a proven distance within the tolerance of the target there.

use crate::solver::common::{at, cube};
use gjk::cast::{CastMethod, CastSpec, CastStatus};
use gjk::{BodySpec, Scenario, Shape};
use glam::DVec3;

fn sphere(radius: f64, position: DVec3) -> BodySpec {
    at(Shape::Sphere { radius }, position)
}

fn moving(a: BodySpec, b: BodySpec, cast: CastSpec) -> Scenario {
    let mut s = Scenario::new("cast", a, b);
    s.cast = Some(cast);
    s.validated().expect("a valid cast")
}

/// Checks the cast of `s` by `method` against the analytic time `toi`, given how fast the
/// distance falls there (`rate`): the reported time is at most the true one and within
/// `tolerance / rate` of it, and the distance proven there meets the target.
fn hits(s: &Scenario, method: CastMethod, toi: f64, rate: f64) -> gjk::CastAnswer {
    let mut s = s.clone();
    let spec = s.cast.as_mut().unwrap();
    spec.method = Some(method);
    let trace = s.trace_cast().unwrap();
    let answer = trace.answer;
    let tol = 1e-6;
    let name = method.name();
    assert!(
        matches!(answer.status, CastStatus::Hit { .. }),
        "{name}: {:?}",
        answer.status
    );
    let t = answer.toi.unwrap();
    assert!(
        t <= toi + 1e-12,
        "{name}: {t} is after the contact at {toi}"
    );
    assert!(
        toi - t <= tol / rate * 1.0001,
        "{name}: {t} is {:e} before the contact at {toi}",
        toi - t
    );
    let [lower, upper] = answer.distance_bounds.unwrap();
    assert!(lower >= -tol && upper <= tol, "{name}: [{lower}, {upper}]");
    assert_eq!(answer.iterations as usize, trace.steps.len());
    assert!(trace.steps.last().unwrap().status.is_some());
    answer
}

/// [`hits`] by every method, each with the contact normal `normal` (from A to B).
fn all_hit(s: &Scenario, toi: f64, rate: f64, normal: DVec3, within: f64) {
    for method in CastMethod::ALL {
        let answer = hits(s, method, toi, rate);
        let n = answer.normal.unwrap();
        assert!((n - normal).length() < within, "{}: {n}", method.name());
    }
}

#[test]
fn spheres_on_a_line_meet_when_their_gap_closes() {
    // Gap 3, closing at 4: they touch at t = 0.75.
    let s = moving(
        sphere(1.0, DVec3::ZERO),
        sphere(1.0, DVec3::new(5.0, 0.0, 0.0)),
        CastSpec {
            velocity_b: DVec3::new(-4.0, 0.0, 0.0),
            ..Default::default()
        },
    );
    all_hit(&s, 0.75, 4.0, DVec3::X, 1e-6);
}

#[test]
fn a_box_slides_onto_a_face() {
    // Both move: the gap of 2.5 along x closes at 2 + 0.5; y and z do not matter.
    let s = moving(
        cube(1.0, DVec3::ZERO),
        cube(0.5, DVec3::new(4.0, 0.3, 0.2)),
        CastSpec {
            velocity_a: DVec3::new(0.5, 0.1, 0.0),
            velocity_b: DVec3::new(-2.0, 0.1, 0.0),
            max_time: Some(2.0),
            ..Default::default()
        },
    );
    all_hit(&s, 1.0, 2.5, DVec3::X, 1e-6);
}

#[test]
fn a_sphere_comes_onto_an_edge() {
    // The sphere's centre runs along the diagonal towards the edge x = y = 1 of the unit cube:
    // its distance from the edge is √2·(2 − t), which reaches the radius 0.5 at 2 − 0.5/√2.
    let s = moving(
        cube(1.0, DVec3::ZERO),
        sphere(0.5, DVec3::new(3.0, 3.0, 0.0)),
        CastSpec {
            velocity_b: DVec3::new(-1.0, -1.0, 0.0),
            max_time: Some(3.0),
            ..Default::default()
        },
    );
    let toi = 2.0 - 0.5 / 2f64.sqrt();
    let diagonal = DVec3::new(1.0, 1.0, 0.0).normalize();
    all_hit(&s, toi, 2f64.sqrt(), diagonal, 1e-5);
}

#[test]
fn a_turning_rod_hits_a_ball() {
    // A rod along x (half-thickness 0.05) turns about z at 1 rad per unit time; a ball of radius
    // 0.1 waits at distance 1.5 up the y axis. The rod's side face is 1.5·cos θ − 0.05 from
    // the ball's centre, which reaches 0.1 at θ = acos(0.1).
    let s = moving(
        at(
            Shape::Cuboid {
                half_extents: DVec3::new(2.0, 0.05, 0.05),
            },
            DVec3::ZERO,
        ),
        sphere(0.1, DVec3::new(0.0, 1.5, 0.0)),
        CastSpec {
            angular_velocity_a: DVec3::new(0.0, 0.0, 1.0),
            max_time: Some(2.0),
            ..Default::default()
        },
    );
    let toi = 0.1f64.acos();
    // How fast the gap closes there: d/dθ (1.5 cos θ) = 1.5 sin θ.
    let answer = hits(
        &s,
        CastMethod::ConservativeAdvancement,
        toi,
        1.5 * toi.sin(),
    );
    assert_eq!(
        s.cast.unwrap().method(),
        CastMethod::ConservativeAdvancement
    );
    assert!(answer.iterations > 2);
}

#[test]
fn a_ball_turning_about_its_centre_closes_no_faster_than_a_still_one() {
    // A ball of radius 0.5 at 3 on x falls towards a unit cube at speed 4, once still and once
    // spinning at 50 rad per unit time about its centre. Turning moves no point of a ball
    // towards anything: both hit at t = (3 − 0.5 − 0.5) / 4 = 0.5, by the same steps. (The
    // speed bound once counted the radius, 25 units per unit time, and crawled.)
    let cast = |spin: DVec3| {
        moving(
            cube(0.5, DVec3::ZERO),
            sphere(0.5, DVec3::new(3.0, 0.0, 0.0)),
            CastSpec {
                velocity_b: DVec3::new(-4.0, 0.0, 0.0),
                angular_velocity_b: spin,
                ..Default::default()
            },
        )
    };
    let method = CastMethod::ConservativeAdvancement;
    let still = hits(&cast(DVec3::ZERO), method, 0.5, 4.0);
    let spinning = hits(&cast(DVec3::new(0.0, 30.0, 40.0)), method, 0.5, 4.0);
    assert_eq!(spinning.iterations, still.iterations);
    assert_eq!(spinning.toi, still.toi);
}

#[test]
fn a_cast_section_is_read_in_json_and_ron_and_refused_by_name() {
    let json = |cast: &str, expect: &str| {
        format!(
            r#"{{"a": {{"shape": {{"type": "sphere", "radius": 1}}}},
                "b": {{"shape": {{"type": "sphere", "radius": 1}}, "position": [5, 0, 0]}},
                "cast": {cast} {expect}}}"#
        )
    };
    let ok = Scenario::parse(
        &json(
            r#"{"velocity_b": [-4, 0, 0]}"#,
            r#", "expect": {"toi_status": "hit"}"#,
        ),
        gjk::Format::Json,
    )
    .expect("a valid cast");
    let back = Scenario::parse(&ok.to_text(gjk::Format::Ron), gjk::Format::Ron).expect("RON");
    assert_eq!(back, ok);
    assert_eq!(ok.cast.unwrap().method(), CastMethod::RayCast);

    let refused = |cast: &str, expect: &str| {
        Scenario::parse(&json(cast, expect), gjk::Format::Json)
            .expect_err("refused")
            .to_string()
    };
    let e = refused(
        r#"{"angular_velocity_a": [0, 0, 1], "method": "swept_hull"}"#,
        "",
    );
    assert!(
        e.starts_with("cast.angular_velocity_a:") && e.contains("swept_hull"),
        "{e}"
    );
    let e = refused(r#"{"tolerance": 0}"#, "");
    assert!(e.starts_with("cast.tolerance:"), "{e}");
    let e = refused(r#"{"velocity_b": [1e80, 0, 0]}"#, "");
    assert!(e.starts_with("cast.velocity_b"), "{e}");
    let e = refused(r#"{"max_time": -1}"#, "");
    assert!(e.starts_with("cast.max_time:"), "{e}");
    let e = refused(r#"{}"#, r#", "expect": {"toi_status": "touched"}"#);
    assert!(
        e.starts_with("expect.toi_status:") && e.contains("overlapping_at_start"),
        "{e}"
    );
    let e = refused(r#"{"speed": 3}"#, "");
    assert!(e.contains("cast") && e.contains("speed"), "{e}");
}
