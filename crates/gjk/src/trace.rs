//! What a run leaves behind: one [`Step`] per iteration, the [`Termination`] that ended it and
//! the [`Outcome`]. Plain data in `f64` whatever the working precision, with whole-simplex
//! snapshots (never deltas) so a viewer can jump to any step.

use glam::DVec3;
use serde::{Deserialize, Serialize};

/// A simplex vertex: a point of `A ⊖ B` and the two witnesses `a − b` that made it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SimplexVertex {
    pub point: DVec3,
    pub a: DVec3,
    pub b: DVec3,
}

impl SimplexVertex {
    /// The same vertex with both bodies moved by `by` (its point of A ⊖ B does not move).
    fn move_by(&mut self, by: DVec3) {
        self.a += by;
        self.b += by;
    }
}

/// The kind of simplex feature whose Voronoi region holds the origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeatureKind {
    Vertex,
    Edge,
    Face,
    /// The origin is inside the tetrahedron.
    Interior,
}

impl FeatureKind {
    pub fn from_vertex_count(n: usize) -> Self {
        match n {
            1 => FeatureKind::Vertex,
            2 => FeatureKind::Edge,
            3 => FeatureKind::Face,
            _ => FeatureKind::Interior,
        }
    }
}

/// A closed half-space `{ x : normal · x ≥ offset }`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct HalfSpace {
    pub normal: DVec3,
    pub offset: f64,
}

impl HalfSpace {
    pub fn contains(&self, x: DVec3) -> bool {
        self.normal.dot(x) >= self.offset
    }
}

/// The feature of the candidate simplex (the old simplex plus the new support point) whose
/// Voronoi region holds the origin, and that region as an intersection of half-spaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Feature {
    pub kind: FeatureKind,
    /// Indices into the step's `candidate` simplex.
    pub vertices: Vec<usize>,
    /// The Voronoi region (empty for a single point: its region is all of space).
    pub region: Vec<HalfSpace>,
    /// True when the region tests were inconclusive (a flat simplex, rounding) and the feature was
    /// chosen as the nearest sub-simplex instead.
    pub by_fallback: bool,
}

/// The numbers the termination tests looked at in this step (absent where a test did not run).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Quantities {
    /// `‖v‖` after this step.
    pub v_norm: Option<f64>,
    /// `‖v‖² − v·w` with the previous `v` and this step's support point `w`.
    pub gap: Option<f64>,
    /// `rel_tolerance · ‖v‖²`: the gap test passes at or below it.
    pub gap_threshold: Option<f64>,
    /// `abs_tolerance`: `‖v‖` at or below it counts as touching.
    pub abs_threshold: Option<f64>,
    /// Boolean GJK: `w · d`; below zero the support point did not pass the origin.
    pub support_dot_direction: Option<f64>,
}

/// One iteration of a solver: numbers only (the sentences are written when read, see
/// [`Step::explanation`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// 1-based iteration number (EPA's run on after GJK's).
    pub iteration: u32,
    /// Which solver made this step, with what only that solver records.
    pub phase: Phase,
    /// The direction `d` the support point was asked for.
    pub direction: DVec3,
    /// `w = s_A(d) − s_B(−d)` with its witnesses.
    pub support: SimplexVertex,
    /// The simplex at the start of the iteration (EPA: the closest face's triangle).
    pub simplex_before: Vec<SimplexVertex>,
    /// `simplex_before` plus `support`, unless the step stopped before adding it.
    pub candidate: Vec<SimplexVertex>,
    /// The name of each `candidate` vertex (0 = A … 3 = D): a point keeps its name while it
    /// stays in the simplex (GJK steps; empty for EPA's).
    pub names: Vec<u8>,
    /// The simplex kept for the next iteration.
    pub simplex_after: Vec<SimplexVertex>,
    /// Which feature of `candidate` holds the origin (absent when the step stopped first).
    pub feature: Option<Feature>,
    /// Closest point of the kept simplex to the origin (distance GJK and EPA).
    pub closest: Option<DVec3>,
    /// Barycentric weights of `closest` over `simplex_after`.
    pub weights: Vec<f64>,
    /// The direction for the next iteration.
    pub next_direction: Option<DVec3>,
    pub quantities: Quantities,
    /// Set on the last step.
    pub termination: Option<Termination>,
    /// What the whole GJK run proved, on its last step.
    pub certificate: Option<Certificate>,
    /// With `radii: split`, on every step: the radii of A's and B's cores. The step's points
    /// are then points of the cores and their difference (see [`crate::Radii`]).
    pub cores: Option<[f64; 2]>,
    /// With `radii: split`, on the run's last step: how the radii turned the cores' answer into
    /// the shapes'.
    pub radii: Option<crate::radii::CoreRadii>,
    /// An accelerated step: the momentum weight, the plain direction −v beside the one taken,
    /// and whether this step switched the momentum off.
    pub momentum: Option<crate::momentum::Momentum>,
}

impl Step {
    /// The letter of `candidate[slot]`: its kept name (A–D), or the slot's when unnamed.
    pub fn letter(&self, slot: usize) -> char {
        crate::explain::letter(self.names.get(slot).map_or(slot, |&n| usize::from(n)))
    }

    /// The colour slot of `candidate[slot]` (its name): a point keeps its colour with its name.
    pub fn name(&self, slot: usize) -> usize {
        self.names.get(slot).map_or(slot, |&n| usize::from(n))
    }

    /// The EPA record of a penetration-phase step.
    pub fn epa(&self) -> Option<&EpaRecord> {
        match &self.phase {
            Phase::Epa(record) => Some(record),
            Phase::Distance | Phase::Boolean => None,
        }
    }
}

/// The solver a step belongs to.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// The distance GJK (either subalgorithm).
    Distance,
    /// The boolean GJK.
    Boolean,
    /// The penetration phase (EPA) after an intersecting GJK run.
    Epa(EpaRecord),
}

impl Phase {
    /// Whether this is the penetration phase.
    pub fn is_epa(&self) -> bool {
        matches!(self, Phase::Epa(_))
    }
}

/// What one EPA iteration saw and did. Face indices refer to `vertices`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EpaRecord {
    /// The polytope's vertices (points of A ⊖ B with witnesses) at the start of the iteration.
    pub vertices: Vec<SimplexVertex>,
    /// Its triangles, wound so that their normals point outwards.
    pub faces: Vec<[usize; 3]>,
    /// The face closest to the origin, its outward unit normal and its distance from the origin.
    pub closest_face: [usize; 3],
    pub normal: DVec3,
    pub distance: f64,
    /// Faces the new support point could see (removed), and the horizon edges re-stitched to it.
    pub removed: Vec<[usize; 3]>,
    pub horizon: Vec<[usize; 2]>,
}

/// How deep two intersecting shapes overlap and which way to push them apart.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Penetration {
    /// Translating B by `depth · normal` makes the shapes touch.
    pub depth: f64,
    /// Unit direction from A to B.
    pub normal: DVec3,
    /// The point of A deepest in B and the point of B deepest in A: `point_a − point_b = depth · normal`.
    pub point_a: DVec3,
    pub point_b: DVec3,
    /// Proven bounds on the depth, `[lower, upper]`: no translation of B shorter than `lower`
    /// separates the shapes (the origin is that deep in the polytope EPA built inside
    /// `A ⊖ B`), and translating B by `upper · normal` does (the support plane along
    /// `normal`). `None` where nothing finite was proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_bounds: Option<[f64; 2]>,
    /// The depth is proven to EPA's tolerance: the bounds are no wider than its convergence
    /// test allows (plus the rounding of the support points).
    #[serde(default)]
    pub certified: bool,
}

/// Why a run stopped, with the numbers that decided it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Termination {
    /// The simplex encloses the origin (a tetrahedron around it).
    IntersectionFound { iteration: u32 },
    /// `‖v‖² − v·w ≤ rel_tolerance · ‖v‖²`: `v` is as close as the tolerance asks.
    GapBelowTolerance {
        gap: f64,
        threshold: f64,
        distance: f64,
    },
    /// `‖v‖ ≤ abs_tolerance`: the origin is (numerically) on the difference; touching.
    DistanceBelowTolerance { v_norm: f64, threshold: f64 },
    /// The new support point is already a simplex vertex: nothing new can be learned.
    RepeatedSupport { vertex: usize, distance: f64 },
    /// `‖v‖` did not decrease (rounding has taken over); the previous `v` is kept.
    NotDecreasing { previous: f64, current: f64 },
    /// The simplex collapsed (zero length, area or volume) and the algorithm cannot choose a side.
    DegenerateSimplex { size: usize, measure: f64 },
    /// Boolean GJK: the search direction became zero (the origin lies exactly on the simplex).
    ZeroDirection { iteration: u32 },
    /// Boolean GJK: the new support point did not get past the origin, so a separating plane exists.
    NotPastOrigin { dot: f64 },
    /// The cap was hit; the last answer is returned but not certified.
    MaxIterations {
        iterations: u32,
        v_norm: Option<f64>,
    },
    /// EPA: the support point along the closest face's normal gets no further than the face
    /// (`w·n − distance ≤ tolerance`), so the face is on the boundary: its distance is the depth.
    EpaConverged {
        gap: f64,
        threshold: f64,
        depth: f64,
    },
    /// EPA: the support point is already a vertex, or sees no face; the closest face is kept.
    EpaNoProgress { depth: f64 },
    /// EPA: `A ⊖ B` has no volume around the origin (flat), so no tetrahedron can be grown.
    EpaFlat { measure: f64 },
    /// EPA: the iteration budget ran out; the closest face found so far is returned.
    EpaBudget {
        iterations: u32,
        depth: f64,
        gap: f64,
    },
}

impl Termination {
    /// Every kind's name, in declaration order.
    pub const NAMES: [&'static str; 13] = [
        "intersection_found",
        "gap_below_tolerance",
        "distance_below_tolerance",
        "repeated_support",
        "not_decreasing",
        "degenerate_simplex",
        "zero_direction",
        "not_past_origin",
        "max_iterations",
        "epa_converged",
        "epa_no_progress",
        "epa_flat",
        "epa_budget",
    ];

    /// The snake_case name used in JSON output (and in `expect`): `NAMES[self.index()]`.
    pub fn name(&self) -> &'static str {
        Self::NAMES[self.index()]
    }

    /// The kind's place in [`Termination::NAMES`]; the match is exhaustive, so a new kind cannot
    /// be added without a name (and a test checks each name against serde's tag).
    fn index(&self) -> usize {
        match self {
            Termination::IntersectionFound { .. } => 0,
            Termination::GapBelowTolerance { .. } => 1,
            Termination::DistanceBelowTolerance { .. } => 2,
            Termination::RepeatedSupport { .. } => 3,
            Termination::NotDecreasing { .. } => 4,
            Termination::DegenerateSimplex { .. } => 5,
            Termination::ZeroDirection { .. } => 6,
            Termination::NotPastOrigin { .. } => 7,
            Termination::MaxIterations { .. } => 8,
            Termination::EpaConverged { .. } => 9,
            Termination::EpaNoProgress { .. } => 10,
            Termination::EpaFlat { .. } => 11,
            Termination::EpaBudget { .. } => 12,
        }
    }
}

/// The answer of a run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// The shapes overlap or touch.
    Intersecting,
    /// Distance GJK: the shapes are apart by `distance`, realised by `point_a` and `point_b`.
    Separated {
        distance: f64,
        point_a: DVec3,
        point_b: DVec3,
    },
    /// Boolean GJK: a separating plane was found (no distance is computed).
    Disjoint,
    /// The algorithm stopped without being able to decide (boolean GJK on a degenerate case).
    Undecided,
}

impl Outcome {
    /// The distance the algorithm arrived at (its upper bound `‖v‖`); whether it is proven is
    /// the [`Certificate`]'s to say.
    pub fn distance(&self) -> Option<f64> {
        match self {
            Outcome::Separated { distance, .. } => Some(*distance),
            _ => None,
        }
    }
}

/// What a run proved, as opposed to what it arrived at.
///
/// The distance algorithms hold two bounds at every step (van den Bergen; Ericson §4): any
/// point `v` of `A ⊖ B` gives `dist ≤ ‖v‖`, and the support point `w` furthest along `−v` gives
/// the plane `{x : v·x = v·w}` with all of `A ⊖ B` on its far side, so `dist ≥ v·w / ‖v‖`. Both
/// are computed again in f64 from the witness points, less a rounding allowance for the working
/// precision's support points (`8ε(‖a‖ + ‖b‖)`), so an f32 run's bounds hold for the true shapes.
///
/// ```text
///   intersecting = true    a tetrahedron of A ⊖ B encloses the origin, or the upper bound is at
///                          most abs_tolerance (touching, as the configuration defines it)
///   intersecting = false   a separating plane with a positive lower bound
///   intersecting = null    neither: the run stopped on rounding, a cap or a degeneracy first
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Certificate {
    /// Proven overlap or contact, proven separation, or `None` when not proven either way.
    pub intersecting: Option<bool>,
    /// The whole answer is proven: the verdict, and for a separated pair the distance to the
    /// relative tolerance (the gap test passed).
    pub certified: bool,
    /// `[lower, upper]`: proven bounds on the distance between the shapes.
    pub distance_bounds: [f64; 2],
}

impl Certificate {
    /// A tetrahedron encloses the origin: overlap is proven, the distance is 0.
    pub const ENCLOSED: Certificate = Certificate {
        intersecting: Some(true),
        certified: true,
        distance_bounds: [0.0, 0.0],
    };
}

/// A finished run: what ended it and the answer.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Finish {
    pub outcome: Outcome,
    pub termination: Termination,
    /// What the run proved about `outcome`.
    pub certificate: Certificate,
    /// GJK iterations.
    pub iterations: u32,
    /// For an intersecting pair, when EPA ran: the depth, normal and contact points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penetration: Option<Penetration>,
    /// What ended EPA, and after how many of its iterations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epa_termination: Option<Termination>,
    #[serde(default)]
    pub epa_iterations: u32,
    /// With `radii: split` on rounded shapes: the cores' answer and how the radii changed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radii: Option<crate::radii::CoreRadii>,
}

impl Finish {
    /// The same answer with both bodies moved by `by`: its points move, its numbers do not.
    pub fn moved(mut self, by: DVec3) -> Self {
        if let Outcome::Separated {
            point_a, point_b, ..
        } = &mut self.outcome
        {
            *point_a += by;
            *point_b += by;
        }
        if let Some(p) = &mut self.penetration {
            p.point_a += by;
            p.point_b += by;
        }
        self
    }

    /// The end of a GJK run, before any EPA.
    pub fn gjk(
        outcome: Outcome,
        termination: Termination,
        certificate: Certificate,
        iterations: u32,
    ) -> Self {
        Finish {
            outcome,
            termination,
            certificate,
            iterations,
            penetration: None,
            epa_termination: None,
            epa_iterations: 0,
            radii: None,
        }
    }

    /// Proven overlap (`Some(true)`), proven separation (`Some(false)`), or not proven.
    pub fn intersecting(&self) -> Option<bool> {
        self.certificate.intersecting
    }
}

impl Step {
    /// The same record with both bodies moved by `by`: the witnesses move; the points of
    /// A ⊖ B, the directions and the numbers do not.
    pub fn moved(mut self, by: DVec3) -> Self {
        self.support.move_by(by);
        for v in self
            .simplex_before
            .iter_mut()
            .chain(&mut self.candidate)
            .chain(&mut self.simplex_after)
        {
            v.move_by(by);
        }
        if let Phase::Epa(epa) = &mut self.phase {
            epa.vertices.iter_mut().for_each(|v| v.move_by(by));
        }
        self
    }
}

/// Receives step records. The solvers build a record only when `ENABLED` is true, so the
/// [`NoTrace`] observer costs nothing: the branch is a constant and the code is removed.
pub trait Observer {
    const ENABLED: bool;
    fn on_step(&mut self, step: Step);
}

/// The observer that records nothing (the hot path).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoTrace;

impl Observer for NoTrace {
    const ENABLED: bool = false;
    fn on_step(&mut self, _step: Step) {}
}

/// Collects every step.
#[derive(Debug, Default, Clone)]
pub struct Recorder {
    pub steps: Vec<Step>,
}

impl Observer for Recorder {
    const ENABLED: bool = true;
    fn on_step(&mut self, step: Step) {
        self.steps.push(step);
    }
}

/// A whole recorded run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trace {
    pub steps: Vec<Step>,
    pub finish: Finish,
    /// The distance algorithms' last simplex, to warm-start a run on a nearby pose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<crate::SimplexCache>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of every kind, in declaration order.
    fn every_kind() -> [Termination; 13] {
        use Termination::*;
        [
            IntersectionFound { iteration: 1 },
            GapBelowTolerance {
                gap: 0.0,
                threshold: 0.0,
                distance: 1.0,
            },
            DistanceBelowTolerance {
                v_norm: 0.0,
                threshold: 0.0,
            },
            RepeatedSupport {
                vertex: 0,
                distance: 1.0,
            },
            NotDecreasing {
                previous: 1.0,
                current: 1.0,
            },
            DegenerateSimplex {
                size: 3,
                measure: 0.0,
            },
            ZeroDirection { iteration: 1 },
            NotPastOrigin { dot: 0.0 },
            MaxIterations {
                iterations: 1,
                v_norm: None,
            },
            EpaConverged {
                gap: 0.0,
                threshold: 0.0,
                depth: 1.0,
            },
            EpaNoProgress { depth: 1.0 },
            EpaFlat { measure: 0.0 },
            EpaBudget {
                iterations: 1,
                depth: 1.0,
                gap: 0.0,
            },
        ]
    }

    #[test]
    fn every_termination_is_named_as_serde_writes_it() {
        for (i, t) in every_kind().iter().enumerate() {
            assert_eq!(t.index(), i, "{t:?} is out of order");
            let json = serde_json::to_value(t).unwrap();
            assert_eq!(json["kind"], t.name(), "{t:?}");
        }
    }
}
