//! Moving shapes in the views: for a case with a `cast` section, each body's motion as an arrow
//! (where it goes by `max_time`), ghosts of both bodies at the time the panel's slider shows and
//! at `max_time`, and in the Minkowski view the ray `t·r` that the bodies' relative motion
//! casts against `A ⊖ B`, with the ray cast's current point and the time of impact on it; the
//! contact found there. The times and the plot are the case's ([`crate::case::cast_plot`]).

use crate::case::cast_plot::CastView;
use crate::case::playback::Which;
use crate::case::playback::{Lab, LabSet, Playback, PlaybackCommand, Shapes};
use crate::views::camera::{MINKOWSKI_LAYER, Orbit, View, WORLD_LAYER};
use crate::views::minkowski_view::MinkowskiGizmos;
use crate::views::palette;
use crate::views::scene::{WorldGizmos, in_view_plane};
use crate::views::shading::Matte;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use gjk::cast::CastRecord;
use gjk_lab_files::lesson::Timeline;

/// When a ghost stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Moment {
    /// The time the panel shows.
    Now,
    /// The end of the motion.
    End,
}

/// The cast drawn: ghosts, paths with draggable tips, and the ray (needs the renderer).
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, (spawn_ghosts, spawn_tips))
        .add_systems(
            Update,
            (
                place_ghosts,
                place_tips,
                draw_motion,
                draw_contact,
                draw_ray,
            )
                .chain()
                .after(crate::case::cast_plot::measure_the_cast)
                .in_set(LabSet::Visualise),
        );
}

fn spawn_ghosts(mut commands: Commands, mut materials: ResMut<Assets<Matte>>) {
    for which in [Which::A, Which::B] {
        for (moment, alpha) in [(Moment::Now, 0.35), (Moment::End, 0.12)] {
            commands.spawn((
                Ghost(which),
                moment,
                Mesh3d::default(),
                MeshMaterial3d(materials.add(Matte::flat(which.color().with_alpha(alpha)))),
                Transform::default(),
                Visibility::Hidden,
                RenderLayers::layer(WORLD_LAYER),
                // A ghost over its body (one that stands still) must not take the body's drags.
                Pickable::IGNORE,
            ));
        }
    }
}

/// A ghost of a body at another time of its motion.
#[derive(Component, Debug, Clone, Copy)]
struct Ghost(Which);

/// Ghosts share their body's mesh and stand where the motion takes it.
fn place_ghosts(
    lab: Res<Lab>,
    view: Res<CastView>,
    bodies: Query<(&Which, &Mesh3d), Without<Ghost>>,
    mut ghosts: Query<(
        &Ghost,
        &Moment,
        &mut Mesh3d,
        &mut Transform,
        &mut Visibility,
    )>,
) {
    let cast = lab.scenario.cast;
    for (ghost, moment, mut mesh, mut transform, mut visibility) in &mut ghosts {
        let Some(cast) = cast else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        let t = match moment {
            Moment::Now => view.time,
            Moment::End => cast.settings(gjk::Precision::F64).max_time,
        };
        let body = ghost.0.body(&lab);
        let motion = match ghost.0 {
            Which::A => cast.motion_a(body.pose()),
            Which::B => cast.motion_b(body.pose()),
        };
        let pose = motion.at(t);
        let placed = Transform::from_translation(pose.position.as_vec3())
            .with_rotation(pose.rotation.as_quat());
        transform.set_if_neq(placed);
        if let Some((_, body_mesh)) = bodies.iter().find(|(w, _)| **w == ghost.0)
            && mesh.0 != body_mesh.0
        {
            mesh.0 = body_mesh.0.clone();
        }
        visibility.set_if_neq(Visibility::Inherited);
    }
}

/// The draggable tip of a body's path arrow: where the body is at `max_time`.
#[derive(Component, Debug, Clone, Copy)]
struct Tip(Which);

fn spawn_tips(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Matte>>,
) {
    let ball = meshes.add(Sphere::new(1.0));
    for which in [Which::A, Which::B] {
        commands
            .spawn((
                Tip(which),
                Mesh3d(ball.clone()),
                MeshMaterial3d(materials.add(Matte::flat(which.color()))),
                Transform::default(),
                Visibility::Hidden,
                RenderLayers::layer(WORLD_LAYER),
            ))
            .observe(drag_tip);
    }
}

/// Each moving body's tip at the end of its path, a fifth of the body's size (large enough to
/// grab at any scale); a body standing still has none (type its velocity in the panel).
fn place_tips(
    lab: Res<Lab>,
    shapes: Res<Shapes>,
    mut tips: Query<(&Tip, &mut Transform, &mut Visibility)>,
) {
    for (tip, mut transform, mut visibility) in &mut tips {
        let Some((_, to)) = path(&lab, tip.0) else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        let size = tip.0.prepared(&shapes).bounding_radius() + tip.0.body(&lab).margin;
        let placed = Transform::from_translation(to.as_vec3())
            .with_scale(Vec3::splat((0.2 * size).max(1e-3) as f32));
        transform.set_if_neq(placed);
        visibility.set_if_neq(Visibility::Inherited);
    }
}

/// Where a moving body starts and where it is at `max_time` (`None` when it stands still).
fn path(lab: &Lab, which: Which) -> Option<(glam::DVec3, glam::DVec3)> {
    let cast = lab.scenario.cast?;
    let velocity = match which {
        Which::A => cast.velocity_a,
        Which::B => cast.velocity_b,
    };
    let from = which.body(lab).position;
    let end = cast.settings(gjk::Precision::F64).max_time;
    (velocity != glam::DVec3::ZERO && end > 0.0).then(|| (from, from + velocity * end))
}

/// Dragging a tip changes the body's velocity (the tip is where it arrives at `max_time`), and
/// makes the stepping keys step the cast.
fn drag_tip(
    drag: On<PointerDrag>,
    tips: Query<&Tip>,
    cameras: Query<(&View, &Orbit, &Transform, &Camera)>,
    mut lab: ResMut<Lab>,
    mut commands: MessageWriter<PlaybackCommand>,
) {
    let (Ok(tip), Some((_, orbit, cam, camera))) = (
        tips.get(drag.entity),
        cameras.iter().find(|(v, ..)| **v == View::World),
    ) else {
        return;
    };
    let Some((_, to)) = path(&lab, tip.0) else {
        return;
    };
    let moved = in_view_plane(drag.delta, to, (orbit, cam, camera));
    let Some(cast) = lab.scenario.cast.as_mut() else {
        return;
    };
    let end = cast.settings(gjk::Precision::F64).max_time;
    let velocity = match tip.0 {
        Which::A => &mut cast.velocity_a,
        Which::B => &mut cast.velocity_b,
    };
    *velocity += moved / end;
    commands.write(PlaybackCommand::Timeline(Timeline::Cast));
}

/// Each moving body's path: an arrow from where it starts to where it is at `max_time`.
fn draw_motion(lab: Res<Lab>, mut gizmos: Gizmos<WorldGizmos>) {
    for which in [Which::A, Which::B] {
        if let Some((from, to)) = path(&lab, which) {
            gizmos
                .arrow(from.as_vec3(), to.as_vec3(), which.color())
                .with_tip_length(0.25);
        }
    }
}

/// The contact the cast found, where the bodies stand at the time of impact: the point on
/// each body and the normal from A to B, from the contact. Full colour while the ghosts stand
/// at that time, faded while the slider shows them elsewhere.
fn draw_contact(
    playback: Res<Playback>,
    view: Res<CastView>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<WorldGizmos>,
) {
    let Some(answer) = playback.cast.as_ref().map(|c| &c.answer) else {
        return;
    };
    let (Some(toi), Some(a), Some(b)) = (answer.toi, answer.point_a, answer.point_b) else {
        return;
    };
    let marks = crate::views::camera::marks_on(&cameras, WORLD_LAYER);
    let color = if view.time == toi {
        palette::CONTACT
    } else {
        palette::CONTACT.with_alpha(0.35)
    };
    let (a, b) = (a.as_vec3(), b.as_vec3());
    for p in [a, b] {
        gizmos.sphere(Isometry3d::from_translation(p), 0.07 * marks, color);
    }
    gizmos.line(a, b, color);
    if let Some(n) = answer.normal {
        let from = (a + b) * 0.5;
        gizmos
            .arrow(from, from + n.as_vec3() * 0.8 * marks, color)
            .with_tip_length(0.2 * marks);
    }
}

/// The relative motion's ray against `A − B` (drawn at t = 0): the bodies touch when `t·r`
/// enters it, `r = v_B − v_A`.
fn draw_ray(
    lab: Res<Lab>,
    playback: Res<Playback>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<MinkowskiGizmos>,
) {
    let (Some(spec), Some(cast)) = (lab.scenario.cast, &playback.cast) else {
        return;
    };
    let marks = crate::views::camera::marks_on(&cameras, MINKOWSKI_LAYER);
    if spec.turns() {
        return;
    }
    let r = spec.velocity_b - spec.velocity_a;
    let end = spec.settings(gjk::Precision::F64).max_time;
    gizmos.line(
        Vec3::ZERO,
        (r * end).as_vec3(),
        palette::DIRECTION.with_alpha(0.6),
    );
    if let Some(toi) = cast.answer.toi {
        gizmos.sphere(
            Isometry3d::from_translation((r * toi).as_vec3()),
            0.09 * marks,
            palette::CLOSEST,
        );
    }
    let Some(step) = playback.cast_current() else {
        return;
    };
    // Every method's step is a piece of the same ray: the bodies touch at t when t·r is in
    // A − B (both drawn at t = 0).
    let at = |t: f64| (r * t).as_vec3();
    match &step.record {
        CastRecord::RayCast { point, simplex, .. } => {
            let x = at(step.next_time);
            gizmos.sphere(
                Isometry3d::from_translation(x),
                0.07 * marks,
                palette::SUPPORT,
            );
            gizmos.line(point.as_vec3(), x, palette::SUPPORT);
            for (i, p) in simplex.iter().enumerate() {
                for q in &simplex[i + 1..] {
                    gizmos.line(p.point.as_vec3(), q.point.as_vec3(), palette::SIMPLEX_EDGE);
                }
                gizmos.line(x, p.point.as_vec3(), palette::SIMPLEX_EDGE.with_alpha(0.3));
            }
        }
        // Advancement: the clearance around t·r that let the time move on.
        CastRecord::Advancement {
            distance_bounds, ..
        } => {
            let x = at(step.time);
            gizmos.sphere(
                Isometry3d::from_translation(x),
                distance_bounds[0] as f32,
                palette::CLOSEST,
            );
            gizmos.line(x, at(step.next_time), palette::SUPPORT);
        }
        // The swept hull over [from, to] meets B exactly when this piece of the ray meets
        // A − B: green when it stays clear, pink when it may reach.
        CastRecord::Sweep {
            from, to, reaches, ..
        } => {
            let color = if *reaches {
                palette::SUPPORT
            } else {
                palette::CLOSEST
            };
            let (p, q) = (at(*from), at(*to));
            gizmos.line(p, q, color);
            for end in [p, q] {
                gizmos.sphere(Isometry3d::from_translation(end), 0.05 * marks, color);
            }
        }
    }
}
