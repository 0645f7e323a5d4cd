//! EPA's depth with its proof, on the oracle's random pairs, in f64 and f32: every reported
//! depth lies in its proven bounds, a certified f32 depth meets the f64 one, the upper bound
//! really separates the shapes (B moved that far along the normal is no longer proven to
//! overlap), and where parry's depth falls below our lower bound, moving B by parry's answer is
//! shown to leave the shapes overlapping.

use crate::solver::common::{KINDS, Rng, body, to_parry};
use gjk::{BodySpec, Outcome, Precision, SolverConfig};

#[derive(Default, Debug)]
struct Tally {
    intersecting: u32,
    certified: u32,
    /// Uncertified depths: their bounds are wider than EPA's tolerance, and they say so.
    flagged: u32,
    /// parry's depth below our proven lower bound, with B moved by it still overlapping.
    parry_too_shallow: u32,
}

fn moved(b: &BodySpec, by: glam::DVec3) -> BodySpec {
    BodySpec {
        position: b.position + by,
        ..b.clone()
    }
}

fn check_precision(precision: Precision) -> Tally {
    let config = SolverConfig::default_for(gjk::Algorithm::Distance, precision);
    let exact = SolverConfig::default_for(gjk::Algorithm::Distance, Precision::F64);
    let mut rng = Rng::new(42);
    let mut tally = Tally::default();
    for i in 0..4_000 {
        let (ka, kb) = (rng.pick(6), rng.pick(6));
        let a = body(&mut rng, KINDS[ka]);
        let b = body(&mut rng, KINDS[kb]);
        if to_parry(&a).is_none() || to_parry(&b).is_none() {
            continue;
        }
        let finish = gjk::solve(&a, &b, &config);
        let (Outcome::Intersecting, Some(p)) = (finish.outcome, finish.penetration) else {
            continue;
        };
        tally.intersecting += 1;
        let [lower, upper] = p
            .depth_bounds
            .unwrap_or_else(|| panic!("pair {i}: a depth without bounds: {p:?}"));
        let slack = 64.0 * precision.epsilon() * (1.0 + upper);
        assert!(
            lower - slack <= p.depth && p.depth <= upper + slack,
            "pair {i} ({precision:?}): depth {} outside its bounds [{lower}, {upper}]",
            p.depth
        );
        if p.certified {
            tally.certified += 1;
            // A certified depth is the true one: its bounds meet the f64 run's, to the
            // rounding of the input in the working precision.
            let truth = gjk::solve(&a, &b, &exact).penetration;
            if let Some([tl, th]) = truth.and_then(|t| t.depth_bounds) {
                let size =
                    |s: &BodySpec| s.shape.bounding_radius() + s.margin + s.position.length();
                let rounding = 16.0 * precision.epsilon() * (size(&a) + size(&b));
                assert!(
                    lower - rounding <= th && tl <= upper + rounding,
                    "pair {i} ({precision:?}): certified depth in [{lower}, {upper}], true in [{tl}, {th}]"
                );
            }
        } else {
            tally.flagged += 1;
        }
        // The upper bound separates: B moved by a little more than it along the normal is not
        // proven to overlap A any more (judged in f64).
        let pushed = moved(&b, p.normal * (upper * (1.0 + 1e-6) + 1e-9));
        let after = gjk::solve(&a, &pushed, &exact);
        assert!(
            after.certificate.intersecting != Some(true)
                || after.certificate.distance_bounds[1] <= 1e-9,
            "pair {i} ({precision:?}): B moved by the upper bound {upper} along {} still overlaps: {:?}",
            p.normal,
            after.certificate
        );
        // parry below our lower bound: moving B by parry's depth along parry's normal must
        // leave the shapes overlapping, or our lower bound is wrong.
        let theirs = gjk::tools::reference::reference(&a, &b).unwrap();
        if let (Some(depth), Some(normal)) = (theirs.depth, theirs.normal)
            && depth < lower * (1.0 - 1e-6) - 1e-9
        {
            let pushed = moved(&b, normal * depth);
            let after = gjk::solve(&a, &pushed, &exact);
            assert_eq!(
                after.certificate.intersecting,
                Some(true),
                "pair {i} ({precision:?}): parry's depth {depth} is below our lower bound {lower}, yet moving B by it separates"
            );
            tally.parry_too_shallow += 1;
        }
    }
    tally
}

#[test]
fn depths_lie_in_their_proven_bounds_in_f64_and_f32() {
    for precision in [Precision::F64, Precision::F32] {
        let tally = check_precision(precision);
        println!("{precision:?}: {tally:?}");
        assert!(tally.intersecting > 500, "{tally:?}");
        // Most depths are proven to EPA's tolerance; the rest say they are not.
        assert!(tally.certified * 10 > tally.intersecting * 9, "{tally:?}");
    }
}
