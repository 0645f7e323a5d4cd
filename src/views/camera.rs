//! Two orbit cameras side by side — the world on the left, A ⊖ B on the right — and a third,
//! on top, that only draws the egui panel. Right-drag orbits the view under the pointer, the
//! wheel zooms it; with the cameras linked, both turn together.

use crate::case::compare::CompareSettings;
use crate::case::playback::{FrameViews, LabSet, Playback};
use crate::views::palette;
use bevy::camera::Viewport;
use bevy::camera::visibility::RenderLayers;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};
use gjk_lab_files::lesson::Views;

mod framing;

pub use framing::{FIELD_OF_VIEW, FramedFor, Heading, fit, step_points, world_framing};
use framing::{ease, follow_steps, frame_step, frame_views, keep_framing};

/// Render layer of the world view (shapes, witnesses).
pub const WORLD_LAYER: usize = 0;
/// Render layer of the Minkowski view (A ⊖ B, simplex, region).
pub const MINKOWSKI_LAYER: usize = 1;
/// Render layer of the second run's Minkowski view (compare mode, in the left viewport).
pub const COMPARE_LAYER: usize = 2;
/// The egui camera sees only this (empty) layer.
const UI_LAYER: usize = 31;

/// Which of the two views a camera shows.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    World,
    Minkowski,
}

/// Orbit parameters of a view's camera.
#[derive(Component, Debug, Clone, Copy)]
pub struct Orbit {
    pub focus: Vec3,
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

/// How far a camera stands at first; markers are sized for it.
const START_DISTANCE: f32 = 7.0;

impl Orbit {
    /// The scale of point markers and arrows in this view: 1 at the starting distance, growing
    /// as the camera backs off, so a marker keeps its size on screen at any zoom.
    pub fn marks(&self) -> f32 {
        self.distance / START_DISTANCE
    }

    pub fn transform(&self) -> Transform {
        let rotation = Quat::from_euler(EulerRot::YXZ, self.yaw, self.pitch, 0.0);
        Transform::from_translation(self.focus + rotation * Vec3::Z * self.distance)
            .looking_at(self.focus, Vec3::Y)
    }
}

/// Screen layout shared by the panel (which reports its width) and the cameras.
#[derive(Resource, Debug, Clone, Copy)]
pub struct ViewLayout {
    /// Width of the egui side panel in logical pixels.
    pub panel_width: f32,
    /// Turn both cameras together.
    pub linked: bool,
    /// Height of the presenter caption under the views in logical pixels (0 without one).
    pub caption_height: f32,
    /// Which views are on screen.
    pub shown: Views,
}

impl View {
    /// Whether the view is on screen when `views` are.
    pub fn shown_in(self, views: Views) -> bool {
        matches!(
            (views, self),
            (Views::Both, _) | (Views::World, View::World) | (Views::Minkowski, View::Minkowski)
        )
    }
}

/// Cameras jump to their framing instead of easing there: for pictures taken one step at a
/// time, where each must be framed when it is taken.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct SnapCameras;

/// The cameras' input and framing, in order; what must follow the step's framing runs after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CameraSet;

impl Default for ViewLayout {
    fn default() -> Self {
        ViewLayout {
            panel_width: 360.0,
            linked: true,
            caption_height: 0.0,
            shown: Views::Both,
        }
    }
}

/// The window and the views' layout: where each view is on screen.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Screen<'w, 's> {
    pub(crate) layout: Res<'w, ViewLayout>,
    pub(crate) window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
}

impl Screen<'_, '_> {
    /// The view's rectangle in physical pixels (see [`view_rect`]).
    pub fn rect(&self, view: View) -> Rect {
        view_rect(view, &self.window, &self.layout)
    }

    /// The view's width over its height.
    pub fn aspect(&self, view: View) -> f32 {
        let r = self.rect(view);
        r.width() / r.height().max(1.0)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ViewLayout>()
        .insert_resource(ClearColor(palette::BACKGROUND))
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            Update,
            (follow_compare_mode, orbit).chain().in_set(LabSet::Input),
        )
        .add_systems(
            Update,
            (
                // After the solve: a case just opened is framed with its own shapes.
                frame_views,
                keep_framing,
                follow_steps,
                frame_step,
                ease,
                face_the_plane,
                fit_clip_planes,
            )
                .chain()
                .in_set(CameraSet)
                .after(LabSet::Solve)
                .before(LabSet::Visualise),
        )
        .add_systems(
            Update,
            place_cameras.after(CameraSet).before(LabSet::Visualise),
        )
        .add_systems(PostUpdate, fit_viewports);
}

/// In compare mode both viewports show A ⊖ B: run 1 on the left (where the world was), run 2
/// on the right.
fn follow_compare_mode(
    compare: Res<CompareSettings>,
    mut cameras: Query<(&View, &mut RenderLayers)>,
    mut framing: MessageWriter<FrameViews>,
) {
    if !compare.is_changed() {
        return;
    }
    for (view, mut layers) in &mut cameras {
        let layer = match (view, compare.enabled) {
            (View::World, false) => WORLD_LAYER,
            (View::World, true) | (View::Minkowski, false) => MINKOWSKI_LAYER,
            (View::Minkowski, true) => COMPARE_LAYER,
        };
        if !layers.intersects(&RenderLayers::layer(layer)) {
            *layers = RenderLayers::layer(layer);
            framing.write(FrameViews);
        }
    }
}

/// How the cameras stand at first, and again when a case leaves the plane.
const START_YAW: f32 = 0.6;
const START_PITCH: f32 = -0.45;

/// A case in the plane is seen square-on: both cameras look straight down its normal, x to the
/// right and y up, and do not turn. (A flat scene seen square-on through a perspective camera
/// is drawn exactly as an orthographic camera would draw it, up to scale.) A case leaving the
/// plane gets the starting three-quarter view back.
fn face_the_plane(
    playback: Res<Playback>,
    mut was_plane: Local<bool>,
    mut cameras: Query<&mut Orbit>,
) {
    let plane = playback.case.dimension.is_plane();
    let (yaw, pitch) = match (plane, *was_plane) {
        (true, _) => (0.0, 0.0),
        (false, true) => (START_YAW, START_PITCH),
        (false, false) => return,
    };
    *was_plane = plane;
    for mut orbit in &mut cameras {
        if orbit.yaw != yaw || orbit.pitch != pitch {
            orbit.yaw = yaw;
            orbit.pitch = pitch;
        }
    }
}

/// Keeps the near and far planes in proportion to the camera's distance, so a simplex a
/// millimetre across and a box 500 m wide are both drawn whole.
fn fit_clip_planes(mut cameras: Query<(&Orbit, &mut Projection), Changed<Orbit>>) {
    for (orbit, mut projection) in &mut cameras {
        if let Projection::Perspective(p) = &mut *projection {
            let near = (orbit.distance * 0.01).clamp(1e-6, 0.1);
            let far = (orbit.distance * 20.0).max(1000.0);
            if p.near != near || p.far != far {
                p.near = near;
                p.far = far;
            }
        }
    }
}

/// Smooth edges where they are cheap: 4× multisampling on a real GPU; none on a software
/// renderer (llvmpipe, SwiftShader), where it would multiply the cost of every pixel.
fn antialiasing(adapter: Option<&RenderAdapterInfo>) -> Msaa {
    match adapter.map(|a| a.device_type) {
        Some(wgpu_types::DeviceType::Cpu) | None => Msaa::Off,
        Some(_) => Msaa::Sample4,
    }
}

fn spawn_cameras(
    mut commands: Commands,
    mut egui_settings: ResMut<EguiGlobalSettings>,
    mut framing: MessageWriter<FrameViews>,
    adapter: Option<Res<RenderAdapterInfo>>,
) {
    let msaa = antialiasing(adapter.as_deref());
    framing.write(FrameViews);
    egui_settings.auto_create_primary_context = false;
    let start = Orbit {
        focus: Vec3::ZERO,
        yaw: START_YAW,
        pitch: START_PITCH,
        distance: START_DISTANCE,
    };
    for (order, view, layer) in [
        (0, View::World, WORLD_LAYER),
        (1, View::Minkowski, MINKOWSKI_LAYER),
    ] {
        commands.spawn((
            Camera3d::default(),
            Camera {
                order,
                // Only the first camera clears the window: a later clear would wipe it whole.
                clear_color: if order == 0 {
                    ClearColorConfig::Default
                } else {
                    ClearColorConfig::None
                },
                ..default()
            },
            // No tonemapping pass: cheap frames under a software renderer.
            msaa,
            Tonemapping::None,
            view,
            start,
            start.transform(),
            RenderLayers::layer(layer),
        ));
    }
    commands.spawn((
        Camera2d,
        Camera {
            order: 10,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        msaa,
        PrimaryEguiContext,
        RenderLayers::layer(UI_LAYER),
    ));
}

/// The physical rectangle of each view: the window right of the panel, split in two, or
/// whole for the one view shown (a hidden view's rectangle is empty).
pub fn view_rect(view: View, window: &Window, layout: &ViewLayout) -> Rect {
    let scale = window.scale_factor();
    let left = (layout.panel_width * scale).min(window.physical_width() as f32 - 2.0);
    let width = (window.physical_width() as f32 - left).max(2.0);
    let (x0, x1) = match (layout.shown, view) {
        (Views::Both, View::World) => (left, left + (width / 2.0).floor()),
        (Views::Both, View::Minkowski) => (left + (width / 2.0).floor(), left + width),
        (shown, view) if view.shown_in(shown) => (left, left + width),
        _ => (left, left),
    };
    // The views end where a presenter caption begins: it never covers them.
    let bottom = (window.physical_height() as f32 - layout.caption_height * scale).max(2.0);
    Rect::new(x0, 0.0, x1, bottom)
}

fn fit_viewports(
    layout: Res<ViewLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut cameras: Query<(&mut Camera, &View)>,
) {
    for (mut camera, view) in &mut cameras {
        let r = view_rect(*view, &window, &layout);
        let viewport = Viewport {
            physical_position: UVec2::new(r.min.x as u32, r.min.y as u32),
            physical_size: UVec2::new(r.width().max(1.0) as u32, r.height().max(1.0) as u32),
            ..default()
        };
        let same = camera.viewport.as_ref().is_some_and(|v| {
            v.physical_position == viewport.physical_position
                && v.physical_size == viewport.physical_size
        });
        if !same {
            camera.viewport = Some(viewport);
        }
        let active = view.shown_in(layout.shown);
        if camera.is_active != active {
            camera.is_active = active;
        }
        // The first view drawn clears the window: the world's, or A − B's when it is alone.
        let clears = *view == View::World || layout.shown == Views::Minkowski;
        if matches!(camera.clear_color, ClearColorConfig::Default) != clears {
            camera.clear_color = if clears {
                ClearColorConfig::Default
            } else {
                ClearColorConfig::None
            };
        }
    }
}

/// Right-drag orbits, the wheel zooms the view under the pointer (or both when linked).
///
/// The turn comes from where the pointer is, frame to frame, not from raw mouse motion: tablets,
/// touch screens, whiteboards and remote desktops move an absolute pointer and send no motion.
fn orbit(
    buttons: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    egui_input: Res<EguiWantsInput>,
    screen: Screen,
    mut last: Local<Option<Vec2>>,
    mut commands: Commands,
    mut cameras: Query<(Entity, &View, &mut Orbit, &Camera, &GlobalTransform)>,
) {
    let cursor = screen.window.physical_cursor_position();
    let moved = match (cursor, *last) {
        (Some(now), Some(before)) => now - before,
        _ => Vec2::ZERO,
    };
    *last = cursor;
    if egui_input.wants_any_pointer_input() {
        return;
    }
    let Some(cursor) = cursor else {
        return;
    };
    let hovered = [View::World, View::Minkowski]
        .into_iter()
        .find(|&v| screen.rect(v).contains(cursor));
    let Some(hovered) = hovered else {
        return;
    };
    // (A case in the plane is turned back square-on by `face_the_plane`, later in the frame.)
    let turn = if buttons.pressed(MouseButton::Right) {
        moved * 0.008
    } else {
        Vec2::ZERO
    };
    let zoom = (-scroll.delta.y * 0.1).exp();
    if turn == Vec2::ZERO && zoom == 1.0 {
        return;
    }
    for (entity, view, mut orbit, camera, placed) in &mut cameras {
        let applies_turn = *view == hovered || screen.layout.linked;
        if applies_turn {
            orbit.yaw -= turn.x;
            orbit.pitch = (orbit.pitch - turn.y).clamp(-1.5, 1.5);
        }
        if *view == hovered && zoom != 1.0 {
            // The hand wins over an easing camera, and what it zoomed to is its own: no longer
            // a framing to keep when the view changes shape.
            commands.entity(entity).remove::<(Heading, FramedFor)>();
            let distance = (orbit.distance * zoom).clamp(1e-4, 1e5);
            // Zoom towards the point under the pointer: the focus moves towards it in
            // proportion, so that point stays where it is on screen.
            let at = cursor / screen.window.scale_factor();
            if let Some(p) = under_pointer(camera, placed, at, orbit.focus) {
                orbit.focus = p + (orbit.focus - p) * (distance / orbit.distance);
            }
            orbit.distance = distance;
        }
    }
}

/// The point under the window position `at` (logical pixels) on the plane through `focus`
/// facing the camera.
fn under_pointer(camera: &Camera, placed: &GlobalTransform, at: Vec2, focus: Vec3) -> Option<Vec3> {
    let ray = camera.viewport_to_world(placed, at).ok()?;
    let forward = placed.forward();
    let along = ray.direction.dot(*forward);
    (along > 1e-6)
        .then(|| ray.origin + *ray.direction * ((focus - ray.origin).dot(*forward) / along))
}

/// The marker scale of the camera that shows `layer` (see [`Orbit::marks`]).
pub fn marks_on(cameras: &Query<(&Orbit, &RenderLayers)>, layer: usize) -> f32 {
    let shows = RenderLayers::layer(layer);
    cameras
        .iter()
        .find(|(_, layers)| layers.intersects(&shows))
        .map_or(1.0, |(orbit, _)| orbit.marks())
}

/// Stands each camera where its orbit says, whoever moved the orbit this frame (the hand, the
/// framing, the plane, the tour giving the cameras back): the orbit is the one record of where
/// a camera is, and its transform follows it.
pub(crate) fn place_cameras(mut cameras: Query<(&Orbit, &mut Transform), Changed<Orbit>>) {
    for (orbit, mut transform) in &mut cameras {
        *transform = orbit.transform();
    }
}
