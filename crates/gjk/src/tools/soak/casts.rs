//! The soak's casts: each generated scenario's cast, checked against what must hold of any
//! cast and, for two spheres, against the analytic first time they meet.

use super::Report;
use super::check;
use super::generate::Truth;
use crate::cast::{CastMethod, CastStatus};
use crate::scenario::{Format, Scenario};
use crate::shape::{BodySpec, Shape};

/// The scenario's cast, checked: no decision on a non-finite number, and for two spheres the
/// analytic first time their surfaces come within the target.
pub(super) fn cast(scenario: &Scenario, truth: Truth, label: &str, report: &mut Report) {
    let Some(answer) = scenario.solve_cast() else {
        return;
    };
    // The traced cast, for the digest, is the same cast: its answer must be the untraced one
    // to the last bit (what the app shows is what a caller gets).
    let traced = scenario.trace_cast();
    if let Some(trace) = &traced {
        report.digest(trace);
    }
    report.casts += 1;
    report.casts_by_method[CastMethod::ALL
        .iter()
        .position(|m| *m == answer.method)
        .unwrap_or(0)] += 1;
    let spec = scenario.cast.expect("a cast section");
    let settings = spec.settings(scenario.solver.precision);
    let problem = |what: String, report: &mut Report| {
        report.contradictions += 1;
        let text = scenario.to_text(Format::Json).replace('\n', " ");
        report.problem(format!("{label}: cast: {what}\n    {answer:?}\n    {text}"));
    };
    let traced_answer = traced.map(|t| format!("{:?}", t.answer));
    if traced_answer.as_ref() != Some(&format!("{answer:?}")) {
        problem(format!("traced, it answers {traced_answer:?}"), report);
    }
    let numbers: Vec<f64> = match &answer.status {
        CastStatus::Hit { time, gap } => vec![*time, *gap],
        CastStatus::Miss {
            time,
            separation,
            closing_speed,
        } => vec![*time, *separation, *closing_speed],
        CastStatus::OverlappingAtStart { distance, depth } => {
            vec![*distance, depth.unwrap_or(0.0)]
        }
        CastStatus::MaxIterations { .. } | CastStatus::Failed { .. } => {
            report.casts_unanswered += 1;
            return;
        }
    };
    let travel = (spec.velocity_a.length() + spec.velocity_b.length()) * settings.max_time;
    if let Some(why) = check::cast_answer(&answer, check::rounding(scenario, travel)) {
        problem(why, report);
    }
    let toi = answer.toi.unwrap_or(0.0);
    let normal = answer.normal.map_or(0.0, |n| n.length());
    if numbers
        .iter()
        .chain([&toi, &normal])
        .any(|x| !x.is_finite())
    {
        report.non_finite += 1;
        problem("decided on a non-finite number".into(), report);
        return;
    }
    let Truth::Distance(_) = truth else {
        return;
    };
    // Two spheres: d(t) = ‖p₀ + t·u‖ − R for the relative motion u.
    let (a, b) = (&scenario.a, &scenario.b);
    let radius = |s: &BodySpec| match s.shape {
        Shape::Sphere { radius } => radius + s.margin,
        _ => unreachable!("the distance truth is for spheres"),
    };
    let reach = radius(a) + radius(b) + settings.target;
    let (p0, u) = (b.position - a.position, spec.velocity_b - spec.velocity_a);
    let d = |t: f64| (p0 + u * t).length() - radius(a) - radius(b);
    // The first t with ‖p₀ + t·u‖ = reach: the smaller root of |u|²t² + 2(p₀·u)t + |p₀|² − reach².
    let (qa, qb, qc) = (
        u.length_squared(),
        p0.dot(u),
        p0.length_squared() - reach * reach,
    );
    let first = if qc <= 0.0 {
        Some(0.0)
    } else if qa > 0.0 && qb * qb - qa * qc >= 0.0 {
        let t = (-qb - (qb * qb - qa * qc).sqrt()) / qa;
        (t >= 0.0 && t <= settings.max_time).then_some(t)
    } else {
        None
    };
    let travel = u.length() * settings.max_time;
    let slack = 64.0
        * scenario.solver.precision.epsilon()
        * (a.position.length() + b.position.length() + reach + travel);
    let (target, tolerance) = (settings.target, settings.tolerance);
    match (&answer.status, first) {
        // Too far at its time, or the spheres were already nearer than the target before it.
        (CastStatus::Hit { time, .. }, Some(t))
            if d(*time) > target + tolerance + slack || d(*time) < target - slack && *time > t =>
        {
            problem(
                format!("a hit at {time:e}, the spheres first meet at {t:e}"),
                report,
            );
        }
        (CastStatus::Hit { time, .. }, None) if d(*time) > target + tolerance + slack => {
            problem(format!("a hit at {time:e}, the spheres never meet"), report);
        }
        (CastStatus::Miss { .. }, Some(t)) if d(t) < target - slack => {
            problem(format!("a miss, the spheres meet at {t:e}"), report);
        }
        // Within abs_tolerance counts as touching, as the static query says.
        (CastStatus::OverlappingAtStart { .. }, _)
            if d(0.0) > target.max(scenario.config().abs_tolerance) + slack =>
        {
            problem(format!("overlapping at start, {:e} apart", d(0.0)), report);
        }
        _ => {}
    }
}
