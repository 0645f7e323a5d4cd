//! What the solver can use: every number of a scenario checked once, by name, the same way for
//! files, the command line's solver sections, sweep samples and the app's fields.
//!
//! A refusal names the field and the limit (`a.shape.radius: 1e39 does not fit in f32 (largest
//! 3.4e38)`); see [`Precision::max_length`] for why lengths have a limit per precision.

use crate::cast::{CastSpec, CastStatus, MAX_CAST_ITERATIONS};
use crate::config::{MAX_EPA_ITERATIONS, MAX_ITERATIONS, Precision};
use crate::scenario::expect::Expectation;
use crate::scenario::{ScenarioError, SolverSpec};
use crate::shape::BodySpec;
use crate::shape::Shape;
use crate::trace::Termination;
use glam::DVec3;

fn invalid(field: impl Into<String>, reason: impl Into<String>) -> ScenarioError {
    ScenarioError::Invalid {
        field: field.into(),
        reason: reason.into(),
    }
}

impl SolverSpec {
    /// Checks every field against what the solver can use: the one validation that scenario
    /// files, the command line's solver sections, sweeps and the app's typed fields share.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let precision = self.precision;
        if let Some(x) = self.abs_tolerance {
            non_negative("solver.abs_tolerance", x)?;
            length("solver.abs_tolerance", x, precision)?;
        }
        for (name, value) in [
            ("rel_tolerance", self.rel_tolerance),
            ("epa_tolerance", self.epa_tolerance),
        ] {
            if let Some(x) = value {
                let field = format!("solver.{name}");
                non_negative(&field, x)?;
                if x > 1.0 {
                    return Err(invalid(
                        field,
                        format!("{x:e} is above 1; a relative tolerance is a fraction"),
                    ));
                }
            }
        }
        for (name, value, max) in [
            ("max_iterations", self.max_iterations, MAX_ITERATIONS),
            (
                "epa_max_iterations",
                self.epa_max_iterations,
                MAX_EPA_ITERATIONS,
            ),
        ] {
            if let Some(n) = value
                && !(1..=max).contains(&n)
            {
                return Err(invalid(
                    format!("solver.{name}"),
                    format!("must be from 1 to {max}, got {n}"),
                ));
            }
        }
        if let Some(d) = self.initial_direction {
            finite_vec("solver.initial_direction", d)?;
            if d.abs().max_element() == 0.0 {
                return Err(invalid(
                    "solver.initial_direction",
                    "must not be the zero vector",
                ));
            }
        }
        Ok(())
    }
}

pub(crate) fn expect(expect: &Expectation) -> Result<(), ScenarioError> {
    if expect == &Expectation::default() {
        return Err(invalid(
            "expect",
            format!(
                "makes no promise; give at least one of {}",
                Expectation::FIELDS.join(", ")
            ),
        ));
    }
    if let Some((field, name)) = expect.unknown_names().first() {
        return Err(invalid(
            format!("expect.{field}"),
            format!(
                "\"{name}\" is not a termination; use one of {}",
                Termination::NAMES.join(", ")
            ),
        ));
    }
    if let Some(name) = expect.unknown_toi_status() {
        return Err(invalid(
            "expect.toi_status",
            format!(
                "\"{name}\" is not a cast status; use one of {}",
                CastStatus::NAMES.join(", ")
            ),
        ));
    }
    for (name, approx) in [
        ("distance", expect.distance),
        ("depth", expect.depth),
        ("toi", expect.toi),
    ] {
        if let Some(a) = approx {
            finite(&format!("expect.{name}.value"), a.value)?;
            non_negative(&format!("expect.{name}.within"), a.within)?;
        }
    }
    Ok(())
}

impl CastSpec {
    /// Checks the `cast` section: finite motions whose travel fits the precision, a
    /// non-negative time and target, a positive tolerance, and a method that can follow the
    /// motion (a translation-only method is refused for a turning body, naming the field).
    pub fn validate(&self, precision: Precision) -> Result<(), ScenarioError> {
        let max_time = self.max_time.unwrap_or(1.0);
        non_negative("cast.max_time", max_time)?;
        for (name, v) in [
            ("velocity_a", self.velocity_a),
            ("velocity_b", self.velocity_b),
        ] {
            let field = format!("cast.{name}");
            finite_vec(&field, v)?;
            let travel = v.abs().max_element() * max_time;
            within_limit(&field, travel, "moves", "", max_time, precision)?;
        }
        for (name, w) in [
            ("angular_velocity_a", self.angular_velocity_a),
            ("angular_velocity_b", self.angular_velocity_b),
        ] {
            let field = format!("cast.{name}");
            finite_vec(&field, w)?;
            // The angle turned by max_time is a number the solver multiplies like a length.
            let angle = 3f64.sqrt() * w.abs().max_element() * max_time;
            within_limit(
                &field,
                angle,
                "turns by up to",
                " radians",
                max_time,
                precision,
            )?;
            let method = self.method();
            if w != DVec3::ZERO && !method.handles_turning() {
                return Err(invalid(
                    field,
                    format!(
                        "the body turns, but method {} follows translations only; use conservative_advancement (or leave method out)",
                        method.name()
                    ),
                ));
            }
        }
        if let Some(x) = self.target_distance {
            size("cast.target_distance", x, precision)?;
        }
        if let Some(x) = self.tolerance {
            finite("cast.tolerance", x)?;
            if x <= 0.0 {
                return Err(invalid(
                    "cast.tolerance",
                    format!("must be positive, got {x}"),
                ));
            }
        }
        if let Some(n) = self.max_iterations
            && !(1..=MAX_CAST_ITERATIONS).contains(&n)
        {
            return Err(invalid(
                "cast.max_iterations",
                format!("must be from 1 to {MAX_CAST_ITERATIONS}, got {n}"),
            ));
        }
        Ok(())
    }
}

/// How fast a point of a moving body can go, bounded without overflow: each vector's norm is at
/// most `√3` times its largest component, and a point of the body is at most its bounding
/// radius (margin included) from the axis it turns about.
fn speed_bound(velocity: DVec3, angular: DVec3, radius: f64) -> f64 {
    let norm = |v: DVec3| 3f64.sqrt() * v.abs().max_element();
    norm(velocity) + norm(angular) * radius
}

/// Checks what the cast derives from both bodies and their motions: the distance a point of
/// each body can travel by `max_time` (linear and angular) must be finite and within the
/// precision's limit on lengths, like every length the solver meets. Without it an angular
/// velocity of 1.4e154 makes `‖ω‖` infinite and `‖ω‖ · 0` a NaN, which no decision may read.
pub(crate) fn cast_reach(
    cast: &CastSpec,
    bodies: [&BodySpec; 2],
    precision: Precision,
) -> Result<(), ScenarioError> {
    let max_time = cast.max_time.unwrap_or(1.0);
    let motions = [
        ("a", cast.velocity_a, cast.angular_velocity_a),
        ("b", cast.velocity_b, cast.angular_velocity_b),
    ];
    // The tolerance must lie above what f64 resolves on a scene of this size (a cast's
    // near-contact questions are settled in f64): the distance of bodies of size 1e60 is
    // rounded by some 1e45, and no proof can reach within 1e-6 of a target there.
    let size = |b: &BodySpec| b.position.abs().max_element() + b.shape.bounding_radius() + b.margin;
    let travel = speed_bound(cast.velocity_a, DVec3::ZERO, 0.0)
        + speed_bound(cast.velocity_b, DVec3::ZERO, 0.0);
    let scene = size(bodies[0]) + size(bodies[1]) + travel * max_time;
    let rounding = 64.0 * f64::EPSILON * scene;
    let tolerance = cast.settings(precision).tolerance;
    if tolerance <= rounding {
        let given = if cast.tolerance.is_some() {
            "".to_string()
        } else {
            format!(" (the default for {})", precision.name())
        };
        return Err(invalid(
            "cast.tolerance",
            format!(
                "{tolerance:e}{given} is below what f64 resolves on a scene of size {scene:e} \
                 (about {rounding:e}); set it above that"
            ),
        ));
    }
    for (body, (name, velocity, angular)) in bodies.iter().zip(motions) {
        let radius = body.shape.bounding_radius() + body.margin;
        let travel = speed_bound(velocity, angular, radius) * max_time;
        if !(travel.is_finite() && travel <= precision.max_length()) {
            let field = if angular == DVec3::ZERO {
                format!("cast.velocity_{name}")
            } else {
                format!("cast.angular_velocity_{name}")
            };
            return Err(invalid(
                field,
                format!(
                    "a point of body {name} (bounding radius {radius:e}) could travel {travel:e} \
                     by max_time {max_time:e}, beyond {}'s limit of {:e} on lengths",
                    precision.name(),
                    precision.max_length()
                ),
            ));
        }
    }
    Ok(())
}

/// A motion's reach by `max_time` (`amount`, in `unit`): finite and within the precision's
/// limit on lengths, or refused naming `field`.
fn within_limit(
    field: &str,
    amount: f64,
    verb: &str,
    unit: &str,
    max_time: f64,
    precision: Precision,
) -> Result<(), ScenarioError> {
    if amount.is_finite() && amount <= precision.max_length() {
        return Ok(());
    }
    Err(invalid(
        field,
        format!(
            "{verb} {amount:e}{unit} by max_time {max_time:e}, beyond {}'s limit of {:e} on lengths",
            precision.name(),
            precision.max_length()
        ),
    ))
}

fn finite(field: &str, x: f64) -> Result<(), ScenarioError> {
    if x.is_finite() {
        Ok(())
    } else {
        Err(invalid(field, format!("must be a finite number, got {x}")))
    }
}

fn non_negative(field: &str, x: f64) -> Result<(), ScenarioError> {
    finite(field, x)?;
    if x < 0.0 {
        return Err(invalid(field, format!("must not be negative, got {x}")));
    }
    Ok(())
}

fn finite_vec(field: &str, v: DVec3) -> Result<(), ScenarioError> {
    for (axis, x) in ["x", "y", "z"].iter().zip(v.to_array()) {
        finite(&format!("{field}.{axis}"), x)?;
    }
    Ok(())
}

/// A length or coordinate: finite, representable in `precision`, and within its
/// [`Precision::max_length`].
fn length(field: &str, x: f64, precision: Precision) -> Result<(), ScenarioError> {
    finite(field, x)?;
    let (max, name) = (precision.max_value(), precision.name());
    if x.abs() > max {
        return Err(invalid(
            field,
            format!("{x:e} does not fit in {name} (largest {max:.1e})"),
        ));
    }
    let limit = precision.max_length();
    if x.abs() > limit {
        return Err(invalid(
            field,
            format!(
                "{x:e} is beyond {name}'s limit of {limit:e} on lengths and coordinates (the solver multiplies up to four of them; larger ones would overflow)"
            ),
        ));
    }
    Ok(())
}

fn size(field: &str, x: f64, precision: Precision) -> Result<(), ScenarioError> {
    non_negative(field, x)?;
    length(field, x, precision)
}

fn point(field: &str, v: DVec3, precision: Precision) -> Result<(), ScenarioError> {
    for (axis, x) in ["x", "y", "z"].iter().zip(v.to_array()) {
        if !x.is_finite() || x.abs() > precision.max_length() {
            length(&format!("{field}.{axis}"), x, precision)?;
        }
    }
    Ok(())
}

pub(crate) fn body(
    mut body: BodySpec,
    name: &str,
    precision: Precision,
) -> Result<BodySpec, ScenarioError> {
    let field = |f: &str| format!("{name}.{f}");
    match &body.shape {
        Shape::Sphere { radius } => size(&field("shape.radius"), *radius, precision)?,
        Shape::Cuboid { half_extents } => {
            for (axis, x) in ["x", "y", "z"].iter().zip(half_extents.to_array()) {
                size(&field(&format!("shape.half_extents.{axis}")), x, precision)?;
            }
        }
        Shape::Capsule { .. } | Shape::Cylinder { .. } | Shape::Cone { .. } => {
            let (half_height, radius) = body.shape.axial().unwrap_or_default();
            size(&field("shape.half_height"), half_height, precision)?;
            size(&field("shape.radius"), radius, precision)?;
        }
        Shape::Polytope { vertices } => {
            if vertices.is_empty() {
                return Err(invalid(field("shape.vertices"), "needs at least one point"));
            }
            for (i, v) in vertices.iter().enumerate() {
                point(&field(&format!("shape.vertices[{i}]")), *v, precision)?;
            }
        }
    }
    point(&field("position"), body.position, precision)?;
    let q = body.rotation;
    for (c, x) in ["x", "y", "z", "w"].iter().zip(q.to_array()) {
        finite(&field(&format!("rotation.{c}")), x)?;
    }
    // A squared length that overflows ([1e154, 0, 0, 1e154]) or underflows ([1e-200, 0, 0, 0])
    // would turn the quaternion into zeros or infinities: divide by the largest component
    // first. Quaternions of ordinary size are divided by their length alone, as they always were.
    let largest = q
        .to_array()
        .into_iter()
        .fold(0.0, |m: f64, x| m.max(x.abs()));
    if largest == 0.0 {
        return Err(invalid(
            field("rotation"),
            "is a zero-length quaternion; use [0, 0, 0, 1] for no rotation",
        ));
    }
    let scaled = if (1e-100..1e100).contains(&largest) {
        q
    } else {
        q / largest
    };
    // A quaternion already unit to rounding is kept as written: normalising is not idempotent
    // in floating point, and a case saved and read back must be the same case to the last bit.
    // One that had to be scaled first is never that, even when the scaled one is unit
    // ([1e-200, 0, 0, 0] scales to [1, 0, 0, 0], which is what the body must carry).
    if scaled != q || (q.length_squared() - 1.0).abs() > 4.0 * f64::EPSILON {
        body.rotation = scaled / scaled.length();
    }
    size(&field("margin"), body.margin, precision)?;
    Ok(body)
}

/// A body of a scenario in the plane (one built in code, or edited): it lies in `z = 0`, turns
/// about the plane's normal only, and is one of the plane's shapes. (A 2D file's bodies are so
/// by construction.)
pub(crate) fn plane_body(body: &BodySpec, name: &str) -> Result<(), ScenarioError> {
    let field = |f: &str| format!("{name}.{f}");
    let flat = match &body.shape {
        Shape::Sphere { .. } | Shape::Capsule { .. } => true,
        Shape::Cuboid { half_extents } => half_extents.z == 0.0,
        Shape::Polytope { vertices } => vertices.iter().all(|v| v.z == 0.0),
        Shape::Cylinder { .. } | Shape::Cone { .. } => {
            return Err(invalid(
                field("shape"),
                format!(
                    "a {} is not a 2D shape; use one of {}",
                    body.shape.kind_name(),
                    crate::shape::plane::PLANE_KINDS.join(", ")
                ),
            ));
        }
    };
    if !flat {
        return Err(invalid(
            field("shape"),
            "has depth; a 2D scenario's shapes lie in the plane z = 0",
        ));
    }
    if body.position.z != 0.0 {
        return Err(invalid(
            field("position"),
            "is off the plane; a 2D scenario's bodies lie in z = 0",
        ));
    }
    if body.rotation.x != 0.0 || body.rotation.y != 0.0 {
        return Err(invalid(
            field("rotation"),
            "tilts the body out of the plane; a 2D body turns by an angle only",
        ));
    }
    Ok(())
}
