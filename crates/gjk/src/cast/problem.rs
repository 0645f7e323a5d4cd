//! The question every cast method asks: how far apart are the bodies at time `t`, proven? The
//! two moving bodies and their settings ([`Problem`]), the static distance query a cast runs
//! ([`distance`], answering a [`Gap`]), and the same question again in f64 where the working
//! precision cannot decide ([`Exact`]).

use super::{CastSettings, Mover};
use crate::config::{Algorithm, SolverConfig};
use crate::epa::penetrate;
use crate::gjk::distance::DistanceGjk;
use crate::gjk::stepper::Steppable;
use crate::proof::bounds::full_allowance;
use crate::proof::radii::{add_radii, bound_touching_cores};
use crate::real::{Real, Vector, unit_or_zero};
use crate::shape::body::Body;
use crate::shape::cso::MinkowskiDifference;
use crate::shape::support::SupportMap;
use crate::trace::SimplexCache;
use crate::trace::{Finish, NoTrace, Outcome};
use glam::DVec3;

/// The questions asked of the bodies in f64 (on the same shapes) where the working precision
/// cannot decide (see [`Problem::judge`]).
pub(crate) trait Exact {
    /// The static distance at time `t`.
    fn gap(&self, t: f64, warm: Option<&SimplexCache>) -> Gap;
    /// The same, computed with both bodies moved by `-centre` (the answer's points moved back).
    fn gap_about(&self, t: f64, centre: DVec3) -> Gap;
    /// A lower bound on the bodies' separation along the unit direction `n` (from A to B) at
    /// time `t`: `min n·b − max n·a` over the bodies, from one support point of each, less
    /// their rounding. It needs no GJK run and no convergence.
    fn separation(&self, t: f64, n: DVec3) -> f64;
}

/// Both movers with their margins split off when `split`, and the radii that came off them.
pub(super) fn split_off<'s, A, B>(
    a: Mover<'s, A>,
    b: Mover<'s, B>,
    split: bool,
) -> (Mover<'s, A>, Mover<'s, B>, [f64; 2]) {
    let radii = if split {
        [a.margin, b.margin]
    } else {
        [0.0; 2]
    };
    (a.split(split), b.split(split), radii)
}

/// Two movers as the [`Exact`] questions' bodies (in f64 for prepared shapes; for shapes of
/// your own, in their own precision).
pub(super) struct Bodies<'s, R, A, B> {
    a: Mover<'s, A>,
    b: Mover<'s, B>,
    radii: [f64; 2],
    config: SolverConfig,
    precision: std::marker::PhantomData<R>,
}

impl<'s, R: Real, A: SupportMap<R>, B: SupportMap<R>> Bodies<'s, R, A, B> {
    /// `a` and `b` with their margins split off when `split`.
    pub(super) fn new(
        a: Mover<'s, A>,
        b: Mover<'s, B>,
        split: bool,
        config: &SolverConfig,
    ) -> Self {
        let (a, b, radii) = split_off(a, b, split);
        Bodies {
            radii,
            a,
            b,
            config: distance_config(config),
            precision: std::marker::PhantomData,
        }
    }
}

impl<R: Real, A: SupportMap<R>, B: SupportMap<R>> Exact for Bodies<'_, R, A, B> {
    fn gap(&self, t: f64, warm: Option<&SimplexCache>) -> Gap {
        let (a, b) = (self.a.body::<R>(t), self.b.body::<R>(t));
        distance(&a, &b, self.radii, &self.config, warm)
    }

    fn gap_about(&self, t: f64, centre: DVec3) -> Gap {
        let (a, b) = (self.a.moved(-centre), self.b.moved(-centre));
        let (a, b) = (a.body::<R>(t), b.body::<R>(t));
        let mut gap = distance(&a, &b, self.radii, &self.config, None);
        gap.points = (gap.points.0 + centre, gap.points.1 + centre);
        gap
    }

    fn separation(&self, t: f64, n: DVec3) -> f64 {
        let (a, b) = (self.a.body::<R>(t), self.b.body::<R>(t));
        let cso = MinkowskiDifference::new(&a, &b);
        let d = R::vec(n);
        let (pa, pb) = (Vector::to_f64(a.support(d)), Vector::to_f64(b.support(-d)));
        let s = n.dot(pb) - n.dot(pa) - self.radii[0] - self.radii[1];
        s - full_allowance(&cso)
    }
}

/// What every method is given: the two moving bodies, the settings and the static queries'
/// configuration.
pub(crate) struct Problem<'s, A, B> {
    /// The bodies' shapes in motion, with no margin when the radii are split off.
    pub a: Mover<'s, A>,
    pub b: Mover<'s, B>,
    /// The radii split off each body (zero when not split): its static queries run on the
    /// shapes and add these afterwards.
    pub radii: [f64; 2],
    pub settings: CastSettings,
    pub config: SolverConfig,
    /// The same questions in f64, for times the working precision cannot decide.
    pub exact: &'s dyn Exact,
}

impl<A, B> Problem<'_, A, B> {
    /// The bodies at time `t` in precision `R` (their cores when the radii are split off).
    pub fn bodies<R: Real>(&self, t: f64) -> (Body<R, &A>, Body<R, &B>)
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        (self.a.body::<R>(t), self.b.body::<R>(t))
    }

    /// The static distance at time `t`, good enough to decide: in the working precision when
    /// its bounds say either "a step is safe" (lower above the target) or "within the
    /// tolerance" (upper at most target + tolerance); otherwise asked again in f64, and the
    /// tighter of the two answers kept. Near contact an f32 query on metre-sized bodies proves
    /// bounds a few 1e-6 wide, about the default f32 tolerance; the f64 query proves them to
    /// 1e-15 of the bodies' size.
    pub fn judge<R: Real>(&self, t: f64, warm: Option<&SimplexCache>) -> Gap
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        self.judge_within::<R>(t, warm, self.config.rel_tolerance)
    }

    /// [`Self::judge`], with the working precision's query stopping once its bounds meet to
    /// `rel` of the distance (never looser than the configured tolerance asks). Advancement
    /// far from contact needs only a lower bound near the distance to take a long step, and a
    /// curved pair's GJK takes most of its iterations on the last digits.
    pub fn judge_within<R: Real>(&self, t: f64, warm: Option<&SimplexCache>, rel: f64) -> Gap
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let mut config = self.config;
        config.rel_tolerance = config.rel_tolerance.max(rel);
        let (a, b) = self.bodies::<R>(t);
        let gap = distance(&a, &b, self.radii, &config, warm);
        let [lower, upper] = gap.bounds();
        let (target, tolerance) = (self.settings.target, self.settings.tolerance);
        if lower > target || upper <= target + tolerance {
            return gap;
        }
        let tighter = |x: Gap, y: Gap| if y.width() < x.width() { y } else { x };
        let gap = tighter(gap, self.exact.gap(t, None));
        let [lower, upper] = gap.bounds();
        if lower > target || upper <= target + tolerance {
            return gap;
        }
        // Still undecided: GJK near contact resolves the distance only to about √ε of the
        // features' size (1.8e-6 where a 680-unit face meets a vertex: its last simplex comes
        // from numbers of that size). Asked again about the contact itself, the witnesses are
        // small numbers and the same run ends within 1e-10.
        let (a, b) = gap.points;
        let contact = a * 0.5 + b * 0.5;
        if contact.is_finite() {
            tighter(gap, self.exact.gap_about(t, contact))
        } else {
            gap
        }
    }

    /// How fast the bodies can close along the unit direction `n` (from A to B), as a linear
    /// part `(v_A − v_B)·n` and an angular part `‖ω_A‖ r_A + ‖ω_B‖ r_B`, where `r` is how far
    /// the body's core reaches from the point it turns about. A body is its core grown by a
    /// ball (its split-off radius, or its margin), and a ball looks the same however it turns:
    /// the body's support along `n` is its core's plus the radius, so only the core's points
    /// move the separation, none faster than `‖ω‖ r` along `n`. (A turning ball is a point
    /// that does not move: its steps are as long as if it did not turn.)
    pub fn closing<R: Real>(&self, n: DVec3) -> (f64, f64)
    where
        A: SupportMap<R>,
        B: SupportMap<R>,
    {
        let (a, b) = (&self.a, &self.b);
        let linear = (a.motion.velocity - b.motion.velocity).dot(n);
        let angular =
            a.motion.angular.length() * a.reach::<R>() + b.motion.angular.length() * b.reach::<R>();
        (linear, angular)
    }
}

/// A static distance query's answer, as the casts use it: on the whole shapes (radii added
/// back when they were split off).
pub(crate) struct Gap {
    pub finish: Finish,
    /// The closest points of A and B the run ended with (touching pairs included), on the
    /// shapes' surfaces.
    pub points: (DVec3, DVec3),
    /// The unit direction from A's core point to B's (`None` when they coincide).
    pub normal: Option<DVec3>,
    /// Along which the lower bound on the distance was proven (zero when none was).
    pub separating: DVec3,
    /// To warm-start the next query at a nearby time.
    pub cache: SimplexCache,
}

impl Gap {
    /// The proven bounds on the distance.
    pub fn bounds(&self) -> [f64; 2] {
        self.finish.certificate.distance_bounds
    }

    fn width(&self) -> f64 {
        let [lower, upper] = self.bounds();
        upper - lower
    }
}

/// The static distance between two bodies, for the casts: distance GJK without EPA (a cast only
/// needs to know how far apart the bodies are, and that they touch), warm-started from `warm`.
/// The bodies are cores grown by `radii` afterwards when those are above zero.
pub(crate) fn distance<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: &Body<R, A>,
    b: &Body<R, B>,
    radii: [f64; 2],
    config: &SolverConfig,
    warm: Option<&SimplexCache>,
) -> Gap {
    let cso = MinkowskiDifference::new(a, b);
    let grown = radii[0] + radii[1];
    let mut gjk = match warm {
        Some(cache) => DistanceGjk::warm_started(cso, config, cache),
        None => DistanceGjk::new(cso, config),
    };
    gjk.set_cores(grown);
    let mut finish = gjk.run_traced(&mut NoTrace);
    let (a, b) = gjk.closest_points();
    let n = unit_or_zero::<f64>(b - a);
    if grown > 0.0 {
        add_radii(&mut finish, radii, full_allowance(&cso), config);
    }
    Gap {
        finish,
        points: surface_points((a, b), radii),
        normal: (n != DVec3::ZERO).then_some(n),
        separating: gjk.separating_direction(),
        cache: gjk.cache(),
    }
}

/// Points of the shapes from their cores' points `a` and `b`: each pushed out by its radius
/// along the line between them, so that their distance is the cores' less the radii. Where the
/// cores are closer than the radii the shapes overlap there, and both are the one point of that
/// line that both shapes hold (within `radius_a` of `a` and `radius_b` of `b`): pushed out,
/// they would cross, and their distance would be a depth, not the shapes' distance.
pub(crate) fn surface_points((a, b): (DVec3, DVec3), radii: [f64; 2]) -> (DVec3, DVec3) {
    let grown = radii[0] + radii[1];
    if grown <= 0.0 {
        return (a, b);
    }
    let d = (b - a).length();
    if d < grown {
        let p = a + (b - a) * (radii[0] / grown);
        return (p, p);
    }
    let n = (b - a) / d;
    (a + n * radii[0], b - n * radii[1])
}

/// How deep and along which normal (from A to B) two bodies that a static query proved to
/// overlap overlap: EPA on the query's simplex, radii added, as a static query answers
/// ([`crate::query`]). `None` when EPA has nothing to start from.
pub(super) fn depth<R: Real, A: SupportMap<R>, B: SupportMap<R>>(
    a: &Body<R, A>,
    b: &Body<R, B>,
    radii: [f64; 2],
    config: &SolverConfig,
) -> Option<(f64, DVec3)> {
    let cso = MinkowskiDifference::new(a, b);
    let mut gjk = DistanceGjk::new(cso, config);
    gjk.set_cores(radii[0] + radii[1]);
    let mut finish = gjk.run_traced(&mut NoTrace);
    if finish.outcome == Outcome::Intersecting && !gjk.simplex().is_empty() {
        let (answer, _) = penetrate(cso, gjk.simplex(), config, finish.iterations, &mut NoTrace);
        finish.penetration = Some(answer.0);
    }
    if radii[0] + radii[1] > 0.0 {
        add_radii(&mut finish, radii, full_allowance(&cso), config);
        let along = |n: DVec3| {
            let (sa, sb) = (a.support(R::vec(n)), b.support(R::vec(-n)));
            n.dot(sa.to_f64()) - n.dot(sb.to_f64())
        };
        bound_touching_cores(&mut finish, along, full_allowance(&cso), config);
    }
    let p = finish.penetration?;
    (p.normal != DVec3::ZERO && p.normal.is_finite() && p.depth.is_finite())
        .then_some((p.depth, p.normal))
}

/// The configuration the casts' static queries run with: the scenario's tolerances, signed
/// volumes as the subalgorithm (Montanari et al.: the fastest of the distance variants; a
/// cast's static queries are proofs, not lessons, and every variant's answer carries the same
/// certificate), and at least the default iteration cap (a cast asks many questions near
/// contact; a cap of 1 or 2, set to step through one query, would leave every one of them
/// unproven).
pub(super) fn distance_config(config: &SolverConfig) -> SolverConfig {
    let mut c = *config;
    c.algorithm = Algorithm::SignedVolumes;
    let default = SolverConfig::default_for(c.algorithm, c.precision);
    c.max_iterations = c.max_iterations.max(default.max_iterations);
    c.epa_max_iterations = c.epa_max_iterations.max(default.epa_max_iterations);
    c
}
