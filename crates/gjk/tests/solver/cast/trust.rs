//! Casts an engine developer brings, tried the way a hostile user would: seeded random casts of
//! every kind with one in ten against a 100–500 unit target, one in ten far from the origin, a
//! third turning, half in f32. Every answer is judged by f64 static queries on the same shapes
//! (the truth the casts must agree with), and by the same cast with A and B swapped.
//!
//! - No cast gives up: no `failed` or `max_iterations` where a hit or a miss exists.
//! - A hit is within the tolerance of the target at its time (to the rounding of the input in
//!   the working precision), and nothing came below the target before it.
//! - A miss is never contradicted: where parry hits, the distance there is not within the
//!   tolerance of the target.
//! - A↔B swaps agree: a hit on one side is a hit on the other, within the tolerance.

use crate::solver::cast::oracle::{proven_below_before, random_cast};
use crate::solver::cast::properties::swapped;
use crate::solver::common::{Rng, cube};
use gjk::cast::CastStatus;
use gjk::tools::reference::reference_cast;
use gjk::{BodySpec, Precision, Scenario};
use glam::DVec3;

/// The distance bounds at `t` of the scenario's motion, proven in f64 on the shapes as written:
/// by a run on the cores with the radii split off and by one on the whole shapes, both proven,
/// so the tighter of each bound holds. (A split run can stop short with wide but true bounds:
/// a cone and a polytope, both rounded, whose cores are 0.27 apart end with a flat
/// "enclosing" tetrahedron that the certificate does not accept.)
fn truth_at(s: &Scenario, t: f64) -> [f64; 2] {
    let mut exact = s.clone();
    exact.solver.precision = Precision::F64;
    exact.solver.abs_tolerance = None;
    exact.solver.rel_tolerance = None;
    let [lower, upper] = crate::solver::cast::oracle::bounds_at(&exact, t);
    exact.solver.radii = Some(gjk::Radii::Folded);
    let [folded_lower, folded_upper] = crate::solver::cast::oracle::bounds_at(&exact, t);
    [lower.max(folded_lower), upper.min(folded_upper)]
}

/// How much converting the input to the working precision can move a body, in the cast's
/// frame (centred between the bodies): a few ε of the bodies' size and their distance from
/// that centre.
fn input_rounding(s: &Scenario) -> f64 {
    let size = |b: &BodySpec| b.shape.bounding_radius() + b.margin;
    let spread = (s.a.position - s.b.position).length();
    let travel = {
        let c = s.cast.unwrap();
        (c.velocity_a.length() + c.velocity_b.length()) * c.max_time.unwrap_or(1.0)
    };
    8.0 * s.solver.precision.epsilon() * (size(&s.a) + size(&s.b) + spread + travel)
}

/// One cast of the hostile set: the oracle's random casts, with large targets, far-away
/// positions and f32 mixed in.
fn hostile_cast(rng: &mut Rng, i: u32) -> Option<Scenario> {
    let turning = i % 3 == 2;
    let mut s = random_cast(rng, turning)?;
    match i % 10 {
        // A 100–500 unit box, B coming at it from a few units off its face. (Not turning:
        // advancement bounds a turning body's speed by its whole radius, and a 500-unit box
        // turning at 2 rad/s closes at up to 1,700 units per second by that bound, so the
        // steps shrink to nothing near contact; see the README's limits.)
        0 => {
            let c = s.cast.as_mut().unwrap();
            c.angular_velocity_a = DVec3::ZERO;
            c.angular_velocity_b = DVec3::ZERO;
            let half = rng.range(100.0, 500.0);
            s.a = cube(half, DVec3::ZERO);
            let dir = DVec3::new(rng.range(-0.3, 0.3), 1.0, rng.range(-0.3, 0.3)).normalize();
            s.b.position = DVec3::new(0.0, half, 0.0) + dir * rng.range(2.0, 6.0);
        }
        // Both bodies far from the origin.
        1 => {
            let far = rng.vec(-1.0, 1.0).normalize_or_zero() * 10f64.powf(rng.range(3.0, 5.0));
            s.a.position += far;
            s.b.position += far;
        }
        _ => {}
    }
    if i % 2 == 1 {
        s.solver.precision = Precision::F32;
    }
    s.validated().ok()
}

#[derive(Default, Debug)]
struct Tally {
    casts: u32,
    /// Answers by status (hit, miss, overlapping_at_start).
    by_status: std::collections::BTreeMap<&'static str, u32>,
    f32: u32,
    large: u32,
    far: u32,
    turning: u32,
    /// A↔B swaps where one side hits and the other misses, both proven: the closest approach
    /// lies within the tolerance band above the target, where both answers are true.
    edge_swaps: u32,
}

#[test]
fn hostile_casts_are_all_answered_and_never_contradicted() {
    // 3,000 in the test run; GJK_TRUST_CASTS=10000 for the README's figures.
    let count: u32 = std::env::var("GJK_TRUST_CASTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3_000);
    let (mut rng, mut tally, mut i) = (Rng::new(2424), Tally::default(), 0);
    while tally.casts < count {
        i += 1;
        assert!(i < 6 * count + 1_000, "too few usable random casts");
        let Some(mut s) = hostile_cast(&mut rng, i) else {
            continue;
        };
        let turning = s.cast.unwrap().turns();
        for &method in crate::solver::cast::oracle::methods(turning) {
            s.cast.as_mut().unwrap().method = Some(method);
            tally.casts += 1;
            tally.f32 += u32::from(s.solver.precision == Precision::F32);
            tally.large += u32::from(i % 10 == 0);
            tally.far += u32::from(i % 10 == 1);
            tally.turning += u32::from(turning);
            check(&s, &mut tally);
        }
    }
    eprintln!("{tally:#?}");
    // Enough of each kind and outcome to mean something.
    let count_of = |status| tally.by_status.get(status).copied().unwrap_or(0);
    assert!(
        count_of("hit") > 1_000 && count_of("miss") > 200,
        "{tally:?}"
    );
    assert!(
        tally.f32 > 1_000 && tally.large > 200 && tally.far > 200,
        "{tally:?}"
    );
    // The tolerance band is thin: an edge swap is rare.
    assert!(tally.edge_swaps * 200 < tally.casts, "{tally:?}");
}

fn check(s: &Scenario, tally: &mut Tally) {
    let ours = s.solve_cast().unwrap();
    let settings = s.cast.unwrap().settings(s.solver.precision);
    let (target, tol) = (settings.target, settings.tolerance);
    let slack = input_rounding(s);
    let case = || format!("{}\n{ours:?}", s.to_text(gjk::Format::Json));
    // Each kind of answer checked against the truth, and counted.
    *tally.by_status.entry(ours.status.name()).or_default() += 1;
    let until = match ours.status {
        CastStatus::Hit { time, .. } => {
            let [_, upper] = truth_at(s, time);
            assert!(
                upper <= target + tol + slack,
                "a hit at {time} where the distance is only proven below {upper:e}\n{}",
                case()
            );
            time
        }
        CastStatus::Miss { .. } => settings.max_time,
        CastStatus::OverlappingAtStart { .. } => {
            let [lower, _] = truth_at(s, 0.0);
            assert!(
                lower <= target + slack,
                "not overlapping at start\n{}",
                case()
            );
            0.0
        }
        _ => panic!("gave up\n{}", case()),
    };
    // Nothing came below the target before our time (or before max_time on a miss; an
    // overlap at the start has no time before it).
    let floor = target - tol - slack;
    if until > 0.0
        && let Some((t, upper)) = proven_below_before(until, floor, |t| truth_at(s, t)[1])
    {
        panic!(
            "distance {upper:e} at t = {t} before our answer\n{}",
            case()
        );
    }
    // A miss, judged at parry's time where parry hits (parry has no target distance for
    // turning casts).
    if matches!(ours.status, CastStatus::Miss { .. })
        && !(s.cast.unwrap().turns() && target > 0.0)
        && let Ok(theirs) = reference_cast(s)
        && let Some(tp) = theirs.toi
    {
        let [lower, _] = truth_at(s, tp);
        assert!(
            lower > target - slack,
            "parry hits at {tp}, the distance there is below {lower:e}, and we missed\n{}",
            case()
        );
    }
    // The other way round.
    let other = swapped(s).solve_cast().unwrap();
    if other.status.name() != ours.status.name() {
        let hit_time = ours.toi.or(other.toi).unwrap_or(0.0);
        let [lower, upper] = truth_at(s, hit_time);
        let edge = matches!(
            (&ours.status, &other.status),
            (CastStatus::Hit { .. }, CastStatus::Miss { .. })
                | (CastStatus::Miss { .. }, CastStatus::Hit { .. })
        ) && lower >= target - slack
            && upper <= target + tol + slack;
        assert!(edge, "swapped: {:?}\n{}", other.status, case());
        tally.edge_swaps += 1;
    }
}
