//! A shape made ready for queries, once.
//!
//! Most shapes need nothing: their support mapping is a formula. A large polytope's support is
//! fastest by walking its hull's edges (see [`crate::shape::hull`]), and that needs the hull graph,
//! which costs milliseconds to build. Preparing builds it, explicitly, when a shape is loaded
//! or edited; queries on the prepared shape at any number of poses then share it. A query is a
//! pure function of its prepared shapes, poses and configuration: the same input gives the same
//! trace whoever asks, and in whatever order.

use crate::real::Real;
use crate::shape::Shape;
use crate::shape::convex::{Convex, SupportMethod};
use crate::shape::hull::{CLIMB_MIN_VERTICES, HullGraph};
use std::any::{Any, TypeId};
use std::sync::{Arc, OnceLock};

impl Prepared {
    /// Its numbers in precision `R`.
    fn build<R: Real>(&self) -> Convex<R> {
        Convex::build(
            &self.shape,
            self.graph.as_ref(),
            self.centre,
            self.centred_radius,
        )
    }
}

/// A shape with what its queries need built once. Cloning shares it; [`PreparedShape::same`]
/// tells whether two handles are one preparation, so "has the shape changed?" has one answer.
#[derive(Debug, Clone)]
pub struct PreparedShape(Arc<Prepared>);

#[derive(Debug)]
struct Prepared {
    shape: Shape,
    /// [`Shape::bounding_radius`], once (a pass over a polytope's points).
    bounding_radius: f64,
    /// A large polytope's hull graph, when it has a certified one.
    graph: Option<Arc<HullGraph>>,
    /// A sphere's centre or a capsule's segment, and its radius (see [`PreparedShape::core`]).
    core: Option<(PreparedShape, f64)>,
    /// Where a polytope's points are centred (the middle of their bounding box; the origin for
    /// every other shape), and the radius of a ball about it that holds the shape.
    centre: glam::DVec3,
    centred_radius: f64,
    /// The shape's numbers in each precision, converted when first asked for.
    in_f64: OnceLock<Convex<f64>>,
    in_f32: OnceLock<Convex<f32>>,
}

impl PreparedShape {
    /// Prepares `shape`: a polytope of at least [`CLIMB_MIN_VERTICES`] points gets its hull
    /// graph (and walks), every other shape is ready as it is.
    pub fn new(shape: Shape) -> Self {
        let graph = match &shape {
            Shape::Polytope { vertices } if vertices.len() >= CLIMB_MIN_VERTICES => {
                HullGraph::build(vertices).map(Arc::new)
            }
            _ => None,
        };
        PreparedShape::with(shape, graph)
    }

    /// Prepares `shape` with every polytope scanned point by point (tests and benchmarks
    /// compare the two ways).
    pub fn scanning(shape: Shape) -> Self {
        PreparedShape::with(shape, None)
    }

    fn with(shape: Shape, graph: Option<Arc<HullGraph>>) -> Self {
        // A sphere's core is its centre (a sphere of radius 0), a capsule's its segment.
        let core = match &shape {
            Shape::Sphere { radius } if *radius > 0.0 => {
                Some((Shape::Sphere { radius: 0.0 }, *radius))
            }
            Shape::Capsule {
                half_height,
                radius,
            } if *radius > 0.0 => Some((
                Shape::Capsule {
                    half_height: *half_height,
                    radius: 0.0,
                },
                *radius,
            )),
            _ => None,
        }
        .map(|(core, radius)| (PreparedShape::with(core, None), radius));
        let (centre, centred_radius) = match &shape {
            Shape::Polytope { vertices } if !vertices.is_empty() => {
                let lo = vertices
                    .iter()
                    .fold(glam::DVec3::INFINITY, |m, v| m.min(*v));
                let hi = vertices
                    .iter()
                    .fold(glam::DVec3::NEG_INFINITY, |m, v| m.max(*v));
                let centre = lo * 0.5 + hi * 0.5;
                let radius = vertices
                    .iter()
                    .map(|v| (*v - centre).length_squared())
                    .fold(0.0, f64::max)
                    .sqrt();
                (centre, radius)
            }
            _ => (glam::DVec3::ZERO, shape.bounding_radius()),
        };
        PreparedShape(Arc::new(Prepared {
            bounding_radius: shape.bounding_radius(),
            shape,
            graph,
            core,
            centre,
            centred_radius,
            in_f64: OnceLock::new(),
            in_f32: OnceLock::new(),
        }))
    }

    /// The shape's numbers in precision `R`, converted on first use and shared by every query
    /// on this preparation.
    pub fn convex<R: Real>(&self) -> &Convex<R> {
        let cell: &dyn Any = if TypeId::of::<R>() == TypeId::of::<f64>() {
            self.0.in_f64.get_or_init(|| self.0.build())
        } else {
            self.0.in_f32.get_or_init(|| self.0.build())
        };
        match cell.downcast_ref::<Convex<R>>() {
            Some(convex) => convex,
            None => unreachable!("Real is f32 or f64, and each has its cell"),
        }
    }

    /// The shape as a core and a radius around it: a sphere is its centre grown by its radius,
    /// a capsule its segment grown by its radius. Every other shape is its own core, radius 0
    /// (a body's `margin` adds to the radius).
    pub fn core(&self) -> (&PreparedShape, f64) {
        match &self.0.core {
            Some((core, radius)) => (core, *radius),
            None => (self, 0.0),
        }
    }

    /// The shape it was prepared from.
    pub fn shape(&self) -> &Shape {
        &self.0.shape
    }

    /// The radius of a ball about the shape's origin that holds it.
    pub fn bounding_radius(&self) -> f64 {
        self.0.bounding_radius
    }

    /// Where the shape's support points are measured from in queries: a polytope's points
    /// relative to the middle of their box, so that a mesh written in world coordinates far
    /// from its origin (vertices at 9e4, as engines hand meshes over) is solved with small
    /// numbers, its offset carried in f64 by the body's placement (see [`crate::Body`]).
    pub fn centre(&self) -> glam::DVec3 {
        self.0.centre
    }

    /// The radius of a ball about [`Self::centre`] that holds the shape.
    pub fn centred_radius(&self) -> f64 {
        self.0.centred_radius
    }

    /// The hull graph a large polytope walks.
    pub fn graph(&self) -> Option<&Arc<HullGraph>> {
        self.0.graph.as_ref()
    }

    /// How queries on this shape find support points.
    pub fn support_method(&self) -> SupportMethod {
        match (&self.0.shape, &self.0.graph) {
            (_, Some(_)) => SupportMethod::Walk,
            (Shape::Polytope { .. }, None) => SupportMethod::Scan,
            _ => SupportMethod::Formula,
        }
    }

    /// Whether `self` and `other` are the same preparation (not merely equal shapes).
    pub fn same(&self, other: &PreparedShape) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}
