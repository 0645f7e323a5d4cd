//! What a physics engine answered for a captured pair, kept in the case beside the bodies, and
//! how that answer reads against what GJK Lab proves.
//!
//! A capture from a game (avian, rapier) writes the engine's own answer into the file: its
//! contact manifold (a normal and points, each with its separation) or its shape cast (a time
//! of impact, a status, a normal and witnesses). Every vector is in world coordinates, normals
//! point from A towards B, and a separation is negative where the bodies overlap.
//!
//! The check reads the engine's number against the proven bounds of the same question:
//! - a contact: the deepest point's separation against the signed distance's bounds (the
//!   distance bounds when apart, minus the depth bounds when overlapping);
//! - a cast: the signed distance at the engine's time of impact, from a static query at the
//!   poses the bodies reach then, against the target distance the engine stopped at.
//!
//! The engines compute in f32. Their inputs, the relative pose and every support point, are
//! rounded at the magnitude of the case's coordinates, so two correct f32 answers to one
//! question can differ by a few units in the last place at that magnitude: an engine's value
//! outside our bounds by no more than [`ROUNDING_ULPS`] such units is said to be within the
//! engine's rounding, not wrong.

use crate::config::Precision;
use crate::scenario::Scenario;
use crate::shape::BodySpec;
use crate::trace::Finish;
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// Units in the last place of f32, at the case's magnitude, that separate two correct f32
/// answers: the relative pose (a rotation and a subtraction, about three roundings a
/// coordinate), a support point (three more) and the dot products that measure it (two).
pub const ROUNDING_ULPS: f64 = 8.0;

/// An engine's answer for the pair, as a capture recorded it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EngineAnswer<V = DVec3> {
    /// The engine that answered, with its version (`avian3d 0.8`, `bevy_rapier2d 0.37`).
    pub engine: String,
    /// The parry routine that answered this pair, where the pair's shapes tell which.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routine: Option<String>,
    /// Where the file's poses were taken.
    pub poses: PoseSource,
    /// The engine's contact manifold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact: Option<EngineContact<V>>,
    /// The engine's shape cast: B moved along the scenario's `cast.velocity_b` from the poses
    /// in the file, A still.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast: Option<EngineCast<V>>,
}

/// Where a capture took the poses it wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoseSource {
    /// Where the engine's narrow phase read them, in the step that computed the contact.
    NarrowPhase,
    /// The bodies' poses when the capture ran, and the contact recomputed there with the
    /// engine's own parry (the stored contact was computed at the step's start).
    Recomputed,
    /// At the moment of the call (a shape cast).
    AtCall,
}

impl PoseSource {
    /// The words a file and the panel use.
    pub fn describe(self) -> &'static str {
        match self {
            PoseSource::NarrowPhase => "poses read where the engine's narrow phase read them",
            PoseSource::Recomputed => {
                "poses of the capture's moment, the engine's contact recomputed there by its own parry"
            }
            PoseSource::AtCall => "poses at the moment of the call",
        }
    }
}

/// A contact manifold: one normal and up to four points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EngineContact<V = DVec3> {
    /// Unit, world, from A towards B.
    #[serde(deserialize_with = "crate::shape::reading::coordinates")]
    pub normal: V,
    /// The manifold's points.
    pub points: Vec<EnginePoint<V>>,
}

/// One point of a manifold.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EnginePoint<V = DVec3> {
    /// On A's surface, world.
    #[serde(deserialize_with = "crate::shape::reading::coordinates")]
    pub point_a: V,
    /// On B's surface, world.
    #[serde(deserialize_with = "crate::shape::reading::coordinates")]
    pub point_b: V,
    /// Along the normal, from A's point to B's: negative where the bodies overlap.
    pub separation: f64,
}

/// A shape cast's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "V: crate::shape::reading::Coordinates")
)]
pub struct EngineCast<V = DVec3> {
    /// The time of impact; `None` when the engine reported no hit.
    pub time_of_impact: Option<f64>,
    /// The engine's status name (parry's `converged`, `out_of_iterations`, `failed`,
    /// `penetrating_or_within_target_dist`), or `none`.
    pub status: String,
    /// Unit, world, from A towards B at the impact.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::shape::reading::opt_coordinates"
    )]
    pub normal: Option<V>,
    /// The witness on A at the impact, world.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::shape::reading::opt_coordinates"
    )]
    pub point_a: Option<V>,
    /// The witness on B at the impact, world.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::shape::reading::opt_coordinates"
    )]
    pub point_b: Option<V>,
}

impl<V> EngineAnswer<V> {
    /// The same answer with every vector mapped by `f` (into or out of the plane).
    pub fn map<W>(self, f: impl Fn(V) -> W) -> EngineAnswer<W> {
        EngineAnswer {
            engine: self.engine,
            routine: self.routine,
            poses: self.poses,
            contact: self.contact.map(|c| EngineContact {
                normal: f(c.normal),
                points: c
                    .points
                    .into_iter()
                    .map(|p| EnginePoint {
                        point_a: f(p.point_a),
                        point_b: f(p.point_b),
                        separation: p.separation,
                    })
                    .collect(),
            }),
            cast: self.cast.map(|c| EngineCast {
                time_of_impact: c.time_of_impact,
                status: c.status,
                normal: c.normal.map(&f),
                point_a: c.point_a.map(&f),
                point_b: c.point_b.map(&f),
            }),
        }
    }
}

impl EngineAnswer {
    /// Checks every number: finite vectors and separations, a time of impact at or above 0.
    pub(crate) fn validate(&self) -> Result<(), (String, String)> {
        let vector = |field: String, v: DVec3| {
            if v.is_finite() {
                Ok(())
            } else {
                Err((field, format!("{v} is not a finite vector")))
            }
        };
        if let Some(c) = &self.contact {
            vector("engine.contact.normal".into(), c.normal)?;
            for (i, p) in c.points.iter().enumerate() {
                vector(format!("engine.contact.points[{i}].point_a"), p.point_a)?;
                vector(format!("engine.contact.points[{i}].point_b"), p.point_b)?;
                if !p.separation.is_finite() {
                    return Err((
                        format!("engine.contact.points[{i}].separation"),
                        format!("{} is not a finite number", p.separation),
                    ));
                }
            }
        }
        if let Some(c) = &self.cast {
            if let Some(t) = c.time_of_impact
                && !(t.is_finite() && t >= 0.0)
            {
                return Err((
                    "engine.cast.time_of_impact".into(),
                    format!("{t} is not a finite time at or after 0"),
                ));
            }
            for (name, v) in [
                ("normal", c.normal),
                ("point_a", c.point_a),
                ("point_b", c.point_b),
            ] {
                if let Some(v) = v {
                    vector(format!("engine.cast.{name}"), v)?;
                }
            }
        }
        Ok(())
    }

    /// The deepest point's separation, the number a contact's check reads.
    pub fn deepest_separation(&self) -> Option<f64> {
        let points = &self.contact.as_ref()?.points;
        points.iter().map(|p| p.separation).reduce(f64::min)
    }
}

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
    let by = bounds.outside_by(x);
    if !x.is_finite() || !bounds.upper.is_finite() {
        Agreement::Undecided
    } else if by == 0.0 {
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
                "Your engine ({}) said: separation {s:.6e} (negative: overlap). GJK Lab proves: signed distance {}. The engine's value is {}.",
                engine.engine,
                interval(proven),
                verdict_words(agreement)
            ),
            None => format!(
                "Your engine ({}) reported no contact point. GJK Lab proves: signed distance {}.",
                engine.engine,
                interval(proven)
            ),
        };
        Some(EngineCheck {
            question: "contact",
            engine_value: separation,
            proven: Some(proven),
            agreement,
            sentence,
        })
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
        }
    }
}
