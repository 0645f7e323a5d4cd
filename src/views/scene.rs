//! The world view: shapes A and B as translucent meshes on a ground grid, dragged with the
//! mouse (left-drag moves a shape in the camera's view plane, Shift + left-drag rotates it; in
//! the plane a shape is its filled polygon on a grid of the plane, and turns about its normal),
//! and, for the current step, the witness points of the simplex on both shapes and the segment
//! between the current closest points.

use crate::case::playback::{FrameStep, Lab, LabSet, Playback, Shapes, Which};
use crate::views::camera::{Orbit, View, WORLD_LAYER};
use crate::views::hull::{hull_mesh, local_shape_points};
use crate::views::outline::{Outline, outline};
use crate::views::palette;
use crate::views::shading::Matte;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use gjk::BodySpec;
use glam::{DQuat, DVec3};

/// What a shape's mesh was last built from (the shape, its margin, and whether it lies in the
/// plane), so it is rebuilt only when that changes.
#[derive(Component, Debug, Clone, Default)]
struct BuiltFrom(Option<(gjk::PreparedShape, f64, bool)>);

/// A body with no volume to mesh (a capsule of radius 0 is a segment; a polytope may be a
/// point, a segment or flat), drawn as its outline in its colour instead.
#[derive(Component, Debug, Clone, Default)]
struct Thin(Option<Outline>);

/// Gizmos of the world view.
#[derive(Debug, Default, Reflect, GizmoConfigGroup)]
pub struct WorldGizmos;

/// Support directions sampled to mesh a curved shape.
const SHAPE_SAMPLES: usize = 1500;

pub(crate) fn plugin(app: &mut App) {
    app.init_gizmo_group::<WorldGizmos>()
        .add_systems(Startup, (configure_gizmos, spawn_shapes))
        .add_systems(
            Update,
            (sync_shapes, draw_world).chain().in_set(LabSet::Visualise),
        );
}

fn configure_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<WorldGizmos>();
    config.render_layers = RenderLayers::layer(WORLD_LAYER);
    config.line.width = 2.5;
}

fn spawn_shapes(mut commands: Commands, mut materials: ResMut<Assets<Matte>>) {
    for which in [Which::A, Which::B] {
        commands
            .spawn((
                which,
                BuiltFrom::default(),
                Thin::default(),
                Mesh3d::default(),
                MeshMaterial3d(materials.add(Matte::lit(which.color().with_alpha(0.6)))),
                Transform::default(),
                RenderLayers::layer(WORLD_LAYER),
            ))
            .observe(drag_shape)
            .observe(frame_after_drag);
    }
}

/// Where a body is, as a Bevy transform.
pub fn to_transform(body: &BodySpec) -> Transform {
    Transform::from_translation(body.position.as_vec3()).with_rotation(body.rotation.as_quat())
}

/// Keeps each shape entity's mesh and transform in step with the scenario.
fn sync_shapes(
    lab: Res<Lab>,
    prepared: Res<Shapes>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut shapes: Query<(
        &Which,
        &mut BuiltFrom,
        &mut Thin,
        &mut Mesh3d,
        &mut Transform,
    )>,
) {
    if !lab.is_changed() && !prepared.is_changed() {
        return;
    }
    let plane = lab.scenario.dimension.is_plane();
    for (which, mut built, mut thin, mut mesh, mut transform) in &mut shapes {
        let body = which.body(&lab);
        let shape = which.prepared(&prepared);
        let current = built.0.as_ref().is_some_and(|(from, margin, flat)| {
            from.same(shape) && *margin == body.margin && *flat == plane
        });
        if !current && plane {
            // In the plane: the shape's polygon, filled, with its boundary drawn crisp.
            let ring = crate::views::plane::shape_ring(shape, body.margin, SHAPE_SAMPLES);
            mesh.0 = crate::views::plane::polygon_mesh(&ring)
                .map_or_else(Handle::default, |m| meshes.add(m));
            thin.0 = Some(match ring.as_slice() {
                [p] => Outline::Point(*p),
                _ => Outline::Edges(crate::views::plane::ring_edges(&ring).collect()),
            });
            built.0 = Some((shape.clone(), body.margin, plane));
        } else if !current {
            // What is drawn is the shape as solved: never the last mesh that could be built.
            let points = local_shape_points(shape, body.margin, SHAPE_SAMPLES);
            match hull_mesh(&points) {
                Some(m) => {
                    mesh.0 = meshes.add(m);
                    thin.0 = None;
                }
                None => {
                    mesh.0 = Handle::default();
                    thin.0 = Some(outline(&points));
                }
            }
            built.0 = Some((shape.clone(), body.margin, plane));
        }
        let t = to_transform(body);
        if *transform != t {
            *transform = t;
        }
    }
}

/// Left-drag moves the shape in the camera's view plane; Shift + left-drag turns it about the
/// camera's up and right axes.
fn drag_shape(
    drag: On<PointerDrag>,
    keys: Res<ButtonInput<KeyCode>>,
    shapes: Query<&Which>,
    cameras: Query<(&View, &Orbit, &Transform, &Camera)>,
    mut lab: ResMut<Lab>,
) {
    if drag.button != PointerButton::Primary {
        return;
    }
    let Ok(which) = shapes.get(drag.entity) else {
        return;
    };
    let Some((_, orbit, cam, camera)) = cameras.iter().find(|(v, ..)| **v == View::World) else {
        return;
    };
    let delta = drag.delta;
    let plane = lab.scenario.dimension.is_plane();
    let body = which.body_mut(&mut lab);
    let turning = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if plane {
        // In the plane a body moves in it and turns about its normal (drag right: clockwise).
        if turning {
            // Held as the angle a file writes and reads back, so that a saved case is the
            // case on screen to the bit.
            let angle = gjk::shape::plane::angle_of(body.rotation);
            let turn = -f64::from(delta.x + delta.y) * 0.01;
            body.rotation = gjk::shape::plane::rotation_of(angle + turn);
        } else {
            let mut by = in_view_plane(delta, body.position, (orbit, cam, camera));
            by.z = 0.0;
            body.position += by;
        }
    } else if turning {
        let turn = Quat::from_axis_angle(*cam.up(), delta.x * 0.01)
            * Quat::from_axis_angle(*cam.right(), delta.y * 0.01);
        body.rotation = (turn.as_dquat() * body.rotation).normalize();
    } else {
        body.position += in_view_plane(delta, body.position, (orbit, cam, camera));
    }
}

/// When a drag ends, A − B is framed for the step as it now is: while the hand moves, the
/// camera stays put (it would fight the hand), and the step may since have grown regions,
/// points or an EPA polytope beyond the view.
fn frame_after_drag(drag: On<PointerDragEnd>, mut framing: MessageWriter<FrameStep>) {
    if drag.button == PointerButton::Primary {
        framing.write(FrameStep);
    }
}

/// A pointer drag of `delta` pixels as a world move in the world camera's view plane, at the
/// depth of `at` (45° vertical field of view).
pub fn in_view_plane(
    delta: Vec2,
    at: DVec3,
    (orbit, cam, camera): (&Orbit, &Transform, &Camera),
) -> DVec3 {
    let height = camera
        .logical_viewport_size()
        .map_or(800.0, |s| s.y.max(1.0));
    let depth = (at.as_vec3() - cam.translation)
        .dot(*cam.forward())
        .max(0.1)
        .max(orbit.distance * 0.1);
    let per_pixel = 2.0 * depth * (std::f32::consts::FRAC_PI_8).tan() / height;
    ((*cam.right() * delta.x - *cam.up() * delta.y) * per_pixel).as_dvec3()
}

fn ground_height(lab: &Lab) -> f32 {
    // The ground sits a little below the lowest of the two bodies' centres.
    (lab.scenario.a.position.y.min(lab.scenario.b.position.y) - 1.5) as f32
}

/// Ground grid, axes, witness points of the simplex on both shapes, the closest-point segment.
fn draw_world(
    lab: Res<Lab>,
    playback: Res<Playback>,
    thin: Query<(&Which, &Thin, &Transform)>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<WorldGizmos>,
) {
    // Markers keep their size on screen at any zoom (a contact on a capsule 0.05 thick seen
    // from afar is still a dot one can point at).
    let marks = crate::views::camera::marks_on(&cameras, WORLD_LAYER);
    for (which, Thin(outline), at) in &thin {
        let place = |p: Vec3| at.transform_point(p);
        match outline {
            Some(Outline::Point(p)) => {
                gizmos.sphere(
                    Isometry3d::from_translation(place(*p)),
                    0.04 * marks,
                    which.color(),
                );
            }
            Some(Outline::Edges(edges)) => {
                for [p, q] in edges {
                    gizmos.line(place(*p), place(*q), which.color());
                }
            }
            None => {}
        }
    }
    if lab.scenario.dimension.is_plane() {
        // The plane itself, squared, under the shapes, and its two axes.
        gizmos.grid(
            Isometry3d::from_translation(Vec3::new(0.0, 0.0, -1e-3)),
            UVec2::splat(16),
            Vec2::splat(0.5),
            palette::GRID,
        );
        crate::views::minkowski_view::draw_axes(Vec3::ZERO, 1.0, true, &mut gizmos);
    } else {
        let ground = ground_height(&lab);
        gizmos.grid(
            Isometry3d::new(
                Vec3::new(0.0, ground, 0.0),
                Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            ),
            UVec2::splat(16),
            Vec2::splat(0.5),
            palette::GRID,
        );
        let at = Vec3::new(0.0, ground, 0.0);
        crate::views::minkowski_view::draw_axes(at, 1.0, false, &mut gizmos);
    }
    let Some(step) = playback.world_step() else {
        return;
    };
    for (slot, vertex) in step.candidate.iter().enumerate() {
        let c = palette::SLOTS[step.name_number(slot) % 4];
        for p in [vertex.a, vertex.b] {
            gizmos.sphere(Isometry3d::from_translation(p.as_vec3()), 0.05 * marks, c);
        }
        gizmos.line(vertex.a.as_vec3(), vertex.b.as_vec3(), c.with_alpha(0.25));
    }
    if let Some((pa, pb)) = closest_points(step)
        && (pa - pb).length() > 1e-6
    {
        let (sa, sb) = match step.cores {
            // On cores: the shapes' closest points lie out along the cores' closest line, by
            // each radius; the radii are drawn in the bodies' core colours.
            Some([ra, rb]) => {
                let n = (pb - pa).normalize();
                let (sa, sb) = (pa + n * ra, pb - n * rb);
                let core = |w: Which| palette::core(w.color());
                gizmos.line(pa.as_vec3(), sa.as_vec3(), core(Which::A));
                gizmos.line(pb.as_vec3(), sb.as_vec3(), core(Which::B));
                (sa, sb)
            }
            None => (pa, pb),
        };
        // Apart (the closest points face each other): the segment between them.
        if (sb - sa).dot(pb - pa) > 0.0 {
            gizmos.line(sa.as_vec3(), sb.as_vec3(), palette::CLOSEST);
        }
        for p in [sa, sb] {
            gizmos.sphere(
                Isometry3d::from_translation(p.as_vec3()),
                0.06 * marks,
                palette::CLOSEST,
            );
        }
    }
}

/// The current closest points on A and B: the step's weights applied to the kept witnesses.
pub fn closest_points(step: &gjk::Step) -> Option<(DVec3, DVec3)> {
    if step.weights.is_empty() || step.weights.len() != step.kept.len() {
        return None;
    }
    let mut pa = DVec3::ZERO;
    let mut pb = DVec3::ZERO;
    for (w, v) in step.weights.iter().zip(step.simplex_after()) {
        pa += v.a * *w;
        pb += v.b * *w;
    }
    Some((pa, pb))
}

/// Euler angles (degrees, YXZ) of a rotation, for the panel.
pub fn euler_degrees(q: DQuat) -> DVec3 {
    let (y, x, z) = q.to_euler(glam::EulerRot::YXZ);
    DVec3::new(x, y, z) * (180.0 / std::f64::consts::PI)
}

pub fn from_euler_degrees(e: DVec3) -> DQuat {
    let r = e * (std::f64::consts::PI / 180.0);
    DQuat::from_euler(glam::EulerRot::YXZ, r.y, r.x, r.z)
}
