//! What every answer must satisfy whatever its pair, with no truth to compare against: each
//! number it gives lies inside what it proves. Bounds do not cross; a separated pair's distance
//! and closest points lie within its distance bounds; an overlapping pair's depth within its
//! depth bounds; a depth above zero is proven only for a proven overlap, and
//! never for shapes the distance bounds prove apart; a cast's points at its time lie within the
//! bounds it gives there; an overlapping answer's contact points (its own pair and its
//! manifold's) lie on its shapes and within its depth bounds.

use crate::cast::{CastAnswer, CastStatus};
use crate::manifold::Stage;
use crate::query::{Placed, proven_outside};
use crate::scenario::Scenario;
use crate::shape::BodySpec;
use crate::trace::{Finish, Outcome};

/// How much the scenario's numbers may be rounded, in its working precision, by the few
/// operations between a support point and an answer's point: `64ε` of how far the bodies
/// reach from the world's origin, `moved` further (a translated copy, a cast's travel).
pub(super) fn rounding(s: &Scenario, moved: f64) -> f64 {
    let reach = |b: &BodySpec| b.position.length() + b.shape.bounding_radius() + b.margin;
    64.0 * s.solver.precision.epsilon() * (reach(&s.a) + reach(&s.b) + moved)
}

/// `x` outside `[lo, hi]` by more than `slack`.
fn outside(x: f64, [lo, hi]: [f64; 2], slack: f64) -> bool {
    x < lo - slack || x > hi + slack
}

/// What is wrong with a static answer's own numbers, if anything (`slack`: see [`rounding`]).
pub(super) fn static_answer(f: &Finish, slack: f64) -> Option<String> {
    let c = f.certificate;
    let bounds @ [lower, upper] = c.distance_bounds;
    if lower > upper + slack {
        return Some(format!("distance bounds [{lower:e}, {upper:e}] cross"));
    }
    if let Outcome::Separated {
        distance,
        point_a,
        point_b,
    } = f.outcome
    {
        let apart = (point_b - point_a).length();
        if outside(distance, bounds, slack) || outside(apart, bounds, slack) {
            return Some(format!(
                "distance {distance:e}, closest points {apart:e} apart, bounds [{lower:e}, {upper:e}]"
            ));
        }
    }
    let p = f.penetration?;
    let depth @ [shallowest, deepest] = p.depth_bounds?;
    if shallowest > deepest + slack || outside(p.depth, depth, slack) {
        return Some(format!(
            "depth {:e}, depth bounds [{shallowest:e}, {deepest:e}]",
            p.depth
        ));
    }
    if shallowest > slack && (lower > slack || c.intersecting != Some(true)) {
        return Some(format!(
            "a depth of at least {shallowest:e} where the overlap is not proven ({:?}, \
             distance bounds [{lower:e}, {upper:e}])",
            c.intersecting
        ));
    }
    None
}

/// What is wrong with a cast's numbers at its time, if anything: its bounds cross, or its
/// points lie outside them. (A cast that starts overlapping reports deepest points, not a
/// pair at a distance.)
pub(super) fn cast_answer(answer: &CastAnswer, slack: f64) -> Option<String> {
    let bounds @ [lower, upper] = answer.distance_bounds?;
    if lower > upper + slack {
        return Some(format!("bounds [{lower:e}, {upper:e}] cross"));
    }
    if matches!(answer.status, CastStatus::OverlappingAtStart { .. }) {
        return None;
    }
    let (a, b) = (answer.point_a?, answer.point_b?);
    let apart = (b - a).length();
    outside(apart, bounds, slack).then(|| {
        format!(
            "{}: its points are {apart:e} apart, its bounds [{lower:e}, {upper:e}]",
            answer.method.name()
        )
    })
}

/// Two spheres' depth, known without the solver (`‖p_a − p_b‖` short of the radii and
/// margins, or 0 when they are apart), against the answer's depth bounds, within `tolerance`.
pub(super) fn sphere_depth(s: &Scenario, f: &Finish, tolerance: f64) -> Option<String> {
    let radius = |b: &BodySpec| match b.shape {
        crate::shape::Shape::Sphere { radius } => Some(radius + b.margin),
        _ => None,
    };
    let reach = radius(&s.a)? + radius(&s.b)?;
    let depth = (reach - (s.b.position - s.a.position).length()).max(0.0);
    let [shallowest, deepest] = f.penetration?.depth_bounds?;
    outside(depth, [shallowest, deepest], tolerance)
        .then(|| format!("two spheres {depth:e} deep, depth bounds [{shallowest:e}, {deepest:e}]"))
}

/// How an overlapping answer's contact points fall short, when they do.
pub(super) enum Contacts {
    /// A point outside its shape, a depth that is not its pair's, or a point deeper than the
    /// upper depth bound: a contradiction.
    Wrong(String),
    /// The answer's own points are not `depth` apart along its normal.
    OwnPair,
    /// The manifold's deepest point is shallower than the lower depth bound, by more than the
    /// features' rounding allows.
    Shallow,
}

/// What is wrong with an overlapping answer's contact points, if anything (`slack`: see
/// [`rounding`]). Each manifold point lies in its shape (no plane proves it outside by more
/// than `slack`) and its depth is its pair's separation along the normal; none is deeper than
/// the answer's upper depth bound, and the deepest is no shallower than the lower bound, less
/// what the features' rounding allows
/// ([`crate::manifold::feature::shortfall`]). The answer's own points
/// are `depth` apart along the normal. A touch proven only within the absolute tolerance
/// (lower depth bound 0) is not looked at: the shapes may be as far apart as that tolerance.
pub(super) fn contacts(s: &Scenario, f: &Finish, slack: f64) -> Option<Contacts> {
    let p = f.penetration?;
    let [lower, upper] = p.depth_bounds?;
    if lower <= slack {
        return None;
    }
    let apart = (p.point_a - p.point_b).dot(p.normal);
    if outside(apart, [lower, upper], slack) {
        return Some(Contacts::OwnPair);
    }
    let shapes = s.prepare();
    let sides = [(&shapes[0], &s.a, "A"), (&shapes[1], &s.b, "B")];
    for ((shape, body, _), point) in sides.iter().zip([p.point_a, p.point_b]) {
        let out = proven_outside(point, shape, body);
        if out > slack {
            return Some(Contacts::OwnPair);
        }
    }
    let (m, steps) = s.manifold_prepared(&shapes, f)?;
    // A manifold of the answer's own pair adds nothing to check.
    if steps
        .iter()
        .any(|step| matches!(step.stage, Stage::Single { .. }))
    {
        return None;
    }
    let short = steps
        .iter()
        .find_map(|step| match &step.stage {
            Stage::Features { a, b } => Some(crate::manifold::feature::shortfall(a, b)),
            _ => None,
        })
        .unwrap_or(0.0);
    let deepest = m.deepest();
    let what =
        || format!("the manifold's deepest point {deepest:e}, depth bounds [{lower:e}, {upper:e}]");
    // The points are measured along the answer's normal, which a curved shape's answer finds
    // only to about the square root of the tolerance (the distance is flat in the angle near
    // its minimum): along it two shapes may reach past each other by more than their depth.
    // No pair of their points reaches further than their support planes across it.
    let placed = s.placed(&shapes);
    let reach = Placed::overlap_along(placed[0], placed[1], m.normal);
    if deepest > upper.max(reach) + slack {
        return Some(Contacts::Wrong(what()));
    }
    for c in &m.points {
        if ((c.point_a - c.point_b).dot(m.normal) - c.depth).abs() > slack {
            let why = format!("a manifold point's depth {:e} is not its pair's", c.depth);
            return Some(Contacts::Wrong(why));
        }
        for ((shape, body, name), point) in sides.iter().zip([c.point_a, c.point_b]) {
            let out = proven_outside(point, shape, body);
            if out > slack {
                let why = format!("a manifold point is {out:e} outside {name}: {point}");
                return Some(Contacts::Wrong(why));
            }
        }
    }
    (deepest < lower - short - slack).then_some(Contacts::Shallow)
}
