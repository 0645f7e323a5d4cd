//! Properties of the casts that hold for every input.

use crate::solver::cast::oracle::{bounds_at, random_cast};
use crate::solver::common::Rng;
use crate::solver::query::properties::{any_body, finite_vec};
use gjk::cast::{CastMethod, CastSpec, CastStatus};
use gjk::{Precision, Scenario};
use proptest::prelude::*;

fn answer(s: &Scenario) -> gjk::CastAnswer {
    s.trace_cast().expect("a cast section").answer
}

/// The same cast seen from the other body: A and B swapped with their motions.
pub fn swapped(s: &Scenario) -> Scenario {
    let mut t = s.clone();
    std::mem::swap(&mut t.a, &mut t.b);
    let c = t.cast.as_mut().unwrap();
    std::mem::swap(&mut c.velocity_a, &mut c.velocity_b);
    std::mem::swap(&mut c.angular_velocity_a, &mut c.angular_velocity_b);
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any finite input, zero and huge motions included: every method ends within its cap with
    /// a status, never panics, and a time it reports lies in [0, max_time].
    #[test]
    fn every_cast_ends_within_its_cap(
        a in any_body(),
        b in any_body(),
        va in finite_vec(),
        vb in finite_vec(),
        wa in finite_vec(),
        max_time in prop_oneof![Just(0.0), 0.0..10.0f64, Just(1e3)],
        method in 0..3usize,
    ) {
        let method = CastMethod::ALL[method];
        let turning = method.handles_turning();
        let mut s = Scenario::new("any", a, b);
        s.cast = Some(CastSpec {
            velocity_a: va,
            velocity_b: vb,
            angular_velocity_a: if turning { wa * 1e-3 } else { glam::DVec3::ZERO },
            max_time: Some(max_time),
            method: Some(method),
            ..Default::default()
        });
        // Inputs the validation refuses (travel beyond the precision's range) get a message
        // instead; the rest must be answered.
        let Ok(s) = s.validated() else { return Ok(()) };
        let trace = s.trace_cast().unwrap();
        let cap = s.cast.unwrap().settings(Precision::F64).max_iterations;
        prop_assert!(trace.answer.iterations <= cap);
        prop_assert_eq!(trace.answer.iterations as usize, trace.steps.len());
        if let Some(t) = trace.answer.toi {
            prop_assert!((0.0..=max_time).contains(&t), "{t} outside [0, {max_time}]");
        }
    }

    /// Swapping A and B with their motions changes nothing: the same status, and for a hit a
    /// time whose distance the other run also proves within the tolerance.
    #[test]
    fn swapping_the_bodies_gives_the_same_answer(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let turning = seed % 3 == 0;
        let Some(s) = random_cast(&mut rng, turning) else { return Ok(()) };
        let (x, y) = (answer(&s), answer(&swapped(&s)));
        prop_assert_eq!(x.status.name(), y.status.name(), "{:?} vs {:?}", x, y);
        if let (Some(tx), Some(ty)) = (x.toi, y.toi) {
            let settings = s.cast.unwrap().settings(Precision::F64);
            let [_, upper] = bounds_at(&s, ty);
            prop_assert!(
                upper <= settings.target + settings.tolerance || (tx - ty).abs() < 1e-9,
                "t = {tx} and, swapped, {ty} (distance there at most {upper:e})"
            );
        }
    }

    /// A miss before max_time is a miss before any earlier time too.
    #[test]
    fn a_miss_stays_a_miss_when_max_time_shrinks(seed in any::<u64>(), shrink in 0.0..1.0f64) {
        let mut rng = Rng::new(seed);
        let Some(mut s) = random_cast(&mut rng, seed % 3 == 0) else { return Ok(()) };
        if !matches!(answer(&s).status, CastStatus::Miss { .. }) {
            return Ok(());
        }
        let c = s.cast.as_mut().unwrap();
        c.max_time = Some(c.max_time.unwrap() * shrink);
        let status = answer(&s).status;
        prop_assert!(matches!(status, CastStatus::Miss { .. }), "{:?}", status);
    }
}
