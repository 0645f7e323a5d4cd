//! Presenter mode, for a projector: a larger UI, a high-contrast look, the panel folded to a thin
//! bar, and a guided tour of the basic cases — separated, touching, intersecting, then each kind
//! of Voronoi region — that one key (Page Down, N or a presenter remote) advances.

use crate::case::compare::CompareSettings;
use crate::case::playback::{FrameViews, Lab, LabSet, Playback, Timeline};
use crate::views::camera::{FrameStep, Heading, Orbit, View};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::input::EguiWantsInput;
use gjk::FeatureKind;

/// Which step of a lesson's run to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Show {
    /// The whole run, answer on screen.
    End,
    /// GJK's last step: its simplex, not the EPA polytope that follows it.
    GjkEnd,
    /// The first GJK step whose kept feature is of this kind, chosen from exactly `points`
    /// candidate points (a vertex of a segment, an edge of a triangle: what the caption names).
    Region { kind: FeatureKind, points: usize },
    /// This step (clamped to the run): where someone was before the tour.
    At(usize),
}

/// One stop of the tour.
#[derive(Debug, Clone, Copy)]
pub struct Lesson {
    pub title: &'static str,
    file: &'static str,
    show: Show,
    pub caption: &'static str,
}

/// The tour, in teaching order.
pub const LESSONS: [Lesson; 7] = [
    Lesson {
        title: "Separated",
        file: "separated-box-sphere.json",
        show: Show::End,
        caption: "The shapes are apart, so A − B misses the origin. GJK walks its closest point v \
                  towards the origin; |v| at the end is the distance, and the green segment joins \
                  the closest points of A and B.",
    },
    Lesson {
        title: "Touching",
        file: "gallery/10-touching-boxes.json",
        show: Show::GjkEnd,
        caption: "The boxes share a face: the origin lies on the surface of A − B. The very first \
                  support point is the origin, |v| = 0 within the tolerance: touching counts as \
                  intersecting, with depth 0.",
    },
    Lesson {
        title: "Intersecting",
        file: "intersecting-tetrahedron.json",
        show: Show::GjkEnd,
        caption: "The shapes overlap, so A − B contains the origin. GJK stops when four support \
                  points enclose it; EPA then grows that tetrahedron to find how deep they overlap \
                  and which way to push them apart.",
    },
    Lesson {
        title: "Vertex region",
        file: "vertex-region-balls.json",
        show: Show::Region {
            kind: FeatureKind::Vertex,
            points: 2,
        },
        caption: "The origin is in the Voronoi region of {feature}: past the plane through it \
                  across the segment, so {dropped} dropped, and the search continues from that \
                  vertex straight towards the origin.",
    },
    Lesson {
        title: "Edge region",
        file: "vertex-region-balls.json",
        show: Show::Region {
            kind: FeatureKind::Edge,
            points: 2,
        },
        caption: "The origin is in the region of {feature}: between the two planes through its \
                  ends, across the edge. The closest point is on the edge, and the next \
                  direction is perpendicular to it, towards the origin.",
    },
    Lesson {
        title: "Face region",
        file: "intersecting-tetrahedron.json",
        show: Show::Region {
            kind: FeatureKind::Face,
            points: 3,
        },
        caption: "The origin is above {feature}, inside the prism of its three edge planes: \
                  the closest point is inside the face, and the next direction is the face's \
                  normal on the origin's side.",
    },
    Lesson {
        title: "Inside the tetrahedron",
        file: "intersecting-tetrahedron.json",
        show: Show::Region {
            kind: FeatureKind::Interior,
            points: 4,
        },
        caption: "The origin is behind all four faces: the tetrahedron of support points encloses \
                  it, so the origin is inside A − B and the shapes intersect.",
    },
];

/// Presenter mode and where the tour is.
#[derive(Resource, Debug, Clone, Default)]
pub struct Classroom {
    pub enabled: bool,
    pub lesson: usize,
    /// The panel is folded to a thin bar (also available outside presenter mode).
    pub panel_folded: bool,
    /// Why the last lesson could not be loaded.
    pub error: Option<String>,
    /// The step a lesson just loaded wants shown, picked once its trace is on screen.
    seek: Option<Show>,
    /// What was open before the tour, put back when it ends.
    before: Option<Before>,
    /// The cast's timeline and step to put back once the case before the tour is solved again.
    restore_cast: Option<(Timeline, usize)>,
}

/// What was on screen when the tour started: the case, its step and the cast's, the file name,
/// compare mode and the cameras.
#[derive(Debug, Clone)]
struct Before {
    scenario: gjk::Scenario,
    step: usize,
    cast: (Timeline, usize),
    file: String,
    compare: bool,
    cameras: Vec<(View, Orbit)>,
}

/// A lesson's caption with its placeholders filled from the step on screen: `{feature}` (the
/// kept feature, "edge w₁w₂") and `{dropped}` ("w₁ is"), so that a caption names what its
/// picture shows.
pub fn fill(caption: &str, step: Option<&gjk::Step>) -> String {
    use gjk::trace::explain::{dropped_phrase, feature_name};
    let Some((step, feature)) = step.and_then(|s| s.feature.as_ref().map(|f| (s, f))) else {
        return caption.to_string();
    };
    let label = |i| step.label(i);
    let dropped = dropped_phrase(step.candidate.len(), &feature.vertices, &label)
        .unwrap_or_else(|| "nothing is".to_string());
    caption
        .replace("{feature}", &feature_name(&feature.vertices, &label))
        .replace("{dropped}", &dropped)
}

/// Moves through the tour.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TourCommand {
    /// Presenter mode on at the first lesson, or off.
    Toggle,
    Next,
    Previous,
    Goto(usize),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Classroom>()
        .add_message::<TourCommand>()
        .add_message::<FrameViews>()
        .add_message::<FrameStep>()
        .add_systems(Update, tour.in_set(LabSet::Input))
        .add_systems(
            Update,
            seek_lesson_step
                .in_set(LabSet::Solve)
                .after(crate::case::solving::finish_off_frame),
        );
}

/// Keys, the look and the caption (windowed app only).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Update, keys.in_set(LabSet::Input).before(tour));
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        (presenter_look, caption).in_set(crate::case::playback::PanelSystems),
    );
}

/// Page Down / N advance, Page Up / P go back, F5 toggles presenter mode. Every press counts,
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

/// The step a lesson shows in a run.
fn step_to_show(show: Show, trace: &gjk::Trace) -> usize {
    let gjk_steps = trace.steps.iter().filter(|s| s.epa().is_none()).count();
    match show {
        Show::End => trace.steps.len(),
        Show::GjkEnd => gjk_steps,
        Show::At(n) => n.min(trace.steps.len()),
        Show::Region { kind, points } => trace
            .steps
            .iter()
            .position(|s| {
                s.epa().is_none()
                    && s.candidate.len() == points
                    && s.feature.as_ref().is_some_and(|f| f.kind == kind)
            })
            .map_or(trace.steps.len(), |i| i + 1),
    }
}

/// Shows the lesson's step of the trace on screen, once the lesson's case has been solved, and
/// frames what its caption talks about: the step's simplex and the origin for a region, the
/// whole case (framed when it opened) otherwise. Leaving the tour puts back the cast's step too.
fn seek_lesson_step(
    mut classroom: ResMut<Classroom>,
    mut playback: ResMut<Playback>,
    mut framing: MessageWriter<FrameStep>,
) {
    let classroom = classroom.bypass_change_detection();
    if let Some(show) = classroom.seek.take() {
        playback.step = step_to_show(show, &playback.trace);
        if matches!(show, Show::Region { .. }) {
            framing.write(FrameStep);
        }
    }
    if let Some((timeline, cast_step)) = classroom.restore_cast.take() {
        playback.timeline = timeline;
        playback.cast_step = cast_step.min(playback.cast_end());
    }
}

/// What the tour takes over while it runs, and gives back.
#[derive(bevy::ecs::system::SystemParam)]
struct Room<'w, 's> {
    lab: ResMut<'w, Lab>,
    playback: Res<'w, Playback>,
    files: ResMut<'w, crate::case::scenario_io::ScenarioFiles>,
    compare: ResMut<'w, CompareSettings>,
    cameras: Query<'w, 's, (Entity, &'static View, &'static mut Orbit)>,
    commands: Commands<'w, 's>,
}

impl Room<'_, '_> {
    /// Takes the room: what is open is kept, compare mode is turned off (a lesson is one run).
    fn take(&mut self) -> Before {
        let before = Before {
            scenario: self.lab.scenario.clone(),
            step: self.playback.step,
            cast: (self.playback.timeline, self.playback.cast_step),
            file: self.files.path_field.clone(),
            compare: self.compare.enabled,
            cameras: self.cameras.iter().map(|(_, v, o)| (*v, *o)).collect(),
        };
        if self.compare.enabled {
            self.compare.enabled = false;
        }
        before
    }

    /// Gives it back as it was: the case, its step and the cast's, the file name, compare mode
    /// and the cameras.
    fn give_back(&mut self, before: Before, classroom: &mut Classroom) {
        self.lab.scenario = before.scenario;
        self.files.path_field = before.file;
        self.compare.enabled = before.compare;
        classroom.seek = Some(Show::At(before.step));
        classroom.restore_cast = Some(before.cast);
        for (entity, view, mut orbit) in &mut self.cameras {
            if let Some((_, was)) = before.cameras.iter().find(|(v, _)| v == view) {
                *orbit = *was;
                self.commands.entity(entity).remove::<Heading>();
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
        let lesson = match *command {
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
            TourCommand::Next => (classroom.lesson + 1).min(LESSONS.len() - 1),
            TourCommand::Previous => classroom.lesson.saturating_sub(1),
            TourCommand::Goto(n) => n.min(LESSONS.len() - 1),
        };
        classroom.lesson = lesson;
        let l = &LESSONS[lesson];
        let case = crate::case::assets::find(l.file)
            .ok_or_else(|| format!("{} is not among the built-in cases", l.file));
        match case.and_then(|c| c.load().map(|s| (s, c)).map_err(|e| e.to_string())) {
            Ok((scenario, case)) => {
                classroom.seek = Some(l.show);
                room.lab.scenario = scenario;
                // Save during the tour writes the lesson's file name, not over what was open.
                room.files.path_field = case.file_name().to_string();
                classroom.error = None;
                framing.write(FrameViews);
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

/// The lesson's title and caption, large, along the bottom of the views.
fn caption(
    mut contexts: bevy_egui::EguiContexts,
    classroom: Res<Classroom>,
    playback: Res<Playback>,
    mut layout: ResMut<crate::views::camera::ViewLayout>,
) -> Result {
    if !classroom.enabled {
        if layout.caption_height != 0.0 {
            layout.caption_height = 0.0;
        }
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let lesson = &LESSONS[classroom.lesson];
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
                            classroom.lesson + 1,
                            LESSONS.len(),
                            lesson.title
                        ))
                        .size(24.0)
                        .strong()
                        .color(egui::Color32::WHITE),
                    );
                    let text = match &classroom.error {
                        Some(e) => e.clone(),
                        None => fill(lesson.caption, playback.current()),
                    };
                    ui.label(
                        egui::RichText::new(text)
                            .size(17.0)
                            .color(egui::Color32::WHITE),
                    );
                    ui.label(
                        egui::RichText::new("Page Down / N: next · Page Up / P: back · F5: leave")
                            .size(13.0)
                            .color(egui::Color32::from_gray(170)),
                    );
                });
        });
    // The views stop above the caption (window pixels, egui's zoom included).
    let height = (screen.bottom() - shown.response.rect.top()) * ctx.zoom_factor();
    if (layout.caption_height - height).abs() > 0.5 {
        layout.caption_height = height;
    }
    Ok(())
}
