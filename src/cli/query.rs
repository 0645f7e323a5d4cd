//! `gjk-lab query`: one JSON line per scenario, in input order. JSON-lines input is read in
//! chunks that are answered on every core (rayon) and written in order, so a file of any length
//! runs in constant memory; a progress line appears on a terminal's stderr after a second.
//!
//! Every line is answered or gets an error line of its own, even when the solver has a bug (the
//! panic is caught for that line). Exit 0 when every answer is certified or proven to its
//! precision's limit (`limit`, see `gjk::PrecisionLimit`), 3 when every line was answered but
//! some answer is not certified, 1 when some line could not be answered.
//!
//! A scenario with a `cast` section also gets its time of impact (`toi`, `toi_status`, …);
//! a cast that hit its cap or failed counts as not certified.

use gjk::scenario::pieces::{PiecesCase, is_pieces};
use gjk::tools::reference::judgement::Judgement;
use gjk::{Format, Outcome, Scenario};
use gjk_lab_files::case::Case;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pieces_line::pieces_line;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{BufRead, BufWriter, Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tally::{Tally, Verdict};

mod pieces_line;
mod tally;

/// Lines answered together: enough to keep every core busy, few enough to stay small.
const CHUNK: usize = 4096;

/// One line of `query` output.
#[derive(Debug, Serialize)]
struct Answer<'a> {
    name: &'a str,
    /// `true` or `false` only when proven; `null` otherwise (see `certified` and the bounds).
    intersecting: Option<bool>,
    /// The whole answer is proven (see `gjk::Certificate`).
    certified: bool,
    distance_bounds: [f64; 2],
    /// A separation proven only as far as the working precision resolves at this size: its
    /// `precision`, each support point's `rounding` and what the tolerance `asked`.
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<gjk::PrecisionLimit>,
    distance: Option<f64>,
    point_a: Option<gjk::config::Written>,
    point_b: Option<gjk::config::Written>,
    /// Intersecting pairs: how deep, and which way to push B (EPA).
    depth: Option<f64>,
    normal: Option<gjk::config::Written>,
    /// Proven bounds on the depth, and whether they are as tight as EPA's tolerance.
    #[serde(skip_serializing_if = "Option::is_none")]
    depth_bounds: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth_certified: Option<bool>,
    iterations: u32,
    termination: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    epa_termination: Option<&'static str>,
    /// Intersecting pairs: the contact manifold's points, deepest first (`gjk::manifold`).
    #[serde(skip_serializing_if = "Option::is_none")]
    manifold: Option<Vec<super::contact::Contact>>,
    /// With `radii: split` on rounded shapes: the radii and the cores' proven distance, and
    /// which case decided the answer (`apart`, `shallow`, `cores_overlap`).
    #[serde(skip_serializing_if = "Option::is_none")]
    radii: Option<gjk::CoreRadii>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    reference: Option<ReferenceFields>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    cast: Option<CastFields>,
    /// A captured case: the engine's answer read against ours (its number, the proven
    /// bounds it is read against, how it reads, and the sentence the panel shows).
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<gjk::scenario::engine::EngineCheck>,
}

/// The time of impact, for a scenario with a `cast` section.
#[derive(Debug, Serialize)]
struct CastFields {
    /// `null` unless the cast hit (or the bodies overlap at the start: 0).
    toi: Option<f64>,
    toi_status: &'static str,
    toi_method: &'static str,
    /// Unit, from A to B, at the time of impact.
    toi_normal: Option<gjk::config::Written>,
    toi_point_a: Option<gjk::config::Written>,
    toi_point_b: Option<gjk::config::Written>,
    /// Proven bounds on the distance at the time of impact.
    toi_distance_bounds: Option<[f64; 2]>,
    toi_iterations: u32,
    /// Where a cast stopped without an answer (`max_iterations`, `failed`): the time up to
    /// which nothing touched; `toi_distance_bounds` is then the distance there.
    #[serde(skip_serializing_if = "Option::is_none")]
    toi_reached: Option<f64>,
    /// Why the cast failed, for a `failed` status.
    #[serde(skip_serializing_if = "Option::is_none")]
    toi_failure: Option<String>,
    /// parry's time of impact and status (`query --reference`).
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_toi: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_toi_status: Option<String>,
}

impl CastFields {
    /// The scenario's cast, on the shapes `shapes` prepared for the static query.
    fn of(scenario: &Scenario, shapes: &[gjk::PreparedShape; 2], reference: bool) -> Option<Self> {
        let spec = scenario.cast.as_ref()?;
        let [a, b] = scenario.placed(shapes);
        let cast = gjk::cast::cast(a, b, spec, &scenario.config(), &mut gjk::NoTrace);
        let theirs = reference.then(|| gjk::tools::reference::reference_cast(scenario));
        let (reference_toi, reference_toi_status) = match theirs {
            Some(Ok(r)) => (Some(r.toi), Some(r.status)),
            Some(Err(e)) => (None, Some(format!("error: {e}"))),
            None => (None, None),
        };
        let written = |v: Option<glam::DVec3>| v.map(|v| scenario.dimension.written(v));
        Some(CastFields {
            toi: cast.toi,
            toi_status: cast.status.name(),
            toi_method: cast.method.name(),
            toi_normal: written(cast.normal),
            toi_point_a: written(cast.point_a),
            toi_point_b: written(cast.point_b),
            toi_distance_bounds: cast.distance_bounds,
            toi_iterations: cast.iterations,
            toi_reached: match cast.status {
                gjk::CastStatus::MaxIterations { time, .. } => Some(time),
                gjk::CastStatus::Failed { time, .. } => time,
                _ => None,
            },
            toi_failure: match cast.status {
                gjk::CastStatus::Failed { why, .. } => Some(why),
                _ => None,
            },
            reference_toi,
            reference_toi_status,
        })
    }

    /// Whether the cast's answer is proven (a hit, a miss or an overlap at the start).
    fn certified(&self) -> bool {
        matches!(self.toi_status, "hit" | "miss" | "overlapping_at_start")
    }
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
    /// parry's distance (or depth) lies outside the bounds our run proves, within parry's own
    /// tolerance or not: `reference_judgement` says which.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    reference_outside_bounds: bool,
    /// The judgement, with its numbers, and in the words the app's reference line uses.
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_judgement: Option<Judgement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_sentence: Option<String>,
    /// parry's contact manifold, for a pair parry finds overlapping.
    #[serde(skip_serializing_if = "Option::is_none")]
    reference_manifold: Option<Vec<super::contact::Contact>>,
}

impl ReferenceFields {
    fn of(scenario: &Scenario, finish: &gjk::Finish) -> Self {
        match gjk::tools::reference::reference_for(scenario) {
            Ok(r) => {
                let judgement = Judgement::of(finish, &r);
                ReferenceFields {
                    reference_distance: Some(r.distance),
                    reference_depth: r.depth,
                    reference_error: None,
                    reference_outside_bounds: judgement.outside_bounds(),
                    reference_judgement: Some(judgement),
                    reference_sentence: Some(judgement.sentence()),
                    reference_manifold: r.depth.and_then(|_| {
                        let m = reference_manifold(scenario).ok()??;
                        Some(super::contact::written(scenario, &m.points))
                    }),
                }
            }
            Err(e) => ReferenceFields {
                reference_distance: None,
                reference_depth: None,
                reference_error: Some(e),
                reference_outside_bounds: false,
                reference_judgement: None,
                reference_sentence: None,
                reference_manifold: None,
            },
        }
    }
}

#[derive(Debug, Serialize)]
struct Failure<'a> {
    name: &'a str,
    error: String,
}

use super::contact::contacts;
use gjk::tools::reference::manifold::reference_manifold;

fn answer(scenario: &Scenario, reference: bool) -> Answer<'_> {
    let config = scenario.config();
    // Prepared once for the static query and the cast (a million-point hull's walk graph
    // takes seconds to build).
    let shapes = scenario.prepare();
    let [a, b] = scenario.placed(&shapes);
    let finish = gjk::query::query(a, b, &config, None, &mut gjk::NoTrace);
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
    let written = |v: Option<glam::DVec3>| v.map(|v| scenario.dimension.written(v));
    Answer {
        name: &scenario.name,
        intersecting: finish.intersecting(),
        certified: finish.certificate.certified,
        distance_bounds: finish.certificate.distance_bounds,
        limit: finish.certificate.limit,
        distance,
        point_a: written(point_a),
        point_b: written(point_b),
        depth: p.map(|p| p.depth),
        normal: written(p.map(|p| p.normal)),
        depth_bounds: p.and_then(|p| p.depth_bounds),
        depth_certified: p.map(|p| p.certified),
        iterations: finish.iterations,
        termination: finish.termination.name(),
        epa_termination: finish.epa_termination.map(|t| t.name()),
        manifold: p.map(|p| contacts(scenario, &shapes, &p)),
        radii: finish.radii,
        reference: reference.then(|| ReferenceFields::of(scenario, &finish)),
        cast: CastFields::of(scenario, &shapes, reference),
        engine: scenario.engine_check_prepared(&shapes, &finish),
    }
}

/// The output line for one scenario (or why it could not be read or answered).
fn line_for(label: &str, parsed: Result<Scenario, String>, reference: bool) -> (String, Verdict) {
    let answered = parsed.and_then(|mut s| {
        if s.name.is_empty() {
            s.name = label.to_string();
        }
        crate::cli::guard::guarded(|| {
            let answer = answer(&s, reference);
            let cast_certified = answer.cast.as_ref().is_none_or(CastFields::certified);
            let depth_certified = answer.depth_certified.unwrap_or(true);
            let verdict = if !(cast_certified && depth_certified) {
                Verdict::Uncertified
            } else if answer.certified {
                Verdict::Certified
            } else if answer.limit.is_some() {
                Verdict::AtPrecision
            } else {
                Verdict::Uncertified
            };
            (serde_json::to_string(&answer), verdict)
        })
    });
    let (json, verdict) = match answered {
        Ok((json, verdict)) => (json, verdict),
        Err(error) => (
            serde_json::to_string(&Failure { name: label, error }),
            Verdict::Failed,
        ),
    };
    // Serialising plain numbers and strings cannot fail; if it ever did, say so on the line.
    let mut json = json.unwrap_or_else(|e| {
        format!("{{\"name\": {label:?}, \"error\": \"cannot write the answer: {e}\"}}")
    });
    json.push('\n');
    (json, verdict)
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

/// The input's lines, each at most [`gjk::scenario::MAX_FILE_BYTES`] long. A read error (standard
/// input that is a directory) or a line that does not end within the limit (`/dev/zero`) is
/// the last item: the rest of the input is not read, so no input makes the batch loop or grow.
fn capped_lines(mut reader: impl BufRead) -> impl Iterator<Item = Result<String, String>> {
    let max = gjk::scenario::MAX_FILE_BYTES;
    let mut ended = false;
    std::iter::from_fn(move || {
        if ended {
            return None;
        }
        let mut line = Vec::new();
        let read = (&mut reader).take(max + 1).read_until(b'\n', &mut line);
        let end = |why: String| Some(Err(format!("{why}; the rest of the input is not read")));
        match read {
            Ok(0) => None,
            Ok(_) if line.len() as u64 > max => {
                ended = true;
                end(format!("a line longer than {} MiB", max >> 20))
            }
            Ok(_) => {
                let text = line.strip_suffix(b"\n").unwrap_or(&line);
                let text = text.strip_suffix(b"\r").unwrap_or(text);
                Some(String::from_utf8(text.to_vec()).map_err(|_| "not UTF-8 text".to_string()))
            }
            Err(e) => {
                ended = true;
                end(format!("cannot read: {e}"))
            }
        }
    })
}

/// Answers JSON lines chunk by chunk, in parallel, in order.
fn query_lines(
    out: &mut impl Write,
    label: &str,
    reader: impl BufRead,
    reference: bool,
    progress: &mut Progress,
    tally: &mut Tally,
) -> std::io::Result<()> {
    let mut lines = capped_lines(reader).enumerate();
    loop {
        let chunk: Vec<_> = lines.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            return Ok(());
        }
        let n = chunk.len();
        let answered: Vec<Option<(String, Verdict)>> = chunk
            .into_par_iter()
            .map(|(i, line)| {
                let name = format!("{label}:{}", i + 1);
                let parsed = match line {
                    Ok(l) if l.trim().is_empty() => return None,
                    Ok(l) => match Scenario::parse(&l, Format::Json) {
                        Ok(s) => Ok(s),
                        // A line of many pieces: told apart only where a pair's reader fails.
                        Err(_) if is_pieces(&l, Format::Json) => {
                            let read = PiecesCase::read(&l, Format::Json);
                            return Some(pieces_line(&name, read.map_err(|e| e.to_string())));
                        }
                        Err(e) => Err(e.to_string()),
                    },
                    Err(e) => Err(e),
                };
                Some(line_for(&name, parsed, reference))
            })
            .collect();
        for (text, verdict) in answered.into_iter().flatten() {
            out.write_all(text.as_bytes())?;
            tally.add(verdict);
        }
        progress.add(n);
    }
}

/// `gjk-lab query`: returns the process exit code.
pub fn query(files: &[PathBuf], reference: bool) -> i32 {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut progress = Progress::new();
    for file in files {
        let label = file.display().to_string();
        let mut one = |text: String, verdict| {
            tally.add(verdict);
            out.write_all(text.as_bytes())
        };
        let result = if file.as_os_str() == "-" {
            let stdin = std::io::stdin().lock();
            query_lines(
                &mut out,
                "stdin",
                stdin,
                reference,
                &mut progress,
                &mut tally,
            )
        } else if file.extension().is_some_and(|e| e == "jsonl") && !file.is_dir() {
            match std::fs::File::open(file) {
                Ok(f) => {
                    let reader = std::io::BufReader::new(f);
                    query_lines(
                        &mut out,
                        &label,
                        reader,
                        reference,
                        &mut progress,
                        &mut tally,
                    )
                }
                Err(e) => {
                    let (text, verdict) = line_for(&label, Err(format!("{label}: {e}")), reference);
                    one(text, verdict)
                }
            }
        } else {
            let (text, verdict) = match Case::load(file) {
                Ok(Case::Pair(s)) => line_for(&label, Ok(*s), reference),
                Ok(Case::Pieces(read)) => pieces_line(&label, Ok(*read)),
                Err(e) => line_for(&label, Err(e), reference),
            };
            progress.add(1);
            one(text, verdict)
        };
        if let Err(e) = result {
            return crate::cli::guard::output_failed("query", &e, tally.exit_code());
        }
    }
    progress.finish();
    if let Err(e) = out.flush() {
        return crate::cli::guard::output_failed("query", &e, tally.exit_code());
    }
    tally.say();
    tally.exit_code()
}
