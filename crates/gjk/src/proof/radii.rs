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
    Certificate, CoreCase, CoreRadii, Finish, Observer, Outcome, Penetration, Step,
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
/// the verdict is not proven, and the finish says so.
#[inline]
pub fn add_radii(finish: &mut Finish, radius_a: f64, radius_b: f64, config: &SolverConfig) {
    add_radii_along(finish, None, radius_a, radius_b, config);
}

/// [`add_radii`], given the unit direction from A's core to B's where the caller has it (the
/// closed form divides by the distance anyway): one square root and division fewer.
#[inline]
pub fn add_radii_along(
    finish: &mut Finish,
    unit: Option<DVec3>,
    radius_a: f64,
    radius_b: f64,
    config: &SolverConfig,
) {
    let r = radius_a + radius_b;
    let [lo, hi] = finish.certificate.distance_bounds;
    // Shapes closer than the absolute tolerance touch, as in a run on the whole shapes.
    let touching = r + config.abs_tolerance;
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
                let rounding = 4.0 * config.precision.epsilon() * r;
                let allowed = (config.epa_tolerance * bounds[1]).max(config.abs_tolerance);
                finish.penetration = Some(Penetration {
                    depth,
                    normal: n,
                    point_a,
                    point_b,
                    depth_bounds: Some(bounds),
                    certified: bounds[1] - bounds[0] <= allowed + rounding,
                });
                CoreCase::Shallow
            }
        }
        Outcome::Intersecting => {
            if let Some(p) = &mut finish.penetration {
                p.depth += r;
                p.depth_bounds = p.depth_bounds.map(|[lo, hi]| [lo + r, hi + r]);
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
    // A proven contact is certified, as in a run on the whole shapes (its depth is EPA's
    // business, or here r − d to the cores' bounds), whatever stopped the run on the cores: a
    // sphere resting on a turned box ended on a repeated support point with the contact
    // proven to 7e-15. A separated answer must have its distance hi − r within the relative
    // tolerance: the bounds' width is unchanged by the radii, the answer smaller. The run on
    // the cores aimed its gap test at that (see `DistanceGjk::on_cores`); what it met, up to
    // the rounding of the bounds themselves, is checked here.
    let rounding = 4.0 * config.precision.epsilon() * hi;
    let tight = hi - lo <= config.rel_tolerance * (hi - r).max(config.abs_tolerance) + rounding;
    let certified = match (intersecting, case) {
        (Some(true), _) => true,
        (Some(false), CoreCase::Apart) => tight,
        _ => false,
    };
    finish.certificate = Certificate {
        intersecting,
        certified,
        distance_bounds: [(lo - r).max(0.0), (hi - r).max(0.0)],
    };
    finish.radii = Some(CoreRadii {
        radius_a,
        radius_b,
        core_distance_bounds: [lo, hi],
        case,
    });
}

/// The observer of a run on the cores: marks every step with the cores' radii (the query then
/// ends the trace with how the radii turned the answer).
#[derive(Debug)]
pub struct OnCores<'o, O: Observer> {
    inner: &'o mut O,
    radii: [f64; 2],
}

impl<'o, O: Observer> OnCores<'o, O> {
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
}
