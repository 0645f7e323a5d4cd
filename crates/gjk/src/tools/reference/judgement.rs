//! How parry's answer stands against what a run proves: one judgement, which `query
//! --reference` prints and the app's reference line says in words.
//!
//! Our bounds are proofs, whatever stopped the run. parry's GJK stops once its own upper and
//! lower bounds are within `√(10 ε)` of each other, relative (its `eps_tol` is `10 ε`), and
//! returns the upper one: its distance may lie up to that far above the truth by its own
//! rule. So a distance outside our bounds is either within parry's stated tolerance (parry
//! stopped early, as it may) or beyond it (parry is wrong, and our bounds prove it).

use super::Reference;
use crate::trace::Finish;
use serde::Serialize;

/// parry's relative tolerance in f64: `√(10 ε)`.
pub const PARRY_REL: f64 = 4.712e-8;

/// Which side of a proven interval a number lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Below the lower bound.
    Below,
    /// Above the upper bound.
    Above,
}

/// parry's number against our proven bounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Judgement {
    /// parry's distance lies inside our proven distance bounds (to f64's rounding).
    Inside,
    /// Outside our distance bounds by `by`, past `bound`, but within parry's own stopping
    /// tolerance: parry stopped early, as its rule allows.
    WithinParryTolerance {
        /// How far outside.
        by: f64,
        /// The bound it lies past.
        bound: f64,
        /// Which side.
        side: Side,
    },
    /// Outside our distance bounds by more than parry's tolerance: parry is wrong here.
    Outside {
        /// How far outside.
        by: f64,
        /// The bound it lies past.
        bound: f64,
        /// Which side.
        side: Side,
    },
    /// parry and the run disagree on whether the shapes touch.
    TouchDisagrees,
    /// Both find an overlap, and parry's depth lies inside our proven depth bounds.
    DepthInside,
    /// Both find an overlap, and parry's depth lies outside our proven depth bounds.
    DepthOutside {
        /// How far outside.
        by: f64,
        /// The bound it lies past.
        bound: f64,
        /// Which side.
        side: Side,
    },
}

impl Judgement {
    /// The judgement of parry's answer `theirs` against the run that ended in `finish`.
    pub fn of(finish: &Finish, theirs: &Reference) -> Judgement {
        let [lower, upper] = finish.certificate.distance_bounds;
        let distance = theirs.distance;
        // The bounds are computed in f64 from the run's points: a few roundings either way.
        let rounding = 16.0 * f64::EPSILON * distance.max(upper);
        let outside = if distance > upper + rounding {
            Some((distance - upper, upper, Side::Above))
        } else if distance < lower - rounding {
            Some((lower - distance, lower, Side::Below))
        } else {
            None
        };
        if let Some((by, bound, side)) = outside {
            // parry's rule lets its distance lie above the truth, never below it.
            return if side == Side::Above && by <= PARRY_REL * distance + rounding {
                Judgement::WithinParryTolerance { by, bound, side }
            } else {
                Judgement::Outside { by, bound, side }
            };
        }
        if finish.intersecting() == Some(distance > 0.0) {
            return Judgement::TouchDisagrees;
        }
        match (
            theirs.depth,
            finish.penetration.and_then(|p| p.depth_bounds),
        ) {
            (Some(depth), Some([shallowest, deepest])) => {
                let rounding = 16.0 * f64::EPSILON * depth.max(deepest);
                if depth < shallowest - rounding {
                    Judgement::DepthOutside {
                        by: shallowest - depth,
                        bound: shallowest,
                        side: Side::Below,
                    }
                } else if depth > deepest + rounding {
                    Judgement::DepthOutside {
                        by: depth - deepest,
                        bound: deepest,
                        side: Side::Above,
                    }
                } else {
                    Judgement::DepthInside
                }
            }
            _ => Judgement::Inside,
        }
    }

    /// Whether parry's number lies outside the bounds this run proves (within its own
    /// tolerance or not).
    pub fn outside_bounds(&self) -> bool {
        matches!(
            self,
            Judgement::WithinParryTolerance { .. }
                | Judgement::Outside { .. }
                | Judgement::DepthOutside { .. }
        )
    }

    /// Whether our bounds prove parry wrong (beyond its own tolerance), or the two disagree
    /// on contact: the cases to look at.
    pub fn parry_is_off(&self) -> bool {
        matches!(
            self,
            Judgement::Outside { .. } | Judgement::DepthOutside { .. } | Judgement::TouchDisagrees
        )
    }

    /// The judgement in one sentence, with its numbers.
    pub fn sentence(&self) -> String {
        let side = |s: &Side| match s {
            Side::Above => "above the upper",
            Side::Below => "below the lower",
        };
        match self {
            Judgement::Inside => {
                "parry agrees: its distance lies inside the bounds this run proves.".into()
            }
            Judgement::WithinParryTolerance { by, bound, side: s } => format!(
                "parry's distance lies {by:.2e} {} bound this run proves ({bound:.9}): outside \
                 our bounds, but within parry's own tolerance (it stops within √(10 ε) ≈ \
                 {PARRY_REL:.1e} of the distance, relative).",
                side(s)
            ),
            Judgement::Outside { by, bound, side: s } => format!(
                "parry's distance lies {by:.2e} {} bound this run proves ({bound:.9}), beyond \
                 parry's own tolerance: parry is off here.",
                side(s)
            ),
            Judgement::TouchDisagrees => {
                "parry and we disagree on whether the shapes touch: look at the tolerances.".into()
            }
            Judgement::DepthInside => "parry agrees: the shapes overlap, and its depth lies \
                 inside the depth bounds this run proves."
                .into(),
            Judgement::DepthOutside { by, bound, side: s } => format!(
                "parry's depth lies {by:.2e} {} depth bound this run proves ({bound:.9}): \
                 parry is off here.",
                side(s)
            ),
        }
    }
}
