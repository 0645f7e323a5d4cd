//! The direction-based intersection test of the tutorials (Code Cave's "3D Convex Collision Detection, Part One: GJK", the
//! Headbutt library's "Building a Collision Engine Part 3: 3D GJK", Suominen's "Implementing the
//! GJK Distance Algorithm with EPA in 3D").
//!
//! It never computes a closest point. Each iteration asks for the support point `w` along the
//! current direction `d`; if `w` does not get past the origin (`w·d < 0`) the plane through `w`
//! normal to `d` separates the shapes. Otherwise `w` (called **A**, the newest point) joins the
//! simplex and a case analysis of the regions next to A picks the feature to keep and the next
//! direction, using triple products such as `(AB × AO) × AB` — the component of `AO` (A to the
//! origin) perpendicular to `AB`.
//!
//! Its known weaknesses are kept visible, not patched: when the origin lies exactly on the
//! simplex the triple product is zero ([`GjkStop::ZeroDirection`]), and when `A ⊖ B` is flat
//! no tetrahedron can ever enclose the origin ([`GjkStop::DegenerateSimplex`]).

use crate::config::{SolverConfig, thresholds};
use crate::gjk::stepper::{Asked, Found, Steppable, first, slots};
use crate::proof::bounds::Tracker;
use crate::real::{Real, Vector};
use crate::shape::convex::Convex;
use crate::shape::cso::MinkowskiDifference;
use crate::shape::support::SupportMap;
use crate::simplex::voronoi::shape_measure;
use crate::simplex::{Recorded, Simplex};
use crate::trace::{
    Feature, FeatureKind, Few, Finish, GjkStop, Observer, Outcome, Phase, Quantities, Step,
};

/// What a case of the analysis decided.
#[derive(Debug, Clone)]
struct Case<R: Real> {
    /// Candidate indices kept, in the order the next iteration sees them (newest last).
    keep: Few<usize>,
    direction: R::V,
    /// Size of the quantities the direction was built from: a direction this much smaller
    /// (relative to machine precision) is zero.
    scale: R,
    enclosed: bool,
    /// A simplex that collapsed, with its shape measure.
    flat: Option<(usize, R)>,
}

/// The boolean GJK, one iteration per [`BooleanGjk::step`].
#[derive(Debug, Clone)]
pub struct BooleanGjk<'s, R: Real, A = Convex<R>, B = Convex<R>> {
    cso: MinkowskiDifference<'s, R, A, B>,
    max_iterations: u32,
    abs_tolerance: f64,
    /// In the plane a triangle around the origin encloses it (see
    /// [`crate::config::Dimension`]).
    plane: bool,
    /// The best lower and upper bounds on the distance seen so far (see [`crate::proof::bounds`]).
    bounds: Tracker,
    simplex: Simplex<R>,
    direction: R::V,
    iteration: u32,
    finish: Option<Finish>,
}

impl<'s, R: Real, A: SupportMap<R>, B: SupportMap<R>> BooleanGjk<'s, R, A, B> {
    /// A run on `A ⊖ B`, not yet started.
    pub fn new(cso: MinkowskiDifference<'s, R, A, B>, config: &SolverConfig) -> Self {
        Self {
            cso,
            max_iterations: config.max_iterations.max(1),
            abs_tolerance: config.abs_tolerance,
            plane: config.dimension.is_plane(),
            bounds: Tracker::new(&cso),
            simplex: Simplex::default(),
            direction: cso.first_direction(config),
            iteration: 0,
            finish: None,
        }
    }

    /// The current simplex (after the run: the one that decided it).
    pub fn simplex(&self) -> &Simplex<R> {
        &self.simplex
    }

    fn end(&mut self, outcome: Outcome, termination: GjkStop) {
        // Boolean GJK measures no distance: only its own plane test certifies one.
        let certificate = self.bounds.certify(
            &outcome,
            termination,
            self.simplex.vertices(),
            &[],
            [self.abs_tolerance, 0.0],
        );
        self.finish = Some(Finish::gjk(
            outcome,
            termination,
            certificate,
            self.iteration,
        ));
    }

    /// Builds the record of the iteration that just ran: `before` points in the simplex when
    /// it started, and the candidate (recorded before the case analysis reduced it) with the
    /// case it went to, unless the step stopped first.
    fn record(
        &self,
        asked: &Asked<R>,
        candidate: &mut Recorded,
        evolved: Option<&Case<R>>,
        quantities: Quantities,
        termination: Option<GjkStop>,
    ) -> Step {
        let feature = evolved.map(|case| {
            let mut vertices: Few<usize> = case.keep.iter().copied().collect();
            vertices.sort_unstable();
            Feature {
                kind: if case.enclosed {
                    FeatureKind::Interior
                } else {
                    FeatureKind::from_vertex_count(vertices.len().min(3))
                },
                vertices,
                by_fallback: false,
            }
        });
        // The simplex kept: the case's points, in the order the next iteration sees them, or the
        // whole candidate where the step stopped before `w` joined.
        let kept = match evolved {
            Some(case) => case.keep.iter().map(|&i| i as u8).collect(),
            None => slots(first(candidate.points.len())),
        };
        let found = Found {
            kept,
            feature,
            closest: None,
            weights: &[],
            next_direction: self.finish.is_none().then(|| self.direction.to_f64()),
            quantities,
            termination: termination.map(Into::into),
            certificate: self.finish.map(|f| f.certificate),
            momentum: None,
        };
        asked.step(self.iteration, Phase::Boolean, candidate, found)
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Steppable for BooleanGjk<'_, R, A, B> {
    type Finish = Finish;

    fn ended(&self) -> Option<&Finish> {
        self.finish.as_ref()
    }

    fn advance<O: Observer>(&mut self, observer: &mut O) -> bool {
        if self.finish.is_some() {
            return true;
        }
        self.iteration += 1;
        let d = self.direction;
        let w = self.cso.support(d);
        self.bounds.see(d, &w);
        let dot = w.point.dot(d);
        let q = Quantities {
            support_dot_direction: Some(dot.to_f64()),
            ..Quantities::default()
        };

        // The early out: the supporting plane at w, normal to d, has the origin strictly beyond it.
        if !self.simplex.is_empty() && dot < R::ZERO {
            let t = GjkStop::NotPastOrigin { dot: dot.to_f64() };
            self.end(Outcome::Disjoint, t);
            if O::ENABLED {
                // A step that stopped before `w` joined kept its simplex as it was.
                let mut candidate = Recorded::default();
                self.simplex.record_into(&mut candidate);
                let asked = Asked {
                    d,
                    w,
                    before: self.simplex.len(),
                };
                let step = self.record(&asked, &mut candidate, None, q, Some(t));
                observer.on_step(step);
            }
            return true;
        }

        // The candidate is built in the simplex itself, and recorded only when someone is
        // watching.
        let before = self.simplex.len();
        let mut candidate = Recorded::default();
        if O::ENABLED {
            self.simplex.record_with(&w, &mut candidate);
        }
        self.simplex.push(w);
        let case = evolve::<R>(self.simplex.points(), self.plane);
        self.simplex.select(&case.keep);
        self.direction = case.direction;

        let termination = if case.enclosed {
            Some(GjkStop::IntersectionFound {
                iteration: self.iteration,
            })
        } else if let Some((size, measure)) = case.flat {
            Some(GjkStop::DegenerateSimplex {
                size,
                measure: measure.to_f64(),
            })
        } else if case.direction.max_abs() <= thresholds::collapsed::<R>() * case.scale {
            // The largest component, not the length: a triple product is the cube of a length,
            // its squared length would overflow long before it does (within √3 of the length,
            // well inside the 64ε tolerance's margin).
            Some(GjkStop::ZeroDirection {
                iteration: self.iteration,
            })
        } else if self.iteration >= self.max_iterations {
            Some(GjkStop::MaxIterations {
                iterations: self.iteration,
                v_norm: None,
            })
        } else {
            None
        };
        if let Some(t) = termination {
            let outcome = match t {
                // A zero direction means the origin lies on the kept feature, hence in A ⊖ B.
                GjkStop::IntersectionFound { .. } | GjkStop::ZeroDirection { .. } => {
                    Outcome::Intersecting
                }
                _ => Outcome::Undecided,
            };
            self.end(outcome, t);
        }
        if O::ENABLED {
            let asked = Asked { d, w, before };
            let step = self.record(&asked, &mut candidate, Some(&case), q, termination);
            observer.on_step(step);
        }
        self.finish.is_some()
    }
}

/// `(a × b) × a`: the part of `b` perpendicular to `a`, scaled by `‖a‖²`.
fn triple<R: Real>(a: R::V, b: R::V) -> R::V {
    a.cross(b).cross(a)
}

/// The case analysis on the candidate simplex `y` (newest point last), in the plane when
/// `plane`.
fn evolve<R: Real>(y: &[R::V], plane: bool) -> Case<R> {
    let n = y.len();
    let a = y[n - 1];
    let ao = -a;
    match n {
        1 => Case {
            keep: Few::from_iter([0]),
            direction: ao,
            scale: a
                .length_squared()
                .sqrt()
                .max_with(thresholds::scale_floor()),
            enclosed: false,
            flat: None,
        },
        2 => line::<R>(y, 0, 1),
        3 => triangle::<R>(y, [0, 1, 2], plane),
        _ => tetrahedron::<R>(y),
    }
}

/// Segment case: A = `y[ia]` (newest), B = `y[ib]`.
fn line<R: Real>(y: &[R::V], ib: usize, ia: usize) -> Case<R> {
    let (a, b) = (y[ia], y[ib]);
    let (ab, ao) = (b - a, -a);
    let scale = ab.length_squared() * ao.length_squared().sqrt();
    if ab.dot(ao) > R::ZERO {
        // The origin is beside the segment: search perpendicular to AB, towards O.
        Case {
            keep: Few::from_iter([ib, ia]),
            direction: triple::<R>(ab, ao),
            scale,
            enclosed: false,
            flat: None,
        }
    } else {
        Case {
            keep: Few::from_iter([ia]),
            direction: ao,
            scale: ao
                .length_squared()
                .sqrt()
                .max_with(thresholds::scale_floor()),
            enclosed: false,
            flat: None,
        }
    }
}

/// Triangle case: `idx = [C, B, A]` with A the newest point. In the plane (`plane`), the
/// triangle is the largest simplex: the origin beyond neither edge through A is inside it.
fn triangle<R: Real>(y: &[R::V], idx: [usize; 3], plane: bool) -> Case<R> {
    let [ic, ib, ia] = idx;
    let (a, b, c) = (y[ia], y[ib], y[ic]);
    let measure = shape_measure::<R>(&[a, b, c]);
    if measure <= thresholds::collapsed::<R>() {
        return Case {
            keep: Few::from_iter([ic, ib, ia]),
            direction: R::V::ZERO,
            scale: R::ONE,
            enclosed: false,
            flat: Some((3, measure)),
        };
    }
    let (ab, ac, ao) = (b - a, c - a, -a);
    let abc = ab.cross(ac);
    if abc.cross(ac).dot(ao) > R::ZERO {
        // Beyond edge AC.
        if ac.dot(ao) > R::ZERO {
            return Case {
                keep: Few::from_iter([ic, ia]),
                direction: triple::<R>(ac, ao),
                scale: ac.length_squared() * ao.length_squared().sqrt(),
                enclosed: false,
                flat: None,
            };
        }
        return line::<R>(y, ib, ia);
    }
    if ab.cross(abc).dot(ao) > R::ZERO {
        // Beyond edge AB.
        return line::<R>(y, ib, ia);
    }
    if plane {
        // Within both edges through A, and on the inner side of BC (A was found beyond it, in
        // the direction of the origin): the triangle encloses the origin.
        return Case {
            keep: Few::from_iter([ic, ib, ia]),
            direction: R::V::ZERO,
            scale: R::ONE,
            enclosed: true,
            flat: None,
        };
    }
    // Above or below the triangle: keep it, wound so that the next point lies in front of it.
    let scale = abc.length_squared().sqrt();
    if abc.dot(ao) > R::ZERO {
        Case {
            keep: Few::from_iter([ic, ib, ia]),
            direction: abc,
            scale,
            enclosed: false,
            flat: None,
        }
    } else {
        Case {
            keep: Few::from_iter([ib, ic, ia]),
            direction: -abc,
            scale,
            enclosed: false,
            flat: None,
        }
    }
}

/// Tetrahedron case: A = `y[3]` (newest). Only the three faces through A can have the origin in
/// front of them (the old face BCD was faced towards the origin when A was found).
fn tetrahedron<R: Real>(y: &[R::V]) -> Case<R> {
    let measure = shape_measure::<R>(y);
    if measure <= thresholds::collapsed::<R>() {
        return Case {
            keep: Few::from_iter([0, 1, 2, 3]),
            direction: R::V::ZERO,
            scale: R::ONE,
            enclosed: false,
            flat: Some((4, measure)),
        };
    }
    let a = y[3];
    // Faces through A, each with the vertex opposite it.
    for (face, opposite) in [([2, 1], 0), ([1, 0], 2), ([0, 2], 1)] {
        let (p, r) = (y[face[0]], y[face[1]]);
        let mut n = (p - a).cross(r - a);
        if n.dot(y[opposite] - a) > R::ZERO {
            n = -n;
        }
        if n.dot(-a) > R::ZERO {
            return triangle::<R>(y, [face[1], face[0], 3], false);
        }
    }
    Case {
        keep: Few::from_iter([0, 1, 2, 3]),
        direction: R::V::ZERO,
        scale: R::ONE,
        enclosed: true,
        flat: None,
    }
}
