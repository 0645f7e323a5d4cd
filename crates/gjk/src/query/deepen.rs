//! After GJK: an intersecting pair's depth, normal and contact points, from GJK's own plane
//! for a touch it proves, else from EPA, and what EPA's polytope proves beyond GJK's own
//! certificate.

use crate::config::SolverConfig;
use crate::epa::{penetrate, touching};
use crate::gjk::distance::Nearest;
use crate::real::Real;
use crate::shape::cso::MinkowskiDifference;
use crate::shape::support::SupportMap;
use crate::simplex::Simplex;
use crate::trace::{Finish, GjkStop, Observer, Outcome, Termination};

/// An intersecting pair goes on to EPA from GJK's last `simplex` for its depth, normal and
/// contact points, unless `epa: false`, or the pair touches and one of GJK's own support
/// planes proves its contact (see [`touching`]; a distance run says where it stands,
/// `nearest`). Only a touch GJK proved is answered so: where its bounds did not prove it,
/// EPA's polytope may prove an overlap.
#[inline]
pub(super) fn deepen<R: Real, A: SupportMap<R>, B: SupportMap<R>, O: Observer>(
    cso: MinkowskiDifference<'_, R, A, B>,
    finish: &mut Finish,
    simplex: &Simplex<R>,
    nearest: Option<Nearest<R>>,
    config: &SolverConfig,
    observer: &mut O,
) {
    if finish.outcome != Outcome::Intersecting || !config.epa || simplex.is_empty() {
        return;
    }
    let touched = matches!(
        finish.termination,
        Termination::Gjk(
            GjkStop::DistanceBelowTolerance { .. } | GjkStop::IntersectionFound { .. }
        )
    ) && finish.certificate.intersecting == Some(true);
    if let Some(nearest) = nearest.filter(|_| touched)
        && let Some(contact) = touching(&cso, simplex.vertices(), nearest, config)
    {
        finish.penetration = Some(contact);
        return;
    }
    let ((mut penetration, termination), epa_iterations) =
        penetrate(cso, simplex, config, finish.iterations, observer);
    // EPA's polytope closes round the origin, its corners points of A ⊖ B: a depth proven
    // above zero proves the overlap, where GJK's last tetrahedron was too flat to (two
    // prisms 1e5 out, overlapping by 5), and the distance is then 0 exactly, where GJK
    // found only a touch within its tolerance (a box sunk 0.02 into a slab, the origin on
    // a face of GJK's simplex: "touch" would say less than is proven).
    if penetration
        .depth_bounds
        .is_some_and(|[lower, _]| lower > 0.0)
    {
        match finish.certificate.intersecting {
            None => finish.certificate = crate::trace::Certificate::ENCLOSED,
            // Unless a support plane proved them apart (below).
            Some(true) if finish.certificate.distance_bounds[0] <= 0.0 => {
                finish.certificate.distance_bounds = [0.0, 0.0];
            }
            _ => {}
        }
    }
    // A plane that proved the bodies apart (touching only within a loose absolute
    // tolerance) leaves no depth above zero proven, whatever EPA's polytope says.
    if finish.certificate.distance_bounds[0] > 0.0
        && let Some(bounds) = &mut penetration.depth_bounds
        && bounds[0] > 0.0
    {
        bounds[0] = 0.0;
        penetration.certified = false;
    }
    // One `certified` for the whole answer: every number it gives, the depth included.
    finish.certificate.certified &= penetration.certified;
    finish.penetration = Some(penetration);
    finish.epa_termination = Some(termination);
    finish.epa_iterations = epa_iterations;
}
