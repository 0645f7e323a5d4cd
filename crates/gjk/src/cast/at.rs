//! What a cast's answer says of the bodies at the time it reports, joined from a static query
//! and what the method proved on its way, so that its points lie within its bounds.

use super::{Ending, Gap};
use glam::DVec3;

/// What an answer says of the bodies at the time it reports: points of A and B near the
/// contact, the normal from A to B, and the proven bounds on their distance.
pub(super) struct At {
    pub points: (DVec3, DVec3),
    pub normal: Option<DVec3>,
    pub bounds: [f64; 2],
}

impl At {
    /// The static query's answer joined with what the method proved at the same time: the
    /// higher lower bound, and the lower upper bound among those whose points realise it (the
    /// method's own nearest points, or the query's), so that the points' distance always lies
    /// in the bounds reported, to the rounding of the points themselves (`epsilon` of their
    /// size, in the working precision). Where neither pair does (a tetrahedron that proves an
    /// overlap but is too thin for the points its weights make to meet), the nearer pair is
    /// reported with the upper bound raised to its distance: a weaker bound, still a true
    /// one. Two proofs whose lower and upper bounds cross by their rounding keep the lower
    /// bound at the upper: it stays a true lower bound.
    pub(super) fn with(mut self, ending: &Ending, epsilon: f64) -> At {
        let apart = |(a, b): (DVec3, DVec3)| (b - a).length();
        let mine = (self.points, self.bounds[1]);
        let theirs = ending.points.map(|p| (p, ending.bounds[1]));
        let fits = |&((a, b), upper): &((DVec3, DVec3), f64)| {
            apart((a, b)) <= upper + 8.0 * epsilon * (a.length() + b.length())
        };
        let (points, upper) = match (fits(&mine), theirs.filter(fits)) {
            (true, Some(t)) if t.1 < mine.1 => t,
            (true, _) => mine,
            (false, Some(t)) => t,
            (false, None) => {
                let nearer = match theirs {
                    Some(t) if apart(t.0) < apart(mine.0) => t,
                    _ => mine,
                };
                (nearer.0, nearer.1.max(apart(nearer.0)))
            }
        };
        self.points = points;
        self.bounds[1] = upper;
        self.bounds[0] = self.bounds[0].max(ending.bounds[0]).min(upper);
        self
    }

    /// A static query's answer, with the normal a method found on its way preferred to the
    /// query's own.
    pub(super) fn of(gap: &Gap, hint: Option<DVec3>) -> At {
        At {
            points: gap.points,
            normal: hint.or(gap.normal),
            bounds: gap.bounds(),
        }
    }
}
