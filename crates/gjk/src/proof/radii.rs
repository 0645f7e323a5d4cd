//! Cores and radii (`radii: split`): a sphere is a point grown by its radius, a capsule a
//! segment grown by its radius, a rounded shape its core grown by its margin. GJK runs on the
//! cores, where it converges in a few steps, and the radii are added back here, exactly (the
//! way Jolt's convex radius and Box2D's rounded polygons work).
//!
//! ```text
//!        core A ●───────── d ─────────● core B       d = the cores' distance (GJK)
//!            ╰ r_A ╯                ╰ r_B ╯           r = r_A + r_B
//!   d > r   the shapes are apart by d − r
//!   d ≤ r   they overlap by r − d, along the same line: exact, no EPA
//!   cores overlap (d = 0)   EPA on the cores, its depth + r
//! ```

use crate::config::SolverConfig;
use crate::trace::{
    Certificate, CoreCase, CoreRadii, Finish, Observer, Outcome, Penetration, PrecisionLimit,
    SimplexCache, Step,
};
use glam::DVec3;

/// Turns the cores' answer into the shapes' (in place): each shape is its core grown by its radius, so
/// the shapes' distance is the cores' minus `r = radius_a + radius_b`, and along the same line.
///
/// ```text
///   cores apart by d > r      apart by d − r; the closest points move out by their radii
///   cores apart by d ≤ r      overlap by r − d along the cores' closest line: exact, no EPA
///   cores overlap by e        EPA ran on the cores: overlap by e + r along EPA's normal
/// ```
///
/// The proof carries over: the cores' distance bounds `[lo, hi]` become `[lo − r, hi − r]`
/// (floored at 0). Overlap is proven when `hi ≤ r`, separation when `lo > r`; between the two
/// the verdict is not proven, and the finish says so. `allowance` is the rounding the cores'
/// support points may carry: the query gives the full one for their reach
/// ([`crate::proof::bounds::allowance_for`], at least what the run's own bounds allowed), the
/// closed form its own. The bounds are judged tight by the same rule as a run on the whole
/// shapes, which allows for it.
#[inline]
pub fn add_radii(
    finish: &mut Finish,
    [radius_a, radius_b]: [f64; 2],
    allowance: f64,
    config: &SolverConfig,
) {
    add_radii_along(finish, None, [radius_a, radius_b], allowance, config);
}

/// [`add_radii`], given the unit direction from A's core to B's where the caller has it (the
/// closed form divides by the distance anyway): one square root and division fewer.
#[inline(always)]
pub fn add_radii_along(
    finish: &mut Finish,
    unit: Option<DVec3>,
    [radius_a, radius_b]: [f64; 2],
    allowance: f64,
    config: &SolverConfig,
) {
    let r = radius_a + radius_b;
    let [lo, hi] = finish.certificate.distance_bounds;
    // Shapes closer than the absolute tolerance touch, as in a run on the whole shapes.
    let touching = r + config.abs_tolerance;
    // What the bounds may be off by on their own: the support points' rounding on each side,
    // and the rounding of adding the radii.
    let rounding = 2.0 * allowance
        + crate::config::thresholds::arithmetic_rounding(config.precision.epsilon(), hi + r);
    let case = match finish.outcome {
        Outcome::Separated {
            distance,
            point_a,
            point_b,
        } => {
            // The unit direction from A's core towards B's, which the surfaces share.
            let n = unit.unwrap_or_else(|| (point_b - point_a).try_normalize().unwrap_or(DVec3::X));
            let (point_a, point_b) = (point_a + n * radius_a, point_b - n * radius_b);
            if distance > touching {
                finish.outcome = Outcome::Separated {
                    distance: distance - r,
                    point_a,
                    point_b,
                };
                CoreCase::Apart
            } else {
                finish.outcome = Outcome::Intersecting;
                // r − d, to the cores' bounds on d.
                let bounds = [(r - hi).max(0.0), (r - lo).max(0.0)];
                // The reported core distance may sit a rounding outside its proven bounds.
                let depth = (r - distance).clamp(bounds[0], bounds[1]);
                finish.penetration = Some(Penetration {
                    depth,
                    normal: n,
                    point_a,
                    point_b,
                    depth_bounds: Some(bounds),
                    certified: depth_tight(bounds, rounding, config),
                });
                CoreCase::Shallow
            }
        }
        Outcome::Intersecting => {
            if let Some(p) = &mut finish.penetration {
                grow_depth(p, r, [lo, hi], rounding, config);
                p.point_a += p.normal * radius_a;
                p.point_b -= p.normal * radius_b;
            }
            CoreCase::CoresOverlap
        }
        // Boolean GJK measures no distance and is never split.
        Outcome::Disjoint | Outcome::Undecided => return,
    };
    let intersecting = if hi <= touching {
        Some(true)
    } else if lo > r {
        Some(false)
    } else {
        None
    };
    // A separated answer must have its distance hi − r within the relative tolerance: the
    // bounds' width is unchanged by the radii, the answer smaller. The run on the cores aimed
    // its gap test at that (see `DistanceGjk::on_cores`); what it met, up to the rounding of
    // the bounds themselves, is checked here. A proven contact is certified when its depth is
    // (one `certified` for every number an answer gives), whatever stopped the run on the cores:
    // a sphere resting on a turned box ended on a repeated support point with the contact
    // proven to 7e-15.
    let tight = hi - lo <= config.rel_tolerance * (hi - r).max(config.abs_tolerance) + rounding;
    let certified = match (intersecting, case) {
        (Some(true), _) => finish.penetration.is_none_or(|p| p.certified),
        (Some(false), CoreCase::Apart) => tight,
        _ => false,
    };
    finish.certificate = Certificate {
        intersecting,
        certified,
        distance_bounds: [(lo - r).max(0.0), (hi - r).max(0.0)],
        limit: None,
    };
    // The shapes' distance is smaller than the cores': what the tolerance asks of it is
    // judged again, against the cores' rounding (only a separation left uncertified can have
    // a limit; the closed form's answers, the quickest there are, skip the judging).
    if intersecting == Some(false) && !certified {
        finish.certificate.limit = PrecisionLimit::judge(
            &finish.certificate,
            finish.termination,
            config.rel_tolerance,
            allowance,
            config.precision,
        );
    }
    finish.radii = Some(CoreRadii {
        radius_a,
        radius_b,
        core_distance_bounds: [lo, hi],
        case,
        answer: match finish.outcome {
            Outcome::Separated { distance, .. } => distance,
            _ => finish.penetration.map_or(0.0, |p| p.depth),
        },
    });
}

/// Cores found touching only within the absolute tolerance, not proven apart (their lower
/// distance bound 0), may overlap: the depth's upper bound `r − 0 = r` then holds for nothing
/// (a capsule whose segment pierces a flat polygon overlaps it deeper than its radius). What
/// bounds it still is the cores' support planes along the normal `n`: moving B by
/// `h_A(n) + h_B(−n) + r` along it clears them (`along(n)`: the cores' `h_A(n) + h_B(−n)`,
/// worked out in f64; `allowance`: its rounding). Cores proven apart keep `r − lo`.
pub fn bound_touching_cores(
    finish: &mut Finish,
    along: impl FnOnce(DVec3) -> f64,
    allowance: f64,
    config: &SolverConfig,
) {
    let Some(radii) = finish.radii else {
        return;
    };
    let Some(p) = &mut finish.penetration else {
        return;
    };
    if radii.case != CoreCase::Shallow || radii.core_distance_bounds[0] > 0.0 {
        return;
    }
    let Some([lower, _]) = p.depth_bounds else {
        return;
    };
    let upper = along(p.normal) + radii.radius_a + radii.radius_b + allowance;
    if !upper.is_finite() {
        p.depth_bounds = None;
        p.certified = false;
        finish.certificate.certified = false;
        return;
    }
    let upper = upper.max(lower);
    p.depth_bounds = Some([lower, upper]);
    p.depth = p.depth.clamp(lower, upper);
    p.certified = depth_tight([lower, upper], 2.0 * allowance, config);
    finish.certificate.certified &= p.certified;
}

/// EPA's depth of the cores grown into the shapes' by `r`, for cores whose distance lies in
/// `[lo, hi]`. Where the cores' overlap is proven (a tetrahedron enclosed the origin, `hi = 0`,
/// or EPA's polytope holds it deeper than 0, where no plane proved the cores apart) the shapes
/// overlap by the cores' depth plus `r`. Cores found only to touch within the absolute
/// tolerance may be apart by up to `hi`: then all that is proven is an overlap of `r − hi`.
/// (Adding `r` to both bounds there proved a depth of at least `r` for a sphere 0.039 from a
/// flat hull, with a loose tolerance.) The upper bound holds either way: B moved by it along
/// the normal clears the cores by `r`.
fn grow_depth(
    p: &mut Penetration,
    r: f64,
    [lo, hi]: [f64; 2],
    rounding: f64,
    config: &SolverConfig,
) {
    let proven = hi == 0.0 || lo == 0.0 && p.depth_bounds.is_some_and(|[lower, _]| lower > 0.0);
    p.depth += r;
    p.depth_bounds = p.depth_bounds.map(|[lower, upper]| {
        let lower = if proven { lower + r } else { (r - hi).max(0.0) };
        [lower, upper + r]
    });
    if let Some(bounds) = p.depth_bounds {
        p.depth = p.depth.clamp(bounds[0], bounds[1]);
        p.certified = depth_tight(bounds, rounding, config);
    }
}

/// Whether depth bounds are as tight as EPA's convergence test makes them at that depth
/// (`epa_tolerance` of it, at least `abs_tolerance`), up to the bounds' own `rounding`: the
/// rule EPA certifies its own depth by.
fn depth_tight([lower, upper]: [f64; 2], rounding: f64, config: &SolverConfig) -> bool {
    upper - lower <= (config.epa_tolerance * upper).max(config.abs_tolerance) + rounding
}

/// The observer of a run on the cores: marks every step with the cores' radii (the query then
/// ends the trace with how the radii turned the answer).
#[derive(Debug)]
pub struct OnCores<'o, O: Observer> {
    inner: &'o mut O,
    radii: [f64; 2],
}

impl<'o, O: Observer> OnCores<'o, O> {
    /// Marks every step handed to `inner` with the cores' `radii`.
    pub fn new(inner: &'o mut O, radii: [f64; 2]) -> Self {
        OnCores { inner, radii }
    }
}

impl<O: Observer> Observer for OnCores<'_, O> {
    const ENABLED: bool = O::ENABLED;

    fn on_step(&mut self, mut step: Step) {
        step.cores = Some(self.radii);
        self.inner.on_step(step);
    }

    /// A cache's points belong to the bodies it was made on: these are the cores.
    fn on_cache(&mut self, cache: impl FnOnce() -> SimplexCache) {
        self.inner.on_cache(|| SimplexCache {
            cores: true,
            ..cache()
        });
    }

    fn discard(&mut self) {
        self.inner.discard();
    }
}
