//! What a cast records: each iteration by method, how it ended, and the answer.

use super::CastMethod;
use crate::trace::SimplexVertex;
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// How a cast ended, with the numbers that decided it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CastStatus {
    /// The distance falls to the target at `time`: at most `gap` above it, never below it
    /// before.
    Hit {
        /// The time of impact.
        time: f64,
        /// How far above the target the distance may be there, at most the tolerance.
        gap: f64,
    },
    /// The distance never falls to the target before `max_time`: from `time` on, the bodies
    /// are at least `separation` apart along a fixed direction and close along it no faster
    /// than `closing_speed` (zero or less: they never close).
    Miss {
        /// The time from which the bodies are proven never to touch.
        time: f64,
        /// How far apart they are then, along the direction that proves it.
        separation: f64,
        /// How fast they close along it (zero or less: never).
        closing_speed: f64,
    },
    /// At `t = 0` the distance (at most `distance`) is already at or below the target. When
    /// the bodies overlap, `depth` is how deep (EPA's, as a static query answers) and the
    /// answer's normal is the penetration normal.
    OverlappingAtStart {
        /// An upper bound on the distance at `t = 0`.
        distance: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        /// How deep the bodies overlap, when they do.
        depth: Option<f64>,
    },
    /// The cap was hit at `time`; nothing touched before it, but the answer is not known (the
    /// answer's bounds are the distance there).
    MaxIterations {
        /// The iterations run.
        iterations: u32,
        /// The time reached, up to which nothing touched.
        time: f64,
    },
    /// The method could not go on, for the reason given; nothing touched before `time` when
    /// one is given (the answer's bounds are the distance there).
    Failed {
        /// Why, in words.
        why: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        /// The time up to which nothing touched, when known.
        time: Option<f64>,
    },
}

impl CastStatus {
    /// Every kind's name, in declaration order.
    pub const NAMES: [&'static str; 5] = [
        "hit",
        "miss",
        "overlapping_at_start",
        "max_iterations",
        "failed",
    ];

    /// The snake_case name used in output and in `expect`.
    pub fn name(&self) -> &'static str {
        Self::NAMES[match self {
            CastStatus::Hit { .. } => 0,
            CastStatus::Miss { .. } => 1,
            CastStatus::OverlappingAtStart { .. } => 2,
            CastStatus::MaxIterations { .. } => 3,
            CastStatus::Failed { .. } => 4,
        }]
    }
}

/// What one iteration of a cast computed, by method.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum CastRecord {
    /// One GJK ray-cast iteration, in the space of `A ⊖ B` at `t = 0`.
    RayCast {
        /// The query point `x = λ·r` on the ray at the start of the iteration.
        point: DVec3,
        /// `v = x − p` for the point `p` of `A ⊖ B` nearest `x` found so far.
        direction: DVec3,
        /// The support point of `A ⊖ B` furthest along `v` (target distance included).
        support: SimplexVertex,
        /// `v·(x − support)`: positive when the support plane separates `x` from `A ⊖ B`.
        v_dot_w: f64,
        /// `v·r`: negative when the ray runs towards that plane.
        v_dot_r: f64,
        /// Whether `x` moved along the ray to the plane.
        advanced: bool,
        /// The support points kept (points of `A ⊖ B`), after the reduction.
        simplex: Vec<SimplexVertex>,
        /// The new `v`, from the (possibly moved) `x` to the kept simplex's nearest point.
        closest: DVec3,
    },
    /// One conservative-advancement iteration.
    Advancement {
        /// Proven bounds on the distance at `time`.
        distance_bounds: [f64; 2],
        /// The unit direction from A to B along which the separation is measured.
        normal: DVec3,
        /// The proven separation of the bodies along `normal` at `time`.
        separation: f64,
        /// How fast the bodies can close along `normal`: `(v_A − v_B)·n`…
        linear_speed: f64,
        /// …plus `‖ω_A‖ r_A + ‖ω_B‖ r_B` for turning bodies.
        angular_speed: f64,
        /// The GJK iterations the distance took.
        gjk_iterations: u32,
    },
    /// One swept-hull test: A swept over `[from, to]` against B.
    Sweep {
        /// The start of the interval A is swept over.
        from: f64,
        /// Its end.
        to: f64,
        /// Proven bounds on the distance between the swept hull and B.
        distance_bounds: [f64; 2],
        /// Whether the sweep may come within the target (then the contact lies in it).
        reaches: bool,
        /// The GJK iterations the test took.
        gjk_iterations: u32,
    },
}

/// One iteration of a cast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastStep {
    /// 1-based.
    pub iteration: u32,
    /// The time the iteration starts at.
    pub time: f64,
    /// The time the iteration leaves for the next one.
    pub next_time: f64,
    /// What the method computed.
    pub record: CastRecord,
    /// On the last step: how the cast ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CastStatus>,
}

/// A finished cast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastAnswer {
    /// The method asked for.
    pub method: CastMethod,
    /// How the cast ended.
    pub status: CastStatus,
    /// The time of impact (`0` when overlapping at start), or `None`.
    pub toi: Option<f64>,
    /// Unit, from A to B, at the time of impact.
    pub normal: Option<DVec3>,
    /// The closest points of A and B at the time of impact (world).
    pub point_a: Option<DVec3>,
    /// B's point, as A's.
    pub point_b: Option<DVec3>,
    /// Proven bounds on the distance at the time of impact, from a static query there.
    pub distance_bounds: Option<[f64; 2]>,
    /// The iterations run, over every method.
    pub iterations: u32,
}

impl CastAnswer {
    /// The same answer with its points moved by `offset` (out of the cast's frame).
    pub(crate) fn moved(mut self, offset: DVec3) -> Self {
        for p in [&mut self.point_a, &mut self.point_b].into_iter().flatten() {
            *p += offset;
        }
        self
    }
}

/// A cast with every iteration recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastTrace {
    /// Every iteration, in order.
    pub steps: Vec<CastStep>,
    /// The answer.
    pub answer: CastAnswer,
}

impl CastTrace {
    /// The trace of `run`, a cast handed a list to record into: the one way to trace what the
    /// same call answers untraced with [`crate::NoTrace`], e.g.
    /// `CastTrace::record(|steps| gjk::cast::cast(a, b, &spec, &config, steps))`.
    pub fn record(run: impl FnOnce(&mut Vec<CastStep>) -> CastAnswer) -> CastTrace {
        let mut steps = Vec::new();
        let answer = run(&mut steps);
        CastTrace { steps, answer }
    }
}
