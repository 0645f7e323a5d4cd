//! One iteration's record: the simplex before and after, the support point, the feature
//! closest to the origin and the quantities that decide the termination tests.

use super::{Certificate, CoreRadii, Termination};
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// At most four of a kind, kept inline: a GJK simplex has at most four vertices, so its
/// weights, names, feature vertices and Voronoi region's planes number at most four too, and
/// recording a GJK step allocates nothing (an EPA step allocates its polytope's lists).
pub type Few<T> = arrayvec::ArrayVec<T, 4>;

/// A [`Few`] in a document: a sequence, as a `Vec` is. (Written here rather than taken from
/// arrayvec's own `serde` feature: in a game's build that feature would reach every crate that
/// uses arrayvec, Bevy's ECS and wgpu among them, and rebuild them all.)
pub mod few {
    use super::Few;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes the points in order.
    pub fn serialize<T: Serialize, S: Serializer>(few: &Few<T>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(few)
    }

    /// Reads at most four; a longer sequence is refused with its length.
    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Few<T>, D::Error> {
        let all = Vec::<T>::deserialize(d)?;
        if all.len() > 4 {
            return Err(D::Error::invalid_length(all.len(), &"at most 4 elements"));
        }
        Ok(all.into_iter().collect())
    }
}

/// A simplex vertex: a point of `A ⊖ B` and the two witnesses `a − b` that made it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SimplexVertex {
    /// The point of `A ⊖ B`: `a − b`.
    pub point: DVec3,
    /// Its witness on A.
    pub a: DVec3,
    /// Its witness on B.
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
    /// A single point.
    Vertex,
    /// A segment.
    Edge,
    /// A triangle.
    Face,
    /// The origin is inside the tetrahedron.
    Interior,
}

impl FeatureKind {
    /// The kind of a feature of `n` points.
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
    /// The plane's normal (unit, when drawn).
    pub normal: DVec3,
    /// `normal · x` on the plane.
    pub offset: f64,
}

impl HalfSpace {
    /// Whether `x` is in the half-space.
    pub fn contains(&self, x: DVec3) -> bool {
        self.normal.dot(x) >= self.offset
    }
}

/// The feature of the candidate simplex (the old simplex plus the new support point) whose
/// Voronoi region holds the origin. The region itself, as half-spaces, is worked out from the
/// candidate's points when someone reads it (`gjk::simplex::voronoi::step_region`), so that
/// recording a step costs no region.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Feature {
    /// A vertex, an edge, a face or the inside.
    pub kind: FeatureKind,
    /// Indices into the step's `candidate` simplex.
    #[serde(with = "few")]
    pub vertices: Few<usize>,
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
    /// The simplex at the start of the iteration (EPA: the closest face's triangle), then
    /// `support` unless the step stopped before adding it. Each point is recorded once: the
    /// simplex before is its first [`Step::before`] points ([`Step::simplex_before`]), the
    /// simplex after the points at [`Step::kept`] ([`Step::simplex_after`]).
    pub candidate: Few<SimplexVertex>,
    /// How many of `candidate`'s first points are the simplex the iteration started from.
    pub before: usize,
    /// The name of each `candidate` vertex (0 = w₁ … 3 = w₄): a point keeps its name while it
    /// stays in the simplex, and into EPA, whose points past GJK's are w₅, w₆, … (named by
    /// the [`crate::Recorder`]; empty for an EPA step recorded otherwise).
    pub names: Few<u8>,
    /// The simplex kept for the next iteration: where its points are in `candidate`, in its
    /// order.
    pub kept: Few<u8>,
    /// Which feature of `candidate` holds the origin: absent on EPA's steps, on a step that
    /// stopped before `w` joined, and on an accelerated step that added `w` and gave it back
    /// (it brought `v` no closer; the simplex kept is the one the step started from). What the
    /// simplex kept is [`Step::kept`]: a run that ends because `v` stopped decreasing records
    /// the feature it found and keeps the simplex it started from.
    pub feature: Option<Feature>,
    /// Closest point of the kept simplex to the origin (distance GJK and EPA).
    pub closest: Option<DVec3>,
    /// Barycentric weights of `closest` over [`Step::simplex_after`].
    pub weights: Few<f64>,
    /// The direction for the next iteration.
    pub next_direction: Option<DVec3>,
    /// The numbers the termination tests read at this step.
    pub quantities: Quantities,
    /// Set on the last step.
    pub termination: Option<Termination>,
    /// What the answer proves (its certificate, as `query` reports it), on the trace's last step:
    /// after EPA and the radii, never what one phase proved before the next changed it.
    pub certificate: Option<Certificate>,
    /// With `radii: split`, on every step: the radii of A's and B's cores. The step's points
    /// are then points of the cores and their difference (see [`crate::Radii`]).
    pub cores: Option<[f64; 2]>,
    /// With `radii: split`, on the run's last step: how the radii turned the cores' answer into
    /// the shapes'.
    pub radii: Option<CoreRadii>,
    /// An accelerated step: the momentum weight, the plain direction −v beside the one taken,
    /// and whether this step switched the momentum off.
    pub momentum: Option<Momentum>,
}

impl Step {
    /// A step answered at once from one point, with nothing before it (a closed form, two
    /// boxes' separating axis): the point `support` found along `direction`, kept as the whole
    /// simplex, the run ended by `termination`. The caller adds what its answer shows (the
    /// feature, the nearest point and its weight, the numbers).
    pub fn one_point(
        phase: Phase,
        direction: DVec3,
        support: SimplexVertex,
        termination: impl Into<Termination>,
    ) -> Step {
        Step {
            iteration: 1,
            phase,
            direction,
            support,
            candidate: Few::from_iter([support]),
            before: 0,
            names: Few::from_iter([0]),
            kept: Few::from_iter([0]),
            feature: None,
            closest: None,
            weights: Few::new(),
            next_direction: None,
            quantities: Quantities::default(),
            termination: Some(termination.into()),
            certificate: None,
            cores: None,
            radii: None,
            momentum: None,
        }
    }

    /// The simplex at the start of the iteration.
    pub fn simplex_before(&self) -> &[SimplexVertex] {
        &self.candidate[..self.before.min(self.candidate.len())]
    }

    /// The simplex kept for the next iteration.
    pub fn simplex_after(&self) -> Few<SimplexVertex> {
        self.kept
            .iter()
            .filter_map(|&i| self.candidate.get(usize::from(i)).copied())
            .collect()
    }

    /// Whether the simplex kept for the next iteration holds `candidate[slot]`. This is the
    /// solver's own record: a point can lie on the feature nearest the origin and still be
    /// given back (the step then kept the simplex it started from).
    pub fn keeps(&self, slot: usize) -> bool {
        self.kept.iter().any(|&k| usize::from(k) == slot)
    }

    /// The label of `candidate[slot]`: its kept name (w₁–w₄), or the slot's when unnamed.
    pub fn label(&self, slot: usize) -> &'static str {
        crate::trace::explain::label(self.name_number(slot))
    }

    /// The number of `candidate[slot]`'s name (0 for w₁, 1 for w₂, …): a point keeps it, and
    /// the colour drawn from it, while it stays in the simplex.
    pub fn name_number(&self, slot: usize) -> usize {
        self.names.get(slot).map_or(slot, |&n| usize::from(n))
    }

    /// Whether this is the one step of a closed-form answer (see [`crate::gjk::closed`]).
    pub fn is_closed_form(&self) -> bool {
        matches!(self.phase, Phase::ClosedForm)
    }

    /// Whether this is the one step of two boxes' separating-axis test (see
    /// [`crate::gjk::boxes`]).
    pub fn is_box_test(&self) -> bool {
        matches!(self.phase, Phase::BoxAxes)
    }

    /// The EPA record of a penetration-phase step.
    pub fn epa(&self) -> Option<&EpaRecord> {
        match &self.phase {
            Phase::Epa(record) => Some(&**record),
            Phase::Distance | Phase::Boolean | Phase::ClosedForm | Phase::BoxAxes => None,
        }
    }
}

/// The solver a step belongs to, with what only that solver records.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// The distance GJK (either subalgorithm).
    Distance,
    /// The boolean GJK.
    Boolean,
    /// The closed form for cores that are points or segments, or one of them and a triangle
    /// (see [`crate::gjk::closed`]):
    /// one step, the cores' closest pair.
    ClosedForm,
    /// Two boxes' separating-axis test (see [`crate::gjk::boxes`]): one step, the axis and
    /// the support point along it.
    BoxAxes,
    /// The penetration phase (EPA) after an intersecting GJK run. Boxed: EPA's record is
    /// several times a GJK step's own numbers, which every GJK step would otherwise carry (and
    /// copy) empty; an EPA step allocates its polytope's lists anyway.
    Epa(Box<EpaRecord>),
}

impl Phase {
    /// Whether this is the penetration phase.
    pub fn is_epa(&self) -> bool {
        matches!(self, Phase::Epa(_))
    }

    /// The kind's name in the trace's JSON (`kind` of each step).
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Distance => "distance",
            Phase::Boolean => "boolean",
            Phase::ClosedForm => "closed_form",
            Phase::BoxAxes => "box_axes",
            Phase::Epa(_) => "epa",
        }
    }
}

/// What one EPA iteration saw and did. Indices refer to `vertices`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EpaRecord {
    /// The polytope's vertices (points of A ⊖ B with witnesses) at the start of the iteration.
    pub vertices: Vec<SimplexVertex>,
    /// Its boundary: triangles in space, edges in the plane.
    #[serde(flatten)]
    pub boundary: Boundary,
    /// The closest face's (edge's) outward unit normal.
    pub normal: DVec3,
    /// Its distance from the origin.
    pub distance: f64,
}

/// The boundary of EPA's polytope at one iteration: in space its triangles, in the plane its
/// edges; what the new support point removed, and what it was joined to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Boundary {
    /// In space: a closed triangle mesh round the origin.
    Faces {
        /// Its triangles, wound so that their normals point outwards.
        faces: Vec<[usize; 3]>,
        /// The face closest to the origin.
        closest_face: [usize; 3],
        /// Faces the new support point could see, removed.
        removed: Vec<[usize; 3]>,
        /// The horizon: the rim of the hole they leave, each edge re-stitched to the new point.
        horizon: Vec<[usize; 2]>,
    },
    /// In the plane: a convex polygon round the origin (see [`crate::epa::polygon`]).
    Edges {
        /// Its edges `p q`, counter-clockwise in order round it.
        edges: Vec<[usize; 2]>,
        /// The edge closest to the origin.
        closest_edge: [usize; 2],
        /// Edges the new support point could see, removed.
        removed: Vec<[usize; 2]>,
        /// The chord between the two vertices the new point is joined to (empty when nothing
        /// was removed).
        joined: Vec<[usize; 2]>,
    },
}

impl Boundary {
    /// How many faces (edges) the new point removed, and how many rim edges it was joined to.
    pub fn removed_and_rim(&self) -> (usize, usize) {
        match self {
            Boundary::Faces {
                removed, horizon, ..
            } => (removed.len(), horizon.len()),
            Boundary::Edges {
                removed, joined, ..
            } => (removed.len(), joined.len()),
        }
    }

    /// The closest face's corners (the closest edge's ends).
    pub fn closest(&self) -> &[usize] {
        match self {
            Boundary::Faces { closest_face, .. } => closest_face,
            Boundary::Edges { closest_edge, .. } => closest_edge,
        }
    }

    /// Every edge of the boundary, once per face that has it (in the plane, once, in order
    /// round the polygon).
    pub fn segments(&self) -> impl Iterator<Item = [usize; 2]> + '_ {
        let (faces, edges): (&[[usize; 3]], &[[usize; 2]]) = match self {
            Boundary::Faces { faces, .. } => (faces, &[]),
            Boundary::Edges { edges, .. } => (&[], edges),
        };
        faces
            .iter()
            .flat_map(|&[a, b, c]| [[a, b], [b, c], [c, a]])
            .chain(edges.iter().copied())
    }

    /// The rim the new point is joined to: the horizon's edges (the plane's chord).
    pub fn rim(&self) -> &[[usize; 2]] {
        match self {
            Boundary::Faces { horizon, .. } => horizon,
            Boundary::Edges { joined, .. } => joined,
        }
    }
}

impl Step {
    /// The same record with both bodies moved by `by`: the witnesses move; the points of
    /// A ⊖ B, the directions and the numbers do not.
    pub fn moved(mut self, by: DVec3) -> Self {
        self.support.move_by(by);
        for v in &mut self.candidate {
            v.move_by(by);
        }
        if let Phase::Epa(epa) = &mut self.phase {
            epa.vertices.iter_mut().for_each(|v| v.move_by(by));
        }
        self
    }
}

/// What an accelerated step records about its direction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Momentum {
    /// δ: the share of the previous direction kept.
    pub weight: f64,
    /// The plain direction −v of this iteration, drawn beside the accelerated one.
    pub plain: DVec3,
    /// Set when this step switched the momentum off, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switched_off: Option<MomentumOff>,
}

/// Why the momentum was switched off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MomentumOff {
    /// The accelerated support point's gap fell below the tolerance: only the plain direction's
    /// gap proves the distance.
    GapBelowTolerance,
    /// The accelerated direction found a vertex already in the simplex.
    RepeatedSupport,
    /// The accelerated support point did not bring v closer to the origin.
    NotDecreasing,
    /// The best separating plane seen and ‖v‖ have met within the tolerance: one plain step
    /// checks v's own direction.
    BoundsMet,
    /// Momentum has had half the iteration budget: the rest goes to plain GJK.
    Budget,
}

impl MomentumOff {
    /// Why momentum stopped, in plain words.
    pub fn describe(self) -> &'static str {
        match self {
            MomentumOff::GapBelowTolerance => {
                "Its gap is below the tolerance, but along d that proves nothing: momentum is switched off, and the next step searches along −v, where the gap test is a proof."
            }
            MomentumOff::RepeatedSupport => {
                "It is a vertex the simplex already has: momentum is switched off, and the next step searches along −v."
            }
            MomentumOff::NotDecreasing => {
                "It brings v no closer to the origin, so it is not kept: momentum is switched off, and the next step searches along −v."
            }
            MomentumOff::BoundsMet => {
                "The best separating plane so far and |v| have met within the tolerance: momentum is switched off, and one step along −v checks v's own direction."
            }
            MomentumOff::Budget => {
                "Momentum has had half of the iteration budget: it is switched off, and plain GJK has the rest."
            }
        }
    }
}
