//! Sweeps in the app: the case on screen run at many values of one parameter (or a grid of two)
//! on a worker thread, so the window never waits; the panel shows a progress bar and, when the
//! run is done, its plots. Clicking a sample opens that configuration in the stepper.

use crate::case::playback::{Lab, LabSet, PlaybackCommand, Shapes};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use gjk::{Scenario, Sweep, SweepAxis, SweepParam, SweepRefusal, SweepSample};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;

/// What the sweep window is set to run.
#[derive(Resource, Debug, Clone)]
pub struct SweepSettings {
    pub open: bool,
    pub first: SweepAxis,
    /// A second axis makes a grid, drawn as a heat map.
    pub grid: bool,
    pub second: SweepAxis,
}

impl Default for SweepSettings {
    fn default() -> Self {
        SweepSettings {
            open: false,
            first: SweepAxis {
                param: SweepParam::RelTolerance,
                from: 1e-15,
                to: 1e-2,
                samples: 400,
            },
            grid: false,
            second: SweepAxis {
                param: SweepParam::BY,
                from: -1.0,
                to: 1.0,
                samples: 40,
            },
        }
    }
}

impl SweepSettings {
    pub fn sweep(&self) -> Sweep {
        Sweep {
            first: self.first,
            second: self.grid.then_some(self.second),
        }
    }
}

/// A finished sweep and the case it ran on.
#[derive(Debug, Clone)]
pub struct SweepResult {
    pub sweep: Sweep,
    pub base: Scenario,
    pub samples: Vec<SweepSample>,
    /// Samples whose scenario the validation refused (a position swept past the precision's
    /// limit), each with the reason.
    pub refused: Vec<SweepRefusal>,
    pub seconds: f64,
    /// Stopped by the user before every sample ran.
    pub cancelled: bool,
}

type Ran = Vec<Result<SweepSample, SweepRefusal>>;

/// Where a sweep's samples are computed.
#[derive(Debug)]
enum Work {
    /// On a worker thread (the desktop).
    Thread(JoinHandle<Ran>),
    /// A few milliseconds' worth of samples every frame (a page has no threads by default).
    Slices {
        shapes: [gjk::PreparedShape; 2],
        ran: Ran,
    },
}

/// How long a frame may spend on sweep samples when there is no worker thread.
const SLICE: std::time::Duration = std::time::Duration::from_millis(8);

#[derive(Debug)]
struct Job {
    work: Work,
    progress: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    sweep: Sweep,
    base: Scenario,
    started: Instant,
}

/// The sweep under way, the last result, or why the last request was refused.
#[derive(Resource, Debug, Default)]
pub struct SweepRun {
    job: Option<Job>,
    pub result: Option<SweepResult>,
    pub error: Option<String>,
}

impl SweepRun {
    /// `(done, total)` while a sweep runs.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job
            .as_ref()
            .map(|j| (j.progress.load(Ordering::Relaxed), j.sweep.len()))
    }
}

/// Requests from the sweep window.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepRequest {
    /// Run the configured sweep on the case on screen.
    Start,
    Cancel,
    /// Load sample `[i, j]` of the last result into the stepper.
    Open([usize; 2]),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SweepSettings>()
        .init_resource::<SweepRun>()
        .add_message::<SweepRequest>()
        .add_systems(Update, handle_requests.in_set(LabSet::Input))
        .add_systems(Update, collect_finished.in_set(LabSet::Solve));
}

fn handle_requests(
    mut requests: MessageReader<SweepRequest>,
    settings: Res<SweepSettings>,
    mut run: ResMut<SweepRun>,
    mut lab: ResMut<Lab>,
    shapes: Res<Shapes>,
    mut playback: MessageWriter<PlaybackCommand>,
) {
    for request in requests.read() {
        match *request {
            SweepRequest::Start => {
                if run.job.is_some() {
                    continue;
                }
                match settings.sweep().validated() {
                    Ok(sweep) => {
                        run.error = None;
                        // The shapes on screen, unless an edit this frame changed one.
                        let shapes = shapes.matching(&lab.scenario);
                        run.job = Some(start(sweep, lab.scenario.clone(), shapes));
                    }
                    Err(e) => run.error = Some(e),
                }
            }
            SweepRequest::Cancel => {
                if let Some(job) = &run.job {
                    job.cancel.store(true, Ordering::Relaxed);
                }
            }
            SweepRequest::Open([i, j]) => {
                if let Some(result) = &run.result {
                    lab.scenario = result.sweep.scenario_at(&result.base, i, j);
                    // The stepper shows the whole run of the chosen sample.
                    playback.write(PlaybackCommand::End);
                }
            }
        }
    }
}

fn start(sweep: Sweep, base: Scenario, shapes: [gjk::PreparedShape; 2]) -> Job {
    let progress = Arc::new(AtomicUsize::new(0));
    let cancel = Arc::new(AtomicBool::new(false));
    let work = if cfg!(target_arch = "wasm32") {
        Work::Slices {
            shapes,
            ran: Vec::new(),
        }
    } else {
        let (sweep, base) = (sweep.clone(), base.clone());
        let (progress, cancel) = (progress.clone(), cancel.clone());
        Work::Thread(std::thread::spawn(move || {
            sweep.run(&base, &shapes, &progress, &|| {
                cancel.load(Ordering::Relaxed)
            })
        }))
    };
    Job {
        work,
        progress,
        cancel,
        sweep,
        base,
        started: Instant::now(),
    }
}

/// Runs samples for a slice of the frame, when the sweep runs in slices; `true` once done.
fn run_slice(job: &mut Job) -> bool {
    let Work::Slices { shapes, ran } = &mut job.work else {
        return false;
    };
    let frame = Instant::now();
    while ran.len() < job.sweep.len() && frame.elapsed() < SLICE {
        if job.cancel.load(Ordering::Relaxed) {
            return true;
        }
        ran.push(job.sweep.sample(&job.base, shapes, ran.len()));
        job.progress.store(ran.len(), Ordering::Relaxed);
    }
    ran.len() == job.sweep.len()
}

fn collect_finished(mut run: ResMut<SweepRun>) {
    let finished = match run.job.as_mut() {
        Some(job) => match &job.work {
            Work::Thread(handle) => handle.is_finished(),
            Work::Slices { .. } => run_slice(job),
        },
        None => false,
    };
    if !finished {
        return;
    }
    let Some(job) = run.job.take() else {
        return;
    };
    let seconds = job.started.elapsed().as_secs_f64();
    let joined = match job.work {
        Work::Thread(handle) => handle.join().map_err(|_| ()),
        Work::Slices { ran, .. } => Ok(ran),
    };
    match joined {
        Ok(ran) => {
            let cancelled = ran.len() < job.sweep.len();
            let (mut samples, mut refused) = (Vec::new(), Vec::new());
            for r in ran {
                match r {
                    Ok(s) => samples.push(s),
                    Err(r) => refused.push(r),
                }
            }
            run.result = Some(SweepResult {
                cancelled,
                sweep: job.sweep,
                base: job.base,
                samples,
                refused,
                seconds,
            });
        }
        Err(_) => run.error = Some("the sweep's worker thread stopped unexpectedly".into()),
    }
}
