//! Every Voronoi region of a segment (3), a triangle (7) and a tetrahedron (15), each hit by a
//! hand-built case: the origin is placed outward of the feature's centroid, away from the
//! simplex's centroid, which for these regular simplices lies in that feature's region and
//! projects onto the centroid.

use gjk::simplex::voronoi::{closest_feature, region_half_spaces, sub_simplices};
use glam::DVec3;

fn centroid(points: &[DVec3], mask: u8) -> DVec3 {
    let chosen: Vec<DVec3> = (0..points.len())
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| points[i])
        .collect();
    chosen.iter().sum::<DVec3>() / chosen.len() as f64
}

/// Places the origin at `p` and checks the feature, closest point and region.
fn check(simplex: &[DVec3], mask: u8, p: DVec3, expected_closest: DVec3) {
    let shifted: Vec<DVec3> = simplex.iter().map(|&y| y - p).collect();
    let r = closest_feature::<f64>(&shifted);
    assert_eq!(r.mask, mask, "simplex {simplex:?}, origin at {p}");
    assert!(!r.by_fallback);
    let err = (r.closest - (expected_closest - p)).length();
    assert!(err < 1e-12, "mask {mask:#b}: closest off by {err}");
    let weight_sum: f64 = r.weights[..simplex.len()].iter().sum();
    assert!((weight_sum - 1.0).abs() < 1e-12);
    // The region drawn for this feature holds the origin; no other feature's region does.
    for &other in sub_simplices(simplex.len()) {
        let region = region_half_spaces(&shifted, other);
        let holds = region.iter().all(|h| h.contains(DVec3::ZERO));
        if other == mask {
            assert!(holds, "own region of {mask:#b} misses the origin");
        } else if other.count_ones() > 1 || simplex.len() > 1 {
            assert!(
                !holds || region.is_empty(),
                "region {other:#b} also holds the origin placed for {mask:#b}"
            );
        }
    }
}

fn all_regions(simplex: &[DVec3], lift: DVec3) {
    let g = centroid(simplex, (1 << simplex.len()) - 1);
    let masks = sub_simplices(simplex.len());
    for &mask in masks {
        let c = centroid(simplex, mask);
        let full = mask.count_ones() as usize == simplex.len();
        // Face of a triangle and inside of a tetrahedron: lift off the plane / stay inside.
        let p = if full { g + lift } else { c + (c - g) + lift };
        let expected = if full && simplex.len() == 4 { p } else { c };
        check(simplex, mask, p, expected);
    }
    assert_eq!(masks.len(), (1 << simplex.len()) - 1);
}

#[test]
fn segment_has_three_regions() {
    all_regions(
        &[DVec3::new(-1.0, 0.0, 0.0), DVec3::new(1.0, 0.0, 0.0)],
        DVec3::new(0.0, 0.7, 0.2),
    );
}

#[test]
fn triangle_has_seven_regions() {
    let s3 = 3f64.sqrt() / 2.0;
    all_regions(
        &[
            DVec3::new(1.0, 0.0, 0.0),
            DVec3::new(-0.5, s3, 0.0),
            DVec3::new(-0.5, -s3, 0.0),
        ],
        DVec3::new(0.0, 0.0, 0.7),
    );
}

#[test]
fn tetrahedron_has_fifteen_regions() {
    all_regions(
        &[
            DVec3::new(1.0, 1.0, 1.0),
            DVec3::new(1.0, -1.0, -1.0),
            DVec3::new(-1.0, 1.0, -1.0),
            DVec3::new(-1.0, -1.0, 1.0),
        ],
        DVec3::ZERO,
    );
}

/// Against brute force: the nearest point of the hull is the minimum over every sub-simplex
/// whose projection of the origin lies inside it.
#[test]
fn region_choice_matches_brute_force_on_random_simplices() {
    let mut rng = crate::solver::common::Rng::new(7);
    for _ in 0..20_000 {
        let n = 1 + rng.pick(4);
        let y: Vec<DVec3> = (0..n).map(|_| rng.vec(-2.0, 2.0)).collect();
        let r = closest_feature::<f64>(&y);
        let brute = brute_force_distance(&y);
        assert!(
            (r.closest.length() - brute).abs() < 1e-9,
            "{y:?}: region {:#b} gives {}, brute force {brute}",
            r.mask,
            r.closest.length()
        );
    }
}

fn brute_force_distance(y: &[DVec3]) -> f64 {
    // Dense sampling of barycentric weights is too slow; instead project onto every affine hull
    // with a least-squares solve and keep projections with non-negative weights.
    let mut best = f64::INFINITY;
    for mask in 1u8..(1 << y.len()) {
        let pts: Vec<DVec3> = (0..y.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| y[i])
            .collect();
        if let Some(p) = project(&pts) {
            best = best.min(p.length());
        }
    }
    best
}

/// Nearest point to the origin of aff(pts) if it lies inside conv(pts), via normal equations.
fn project(pts: &[DVec3]) -> Option<DVec3> {
    let k = pts.len() - 1;
    if k == 0 {
        return Some(pts[0]);
    }
    let e: Vec<DVec3> = pts[1..].iter().map(|&p| p - pts[0]).collect();
    // Solve G t = −E·p0 with G the Gram matrix (k ≤ 3), by Gaussian elimination.
    let mut g = [[0.0f64; 4]; 3];
    for i in 0..k {
        for j in 0..k {
            g[i][j] = e[i].dot(e[j]);
        }
        g[i][3] = -e[i].dot(pts[0]);
    }
    for col in 0..k {
        let piv = (col..k).max_by(|&a, &b| g[a][col].abs().total_cmp(&g[b][col].abs()))?;
        if g[piv][col].abs() < 1e-12 {
            return None;
        }
        g.swap(col, piv);
        for row in 0..k {
            if row != col {
                let f = g[row][col] / g[col][col];
                let pivot_row = g[col];
                for (x, p) in g[row].iter_mut().zip(pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    let t: Vec<f64> = (0..k).map(|i| g[i][3] / g[i][i]).collect();
    let t0 = 1.0 - t.iter().sum::<f64>();
    if t0 < -1e-12 || t.iter().any(|&x| x < -1e-12) {
        return None;
    }
    Some(pts[0] + e.iter().zip(&t).map(|(&ei, &ti)| ei * ti).sum::<DVec3>())
}
