//! Which pieces are near: each piece's axis-aligned box in a bounding-volume hierarchy
//! (obvhs's `Bvh2`, the tree avian's broad phase builds), asked for the boxes that overlap a
//! box round the other body.
//!
//! Asked for the pieces nearest a body, the tree is searched best first (as parry's and
//! Jolt's mesh queries search theirs): its nodes and pieces are taken in increasing order of a
//! lower bound on their distance from the body, and the search stops where that bound passes
//! the nearest distance found so far, which no piece further out can beat.
//!
//! A box is a proof, not a guess: every piece lies inside its box, so a piece whose box is
//! further than `r` from the body's box is further than `r` from the body. The tree holds its
//! boxes in f32; each f64 box is rounded outwards on the way in (its least corner down, its
//! greatest up), so the f32 box still holds the piece, and the test still proves.

use crate::config::thresholds;
use glam::{DVec3, Vec3A};
use obvhs::BvhBuildParams;
use obvhs::aabb::Aabb;
use obvhs::bvh2::Bvh2;
use obvhs::bvh2::builder::build_bvh2;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
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

    /// The largest gap between the boxes along one axis (0 where they overlap): no point of one
    /// is nearer a point of the other, so it bounds the distance of anything inside them from
    /// below.
    pub fn gap(self, other: Bounds) -> f64 {
        (other.min - self.max)
            .max(self.min - other.max)
            .max(DVec3::ZERO)
            .max_element()
    }

    /// How far apart the boxes are, less its rounding (0 where they overlap): the length of
    /// the gaps along the three axes together (so, but for that rounding, never less than
    /// [`Bounds::gap`]). No point of one box is nearer a point of the other, so it bounds the
    /// distance of anything inside them from below, as a ball's centre bounds the ball's
    /// distance less its radius.
    pub fn distance(self, other: Bounds) -> f64 {
        let apart = (other.min - self.max)
            .max(self.min - other.max)
            .max(DVec3::ZERO)
            .length();
        (apart - thresholds::arithmetic_rounding(f64::EPSILON, apart)).max(0.0)
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

/// The pieces' boxes in a tree.
#[derive(Clone)]
pub struct Tree {
    bvh: Bvh2,
    /// Each piece's own box in f64 (a leaf of the tree may hold several pieces).
    boxes: Vec<Bounds>,
}

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree")
            .field("nodes", &self.bvh.nodes.len())
            .finish()
    }
}

impl Tree {
    /// The tree of `boxes` (piece `i`'s box is `boxes[i]`; at least one), which it keeps.
    pub fn new(boxes: Vec<Bounds>) -> Self {
        let aabbs: Vec<Aabb> = boxes.iter().map(|b| b.outward()).collect();
        let mut built = Duration::ZERO;
        let bvh = build_bvh2(&aabbs, BvhBuildParams::fast_build(), &mut built);
        Tree { bvh, boxes }
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

    /// The pieces nearest a body first, the body lying within `radius` of the box `core`
    /// (a ball's centre, a capsule's segment, any other body's own box with radius 0). Each
    /// node of the tree is queued at its box's distance from `core` less `radius`, a lower
    /// bound on the distance of every piece below it, and so is each piece of a leaf; the
    /// least is taken next. A piece taken the first time is queued again at `bound(piece, its
    /// box's bound)` (a costlier lower bound on its distance, at least the box's), so that the
    /// cost is paid only for the pieces that reach the front. A piece taken at its own bound
    /// is handed to `visit`, which returns the cutoff: nothing further is queued, and the
    /// search ends when the least queued bound passes it. Every piece left unvisited is
    /// proven further than the last cutoff.
    pub fn nearest_first(
        &self,
        (core, radius): (Bounds, f64),
        bound: impl Fn(u32, f64) -> f64,
        mut visit: impl FnMut(u32) -> f64,
    ) {
        // The radius is taken off after the rounding [`Bounds::distance`] gives up, which
        // also covers this last subtraction's (half an ulp of a number no larger).
        let from = |b: Bounds| (b.distance(core) - radius).max(0.0);
        // The nodes' boxes are f32: their distance from the core's box rounded outwards to
        // f32 is worked out in f32 (a third of the work in f64) and given up by its rounding,
        // `4ε` of f32 (the gaps' subtractions, their squares' sum and its root): still a lower
        // bound on every piece's distance below. Where the squares would leave f32's normal
        // range (a gap past 1.8e19, or under 1e-18), the gaps' length is taken in f64; a gap
        // that is not a finite number (a box past f32's range) proves nothing, and is 0.
        let core32 = core.outward();
        let node_bound = |b: &Aabb| {
            let gap = (b.min - core32.max)
                .max(core32.min - b.max)
                .max(Vec3A::ZERO);
            let length = gap.length();
            let apart = if length.is_finite() && length >= thresholds::f32_square_floor() {
                f64::from(length)
            } else if gap.is_finite() {
                DVec3::new(gap.x.into(), gap.y.into(), gap.z.into()).length()
            } else {
                0.0
            };
            let lower = apart - thresholds::arithmetic_rounding(f64::from(f32::EPSILON), apart);
            (lower - radius).max(0.0)
        };
        let mut cutoff = f64::INFINITY;
        let mut queue: BinaryHeap<Reverse<Queued>> = BinaryHeap::with_capacity(64);
        // The least item offered since the last was taken, held out of the queue: taken next
        // where nothing queued is nearer (the nearer child of the node just opened, most
        // often), it saves the queue a push and a pop.
        let mut next = Some(Queued::new(
            node_bound(self.bvh.nodes[0].aabb()),
            Item::Node(0),
        ));
        // A bound that is not a number proves nothing: the item stays (it compares as least).
        let keep = |q: &Queued, cutoff: f64| q.at.partial_cmp(&cutoff) != Some(Ordering::Greater);
        let offer =
            |queue: &mut BinaryHeap<Reverse<Queued>>, next: &mut Option<Queued>, q: Queued| {
                match next {
                    Some(held) if *held <= q => queue.push(Reverse(q)),
                    _ => {
                        if let Some(held) = next.replace(q) {
                            queue.push(Reverse(held));
                        }
                    }
                }
            };
        loop {
            // The least of the held item and the queue's front.
            let q = match (next.take(), queue.peek_mut()) {
                (Some(held), Some(mut front)) if front.0 < held => {
                    std::mem::replace(&mut *front, Reverse(held)).0
                }
                (Some(held), _) => held,
                (None, Some(front)) => std::collections::binary_heap::PeekMut::pop(front).0,
                (None, None) => break,
            };
            if q.at > cutoff {
                break;
            }
            match q.item() {
                Item::Boxed(i) => {
                    let piece = Queued::new(bound(i, q.at), Item::Piece(i));
                    if keep(&piece, cutoff) {
                        offer(&mut queue, &mut next, piece);
                    }
                }
                Item::Piece(i) => cutoff = visit(i),
                Item::Node(n) => {
                    let node = &self.bvh.nodes[n as usize];
                    let first = node.first_index as usize;
                    if node.is_leaf() {
                        let leaf =
                            &self.bvh.primitive_indices[first..first + node.prim_count as usize];
                        for &i in leaf {
                            let piece = Queued::new(from(self.bounds(i)), Item::Boxed(i));
                            if keep(&piece, cutoff) {
                                offer(&mut queue, &mut next, piece);
                            }
                        }
                    } else {
                        let [a, b] = [first, first + 1].map(|child| {
                            let at = node_bound(self.bvh.nodes[child].aabb());
                            Queued::new(at, Item::Node(child as u32))
                        });
                        let (near, far) = if b < a { (b, a) } else { (a, b) };
                        for child in [near, far] {
                            if keep(&child, cutoff) {
                                offer(&mut queue, &mut next, child);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A node or a piece waiting in the best-first search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    /// A node of the tree, at its box's gap.
    Node(u32),
    /// A piece at its box's gap.
    Boxed(u32),
    /// A piece at its own bound.
    Piece(u32),
}

/// An item and its lower bound, ordered by the bound (a piece to visit last at equal bounds,
/// so that it is visited only once nothing queued could hide a nearer one). The item is packed
/// into one word beside the bound: the queue moves two whole words, which the processor
/// forwards from store to load, where an enum's two halves would stall each read.
#[derive(Debug, Clone, Copy)]
struct Queued {
    at: f64,
    packed: u64,
}

impl Queued {
    fn new(at: f64, item: Item) -> Self {
        let (kind, index) = match item {
            Item::Node(n) => (0u64, n),
            Item::Boxed(i) => (1, i),
            Item::Piece(i) => (2, i),
        };
        Queued {
            at,
            packed: kind << 32 | u64::from(index),
        }
    }

    fn item(self) -> Item {
        // The low half is the index, as packed.
        let index = (self.packed & u64::from(u32::MAX)) as u32;
        match self.packed >> 32 {
            0 => Item::Node(index),
            1 => Item::Boxed(index),
            _ => Item::Piece(index),
        }
    }
}

impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        let rank = |q: &Queued| q.packed >> 32 == 2;
        self.at
            .total_cmp(&other.at)
            .then_with(|| rank(self).cmp(&rank(other)))
    }
}

impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Queued {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Queued {}
