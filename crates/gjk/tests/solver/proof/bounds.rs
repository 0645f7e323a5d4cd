//! The certificate's upper bound from a run's own nearest point (`weighted_upper`): never below
//! the simplex's true distance from the origin, whatever precision made the weights, and as
//! tight as those weights are.

use crate::solver::common::Rng;
use gjk::CsoPoint;
use gjk::proof::bounds::{hull_distance, weighted_upper};
use gjk::real::{Real, Vector};
use gjk::simplex::signed_volumes::closest_feature;
use glam::DVec3;

/// The simplex as support points of `A ⊖ B` with `b` at the origin, in precision `R`, and the
/// same points exactly in f64 (each `R` coordinate converted back).
fn simplex<R: Real>(points: &[DVec3]) -> (Vec<CsoPoint<R>>, Vec<DVec3>) {
    let cso: Vec<CsoPoint<R>> = points
        .iter()
        .map(|p| {
            let a = R::vec(*p);
            CsoPoint {
                point: a,
                a,
                b: R::vec(DVec3::ZERO),
            }
        })
        .collect();
    let exact = cso.iter().map(|p| p.a.to_f64()).collect();
    (cso, exact)
}

/// Random segments, triangles and tetrahedra beside the origin; for each, the weights signed
/// volumes finds in precision `R`, and how far the bound they give lies above the true
/// distance, relative to the simplex's size (the largest over all).
fn worst_excess<R: Real>(seed: u64) -> (f64, usize) {
    let mut rng = Rng::new(seed);
    let (mut worst, mut judged) = (0.0_f64, 0);
    for _ in 0..3000 {
        let n = 2 + (rng.range(0.0, 3.0) as usize).min(2);
        let centre = rng.vec(-3.0, 3.0);
        let size = 10f64.powf(rng.range(-3.0, 1.0));
        let points: Vec<DVec3> = (0..n).map(|_| centre + rng.vec(-size, size)).collect();
        let (cso, exact) = simplex::<R>(&points);
        let y: Vec<R::V> = cso.iter().map(|p| p.point).collect();
        let r = closest_feature::<R>(&y);
        if r.mask.count_ones() as usize == 4 {
            continue; // the origin inside a tetrahedron: no distance to bound
        }
        let truth = hull_distance(&exact);
        let upper = weighted_upper(&cso, &r.weights[..n], 0.0);
        assert!(
            upper >= truth * (1.0 - 4.0 * f64::EPSILON),
            "the bound {upper} is below the distance {truth} of {exact:?}"
        );
        let reach = exact.iter().map(|p| p.length()).fold(0.0, f64::max);
        worst = worst.max((upper - truth) / reach);
        judged += 1;
    }
    (worst, judged)
}

#[test]
fn the_runs_own_nearest_point_never_bounds_below_the_distance() {
    // In f64 the weights are the nearest point's to rounding; in f32 to f32's rounding of the
    // simplex's size, and the bound (worked out in f64 from the points) only loses that.
    let (worst, judged) = worst_excess::<f64>(17);
    assert!(judged > 2500, "{judged} simplices judged");
    assert!(
        worst < 1e-13,
        "f64 bound {worst:e} (of the size) above the distance"
    );
    let (worst, judged) = worst_excess::<f32>(17);
    assert!(judged > 2500, "{judged} simplices judged");
    assert!(
        worst < 1e-5,
        "f32 bound {worst:e} (of the size) above the distance"
    );
    assert!(
        worst > 0.0,
        "f32 weights are not f64's: some bound must lie above"
    );
}

#[test]
fn weights_that_do_not_match_the_simplex_prove_nothing() {
    let (cso, _) = simplex::<f64>(&[DVec3::new(1.0, 0.0, 0.0), DVec3::new(1.0, 1.0, 0.0)]);
    assert_eq!(weighted_upper(&cso, &[1.0], 0.0), f64::INFINITY);
    assert_eq!(weighted_upper::<f64>(&[], &[], 0.0), f64::INFINITY);
    // Negative and non-finite weights are clamped away: what is left is still a point of the
    // segment, here its first end, at distance 1, plus the allowance.
    assert_eq!(weighted_upper(&cso, &[1.0, -0.5], 0.25), 1.25);
    assert_eq!(weighted_upper(&cso, &[f64::NAN, 0.0], 0.0), 1.0);
}
