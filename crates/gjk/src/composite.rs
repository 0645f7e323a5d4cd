//! Bodies of many convex pieces: a triangle mesh (a level's floor, a height field) or a
//! compound (tiles, each a convex shape at its pose), against one convex body.
//!
//! GJK answers convex pairs only, so a body of pieces is answered piece by piece, as every
//! engine does (parry, Jolt, Box2D): a tree of the pieces' boxes ([`tree`]) finds the pieces
//! near the body; each near piece is queried as a convex shape of its own — GJK, EPA, the
//! manifold — a run the app can step; the pieces' answers are gathered into the pair's
//! ([`pair`]).
//!
//! Each piece's answer is right for the piece and may be wrong for the body. A triangle's
//! contact on the edge it shares with a flat neighbour gets the lone triangle's normal there,
//! tilted towards the edge's outside, though the floor has no edge: a body sliding across
//! catches on the seam. These are the **ghost collisions** game developers meet most; each
//! contact on a mesh is judged against the normals the surface has where it lies ([`seam`]),
//! and a compound's against its neighbours (a contact whose normal points into another tile
//! is on a face the body does not have).
//!
//! ```text
//!   convex body ──► its box ──► tree ──► near pieces ──► each: GJK, EPA, manifold
//!                                                             │
//!                       the pair's answer ◄── judged contacts ◄┘  (seams: real or ghost)
//! ```
//!
//! ```
//! use gjk::composite::{Composite, TriMesh, query_composite};
//! use gjk::{BodySpec, Placed, Precision, PreparedShape, Shape, SolverConfig};
//! use glam::DVec3;
//! // A flat square of floor, two triangles split along its diagonal x = z.
//! let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
//! let vertices = corners.map(|(x, z)| DVec3::new(x, 0.0, z)).to_vec();
//! let floor = TriMesh::new(vertices, vec![[0, 3, 2], [0, 2, 1]], Precision::F64).unwrap();
//! // A ball over the second triangle, near the diagonal, a little into the floor.
//! let ball = BodySpec {
//!     shape: Shape::Sphere { radius: 0.5 },
//!     position: DVec3::new(0.1, 0.45, -0.1),
//!     rotation: glam::DQuat::IDENTITY,
//!     margin: 0.0,
//! };
//! let shape = PreparedShape::new(ball.shape.clone());
//! let answer = query_composite(
//!     Placed::new(&shape, &ball),
//!     &Composite::mesh(floor),
//!     &SolverConfig::default(),
//!     0.0,
//! );
//! assert_eq!(answer.intersecting, Some(true));
//! // The first triangle alone pushes the ball along its diagonal's normal, 17° off the
//! // floor's: a ghost.
//! let (piece, ghost) = answer.ghosts().next().unwrap();
//! assert_eq!(piece, 0);
//! assert!(ghost.normal.angle_between(DVec3::Y).to_degrees() > 17.0);
//! ```
//!
//! May use everything up to [`crate::cast`].

pub mod chain;
pub mod compound;
pub mod mesh;
pub mod pair;
pub mod seam;
pub mod sweep;
pub mod tree;

use crate::query::Placed;
use crate::shape::prepared::PreparedShape;
use crate::shape::{Pose, Shape};
pub use chain::Chain;
pub use compound::Compound;
pub use mesh::TriMesh;
pub use pair::{
    CompositeAnswer, Contact, Judged, PieceRun, judge_normal, query_composite, trace_composite,
};
use std::fmt;
pub use sweep::{CompositeCast, FirstContact, PieceCast, cast_composite, trace_cast_composite};
use tree::{Bounds, Tree};

/// A body's piece or number refused, by its field (`triangles[12]`, `vertices[3].y`), and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompositeError {
    /// The field, as a file would spell it.
    pub field: String,
    /// Why it was refused.
    pub reason: String,
}

impl CompositeError {
    fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        CompositeError {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for CompositeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

impl std::error::Error for CompositeError {}

/// What a composite body is made of.
#[derive(Debug, Clone)]
pub enum Pieces {
    /// Triangles that share edges.
    Mesh(TriMesh),
    /// Convex shapes, each at its pose.
    Compound(Compound),
    /// Segments joined end to end, in the plane.
    Chain(Chain),
}

/// A body of many pieces with its tree of their boxes, in world coordinates.
#[derive(Debug, Clone)]
pub struct Composite {
    pieces: Pieces,
    tree: Tree,
}

impl Composite {
    /// A mesh, its tree built.
    pub fn mesh(mesh: TriMesh) -> Self {
        let boxes: Vec<Bounds> = (0..mesh.triangles().len() as u32)
            .map(|t| Bounds::of(mesh.corners(t)))
            .collect();
        Composite {
            tree: Tree::new(boxes),
            pieces: Pieces::Mesh(mesh),
        }
    }

    /// A compound, its tree built.
    pub fn compound(compound: Compound) -> Self {
        let boxes: Vec<Bounds> = compound
            .pieces()
            .iter()
            .map(|(shape, pose)| {
                let (min, max) = placed(shape, *pose).bounds();
                Bounds { min, max }
            })
            .collect();
        Composite {
            tree: Tree::new(boxes),
            pieces: Pieces::Compound(compound),
        }
    }

    /// A chain, its tree built.
    pub fn chain(chain: Chain) -> Self {
        let boxes: Vec<Bounds> = (0..chain.segments() as u32)
            .map(|s| Bounds::of(chain.ends(s)))
            .collect();
        Composite {
            tree: Tree::new(boxes),
            pieces: Pieces::Chain(chain),
        }
    }

    /// What it is made of.
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// The tree of its pieces' boxes.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// How many pieces it has.
    pub fn len(&self) -> usize {
        match &self.pieces {
            Pieces::Mesh(m) => m.triangles().len(),
            Pieces::Compound(c) => c.pieces().len(),
            Pieces::Chain(c) => c.segments(),
        }
    }

    /// Never: a mesh has a triangle, a compound a piece.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Piece `i` as a convex pair's body, as [`Composite::with_piece`] hands it to each query
    /// (a triangle's or a segment's corners where they are, a compound's piece at its pose; no
    /// margin): the app steps a piece's run as the pair of the convex body and this.
    pub fn piece_body(&self, i: u32) -> crate::shape::BodySpec {
        let (shape, pose) = match &self.pieces {
            Pieces::Mesh(m) => (
                Shape::Polytope {
                    vertices: m.corners(i).to_vec(),
                },
                Pose::at(glam::DVec3::ZERO),
            ),
            Pieces::Compound(c) => {
                let (shape, pose) = &c.pieces()[i as usize];
                (shape.shape().clone(), *pose)
            }
            Pieces::Chain(c) => (
                Shape::Polytope {
                    vertices: c.ends(i).to_vec(),
                },
                Pose::at(glam::DVec3::ZERO),
            ),
        };
        crate::shape::BodySpec {
            shape,
            position: pose.position,
            rotation: pose.rotation,
            margin: 0.0,
        }
    }

    /// Piece `i` as a convex body, handed to `f`: a triangle is the polytope of its three
    /// corners, a chain's segment of its two (prepared here: a query meets only the few near
    /// it), a compound's piece its prepared shape at its pose.
    pub fn with_piece<T>(&self, i: u32, f: impl FnOnce(Placed<'_>) -> T) -> T {
        match &self.pieces {
            Pieces::Mesh(m) => {
                let triangle = PreparedShape::new(Shape::Polytope {
                    vertices: m.corners(i).to_vec(),
                });
                f(placed(&triangle, Pose::at(glam::DVec3::ZERO)))
            }
            Pieces::Compound(c) => {
                let (shape, pose) = &c.pieces()[i as usize];
                f(placed(shape, *pose))
            }
            Pieces::Chain(c) => {
                let segment = PreparedShape::new(Shape::Polytope {
                    vertices: c.ends(i).to_vec(),
                });
                f(placed(&segment, Pose::at(glam::DVec3::ZERO)))
            }
        }
    }
}

fn placed(shape: &PreparedShape, pose: Pose) -> Placed<'_> {
    Placed {
        shape,
        pose,
        margin: 0.0,
    }
}
