//! parry3d-f64's casts as an oracle on seeded random casts of every kind, translating and
//! turning.
//!
//! Neither side is taken on trust. Every time either side reports is checked by our certified
//! static distance at that time: a hit must have its distance within the tolerance of the
//! target, and no earlier time may be below it. Where the two disagree, the distance at the
//! other side's time decides who is right, and the test fails if it is ever us.

use crate::solver::common::{KINDS, Rng, body};
use gjk::cast::{CastMethod, CastSpec, CastStatus};
use gjk::tools::reference::reference_cast;
use gjk::{BodySpec, Scenario};
use glam::DVec3;

/// Proven bounds on the distance of the scenario's bodies at time `t` of its motion.
pub fn bounds_at(s: &Scenario, t: f64) -> [f64; 2] {
    let cast = s.cast.unwrap();
    let place = |b: &BodySpec, pose: gjk::Pose| BodySpec {
        position: pose.position,
        rotation: pose.rotation,
        ..b.clone()
    };
    let a = place(&s.a, cast.motion_a(s.a.pose()).at(t));
    let b = place(&s.b, cast.motion_b(s.b.pose()).at(t));
    gjk::solve(&a, &b, &s.config()).certificate.distance_bounds
}

/// A random cast: B somewhere around A, moving roughly towards it, sometimes turning, sometimes
/// with a target distance.
pub fn random_cast(rng: &mut Rng, turning: bool) -> Option<Scenario> {
    let (ka, kb) = (rng.pick(6), rng.pick(6));
    let mut a = body(rng, KINDS[ka]);
    let mut b = body(rng, KINDS[kb]);
    a.position = rng.vec(-0.5, 0.5);
    let dir = rng.vec(-1.0, 1.0).normalize_or_zero();
    if dir == DVec3::ZERO {
        return None;
    }
    b.position = a.position + dir * rng.range(2.5, 6.0);
    let speed = rng.range(0.5, 8.0);
    let mut spec = CastSpec {
        velocity_a: rng.vec(-0.5, 0.5),
        velocity_b: -dir * speed + rng.vec(-1.5, 1.5),
        max_time: Some(rng.range(0.5, 2.0)),
        ..Default::default()
    };
    if turning {
        spec.angular_velocity_a = rng.vec(-2.0, 2.0);
        spec.angular_velocity_b = rng.vec(-2.0, 2.0);
    } else if rng.pick(4) == 0 {
        spec.target_distance = Some(rng.range(0.0, 0.2));
    }
    let mut s = Scenario::new("random cast", a, b);
    s.cast = Some(spec);
    let s = s.validated().ok()?;
    // parry must be able to represent both bodies.
    gjk::tools::reference::to_parry(&s.a)?;
    gjk::tools::reference::to_parry(&s.b)?;
    Some(s)
}

/// The first of eight evenly spaced times in [0, `until`) at which the distance is proven
/// below `floor` (by `upper_at`, an upper bound on it), with that bound.
pub fn proven_below_before(
    until: f64,
    floor: f64,
    upper_at: impl Fn(f64) -> f64,
) -> Option<(f64, f64)> {
    (0..8)
        .map(|k| until * k as f64 / 8.0)
        .map(|t| (t, upper_at(t)))
        .find(|&(_, upper)| upper < floor)
}

/// The methods that can cast a motion: conservative advancement alone for a turning one.
pub fn methods(turning: bool) -> &'static [CastMethod] {
    if turning {
        &[CastMethod::ConservativeAdvancement]
    } else {
        &CastMethod::ALL
    }
}

#[derive(Default, Debug)]
pub struct Tally {
    pub casts: u32,
    pub hits: u32,
    pub misses: u32,
    pub overlapping: u32,
    pub capped: u32,
    pub agree: u32,
    pub parry_hit_too_early: u32,
    pub parry_late_or_missed: u32,
    pub parry_failed: u32,
}

#[test]
fn casts_agree_with_parry_or_are_proven_right() {
    let mut rng = Rng::new(1313);
    let mut tally = Tally::default();
    let mut attempts = 0;
    while tally.casts < 5_000 {
        attempts += 1;
        assert!(attempts < 20_000, "too few usable random casts");
        let turning = tally.casts % 3 == 2;
        let Some(mut s) = random_cast(&mut rng, turning) else {
            continue;
        };
        let theirs = reference_cast(&s).expect("parry takes every built-in kind");
        for &method in methods(turning) {
            s.cast.as_mut().unwrap().method = Some(method);
            tally.casts += 1;
            check(&s, &theirs, &mut tally);
        }
    }
    eprintln!("{tally:#?}");
    // The test is about who is right; these make sure it looked at enough of each outcome.
    assert!(tally.hits > 1_000 && tally.misses > 300, "{tally:?}");
    assert!(tally.capped * 100 < tally.casts, "{tally:?}");
}

/// Checks one cast of ours and parry's answer to it, each by our certified static distance.
pub fn check(s: &Scenario, theirs: &gjk::tools::reference::ReferenceCast, tally: &mut Tally) {
    let trace = s.trace_cast().unwrap();
    let ours = trace.answer;
    let settings = s.cast.unwrap().settings(gjk::Precision::F64);
    let (target, tol) = (settings.target, settings.tolerance);
    let case = || {
        format!(
            "{}\n{ours:?}\nparry {theirs:?}",
            s.to_text(gjk::Format::Json)
        )
    };
    // The points it reports at its time lie within the bounds it proves there (a cast that
    // starts overlapping reports deepest points, not a pair at a distance).
    if let (Some([lower, upper]), Some(a), Some(b)) =
        (ours.distance_bounds, ours.point_a, ours.point_b)
        && !matches!(ours.status, CastStatus::OverlappingAtStart { .. })
    {
        let apart = (b - a).length();
        let slack = 1e-12 * (1.0 + a.length() + b.length());
        assert!(
            lower <= upper + slack && apart >= lower - slack && apart <= upper + slack,
            "points {apart:e} apart, bounds [{lower:e}, {upper:e}]\n{}",
            case()
        );
    }
    // Our own claim: no time before ours (or before max_time on a miss) comes below the target.
    let until = match ours.status {
        CastStatus::Hit { time, .. } => {
            tally.hits += 1;
            time
        }
        CastStatus::Miss { .. } => {
            tally.misses += 1;
            settings.max_time
        }
        CastStatus::OverlappingAtStart { .. } => {
            tally.overlapping += 1;
            0.0
        }
        CastStatus::MaxIterations { time, .. } => {
            tally.capped += 1;
            time
        }
        CastStatus::Failed { ref why, .. } => panic!("failed: {why}\n{}", case()),
    };
    if let Some((t, upper)) = proven_below_before(until, target - tol, |t| bounds_at(s, t)[1]) {
        panic!(
            "distance {upper:e} at t = {t} before our answer\n{}",
            case()
        );
    }
    // parry's time, judged by the distance there.
    match theirs.toi {
        Some(tp) if tp < until => {
            let [lower, upper] = bounds_at(s, tp);
            assert!(
                upper >= target - tol,
                "parry's hit at {tp} is proven (distance ≤ {upper:e}) before ours\n{}",
                case()
            );
            if lower > target + tol {
                tally.parry_hit_too_early += 1;
            } else if theirs.status == "failed" {
                tally.parry_failed += 1;
            } else {
                // Within the tolerance at parry's time: both answers are right.
                tally.agree += 1;
            }
        }
        Some(tp)
            if matches!(ours.status, CastStatus::Hit { .. })
                && tp > until
                && bounds_at(s, tp)[1] < target - tol =>
        {
            // Ours is proven within the tolerance at our earlier time, and at parry's the
            // bodies are proven to overlap beyond it: parry went past the contact. (A later
            // time still within the tolerance is right too: ours aims half the tolerance
            // short of the target, parry at it.)
            tally.parry_late_or_missed += 1;
        }
        None if matches!(ours.status, CastStatus::Hit { .. }) => {
            tally.parry_late_or_missed += 1;
        }
        _ => tally.agree += 1,
    }
}
