//! Seeing the app from outside: `render` takes pictures of the real window ([`Film`]: a
//! screenshot, a run as an animation or numbered frames, a lesson's handout), writes them and
//! exits; `bench-frames` replays a scripted drag and reports frame times.

use crate::case::playback::{Lab, LabSet, Playback};
use crate::case::scenario_io::write_atomically;
use crate::teach::filming::{Film, Output};
use bevy::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Whether the pictures were written, for the exit code.
#[derive(Resource, Debug, Clone, Default)]
pub struct RenderResult(pub Option<Result<(), String>>);

pub fn render_plugin(app: &mut App) {
    app.init_resource::<RenderResult>()
        .insert_resource(crate::views::camera::SnapCameras)
        .add_systems(Update, write_and_exit.after(LabSet::Visualise));
}

/// Once every picture is taken: develops them, writes the files and exits.
fn write_and_exit(
    film: Res<Film>,
    mut result: ResMut<RenderResult>,
    mut bar: Local<Option<Bar>>,
    mut exit: MessageWriter<AppExit>,
) {
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
    let (taken, of) = film.progress();
    if let Some(of) = of.filter(|&n| n > 1) {
        bar.get_or_insert_with(|| Bar::new(of, "taking")).set(taken);
    }
    if !film.is_finished() {
        return;
    }
    let mut encoding: Option<Bar> = None;
    let developed = film.develop(&mut |done, of| {
        if of > 1 {
            encoding
                .get_or_insert_with(|| Bar::new(of, "writing"))
                .set(done);
        }
    });
    result.0 = Some(developed.and_then(|files| write_all(&film.output, files)));
}

/// Writes every file (each to a temporary name, then renamed), making the folder for numbered
/// frames or a handout.
fn write_all(output: &Output, files: Vec<(PathBuf, Vec<u8>)>) -> Result<(), String> {
    let folder = match output {
        Output::Frames(dir) | Output::Handout(dir) => Some(dir),
        Output::Png(_) | Output::Gif(_) | Output::Apng(_) => None,
    };
    if let Some(dir) = folder {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    let n = files.len();
    for (path, bytes) in files {
        write_atomically(&path, &bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        if folder.is_none() {
            info!("saved {}", path.display());
        }
    }
    if let Some(dir) = folder {
        info!("saved {n} files in {}", dir.display());
    }
    Ok(())
}

/// A progress bar on the terminal (nothing in a page, which has none).
struct Bar {
    #[cfg(not(target_arch = "wasm32"))]
    bar: indicatif::ProgressBar,
}

impl Bar {
    #[cfg_attr(
        target_arch = "wasm32",
        expect(unused_variables, reason = "no terminal")
    )]
    fn new(of: usize, what: &'static str) -> Self {
        Bar {
            #[cfg(not(target_arch = "wasm32"))]
            bar: indicatif::ProgressBar::new(of as u64)
                .with_style(
                    indicatif::ProgressStyle::with_template(
                        "{prefix:>8} [{bar:30}] {pos}/{len} {elapsed}",
                    )
                    .expect("a valid template")
                    .progress_chars("=> "),
                )
                .with_prefix(what),
        }
    }

    #[cfg_attr(
        target_arch = "wasm32",
        expect(unused_variables, reason = "no terminal")
    )]
    fn set(&self, done: usize) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.bar.set_position(done as u64);
            if self.bar.length() == Some(done as u64) {
                self.bar.finish();
            }
        }
    }
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
