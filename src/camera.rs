//! Two orbit cameras side by side — the world on the left, A ⊖ B on the right — and a third,
//! on top, that only draws the egui panel. Right-drag orbits the view under the pointer, the
//! wheel zooms it; with the cameras linked, both turn together.

use crate::compare::{CompareRun, CompareSettings};
use crate::palette;
use crate::playback::{LabSet, Playback, Timeline};
use bevy::camera::Viewport;
use bevy::camera::visibility::RenderLayers;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

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
}

impl Default for ViewLayout {
    fn default() -> Self {
        ViewLayout {
            panel_width: 360.0,
            linked: true,
            caption_height: 0.0,
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

/// Asks the Minkowski view to frame the current step: the simplex, the new support point, the
/// closest point and the origin (key F, the panel's button; sent on every step by itself).
#[derive(Message, Debug, Clone, Copy)]
pub struct FrameStep;

/// Where a view's camera is heading when it eases to a new framing.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Heading {
    pub focus: Vec3,
    pub distance: f32,
}

/// Asks both cameras to frame the case: the world view both bodies, the Minkowski view the
/// difference and the origin. Sent at start and when a scenario is opened, never while dragging.
#[derive(Message, Debug, Clone, Copy)]
pub struct FrameViews;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewLayout>()
        .insert_resource(ClearColor(palette::BACKGROUND))
        .add_message::<FrameViews>()
        .add_message::<FrameStep>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            Update,
            (follow_compare_mode, orbit, frame_views)
                .chain()
                .in_set(LabSet::Input),
        )
        .add_systems(
            Update,
            (follow_steps, frame_step, ease, fit_clip_planes)
                .chain()
                .after(LabSet::Solve)
                .before(LabSet::Visualise),
        )
        .add_systems(PostUpdate, fit_viewports);
}

/// The smallest sphere-ish bound of some points: centre of their box and the radius around it.
fn bounds(points: impl Iterator<Item = Vec3>) -> (Vec3, f32) {
    let pts: Vec<Vec3> = points.collect();
    let lo = pts.iter().fold(Vec3::splat(f32::MAX), |a, &p| a.min(p));
    let hi = pts.iter().fold(Vec3::splat(f32::MIN), |a, &p| a.max(p));
    let center = (lo + hi) / 2.0;
    // Never a point: a simplex a micrometre across still gets a view around it.
    let floor = 1e-3 * center.length().max(1e-3);
    let radius = pts.iter().map(|p| p.distance(center)).fold(floor, f32::max);
    (center, radius)
}

/// What the Minkowski view frames at a step: the simplex (or EPA's polytope), the new support
/// point w, the closest point v and the origin.
pub fn step_points(step: &gjk::Step) -> Vec<Vec3> {
    let mut points: Vec<Vec3> = step.candidate.iter().map(|v| v.point.as_vec3()).collect();
    points.push(step.support.point.as_vec3());
    points.extend(step.closest.map(|v| v.as_vec3()));
    if let Some(epa) = step.epa() {
        points.extend(epa.vertices.iter().map(|v| v.point.as_vec3()));
    }
    points.push(Vec3::ZERO);
    points
}

/// The vertical field of view of every camera (Bevy's default perspective).
pub const FIELD_OF_VIEW: f32 = std::f32::consts::FRAC_PI_4;

/// The focus and distance at which a view of `aspect` (width / height) shows all of `points`,
/// with a margin: their bounding sphere fits the narrower of the two fields of view.
pub fn fit(points: impl Iterator<Item = Vec3>, aspect: f32) -> (Vec3, f32) {
    let (centre, radius) = bounds(points);
    (centre, fit_distance(radius, aspect))
}

/// How far back a camera stands to see a sphere of `radius` whole, with a margin.
fn fit_distance(radius: f32, aspect: f32) -> f32 {
    let half_v = FIELD_OF_VIEW / 2.0;
    let half_h = (half_v.tan() * aspect).atan();
    radius * 1.15 / half_v.min(half_h).sin()
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

fn frame_views(
    mut requests: MessageReader<FrameViews>,
    mut then_step: MessageWriter<FrameStep>,
    compare: Res<CompareSettings>,
    lab: Res<crate::playback::Lab>,
    shapes: Res<crate::playback::Shapes>,
    screen: Screen,
    mut cameras: Query<(&View, &mut Orbit, &mut Transform)>,
) {
    if requests.read().count() == 0 {
        return;
    }
    // Once the case is solved, the Minkowski view closes in on the step shown.
    then_step.write(FrameStep);
    let [a, b] = shapes.placed(&lab.scenario);
    // The bodies where they stand and, for a cast, where their motion takes them by its end.
    let cast = lab.scenario.cast;
    let end = cast.map_or(0.0, |c| c.settings(gjk::Precision::F64).max_time);
    let poses = [
        (a, cast.map(|c| c.motion_a(a.pose).at(end))),
        (b, cast.map(|c| c.motion_b(b.pose).at(end))),
    ];
    let world = poses.into_iter().flat_map(|(body, moved)| {
        let points = crate::hull::local_shape_points(body.shape, body.margin, 200);
        [Some(body.pose), moved]
            .into_iter()
            .flatten()
            .flat_map(move |pose| {
                points
                    .clone()
                    .into_iter()
                    .map(move |p| (pose.rotation.as_quat() * p) + pose.position.as_vec3())
            })
    });
    let world = bounds(world);
    // The Minkowski view leans towards the origin: that is where the action is.
    let cloud = crate::hull::minkowski_points(a, b, 200);
    let (center, _) = bounds(cloud.iter().copied().chain([Vec3::ZERO]));
    let focus = center * 0.7;
    let radius = cloud
        .iter()
        .chain([&Vec3::ZERO])
        .map(|p| p.distance(focus))
        .fold(0.1, f32::max);
    let difference = (focus, radius);
    for (view, mut orbit, mut transform) in &mut cameras {
        let (center, radius) = match view {
            View::World if !compare.enabled => world,
            _ => difference,
        };
        let distance = fit_distance(radius, screen.aspect(*view));
        frame(&mut orbit, &mut transform, center, distance);
    }
}

/// Frames the step whenever the cursor moves to another step or timeline — not while a drag
/// reruns the solver at the same step, where a moving camera would fight the hand.
fn follow_steps(
    playback: Res<Playback>,
    mut last: Local<Option<(usize, Timeline)>>,
    mut frame: MessageWriter<FrameStep>,
) {
    let now = (playback.step, playback.timeline);
    if *last != Some(now) {
        *last = Some(now);
        frame.write(FrameStep);
    }
}

/// Sets the views that show A ⊖ B heading for the current step's framing. Before the first
/// step, and on the cast's timeline, the case's framing stays.
fn frame_step(
    mut requests: MessageReader<FrameStep>,
    playback: Res<Playback>,
    compare: Res<CompareSettings>,
    compare_run: Res<CompareRun>,
    screen: Screen,
    mut commands: Commands,
    cameras: Query<(Entity, &View)>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let shown = playback
        .current()
        .filter(|_| playback.timeline == Timeline::Query);
    let Some(step) = shown else {
        for (entity, _) in &cameras {
            commands.entity(entity).remove::<Heading>();
        }
        return;
    };
    let mut points = step_points(step);
    if compare.enabled
        && let Some(other) = compare_run.step(playback.step)
    {
        points.extend(step_points(other));
    }
    for (entity, view) in &cameras {
        if *view == View::World && !compare.enabled {
            continue;
        }
        let (focus, distance) = fit(points.iter().copied(), screen.aspect(*view));
        commands.entity(entity).insert(Heading { focus, distance });
    }
}

/// Moves each heading camera part of the way to its framing every frame (the same fraction per
/// second at any frame rate; the distance in proportion, so a zoom by 100 takes as long as one
/// by 2), asking for frames until it arrives.
fn ease(
    time: Res<Time>,
    mut commands: Commands,
    mut cameras: Query<(Entity, &Heading, &mut Orbit, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let k = 1.0 - (-time.delta_secs() * 8.0).exp();
    for (entity, heading, mut orbit, mut transform) in &mut cameras {
        orbit.focus = orbit.focus.lerp(heading.focus, k);
        orbit.distance *= (heading.distance / orbit.distance).powf(k);
        let arrived = orbit.focus.distance(heading.focus) < 1e-3 * heading.distance
            && (orbit.distance / heading.distance - 1.0).abs() < 1e-3;
        if arrived {
            orbit.focus = heading.focus;
            orbit.distance = heading.distance;
            commands.entity(entity).remove::<Heading>();
        } else {
            redraw.write(RequestRedraw);
        }
        *transform = orbit.transform();
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
        yaw: 0.6,
        pitch: -0.45,
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

/// The physical rectangle of each view: the window right of the panel, split in two.
pub fn view_rect(view: View, window: &Window, layout: &ViewLayout) -> Rect {
    let scale = window.scale_factor();
    let left = (layout.panel_width * scale).min(window.physical_width() as f32 - 2.0);
    let width = (window.physical_width() as f32 - left).max(2.0);
    let half = (width / 2.0).floor();
    let x0 = match view {
        View::World => left,
        View::Minkowski => left + half,
    };
    // The views end where a presenter caption begins: it never covers them.
    let bottom = (window.physical_height() as f32 - layout.caption_height * scale).max(2.0);
    Rect::new(x0, 0.0, x0 + half, bottom)
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
    mut cameras: Query<(
        Entity,
        &View,
        &mut Orbit,
        &mut Transform,
        &Camera,
        &GlobalTransform,
    )>,
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
    let turn = if buttons.pressed(MouseButton::Right) {
        moved * 0.008
    } else {
        Vec2::ZERO
    };
    let zoom = (-scroll.delta.y * 0.1).exp();
    if turn == Vec2::ZERO && zoom == 1.0 {
        return;
    }
    for (entity, view, mut orbit, mut transform, camera, placed) in &mut cameras {
        let applies_turn = *view == hovered || screen.layout.linked;
        if applies_turn {
            orbit.yaw -= turn.x;
            orbit.pitch = (orbit.pitch - turn.y).clamp(-1.5, 1.5);
        }
        if *view == hovered && zoom != 1.0 {
            // The hand wins over an easing camera.
            commands.entity(entity).remove::<Heading>();
            let distance = (orbit.distance * zoom).clamp(1e-4, 1e5);
            // Zoom towards the point under the pointer: the focus moves towards it in
            // proportion, so that point stays where it is on screen.
            let at = cursor / screen.window.scale_factor();
            if let Some(p) = under_pointer(camera, placed, at, orbit.focus) {
                orbit.focus = p + (orbit.focus - p) * (distance / orbit.distance);
            }
            orbit.distance = distance;
        }
        *transform = orbit.transform();
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

/// Points a view's camera at `focus` from `distance` (used when a scenario is loaded).
pub fn frame(orbit: &mut Orbit, transform: &mut Transform, focus: Vec3, distance: f32) {
    orbit.focus = focus;
    orbit.distance = distance;
    *transform = orbit.transform();
}
