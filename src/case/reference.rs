//! parry's answer for the case on screen (parry2d's in the plane, parry3d's in space), recomputed whenever the case changes, so the panel
//! can show it beside ours with the difference. Building parry's hull of a large polytope takes
//! seconds: it is done off the frame, and the panel says "computing…" meanwhile.

use crate::case::playback::{LabSet, Playback, Shapes};
use crate::case::solving::{CaseShown, OFF_FRAME_POINTS, points_to_prepare};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use gjk::manifold::Manifold;
use gjk::tools::reference::manifold::{reference_manifold, reference_manifold_posed};
use gjk::tools::reference::{Reference, SharedShape, parry_pose, parry_shape_of, reference_posed};
use gjk::{BodySpec, PreparedShape};

/// parry's answer, or why it could not give one; and for overlapping shapes parry's contact
/// manifold (`None` where it found none or could not answer).
#[derive(Resource, Debug, Clone)]
pub struct ReferenceAnswer(pub Result<Reference, String>, pub Option<Manifold>);

/// parry's shapes being built off the frame for these prepared shapes, and since when.
#[derive(Resource, Default)]
pub struct ReferenceOffFrame(Option<(Task<ParryShapes>, Shapes, Instant)>);

impl std::fmt::Debug for ReferenceOffFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("ReferenceOffFrame")
            .field(&self.computing())
            .finish()
    }
}

impl ReferenceOffFrame {
    /// For how long parry's answer has been computed, while it is.
    pub fn computing(&self) -> Option<f32> {
        self.0
            .as_ref()
            .map(|(_, _, since)| since.elapsed().as_secs_f32())
    }
}

/// Each body's shape in parry with the shape and margin it was built from. A drag changes only
/// poses, so the shapes (for a polytope, parry's convex hull: tens of ms at 10,000 points) are
/// kept.
#[derive(Resource, Default, Clone)]
pub struct ParryShapes([Option<ParryShape>; 2]);

impl std::fmt::Debug for ParryShapes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let built = self.0.iter().filter(|s| s.is_some()).count();
        write!(f, "ParryShapes({built} built)")
    }
}

/// A body's prepared shape and margin, and parry's shape built from them.
#[derive(Clone)]
struct ParryShape {
    from: (PreparedShape, f64),
    shape: Result<SharedShape, String>,
}

impl ParryShapes {
    fn shape(
        &mut self,
        slot: usize,
        prepared: &PreparedShape,
        body: &BodySpec,
    ) -> Result<SharedShape, String> {
        match &self.0[slot] {
            Some(built) if self.holds(slot, prepared, body) => built.shape.clone(),
            _ => {
                let shape = parry_shape_of(body, ["A", "B"][slot]);
                self.0[slot] = Some(ParryShape {
                    from: (prepared.clone(), body.margin),
                    shape: shape.clone(),
                });
                shape
            }
        }
    }

    /// Whether parry's shape in `slot` was built from this prepared shape and margin.
    fn holds(&self, slot: usize, prepared: &PreparedShape, body: &BodySpec) -> bool {
        self.0[slot]
            .as_ref()
            .is_some_and(|b| b.from.0.same(prepared) && b.from.1 == body.margin)
    }

    /// The points of the polytopes whose parry shapes must be built anew.
    fn new_points(&self, case: &gjk::Scenario, shapes: &Shapes) -> usize {
        if case.dimension.is_plane() {
            return 0;
        }
        [(&case.a, &shapes.0[0]), (&case.b, &shapes.0[1])]
            .iter()
            .enumerate()
            .filter(|(slot, (body, prepared))| !self.holds(*slot, prepared, body))
            .map(|(_, (body, _))| points_to_prepare(&body.shape))
            .sum()
    }

    fn answer(&mut self, case: &gjk::Scenario, shapes: &Shapes) -> ReferenceAnswer {
        let (a, b) = (&case.a, &case.b);
        if case.dimension.is_plane() {
            // parry2d's shapes: a polygon's hull in the plane is quick to build, so they are
            // built each time and not kept.
            let contacts = reference_manifold(case).ok().flatten();
            return ReferenceAnswer(gjk::tools::reference::plane::reference(a, b), contacts);
        }
        let [pa, pb] = &shapes.0;
        let mut contacts = None;
        let answer = self.shape(0, pa, a).and_then(|sa| {
            let sb = self.shape(1, pb, b)?;
            let posed = ((&parry_pose(a), &sa), (&parry_pose(b), &sb));
            let answer = reference_posed(posed.0, posed.1)?;
            // The manifold only where parry finds the shapes overlapping.
            if answer.depth.is_some() {
                contacts = reference_manifold_posed(posed.0, posed.1).ok().flatten();
            }
            Ok(answer)
        });
        ReferenceAnswer(answer, contacts)
    }
}

pub(crate) fn plugin(app: &mut App) {
    // After the case is solved again: a new shape (an opened file, an imported mesh) is
    // prepared there, and parry's shape is built from it.
    app.init_resource::<ParryShapes>()
        .init_resource::<ReferenceOffFrame>()
        .add_systems(
            Update,
            (recompute, finish_off_frame)
                .chain()
                .in_set(LabSet::Solve)
                .after(crate::case::solving::finish_off_frame),
        );
}

/// parry's answer for the case solved on screen (not a case still being prepared), again
/// whenever a solved case is shown (not on every step): at once, or off the frame when a large
/// hull must be built.
fn recompute(
    mut shown: MessageReader<CaseShown>,
    playback: Res<Playback>,
    prepared: Res<Shapes>,
    answer: Option<ResMut<ReferenceAnswer>>,
    mut shapes: ResMut<ParryShapes>,
    mut off_frame: ResMut<ReferenceOffFrame>,
    mut commands: Commands,
) {
    let changed = shown.read().count() > 0;
    if answer.is_some() && !changed {
        return;
    }
    let case = &playback.case;
    // Shapes already being built: their answer comes when they are (for the poses then).
    let building = |held: &Shapes| held.0.iter().zip(&prepared.0).all(|(h, p)| h.same(p));
    if off_frame
        .0
        .as_ref()
        .is_some_and(|(_, held, _)| building(held))
    {
        return;
    }
    if shapes.new_points(case, &prepared) > OFF_FRAME_POINTS {
        let (mut built, case, held) = (shapes.clone(), case.clone(), Shapes(prepared.0.clone()));
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let [a, b] = &held.0;
            // A shape parry cannot build says why when its answer is asked for.
            let _ = built.shape(0, a, &case.a);
            let _ = built.shape(1, b, &case.b);
            built
        });
        off_frame.0 = Some((task, Shapes(prepared.0.clone()), Instant::now()));
        return;
    }
    // Nothing large to build: parry answers at once (a newer case replaces one being built).
    off_frame.0 = None;
    let fresh = shapes.answer(case, &prepared);
    match answer {
        None => commands.insert_resource(fresh),
        Some(mut answer) => *answer = fresh,
    }
}

/// Once parry's shapes built off the frame are ready, its answer for the case on screen.
fn finish_off_frame(
    mut off_frame: ResMut<ReferenceOffFrame>,
    mut shapes: ResMut<ParryShapes>,
    playback: Res<Playback>,
    prepared: Res<Shapes>,
    mut commands: Commands,
) {
    let Some((task, ..)) = &mut off_frame.0 else {
        return;
    };
    if let Some(built) = block_on(poll_once(task)) {
        off_frame.0 = None;
        *shapes = built;
        commands.insert_resource(shapes.answer(&playback.case, &prepared));
    }
}
