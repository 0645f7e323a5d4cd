//! Casts in the plane against parry2d-f64: ≥ 3,000 seeded random casts, translating (every
//! method) and turning about the plane's normal (conservative advancement), each answer judged
//! by our certified static distance as in 3D.

use super::common::{KINDS, body};
use crate::solver::cast::oracle::{Tally, check, methods};
use crate::solver::common::Rng;
use gjk::Scenario;
use gjk::cast::CastSpec;
use gjk::config::Dimension;
use gjk::tools::reference::reference_cast;
use glam::DVec3;

fn in_plane(rng: &mut Rng, lo: f64, hi: f64) -> DVec3 {
    DVec3::new(rng.range(lo, hi), rng.range(lo, hi), 0.0)
}

/// B somewhere around A in the plane, moving roughly towards it, sometimes turning.
fn random_cast(rng: &mut Rng, turning: bool) -> Option<Scenario> {
    let (ka, kb) = (rng.pick(4), rng.pick(4));
    let mut a = body(rng, KINDS[ka]);
    let mut b = body(rng, KINDS[kb]);
    a.position = in_plane(rng, -0.5, 0.5);
    let dir = in_plane(rng, -1.0, 1.0).normalize_or_zero();
    if dir == DVec3::ZERO {
        return None;
    }
    b.position = a.position + dir * rng.range(2.5, 6.0);
    let mut spec = CastSpec {
        velocity_a: in_plane(rng, -0.5, 0.5),
        velocity_b: -dir * rng.range(0.5, 8.0) + in_plane(rng, -1.5, 1.5),
        max_time: Some(rng.range(0.5, 2.0)),
        ..Default::default()
    };
    if turning {
        spec.angular_velocity_a = DVec3::Z * rng.range(-2.0, 2.0);
        spec.angular_velocity_b = DVec3::Z * rng.range(-2.0, 2.0);
    } else if rng.pick(4) == 0 {
        spec.target_distance = Some(rng.range(0.0, 0.2));
    }
    let mut s = Scenario::new("random cast in the plane", a, b);
    s.dimension = Dimension::Two;
    s.cast = Some(spec);
    s.validated().ok()
}

#[test]
fn casts_in_the_plane_agree_with_parry2d_or_are_proven_right() {
    let mut rng = Rng::new(2026);
    let mut tally = Tally::default();
    let mut attempts = 0;
    while tally.casts < 3_000 {
        attempts += 1;
        assert!(attempts < 12_000, "too few usable random casts");
        let turning = tally.casts % 3 == 2;
        let Some(mut s) = random_cast(&mut rng, turning) else {
            continue;
        };
        let Ok(theirs) = reference_cast(&s) else {
            continue;
        };
        for &method in methods(turning) {
            s.cast.as_mut().unwrap().method = Some(method);
            tally.casts += 1;
            check(&s, &theirs, &mut tally);
        }
    }
    eprintln!("{tally:#?}");
    assert!(tally.hits > 600 && tally.misses > 200, "{tally:?}");
    assert!(tally.capped * 100 < tally.casts, "{tally:?}");
}
