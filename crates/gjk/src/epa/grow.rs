//! Before EPA can expand, it needs a tetrahedron around the origin with volume. GJK may stop
//! with fewer points (touching, the origin on an edge or a face), so the simplex is grown by
//! asking for support points in the directions it does not span yet.

use crate::config::thresholds;
use crate::real::{Real, Vector};
use crate::shape::cso::{CsoPoint, MinkowskiDifference};
use crate::shape::support::SupportMap;
use crate::trace::Few;

/// A unit normal of a flat point set (the largest cross product of its edges); for points on a
/// line, a unit vector across the line; for a single point, +Y (every direction is as good).
pub(super) fn flat_normal<R: Real>(pts: &[R::V]) -> R::V {
    let mut best = R::V::ZERO;
    for i in 0..pts.len() {
        for j in 0..pts.len() {
            for k in 0..pts.len() {
                let n = (pts[j] - pts[i]).cross(pts[k] - pts[i]);
                if n.length_squared() > best.length_squared() {
                    best = n;
                }
            }
        }
    }
    let len = best.length_squared().sqrt();
    if len > R::ZERO {
        return best / len;
    }
    let first = pts.first().copied().unwrap_or(R::V::ZERO);
    let along = pts.iter().map(|&p| p - first).fold(R::V::ZERO, |a, b| {
        if b.length_squared() > a.length_squared() {
            b
        } else {
            a
        }
    });
    // Across the line: its cross product with the coordinate axis least aligned with it.
    let axes = [
        R::V::new(R::ONE, R::ZERO, R::ZERO),
        R::V::new(R::ZERO, R::ONE, R::ZERO),
        R::V::new(R::ZERO, R::ZERO, R::ONE),
    ];
    let pick = axes
        .into_iter()
        .min_by(|x, y| {
            let (ax, ay) = (x.dot(along).abs(), y.dot(along).abs());
            ax.partial_cmp(&ay).unwrap_or(std::cmp::Ordering::Equal)
        })
        .unwrap_or(axes[1]);
    let across = along.cross(pick);
    let len = across.length_squared().sqrt();
    if len > R::ZERO { across / len } else { axes[1] }
}

/// `A ⊖ B` has no volume: the shape measure of the last tetrahedron tried, and the points found.
pub(super) type Flat<R> = (R, Vec<<R as Real>::V>);

/// Grows GJK's simplex (1–4 points around the origin) into a tetrahedron with volume, by
/// asking for support points in directions the simplex does not span yet. `Err` carries the
/// shape measure and the points found when `A ⊖ B` turns out flat (their plane, or line, is
/// the contact's).
pub(super) fn grow_tetrahedron<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    start: &[CsoPoint<R>],
) -> Result<[CsoPoint<R>; 4], Flat<R>> {
    let pts = grow(cso, start, false)?;
    Ok([pts[0], pts[1], pts[2], pts[3]])
}

/// The plane's [`grow_tetrahedron`]: GJK's simplex (1–3 points) grown into a triangle with
/// area, asking only along directions in the plane. `Err` when `A ⊖ B` is a segment (or a
/// point) there.
pub(super) fn grow_triangle<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    start: &[CsoPoint<R>],
) -> Result<[CsoPoint<R>; 3], Flat<R>> {
    let pts = grow(cso, start, true)?;
    Ok([pts[0], pts[1], pts[2]])
}

/// A full simplex (a triangle in the `plane`, else a tetrahedron) grown from `start`.
fn grow<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    cso: &MinkowskiDifference<'_, R, A, B>,
    start: &[CsoPoint<R>],
    plane: bool,
) -> Result<Few<CsoPoint<R>>, Flat<R>> {
    let mut pts: Few<CsoPoint<R>> = Few::new();
    let scale = start
        .iter()
        .map(|p| p.point.length_squared())
        .fold(R::ONE, |a, b| if b > a { b } else { a })
        .sqrt();
    let eps = thresholds::epa_tiny::<R>() * scale;
    for p in start {
        if pts
            .iter()
            .all(|q| (q.point - p.point).length_squared() > eps * eps)
        {
            pts.push(*p);
        }
    }
    // A flat or thin tetrahedron from GJK: keep its best triangle and grow from there.
    if pts.len() == 4 && volume_measure::<R>(&pts) <= thresholds::epa_tiny::<R>() {
        pts.truncate(3);
    }
    if plane && pts.len() >= 3 && area_measure::<R>(&pts) <= thresholds::epa_tiny::<R>() {
        pts.truncate(2);
    }
    let all_axes = [
        R::V::new(R::ONE, R::ZERO, R::ZERO),
        R::V::new(R::ZERO, R::ONE, R::ZERO),
        R::V::new(R::ZERO, R::ZERO, R::ONE),
    ];
    // In the plane every direction asked lies in it.
    let axes = &all_axes[..if plane { 2 } else { 3 }];
    if pts.len() == 1 {
        let p0 = pts[0].point;
        let found = axes
            .iter()
            .flat_map(|&a| [a, -a])
            .map(|d| cso.support(d))
            .max_by(|x, y| {
                let dx = (x.point - p0).length_squared();
                let dy = (y.point - p0).length_squared();
                dx.partial_cmp(&dy).unwrap_or(std::cmp::Ordering::Equal)
            });
        match found {
            Some(w) if (w.point - p0).length_squared() > eps * eps => pts.push(w),
            _ => return Err((R::ZERO, points(&pts))),
        }
    }
    if pts.len() == 2 {
        let axis = pts[1].point - pts[0].point;
        // The coordinate axis least aligned with the segment gives a perpendicular.
        let pick = axes
            .iter()
            .copied()
            .min_by(|x, y| {
                let ax = x.dot(axis).abs();
                let ay = y.dot(axis).abs();
                ax.partial_cmp(&ay).unwrap_or(std::cmp::Ordering::Equal)
            })
            .unwrap_or(axes[0]);
        let (u, v) = if plane {
            // The segment's normal in the plane: the axis turned a quarter.
            let u = R::V::new(-axis.y(), axis.x(), R::ZERO);
            (u, u)
        } else {
            let u = axis.cross(pick);
            (u, axis.cross(u))
        };
        let mut best: Option<(R, CsoPoint<R>)> = None;
        for d in [u, -u, v, -v, u + v, -u - v] {
            let w = cso.support(d);
            let off = axis.cross(w.point - pts[0].point).length_squared();
            if best.as_ref().is_none_or(|(b, _)| off > *b) {
                best = Some((off, w));
            }
        }
        match best {
            Some((off, w)) if off.sqrt() > eps * axis.length_squared().sqrt() => pts.push(w),
            _ => return Err((R::ZERO, points(&pts))),
        }
    }
    if plane {
        let measure = area_measure::<R>(&pts);
        if measure <= thresholds::epa_tiny::<R>() {
            return Err((measure, points(&pts)));
        }
        return Ok(pts);
    }
    if pts.len() == 3 {
        let n = (pts[1].point - pts[0].point).cross(pts[2].point - pts[0].point);
        let up = cso.support(n);
        let down = cso.support(-n);
        let h_up = n.dot(up.point - pts[0].point).abs();
        let h_down = n.dot(down.point - pts[0].point).abs();
        let w = if h_up >= h_down { up } else { down };
        pts.push(w);
        let measure = volume_measure::<R>(&pts);
        if measure <= thresholds::epa_tiny::<R>() {
            return Err((measure, points(&pts)));
        }
    }
    Ok(pts)
}

fn points<R: Real>(pts: &[CsoPoint<R>]) -> Vec<R::V> {
    pts.iter().map(|p| p.point).collect()
}

/// The triangle's shape measure: 0 for three points on a line.
fn area_measure<R: Real>(p: &[CsoPoint<R>]) -> R {
    crate::simplex::voronoi::shape_measure::<R>(&[p[0].point, p[1].point, p[2].point])
}

/// `|det| / (|ab| |ac| |ad|)`: 0 for a flat tetrahedron.
fn volume_measure<R: Real>(p: &[CsoPoint<R>]) -> R {
    crate::simplex::voronoi::shape_measure::<R>(&[p[0].point, p[1].point, p[2].point, p[3].point])
}
