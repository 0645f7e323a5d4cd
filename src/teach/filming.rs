//! Taking the pictures: a [`Film`] walks the app through its shots (steps of the run or of the
//! cast, or the slides of the lesson presented), waits at each until the real renderer has
//! drawn it, and keeps the screenshot. Once every shot is taken, [`Film::develop`] turns them
//! into files ([`crate::teach::pictures`]): `render` writes them and exits; the panel's
//! *Export animation* hands them over as a download or a file.

use crate::case::playback::{LabSet, Playback};
use crate::case::solving::OffFrame;
use crate::teach::classroom::{Classroom, Filmed, TourCommand};
use crate::teach::pictures::{self, Frame};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use gjk_lab_files::lesson::Timeline;
use std::path::PathBuf;

/// Frames to wait before the first picture: meshes and egui's fonts are uploaded by then.
const SETTLE_FIRST: u32 = 60;
/// Frames to wait after a step moves: its meshes and labels are rebuilt on the next.
const SETTLE_STEP: u32 = 3;
/// Frames to wait once a slide's case is solved and its step shown.
const SETTLE_SLIDE: u32 = 10;
/// Give up when no picture arrives within this many frames of asking.
const GIVE_UP: u32 = 900;
/// The most pictures one film takes (a 1920×1080 frame is 8 MB in memory).
pub const MAX_SHOTS: usize = 600;

/// What a film shows, worked out into shots once the case is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reel {
    /// One picture: at this step and cast step, or at the answer with this stage of the
    /// contact manifold drawn, where given; else where the app stands (a slide's step in
    /// presenter mode).
    Still {
        step: Option<usize>,
        cast_step: Option<usize>,
        manifold: Option<usize>,
    },
    /// The run's steps `from..=to` (`to` clamped to its end, the end when absent).
    Run { from: usize, to: Option<usize> },
    /// The cast's steps, likewise.
    Cast { from: usize, to: Option<usize> },
    /// Every slide of the lesson presented, one picture each.
    Lesson,
}

/// One picture to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shot {
    Here,
    Step(usize),
    Cast(usize),
    Manifold(usize),
    Slide(usize),
}

/// Where the pictures go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// One PNG (the first picture).
    Png(PathBuf),
    /// Numbered PNGs in this folder.
    Frames(PathBuf),
    /// An animated GIF.
    Gif(PathBuf),
    /// An animated PNG.
    Apng(PathBuf),
    /// One PNG per slide and an `index.html` with the captions, in this folder.
    Handout(PathBuf),
}

impl Output {
    /// An animation by its file's extension: `.gif` or `.png` (APNG).
    pub fn animation(path: PathBuf) -> Result<Self, String> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
        {
            Some(e) if e == "gif" => Ok(Output::Gif(path)),
            Some(e) if e == "png" || e == "apng" => Ok(Output::Apng(path)),
            _ => Err(format!(
                "{}: an animation is written as .gif or .png (animated PNG)",
                path.display()
            )),
        }
    }
}

/// How long a slide shows in a lesson's animation, made by `render --lesson --animate` or by
/// the panel's *Export animation* alike: long enough to read its caption.
pub const SLIDE_MS: u32 = 4000;
/// How long a step shows in a run's animation.
pub const STEP_MS: u32 = 700;

/// The films being taken, and what they took.
#[derive(Resource, Debug)]
pub struct Film {
    reel: Reel,
    pub output: Output,
    /// How long each picture shows in an animation.
    pub frame_ms: u32,
    shots: Option<Vec<Shot>>,
    /// Frames since the shot being taken was set up.
    waited: u32,
    /// Frames since the first shot was set up.
    frames_seen: u32,
    requested: bool,
    pub frames: Vec<Frame>,
    /// Why the film stopped before its end.
    pub failed: Option<String>,
}

impl Film {
    pub fn new(reel: Reel, output: Output, frame_ms: u32) -> Self {
        Film {
            reel,
            output,
            frame_ms,
            shots: None,
            waited: 0,
            frames_seen: 0,
            requested: false,
            frames: Vec::new(),
            failed: None,
        }
    }

    /// Pictures taken and to take (the total is known once the case is solved).
    pub fn progress(&self) -> (usize, Option<usize>) {
        (self.frames.len(), self.shots.as_ref().map(Vec::len))
    }

    /// Every picture is taken, or the film failed.
    pub fn is_finished(&self) -> bool {
        self.failed.is_some()
            || self
                .shots
                .as_ref()
                .is_some_and(|s| self.frames.len() >= s.len())
    }

    /// The files the pictures make, as `(path, bytes)`; `progress(done, of)` is told as
    /// frames are encoded.
    pub fn develop(&self, progress: pictures::Progress) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
        if let Some(why) = &self.failed {
            return Err(why.clone());
        }
        let first = self.frames.first().ok_or("no picture was taken")?;
        Ok(match &self.output {
            Output::Png(path) => vec![(path.clone(), pictures::png(first)?)],
            Output::Gif(path) => vec![(
                path.clone(),
                pictures::gif(&self.frames, self.frame_ms, progress)?,
            )],
            Output::Apng(path) => vec![(
                path.clone(),
                pictures::apng(&self.frames, self.frame_ms, progress)?,
            )],
            Output::Frames(dir) => self.numbered(dir, "frame", progress)?,
            Output::Handout(dir) => {
                let mut files = self.numbered(dir, "slide", progress)?;
                let slides: Vec<_> = files
                    .iter()
                    .zip(&self.frames)
                    .map(|((path, _), frame)| {
                        let name = path.file_name().unwrap_or_default();
                        (name.to_string_lossy().into_owned(), frame)
                    })
                    .collect();
                let title = self.frames[0].lesson.clone().unwrap_or_default();
                let html = pictures::handout(&title, &slides);
                files.push((dir.join("index.html"), html.into_bytes()));
                files
            }
        })
    }

    fn numbered(
        &self,
        dir: &std::path::Path,
        prefix: &str,
        progress: pictures::Progress,
    ) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
        let n = self.frames.len();
        self.frames
            .iter()
            .enumerate()
            .map(|(i, frame)| {
                let file = (
                    dir.join(pictures::numbered(prefix, i, n)),
                    pictures::png(frame)?,
                );
                progress(i + 1, n);
                Ok(file)
            })
            .collect()
    }

    /// The reel as shots, against the runs on screen and the lesson presented.
    fn shots(&self, playback: &Playback, classroom: &Classroom) -> Result<Vec<Shot>, String> {
        let range = |from: usize, to: Option<usize>, end: usize| {
            let to = to.unwrap_or(end).min(end);
            if from > to {
                Err(format!(
                    "the steps run from {from} to {to}: nothing to show"
                ))
            } else {
                Ok(from..=to)
            }
        };
        let shots: Vec<Shot> = match self.reel {
            Reel::Still {
                step,
                cast_step,
                manifold,
            } => vec![match (step, cast_step, manifold) {
                (_, _, Some(k)) => Shot::Manifold(k),
                (_, Some(n), None) => Shot::Cast(n),
                (Some(n), None, None) => Shot::Step(n),
                (None, None, None) => Shot::Here,
            }],
            Reel::Run { from, to } => range(from, to, playback.trace.steps.len())?
                .map(Shot::Step)
                .collect(),
            Reel::Cast { from, to } => {
                if playback.cast.is_none() {
                    return Err("the case has no cast section: nothing to animate".into());
                }
                range(from, to, playback.cast_end())?
                    .map(Shot::Cast)
                    .collect()
            }
            Reel::Lesson => {
                if !classroom.enabled {
                    return Err("no lesson is being presented".into());
                }
                (0..classroom.lesson.slides.len())
                    .map(Shot::Slide)
                    .collect()
            }
        };
        if shots.len() > MAX_SHOTS {
            return Err(format!(
                "{} pictures asked for, more than the {MAX_SHOTS} a film may hold; \
                 take a range of steps",
                shots.len()
            ));
        }
        Ok(shots)
    }
}

impl Frame {
    /// A picture with, in presenter mode, the slide's title and caption as shown (for a
    /// handout) and the lesson's title.
    fn of_slide(image: image::RgbaImage, classroom: &Classroom, playback: &Playback) -> Self {
        let slide = classroom.enabled.then(|| {
            let (title, caption) = classroom.slide_caption(playback);
            (title.to_string(), caption)
        });
        Frame {
            image,
            slide,
            lesson: classroom.enabled.then(|| classroom.lesson.title.clone()),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            say_filmed,
            film.after(LabSet::Visualise)
                .run_if(resource_exists::<Film>),
        ),
    );
}

/// While a film runs, presenter mode knows it is filmed ([`Filmed`]).
fn say_filmed(film: Option<Res<Film>>, filmed: Option<Res<Filmed>>, mut commands: Commands) {
    match (film, filmed) {
        (Some(film), None) => {
            commands.insert_resource(Filmed {
                handout: matches!(film.output, Output::Handout(_)),
            });
        }
        (None, Some(_)) => commands.remove_resource::<Filmed>(),
        _ => {}
    }
}

/// What is still being computed: part of the picture, to wait for.
#[derive(bevy::ecs::system::SystemParam)]
struct Computing<'w> {
    off_frame: Res<'w, OffFrame>,
    sweep: Res<'w, crate::case::sweep::SweepRun>,
}

impl Computing<'_> {
    /// A large case being prepared, or a sweep started with the app (after its first frame).
    fn busy(&self, frames_seen: u32) -> bool {
        self.off_frame.computing().is_some() || (self.sweep.progress().is_some() && frames_seen > 1)
    }
}

/// Sets up each shot, waits for it to be drawn, asks for its picture.
fn film(
    mut commands: Commands,
    mut film: ResMut<Film>,
    mut playback: ResMut<Playback>,
    classroom: Res<Classroom>,
    computing: Computing,
    mut tour: MessageWriter<TourCommand>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if film.is_finished() {
        return;
    }
    // The app draws only when something happens: a film is something happening.
    redraw.write(bevy::window::RequestRedraw);
    if computing.busy(film.frames_seen) {
        return;
    }
    film.frames_seen += 1;
    // The shots, worked out on the first frame the case is solved.
    if film.shots.is_none() {
        match film.shots(&playback, &classroom) {
            Ok(shots) => film.shots = Some(shots),
            Err(why) => {
                film.failed = Some(why);
                return;
            }
        }
    }
    let index = film.frames.len();
    let Some(&shot) = film.shots.as_ref().and_then(|s| s.get(index)) else {
        return;
    };
    if film.waited == 0 {
        match shot {
            Shot::Here => {}
            Shot::Step(n) => {
                playback.timeline = Timeline::Query;
                playback.step = n.min(playback.trace.steps.len());
            }
            Shot::Cast(n) => {
                playback.timeline = Timeline::Cast;
                playback.cast_step = n.min(playback.cast_end());
            }
            Shot::Manifold(k) => {
                playback.timeline = Timeline::Query;
                playback.step = playback.trace.steps.len();
                if let Some(m) = &mut playback.manifold {
                    m.stage = k.min(m.steps.len());
                }
            }
            Shot::Slide(n) => {
                tour.write(TourCommand::Goto(n));
            }
        }
    }
    film.waited += 1;
    let settle = if index == 0 {
        SETTLE_FIRST
    } else if matches!(shot, Shot::Slide(_)) {
        SETTLE_SLIDE
    } else {
        SETTLE_STEP
    };
    // A slide is drawn once its case is solved and its step shown.
    let slide_pending = matches!(shot, Shot::Slide(_)) && classroom.is_seeking();
    if film.waited >= settle && !film.requested && !slide_pending {
        film.requested = true;
        commands.spawn(Screenshot::primary_window()).observe(
            |captured: On<ScreenshotCaptured>,
             mut film: ResMut<Film>,
             classroom: Res<Classroom>,
             playback: Res<Playback>| {
                match captured.image.clone().try_into_dynamic() {
                    Ok(image) => {
                        let frame = Frame::of_slide(image.to_rgba8(), &classroom, &playback);
                        film.frames.push(frame);
                    }
                    Err(e) => film.failed = Some(format!("cannot read the screenshot: {e}")),
                }
                film.waited = 0;
                film.requested = false;
            },
        );
    }
    if film.waited >= GIVE_UP {
        film.failed = Some(format!(
            "no picture of shot {} arrived after {GIVE_UP} frames",
            index + 1
        ));
    }
}
