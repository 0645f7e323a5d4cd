//! The last stage: a long list of contacts reduced to the few a solver needs.

use super::record::ContactPoint;
use glam::DVec3;

/// At most `budget` of `points` (seen along the normal `n`): the deepest; the point furthest
/// from it; in space, the point that makes the largest triangle with those two, then the
/// point that adds the most area outside that triangle. A box turned on a box crosses in
/// eight points; these four keep its deepest contact and the widest footprint that holds it
/// still (as Bullet and Jolt reduce theirs).
pub fn reduce(points: &[ContactPoint], n: DVec3, budget: usize) -> Vec<ContactPoint> {
    if points.len() <= budget {
        return points.to_vec();
    }
    let flat = |c: &ContactPoint| {
        let p = c.point_b;
        p - n * n.dot(p)
    };
    let mut chosen: Vec<usize> = Vec::with_capacity(budget);
    let best = |score: &dyn Fn(usize) -> f64, chosen: &[usize]| {
        (0..points.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| (i, score(i)))
            .fold((usize::MAX, f64::NEG_INFINITY), |b, x| {
                if x.1 > b.1 { x } else { b }
            })
            .0
    };
    chosen.push(best(&|i| points[i].depth, &chosen));
    let first = flat(&points[chosen[0]]);
    chosen.push(best(&|i| flat(&points[i]).distance_squared(first), &chosen));
    if budget >= 3 {
        let second = flat(&points[chosen[1]]);
        let area = |i: usize| (second - first).cross(flat(&points[i]) - first).dot(n);
        let third = best(&|i| area(i).abs(), &chosen);
        chosen.push(third);
        let corners = [first, second, flat(&points[third])];
        // Keep the triangle counter-clockwise about n, so "outside an edge" has one sign.
        let corners = if area(third) < 0.0 {
            [corners[0], corners[2], corners[1]]
        } else {
            corners
        };
        let outside = |i: usize| {
            let x = flat(&points[i]);
            (0..3)
                .map(|k| {
                    (x - corners[k])
                        .cross(corners[(k + 1) % 3] - corners[k])
                        .dot(n)
                })
                .fold(0.0, f64::max)
        };
        if budget >= 4 {
            chosen.push(best(&outside, &chosen));
        }
    }
    chosen.into_iter().map(|i| points[i]).collect()
}
