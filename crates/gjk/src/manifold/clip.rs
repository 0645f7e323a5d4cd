//! The geometric steps after the features are known: clip the incident feature to the
//! reference feature's side planes (Sutherland–Hodgman, Ericson §8.3.4), and find each point
//! left's partner on the reference feature straight across along the normal.
//!
//! ```text
//!            side plane │         │ side plane          a side plane holds one edge of the
//!        incident ──────┼────●────┼────── ✗ cut           reference face and the normal, so a
//!                       │    ↓    │                       point inside all of them lies straight
//!   reference face  ════╪═════════╪════                   above (or below) the face
//! ```

use crate::config::thresholds;
use glam::DVec3;

/// A plane that keeps the points with `normal · (x − through) ≤ 0`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SidePlane {
    /// A point of the plane (an end of the reference edge it stands on).
    pub through: DVec3,
    /// Its outward normal (unit).
    pub normal: DVec3,
}

impl SidePlane {
    /// How far outside the plane `p` lies (negative inside).
    pub fn outside(&self, p: DVec3) -> f64 {
        self.normal.dot(p - self.through)
    }
}

/// The side planes of a reference face (`points` counter-clockwise seen along `up`, its
/// outward side): through each edge, containing the direction `up`, facing out of the face.
pub fn face_planes(points: &[DVec3], up: DVec3) -> Vec<SidePlane> {
    (0..points.len())
        .filter_map(|i| {
            let (p, q) = (points[i], points[(i + 1) % points.len()]);
            let normal = (q - p).cross(up).try_normalize()?;
            Some(SidePlane { through: p, normal })
        })
        .collect()
}

/// The two planes at the ends of a reference edge `[p, q]`, perpendicular to it across the
/// direction `up` (so that they contain `up`), facing away from the edge.
pub fn edge_planes([p, q]: [DVec3; 2], up: DVec3) -> Vec<SidePlane> {
    let along = q - p;
    let Some(e) = (along - up * up.dot(along)).try_normalize() else {
        return Vec::new();
    };
    vec![
        SidePlane {
            through: p,
            normal: -e,
        },
        SidePlane {
            through: q,
            normal: e,
        },
    ]
}

/// One plane's cut: the points kept (in order, with the new crossings), the points cut away,
/// and the crossings added.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cut {
    /// The feature after the cut.
    pub after: Vec<DVec3>,
    /// Its points that lay outside.
    pub cut: Vec<DVec3>,
    /// Where its edges crossed the plane.
    pub added: Vec<DVec3>,
}

/// Sutherland–Hodgman: walk the feature's edges (a polygon's wrap round when `closed`; a
/// segment's do not), keep each point inside, and add the point where an edge crosses the
/// plane. A point within `rounding` outside counts as inside: a face exactly as wide as the
/// reference keeps its corners. The cut is written into `cut`, emptied first (its lists are
/// reused from plane to plane).
pub fn clip(points: &[DVec3], closed: bool, plane: SidePlane, rounding: f64, cut: &mut Cut) {
    cut.after.clear();
    cut.cut.clear();
    cut.added.clear();
    // Each point's height over the plane, worked out once.
    let outside = |p: DVec3| plane.outside(p);
    let Some(&last) = points.last() else {
        return;
    };
    let mut previous = (last, outside(last));
    for (i, &p) in points.iter().enumerate() {
        let here = (p, outside(p));
        // The edge into this point: from the one before, or for a polygon's first point from
        // its last (a segment's first point has none).
        let edge = i > 0 || closed && points.len() > 2;
        let ((q, dq), dp) = (previous, here.1);
        if edge && (dq <= rounding) != (dp <= rounding) {
            let x = q + (p - q) * (dq / (dq - dp));
            cut.after.push(x);
            cut.added.push(x);
        }
        if dp <= rounding {
            cut.after.push(p);
        } else {
            cut.cut.push(p);
        }
        previous = here;
    }
}

/// The point of the reference plane (unit `normal`, offset `offset`) straight across from `p`
/// along the unit direction `n`, or `None` where `n` runs along the plane.
pub fn across(p: DVec3, n: DVec3, normal: DVec3, offset: f64) -> Option<DVec3> {
    let along = normal.dot(n);
    (along.abs() > thresholds::along_plane()).then(|| p + n * ((offset - normal.dot(p)) / along))
}

/// The closest point of the segment `[p, q]` to `x`.
pub fn on_segment(x: DVec3, [p, q]: [DVec3; 2]) -> DVec3 {
    let e = q - p;
    let ee = e.length_squared();
    if ee <= 0.0 {
        return p;
    }
    p + e * ((x - p).dot(e) / ee).clamp(0.0, 1.0)
}

/// The point of the convex face `corners` (in order round it) nearest `x`, a point of its
/// plane: `x` itself when inside, else the nearest point of its outline.
///
/// The side planes decide what the clip keeps, but where two of them meet at a sharp corner
/// they are nearly parallel, and a point within rounding of both may lie far past the corner
/// (a triangle 5 wide and 45,505 long puts a crossing 1.7e-5 beyond its tip from rounding of
/// 2e-11). So the partner is placed by the face's regions, as Ericson's closest point on a
/// triangle places it (§5.1.5): first each corner's, told by dot products along the edges
/// into it, which stay well conditioned however sharp the corner; then each edge's.
///
/// ```text
///        x         past both edges' ends at v: the corner v
///         ·  v
///   ───────◣        (x − v)·(v − u) > 0 and (x − v)·(v − w) > 0
///   u      w
/// ```
pub fn onto_face(x: DVec3, corners: &[DVec3], normal: DVec3) -> DVec3 {
    let n = corners.len();
    // Each edge's height of `x` over it (`o · (x − p)`, `o = e × n` outward): inside every
    // edge by more than the test's own rounding, `x` is in the face whatever the corners'
    // angles, as most partners are. Else the edge it lies furthest outside of, by
    // `height / ‖o‖`, compared squared: no root for a point inside.
    let rounding =
        thresholds::enclosure_rounding(x.abs().max_element() + corners[0].abs().max_element());
    let mut inside = true;
    let mut furthest = (0.0, None);
    for i in 0..n {
        let (p, q) = (corners[i], corners[(i + 1) % n]);
        let out = (q - p).cross(normal);
        let height = out.dot(x - p);
        inside &= height < -rounding * (q - p).abs().max_element();
        let squared = out.length_squared();
        if height > 0.0 && squared > 0.0 && height * height / squared > furthest.0 {
            furthest = (height * height / squared, Some([p, q]));
        }
    }
    if inside {
        return x;
    }
    for i in 0..n {
        let (u, v, w) = (corners[(i + n - 1) % n], corners[i], corners[(i + 1) % n]);
        if (x - v).dot(v - u) > 0.0 && (x - v).dot(v - w) > 0.0 {
            return v;
        }
    }
    // Outside an edge: its nearest point (the outline of a convex face is nearest along the
    // edge that x lies furthest outside of).
    furthest.1.map_or(x, |edge| on_segment(x, edge))
}
