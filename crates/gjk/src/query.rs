//! Where a query runs: GJK in the configured variant and precision, then EPA for an
//! intersecting pair, as a pure function of two prepared shapes, their poses and the
//! configuration (and a warm-start simplex when one is given).
//!
//! ```text
//!   prepared shapes + poses ──► bodies in precision R ──► A ⊖ B ──► GJK ─┬─► finish
//!                                                                       └─► EPA ─► depth
//! ```
//!
//! With `radii: split` the bodies are the shapes' cores (a sphere's centre, a capsule's
//! segment, a rounded shape unrounded) and the radii are added back to the finish afterwards
//! (see [`crate::proof::radii`]).

mod deepen;
mod observe;
mod placed;
mod point;

use crate::config::{Algorithm, Precision, Radii, SolverConfig};
use crate::gjk::boolean::BooleanGjk;
use crate::gjk::boxes;
use crate::gjk::closed::{self, Segment};
use crate::gjk::distance::DistanceGjk;
use crate::gjk::stepper::Steppable;
use crate::proof::bounds::allowance_for;
use crate::proof::radii::{OnCores, add_radii, add_radii_along, bound_touching_cores};
use crate::real::Real;
use crate::shape::BodySpec;
use crate::shape::cso::MinkowskiDifference;
use crate::shape::prepared::PreparedShape;
use crate::shape::support::SupportMap;
use crate::trace::SimplexCache;
use crate::trace::{Finish, NoTrace, Observer, Outcome, Trace};
use deepen::deepen;
use glam::DVec3;
use observe::{Answered, Shifted};
pub use placed::Placed;
pub use point::proven_outside;

/// Runs the configured algorithm on two placed prepared shapes in the configured precision,
/// starting the distance algorithms from `warm` when given (see [`DistanceGjk::warm_started`]),
/// handing each step, and the simplex to warm-start the next run from, to `observer`
/// ([`Observer::on_cache`]).
///
/// A pair far from the world's origin (further than four times its own extent) is solved in a
/// frame centred between the bodies, as Box2D and Jolt solve B in A's frame: two centimetre
/// hulls 9.7 m out, or prisms 1e5 out, then carry the rounding of their own size, not of
/// their distance from the origin. Positions are moved in f64, before any conversion to the
/// working precision, and the answer's points and every step's witnesses are moved back.
/// Nearer the origin nothing moves, so ordinary scenes keep their traces to the last bit;
/// only where the rounding of the bodies' distance from the origin leaves the verdict open
/// (proven neither apart nor overlapping) is the pair solved again in the centred frame, the
/// first run's steps discarded ([`Observer::discard`]): a ball of radius 96 resting 0.0032
/// deep in a slab 1,824 below the origin, in f32, is proven to overlap only there.
pub fn query<O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    match config.precision {
        Precision::F32 => plan::<f32, O>(a, b, config, warm, observer),
        Precision::F64 => plan::<f64, O>(a, b, config, warm, observer),
    }
}

/// The query's plan, its solvers run in precision `R`:
/// 1. a shortcut where one answers at once: the cores' closed form ([`closed_form`],
///    [`closed_answer`]), two boxes' separating axes ([`boxes`]);
/// 2. the frame to solve in ([`query_framed`], [`query_centred`]);
/// 3. the cores, their radii added back after ([`query_here`]);
/// 4. GJK's run on the bodies ([`query_whole`], [`run_grown`]);
/// 5. for an intersecting pair, the depth ([`deepen`]).
///
/// The shortcuts are inlined into each precision's branch of [`query`]: [`closed_answer`],
/// reached from both branches, would otherwise be left out of line, and a closed form, the
/// quickest answer there is, would pay for the call and for copying its answer out.
#[inline(always)]
fn plan<R: Real, O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    if let Some(cores) = closed_form::<R>(a, b, config) {
        return closed_answer(cores, config, observer);
    }
    // Two boxes asked only whether they overlap need no GJK (see [`boxes`]).
    if let Some(pair) = boxes::pair(
        (a.shape.shape(), a.pose, a.margin),
        (b.shape.shape(), b.pose, b.margin),
        config,
    ) && let Some(decided) = pair.decide::<R>(config)
    {
        if O::ENABLED {
            observer.on_step(decided.step());
        }
        return decided.finish();
    }
    solve_run::<R, O>(a, b, config, warm, observer)
}

/// The plan past its shortcuts: a core against a triangle in closed form, else GJK and EPA in
/// the frame the pair is best solved in. Kept out of line, so that the shortcuts' quick
/// answers do not pay for the run's state.
#[inline(never)]
fn solve_run<R: Real, O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    if let Some(cores) = closed_triangle::<R>(a, b, config) {
        return closed_answer(cores, config, observer);
    }
    // With nothing recorded there is no last step to hold back, and the answer is written
    // where the caller wants it (held back, the finish, a large record, is copied once more).
    if !O::ENABLED {
        return query_framed::<R, O>(a, b, config, warm, observer);
    }
    let mut answered = Answered {
        inner: observer,
        held: None,
    };
    let finish = query_framed::<R, _>(a, b, config, warm, &mut answered);
    answered.end(&finish);
    finish
}

/// [`query`] in the frame it is best solved in.
#[inline]
fn query_framed<R: Real, O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    let (anchor_a, anchor_b) = (a.anchor(), b.anchor());
    let origin = anchor_a * 0.5 + anchor_b * 0.5;
    let extent = a.shape.centred_radius()
        + b.shape.centred_radius()
        + a.margin
        + b.margin
        + (anchor_a - anchor_b).length();
    if !origin.is_finite() {
        return query_here::<R, O>(a, b, config, warm, observer);
    }
    if origin.length() <= 4.0 * extent {
        let finish = query_here::<R, O>(a, b, config, warm, observer);
        // The rounding allowance grows with the numbers the support points are made of. A
        // second run can decide only where the centred frame's allowance falls below what the
        // run estimates, the distance or the depth: a pair that truly touches stays open in
        // any frame, and is not solved twice.
        if finish.certificate.intersecting.is_some() || !decidable_centred(&finish, a, b, origin) {
            return finish;
        }
        observer.discard();
    }
    query_centred::<R, O>(a, b, origin, config, warm, observer)
}

/// Whether the open answer `finish` is worth solving again in the frame centred on `origin`:
/// that frame's numbers are smaller (so is its rounding allowance), and the run measured a
/// distance or a depth, which a smaller allowance can narrow into a verdict. Boolean GJK left
/// open at a touch (its simplex collapsed on the origin) stays open in any frame, and is not
/// solved twice.
fn decidable_centred(finish: &Finish, a: Placed<'_>, b: Placed<'_>, origin: DVec3) -> bool {
    let measured =
        finish.penetration.is_some() || matches!(finish.outcome, Outcome::Separated { .. });
    measured && a.moved(-origin).reach() + b.moved(-origin).reach() < a.reach() + b.reach()
}

/// [`query`] in the frame centred on `origin`, its answer and steps moved back.
fn query_centred<R: Real, O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    origin: DVec3,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    let mut shifted = Shifted {
        inner: observer,
        by: origin,
    };
    let finish = query_here::<R, _>(
        a.moved(-origin),
        b.moved(-origin),
        config,
        warm,
        &mut shifted,
    );
    finish.moved(origin)
}

/// [`query`] in the frame the poses are given in.
#[inline]
fn query_here<R: Real, O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    let ((core_a, radius_a), (core_b, radius_b)) = (a.core(), b.core());
    let split = config.radii.splits() && config.algorithm.measures_distance();
    // A cache's points belong to the bodies it was made on: cores, or the whole bodies.
    if split && radius_a + radius_b > 0.0 {
        let mut on_cores = OnCores::new(observer, [radius_a, radius_b]);
        let grown = radius_a + radius_b;
        let warm = warm.filter(|c| c.cores);
        let mut finish = query_whole::<R, _>(core_a, core_b, grown, config, warm, &mut on_cores);
        let allowance = allowance_for(R::EPSILON.to_f64(), core_a.reach() + core_b.reach());
        add_radii(&mut finish, [radius_a, radius_b], allowance, config);
        // Placed in f64 only where the bound is needed (cores touching, not proven apart).
        let along = |n: DVec3| Placed::overlap_along(core_a, core_b, n);
        bound_touching_cores(&mut finish, along, allowance, config);
        return finish;
    }
    query_whole::<R, O>(a, b, 0.0, config, warm.filter(|c| !c.cores), observer)
}

/// With `radii: closed`: the cores of two spheres or capsules (points or segments) in closed
/// form, in precision `R` (see [`crate::gjk::closed`]; a core against a triangle is
/// [`closed_triangle`]'s), and the frame they were solved in, or `None` where GJK must
/// answer. It is worked out in a frame centred between the two bodies, as [`query`] solves far
/// pairs, so that its rounding is of the bodies' size, not of their distance from the world's
/// origin. Boolean GJK's question is answered from it too:
/// the cores' proven distance against the radii decides it, as parry and Box2D decide a ball
/// and a capsule.
#[inline(always)]
fn closed_form<R: Real>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
) -> Option<(closed::Closest, DVec3, [f64; 2])> {
    let (cores, origin, radii) = closed_frame(a, b, config)?;
    let closest = closed_cores::<R>(cores, origin, config)?;
    Some((closest, origin, radii))
}

/// What a closed form starts from, with `radii: closed` and some radius to add back: the two
/// cores, the frame's origin between the bodies, and the radii.
#[inline(always)]
fn closed_frame<'p>(
    a: Placed<'p>,
    b: Placed<'p>,
    config: &SolverConfig,
) -> Option<([Placed<'p>; 2], DVec3, [f64; 2])> {
    if config.radii != Radii::Closed {
        return None;
    }
    let ((core_a, radius_a), (core_b, radius_b)) = (a.core(), b.core());
    if radius_a + radius_b <= 0.0 {
        return None;
    }
    let origin = a.anchor() * 0.5 + b.anchor() * 0.5;
    Some(([core_a, core_b], origin, [radius_a, radius_b]))
}

/// The closed form of two cores in precision `R`, in the frame centred on `origin`.
#[inline(always)]
fn closed_cores<R: Real>(
    [a, b]: [Placed<'_>; 2],
    origin: DVec3,
    config: &SolverConfig,
) -> Option<closed::Closest> {
    let segment = |c: Placed<'_>| {
        Segment::<R>::of(c.shape.shape(), c.pose.position - origin, c.pose.rotation)
    };
    closed::distance(&segment(a)?, &segment(b)?, config)
}

/// With `radii: closed`: a sphere's or a capsule's core against a triangle (a polytope of three
/// points, as each piece of a mesh is), in closed form, as [`closed_form`] answers two such
/// cores. Tried only once the shortcuts have not answered (from [`solve_run`]), so that the
/// two-segment closed form, the common one, keeps its small inlined code.
fn closed_triangle<R: Real>(
    a: Placed<'_>,
    b: Placed<'_>,
    config: &SolverConfig,
) -> Option<(closed::Closest, DVec3, [f64; 2])> {
    let ([core_a, core_b], origin, radii) = closed_frame(a, b, config)?;
    let placed = |c: Placed<'_>| (c.pose.position - origin, c.pose.rotation);
    let segment = |c: Placed<'_>| {
        let (position, rotation) = placed(c);
        Segment::<R>::of(c.shape.shape(), position, rotation)
    };
    let closest = match (segment(core_a), segment(core_b)) {
        (Some(sa), None) => {
            closed::with_triangle(&sa, (core_b.shape.shape(), placed(core_b)), false, config)
        }
        (None, Some(sb)) => {
            closed::with_triangle(&sb, (core_a.shape.shape(), placed(core_a)), true, config)
        }
        _ => None,
    }?;
    Some((closest, origin, radii))
}

/// The shapes' answer from their cores' closed form: the radii added, moved back from the
/// frame it was solved in, recorded as one step. The answer is built where it is returned
/// (a `Finish` is a large record: built in place, it is not copied on its way out).
#[inline(always)]
fn closed_answer<O: Observer>(
    (closest, origin, [radius_a, radius_b]): (closed::Closest, DVec3, [f64; 2]),
    config: &SolverConfig,
    observer: &mut O,
) -> Finish {
    let mut answer = closest.finish();
    add_radii_along(
        &mut answer,
        Some(closest.unit),
        [radius_a, radius_b],
        closest.allowance,
        config,
    );
    answer.move_by(origin);
    // The boolean question's answer: the bodies apart, without their points (as boolean GJK
    // answers); an overlap keeps its depth, as boolean GJK's goes on to EPA for it.
    if !config.algorithm.measures_distance()
        && let Outcome::Separated { .. } = answer.outcome
    {
        answer.outcome = Outcome::Disjoint;
    }
    // The step shows the cores; it states what the shapes' answer proves.
    if O::ENABLED
        && let Some(mut step) = closed::step(&closest.finish())
    {
        step.cores = Some([radius_a, radius_b]);
        step.certificate = Some(answer.certificate);
        step.radii = answer.radii;
        observer.on_step(step.moved(origin));
    }
    answer
}

/// The query on the bodies as they are, which are cores grown by `radius` when it is above 0
/// (the distance algorithms then aim their tolerance at the grown shapes' distance).
fn query_whole<R: Real, O: Observer>(
    a: Placed<'_>,
    b: Placed<'_>,
    radius: f64,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    let bodies = Bodies {
        grown_by: radius,
        strictly_convex: a.strictly_convex() && b.strictly_convex(),
    };
    run_grown(
        MinkowskiDifference::new(&a.body::<R>(), &b.body::<R>()),
        bodies,
        config,
        warm,
        observer,
    )
}

/// Runs the configured algorithm on `A ⊖ B` for bodies of any shapes, your own included (the
/// configured precision is the one `R` you built the bodies in).
pub fn run<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer>(
    cso: MinkowskiDifference<'_, R, A, B>,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    let bodies = Bodies {
        grown_by: 0.0,
        strictly_convex: false,
    };
    run_grown(cso, bodies, config, warm, observer)
}

/// What a run knows about its bodies beyond their support mappings.
#[derive(Debug, Clone, Copy)]
struct Bodies {
    /// They are cores, grown by this (the sum of the radii) afterwards (see [`crate::proof::radii`]).
    grown_by: f64,
    /// Both are strictly convex (accelerated runs blend their terms as they are; otherwise at
    /// unit length, see [`crate::gjk::momentum`]).
    strictly_convex: bool,
}

/// [`run`] on bodies described by `bodies`. Each algorithm's run hands its simplex to
/// [`deepen`] where it stands (a simplex and the answer are large records: neither is
/// copied; the answer is written in place).
fn run_grown<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer>(
    cso: MinkowskiDifference<'_, R, A, B>,
    bodies: Bodies,
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
    observer: &mut O,
) -> Finish {
    match config.algorithm {
        Algorithm::Distance | Algorithm::SignedVolumes => {
            let mut gjk = match warm {
                Some(cache) => DistanceGjk::warm_started(cso, config, cache),
                None => DistanceGjk::new(cso, config),
            };
            gjk.set_cores(bodies.grown_by);
            gjk.set_unit_momentum(!bodies.strictly_convex);
            let mut finish = gjk.run_traced(observer);
            observer.on_cache(|| gjk.cache());
            // Where the run stands matters only to an intersecting pair.
            let nearest = (finish.outcome == Outcome::Intersecting).then(|| gjk.nearest());
            deepen(cso, &mut finish, gjk.simplex(), nearest, config, observer);
            finish
        }
        Algorithm::Boolean => {
            let mut gjk = BooleanGjk::new(cso, config);
            let mut finish = gjk.run_traced(observer);
            deepen(cso, &mut finish, gjk.simplex(), None, config, observer);
            finish
        }
    }
}

/// Prepares both shapes and runs without recording, for a one-off query (a caller that
/// queries the same shapes again keeps its [`PreparedShape`]s and calls [`query`]).
pub fn solve(a: &BodySpec, b: &BodySpec, config: &SolverConfig) -> Finish {
    let (pa, pb) = (
        PreparedShape::new(a.shape.clone()),
        PreparedShape::new(b.shape.clone()),
    );
    query(
        Placed::new(&pa, a),
        Placed::new(&pb, b),
        config,
        None,
        &mut NoTrace,
    )
}

/// Prepares both shapes, runs and records every step (one-off, like [`solve`]).
pub fn trace(a: &BodySpec, b: &BodySpec, config: &SolverConfig) -> Trace {
    let (pa, pb) = (
        PreparedShape::new(a.shape.clone()),
        PreparedShape::new(b.shape.clone()),
    );
    let (a, b) = (Placed::new(&pa, a), Placed::new(&pb, b));
    Trace::record(|recorder| query(a, b, config, None, recorder))
}
