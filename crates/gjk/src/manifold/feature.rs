//! Each shape's supporting feature along a direction: the vertex, edge or face that reaches
//! furthest along it, as a list of points on the shape's surface and the normal of the plane
//! they lie in.
//!
//! A direction that is exactly a face's normal is rare in floating point: EPA's normal for a
//! box resting on a floor is a few rounding errors off straight down, and the exact support set
//! along it is one corner. So a feature is taken *within an angle*
//! ([`crate::config::thresholds::feature_angle`]): the face whose normal is that close to the
//! direction, else the edge, else the vertex (Ericson §5.2.8's "supporting feature"; Jolt and
//! Box2D do the same with their own angles). Every feature is checked to lie in a supporting
//! plane of its shape before it is used, so each of its points is on the surface.
//!
//! ```text
//!        d ↑                      vertex: one point, plane normal d
//!   ┌─────────┐  face: 4 corners  edge:   two points, plane normal ⟂ the edge, nearest d
//!   │         │  normal ≈ d       face:   a polygon, its own normal
//! ```
//!
//! A round shape's feature is its core's, pushed out by the radius along the feature's normal:
//! a capsule lying on its side gives its segment, a cylinder standing on a cap gives the cap
//! (as an inscribed octagon: its corners and the chords between them are on the cap).

use crate::config::thresholds;
use crate::shape::{Pose, Shape};
use glam::{DVec2, DVec3};
use serde::{Deserialize, Serialize};

/// What a supporting feature is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeatureShape {
    /// One point.
    Vertex,
    /// A segment.
    Edge,
    /// A flat polygon.
    Face,
}

impl FeatureShape {
    /// Its name in a sentence.
    pub fn name(self) -> &'static str {
        match self {
            FeatureShape::Vertex => "vertex",
            FeatureShape::Edge => "edge",
            FeatureShape::Face => "face",
        }
    }
}

/// A shape's supporting feature along a direction, in world coordinates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Supporting {
    /// Vertex, edge or face.
    pub shape: FeatureShape,
    /// Its points: one, two, or a face's corners counter-clockwise seen from outside.
    pub points: Vec<DVec3>,
    /// The outward normal of a supporting plane that holds every point.
    pub normal: DVec3,
    /// The angle between that normal and the direction asked, in radians.
    pub angle: f64,
    /// How far the points were pushed out from the core's feature along the normal: a round
    /// shape's radius plus its margin.
    pub rounded: f64,
    /// How far inside the true face the feature's outline may lie: a cap's inscribed octagon
    /// falls short of its disc by `r (1 − cos 22.5°)`; nothing for a polygon's own face.
    pub inscribed: f64,
}

impl Supporting {
    /// How much shallower than the shape's furthest point along the direction asked the
    /// feature may be: a round shape's feature is pushed out along its own normal, not the
    /// direction, and falls short by `rounded · (1 − cos angle)` (at most 0.06% of the radius
    /// within the feature angle). Nothing for a feature of a sharp shape.
    pub fn rounding_shortfall(&self) -> f64 {
        self.rounded * (1.0 - self.angle.cos())
    }
}

/// How much shallower than the depth the deepest contact built on the features `a` and `b` may
/// be: each round feature's [`Supporting::rounding_shortfall`]; and where a cap's octagon stands
/// in for its disc, the contacts over the sliver between them (up to `inscribed` wide) are
/// lost, and they may be deeper by that width times the tilt of either feature.
pub fn shortfall(a: &Supporting, b: &Supporting) -> f64 {
    let tilt = a.angle.tan() + b.angle.tan();
    a.rounding_shortfall() + b.rounding_shortfall() + (a.inscribed + b.inscribed) * tilt
}

impl Supporting {
    /// The feature's plane offset: `normal · p` for every point `p` of it.
    pub fn offset(&self) -> f64 {
        self.points.iter().map(|p| self.normal.dot(*p)).sum::<f64>() / self.points.len() as f64
    }
}

/// The supporting feature of `shape` at `pose`, rounded by `margin`, along the world direction
/// `d` (a unit vector).
pub fn supporting(shape: &Shape, pose: Pose, margin: f64, d: DVec3) -> Supporting {
    let local = pose.rotation.inverse() * d;
    let (kind, points, normal, radius) = local_feature(shape, local);
    let normal = (pose.rotation * normal).normalize_or(d);
    let rounded = radius + margin;
    let mut points: Vec<DVec3> = points
        .into_iter()
        .map(|p| pose.point(p) + normal * rounded)
        .collect();
    // A degenerate shape's feature is smaller than its kind says: a cylinder of radius 0 has a
    // point for a cap, one of height 0 a point for a side. So has a shape thinner than its
    // place in the world can tell apart: corners that differ by less than a rounding of
    // where they are (a box 1e-20 thin has a segment for a face, a cylinder of radius 1e-308 a
    // point for a cap) are one corner.
    let scale = points
        .iter()
        .map(|p| p.abs().max_element())
        .fold(0.0, f64::max);
    let apart = thresholds::arithmetic_rounding(f64::EPSILON, scale);
    let same = |p: &DVec3, q: &DVec3| (*p - *q).abs().max_element() <= apart;
    points.dedup_by(|p, q| same(p, q));
    if points.len() > 1 && same(&points[0], &points[points.len() - 1]) {
        points.pop();
    }
    let kind = match (kind, points.len()) {
        (_, 1) => FeatureShape::Vertex,
        (FeatureShape::Face, 2) => FeatureShape::Edge,
        (kind, _) => kind,
    };
    let inscribed = match (kind, shape) {
        (FeatureShape::Face, Shape::Cylinder { radius: r, .. } | Shape::Cone { radius: r, .. }) => {
            r * (1.0 - std::f64::consts::FRAC_PI_8.cos())
        }
        _ => 0.0,
    };
    Supporting {
        shape: kind,
        points,
        normal,
        angle: normal.dot(d).clamp(-1.0, 1.0).acos(),
        rounded,
        inscribed,
    }
}

/// A feature in the shape's frame: its kind, its core's points, its plane's normal and the
/// radius its core is rounded by.
type Local = (FeatureShape, Vec<DVec3>, DVec3, f64);

fn local_feature(shape: &Shape, d: DVec3) -> Local {
    let sin = thresholds::feature_angle().sin();
    let cos = thresholds::feature_angle().cos();
    let vertex = |p: DVec3, r: f64| (FeatureShape::Vertex, vec![p], d, r);
    match *shape {
        Shape::Sphere { radius } => vertex(DVec3::ZERO, radius),
        Shape::Capsule {
            half_height: h,
            radius,
        } => match lateral(d) {
            Some(u) if d.y.abs() <= sin => (
                FeatureShape::Edge,
                vec![DVec3::new(0.0, -h, 0.0), DVec3::new(0.0, h, 0.0)],
                u,
                radius,
            ),
            _ => vertex(DVec3::new(0.0, h.copysign(d.y), 0.0), radius),
        },
        Shape::Cylinder {
            half_height: h,
            radius: r,
        } => {
            let cap = |y: f64| {
                (
                    FeatureShape::Face,
                    rim(y, r, d),
                    DVec3::new(0.0, y.signum(), 0.0),
                    0.0,
                )
            };
            match lateral(d) {
                _ if d.y >= cos => cap(h),
                _ if d.y <= -cos => cap(-h),
                Some(u) if d.y.abs() <= sin => {
                    let side = [-h, h].map(|y| u * r + DVec3::new(0.0, y, 0.0));
                    (FeatureShape::Edge, side.to_vec(), u, 0.0)
                }
                Some(u) => vertex(u * r + DVec3::new(0.0, h.copysign(d.y), 0.0), 0.0),
                None => cap(h.copysign(d.y)),
            }
        }
        Shape::Cone {
            half_height: h,
            radius: r,
        } => cone(h, r, d, cos),
        Shape::Cuboid { half_extents: e } => {
            let corners: Vec<DVec3> = (0..8)
                .map(|i| {
                    let s = |bit: i32, x: f64| if i & bit == 0 { -x } else { x };
                    DVec3::new(s(1, e.x), s(2, e.y), s(4, e.z))
                })
                .collect();
            of_points(&corners, d, sin)
        }
        Shape::Polytope { ref vertices } => of_points(vertices, d, sin),
    }
}

/// `d` with its y part removed, as a unit vector, or `None` when `d` is along y.
fn lateral(d: DVec3) -> Option<DVec3> {
    DVec3::new(d.x, 0.0, d.z).try_normalize()
}

/// A cap's rim at height `y`, as the inscribed octagon, counter-clockwise seen from outside,
/// its first corner the rim's furthest point along `d` (so a tilted cap's deepest point is a
/// corner, not a point between two).
fn rim(y: f64, r: f64, d: DVec3) -> Vec<DVec3> {
    let start = d.x.atan2(d.z);
    let mut points: Vec<DVec3> = (0..8)
        .map(|k| {
            let a = start + k as f64 * std::f64::consts::FRAC_PI_4;
            DVec3::new(r * a.sin(), y, r * a.cos())
        })
        .collect();
    if y < 0.0 {
        points.reverse();
    }
    points
}

/// A cone's feature: its base, a line of its side (apex to rim), or a vertex.
fn cone(h: f64, r: f64, d: DVec3, cos: f64) -> Local {
    if d.y <= -cos {
        return (FeatureShape::Face, rim(-h, r, d), DVec3::NEG_Y, 0.0);
    }
    let apex = DVec3::new(0.0, h, 0.0);
    let Some(u) = lateral(d) else {
        return (FeatureShape::Vertex, vec![apex], d, 0.0);
    };
    let foot = u * r - DVec3::new(0.0, h, 0.0);
    // The side's outward normal above u: perpendicular to the slant (r, −2h) in the (u, y) plane.
    let side = (u * (2.0 * h) + DVec3::Y * r).normalize_or(d);
    if side.dot(d) >= cos && r > 0.0 {
        return (FeatureShape::Edge, vec![foot, apex], side, 0.0);
    }
    let top = if apex.dot(d) >= foot.dot(d) {
        apex
    } else {
        foot
    };
    (FeatureShape::Vertex, vec![top], d, 0.0)
}

/// The feature of the convex hull of `points` along `d`: the points within the feature angle's
/// slab below the support plane, as a face if they lie in one supporting plane whose normal is
/// within the angle of `d`, else the slab's longest edge if it is one, else the furthest
/// vertex. A slab that holds parts of
/// several faces (a hull of many points round a ball) is tried again with only rounding's
/// width, which leaves the exact support set.
fn of_points(points: &[DVec3], d: DVec3, sin: f64) -> Local {
    // A flat cloud's plane supports it from both sides at any angle: the face (or edge) must
    // also face within the angle.
    let cos = (1.0 - sin * sin).sqrt();
    let (top, height) =
        points
            .iter()
            .map(|p| (*p, p.dot(d)))
            .fold((DVec3::ZERO, f64::NEG_INFINITY), |best, x| {
                if x.1 > best.1 { x } else { best }
            });
    let size = points
        .iter()
        .map(|p| p.distance_squared(top))
        .fold(0.0, f64::max)
        .sqrt();
    let rounding = thresholds::feature_rounding(size + top.length());
    for width in [sin * size, rounding] {
        let slab: Vec<DVec3> = points
            .iter()
            .filter(|p| p.dot(d) >= height - width)
            .copied()
            .collect();
        let outline = outline(&slab, d);
        if outline.len() >= 3
            && let Some(normal) = plane_normal(&outline, d)
            && normal.dot(d) >= cos
            && supports(points, &outline, normal, rounding)
        {
            return (FeatureShape::Face, outline, normal, 0.0);
        }
        if let Some([p, q]) = longest(&outline)
            && let Some(along) = (q - p).try_normalize()
            && let Some(normal) = (d - along * d.dot(along)).try_normalize()
            && normal.dot(d) >= cos
            && supports(points, &[p, q], normal, rounding)
        {
            return (FeatureShape::Edge, vec![p, q], normal, 0.0);
        }
    }
    (FeatureShape::Vertex, vec![top], d, 0.0)
}

/// The convex outline of `points` seen along `d`, counter-clockwise seen from `d`'s side
/// (Andrew's monotone chain on the points projected to the plane ⟂ `d`).
fn outline(points: &[DVec3], d: DVec3) -> Vec<DVec3> {
    let (s, t) = d.any_orthonormal_pair();
    let mut flat: Vec<(DVec2, DVec3)> = points
        .iter()
        .map(|p| (DVec2::new(p.dot(s), p.dot(t)), *p))
        .collect();
    flat.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    flat.dedup_by(|a, b| a.0 == b.0);
    if flat.len() < 3 {
        return flat.into_iter().map(|(_, p)| p).collect();
    }
    let turn = |o: DVec2, a: DVec2, b: DVec2| (a - o).perp_dot(b - o);
    let mut hull: Vec<(DVec2, DVec3)> = Vec::with_capacity(flat.len() * 2);
    let n = flat.len();
    // The lower chain left to right, then the upper right to left.
    for backwards in [false, true] {
        let start = hull.len();
        for i in 0..n {
            let p = flat[if backwards { n - 1 - i } else { i }];
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2].0, hull[hull.len() - 1].0, p.0) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    // (s, t, d) is right-handed, so counter-clockwise in (s, t) is counter-clockwise seen
    // from the tip of d.
    hull.into_iter().map(|(_, p)| p).collect()
}

/// The unit normal of a polygon (Newell's method, Ericson §12.4), turned towards `d`.
fn plane_normal(polygon: &[DVec3], d: DVec3) -> Option<DVec3> {
    let mut n = DVec3::ZERO;
    for (i, p) in polygon.iter().enumerate() {
        let q = polygon[(i + 1) % polygon.len()];
        n += (*p - q).cross(*p + q) * 0.5;
    }
    let n = n.try_normalize()?;
    Some(if n.dot(d) < 0.0 { -n } else { n })
}

/// Whether the plane through `feature` with unit normal `normal` supports the hull of `points`:
/// every feature point on it and every point on or below it, within `rounding`.
fn supports(points: &[DVec3], feature: &[DVec3], normal: DVec3, rounding: f64) -> bool {
    let offset = normal.dot(feature[0]);
    feature
        .iter()
        .all(|p| (normal.dot(*p) - offset).abs() <= rounding)
        && points.iter().all(|p| normal.dot(*p) <= offset + rounding)
}

/// The two points of `points` furthest apart, when two are apart at all.
fn longest(points: &[DVec3]) -> Option<[DVec3; 2]> {
    let mut best = [DVec3::ZERO; 2];
    let mut far = -1.0;
    for (i, p) in points.iter().enumerate() {
        for q in &points[i + 1..] {
            let l = p.distance_squared(*q);
            if l > far {
                (far, best) = (l, [*p, *q]);
            }
        }
    }
    (far > 0.0).then_some(best)
}
