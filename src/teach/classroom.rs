//! Presenter mode, for a projector: a larger UI, a high-contrast look, the panel folded to a thin
//! bar, and a guided tour of the basic cases — separated, touching, intersecting, then each kind
//! of Voronoi region — that one key (Page Down, N or a presenter remote) advances.

use crate::case::compare::CompareSettings;
use crate::case::playback::{FrameStep, FrameViews, Lab, LabSet, Playback};
use crate::views::camera::{FramedFor, Heading, Orbit, View, ViewLayout};
use crate::views::minkowski_view::MinkowskiSettings;
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::input::EguiWantsInput;
use gjk_lab_files::lesson::Timeline;
use gjk_lab_files::lesson::{Lesson, Shown, SlideCamera, SlideStep, Views};

/// Presenter mode, the lesson it presents and where in it.
#[derive(Resource, Debug, Clone)]
pub struct Classroom {
    pub enabled: bool,
    /// The lesson presented: the built-in tour until another is opened.
    pub lesson: Lesson,
    /// The slide on screen (0-based).
    pub slide: usize,
    /// The panel is folded to a thin bar (also available outside presenter mode).
    pub panel_folded: bool,
    /// Why the last slide could not be loaded.
    pub error: Option<String>,
    /// The step a slide just loaded wants shown, picked once its trace is on screen.
    seek: Option<SlideStep>,
    /// The cameras a slide asks for, set once its step is framed.
    pin: Option<SlideCamera>,
    /// What was open before the tour, put back when it ends.
    before: Option<Before>,
    /// The cast's timeline and step to put back once the case before the tour is solved again.
    restore_cast: Option<(Timeline, usize)>,
}

impl Default for Classroom {
    fn default() -> Self {
        Classroom {
            enabled: false,
            lesson: Lesson::tour(),
            slide: 0,
            panel_folded: false,
            error: None,
            seek: None,
            pin: None,
            before: None,
            restore_cast: None,
        }
    }
}

impl Classroom {
    /// A slide's step is still to be shown (its case may be solving).
    pub fn is_seeking(&self) -> bool {
        self.seek.is_some()
    }

    /// The slide on screen: its title, and its caption as the room reads it (placeholders
    /// filled from the step shown, a placeholder with nothing to say at this step as "—" and why; or
    /// why the slide could not be opened). The room is not told about the author's
    /// placeholders: the lesson section's list says what each needs.
    pub fn slide_caption(&self, playback: &Playback) -> (&str, String) {
        let slide = &self.lesson.slides[self.slide];
        let shown = Shown {
            trace: &playback.trace,
            step: playback.step,
            dimension: playback.case.dimension,
        };
        let text = match (&self.error, shown.fill(&slide.caption)) {
            (Some(e), _) => e.clone(),
            (None, Ok(text) | Err((text, _))) => text,
        };
        (&slide.title, text)
    }
}

/// What was on screen when the tour started: the case, its step and the cast's, the file name,
/// compare mode, the views and the cameras.
#[derive(Debug, Clone)]
struct Before {
    scenario: gjk::Scenario,
    /// The body of many pieces the case was a piece of, if it was.
    pieces: Option<crate::case::pieces::PiecesState>,
    step: usize,
    cast: (Timeline, usize),
    file: String,
    compare: bool,
    views: Views,
    cloud: bool,
    cameras: Vec<(View, Orbit)>,
}

/// The system that moves through the lesson: who asks it to should run before.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TourSet;

/// Moves through the tour.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum TourCommand {
    /// Presenter mode on at the first lesson, or off.
    Toggle,
    Next,
    Previous,
    Goto(usize),
    /// Present this lesson from its first slide (presenter mode turns on).
    Open(Lesson),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Classroom>()
        .add_message::<TourCommand>()
        .add_systems(Update, tour.in_set(LabSet::Input).in_set(TourSet))
        .add_systems(
            Update,
            seek_slide_step
                .in_set(LabSet::Solve)
                .after(crate::case::solving::finish_off_frame),
        );
}

/// Keys, the look and the caption (windowed app only).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Update, keys.in_set(LabSet::Input).before(tour));
    // After the step's framing has set the cameras heading somewhere: a recorded camera wins.
    app.add_systems(
        Update,
        pin_cameras
            .after(crate::views::camera::CameraSet)
            .before(crate::views::camera::place_cameras),
    );
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        (presenter_look, caption).in_set(crate::case::playback::PanelSystems),
    );
}

/// Page Down / N advance, Page Up / P go back, F5 toggles presenter mode and Esc leaves it. Every press counts,
/// however quick (read as events: three presses of Page Down between two frames are three
/// lessons).
fn keys(
    mut presses: MessageReader<KeyboardInput>,
    egui_input: Option<Res<EguiWantsInput>>,
    classroom: Res<Classroom>,
    mut tour: MessageWriter<TourCommand>,
) {
    if egui_input.is_some_and(|e| e.wants_any_keyboard_input()) {
        presses.clear();
        return;
    }
    let mut enabled = classroom.enabled;
    for press in presses
        .read()
        .filter(|p| p.state == ButtonState::Pressed && !p.repeat)
    {
        match press.key_code {
            KeyCode::F5 => {
                tour.write(TourCommand::Toggle);
                enabled = !enabled;
            }
            KeyCode::Escape if enabled => {
                tour.write(TourCommand::Toggle);
                enabled = false;
            }
            KeyCode::PageDown | KeyCode::KeyN if enabled => {
                tour.write(TourCommand::Next);
            }
            KeyCode::PageUp | KeyCode::KeyP if enabled => {
                tour.write(TourCommand::Previous);
            }
            _ => {}
        }
    }
}

/// Shows the slide's step of the trace on screen, once the slide's case has been solved, and
/// frames what its caption talks about. Leaving the tour puts back the cast's step too.
fn seek_slide_step(
    mut classroom: ResMut<Classroom>,
    mut playback: ResMut<Playback>,
    mut framing: MessageWriter<FrameStep>,
) {
    let classroom = classroom.bypass_change_detection();
    if let Some(show) = classroom.seek.take() {
        let (timeline, step) = show.resolve(&playback.trace, playback.cast.as_ref());
        playback.timeline = timeline;
        match timeline {
            Timeline::Query => playback.step = step,
            Timeline::Cast => playback.cast_step = step,
        }
        // Every slide says whether the manifold is drawn: one that does not, does not.
        if let Some(m) = &mut playback.manifold {
            m.stage = show.manifold_stage().min(m.steps.len());
        }
        if classroom.pin == Some(SlideCamera::FrameStep) {
            classroom.pin = None;
            framing.write(FrameStep);
        }
    }
    if let Some((timeline, cast_step)) = classroom.restore_cast.take() {
        playback.timeline = timeline;
        playback.cast_step = cast_step.min(playback.cast_end());
    }
}

/// Stands the cameras where a slide recorded them, after the step's own framing (which would
/// otherwise move them on).
fn pin_cameras(
    mut classroom: ResMut<Classroom>,
    mut cameras: Query<(Entity, &View, &mut Orbit)>,
    mut commands: Commands,
) {
    // Once the slide's step is on screen (its case may take frames to solve).
    let Some(SlideCamera::Orbits { world, minkowski }) = classroom.pin else {
        return;
    };
    if classroom.seek.is_some() {
        return;
    }
    classroom.bypass_change_detection().pin = None;
    for (entity, view, mut orbit) in &mut cameras {
        let at = match view {
            View::World => world,
            View::Minkowski => minkowski,
        };
        *orbit = Orbit {
            focus: Vec3::from_array(at.focus),
            yaw: at.yaw,
            pitch: at.pitch,
            distance: at.distance,
        };
        // Where the slide's author stood: kept as it is, whatever the view's shape.
        commands.entity(entity).remove::<(Heading, FramedFor)>();
    }
}

/// What the tour takes over while it runs, and gives back.
#[derive(bevy::ecs::system::SystemParam)]
struct Room<'w, 's> {
    lab: ResMut<'w, Lab>,
    playback: Res<'w, Playback>,
    files: ResMut<'w, crate::case::scenario_io::ScenarioFiles>,
    pieces: ResMut<'w, crate::case::pieces::Pieces>,
    compare: ResMut<'w, CompareSettings>,
    layout: Option<ResMut<'w, ViewLayout>>,
    minkowski: Option<ResMut<'w, MinkowskiSettings>>,
    cameras: Query<'w, 's, (Entity, &'static View, &'static mut Orbit)>,
    commands: Commands<'w, 's>,
}

impl Room<'_, '_> {
    /// Takes the room: what is open is kept, compare mode is turned off (a lesson is one run).
    fn take(&mut self) -> Before {
        let before = Before {
            scenario: self.lab.scenario.clone(),
            pieces: self.pieces.0.clone(),
            step: self.playback.step,
            cast: (self.playback.timeline, self.playback.cast_step),
            file: self.files.path_field.clone(),
            compare: self.compare.enabled,
            views: self
                .layout
                .as_ref()
                .map_or_else(Views::default, |l| l.shown),
            cloud: self.minkowski.as_ref().is_some_and(|m| m.show_cloud),
            cameras: self.cameras.iter().map(|(_, v, o)| (*v, *o)).collect(),
        };
        if self.compare.enabled {
            self.compare.enabled = false;
        }
        before
    }

    /// Shows the views and overlays a slide asks for.
    fn show(&mut self, views: Views, cloud: bool) {
        if let Some(layout) = &mut self.layout
            && layout.shown != views
        {
            layout.shown = views;
        }
        if let Some(minkowski) = &mut self.minkowski
            && minkowski.show_cloud != cloud
        {
            minkowski.show_cloud = cloud;
        }
    }

    /// Gives it back as it was: the case, its step and the cast's, the file name, compare mode,
    /// the views and the cameras.
    fn give_back(&mut self, before: Before, classroom: &mut Classroom) {
        self.lab.scenario = before.scenario;
        self.pieces.0 = before.pieces;
        self.files.path_field = before.file;
        self.compare.enabled = before.compare;
        self.show(before.views, before.cloud);
        classroom.seek = Some(SlideStep::Step(before.step));
        classroom.restore_cast = Some(before.cast);
        for (entity, view, mut orbit) in &mut self.cameras {
            if let Some((_, was)) = before.cameras.iter().find(|(v, _)| v == view) {
                *orbit = *was;
                // It stood there for the views as they were, which come back with it.
                self.commands
                    .entity(entity)
                    .remove::<(Heading, FramedFor)>();
            }
        }
    }
}

fn tour(
    mut commands: MessageReader<TourCommand>,
    mut classroom: ResMut<Classroom>,
    mut room: Room,
    mut framing: MessageWriter<FrameViews>,
) {
    for command in commands.read() {
        let last = classroom.lesson.slides.len() - 1;
        let slide = match command {
            TourCommand::Toggle => {
                classroom.enabled = !classroom.enabled;
                classroom.panel_folded = classroom.enabled;
                if classroom.enabled {
                    classroom.before = Some(room.take());
                    0
                } else {
                    // The tour ends where it began.
                    if let Some(before) = classroom.before.take() {
                        room.give_back(before, &mut classroom);
                    }
                    continue;
                }
            }
            TourCommand::Open(lesson) => {
                classroom.lesson = lesson.clone();
                if !classroom.enabled {
                    classroom.enabled = true;
                    classroom.panel_folded = true;
                    classroom.before = Some(room.take());
                }
                0
            }
            TourCommand::Next => (classroom.slide + 1).min(last),
            TourCommand::Previous => classroom.slide.saturating_sub(1),
            TourCommand::Goto(n) => (*n).min(last),
        };
        classroom.slide = slide;
        let s = classroom.lesson.slides[slide].clone();
        // Said in the log too (the page's tests read it in the browser's console).
        info!(
            "slide {} of {} of \"{}\": {}",
            slide + 1,
            classroom.lesson.slides.len(),
            classroom.lesson.title,
            s.title
        );
        match s.open_case() {
            Ok(case) => {
                // A floor of many pieces: the pair of its body and the slide's piece.
                let scenario =
                    crate::case::pieces::open(case, (s.piece, &s.file_name()), &mut room.pieces);
                classroom.seek = Some(s.step);
                // What the step's own framing leaves to the slide's camera.
                classroom.pin = (s.camera != SlideCamera::Frame).then_some(s.camera);
                room.lab.scenario = scenario;
                room.show(s.views, s.cloud);
                // Save during the tour writes the slide's file name, not over what was open.
                room.files.path_field = s.file_name();
                classroom.error = None;
                // A recorded camera is stood at once the step is shown; the others frame.
                if !matches!(s.camera, SlideCamera::Orbits { .. }) {
                    framing.write(FrameViews);
                }
            }
            Err(e) => classroom.error = Some(e),
        }
    }
}

/// The presenter look: larger text, black background, white text, thicker lines.
fn presenter_look(
    mut contexts: bevy_egui::EguiContexts,
    classroom: Res<Classroom>,
    mut text: ResMut<crate::views::glyphs::TextSize>,
    mut clear: ResMut<ClearColor>,
    mut gizmos: ResMut<GizmoConfigStore>,
) -> Result {
    if !classroom.is_changed() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let on = classroom.enabled;
    if text.presenter != on {
        text.presenter = on;
    }
    let mut visuals = egui::Visuals::dark();
    if on {
        visuals.override_text_color = Some(egui::Color32::WHITE);
        visuals.panel_fill = egui::Color32::BLACK;
        visuals.window_fill = egui::Color32::from_gray(12);
    }
    ctx.set_visuals(visuals);
    clear.0 = if on {
        Color::BLACK
    } else {
        crate::views::palette::BACKGROUND
    };
    let width = if on { 5.0 } else { 3.0 };
    for (_, config, _) in gizmos.iter_mut() {
        config.line.width = width;
    }
    Ok(())
}

/// Presenter mode is being filmed: its pictures are read, not presented to; a handout's page
/// prints the captions itself. (Set by the film while it runs.)
#[derive(Resource, Debug, Clone, Copy)]
pub struct Filmed {
    pub handout: bool,
}

/// The lesson's title and caption, large, along the bottom of the views, and the keys that
/// move through it. In a film's pictures no keys (nobody can press them); in a handout's no
/// caption at all (the page prints it under the picture).
fn caption(
    mut contexts: bevy_egui::EguiContexts,
    classroom: Res<Classroom>,
    playback: Res<Playback>,
    mut layout: ResMut<crate::views::camera::ViewLayout>,
    filmed: Option<Res<Filmed>>,
) -> Result {
    let handout = filmed.as_ref().is_some_and(|f| f.handout);
    if !classroom.enabled || handout {
        if layout.caption_height != 0.0 {
            layout.caption_height = 0.0;
        }
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (title, text) = classroom.slide_caption(&playback);
    let screen = ctx.content_rect();
    let left = layout.panel_width / ctx.zoom_factor() + 16.0;
    let width = (screen.width() - left - 16.0).max(200.0);
    let shown = egui::Area::new("lesson_caption".into())
        .pivot(egui::Align2::LEFT_BOTTOM)
        .fixed_pos(egui::pos2(left, screen.bottom() - 8.0))
        // Above the vertex labels, which are drawn in the foreground layer.
        .order(egui::Order::Tooltip)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgb(16, 16, 20))
                .stroke(egui::Stroke::new(1.0, egui::Color32::from_gray(90)))
                .inner_margin(12.0)
                .corner_radius(6.0)
                .show(ui, |ui| {
                    ui.set_width(width - 24.0);
                    ui.label(
                        egui::RichText::new(format!(
                            "{} of {} · {}",
                            classroom.slide + 1,
                            classroom.lesson.slides.len(),
                            title
                        ))
                        .size(24.0)
                        .strong()
                        .color(egui::Color32::WHITE),
                    );
                    ui.label(
                        egui::RichText::new(text)
                            .size(17.0)
                            .color(egui::Color32::WHITE),
                    );
                    if filmed.is_none() {
                        ui.label(
                            egui::RichText::new(
                                "Page Down / N: next · Page Up / P: back · F5: leave",
                            )
                            .size(13.0)
                            .color(egui::Color32::from_gray(170)),
                        );
                    }
                });
        });
    // The views stop above the caption (window pixels, egui's zoom included).
    let height = (screen.bottom() - shown.response.rect.top()) * ctx.zoom_factor();
    if (layout.caption_height - height).abs() > 0.5 {
        layout.caption_height = height;
    }
    Ok(())
}
