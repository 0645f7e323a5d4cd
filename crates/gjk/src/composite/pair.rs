//! A convex body against a composite one: which pieces are queried, each piece's run and
//! contacts, and what the pair's answer proves.
//!
//! The search is a proof. Each piece has a lower bound on its distance from the body: its
//! box's gap from the body's box, since a box gap never exceeds the distance of what the boxes
//! hold, and for a triangle its plane's, where the body lies wholly on one side of it. The
//! tree hands the pieces over in increasing order of that bound (a best-first search, which
//! opens a node only when nothing queued is nearer), and each piece queried gives a distance,
//! an upper bound of the pair's: the least so far `U`. The search ends when the least bound
//! left passes `U` (and the caller's `prediction`): no piece left unqueried could be nearer,
//! and each is further than the radius searched.

use super::chain::{self, ChainSeam};
use super::seam::{self, Seam};
use super::tree::Bounds;
use super::{Composite, Pieces, TriMesh};
use crate::config::{Dimension, SolverConfig, thresholds};
use crate::manifold::{ContactPoint, manifold};
use crate::query::{Placed, proven_outside, query};
use crate::shape::BodySpec;
use crate::trace::{Finish, NoTrace, Outcome, Step, Trace};
use glam::DVec3;

/// What the seam test says of one contact.
#[derive(Debug, Clone, PartialEq)]
pub enum Judged {
    /// On a mesh: its feature, normal cone and verdict.
    Mesh(Seam),
    /// On a compound's piece: the other piece the normal points into, if any (then it is a
    /// ghost: the face it pushes out of is inside the body).
    Compound {
        /// The piece just past the contact along its normal.
        covered_by: Option<u32>,
    },
    /// On a chain's segment: its vertex or inside, normal cone, verdict and Box2D's fix.
    Chain(ChainSeam),
}

impl Judged {
    /// Whether the contact's normal is a ghost.
    pub fn is_ghost(&self) -> bool {
        match self {
            Judged::Mesh(seam) => seam.verdict == seam::Verdict::Ghost,
            Judged::Compound { covered_by } => covered_by.is_some(),
            Judged::Chain(seam) => seam.verdict == seam::Verdict::Ghost,
        }
    }
}

/// A contact between the body and one piece, judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Contact {
    /// The pair of points (`point_a` on the convex body, `point_b` on the piece) and the depth
    /// (negative: a gap, for a contact within the prediction distance).
    pub point: ContactPoint,
    /// The normal out of the piece, towards the convex body.
    pub normal: DVec3,
    /// Real or ghost.
    pub judged: Judged,
}

/// One piece's query: its answer, its steps (empty unless traced) and its contacts.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceRun {
    /// The piece (a triangle's index, a compound's piece).
    pub piece: u32,
    /// The query's answer on the body and this piece alone.
    pub finish: Finish,
    /// Its steps, when traced.
    pub steps: Vec<Step>,
    /// The manifold's contacts where the piece overlaps the body, the nearest pair where it is
    /// proven apart by no more than the prediction distance; none further, and none where the
    /// piece's run proved neither.
    pub contacts: Vec<Contact>,
}

impl PieceRun {
    /// The piece's run as a trace, to step.
    pub fn trace(&self) -> Trace {
        Trace {
            steps: self.steps.clone(),
            finish: self.finish,
            cache: None,
        }
    }
}

/// The pair's answer, gathered from its pieces'.
#[derive(Debug, Clone, PartialEq)]
pub struct CompositeAnswer {
    /// Every piece queried, in increasing order.
    pub runs: Vec<PieceRun>,
    /// Proven overlap (some piece is proven to overlap), proven apart (every piece queried is,
    /// and the rest lie beyond the radius searched), or neither.
    pub intersecting: Option<bool>,
    /// The pair's distance lies within these: the least of the pieces' lower bounds and the
    /// least of their upper bounds (0 for an overlap proven by enclosure).
    pub distance_bounds: [f64; 2],
    /// Every piece that could lie within this of the body was queried: each piece left out is
    /// proven further (by its box, or a triangle's plane).
    pub searched: f64,
}

impl CompositeAnswer {
    /// The contacts whose normals are ghosts, with their pieces.
    pub fn ghosts(&self) -> impl Iterator<Item = (u32, &Contact)> {
        self.runs.iter().flat_map(|run| {
            run.contacts
                .iter()
                .filter(|c| c.judged.is_ghost())
                .map(move |c| (run.piece, c))
        })
    }

    /// The run whose piece answers the pair: the deepest overlap, else the nearest.
    pub fn answering(&self) -> Option<&PieceRun> {
        let depth = |r: &&PieceRun| match r.finish.penetration {
            Some(p) if r.finish.intersecting() == Some(true) => p.depth,
            _ => -r.finish.certificate.distance_bounds[1],
        };
        self.runs
            .iter()
            .max_by(|x, y| depth(x).total_cmp(&depth(y)))
    }
}

/// The pair's answer, each piece queried without a record.
pub fn query_composite(
    a: Placed<'_>,
    b: &Composite,
    config: &SolverConfig,
    prediction: f64,
) -> CompositeAnswer {
    solve(a, b, prediction, config.dimension, |a, piece| {
        (query(a, piece, config, None, &mut NoTrace), Vec::new())
    })
}

/// The pair's answer, every piece's steps recorded.
pub fn trace_composite(
    a: Placed<'_>,
    b: &Composite,
    config: &SolverConfig,
    prediction: f64,
) -> CompositeAnswer {
    solve(a, b, prediction, config.dimension, |a, piece| {
        let trace = Trace::record(|r| query(a, piece, config, None, r));
        (trace.finish, trace.steps)
    })
}

/// The search and the gathering, each piece answered by `run`.
fn solve(
    a: Placed<'_>,
    b: &Composite,
    prediction: f64,
    dimension: Dimension,
    mut run: impl FnMut(Placed<'_>, Placed<'_>) -> (Finish, Vec<Step>),
) -> CompositeAnswer {
    // The body's core (a ball's centre, a capsule's segment) and the radius round it: its
    // box's distance from a piece's, less the radius, bounds the body's distance from below
    // more tightly than the whole body's box would.
    let (core, radius) = a.core();
    let (min, max) = core.bounds();
    // Nearest first, by the larger of two proven lower bounds (the boxes' gap, a triangle's
    // plane): once the least bound left passes the best distance found so far (and the
    // prediction), no piece left can be nearer.
    let mut runs = Vec::new();
    let mut best = f64::INFINITY;
    let sides = Sides::of(a);
    b.tree().nearest_first(
        (Bounds { min, max }, radius),
        |i, by_box| by_box.max(plane_gap(&sides, b, i)),
        |i| {
            let piece = piece_run(a, b, i, (prediction, dimension), &mut run);
            best = best.min(upper(&piece.finish));
            runs.push(piece);
            best.max(prediction)
        },
    );
    runs.sort_by_key(|r| r.piece);
    gather(runs, best.max(prediction))
}

/// A lower bound on the distance from the body to a triangle from the triangle's plane: the
/// body lies wholly on one side of it, this far off; 0 for a compound's piece, or a body
/// across the plane.
fn plane_gap(sides: &Sides<impl Fn(DVec3) -> f64>, b: &Composite, i: u32) -> f64 {
    let Pieces::Mesh(mesh) = b.pieces() else {
        return 0.0;
    };
    let (above, below) = sides.of_plane(mesh, i);
    above.max(below).max(0.0)
}

/// The body as a mesh's planes read it: its support function, placed once (every triangle
/// near the body asks it twice), and the size of its numbers.
pub(super) struct Sides<H> {
    height: H,
    reach: f64,
}

impl Sides<()> {
    /// Body `a`'s sides.
    pub(super) fn of(a: Placed<'_>) -> Sides<impl Fn(DVec3) -> f64 + '_> {
        Sides {
            height: a.support_function(),
            reach: a.reach(),
        }
    }
}

impl<H: Fn(DVec3) -> f64> Sides<H> {
    /// How far the body lies above triangle `i`'s plane (along its normal) and below it, each
    /// less the rounding of the support points: positive where the body is wholly on that
    /// side. The plane is measured by the triangle's own corners along the computed normal,
    /// the least and the most of them, so the bound holds whatever that normal's rounding (a
    /// sliver's normal may be far off its true one): any direction whose extents part two
    /// bodies parts them.
    pub(super) fn of_plane(&self, mesh: &TriMesh, i: u32) -> (f64, f64) {
        let n = mesh.normal(i);
        let corners = mesh.corners(i);
        let heights = corners.map(|c| n.dot(c));
        let top = heights.into_iter().fold(f64::NEG_INFINITY, f64::max);
        let bottom = heights.into_iter().fold(f64::INFINITY, f64::min);
        let size = self.reach
            + corners
                .iter()
                .map(|c| c.abs().max_element())
                .fold(0.0, f64::max);
        let slack = 4.0 * thresholds::support_rounding(f64::EPSILON, size);
        (
            -(self.height)(-n) - top - slack,
            bottom - (self.height)(n) - slack,
        )
    }
}

/// The pair's certificate from its pieces'.
fn gather(runs: Vec<PieceRun>, searched: f64) -> CompositeAnswer {
    let proven = |r: &PieceRun| r.finish.intersecting();
    let intersecting = if runs.iter().any(|r| proven(r) == Some(true)) {
        Some(true)
    } else if runs.iter().all(|r| proven(r) == Some(false)) {
        Some(false)
    } else {
        None
    };
    let lower = runs
        .iter()
        .map(|r| r.finish.certificate.distance_bounds[0])
        .fold(searched, f64::min);
    let upper = runs
        .iter()
        .map(|r| upper(&r.finish))
        .fold(f64::INFINITY, f64::min);
    CompositeAnswer {
        runs,
        intersecting,
        distance_bounds: [lower, upper],
        searched,
    }
}

/// The least distance the piece's answer proves it within: its certificate's upper bound, 0
/// for an overlap proven by enclosure, and for a contact within the absolute tolerance the
/// small distance it still has (a "touching" answer is no proof of distance 0).
fn upper(finish: &Finish) -> f64 {
    finish.certificate.distance_bounds[1]
}

/// Piece `i`'s run and its judged contacts.
fn piece_run(
    a: Placed<'_>,
    b: &Composite,
    i: u32,
    (prediction, dimension): (f64, Dimension),
    run: &mut impl FnMut(Placed<'_>, Placed<'_>) -> (Finish, Vec<Step>),
) -> PieceRun {
    b.with_piece(i, |piece| {
        let (finish, steps) = run(a, piece);
        let points: Vec<(ContactPoint, DVec3)> = match (finish.outcome, finish.penetration) {
            (Outcome::Intersecting, Some(p)) => manifold(a, piece, &p, dimension)
                .points
                .into_iter()
                .map(|c| (c, -p.normal))
                .collect(),
            // A gap within the prediction is a contact only where the separation is proven
            // and the witnesses give it a direction: an undecided run's points may coincide.
            (
                Outcome::Separated {
                    distance,
                    point_a,
                    point_b,
                },
                _,
            ) if finish.intersecting() == Some(false)
                && finish.certificate.distance_bounds[1] <= prediction
                && point_a != point_b =>
            {
                vec![(
                    ContactPoint {
                        point_a,
                        point_b,
                        depth: -distance,
                    },
                    (point_a - point_b).normalize(),
                )]
            }
            _ => Vec::new(),
        };
        let contacts = points
            .into_iter()
            .map(|(point, normal)| Contact {
                judged: judge_normal(b, i, point.point_b, normal),
                point,
                normal,
            })
            .collect();
        PieceRun {
            piece: i,
            finish,
            steps,
            contacts,
        }
    })
}

/// The seam test on a contact at `at` on piece `i` whose normal (out of the piece) is `normal`:
/// the lab's own contacts', and any other normal there (an engine's).
pub fn judge_normal(b: &Composite, i: u32, at: DVec3, normal: DVec3) -> Judged {
    match b.pieces() {
        Pieces::Mesh(mesh) => Judged::Mesh(seam::judge(mesh, i, at, normal)),
        Pieces::Chain(c) => Judged::Chain(chain::judge(c, i, at, normal)),
        Pieces::Compound(compound) => {
            let piece_box = b.tree().bounds(i);
            let size = at
                .abs()
                .max(piece_box.min.abs())
                .max(piece_box.max.abs())
                .max_element();
            let probe = at + normal * thresholds::seam_probe(size);
            let covered_by = b
                .tree()
                .overlapping(Bounds::of([probe]))
                .into_iter()
                .filter(|&j| j != i)
                .find(|&j| {
                    let (shape, pose) = &compound.pieces()[j as usize];
                    let spec = BodySpec {
                        shape: shape.shape().clone(),
                        position: pose.position,
                        rotation: pose.rotation,
                        margin: 0.0,
                    };
                    proven_outside(probe, shape, &spec) <= 0.0
                });
            Judged::Compound { covered_by }
        }
    }
}
