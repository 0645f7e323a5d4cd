//! Framing: where the cameras look. Both views frame the case when it opens; the Minkowski
//! view then eases to frame each step (the simplex, w, v and the origin) at any size of A ⊖ B.
//! On the cast's timeline both views ease to each cast step: the world view to the smaller
//! body where the step leaves it and the gap it measured, the Minkowski view to the piece of
//! the ray that step covers, so a ball against a 50-unit box is not a dot.

use super::{Orbit, Screen, View};
use crate::case::compare::{CompareRun, CompareSettings};
use crate::case::playback::{FrameStep, FrameViews, Playback};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use gjk_lab_files::lesson::Timeline;

/// Where a view's camera is heading when it eases to a new framing.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Heading {
    pub focus: Vec3,
    pub distance: f32,
}

/// The shape (width / height) of the view a camera's framing was fitted to. When the view
/// changes shape — the panel folds or comes back, presenter mode's caption comes or goes, the
/// window is resized — the camera backs off or closes in so that what it framed stays in view
/// (`keep_framing`). A hand that zooms takes it away: what it chose is kept as it is.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct FramedFor(pub f32);

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
/// point w, the closest point v and the origin; in the `plane`, where each Voronoi region's
/// name goes too, so every region the step draws is named on screen.
pub fn step_points(step: &gjk::Step, plane: bool) -> Vec<Vec3> {
    let mut points: Vec<Vec3> = step.candidate.iter().map(|v| v.point.as_vec3()).collect();
    points.push(step.support.point.as_vec3());
    points.extend(step.closest.map(|v| v.as_vec3()));
    if let Some(epa) = step.epa() {
        points.extend(epa.vertices.iter().map(|v| v.point.as_vec3()));
    }
    points.push(Vec3::ZERO);
    if plane {
        points.extend(crate::views::plane::regions(step).iter().map(|r| r.anchor));
    }
    points
}

/// What the two views frame at a cast step, `[world, A ⊖ B]`.
///
/// World: the smaller body (by its bounding radius) where the step starts and where it leaves
/// it, and a ball of the distance the step measured around its centre, so the gap and the
/// larger body's near side come into view at any scale. A ⊖ B (drawn at t = 0, the bodies
/// meeting where the ray `t·r` enters it): the ray's points at the step's two times, that
/// ball around each, and what the step found there (the ray cast's nearest point).
pub fn cast_step_points(
    step: &gjk::CastStep,
    case: &gjk::Scenario,
    placed: [gjk::Placed<'_>; 2],
) -> Option<[Vec<Vec3>; 2]> {
    let spec = case.cast?;
    let motions = [spec.motion_a(placed[0].pose), spec.motion_b(placed[1].pose)];
    let size = |p: &gjk::Placed<'_>| p.shape.bounding_radius() + p.margin;
    let small = usize::from(size(&placed[1]) < size(&placed[0]));
    let body = placed[small];
    let (measured, mut found) = match &step.record {
        // The ray's point and the nearest point of its simplex (the simplex itself can span a
        // whole face of A ⊖ B).
        gjk::cast::CastRecord::RayCast { point, closest, .. } => (
            closest.length(),
            vec![point.as_vec3(), (*point - *closest).as_vec3()],
        ),
        gjk::cast::CastRecord::Advancement {
            distance_bounds, ..
        } => (distance_bounds[1], Vec::new()),
        gjk::cast::CastRecord::Sweep {
            distance_bounds, ..
        } => (distance_bounds[1], Vec::new()),
    };
    // Never less than twice the body's size (the body, and room round it for what it meets),
    // never an unbounded ball.
    let room = 2.0 * size(&body);
    let reach = if measured.is_finite() {
        measured.max(room)
    } else {
        room
    } as f32;
    let around = |c: Vec3| {
        [Vec3::X, Vec3::Y, Vec3::Z]
            .into_iter()
            .flat_map(move |e| [c + e * reach, c - e * reach])
    };
    let local = crate::views::hull::local_shape_points(body.shape, body.margin, 64);
    let mut world = Vec::new();
    for t in [step.time, step.next_time] {
        let pose = motions[small].at(t);
        let to_world = |p: &Vec3| pose.rotation.as_quat() * *p + pose.position.as_vec3();
        world.extend(local.iter().map(to_world));
        world.extend(around(pose.position.as_vec3()));
    }
    let r = (spec.velocity_b - spec.velocity_a).as_vec3();
    for t in [step.time, step.next_time] {
        found.extend(around(r * t as f32));
    }
    Some([world, found])
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
    radius * 1.15 / narrower_half_angle(aspect).sin()
}

/// Half the narrower of a view's two fields of view, for a view of `aspect`.
fn narrower_half_angle(aspect: f32) -> f32 {
    let half_v = FIELD_OF_VIEW / 2.0;
    let half_h = (half_v.tan() * aspect).atan();
    half_v.min(half_h)
}

/// Keeps each framed camera's framing when its view changes shape: the distance that fits a
/// sphere is in inverse proportion to the sine of the narrower half field of view, so the
/// camera (and where it is heading) moves back or in by that ratio. Without this, a step framed
/// in presenter mode's wide views was cropped once the panel came back.
pub(super) fn keep_framing(
    screen: Screen,
    mut cameras: Query<(&View, &mut Orbit, Option<&mut Heading>, &mut FramedFor)>,
) {
    for (view, mut orbit, heading, mut framed) in &mut cameras {
        let rect = screen.rect(*view);
        if rect.width() < 2.0 || rect.height() < 2.0 {
            continue;
        }
        let aspect = screen.aspect(*view);
        if (aspect / framed.0 - 1.0).abs() < 1e-3 {
            continue;
        }
        let ratio = narrower_half_angle(framed.0).sin() / narrower_half_angle(aspect).sin();
        orbit.distance *= ratio;
        if let Some(mut heading) = heading {
            heading.distance *= ratio;
        }
        framed.0 = aspect;
    }
}

/// Frames both views on the case ([`FrameViews`]), with the case's own shapes: a request made
/// as a case opens waits until that case's shapes are prepared (a large hull is prepared off
/// the frame), else the world view would be framed on the last case's bodies.
pub(super) fn frame_views(
    mut requests: MessageReader<FrameViews>,
    mut pending: Local<bool>,
    mut then_step: MessageWriter<FrameStep>,
    (compare, lab, shapes): (
        Res<CompareSettings>,
        Res<crate::case::playback::Lab>,
        Res<crate::case::playback::Shapes>,
    ),
    screen: Screen,
    mut commands: Commands,
    mut cameras: Query<(Entity, &View, &mut Orbit)>,
) {
    *pending |= requests.read().count() > 0;
    if !*pending {
        return;
    }
    let [held_a, held_b] = &shapes.0;
    let prepared =
        *held_a.shape() == lab.scenario.a.shape && *held_b.shape() == lab.scenario.b.shape;
    // A case that does not solve keeps the last one's shapes: framed with those.
    if !(prepared || lab.error.is_some()) {
        return;
    }
    *pending = false;
    // Once the case is solved, the Minkowski view closes in on the step shown.
    then_step.write(FrameStep);
    let [a, b] = shapes.placed(&lab.scenario);
    let world = world_framing(&lab.scenario, [a, b]);
    // The Minkowski view leans towards the origin: that is where the action is.
    let cloud = crate::views::hull::minkowski_points(a, b, 200);
    let (center, _) = bounds(cloud.iter().copied().chain([Vec3::ZERO]));
    let focus = center * 0.7;
    let radius = cloud
        .iter()
        .chain([&Vec3::ZERO])
        .map(|p| p.distance(focus))
        .fold(0.1, f32::max);
    let difference = (focus, radius);
    for (entity, view, mut orbit) in &mut cameras {
        let (center, radius) = match view {
            View::World if !compare.enabled => world,
            _ => difference,
        };
        let aspect = screen.aspect(*view);
        orbit.focus = center;
        orbit.distance = fit_distance(radius, aspect);
        commands
            .entity(entity)
            .remove::<Heading>()
            .insert(FramedFor(aspect));
    }
}

/// What the world view frames for `scenario` with its bodies placed as `[a, b]`: both bodies
/// where they stand and, for a cast, where their motion takes them by its end; for a captured
/// contact, the smaller body and the engine's points, so a box resting on a 20 m floor fills
/// the view rather than a few of its pixels. The centre and radius of a ball holding them.
pub fn world_framing(scenario: &gjk::Scenario, [a, b]: [gjk::Placed<'_>; 2]) -> (Vec3, f32) {
    let cast = scenario.cast;
    let end = cast.map_or(0.0, |c| c.settings(gjk::Precision::F64).max_time);
    let poses = [
        (a, cast.map(|c| c.motion_a(a.pose).at(end))),
        (b, cast.map(|c| c.motion_b(b.pose).at(end))),
    ];
    let outline = |(body, moved): (gjk::Placed<'_>, Option<gjk::Pose>)| {
        let points = crate::views::hull::local_shape_points(body.shape, body.margin, 200);
        [Some(body.pose), moved]
            .into_iter()
            .flatten()
            .flat_map(move |pose| {
                points
                    .clone()
                    .into_iter()
                    .map(move |p| (pose.rotation.as_quat() * p) + pose.position.as_vec3())
            })
    };
    match engine_contact(scenario) {
        Some(contact) => {
            let size = |(body, _): &(gjk::Placed<'_>, _)| body.shape.centred_radius() + body.margin;
            let smaller = if size(&poses[0]) <= size(&poses[1]) {
                poses[0]
            } else {
                poses[1]
            };
            bounds(outline(smaller).chain(contact))
        }
        None => bounds(poses.into_iter().flat_map(outline)),
    }
}

/// A captured case's contact: both ends of each point of the engine's manifold (`None` for
/// any other case, and for a capture of a cast).
fn engine_contact(scenario: &gjk::Scenario) -> Option<Vec<Vec3>> {
    let contact = scenario.engine.as_ref()?.contact.as_ref()?;
    let ends = contact
        .points
        .iter()
        .flat_map(|p| [p.point_a.as_vec3(), p.point_b.as_vec3()]);
    Some(ends.collect()).filter(|ends: &Vec<Vec3>| !ends.is_empty())
}

/// Frames the step whenever the cursor moves to another step or timeline — not while a drag
/// reruns the solver at the same step, where a moving camera would fight the hand.
pub(super) fn follow_steps(
    playback: Res<Playback>,
    mut last: Local<Option<(usize, usize, Timeline)>>,
    mut frame: MessageWriter<FrameStep>,
) {
    let now = (playback.step, playback.cast_step, playback.timeline);
    if *last != Some(now) {
        *last = Some(now);
        frame.write(FrameStep);
    }
}

/// Sets the views that show A ⊖ B heading for the current step's framing; on the cast's
/// timeline, both views head for the cast step's ([`cast_step_points`]). Before the first step
/// the case's framing stays.
pub(super) fn frame_step(
    mut requests: MessageReader<FrameStep>,
    playback: Res<Playback>,
    shapes: Res<crate::case::playback::Shapes>,
    (compare, compare_run): (Res<CompareSettings>, Res<CompareRun>),
    screen: Screen,
    mut commands: Commands,
    cameras: Query<(Entity, &View)>,
) {
    if requests.read().count() == 0 {
        return;
    }
    if playback.timeline == Timeline::Cast {
        let framed = playback
            .cast_current()
            .and_then(|step| cast_step_points(step, &playback.case, shapes.placed(&playback.case)));
        for (entity, view) in &cameras {
            let Some([world, difference]) = &framed else {
                commands.entity(entity).remove::<Heading>();
                continue;
            };
            let points = match view {
                View::World if !compare.enabled => world,
                _ => difference,
            };
            let aspect = screen.aspect(*view);
            let (focus, distance) = fit(points.iter().copied(), aspect);
            commands
                .entity(entity)
                .insert((Heading { focus, distance }, FramedFor(aspect)));
        }
        return;
    }
    let Some(step) = playback.current() else {
        for (entity, _) in &cameras {
            commands.entity(entity).remove::<Heading>();
        }
        return;
    };
    let plane = playback.case.dimension.is_plane();
    let mut points = step_points(step, plane);
    // Never closer than a third of A ⊖ B's size round the origin: a step whose points all lie
    // at the origin (two boxes touching) is framed with the surface round it, not from inside.
    let size: f64 = shapes
        .placed(&playback.case)
        .iter()
        .map(|p| p.shape.bounding_radius() + p.margin)
        .sum();
    let room = 0.3 * size as f32;
    points.extend(
        [Vec3::X, Vec3::Y, Vec3::Z]
            .into_iter()
            .flat_map(|e| [e * room, -e * room]),
    );
    if compare.enabled
        && let Some(other) = compare_run.step(playback.step)
    {
        points.extend(step_points(other, plane));
    }
    for (entity, view) in &cameras {
        if *view == View::World && !compare.enabled {
            continue;
        }
        let aspect = screen.aspect(*view);
        let (focus, distance) = fit(points.iter().copied(), aspect);
        commands
            .entity(entity)
            .insert((Heading { focus, distance }, FramedFor(aspect)));
    }
}

/// Moves each heading camera part of the way to its framing every frame (the same fraction per
/// second at any frame rate; the distance in proportion, so a zoom by 100 takes as long as one
/// by 2), asking for frames until it arrives.
pub(super) fn ease(
    time: Res<Time>,
    snap: Option<Res<super::SnapCameras>>,
    mut commands: Commands,
    mut cameras: Query<(Entity, &Heading, &mut Orbit)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let k = if snap.is_some() {
        1.0
    } else {
        1.0 - (-time.delta_secs() * 8.0).exp()
    };
    for (entity, heading, mut orbit) in &mut cameras {
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
    }
}
