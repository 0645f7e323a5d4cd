//! The simplex and its closest feature: the working simplex both GJK variants share, and the two
//! ways of finding the feature closest to the origin (Johnson's Voronoi-region tests in
//! [`voronoi`], the signed volumes in [`signed_volumes`]). EPA and the certificates use them too.
//!
//! May use: [`crate::real`], [`crate::shape`], [`crate::trace`](mod@crate::trace).

pub mod signed_volumes;
pub mod voronoi;

use crate::real::{Real, Vector};
use crate::shape::cso::CsoPoint;
use crate::trace::{Few, SimplexVertex};

/// Up to four points of `A ⊖ B`, oldest first. (The names students follow them by, w₁ to w₄,
/// are the recorder's, see [`crate::Recorder`]: the numbers need none.)
#[derive(Debug, Clone, Copy)]
pub struct Simplex<R: Real> {
    vertices: [CsoPoint<R>; 4],
    /// The vertices' points again, side by side, kept in step with `vertices`: what the
    /// subalgorithms read, lent as a slice: gathered into a new array every iteration, they
    /// would be read back before the copy's stores had finished.
    points: [R::V; 4],
    len: usize,
}

impl<R: Real> Default for Simplex<R> {
    fn default() -> Self {
        let zero = CsoPoint {
            point: R::V::ZERO,
            a: R::V::ZERO,
            b: R::V::ZERO,
        };
        Simplex {
            vertices: [zero; 4],
            points: [R::V::ZERO; 4],
            len: 0,
        }
    }
}

impl<R: Real> Simplex<R> {
    /// How many points it has.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Its points, in order.
    pub fn vertices(&self) -> &[CsoPoint<R>] {
        &self.vertices[..self.len]
    }

    /// Adds a point after the others.
    #[inline(always)]
    pub fn push(&mut self, p: CsoPoint<R>) {
        self.vertices[self.len] = p;
        self.points[self.len] = p.point;
        self.len += 1;
    }

    /// Takes back the point added last.
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// The vertices' points, in order.
    pub fn points(&self) -> &[R::V] {
        &self.points[..self.len]
    }

    /// Keeps the vertices at `indices`, in that order. Indices in increasing order (the
    /// common case: the newest point stays last) are kept in place, one vertex at a time; a
    /// new order goes through a copy. In place, because the simplex is read again at once:
    /// a whole new simplex assigned over it is copied, and that copy waits on the stores
    /// that wrote it.
    pub fn select(&mut self, indices: &[usize]) {
        if indices.windows(2).all(|pair| pair[0] < pair[1]) {
            // Each index is at least its new position, so nothing is overwritten before it is read.
            for (k, &i) in indices.iter().enumerate() {
                self.vertices[k] = self.vertices[i];
                self.points[k] = self.points[i];
            }
            self.len = indices.len();
        } else {
            let old = *self;
            self.len = 0;
            for &i in indices {
                self.push(old.vertices[i]);
            }
        }
    }

    /// The vertices whose bit is set in `mask`, in their order.
    pub fn select_mask(&self, mask: u8) -> Self {
        let mut s = *self;
        s.retain_mask(mask);
        s
    }

    /// Keeps, in place, the vertices whose bit is set in `mask`, in their order.
    pub fn retain_mask(&mut self, mask: u8) {
        let mut k = 0;
        for i in 0..self.len {
            if mask & (1 << i) != 0 {
                // Vertices before the first dropped one stay where they are.
                if k != i {
                    self.vertices[k] = self.vertices[i];
                    self.points[k] = self.points[i];
                }
                k += 1;
            }
        }
        self.len = k;
    }

    /// `Σ λᵢ aᵢ` and `Σ λᵢ bᵢ`: the closest point's preimages on A and B (Allen Chou, "Game Physics:
    /// Collision Detection – GJK").
    /// An empty simplex (every support point was NaN, so none was kept) has none: NaN.
    pub fn witnesses(&self, weights: &[R]) -> (R::V, R::V) {
        let v = self.vertices();
        let Some(first) = v.first() else {
            let nan = R::V::ZERO * R::from_f64(f64::NAN);
            return (nan, nan);
        };
        let (mut a, mut b) = (first.a, first.b);
        for i in 1..v.len() {
            a = a + (v[i].a - v[0].a) * weights[i];
            b = b + (v[i].b - v[0].b) * weights[i];
        }
        (a, b)
    }

    /// Its points as a step records them.
    pub fn record(&self) -> Few<SimplexVertex> {
        self.vertices().iter().map(record_vertex).collect()
    }

    /// Writes the simplex into `into` as a step records it, taken before the iteration reduces
    /// it (only what the record needs). Written in place, in a list the solver keeps until the
    /// step is built, so the list is copied once, on its way into the step.
    #[inline(always)]
    pub fn record_into(&self, into: &mut Recorded) {
        into.points.clear();
        into.points
            .extend(self.vertices().iter().map(record_vertex));
    }

    /// Writes the candidate an iteration is about to build, the simplex and then `w`, into
    /// `into`, before `w` joins. Taken from the simplex once `w` is in it, the copy would read
    /// `w` back before the stores that put it there had finished, and wait for them.
    #[inline(always)]
    pub fn record_with(&self, w: &CsoPoint<R>, into: &mut Recorded) {
        self.record_into(into);
        into.points.push(record_vertex(w));
    }
}

/// A simplex as a step records it: its points with their witnesses, in f64.
#[derive(Debug, Clone, Default)]
pub struct Recorded {
    /// The points with their witnesses, in f64.
    pub points: Few<SimplexVertex>,
}

/// A point of `A ⊖ B` as a step records it, in f64.
pub fn record_vertex<R: Real>(p: &CsoPoint<R>) -> SimplexVertex {
    SimplexVertex {
        point: p.point.to_f64(),
        a: p.a.to_f64(),
        b: p.b.to_f64(),
    }
}
