//! Building a lesson in the app, without touching a file: *Add this view as a slide* records
//! the case, the step, the views and the cameras on screen; slides are reordered, deleted and
//! captioned in the panel; the lesson is presented, saved, shared as a link, or filmed.

use crate::case::playback::{Lab, LabSet, Playback};
use crate::case::scenario_io::{Delivered, Delivery, DeliverySet, Folder, Reply, Status};
use crate::teach::classroom::{Classroom, TourCommand};
use crate::teach::filming::{Film, Output, Reel, SLIDE_MS};
use crate::views::camera::{View, ViewLayout};
use crate::views::minkowski_view::MinkowskiSettings;
use bevy::prelude::*;
use gjk::Format;
use gjk_lab_files::incoming::Incoming;
use gjk_lab_files::lesson::Timeline;
use gjk_lab_files::lesson::{Lesson, Orbit, Slide, SlideCamera, SlideStep};
use std::path::PathBuf;

/// The lesson being written.
#[derive(Resource, Debug, Clone)]
pub struct Draft {
    pub title: String,
    pub slides: Vec<Slide>,
    /// Where Save writes (in the page: the download's name).
    pub file: String,
    /// Where *Export animation* writes: `.gif` or `.png` (animated PNG).
    pub film_file: String,
    /// What the last command did, or why it failed.
    pub status: Status,
    /// The last link *Copy lesson link* made.
    pub link: String,
}

impl Default for Draft {
    fn default() -> Self {
        Draft {
            title: "My lesson".to_string(),
            slides: Vec::new(),
            file: "lesson.json".to_string(),
            film_file: "lesson.gif".to_string(),
            status: Status::default(),
            link: String::new(),
        }
    }
}

impl Draft {
    /// A lesson opened becomes the lesson being written.
    pub fn adopt(&mut self, lesson: &Lesson) {
        self.title.clone_from(&lesson.title);
        self.slides.clone_from(&lesson.slides);
        self.link.clear();
    }

    /// The draft as a lesson, validated: errors name the slide and the field.
    pub fn lesson(&self) -> Result<Lesson, String> {
        Lesson {
            title: self.title.clone(),
            slides: self.slides.clone(),
        }
        .validated()
        .map_err(|e| e.to_string())
    }
}

/// The film being taken is the panel's (not `render`'s), to hand over when done; whether
/// presenter mode was on before it, to leave it as it was.
#[derive(Resource, Debug, Clone, Copy)]
struct PanelFilm {
    presenting: bool,
}

/// What the panel asks of the draft.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum DraftCommand {
    /// Record what is on screen as a new last slide.
    AddView,
    /// Move slide `from` to place `to`.
    Move {
        from: usize,
        to: usize,
    },
    Delete(usize),
    /// Start over with no slides.
    Clear,
    /// Present the draft from its first slide.
    Present,
    /// Save the draft as the file named in the panel.
    Save,
    /// Save the draft as this file (chosen in the save dialog), which the panel then names.
    SaveAs(PathBuf),
    /// Copy a link that opens the lesson.
    CopyLink,
    /// Film every slide as an animation (`film_file`).
    ExportAnimation,
    /// Read a lesson file into the draft, and present it.
    Open(Incoming),
    /// A lesson read elsewhere (a link, a dropped file): into the draft, and presented.
    Use(Lesson),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Draft>()
        .add_message::<DraftCommand>()
        .add_systems(
            Update,
            (
                (edit, deliver_film).before(DeliverySet),
                hear_deliveries.after(DeliverySet),
            )
                .in_set(LabSet::Input)
                .before(crate::teach::classroom::TourSet),
        );
}

/// What a slide records of the screen.
#[derive(bevy::ecs::system::SystemParam)]
struct Screen<'w, 's> {
    lab: Res<'w, Lab>,
    playback: Res<'w, Playback>,
    layout: Option<Res<'w, ViewLayout>>,
    minkowski: Option<Res<'w, MinkowskiSettings>>,
    cameras: Query<'w, 's, (&'static View, &'static crate::views::camera::Orbit)>,
}

impl Screen<'_, '_> {
    /// The view on screen as a slide: the case (by name when it is a bundled one, unchanged),
    /// the step of the timeline shown, the views, the cloud and the cameras.
    fn slide(&self, n: usize) -> Slide {
        let scenario = &self.playback.case;
        let bundled = gjk_lab_files::bundled::bundled(scenario);
        let drawn = self.playback.manifold.as_ref().map_or(0, |m| m.stage);
        let step = match self.playback.timeline {
            Timeline::Cast if self.playback.cast.is_some() => {
                SlideStep::Cast(self.playback.cast_step)
            }
            _ if drawn > 0 => SlideStep::Manifold(drawn),
            _ => SlideStep::Step(self.playback.step),
        };
        let orbit = |view: View| {
            self.cameras
                .iter()
                .find(|(v, _)| **v == view)
                .map(|(_, o)| Orbit {
                    focus: o.focus.to_array(),
                    yaw: o.yaw,
                    pitch: o.pitch,
                    distance: o.distance,
                })
        };
        let camera = match (orbit(View::World), orbit(View::Minkowski)) {
            (Some(world), Some(minkowski)) => SlideCamera::Orbits { world, minkowski },
            _ => SlideCamera::Frame,
        };
        let title = if self.lab.scenario.name.is_empty() {
            format!("Slide {}", n + 1)
        } else {
            self.lab.scenario.name.clone()
        };
        Slide {
            title,
            case: bundled.as_ref().map(|c| c.name.to_string()),
            piece: None,
            scenario: bundled.is_none().then(|| Box::new(scenario.clone())),
            step,
            views: self.layout.as_ref().map(|l| l.shown).unwrap_or_default(),
            cloud: self.minkowski.as_ref().is_some_and(|m| m.show_cloud),
            camera,
            caption: String::new(),
        }
    }
}

fn edit(
    mut commands: MessageReader<DraftCommand>,
    mut draft: ResMut<Draft>,
    screen: Screen,
    mut tour: MessageWriter<TourCommand>,
    mut deliveries: MessageWriter<Delivery>,
    mut bevy_commands: Commands,
    (film, classroom, folder): (Option<Res<Film>>, Res<Classroom>, Res<Folder>),
) {
    for command in commands.read() {
        let status = match command {
            DraftCommand::AddView => {
                let slide = screen.slide(draft.slides.len());
                draft.slides.push(slide);
                Status::done(format!(
                    "Added slide {}: write its caption below",
                    draft.slides.len()
                ))
            }
            DraftCommand::Move { from, to } => {
                if *from < draft.slides.len() && *to < draft.slides.len() {
                    let slide = draft.slides.remove(*from);
                    draft.slides.insert(*to, slide);
                }
                Status::default()
            }
            DraftCommand::Delete(i) => {
                if *i < draft.slides.len() {
                    draft.slides.remove(*i);
                }
                Status::default()
            }
            DraftCommand::Clear => {
                draft.slides.clear();
                draft.link.clear();
                Status::done("The lesson has no slides")
            }
            DraftCommand::Present => match draft.lesson() {
                Ok(lesson) => {
                    tour.write(TourCommand::Open(lesson));
                    Status::default()
                }
                Err(why) => Status::failed(format!("Cannot present it: {why}")),
            },
            DraftCommand::Save => save(&draft, folder.resolve(&draft.file), &mut deliveries),
            DraftCommand::SaveAs(path) => {
                draft.file = path.display().to_string();
                save(&draft, path.clone(), &mut deliveries)
            }
            DraftCommand::CopyLink => {
                match draft
                    .lesson()
                    .and_then(|l| l.to_link(&gjk_lab_files::link::page()))
                {
                    Ok(link) => {
                        draft.link = link;
                        Status::done(format!("Link copied, {} characters", draft.link.len()))
                    }
                    Err(why) => Status::failed(format!("No link: {why}")),
                }
            }
            DraftCommand::ExportAnimation => {
                match (
                    draft.lesson(),
                    Output::animation(folder.resolve(&draft.film_file)),
                ) {
                    _ if film.is_some() => Status::failed("An animation is being made already"),
                    (Ok(lesson), Ok(output)) => {
                        tour.write(TourCommand::Open(lesson));
                        bevy_commands.insert_resource(Film::new(Reel::Lesson, output, SLIDE_MS));
                        bevy_commands.insert_resource(crate::views::camera::SnapCameras);
                        bevy_commands.insert_resource(PanelFilm {
                            presenting: classroom.enabled,
                        });
                        Status::done("Filming the slides…")
                    }
                    (Err(why), _) | (_, Err(why)) => {
                        Status::failed(format!("Cannot film it: {why}"))
                    }
                }
            }
            DraftCommand::Open(file) => match read(file) {
                Ok(lesson) => {
                    let status = Status::done(format!("Opened {}", file.name));
                    // Saved again where it came from (in the page: by its name).
                    draft.file = file.path().display().to_string();
                    use_lesson(&mut draft, lesson, &mut tour);
                    status
                }
                Err(why) => Status::failed(format!("Could not open: {why}")),
            },
            DraftCommand::Use(lesson) => {
                use_lesson(&mut draft, lesson.clone(), &mut tour);
                Status::done(format!("Opened the lesson \"{}\"", lesson.title))
            }
        };
        if !status.is_empty() {
            info!("{status}");
            draft.status = status;
        }
    }
}

/// The lesson into the draft, and presented.
fn use_lesson(draft: &mut Draft, lesson: Lesson, tour: &mut MessageWriter<TourCommand>) {
    draft.adopt(&lesson);
    tour.write(TourCommand::Open(lesson));
}

/// Hands the draft over as `path`; says so, or why it cannot be saved.
fn save(draft: &Draft, path: PathBuf, deliveries: &mut MessageWriter<Delivery>) -> Status {
    let format = Format::from_path(&path).map_err(|e| e.to_string());
    match (draft.lesson(), format) {
        (Ok(lesson), Ok(format)) => {
            let status = Status::done(format!("Saving {}", path.display()));
            deliveries.write(Delivery {
                path,
                bytes: lesson.to_text(format).into_bytes(),
                what: "the lesson",
                reply: Reply::Sender,
            });
            status
        }
        (Err(why), _) | (_, Err(why)) => Status::failed(format!("Cannot save it: {why}")),
    }
}

/// How a lesson's or film's file was delivered replaces the "Saving …" that asked for it.
fn hear_deliveries(mut delivered: MessageReader<Delivered>, mut draft: ResMut<Draft>) {
    for Delivered { line, .. } in delivered.read() {
        draft.status.clone_from(line);
    }
}

/// A lesson file, read and validated.
fn read(file: &Incoming) -> Result<Lesson, String> {
    let bytes = file.bytes()?;
    let text =
        std::str::from_utf8(&bytes).map_err(|e| format!("{}: not UTF-8 text: {e}", file.name))?;
    Lesson::parse_named(file.path(), text).map_err(|e| e.to_string())
}

/// When the panel's film is taken: its file handed over (written, or downloaded in the page),
/// and presenter mode left as it was.
fn deliver_film(
    film: Option<Res<Film>>,
    ours: Option<Res<PanelFilm>>,
    mut draft: ResMut<Draft>,
    mut deliveries: MessageWriter<Delivery>,
    mut commands: Commands,
    classroom: Res<Classroom>,
    mut tour: MessageWriter<TourCommand>,
) {
    let (Some(film), Some(ours)) = (film, ours) else {
        return;
    };
    if !film.is_finished() {
        let (taken, of) = film.progress();
        let status = Status::done(format!(
            "Filming slide {} of {}…",
            taken + 1,
            of.unwrap_or(classroom.lesson.slides.len())
        ));
        if draft.status != status {
            draft.status = status;
        }
        return;
    }
    draft.status = match film.develop(&mut |_, _| {}) {
        Ok(files) => {
            for (path, bytes) in files {
                deliveries.write(Delivery {
                    path,
                    bytes,
                    what: "the animation",
                    reply: Reply::Sender,
                });
            }
            Status::done(format!("Saving {}", draft.film_file))
        }
        Err(why) => Status::failed(format!("Could not film it: {why}")),
    };
    // Filmed in presenter mode; left as it was: the case and cameras before it given back.
    if !ours.presenting && classroom.enabled {
        tour.write(TourCommand::Toggle);
    }
    commands.remove_resource::<Film>();
    commands.remove_resource::<PanelFilm>();
    commands.remove_resource::<crate::views::camera::SnapCameras>();
}
