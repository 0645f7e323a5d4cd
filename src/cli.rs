//! The command line: `query` and `trace` answer from scenario files without opening a window;
//! `render` and `bench-frames` drive the real renderer.

mod check;
pub mod contact;
pub mod guard;
mod pieces;
#[cfg(not(target_arch = "wasm32"))]
pub mod query;
pub mod trace;

pub use check::check;
pub use trace::trace;

use clap::{Parser, Subcommand};
use gjk::Scenario;
use serde::Serialize;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// How the window opens: a sweep already run, compare mode, presenter mode.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Launch {
    /// Open the sweep window and run PARAM:FROM:TO:SAMPLES, e.g. rel_tolerance:1e-15:1e-2:400.
    #[arg(long, value_name = "AXIS", value_parser = parse_axis)]
    pub sweep: Option<gjk::SweepAxis>,
    /// A second sweep axis: the sweep becomes a grid drawn as a heat map.
    #[arg(long, value_name = "AXIS", value_parser = parse_axis, requires = "sweep")]
    pub sweep2: Option<gjk::SweepAxis>,
    /// Open in compare mode: against the other precision, or against a solver section given as
    /// JSON, e.g. --compare '{"algorithm": "boolean"}'.
    #[arg(long, value_name = "SOLVER", num_args = 0..=1, value_parser = parse_solver)]
    pub compare: Option<Option<gjk::SolverSpec>>,
    /// Open in presenter mode, at slide N of the lesson (the guided tour without --lesson; 1
    /// when no number is given).
    #[arg(long, value_name = "N", num_args = 0..=1, value_parser = clap::value_parser!(u32).range(1..))]
    pub present: Option<Option<u32>>,
    /// Present this lesson file (.json or .ron): a title and slides, see assets/lessons/.
    #[arg(long, value_name = "FILE", value_parser = parse_lesson)]
    pub lesson: Option<Box<gjk_lab_files::lesson::Lesson>>,
}

/// A lesson file, read and validated.
fn parse_lesson(path: &str) -> Result<Box<gjk_lab_files::lesson::Lesson>, String> {
    gjk_lab_files::lesson::Lesson::load(Path::new(path))
        .map(Box::new)
        .map_err(|e| e.to_string())
}

impl From<Launch> for crate::app::Options {
    fn from(l: Launch) -> Self {
        crate::app::Options {
            sweep: l.sweep,
            sweep2: l.sweep2,
            compare: l.compare,
            present: l
                .present
                .map(|n| n.unwrap_or(1))
                .or(l.lesson.is_some().then_some(1)),
            lesson: l.lesson.map(|l| *l),
            ..Default::default()
        }
    }
}

/// A solver section as JSON.
fn parse_solver(s: &str) -> Result<gjk::SolverSpec, String> {
    let spec: gjk::SolverSpec =
        serde_json::from_str(s).map_err(|e| format!("not a solver section: {e}"))?;
    // The same checks as in a scenario file.
    let probe = gjk::Scenario {
        solver: spec,
        ..gjk_lab_files::bundled::default_scenario()
    };
    probe.validated().map_err(|e| e.to_string())?;
    Ok(spec)
}

/// `PARAM:FROM:TO:SAMPLES`.
pub fn parse_axis(s: &str) -> Result<gjk::SweepAxis, String> {
    let parts: Vec<&str> = s.split(':').collect();
    let [param, from, to, samples] = parts[..] else {
        return Err(format!(
            "{s:?} is not PARAM:FROM:TO:SAMPLES, e.g. rel_tolerance:1e-15:1e-2:400"
        ));
    };
    let number = |what: &str, v: &str| {
        v.parse::<f64>()
            .map_err(|_| format!("{s:?}: {what} {v:?} is not a number"))
    };
    let axis = gjk::SweepAxis {
        param: param.parse()?,
        from: number("FROM", from)?,
        to: number("TO", to)?,
        samples: samples
            .parse()
            .map_err(|_| format!("{s:?}: SAMPLES {samples:?} is not a whole number"))?,
    };
    axis.validated()
}

/// What `gjk-lab FILE` was given: a file to open, or a link.
#[derive(Debug, Clone)]
pub enum Opened {
    /// A `.json` or `.ron` file: a scenario opens, a lesson is presented.
    File(PathBuf),
    /// A link made by *Copy link* (`#case=…` or `#lesson=…`).
    Link(String),
}

/// The word after `gjk-lab` when it names no command: a link, or a scenario or lesson file by
/// its extension. Anything else is refused here, with the commands listed, so that a misspelt
/// command is not taken for a file name.
fn parse_opened(word: &str) -> Result<Opened, String> {
    if word.contains("#case=") || word.contains("#lesson=") {
        return Ok(Opened::Link(word.to_string()));
    }
    let path = PathBuf::from(word);
    if gjk::Format::from_path(&path).is_ok() {
        return Ok(Opened::File(path));
    }
    use clap::CommandFactory;
    let commands: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    Err(format!(
        "not a command ({}), a scenario or lesson file (.json or .ron) or a link (#case=…)",
        commands.join(", ")
    ))
}

#[derive(Debug, Parser)]
#[command(
    name = "gjk-lab",
    version,
    about = "See every step of the Gilbert-Johnson-Keerthi algorithm."
)]
pub struct Cli {
    /// Open this file or link: a scenario (as --scenario), a lesson, which is presented (as
    /// --lesson), or a link made by *Copy link* (as --link).
    #[arg(
        value_name = "FILE",
        value_parser = parse_opened,
        conflicts_with_all = ["scenario", "link", "plane", "lesson"]
    )]
    pub open: Option<Opened>,
    /// Open the app on this scenario (.json or .ron) instead of the default scene.
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// Open the app in the plane, on its starting scene (a pentagon and a circle).
    #[arg(long = "2d", conflicts_with_all = ["scenario", "link"])]
    pub plane: bool,
    /// Open the case in a link made by *Copy link* (the page's address with #case=…), at its
    /// step.
    #[arg(long, value_name = "URL", conflicts_with = "scenario")]
    pub link: Option<String>,
    #[command(flatten)]
    pub launch: Launch,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer every scenario as one JSON line: FILEs are scenarios, .jsonl files with one
    /// scenario per line, or - for JSON lines on standard input.
    Query {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Also ask parry3d-f64 and add `reference_distance` (and `reference_depth` for
        /// overlapping pairs, or `reference_error`) to each line.
        #[arg(long)]
        reference: bool,
    },
    /// Run each scenario and compare it with its `expect` section; exit 1 if a promise is broken.
    Check {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Run a scenario at many values of one parameter (or a grid of two) and print one JSON
    /// line per sample: iterations, termination, answer and error against the f64 reference.
    Sweep {
        file: PathBuf,
        /// rel_tolerance, abs_tolerance (log scale), max_iterations, b.x, b.y, b.z, or
        /// b.angle_x, b.angle_y, b.angle_z (degrees, on top of B's rotation).
        #[arg(long)]
        param: gjk::SweepParam,
        #[arg(long, allow_negative_numbers = true)]
        from: f64,
        #[arg(long, allow_negative_numbers = true)]
        to: f64,
        #[arg(long, default_value_t = 100)]
        samples: usize,
        /// A second parameter makes a grid (the first varies fastest).
        #[arg(long, requires_all = ["from2", "to2"])]
        param2: Option<gjk::SweepParam>,
        #[arg(long, allow_negative_numbers = true)]
        from2: Option<f64>,
        #[arg(long, allow_negative_numbers = true)]
        to2: Option<f64>,
        #[arg(long, default_value_t = 10)]
        samples2: usize,
    },
    /// Print a whole run as one JSON document: the scenario as understood, every step, the
    /// outcome. With --lines: one line per step, in words, then the answer.
    Trace {
        file: PathBuf,
        /// One line per step (`gjk 3: …`, `epa 2: …`, `cast 1: …`), the sentence the panel
        /// shows, then the answer's: for reading in a terminal or through `head` and `grep`.
        #[arg(long)]
        lines: bool,
    },
    /// Open the real renderer and take pictures of the window: a screenshot at a step, the run
    /// as an animation or numbered frames, or a lesson's handout; then exit.
    Render(Box<RenderArgs>),
    /// Run the renderer while replaying a scripted drag; print frame times.
    BenchFrames {
        file: Option<PathBuf>,
        #[arg(long, default_value_t = 300)]
        frames: u32,
        #[arg(long, default_value = "1280x800", value_parser = parse_size)]
        size: (u32, u32),
    },
}

/// `render`'s arguments.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// Scenario file; the default scene when absent.
    pub file: Option<PathBuf>,
    /// Step to show (0 = before the first iteration); clamped to the run's length. Without
    /// it: step 0, or the slide's step with --present.
    #[arg(long)]
    pub step: Option<usize>,
    /// For a case with a `cast` section: step the cast instead, and show its step N.
    #[arg(long, value_name = "N")]
    pub cast_step: Option<usize>,
    /// For overlapping shapes: the run's answer with the contact manifold's stage N drawn over
    /// the bodies (a number past the last stage draws the last: the manifold itself).
    #[arg(long, value_name = "N", conflicts_with_all = ["step", "cast_step"])]
    pub manifold: Option<usize>,
    /// The PNG to write; with --lesson and without --present, the folder for a handout (one
    /// PNG per slide and an index.html with the captions).
    #[arg(long, value_name = "PATH", required_unless_present_any = ["animate", "frames"])]
    pub out: Option<PathBuf>,
    /// Write the run's steps (--cast: the cast's; --lesson: every slide) as an animation,
    /// FILE.gif or FILE.png (animated PNG).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "frames", "step", "cast_step", "manifold"])]
    pub animate: Option<PathBuf>,
    /// Write the same pictures as numbered PNGs in DIR.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["out", "step", "cast_step", "manifold"])]
    pub frames: Option<PathBuf>,
    /// The steps to animate, FROM:TO (either may be left out: 3: is from step 3 to the end).
    #[arg(long, value_name = "FROM:TO", value_parser = parse_steps)]
    pub steps: Option<(usize, Option<usize>)>,
    /// Animate the cast's steps rather than the query's.
    #[arg(long)]
    pub cast: bool,
    /// How long each picture shows in an animation, in milliseconds (default: 700 for steps,
    /// 4000 for slides).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(20..=60000))]
    pub frame_ms: Option<u32>,
    /// Window size as WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800", value_parser = parse_size)]
    pub size: (u32, u32),
    #[command(flatten)]
    pub launch: Launch,
}

impl RenderArgs {
    /// What to film and where it goes.
    pub fn film(&self) -> Result<crate::teach::filming::Film, String> {
        use crate::teach::filming::{Film, Output, Reel};
        let lesson = self.launch.lesson.is_some() && self.launch.present.is_none();
        let (from, to) = self.steps.unwrap_or((0, None));
        let moving = || {
            if lesson {
                Reel::Lesson
            } else if self.cast {
                Reel::Cast { from, to }
            } else {
                Reel::Run { from, to }
            }
        };
        let (reel, output) = match (&self.out, &self.animate, &self.frames) {
            (_, Some(file), _) => (moving(), Output::animation(file.clone())?),
            (_, None, Some(dir)) => (moving(), Output::Frames(dir.clone())),
            (Some(dir), None, None) if lesson => (Reel::Lesson, Output::Handout(dir.clone())),
            (Some(png), None, None) => {
                // Without a step: step 0, or the slide's own step in presenter mode.
                let step = self.step.or(self.launch.present.is_none().then_some(0));
                let reel = Reel::Still {
                    step,
                    cast_step: self.cast_step,
                    manifold: self.manifold,
                };
                (reel, Output::Png(png.clone()))
            }
            (None, None, None) => return Err("say where: --out, --animate or --frames".into()),
        };
        let frame_ms = self.frame_ms.unwrap_or(if reel == Reel::Lesson {
            crate::teach::filming::SLIDE_MS
        } else {
            crate::teach::filming::STEP_MS
        });
        Ok(Film::new(reel, output, frame_ms))
    }
}

/// `FROM:TO`, either side optional.
fn parse_steps(s: &str) -> Result<(usize, Option<usize>), String> {
    let (from, to) = s
        .split_once(':')
        .ok_or_else(|| format!("{s:?} is not FROM:TO, e.g. 0:12 or 3:"))?;
    let number = |what: &str, v: &str| {
        v.parse::<usize>()
            .map_err(|_| format!("{s:?}: {what} {v:?} is not a step number"))
    };
    let from = if from.is_empty() {
        0
    } else {
        number("FROM", from)?
    };
    let to = if to.is_empty() {
        None
    } else {
        Some(number("TO", to)?)
    };
    if to.is_some_and(|t| t < from) {
        return Err(format!("{s:?}: TO comes before FROM"));
    }
    Ok((from, to))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once('x')
        .ok_or_else(|| format!("size {s:?} is not WIDTHxHEIGHT, e.g. 1280x800"))?;
    let parse = |v: &str| {
        v.parse::<u32>()
            .ok()
            .filter(|&n| (64..=8192).contains(&n))
            .ok_or_else(|| {
                format!("size {s:?}: {v:?} is not a whole number of pixels from 64 to 8192")
            })
    };
    Ok((parse(w)?, parse(h)?))
}

/// One line of `sweep` output.
#[derive(Debug, Serialize)]
struct SweepLine {
    i: usize,
    j: usize,
    #[serde(flatten)]
    values: serde_json::Map<String, serde_json::Value>,
    #[serde(flatten)]
    answer: SweepAnswer,
}

/// A sample's answer, or why it has none.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum SweepAnswer {
    Ran {
        iterations: u32,
        termination: &'static str,
        intersecting: Option<bool>,
        distance: Option<f64>,
        distance_bounds: [f64; 2],
        reference: f64,
        error: Option<f64>,
        certified: bool,
    },
    Refused {
        error: String,
    },
}

/// `gjk-lab sweep`: returns the process exit code.
pub fn sweep(file: &Path, sweep: gjk::Sweep) -> i32 {
    let scenario = match Scenario::load(file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gjk-lab sweep: {e}");
            return 2;
        }
    };
    let sweep = match sweep.validated() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gjk-lab sweep: {e}");
            return 2;
        }
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut code = 0;
    let shapes = scenario.prepare();
    for n in 0..sweep.len() {
        let (index, value) = sweep.position(n);
        let mut values = serde_json::Map::new();
        values.insert(sweep.first.param.name().into(), value[0].into());
        if let Some(second) = &sweep.second {
            values.insert(second.param.name().into(), value[1].into());
        }
        let answer = match crate::cli::guard::guarded(|| sweep.sample(&scenario, &shapes, n)) {
            Ok(Ok(s)) => SweepAnswer::Ran {
                iterations: s.iterations,
                termination: s.termination.name(),
                intersecting: s.certificate.intersecting,
                distance: s.distance,
                distance_bounds: s.certificate.distance_bounds,
                reference: s.reference,
                error: s.error,
                certified: s.certified(),
            },
            Ok(Err(refused)) => SweepAnswer::Refused {
                error: refused.reason,
            },
            Err(bug) => SweepAnswer::Refused { error: bug },
        };
        if matches!(answer, SweepAnswer::Refused { .. }) {
            code = 1;
        }
        let line = SweepLine {
            i: index[0],
            j: index[1],
            values,
            answer,
        };
        let written = serde_json::to_writer(&mut out, &line)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out));
        if let Err(e) = written {
            return crate::cli::guard::output_failed("sweep", &e, code);
        }
    }
    match out.flush() {
        Ok(()) => code,
        Err(e) => crate::cli::guard::output_failed("sweep", &e, code),
    }
}
