//! `gjk-lab trace`: a whole run, as one JSON document or one line per step in words.

use gjk::Scenario;
use gjk_lab_files::case::Case;
use std::io::{BufWriter, Write};
use std::path::Path;

/// The static query's trace and the cast's, on shapes prepared once for both.
pub(crate) fn traced(scenario: &Scenario) -> (gjk::Trace, Option<gjk::CastTrace>) {
    let (trace, cast, _) = traced_all(scenario);
    (trace, cast)
}

/// A contact manifold and its stages.
type Contacts = (gjk::manifold::Manifold, Vec<gjk::manifold::ManifoldStep>);

/// [`traced`], with the answer's contact manifold when it overlaps.
fn traced_all(scenario: &Scenario) -> (gjk::Trace, Option<gjk::CastTrace>, Option<Contacts>) {
    let shapes = scenario.prepare();
    let [a, b] = scenario.placed(&shapes);
    let config = scenario.config();
    let trace = gjk::Trace::record(|recorder| gjk::query::query(a, b, &config, None, recorder));
    let contacts = scenario.manifold_prepared(&shapes, &trace.finish);
    (trace, scenario.trace_cast_prepared(&shapes), contacts)
}

/// A whole run as the JSON document `trace` prints: the scenario as understood, every step,
/// the outcome, the contact manifold's stages.
fn trace_json(scenario: &Scenario) -> String {
    let (trace, cast, contacts) = traced_all(scenario);
    gjk::TraceDocument::new(scenario, &trace)
        .with_cast(cast.as_ref())
        .with_manifold(contacts.as_ref().map(|(m, steps)| (m, &steps[..])))
        .to_json()
}

/// A whole run one line per step, the panel's sentence for each (`gjk 3: …`), then the
/// answer's certificate; a cast's steps and answer after.
fn trace_lines(scenario: &Scenario) -> String {
    use gjk::trace::explain::fmt_num;
    let (trace, cast, contacts) = traced_all(scenario);
    let dimension = scenario.dimension;
    // A sentence may span lines in the panel; here each step is one line.
    let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut lines = Vec::new();
    let (mut gjk_n, mut epa_n) = (0, 0);
    for step in &trace.steps {
        let phase = if step.phase.is_epa() {
            epa_n += 1;
            format!("epa {epa_n}")
        } else {
            gjk_n += 1;
            format!("gjk {gjk_n}")
        };
        lines.push(format!("{phase}: {}", flat(step.explanation_in(dimension))));
    }
    lines.push(format!(
        "answer: {}",
        trace.finish.certificate.describe_of("shapes")
    ));
    if let Some(p) = &trace.finish.penetration {
        let proven = match (trace.finish.depth_proven(), p.certified) {
            (true, _) => "proven",
            (false, true) => "bounded; the overlap itself is not proven",
            (false, false) => "not proven",
        };
        // Bounds written with the digits that tell them apart.
        let bounds = p.depth_bounds.map_or(String::new(), |[lo, hi]| {
            let [lo, hi] = gjk::trace::explain::fmt_apart(lo, hi);
            format!(" in [{lo}, {hi}]")
        });
        lines.push(format!("depth: {}{bounds} ({proven})", fmt_num(p.depth)));
    }
    if let Some((manifold, steps)) = contacts {
        for step in &steps {
            let said = step.explanation_in(dimension);
            lines.push(format!("manifold {}: {said}", step.index));
        }
        let depths: Vec<String> = manifold.points.iter().map(|c| fmt_num(c.depth)).collect();
        lines.push(format!(
            "contacts: {} (depths {})",
            manifold.points.len(),
            depths.join(", ")
        ));
    }
    if let Some(cast) = cast {
        for (i, step) in cast.steps.iter().enumerate() {
            let n = i + 1;
            lines.push(format!(
                "cast {n}: {}",
                flat(step.explanation_in(dimension))
            ));
        }
        lines.push(format!(
            "cast answer: {}",
            flat(cast.answer.status.describe())
        ));
    }
    lines.join("\n")
}

/// `gjk-lab trace`: returns the process exit code.
pub fn trace(file: &Path, lines: bool) -> i32 {
    let print = if lines { trace_lines } else { trace_json };
    let document = Case::load(file).and_then(|case| match case {
        Case::Pair(s) => crate::cli::guard::guarded(|| print(&s)),
        Case::Pieces(read) => {
            crate::cli::guard::guarded(|| super::pieces::trace_text(&read.0, &read.1, lines))
        }
    });
    let document = match document {
        Ok(d) => d,
        Err(e) => {
            eprintln!("gjk-lab trace: {e}");
            return 1;
        }
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match writeln!(out, "{document}").and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(e) => crate::cli::guard::output_failed("trace", &e, 0),
    }
}
