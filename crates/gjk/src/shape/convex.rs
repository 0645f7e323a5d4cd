//! The built-in shapes' support mappings, in the working precision.
//!
//! Each formula answers "which point of the shape reaches furthest along `d`?" in the shape's
//! own frame (Ericson §2.3; Code Cave's "3D Convex Collision Detection, Part One: GJK" derives
//! the capsule, cylinder and cone ones).

use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::Shape;
use crate::shape::hull::HullGraph;
use crate::shape::support::SupportMap;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How a body finds its support points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupportMethod {
    /// A closed form (sphere, box, capsule, cylinder, cone).
    Formula,
    /// Every point of a polytope's cloud is tried.
    Scan,
    /// Hill climbing over the hull's edges, for polytopes of at least
    /// [`CLIMB_MIN_VERTICES`](crate::shape::hull::CLIMB_MIN_VERTICES) points with a certified
    /// hull (see [`crate::shape::hull`]).
    Walk,
}

/// A built-in shape's parameters converted once to the working precision, so an f32 run
/// never touches f64 numbers inside the loop.
#[derive(Debug, Clone)]
pub struct Convex<R: Real> {
    kind: Kind<R>,
    /// About `origin`.
    bounding_radius: f64,
    /// A polytope's points are kept relative to this point of its frame (see
    /// [`PreparedShape::centre`]).
    origin: glam::DVec3,
}

#[derive(Debug, Clone)]
enum Kind<R: Real> {
    Sphere {
        radius: R,
    },
    Cuboid {
        half_extents: R::V,
    },
    Capsule {
        half_height: R,
        radius: R,
    },
    Cylinder {
        half_height: R,
        radius: R,
    },
    Cone {
        half_height: R,
        radius: R,
    },
    /// A point cloud whose supports are found by trying every point.
    Scan {
        vertices: Arc<[R::V]>,
    },
    /// A polytope whose supports walk its hull's edges.
    Walk(Climb<R>),
}

/// A large polytope's hull graph with its vertices in the working precision.
#[derive(Debug, Clone)]
struct Climb<R: Real> {
    graph: Arc<HullGraph>,
    /// Each vertex minus the hull's centre (the shape's [`PreparedShape::centre`]). For a hull
    /// far from its frame's origin (a mesh in world coordinates) `d · v` is a large number
    /// whose rounding, in f32, hides the small rises the walk follows; and the point it
    /// returns is a small number too.
    centred: Arc<[R::V]>,
}

impl<R: Real> Climb<R> {
    fn new(graph: Arc<HullGraph>, centre: glam::DVec3) -> Self {
        Climb {
            centred: graph.vertices.iter().map(|&v| R::vec(v - centre)).collect(),
            graph,
        }
    }

    /// Walk to a neighbour that reaches further along `d` until none does (see [`crate::shape::hull`]).
    #[inline(always)]
    fn support(&self, d: R::V) -> R::V {
        let (x, y, z) = (d.x().abs(), d.y().abs(), d.z().abs());
        let axis = if x >= y && x >= z {
            0
        } else if y >= z {
            1
        } else {
            2
        };
        let side = usize::from(d.get(axis) < R::ZERO);
        let mut at = self.graph.starts[2 * axis + side] as usize;
        let mut best = self.centred[at].dot(d);
        let mut moved = true;
        while moved {
            moved = false;
            for &n in self.graph.neighbours(at) {
                let dot = self.centred[n as usize].dot(d);
                if dot > best {
                    (at, best, moved) = (n as usize, dot, true);
                }
            }
        }
        self.centred[at]
    }
}

impl<R: Real> Convex<R> {
    /// Whether every support point is one of the shape's stored points, unchanged: nothing is
    /// computed from it but the choice, which lets an unturned body give up less for rounding
    /// (see [`crate::config::thresholds::stored_point_rounding`]). A box's corner is its half
    /// extents with signs; a cloud's scan returns one of its points, the best of its computed
    /// dot products. The hull walk is left out: it stops where no neighbour looks further, and
    /// rounding may stop it short by more than one comparison's error.
    pub(crate) fn supports_stored_points(&self) -> bool {
        matches!(self.kind, Kind::Cuboid { .. } | Kind::Scan { .. })
    }

    /// A shape's numbers in precision `R`: a polytope walks its hull `graph` where it has one
    /// and scans its points otherwise, both kept about `centre`; `centred_radius` is its
    /// bounding radius about that point. Built once per shape and precision by its preparation
    /// ([`crate::shape::prepared::PreparedShape::convex`]), which shares it: a query on a
    /// 1,000-point hull copies no points.
    pub(crate) fn build(
        shape: &Shape,
        graph: Option<&Arc<HullGraph>>,
        centre: glam::DVec3,
        centred_radius: f64,
    ) -> Self {
        let f = R::from_f64;
        let kind = match shape {
            Shape::Sphere { radius } => Kind::Sphere { radius: f(*radius) },
            Shape::Cuboid { half_extents } => Kind::Cuboid {
                half_extents: R::vec(*half_extents),
            },
            Shape::Capsule {
                half_height,
                radius,
            } => Kind::Capsule {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Shape::Cylinder {
                half_height,
                radius,
            } => Kind::Cylinder {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Shape::Cone {
                half_height,
                radius,
            } => Kind::Cone {
                half_height: f(*half_height),
                radius: f(*radius),
            },
            Shape::Polytope { vertices } => match graph {
                Some(graph) => Kind::Walk(Climb::new(graph.clone(), centre)),
                None => Kind::Scan {
                    vertices: vertices.iter().map(|v| R::vec(*v - centre)).collect(),
                },
            },
        };
        Convex {
            kind,
            bounding_radius: centred_radius,
            origin: centre,
        }
    }

    /// How this shape finds its support points.
    pub fn support_method(&self) -> SupportMethod {
        match &self.kind {
            Kind::Walk(_) => SupportMethod::Walk,
            Kind::Scan { .. } => SupportMethod::Scan,
            _ => SupportMethod::Formula,
        }
    }
}

impl<R: Real> SupportMap<R> for Convex<R> {
    #[inline(always)]
    fn local_support(&self, d: R::V) -> R::V {
        self.kind.support(d)
    }

    fn bounding_radius(&self) -> f64 {
        self.bounding_radius
    }

    fn origin(&self) -> glam::DVec3 {
        self.origin
    }
}

/// `±h` by the sign of `s`, with `+h` for zero (any choice is a valid support there).
#[inline]
fn signed<R: Real>(s: R, h: R) -> R {
    if s < R::ZERO { -h } else { h }
}

impl<R: Real> Kind<R> {
    #[inline(always)]
    fn support(&self, d: R::V) -> R::V {
        match self {
            Kind::Sphere { radius } => unit_or_zero::<R>(d) * *radius,
            // Each axis independently picks the face that looks along d.
            Kind::Cuboid { half_extents } => R::V::new(
                signed(d.x(), half_extents.x()),
                signed(d.y(), half_extents.y()),
                signed(d.z(), half_extents.z()),
            ),
            // A segment on Y swept by a sphere: support(segment) + r·d̂.
            Kind::Capsule {
                half_height,
                radius,
            } => {
                R::V::new(R::ZERO, signed(d.y(), *half_height), R::ZERO)
                    + unit_or_zero::<R>(d) * *radius
            }
            // The rim point whose radial direction matches d's projection on the XZ plane.
            Kind::Cylinder {
                half_height,
                radius,
            } => radial::<R>(d, *radius) + R::V::new(R::ZERO, signed(d.y(), *half_height), R::ZERO),
            // Either the apex or a point on the base rim, whichever reaches further along d.
            Kind::Cone {
                half_height,
                radius,
            } => {
                let apex = R::V::new(R::ZERO, *half_height, R::ZERO);
                let rim = radial::<R>(d, *radius) + R::V::new(R::ZERO, -*half_height, R::ZERO);
                if apex.dot(d) >= rim.dot(d) { apex } else { rim }
            }
            Kind::Walk(climb) => climb.support(d),
            // Brute force over the cloud: the hull's support is one of its points.
            Kind::Scan { vertices } => furthest::<R>(vertices, d),
        }
    }
}

/// The point of a cloud that reaches furthest along `d`, the first of equals (what one pass
/// keeping the best so far finds). Four passes run side by side, each over every fourth
/// point, and their winners are compared at the end: four independent chains of comparisons
/// keep the processor busy where one would wait on each comparison in turn.
#[inline]
fn furthest<R: Real>(vertices: &[R::V], d: R::V) -> R::V {
    let mut dots = [R::from_f64(f64::NEG_INFINITY); 4];
    let mut index = [0usize; 4];
    let (chunks, rest) = vertices.as_chunks::<4>();
    for (c, chunk) in chunks.iter().enumerate() {
        for (k, p) in chunk.iter().enumerate() {
            let dot = p.dot(d);
            if dot > dots[k] {
                (dots[k], index[k]) = (dot, 4 * c + k);
            }
        }
    }
    let start = vertices.len() - rest.len();
    for (k, p) in rest.iter().enumerate() {
        let dot = p.dot(d);
        if dot > dots[k] {
            (dots[k], index[k]) = (dot, start + k);
        }
    }
    let mut best = 0;
    for k in 1..4 {
        if dots[k] > dots[best] || (dots[k] == dots[best] && index[k] < index[best]) {
            best = k;
        }
    }
    vertices[index[best]]
}

/// `r · (dx, 0, dz) / ‖(dx, dz)‖`, or the axis point when d is parallel to Y.
///
/// [`unit_or_zero`] of `(dx, 0, dz)` worked on its two non-zero components: the same
/// operations in the same order, so the same numbers, without dividing the zero twice (four
/// divisions instead of six in every cylinder's and cone's support point). Only a NaN
/// direction differs, in a component its NaNs reach anyway once the point is turned.
#[inline]
fn radial<R: Real>(d: R::V, radius: R) -> R::V {
    let (x, z) = (d.x(), d.z());
    let largest = R::V::new(x, R::ZERO, z).max_abs();
    if largest > R::ZERO {
        let (sx, sz) = (x / largest, z / largest);
        let length = (sx * sx + sz * sz).sqrt();
        R::V::new(sx / length * radius, R::ZERO, sz / length * radius)
    } else {
        R::V::ZERO
    }
}
