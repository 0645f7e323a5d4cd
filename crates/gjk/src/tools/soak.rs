//! The soak: seeded random and adversarial scenarios, run through parse → validate → solve →
//! EPA, each answer checked against what is known to be true without the solver.
//!
//! Every scenario is written out as JSON or RON text and read back as a user's file would be,
//! so the parser and the validation are soaked along with the solvers. The known truths:
//!
//! - two bodies that share their centre overlap (the generated shapes all contain their own
//!   origin: a polytope's cloud is centred on its mean, which lies in its hull);
//! - two spheres are `‖p_a − p_b‖ − r_a − r_b` apart, margins included;
//! - a pair, its mirror image (every point `x ↦ −x`), its swap and its common translation are
//!   the same problem: their proven claims and bounds must agree.
//!
//! - two spheres (which look the same however they turn) moving in straight lines come within
//!   a target distance when `‖p(t)‖ − r_a − r_b` first falls to it: a cast's hit, miss or
//!   overlap at the start must agree, and no decision may rest on a non-finite number.
//!
//! A contradiction is a proven claim or a bound that one of these refutes. Uncertified answers
//! are not contradictions: they are counted, because an honest "not proven" is allowed.

mod casts;
mod check;
mod engine;
mod generate;
mod report;

pub use generate::Rng;
pub use report::Report;

use crate::scenario::{Format, Scenario, ScenarioError};
use crate::shape::{BodySpec, Shape};
use crate::trace::Finish;
use generate::{Truth, flattened, generate};
use glam::DQuat;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

/// `x ↦ −x` applied to a body: positions and clouds negate; a centrally symmetric shape is its
/// own mirror image; a cone (symmetric about its axis) mirrors to itself turned half a turn
/// about its local X.
fn mirrored(body: &BodySpec) -> BodySpec {
    let mut m = body.clone();
    m.position = -body.position;
    match &mut m.shape {
        Shape::Polytope { vertices } => vertices.iter_mut().for_each(|v| *v = -*v),
        Shape::Cone { .. } => {
            m.rotation = body.rotation * DQuat::from_rotation_x(std::f64::consts::PI)
        }
        _ => {}
    }
    m
}

/// Whether an answer holds a NaN or an infinity: RON writes them as `NaN` and `inf`, where JSON
/// would quietly write `null`.
fn non_finite(finish: &Finish) -> bool {
    let text = ron::to_string(finish).unwrap_or_default();
    let bytes = text.as_bytes();
    ["NaN", "inf"].iter().any(|word| {
        text.match_indices(word).any(|(i, _)| {
            let before = i.checked_sub(1).map(|j| bytes[j]);
            let after = bytes.get(i + word.len()).copied();
            !before.is_some_and(|c| c.is_ascii_alphabetic())
                && !after.is_some_and(|c| c.is_ascii_alphabetic())
        })
    })
}

/// The rounding slack for comparing two runs of a scene of this size: f64 rounding of the inputs
/// themselves (the translated scene is a slightly different scene).
fn slack(s: &Scenario) -> f64 {
    let size = s.a.position.length() + s.b.position.length() + 1e-300;
    1e-12 * size
}

/// Runs one generated scenario (laid in the plane when `plane`) and its three equivalents;
/// problems go into `report`.
fn query(rng: &mut Rng, label: &str, plane: bool, report: &mut Report) {
    let (written, truth) = generate(rng);
    let (written, truth) = if plane {
        flattened(written, truth)
    } else {
        (written, truth)
    };
    let Some((scenario, text)) = read_back(rng, &written, label, report) else {
        return;
    };
    solve_and_check(rng, &scenario, &text, truth, label, report);
}

/// One scenario as a user's file gives it, read (JSON when it opens with `{`, else RON),
/// validated, solved four ways and checked as the soak checks its own, with nothing known of
/// its truth beyond what the four runs owe each other: what a fuzzer feeds, and what its
/// corpus, replayed in the tests, checks. A refusal must name its field.
pub fn check_text(text: &str) -> Report {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut report = Report::default();
    report.queries += 1;
    let format = if text.trim_start().starts_with('{') {
        Format::Json
    } else {
        Format::Ron
    };
    // The translated copy's offset is drawn from the text itself: the same input, the same run.
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    let mut rng = Rng::new(hasher.finish());
    guarded("input", &mut report, |report| {
        match Scenario::parse(text, format) {
            Ok(scenario) => {
                solve_and_check(&mut rng, &scenario, text, Truth::Unknown, "input", report)
            }
            Err(e) => refused(&e, "input", report),
        }
    });
    report
}

/// The four runs of `scenario` (as written, mirrored, swapped, translated) and its cast,
/// each checked against `truth` and against each other; and a captured case's engine answer
/// read against the run as written.
fn solve_and_check(
    rng: &mut Rng,
    scenario: &Scenario,
    text: &str,
    truth: Truth,
    label: &str,
    report: &mut Report,
) {
    let plane = scenario.dimension.is_plane();
    let config = scenario.config();
    let solve = |a: &BodySpec, b: &BodySpec| crate::query::solve(a, b, &config);
    let original = solve(&scenario.a, &scenario.b);
    let mut t = rng.vec(scenario.a.position.length().max(1.0));
    if plane {
        // A translation in the plane keeps the pair in it.
        t.z = 0.0;
    }
    let mut shifted = (scenario.a.clone(), scenario.b.clone());
    shifted.0.position += t;
    shifted.1.position += t;
    let variants = [
        (
            "mirrored",
            solve(&mirrored(&scenario.a), &mirrored(&scenario.b)),
        ),
        ("swapped", solve(&scenario.b, &scenario.a)),
        ("translated", solve(&shifted.0, &shifted.1)),
    ];
    report.solves += 4;
    report.digest(&original);
    for (_, answer) in &variants {
        report.digest(answer);
    }
    casts::cast(scenario, truth, label, report);
    let run = Run {
        scenario,
        text,
        label,
        truth,
        original: &original,
        shift: t.length(),
    };
    // A captured case: its engine's answer read against ours, as the panel reads it.
    if let Some(why) = engine::reading(scenario, &original) {
        run.contradiction(why, report);
    }
    for (name, f) in std::iter::once(("as written", original)).chain(variants) {
        run.check(name, &f, report);
    }
}

/// The scenario written out in JSON or RON (one in ten) and read back, with its text; `None`
/// when it is refused, which must name the field.
fn read_back(
    rng: &mut Rng,
    written: &Scenario,
    label: &str,
    report: &mut Report,
) -> Option<(Scenario, String)> {
    let format = if rng.chance(0.1) {
        Format::Ron
    } else {
        Format::Json
    };
    let text = written.to_text(format);
    match Scenario::parse(&text, format) {
        Ok(s) => Some((s, text)),
        Err(e) => {
            refused(&e, label, report);
            None
        }
    }
}

/// Counts a refusal, and one that names no field as a problem.
fn refused(e: &ScenarioError, label: &str, report: &mut Report) {
    report.refused += 1;
    if !e.names_its_place() {
        report.refused_unnamed += 1;
        report.problem(format!("{label}: refused without a field: {e}"));
    }
}

/// One generated query and what is known of it, to check each of its four runs against.
struct Run<'r> {
    scenario: &'r Scenario,
    text: &'r str,
    label: &'r str,
    truth: Truth,
    /// The run as written, which the other three must agree with.
    original: &'r Finish,
    /// How far the translated copy was moved.
    shift: f64,
}

impl Run<'_> {
    fn contradiction(&self, what: String, report: &mut Report) {
        report.contradictions += 1;
        let text = self.text.replace('\n', " ");
        report.problem(format!("{}: {what}\n    {text}", self.label));
    }

    /// One run `name`'s answer `f`: sound in itself, finite, counted, within the truth where
    /// it is known, and meeting the run as written.
    fn check(&self, name: &str, f: &Finish, report: &mut Report) {
        let scenario = self.scenario;
        let moved = if name == "translated" {
            self.shift
        } else {
            0.0
        };
        let rounding = check::rounding(scenario, moved);
        if let Some(why) = check::static_answer(f, rounding) {
            self.contradiction(format!("{name}: {why}"), report);
        }
        if name == "as written" && f.penetration.is_some() {
            report.manifolds += 1;
            match check::contacts(scenario, f, rounding) {
                Some(check::Contacts::Wrong(why)) => self.contradiction(why, report),
                // Counted, not listed: the list is the contradictions'.
                Some(check::Contacts::OwnPair) => report.own_pairs_off += 1,
                Some(check::Contacts::Shallow) => report.manifolds_shallow += 1,
                None => {}
            }
        }
        if non_finite(f) {
            report.non_finite += 1;
            report.problem(format!(
                "{} ({name}): non-finite number in {f:?}",
                self.label
            ));
        }
        let c = f.certificate;
        if c.intersecting.is_none() {
            report.undecided += 1;
        }
        if !c.certified {
            report.uncertified += 1;
            report.at_precision += u64::from(c.limit.is_some());
        }
        let [lower, upper] = c.distance_bounds;
        // The translated copy is a slightly different scene: its positions were rounded
        // when t was added (ε|t|), and a pair that far out is solved in its own frame, so its
        // bounds are tight about that scene, not about the one as written.
        let tiny = slack(scenario) + 4.0 * f64::EPSILON * self.shift + 1e-300;
        if lower > upper + tiny {
            self.contradiction(
                format!("{name}: bounds [{lower:e}, {upper:e}] cross"),
                report,
            );
        }
        self.against_truth(name, f, tiny, report);
        // The four runs describe one problem, so their bounds must meet. (This is also what
        // keeps their claims consistent: a proven overlap has an upper bound of 0 or within
        // abs_tolerance, a proven separation a lower bound above 0.)
        let [l0, u0] = self.original.certificate.distance_bounds;
        if lower > u0 + tiny || l0 > upper + tiny {
            self.contradiction(
                format!("{name}: bounds [{lower:e}, {upper:e}] miss [{l0:e}, {u0:e}] as written"),
                report,
            );
        }
    }

    /// The answer against what is known: shapes sharing a centre overlap; two spheres'
    /// distance and depth are known exactly.
    fn against_truth(&self, name: &str, f: &Finish, tiny: f64, report: &mut Report) {
        let c = f.certificate;
        let [lower, upper] = c.distance_bounds;
        match self.truth {
            Truth::Overlapping if c.intersecting == Some(false) => self.contradiction(
                format!("{name}: shapes sharing a centre proven apart ({f:?})"),
                report,
            ),
            Truth::Overlapping if lower > tiny => self.contradiction(
                format!("{name}: shapes sharing a centre have lower bound {lower:e}"),
                report,
            ),
            Truth::Distance(d) => {
                // Sphere distances in f64 carry the rounding of the inputs' size.
                let scenario = self.scenario;
                let scale = scenario.a.position.length() + scenario.b.position.length();
                let tol = tiny + 1e-14 * scale + 1e-12 * d;
                if lower > d + tol || upper < d - tol {
                    self.contradiction(
                        format!("{name}: true distance {d:e} outside [{lower:e}, {upper:e}]"),
                        report,
                    );
                }
                if c.intersecting == Some(false) && d == 0.0 {
                    self.contradiction(format!("{name}: overlapping spheres proven apart"), report);
                }
                if let Some(why) = check::sphere_depth(scenario, f, tol) {
                    self.contradiction(format!("{name}: {why}"), report);
                }
            }
            _ => {}
        }
    }
}

/// Runs `count` queries from `seed`, timing each; a panic is caught and counted, and the rest go
/// on.
pub fn run(seed: u64, count: u64) -> Report {
    run_in(seed, count, crate::config::Dimension::Three)
}

/// [`run`], with every scenario laid in the plane when `dimension` is the plane's (see
/// `generate::flattened`).
pub fn run_in(seed: u64, count: u64, dimension: crate::config::Dimension) -> Report {
    let plane = dimension.is_plane();
    let mut report = Report::default();
    let mut rng = Rng::new(seed);
    for n in 0..count {
        // Each query draws from its own generator, so one can be rerun alone from its number.
        let mut local = Rng::new(rng.next_u64());
        let label = format!("seed {seed} query {n}");
        report.queries += 1;
        guarded(&label, &mut report, |report| {
            query(&mut local, &label, plane, report)
        });
    }
    report
}

/// Runs `work`, timing it, and counts a panic or a hang as a problem of `label`'s.
fn guarded(label: &str, report: &mut Report, work: impl FnOnce(&mut Report)) {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| work(report)));
    let took = started.elapsed();
    report.slowest = report.slowest.max(took);
    if took > Report::HANG {
        report.hangs += 1;
        report.problem(format!("{label}: took {took:?}"));
    }
    if let Err(panic) = result {
        report.panics += 1;
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        report.problem(format!("{label}: panic: {message}"));
    }
}
