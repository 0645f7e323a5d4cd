//! Seeing the app from outside: `render` saves a screenshot of the real window at a step and
//! exits; `bench-frames` replays a scripted drag and reports frame times.

use crate::case::playback::{Lab, LabSet, Playback};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Frames to wait before the screenshot: meshes and egui's fonts are uploaded by then.
const SETTLE_FRAMES: u32 = 60;
/// Give up if no screenshot arrives within this many frames.
const GIVE_UP_FRAMES: u32 = 900;

/// `render`: where to save and at which step.
#[derive(Resource, Debug, Clone)]
pub struct RenderRequest {
    /// `None` leaves the step where the app put it (a lesson's step in presenter mode).
    pub step: Option<usize>,
    /// Step the cast and show this step of it.
    pub cast_step: Option<usize>,
    pub out: PathBuf,
    frames: u32,
    requested: bool,
}

impl RenderRequest {
    pub fn new(step: Option<usize>, out: PathBuf) -> Self {
        RenderRequest {
            step,
            cast_step: None,
            out,
            frames: 0,
            requested: false,
        }
    }
}

impl RenderRequest {
    /// The request showing step `n` of the cast, when given.
    pub fn with_cast_step(self, n: Option<usize>) -> Self {
        RenderRequest {
            cast_step: n,
            ..self
        }
    }
}

/// Whether the screenshot was written, for the exit code.
#[derive(Resource, Debug, Clone, Default)]
pub struct RenderResult(pub Option<Result<(), String>>);

pub fn render_plugin(app: &mut App) {
    app.init_resource::<RenderResult>()
        .add_systems(Update, take_screenshot.after(LabSet::Visualise));
}

fn take_screenshot(
    mut commands: Commands,
    mut request: ResMut<RenderRequest>,
    mut playback: ResMut<Playback>,
    result: Res<RenderResult>,
    sweep: Res<crate::case::sweep::SweepRun>,
    mut exit: MessageWriter<AppExit>,
) {
    // A sweep started from the command line is part of the picture: wait for it.
    if sweep.progress().is_some() && request.frames > 1 {
        return;
    }
    request.frames += 1;
    if request.frames == 1
        && let Some(step) = request.step
    {
        playback.step = step.min(playback.end());
    }
    if request.frames == 1
        && let Some(n) = request.cast_step
    {
        playback.timeline = crate::case::playback::Timeline::Cast;
        playback.cast_step = n.min(playback.cast_end());
    }
    if let Some(outcome) = &result.0 {
        exit.write(match outcome {
            Ok(()) => AppExit::Success,
            Err(e) => {
                error!("{e}");
                AppExit::error()
            }
        });
        return;
    }
    if request.frames >= GIVE_UP_FRAMES {
        error!("no screenshot arrived after {GIVE_UP_FRAMES} frames");
        exit.write(AppExit::error());
        return;
    }
    if request.frames >= SETTLE_FRAMES && !request.requested {
        request.requested = true;
        let out = request.out.clone();
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut result: ResMut<RenderResult>| {
                result.0 = Some(save_png(&captured.image, &out));
            },
        );
    }
}

/// Writes the PNG beside its destination and renames it, so `out` is never half-written.
fn save_png(image: &Image, out: &std::path::Path) -> Result<(), String> {
    let rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("cannot convert the screenshot: {e}"))?
        .to_rgb8();
    let mut tmp = out.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    rgb.save_with_format(&tmp, image::ImageFormat::Png)
        .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    info!("saved {}", out.display());
    Ok(())
}

/// `bench-frames`: how many frames and what was measured.
#[derive(Resource, Debug, Clone)]
pub struct FrameBench {
    pub frames: u32,
    seen: u32,
    frame_times: Vec<Duration>,
    ours: Vec<Duration>,
    ours_this_frame: Duration,
    started: Option<Instant>,
    last_frame: Option<Instant>,
    start_position: Option<glam::DVec3>,
}

impl FrameBench {
    pub fn new(frames: u32) -> Self {
        FrameBench {
            frames,
            seen: 0,
            frame_times: Vec::new(),
            ours: Vec::new(),
            ours_this_frame: Duration::ZERO,
            started: None,
            last_frame: None,
            start_position: None,
        }
    }
}

/// Frames before measuring starts (pipelines compile, fonts upload).
const WARM_UP: u32 = 30;

pub fn bench_plugin(app: &mut App) {
    app.add_systems(Update, scripted_drag.in_set(LabSet::Input))
        .add_systems(Update, start_ours.before(LabSet::Input))
        .add_systems(Update, stop_ours.after(LabSet::Visualise))
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            start_ours.before(crate::case::playback::PanelSystems),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            stop_ours.after(crate::case::playback::PanelSystems),
        )
        .add_systems(Last, frame_done);
}

/// B circles its starting point, a stand-in for a user dragging it.
fn scripted_drag(
    mut bench: ResMut<FrameBench>,
    mut lab: ResMut<Lab>,
    mut playback: ResMut<Playback>,
) {
    let start = *bench.start_position.get_or_insert(lab.scenario.b.position);
    let t = bench.seen as f64 * 0.05;
    lab.scenario.b.position = start + glam::DVec3::new(t.cos() - 1.0, 0.0, t.sin()) * 0.4;
    if bench.seen == 0 {
        playback.step = 2.min(playback.end());
    }
}

fn start_ours(mut bench: ResMut<FrameBench>) {
    bench.started = Some(Instant::now());
}

fn stop_ours(mut bench: ResMut<FrameBench>) {
    if let Some(t) = bench.started.take() {
        bench.ours_this_frame += t.elapsed();
    }
}

fn frame_done(mut bench: ResMut<FrameBench>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    bench.seen += 1;
    if bench.seen > WARM_UP {
        if let Some(last) = bench.last_frame {
            bench.frame_times.push(now - last);
        }
        let ours = bench.ours_this_frame;
        bench.ours.push(ours);
    }
    bench.ours_this_frame = Duration::ZERO;
    bench.last_frame = Some(now);
    if bench.seen >= WARM_UP + bench.frames {
        report(&bench);
        exit.write(AppExit::Success);
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn report(bench: &FrameBench) {
    let mut times: Vec<f64> = bench.frame_times.iter().map(|d| ms(*d)).collect();
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let p95 = times
        .get((times.len() * 95 / 100).min(times.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0.0);
    let ours = bench.ours.iter().map(|d| ms(*d)).sum::<f64>() / bench.ours.len().max(1) as f64;
    println!(
        "{{\"frames\":{},\"mean_frame_ms\":{mean:.2},\"p95_frame_ms\":{p95:.2},\"fps\":{:.1},\"our_systems_mean_ms\":{ours:.3}}}",
        times.len(),
        1000.0 / mean.max(1e-9)
    );
}
