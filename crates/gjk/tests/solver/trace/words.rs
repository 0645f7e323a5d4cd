//! What a trace says in words is what the answer proves. Over the gallery and a few hundred
//! random pairs (some moved to 1e-4 apart), in both precisions, split and folded: the recorded
//! run ends on the answer `query` gives untraced; only its last step states a certificate, and
//! it is the answer's, with the answer's digits; every GJK step names the direction its arrow
//! draws, with its numbers; GJK's weights and the answer's lie in their triangle; a point keeps
//! its name from GJK into EPA.

use crate::solver::common::{KINDS, Rng, body};
use gjk::trace::explain::{fmt_num, fmt_vec};
use gjk::{BodySpec, Phase, Precision, Radii, Scenario, SolverConfig, Trace};
use gjk::{EpaStop, GjkStop, Shortcut, Termination};
use std::path::PathBuf;

fn gallery() -> Vec<(String, Scenario)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/gallery");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| (p.display().to_string(), Scenario::load(&p).unwrap()))
        .collect()
}

/// Random pairs, and each separated one again with B moved to 1e-4 from A along their
/// closest points' line (the near-touching pairs whose words used to disagree).
fn random_pairs(n: usize) -> Vec<(String, BodySpec, BodySpec)> {
    let mut rng = Rng::new(31);
    let mut out = Vec::new();
    for i in 0..n {
        let kinds = [KINDS[rng.pick(KINDS.len())], KINDS[rng.pick(KINDS.len())]];
        let a = body(&mut rng, kinds[0]);
        let b = body(&mut rng, kinds[1]);
        let f64_config = SolverConfig::default_for(gjk::Algorithm::Distance, Precision::F64);
        if let gjk::Outcome::Separated {
            distance,
            point_a,
            point_b,
        } = gjk::solve(&a, &b, &f64_config).outcome
        {
            let n = (point_b - point_a) / distance;
            let mut near = b.clone();
            near.position -= n * (distance - 1e-4);
            out.push((format!("pair {i} at 1e-4"), a.clone(), near));
        }
        out.push((format!("pair {i}"), a, b));
    }
    out
}

/// Every way the words could part from the answer, for one case.
fn disagreements(name: &str, a: &BodySpec, b: &BodySpec, config: &SolverConfig) -> Vec<String> {
    let mut wrong = Vec::new();
    let trace: Trace = gjk::trace(a, b, config);
    let answer = gjk::solve(a, b, config);
    let mut say = |what: String| wrong.push(format!("{name} ({config:?}): {what}"));
    if trace.finish != answer {
        say(format!(
            "the traced finish {:?} is not the untraced answer {answer:?}",
            trace.finish
        ));
    }
    let last = trace.steps.len().saturating_sub(1);
    for (i, step) in trace.steps.iter().enumerate() {
        let words = step.explanation();
        match (i == last, step.certificate) {
            (true, Some(c)) if c != answer.certificate => say(format!(
                "the last step's certificate {c:?} is not the answer's"
            )),
            (true, None) => say("the last step states no certificate".into()),
            (false, Some(_)) => say(format!("step {} states a certificate", step.iteration)),
            _ => {}
        }
        if i == last {
            let c = answer.certificate;
            if words.contains("Certified:") != c.certified {
                say(format!(
                    "the words '{words}' for certified = {}",
                    c.certified
                ));
            }
            let upper = fmt_num(c.distance_bounds[1]);
            if c.distance_bounds[1] > 0.0 && !words.contains(&upper) {
                say(format!(
                    "the words '{words}' do not give the upper bound {upper}"
                ));
            }
        }
        if step.phase == Phase::Distance && !words.contains(&fmt_vec(step.direction)) {
            say(format!(
                "step {}: the words '{words}' do not name the drawn d = {}",
                step.iteration,
                fmt_vec(step.direction)
            ));
        }
        // A point keeps its name into EPA and through it: shown at two steps in a row, it is
        // called the same at both; and no two points of a step share a name.
        if i > 0 && step.epa().is_some() {
            let before = &trace.steps[i - 1];
            for (slot, v) in step.candidate.iter().enumerate() {
                let was = before.candidate.iter().position(|u| u.point == v.point);
                if let Some(was) = was
                    && before.label(was) != step.label(slot)
                {
                    say(format!(
                        "step {}: {} was {} at the step before",
                        step.iteration,
                        step.label(slot),
                        before.label(was)
                    ));
                }
            }
        }
        let mut labels: Vec<_> = (0..step.candidate.len()).map(|k| step.label(k)).collect();
        labels.sort_unstable();
        labels.dedup();
        if labels.len() != step.candidate.len()
            && step
                .candidate
                .iter()
                .enumerate()
                .all(|(k, v)| step.candidate[..k].iter().all(|u| u.point != v.point))
        {
            say(format!("step {}: names repeat {labels:?}", step.iteration));
        }
        // The closest point's weights: GJK's lie in its simplex, and so does the point the
        // answer was read from. (A growing EPA polytope's nearest plane may have its foot
        // outside the nearest triangle; its weights then say so, and still sum to 1.)
        if !step.weights.is_empty() {
            let sum: f64 = step.weights.iter().sum();
            let lowest = step.weights.iter().copied().fold(f64::INFINITY, f64::min);
            let inside = step.epa().is_none() || i == last;
            if step.weights.len() != step.kept.len()
                || (sum - 1.0).abs() > 1e-6
                || (inside && lowest < -1e-6)
            {
                say(format!(
                    "step {}: weights {:?} over {} points",
                    step.iteration,
                    step.weights,
                    step.kept.len()
                ));
            }
        }
    }
    wrong
}

fn configs() -> Vec<SolverConfig> {
    let mut out = Vec::new();
    for precision in [Precision::F64, Precision::F32] {
        for radii in [Radii::Split, Radii::Closed, Radii::Folded] {
            out.push(SolverConfig {
                radii,
                ..SolverConfig::default_for(gjk::Algorithm::Distance, precision)
            });
        }
    }
    out
}

#[test]
fn the_words_of_every_gallery_case_are_its_answer_s() {
    let mut wrong = Vec::new();
    for (name, s) in gallery() {
        wrong.extend(disagreements(&name, &s.a, &s.b, &s.config()));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_words_of_random_and_near_touching_pairs_are_their_answer_s() {
    let mut wrong = Vec::new();
    let pairs = random_pairs(250);
    for config in configs() {
        for (name, a, b) in &pairs {
            wrong.extend(disagreements(name, a, b, &config));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}

/// Every way a run stops names what decided it: a setting the configuration has, a threshold
/// the solver page's table lists (with the size the table gives it), or an exact comparison.
#[test]
fn every_stop_names_the_setting_or_threshold_that_decided_it() {
    use gjk::Termination as T;
    let stops = [
        Termination::Gjk(GjkStop::IntersectionFound { iteration: 1 }),
        Termination::Gjk(GjkStop::GapBelowTolerance {
            gap: 0.0,
            threshold: 0.0,
            distance: 1.0,
        }),
        Termination::Gjk(GjkStop::DistanceBelowTolerance {
            v_norm: 0.0,
            threshold: 0.0,
        }),
        Termination::Gjk(GjkStop::RepeatedSupport {
            vertex: 0,
            distance: 1.0,
        }),
        Termination::Gjk(GjkStop::NotDecreasing {
            previous: 1.0,
            current: 1.0,
        }),
        Termination::Gjk(GjkStop::DegenerateSimplex {
            size: 3,
            measure: 0.0,
        }),
        Termination::Gjk(GjkStop::ZeroDirection { iteration: 1 }),
        Termination::Gjk(GjkStop::NotPastOrigin { dot: -1.0 }),
        Termination::Gjk(GjkStop::MaxIterations {
            iterations: 1,
            v_norm: None,
        }),
        Termination::Epa(EpaStop::Converged {
            gap: 0.0,
            threshold: 0.0,
            depth: 1.0,
        }),
        Termination::Epa(EpaStop::NoProgress { depth: 1.0 }),
        Termination::Epa(EpaStop::Flat { measure: 0.0 }),
        Termination::Epa(EpaStop::Budget {
            iterations: 1,
            depth: 1.0,
            gap: 1.0,
        }),
        Termination::Shortcut(Shortcut::ClosedForm { distance: 1.0 }),
        Termination::Shortcut(Shortcut::SeparatingAxis { gap: 1.0 }),
        Termination::Shortcut(Shortcut::SharedPoint { apart: 0.0 }),
    ];
    assert_eq!(stops.len(), T::NAMES.len(), "every kind, once");
    let settings = serde_json::to_value(gjk::SolverConfig::default()).unwrap();
    let table =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/solver.md"))
            .unwrap();
    for stop in stops {
        for boolean in [false, true] {
            let words = stop.decided_by(boolean);
            let named = |prefix: &str| {
                words
                    .split(prefix)
                    .nth(1)
                    .map(|rest| rest.split([' ', ',']).next().unwrap().to_string())
            };
            if let Some(setting) = named("the setting ") {
                assert!(
                    settings.get(&setting).is_some(),
                    "{}: {setting}",
                    stop.name()
                );
            } else if let Some(threshold) = named("the threshold ") {
                assert!(
                    table.contains(&format!("| `{threshold}` |")),
                    "{}: {threshold} is not in the solver page's table",
                    stop.name()
                );
            } else {
                assert!(
                    words.starts_with("no threshold"),
                    "{}: {words}",
                    stop.name()
                );
            }
        }
    }
    // A collapsed simplex reads differently in boolean GJK and in the distance algorithms.
    let collapsed = Termination::Gjk(GjkStop::DegenerateSimplex {
        size: 3,
        measure: 0.0,
    });
    assert_ne!(collapsed.decided_by(true), collapsed.decided_by(false));
}

#[test]
fn epa_says_what_it_removes_in_the_number_it_removes() {
    // Every gallery case's EPA steps: one face or edge removed is "it", more are "they".
    let (mut one, mut many) = (0, 0);
    for (name, s) in gallery() {
        let trace = gjk::trace(&s.a, &s.b, &s.config());
        for step in trace
            .steps
            .iter()
            .filter(|s| matches!(s.phase, Phase::Epa(_)))
        {
            let words = step.explanation();
            for kind in ["face", "edge"] {
                if words.contains(&format!(" sees 1 {kind};")) {
                    one += 1;
                    assert!(
                        words.contains(&format!("1 {kind}; it is")),
                        "{name}: {words}"
                    );
                } else if words.contains(&format!("{kind}s; ")) && words.contains(" sees ") {
                    many += 1;
                    assert!(words.contains("; they are"), "{name}: {words}");
                }
            }
        }
    }
    assert!(one > 0 && many > 0, "one face {one}, many {many}");
}
