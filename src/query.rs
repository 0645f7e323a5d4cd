//! `gjk-lab query`: one JSON line per scenario, in input order. JSON-lines input is read in
//! chunks that are answered on every core (rayon) and written in order, so a file of any length
//! runs in constant memory; a progress line appears on a terminal's stderr after a second.

use gjk::{Format, Outcome, Scenario};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Lines answered together: enough to keep every core busy, few enough to stay small.
const CHUNK: usize = 4096;

/// One line of `query` output.
#[derive(Debug, Serialize)]
struct Answer<'a> {
    name: &'a str,
    intersecting: Option<bool>,
    distance: Option<f64>,
    point_a: Option<glam::DVec3>,
    point_b: Option<glam::DVec3>,
    /// Intersecting pairs: how deep, and which way to push B (EPA).
    depth: Option<f64>,
    normal: Option<glam::DVec3>,
    iterations: u32,
    termination: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    epa_termination: Option<&'static str>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    reference: Option<ReferenceFields>,
}

/// parry3d's answer, added by `query --reference`.
#[derive(Debug, Serialize)]
struct ReferenceFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_distance: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_depth: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_error: Option<String>,
}

impl ReferenceFields {
    fn of(scenario: &Scenario) -> Self {
        match gjk::reference::reference(&scenario.a, &scenario.b) {
            Ok(r) => ReferenceFields {
                reference_distance: Some(r.distance),
                reference_depth: r.depth,
                reference_error: None,
            },
            Err(e) => ReferenceFields {
                reference_distance: None,
                reference_depth: None,
                reference_error: Some(e),
            },
        }
    }
}

#[derive(Debug, Serialize)]
struct Failure<'a> {
    name: &'a str,
    error: String,
}

fn answer(scenario: &Scenario, reference: bool) -> Answer<'_> {
    let config = scenario.config();
    let finish = gjk::solve(&scenario.a, &scenario.b, &config);
    let (distance, point_a, point_b) = match (config.algorithm, finish.outcome) {
        (a, _) if !a.measures_distance() => (None, None, None),
        (
            _,
            Outcome::Separated {
                distance,
                point_a,
                point_b,
            },
        ) => (Some(distance), Some(point_a), Some(point_b)),
        (_, Outcome::Intersecting) => (Some(0.0), None, None),
        _ => (None, None, None),
    };
    // For an intersecting pair the points are EPA's contact points, so separated and
    // intersecting answers carry the same fields.
    let p = finish.penetration;
    let (point_a, point_b) = match p {
        Some(p) => (Some(p.point_a), Some(p.point_b)),
        None => (point_a, point_b),
    };
    Answer {
        name: &scenario.name,
        intersecting: finish.outcome.intersecting(),
        distance,
        point_a,
        point_b,
        depth: p.map(|p| p.depth),
        normal: p.map(|p| p.normal),
        iterations: finish.iterations,
        termination: finish.termination.name(),
        epa_termination: finish.epa_termination.map(|t| t.name()),
        reference: reference.then(|| ReferenceFields::of(scenario)),
    }
}

/// The output line for one scenario (or why it could not be read), and whether it was answered.
fn line_for(label: &str, parsed: Result<Scenario, String>, reference: bool) -> (String, bool) {
    let (json, ok) = match parsed {
        Ok(mut s) => {
            if s.name.is_empty() {
                s.name = label.to_string();
            }
            (serde_json::to_string(&answer(&s, reference)), true)
        }
        Err(error) => (
            serde_json::to_string(&Failure { name: label, error }),
            false,
        ),
    };
    let mut json = json.expect("answers serialise");
    json.push('\n');
    (json, ok)
}

/// Counts answered lines; shows a spinner with the rate once a run passes a second.
struct Progress {
    started: Instant,
    done: u64,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new() -> Self {
        Progress {
            started: Instant::now(),
            done: 0,
            bar: None,
        }
    }

    fn add(&mut self, n: usize) {
        self.done += n as u64;
        let elapsed = self.started.elapsed();
        if self.bar.is_none() && elapsed > Duration::from_secs(1) {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("gjk-lab query: {pos} answered ({per_sec}) {elapsed}")
                    .expect("a valid template"),
            );
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(self.done);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish();
        }
    }
}

/// Answers JSON lines chunk by chunk, in parallel, in order.
fn query_lines(
    out: &mut impl Write,
    label: &str,
    reader: impl BufRead,
    reference: bool,
    progress: &mut Progress,
) -> std::io::Result<bool> {
    let mut all_ok = true;
    let mut lines = reader.lines().enumerate();
    loop {
        let chunk: Vec<_> = lines.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            return Ok(all_ok);
        }
        let n = chunk.len();
        let answered: Vec<Option<(String, bool)>> = chunk
            .into_par_iter()
            .map(|(i, line)| {
                let name = format!("{label}:{}", i + 1);
                let parsed = match line {
                    Ok(l) if l.trim().is_empty() => return None,
                    Ok(l) => Scenario::parse(&l, Format::Json).map_err(|e| e.to_string()),
                    Err(e) => Err(format!("cannot read line: {e}")),
                };
                Some(line_for(&name, parsed, reference))
            })
            .collect();
        for (text, ok) in answered.into_iter().flatten() {
            out.write_all(text.as_bytes())?;
            all_ok &= ok;
        }
        progress.add(n);
    }
}

/// `gjk-lab query`: returns the process exit code.
pub fn query(files: &[PathBuf], reference: bool) -> i32 {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_ok = true;
    let mut progress = Progress::new();
    for file in files {
        let label = file.display().to_string();
        let result = if file.as_os_str() == "-" {
            let stdin = std::io::stdin().lock();
            query_lines(&mut out, "stdin", stdin, reference, &mut progress)
        } else if file.extension().is_some_and(|e| e == "jsonl") {
            match std::fs::File::open(file) {
                Ok(f) => {
                    let reader = std::io::BufReader::new(f);
                    query_lines(&mut out, &label, reader, reference, &mut progress)
                }
                Err(e) => {
                    let (text, ok) = line_for(&label, Err(format!("{label}: {e}")), reference);
                    out.write_all(text.as_bytes()).map(|()| ok)
                }
            }
        } else {
            let parsed = Scenario::load(file).map_err(|e| e.to_string());
            let (text, ok) = line_for(&label, parsed, reference);
            progress.add(1);
            out.write_all(text.as_bytes()).map(|()| ok)
        };
        match result {
            Ok(ok) => all_ok &= ok,
            // A closed pipe (e.g. `| head`) ends the run quietly.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return 0,
            Err(e) => {
                eprintln!("gjk-lab query: {e}");
                return 1;
            }
        }
    }
    progress.finish();
    if out.flush().is_err() {
        return 1;
    }
    if all_ok { 0 } else { 1 }
}
