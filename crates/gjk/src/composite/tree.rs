//! Which pieces are near: each piece's axis-aligned box in a bounding-volume hierarchy
//! (obvhs's `Bvh2`, the tree avian's broad phase builds), asked for the boxes that overlap a
//! box round the other body.
//!
//! A box is a proof, not a guess: every piece lies inside its box, so a piece whose box is
//! further than `r` from the body's box is further than `r` from the body. The tree holds its
//! boxes in f32; each f64 box is rounded outwards on the way in (its least corner down, its
//! greatest up), so the f32 box still holds the piece, and the test still proves.

use glam::{DVec3, Vec3A};
use obvhs::BvhBuildParams;
use obvhs::aabb::Aabb;
use obvhs::bvh2::Bvh2;
use obvhs::bvh2::builder::build_bvh2;
use std::time::Duration;

/// An axis-aligned box in f64: every point `p` with `min ≤ p ≤ max`, axis by axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// The least corner.
    pub min: DVec3,
    /// The greatest corner.
    pub max: DVec3,
}

impl Bounds {
    /// The box of `points` (at least one).
    pub fn of(points: impl IntoIterator<Item = DVec3>) -> Self {
        let mut it = points.into_iter();
        let first = it.next().unwrap_or(DVec3::ZERO);
        it.fold(
            Bounds {
                min: first,
                max: first,
            },
            |b, p| Bounds {
                min: b.min.min(p),
                max: b.max.max(p),
            },
        )
    }

    /// The box grown by `r` on every side.
    pub fn grown(self, r: f64) -> Self {
        Bounds {
            min: self.min - DVec3::splat(r),
            max: self.max + DVec3::splat(r),
        }
    }

    /// The box holding both.
    pub fn union(self, other: Bounds) -> Self {
        Bounds {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// The largest gap between the boxes along one axis (0 where they overlap): no point of one
    /// is nearer a point of the other, so it bounds the distance of anything inside them from
    /// below.
    pub fn gap(self, other: Bounds) -> f64 {
        (other.min - self.max)
            .max(self.min - other.max)
            .max(DVec3::ZERO)
            .max_element()
    }

    /// The box in f32, rounded outwards: it holds every point this one holds.
    fn outward(self) -> Aabb {
        let down = |x: f64| {
            let y = x as f32;
            if f64::from(y) > x { y.next_down() } else { y }
        };
        let up = |x: f64| {
            let y = x as f32;
            if f64::from(y) < x { y.next_up() } else { y }
        };
        Aabb::new(
            Vec3A::new(down(self.min.x), down(self.min.y), down(self.min.z)),
            Vec3A::new(up(self.max.x), up(self.max.y), up(self.max.z)),
        )
    }
}

/// The pieces' boxes in a tree, and the box round all of them.
#[derive(Clone)]
pub struct Tree {
    bvh: Bvh2,
    /// Each piece's own box in f64 (a leaf of the tree may hold several pieces).
    boxes: Vec<Bounds>,
    all: Bounds,
}

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree")
            .field("nodes", &self.bvh.nodes.len())
            .field("all", &self.all)
            .finish()
    }
}

impl Tree {
    /// The tree of `boxes` (piece `i`'s box is `boxes[i]`; at least one), which it keeps.
    pub fn new(boxes: Vec<Bounds>) -> Self {
        let aabbs: Vec<Aabb> = boxes.iter().map(|b| b.outward()).collect();
        let all = boxes
            .iter()
            .copied()
            .reduce(Bounds::union)
            .unwrap_or(Bounds::of([DVec3::ZERO]));
        let mut built = Duration::ZERO;
        let bvh = build_bvh2(&aabbs, BvhBuildParams::fast_build(), &mut built);
        Tree { bvh, boxes, all }
    }

    /// The box round every piece.
    pub fn all(&self) -> Bounds {
        self.all
    }

    /// Piece `i`'s box.
    pub fn bounds(&self, i: u32) -> Bounds {
        self.boxes[i as usize]
    }

    /// The pieces whose boxes overlap `near` (touching counts), in increasing order: the tree
    /// finds the leaves whose f32 boxes overlap, and each piece of a leaf is kept if its own
    /// f64 box does.
    pub fn overlapping(&self, near: Bounds) -> Vec<u32> {
        let mut found = Vec::new();
        self.bvh.aabb_traverse(near.outward(), |bvh, node| {
            let node = &bvh.nodes[node as usize];
            let first = node.first_index as usize;
            let leaf = &bvh.primitive_indices[first..first + node.prim_count as usize];
            found.extend(leaf.iter().filter(|&&i| self.bounds(i).gap(near) <= 0.0));
            true
        });
        found.sort_unstable();
        found.dedup();
        found
    }
}
