//! How an engine's answer reads against what GJK Lab proves of the same question (see the
//! parent module for what is compared and why a few f32 units in the last place are rounding).

use super::{EngineAnswer, EngineCast, EnginePoint, ROUNDING_ULPS};
use crate::config::Precision;
use crate::query::proven_outside;
use crate::scenario::Scenario;
use crate::shape::BodySpec;
use crate::shape::prepared::PreparedShape;
use crate::trace::Finish;
use glam::DVec3;
use serde::Serialize;

/// Proven bounds on the signed distance: the distance when apart, minus the depth when
/// overlapping.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SignedBounds {
    /// `None` where nothing below was proven (an overlap whose depth was not asked for).
    pub lower: Option<f64>,
    /// The upper bound.
    pub upper: f64,
}

impl SignedBounds {
    /// The bounds a finished query proves.
    ///
    /// ```text
    ///   apart (lower distance bound > 0):        [d_lo, d_hi]
    ///   overlapping, depth bounds [p_lo, p_hi]:  [-p_hi, -p_lo]
    ///   otherwise:                               [unknown, d_hi]
    /// ```
    pub fn of(finish: &Finish) -> Self {
        let [lo, hi] = finish.certificate.distance_bounds;
        let depth = finish
            .penetration
            .filter(|_| finish.certificate.intersecting == Some(true))
            .and_then(|p| p.depth_bounds);
        match depth {
            _ if lo > 0.0 => SignedBounds {
                lower: Some(lo),
                upper: hi,
            },
            Some([p_lo, p_hi]) => SignedBounds {
                lower: Some(-p_hi),
                upper: -p_lo,
            },
            None => SignedBounds {
                lower: None,
                upper: hi,
            },
        }
    }

    /// How far `x` lies outside the bounds (0 inside).
    pub fn outside_by(&self, x: f64) -> f64 {
        let below = self.lower.map_or(0.0, |lo| lo - x);
        below.max(x - self.upper).max(0.0)
    }
}

/// How an engine's number reads against the proven bounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Agreement {
    /// Inside the proven bounds.
    Inside,
    /// Outside them by `by`, no more than the engine's f32 rounding at this case's magnitude.
    WithinRounding {
        /// How far outside.
        by: f64,
        /// [`ROUNDING_ULPS`] units of f32 at the case's magnitude.
        rounding: f64,
    },
    /// Outside them by more than the engine's rounding: the engine's answer is wrong.
    Outside {
        /// How far outside.
        by: f64,
        /// [`ROUNDING_ULPS`] units of f32 at the case's magnitude.
        rounding: f64,
    },
    /// Nothing was proven that the number could be read against.
    Undecided,
}

/// The check of an engine's answer against ours.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineCheck {
    /// What is compared: `contact` or `cast`.
    pub question: &'static str,
    /// The engine's number: the deepest separation, or the time of impact.
    pub engine_value: Option<f64>,
    /// The signed distance proven where the engine's number is read (for a cast: at its time
    /// of impact, less the target distance).
    pub proven: Option<SignedBounds>,
    /// How they read.
    pub agreement: Agreement,
    /// One sentence for a person.
    pub sentence: String,
    /// A contact's manifold, point by point (empty for a cast).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<PointCheck>,
    /// How many points GJK Lab's own manifold has for the pair (`None`: no depth to build
    /// one from, or a cast).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub our_points: Option<usize>,
}

/// One point of an engine's manifold read against what GJK Lab proves of the pair: each of
/// its two points on its own shape, and no point closer (or deeper) than the proven signed
/// distance allows. Nothing here says where on the contact a point should be: an engine may
/// keep any points of the touching features, as long as they are on them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PointCheck {
    /// The engine's separation for the point (negative: overlap).
    pub separation: f64,
    /// The separation its two points give, `(point_b - point_a)·normal`: the engine's own
    /// numbers, which should agree with `separation`.
    pub measured: f64,
    /// How far `point_a` is proven to lie outside A (0: on it or inside, as far as proven).
    pub outside_a: f64,
    /// How far `point_b` is proven to lie outside B.
    pub outside_b: f64,
    /// How far its separation lies below the proven signed distance's lower bound: deeper
    /// than the deepest proven overlap, or closer than the proven distance (0: not below).
    pub beyond: f64,
    /// How the point reads: inside when on both shapes, no deeper than the proven depth and
    /// its separation its points'; by how much it misses otherwise, against the rounding.
    pub agreement: Agreement,
}

impl PointCheck {
    /// The engine's `point` read against the proven `bounds`, the shapes prepared.
    fn of(
        point: &EnginePoint,
        normal: DVec3,
        sides: [(&PreparedShape, &BodySpec); 2],
        bounds: SignedBounds,
        rounding: f64,
    ) -> Self {
        let [(shape_a, a), (shape_b, b)] = sides;
        let outside_a = proven_outside(point.point_a, shape_a, a);
        let outside_b = proven_outside(point.point_b, shape_b, b);
        let measured = (point.point_b - point.point_a).dot(normal);
        // Deeper than the deepest proven overlap, or closer than the proven distance.
        let beyond = bounds
            .lower
            .map_or(0.0, |lo| (lo - point.separation).max(0.0));
        // The engine's two numbers for one point disagreeing within its rounding is rounding.
        let mismatch = (measured - point.separation).abs();
        let mismatch = if mismatch > rounding { mismatch } else { 0.0 };
        let by = outside_a.max(outside_b).max(beyond).max(mismatch);
        let decided = by.is_finite() && point.separation.is_finite();
        let agreement = reading(decided, by, rounding);
        PointCheck {
            separation: point.separation,
            measured,
            outside_a,
            outside_b,
            beyond,
            agreement,
        }
    }
}

/// [`ROUNDING_ULPS`] units in the last place of f32 at the largest coordinate either body
/// reaches.
pub fn engine_rounding(a: &BodySpec, b: &BodySpec) -> f64 {
    let reach = |body: &BodySpec| {
        body.position.abs().max_element() + body.shape.bounding_radius() + body.margin
    };
    let scale = reach(a).max(reach(b)).max(f64::MIN_POSITIVE);
    ROUNDING_ULPS * Precision::F32.epsilon() * scale
}

fn agreement(bounds: SignedBounds, x: f64, rounding: f64) -> Agreement {
    let decided = x.is_finite() && bounds.upper.is_finite();
    reading(decided, bounds.outside_by(x), rounding)
}

/// How a number that misses what is proven `by` (0: it does not) reads, against the engine's
/// `rounding`; undecided where nothing could be read.
fn reading(decided: bool, by: f64, rounding: f64) -> Agreement {
    if !decided {
        Agreement::Undecided
    } else if by <= 0.0 {
        Agreement::Inside
    } else if by <= rounding {
        Agreement::WithinRounding { by, rounding }
    } else {
        Agreement::Outside { by, rounding }
    }
}

fn interval(b: SignedBounds) -> String {
    match b.lower {
        Some(lo) => format!("[{lo:.6e}, {:.6e}]", b.upper),
        None => format!("at most {:.6e}", b.upper),
    }
}

fn verdict_words(a: Agreement) -> String {
    match a {
        Agreement::Inside => "inside the proven bounds".into(),
        Agreement::WithinRounding { by, rounding } => format!(
            "outside the proven bounds by {by:.2e}, within the engine's f32 rounding here ({rounding:.2e})"
        ),
        Agreement::Outside { by, rounding } => format!(
            "outside the proven bounds by {by:.2e}, more than the engine's f32 rounding here ({rounding:.2e}): the engine is wrong"
        ),
        Agreement::Undecided => "not decided: nothing was proven to read it against".into(),
    }
}

impl Scenario {
    /// The engine's answer read against ours: the contact against `finish` (this scenario's
    /// own query, as the caller already ran it), the cast against a query at the engine's
    /// time of impact. `None` when the file holds no engine answer.
    pub fn engine_check(&self, finish: &Finish) -> Option<EngineCheck> {
        self.engine.as_ref()?;
        self.engine_check_prepared(&self.prepare(), finish)
    }

    /// [`Scenario::engine_check`] on the shapes already prepared (a caller that keeps them:
    /// the app re-solving a dragged case, where a large hull takes long to build).
    pub fn engine_check_prepared(
        &self,
        shapes: &[PreparedShape; 2],
        finish: &Finish,
    ) -> Option<EngineCheck> {
        let engine = self.engine.as_ref()?;
        let rounding = engine_rounding(&self.a, &self.b);
        if let Some(cast) = &engine.cast {
            return Some(self.cast_check(cast, rounding));
        }
        let separation = engine.deepest_separation();
        let proven = SignedBounds::of(finish);
        let agreement = separation.map_or(Agreement::Undecided, |s| agreement(proven, s, rounding));
        let sentence = match separation {
            Some(s) => format!(
                "Your engine ({}) said: separation {s:.6e} ({}). GJK Lab proves: signed distance {}. The engine's value is {}.",
                engine.engine,
                separation_words(s),
                interval(proven),
                verdict_words(agreement)
            ),
            None => format!(
                "Your engine ({}) reported no contact point. GJK Lab proves: signed distance {}.",
                engine.engine,
                interval(proven)
            ),
        };
        let (points, our_points) = self.manifold_check(engine, shapes, finish, proven, rounding);
        Some(EngineCheck {
            question: "contact",
            engine_value: separation,
            proven: Some(proven),
            agreement,
            sentence,
            points,
            our_points,
        })
    }

    /// The engine's manifold point by point, and the size of ours.
    fn manifold_check(
        &self,
        engine: &EngineAnswer,
        shapes: &[PreparedShape; 2],
        finish: &Finish,
        proven: SignedBounds,
        rounding: f64,
    ) -> (Vec<PointCheck>, Option<usize>) {
        let sides = [(&shapes[0], &self.a), (&shapes[1], &self.b)];
        let points = engine.contact.as_ref().map_or_else(Vec::new, |c| {
            c.points
                .iter()
                .map(|p| PointCheck::of(p, c.normal, sides, proven, rounding))
                .collect()
        });
        let ours = self
            .manifold_prepared(shapes, finish)
            .map(|(m, _)| m.points.len());
        (points, ours)
    }

    fn cast_check(&self, cast: &EngineCast, rounding: f64) -> EngineCheck {
        let engine = self.engine.as_ref().map_or("the engine", |e| &e.engine);
        let Some((spec, t)) = self.cast.as_ref().zip(cast.time_of_impact) else {
            let ours = self.solve_cast();
            let words = match ours.as_ref().and_then(|a| a.toi) {
                Some(toi) => format!("GJK Lab finds a hit at t = {toi:.6e}"),
                None => "GJK Lab finds none either".to_string(),
            };
            return EngineCheck {
                question: "cast",
                engine_value: None,
                proven: None,
                agreement: Agreement::Undecided,
                sentence: format!(
                    "Your engine ({engine}) reported no hit ({}); {words}.",
                    cast.status
                ),
                points: Vec::new(),
                our_points: None,
            };
        };
        // Both bodies where the cast has moved them at the engine's time of impact.
        let target = spec.settings(self.solver.precision).target;
        let at = |body: &BodySpec, pose: crate::shape::Pose| BodySpec {
            position: pose.position,
            rotation: pose.rotation,
            ..body.clone()
        };
        let a = at(&self.a, spec.motion_a(self.a.pose()).at(t));
        let b = at(&self.b, spec.motion_b(self.b.pose()).at(t));
        let finish = crate::query::solve(&a, &b, &self.config());
        let mut proven = SignedBounds::of(&finish);
        proven.lower = proven.lower.map(|lo| lo - target);
        proven.upper -= target;
        // At its time of impact the engine says the distance has come down to the target; at
        // t = 0 it may say the bodies start within it (parry's `penetrating` status), which any
        // distance at or below the target makes true.
        let claim = if t == 0.0 { proven.upper.min(0.0) } else { 0.0 };
        let agreement = agreement(proven, claim, rounding);
        let sentence = format!(
            "Your engine ({engine}) said: time of impact {t:.6e} ({}). GJK Lab proves: at that time the distance less the target is {}. The engine's contact is {}.",
            cast.status,
            interval(proven),
            verdict_words(agreement)
        );
        EngineCheck {
            question: "cast",
            engine_value: Some(t),
            proven: Some(proven),
            agreement,
            sentence,
            points: Vec::new(),
            our_points: None,
        }
    }
}

/// What the sign of an engine's separation means, said of the value at hand (its sign is the
/// engine's convention: below zero, the shapes overlap).
fn separation_words(separation: f64) -> &'static str {
    if separation < 0.0 {
        "below zero: an overlap"
    } else if separation > 0.0 {
        "above zero: apart"
    } else {
        "zero: touching"
    }
}
