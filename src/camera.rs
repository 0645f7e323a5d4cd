//! Two orbit cameras side by side — the world on the left, A ⊖ B on the right — and a third,
//! on top, that only draws the egui panel. Right-drag orbits the view under the pointer, the
//! wheel zooms it; with the cameras linked, both turn together.

use crate::palette;
use crate::playback::LabSet;
use bevy::camera::Viewport;
use bevy::camera::visibility::RenderLayers;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
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

impl Orbit {
    fn transform(&self) -> Transform {
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

/// Asks both cameras to frame the case: the world view both bodies, the Minkowski view the
/// difference and the origin. Sent at start and when a scenario is opened, never while dragging.
#[derive(Message, Debug, Clone, Copy)]
pub struct FrameViews;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewLayout>()
        .insert_resource(ClearColor(palette::BACKGROUND))
        .add_message::<FrameViews>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            Update,
            (follow_compare_mode, orbit, frame_views)
                .chain()
                .in_set(LabSet::Input),
        )
        .add_systems(PostUpdate, fit_viewports);
}

/// The smallest sphere-ish bound of some points: centre of their box and the radius around it.
fn bounds(points: impl Iterator<Item = Vec3>) -> (Vec3, f32) {
    let pts: Vec<Vec3> = points.collect();
    let lo = pts.iter().fold(Vec3::splat(f32::MAX), |a, &p| a.min(p));
    let hi = pts.iter().fold(Vec3::splat(f32::MIN), |a, &p| a.max(p));
    let center = (lo + hi) / 2.0;
    let radius = pts.iter().map(|p| p.distance(center)).fold(0.1, f32::max);
    (center, radius)
}

/// In compare mode the left viewport shows the second run inside A ⊖ B instead of the world.
fn follow_compare_mode(
    compare: Res<crate::compare::CompareSettings>,
    mut cameras: Query<(&View, &mut RenderLayers)>,
    mut framing: MessageWriter<FrameViews>,
) {
    if !compare.is_changed() {
        return;
    }
    for (view, mut layers) in &mut cameras {
        if *view == View::World {
            let layer = if compare.enabled {
                COMPARE_LAYER
            } else {
                WORLD_LAYER
            };
            if !layers.intersects(&RenderLayers::layer(layer)) {
                *layers = RenderLayers::layer(layer);
                framing.write(FrameViews);
            }
        }
    }
}

fn frame_views(
    mut requests: MessageReader<FrameViews>,
    compare: Res<crate::compare::CompareSettings>,
    lab: Res<crate::playback::Lab>,
    shapes: Res<crate::playback::Shapes>,
    layout: Res<ViewLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut cameras: Query<(&View, &mut Orbit, &mut Transform)>,
) {
    if requests.read().count() == 0 {
        return;
    }
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
        let r = view_rect(*view, &window, &layout);
        let aspect = r.width() / r.height().max(1.0);
        // Fit the bounding sphere in the narrower of the two fields of view (vertical: 45°).
        let half_v = std::f32::consts::FRAC_PI_8;
        let half_h = (half_v.tan() * aspect).atan();
        let distance = radius * 1.15 / half_v.min(half_h).sin();
        frame(&mut orbit, &mut transform, center, distance);
    }
}

fn spawn_cameras(
    mut commands: Commands,
    mut egui_settings: ResMut<EguiGlobalSettings>,
    mut framing: MessageWriter<FrameViews>,
) {
    framing.write(FrameViews);
    egui_settings.auto_create_primary_context = false;
    let start = Orbit {
        focus: Vec3::ZERO,
        yaw: 0.6,
        pitch: -0.45,
        distance: 7.0,
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
            // Cheap frames under a software renderer: no MSAA, no tonemapping pass.
            Msaa::Off,
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
        Msaa::Off,
        PrimaryEguiContext,
        RenderLayers::layer(UI_LAYER),
    ));
    // One light for both views, no shadows.
    commands.spawn((
        DirectionalLight {
            illuminance: 9000.0,
            ..default()
        },
        Transform::from_xyz(3.0, 8.0, 5.0).looking_at(Vec3::ZERO, Vec3::Y),
        RenderLayers::from_layers(&[WORLD_LAYER, MINKOWSKI_LAYER, COMPARE_LAYER]),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 600.0,
        ..default()
    });
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
    layout: Res<ViewLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut last: Local<Option<Vec2>>,
    mut cameras: Query<(&View, &mut Orbit, &mut Transform, &Camera, &GlobalTransform)>,
) {
    let cursor = window.physical_cursor_position();
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
        .find(|&v| view_rect(v, &window, &layout).contains(cursor));
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
    for (view, mut orbit, mut transform, camera, placed) in &mut cameras {
        let applies_turn = *view == hovered || layout.linked;
        if applies_turn {
            orbit.yaw -= turn.x;
            orbit.pitch = (orbit.pitch - turn.y).clamp(-1.5, 1.5);
        }
        if *view == hovered && zoom != 1.0 {
            let distance = (orbit.distance * zoom).clamp(0.5, 200.0);
            // Zoom towards the point under the pointer: the focus moves towards it in
            // proportion, so that point stays where it is on screen.
            let at = cursor / window.scale_factor();
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

/// Points a view's camera at `focus` from `distance` (used when a scenario is loaded).
pub fn frame(orbit: &mut Orbit, transform: &mut Transform, focus: Vec3, distance: f32) {
    orbit.focus = focus;
    orbit.distance = distance;
    *transform = orbit.transform();
}
