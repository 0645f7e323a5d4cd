//! A convex body moving against a composite one: the first hit over the pieces, the piece and
//! feature hit, and the seam test on the hit normal.
//!
//! Each piece is cast as a convex body of its own (the cast's methods, its proofs and its
//! fall-backs, [`crate::cast`]); the pieces cast are those the body's box can reach on its way.
//! The body's box moves with the body (for a turning body, the box of the ball about its
//! position that holds it at every angle), so the time it first comes within the target of a
//! piece's box is a proven lower bound on that piece's time of impact: pieces are cast in the
//! order their boxes are met, and once a box is met after the earliest hit found so far, no
//! piece left could be hit sooner.
//!
//! ```text
//!   t = 0              first box met         hit (piece 8)     later boxes: left out
//!   [body] ──────────────►[  piece 7  ]──────►[ piece 8 ]·······[ piece 9 ]
//! ```
//!
//! The pair's first contact is the earliest over the pieces, and proven only where every piece
//! whose cast stopped unfinished (on a cap or a failure) had proven itself clear past that
//! time. Game code usually sets aside the pieces a body already touches when it starts (a
//! character resting on its floor): the first hit among the other pieces is answered too, and
//! is where a sliding body meets a seam's ghost (the lone triangle's edge ahead, whose normal
//! the flat floor does not have).

use super::pair::{Judged, Sides, judge_normal};
use super::tree::Bounds;
use super::{Composite, CompositeError, Pieces};
use crate::cast::{CastAnswer, CastSpec, CastStatus, CastStep, CastTrace, cast};
use crate::config::{SolverConfig, thresholds};
use crate::query::Placed;
use crate::trace::NoTrace;
use glam::DVec3;

/// One piece's cast: its answer, its steps (empty unless traced) and, where it touches, the
/// seam test on its normal.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceCast {
    /// The piece (a triangle's index, a compound's piece).
    pub piece: u32,
    /// The cast of the body against this piece alone.
    pub answer: CastAnswer,
    /// Its steps, when traced.
    pub steps: Vec<CastStep>,
    /// The hit normal (or, touching at the start, the penetration normal), turned out of the
    /// piece, judged against the normals the composite body has where the piece was hit.
    pub judged: Option<Judged>,
}

impl PieceCast {
    /// The piece's cast as a trace, to step.
    pub fn trace(&self) -> CastTrace {
        CastTrace {
            steps: self.steps.clone(),
            answer: self.answer.clone(),
        }
    }
}

/// How a cast against a composite body ended, over its pieces.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FirstContact {
    /// `piece` is the first the body comes within the target of, at `time`; no piece is
    /// touched before it.
    Hit {
        /// The piece.
        piece: u32,
        /// Its time of impact.
        time: f64,
    },
    /// The body is already within the target of `piece` at `t = 0`.
    OverlappingAtStart {
        /// The piece (the first in order when several are).
        piece: u32,
    },
    /// No piece is touched before the end of the interval: every piece whose box the body's
    /// box meets on the way was cast and missed; the rest it never reaches.
    Miss,
    /// `piece`'s cast stopped without an answer (a cap, a failure): nothing is touched before
    /// `time`, and what comes after is not known.
    Unfinished {
        /// The piece.
        piece: u32,
        /// The time up to which nothing is touched.
        time: f64,
    },
}

/// A cast against a composite body, gathered from its pieces'.
#[derive(Debug, Clone, PartialEq)]
pub struct CompositeCast {
    /// Every piece cast, in increasing order.
    pub runs: Vec<PieceCast>,
    /// The pair's first contact.
    pub first: FirstContact,
    /// The first hit among the pieces the body does not touch at `t = 0` (what a character
    /// controller that sets aside its resting contacts meets next): never
    /// [`FirstContact::OverlappingAtStart`].
    pub next: FirstContact,
}

impl CompositeCast {
    /// The cast of `piece`, if it was cast.
    pub fn run(&self, piece: u32) -> Option<&PieceCast> {
        self.runs
            .binary_search_by_key(&piece, |r| r.piece)
            .ok()
            .map(|i| &self.runs[i])
    }
}

/// Casts the body `a`, moving as `spec` says for body A, against `b`, each piece without a
/// record. `b` may translate with `spec`'s velocity for B but not turn: its pieces stand at
/// their own poses, and a composite turned about each of them would come apart.
pub fn cast_composite(
    a: Placed<'_>,
    b: &Composite,
    spec: &CastSpec,
    config: &SolverConfig,
) -> Result<CompositeCast, CompositeError> {
    sweep(a, b, spec, config, |a, piece| {
        (cast(a, piece, spec, config, &mut NoTrace), Vec::new())
    })
}

/// [`cast_composite`] with every piece's steps recorded.
pub fn trace_cast_composite(
    a: Placed<'_>,
    b: &Composite,
    spec: &CastSpec,
    config: &SolverConfig,
) -> Result<CompositeCast, CompositeError> {
    sweep(a, b, spec, config, |a, piece| {
        let trace = CastTrace::record(|steps| cast(a, piece, spec, config, steps));
        (trace.answer, trace.steps)
    })
}

/// The search over the pieces, each cast by `run`.
fn sweep(
    a: Placed<'_>,
    b: &Composite,
    spec: &CastSpec,
    config: &SolverConfig,
    mut run: impl FnMut(Placed<'_>, Placed<'_>) -> (CastAnswer, Vec<CastStep>),
) -> Result<CompositeCast, CompositeError> {
    if spec.angular_velocity_b != DVec3::ZERO {
        return Err(CompositeError::new(
            "cast.angular_velocity_b",
            "a body of many pieces does not turn (each piece would turn about its own pose)",
        ));
    }
    let moves = [
        ("cast.velocity_a", spec.velocity_a),
        ("cast.velocity_b", spec.velocity_b),
        ("cast.angular_velocity_a", spec.angular_velocity_a),
    ];
    if let Some((field, _)) = moves.iter().find(|(_, v)| !v.is_finite()) {
        return Err(CompositeError::new(*field, "is not a finite number"));
    }
    let settings = spec.settings(config.precision);
    let lengths = [
        ("cast.max_time", settings.max_time),
        ("cast.target_distance", settings.target),
        ("cast.tolerance", settings.tolerance),
    ];
    if let Some((field, _)) = lengths.iter().find(|(_, x)| !(x.is_finite() && *x >= 0.0)) {
        return Err(CompositeError::new(
            *field,
            "must be a finite number, 0 or more",
        ));
    }
    let body = moving_box(a, spec);
    let relative = spec.velocity_a - spec.velocity_b;
    let reach = settings.target + settings.tolerance;
    let travel = relative.abs() * settings.max_time;
    let swept = Bounds {
        min: body.min + relative.min(DVec3::ZERO) * settings.max_time,
        max: body.max + relative.max(DVec3::ZERO) * settings.max_time,
    }
    .grown(reach);
    let sides = Sides::of(a);
    let mut met: Vec<(f64, u32)> = b
        .tree()
        .overlapping(swept)
        .into_iter()
        .filter_map(|i| {
            let size = (body.min.abs() + body.max.abs() + travel).max_element();
            let piece = b.tree().bounds(i).grown(reach);
            let by_box = entry_time(body, piece, relative, settings.max_time, size)?;
            let by_plane = if spec.angular_velocity_a == DVec3::ZERO {
                plane_entry(&sides, b, i, relative, reach)?
            } else {
                0.0
            };
            let entry = by_box.max(by_plane);
            (entry <= settings.max_time).then_some((entry, i))
        })
        .collect();
    met.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut runs = Vec::new();
    let mut next_hit = f64::INFINITY;
    for (entry, i) in met {
        if entry > next_hit {
            break;
        }
        let piece = b.with_piece(i, |piece| {
            let (answer, steps) = run(a, piece);
            let judged = touch(&answer).map(|(at, normal)| {
                // The piece was hit where it stood at that time: judged where it stands.
                let back = spec.velocity_b * answer.toi.unwrap_or(0.0);
                judge_normal(b, i, at - back, normal)
            });
            PieceCast {
                piece: i,
                answer,
                steps,
                judged,
            }
        });
        if let CastStatus::Hit { time, .. } = piece.answer.status {
            next_hit = next_hit.min(time);
        }
        runs.push(piece);
    }
    let first = gather(&runs, true);
    let next = gather(&runs, false);
    runs.sort_by_key(|r| r.piece);
    Ok(CompositeCast { runs, first, next })
}

/// The point on the piece and the normal out of it, where the cast touches it.
fn touch(answer: &CastAnswer) -> Option<(DVec3, DVec3)> {
    match answer.status {
        CastStatus::Hit { .. } | CastStatus::OverlappingAtStart { .. } => {
            Some((answer.point_b?, -answer.normal?))
        }
        _ => None,
    }
}

/// The first contact over `runs` (taken in the order their boxes were met), the pieces touched
/// at the start counted or set aside.
fn gather(runs: &[PieceCast], with_start: bool) -> FirstContact {
    // Touching at the start comes first, whatever else ends at time 0 (a hit there within the
    // tolerance of the target, a cast stopped there).
    let start = runs
        .iter()
        .find(|r| matches!(r.answer.status, CastStatus::OverlappingAtStart { .. }));
    if let (true, Some(run)) = (with_start, start) {
        return FirstContact::OverlappingAtStart { piece: run.piece };
    }
    // The earliest hit, and the earliest time up to which an unfinished cast proved nothing.
    let mut hit: Option<(f64, u32)> = None;
    let mut unfinished: Option<(f64, u32)> = None;
    let earlier = |slot: &mut Option<(f64, u32)>, time: f64, piece: u32| {
        if slot.is_none_or(|(t, _)| time < t) {
            *slot = Some((time, piece));
        }
    };
    for run in runs {
        let piece = run.piece;
        match run.answer.status {
            CastStatus::Hit { time, .. } => earlier(&mut hit, time, piece),
            CastStatus::MaxIterations { time, .. } => earlier(&mut unfinished, time, piece),
            CastStatus::Failed { time, .. } => earlier(&mut unfinished, time.unwrap_or(0.0), piece),
            CastStatus::Miss { .. } | CastStatus::OverlappingAtStart { .. } => {}
        }
    }
    match (hit, unfinished) {
        (Some((h, _)), Some((time, piece))) if time < h => FirstContact::Unfinished { piece, time },
        (None, Some((time, piece))) => FirstContact::Unfinished { piece, time },
        (Some((time, piece)), _) => FirstContact::Hit { piece, time },
        (None, None) => FirstContact::Miss,
    }
}

/// A lower bound on the time a body moving by `velocity` without turning first comes within
/// `reach` of triangle `i`'s plane, from the side it starts on (`None`: it never does, moving
/// along or away from the plane); 0 for a body across the plane, or another kind's piece. The
/// triangle lies within its corners' extent along the normal, so it is met no sooner. The gap
/// is lowered by the rounding of the support points ([`Sides::of_plane`]), the closing speed
/// raised by its own.
fn plane_entry(
    sides: &Sides<impl Fn(DVec3) -> f64>,
    b: &Composite,
    i: u32,
    velocity: DVec3,
    reach: f64,
) -> Option<f64> {
    let Pieces::Mesh(mesh) = b.pieces() else {
        return Some(0.0);
    };
    let n = mesh.normal(i);
    let (above, below) = sides.of_plane(mesh, i);
    let (above, below) = (above - reach, below - reach);
    let (gap, closing) = if above > 0.0 {
        (above, -velocity.dot(n))
    } else if below > 0.0 {
        (below, velocity.dot(n))
    } else {
        return Some(0.0);
    };
    let closing = closing + thresholds::arithmetic_rounding(f64::EPSILON, velocity.length());
    if closing <= 0.0 {
        return None;
    }
    let t = gap / closing;
    Some(t - thresholds::arithmetic_rounding(f64::EPSILON, t))
}

/// The box that holds the body at every time of its motion, less the translation: its own box
/// when it does not turn; the box of the ball about its position that holds it at every angle
/// when it does.
fn moving_box(a: Placed<'_>, spec: &CastSpec) -> Bounds {
    if spec.angular_velocity_a == DVec3::ZERO {
        let (min, max) = a.bounds();
        return Bounds { min, max };
    }
    let position = a.pose.position;
    let radius = (a.anchor() - position).length() + a.shape.centred_radius() + a.margin;
    let slack = thresholds::support_rounding(f64::EPSILON, a.reach() + position.length());
    Bounds::of([position]).grown(radius + slack)
}

/// A lower bound on the first time in `[0, max_time]` at which `body`, moving by `velocity`,
/// meets `piece` (both boxes), or `None` where it never does. Each axis gives the interval of
/// times at which the two boxes' extents along it overlap; the boxes meet where all three do.
/// The gaps are widened by the rounding of numbers of `size`, and the times lowered by their
/// own, so the bound holds as computed.
fn entry_time(
    body: Bounds,
    piece: Bounds,
    velocity: DVec3,
    max_time: f64,
    size: f64,
) -> Option<f64> {
    let slack = thresholds::arithmetic_rounding(f64::EPSILON, size);
    let (mut from, mut until) = (0.0f64, max_time);
    for k in 0..3 {
        // The body's extent [lo, hi] + t·v meets the piece's [low, high] while
        // low − hi ≤ t·v ≤ high − lo.
        let ahead = piece.min[k] - body.max[k] - slack;
        let behind = piece.max[k] - body.min[k] + slack;
        let v = velocity[k];
        if v == 0.0 {
            if ahead > 0.0 || behind < 0.0 {
                return None;
            }
            continue;
        }
        let (t0, t1) = if v > 0.0 {
            (ahead / v, behind / v)
        } else {
            (behind / v, ahead / v)
        };
        from = from.max(t0 - thresholds::arithmetic_rounding(f64::EPSILON, t0.abs()));
        until = until.min(t1 + thresholds::arithmetic_rounding(f64::EPSILON, t1.abs()));
    }
    (from <= until).then_some(from)
}
