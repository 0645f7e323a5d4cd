//! Solving the case again when it changes: at once for ordinary shapes, off the frame for a
//! large polytope, whose hull graph (2,000,000 points: seconds) would otherwise freeze the
//! window. While it is prepared the last case stays on screen and the panel says "computing…".

use crate::case::playback::{Lab, LabSet, Playback, Shapes, WarmStart};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use gjk::{CastTrace, PreparedShape, Scenario, Shape, Trace};
use gjk_lab_files::lesson::Timeline;

/// Solving the case again when it changes (a big one off the frame), before the playback
/// commands of the frame move through the trace it gives.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OffFrame>()
        .add_message::<CaseShown>()
        .add_systems(
            Update,
            (rerun_on_change, finish_off_frame)
                .chain()
                .in_set(LabSet::Solve)
                .before(crate::case::playback::apply_commands),
        );
}

/// A polytope with more points than this is prepared off the frame.
pub const OFF_FRAME_POINTS: usize = 20_000;

/// A case being prepared and solved off the frame: the task, the shapes it prepares, since when
/// and what it does, in words.
#[derive(Resource, Default)]
pub struct OffFrame(Option<(Task<Solved>, [Shape; 2], Instant, String)>);

impl std::fmt::Debug for OffFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("OffFrame").field(&self.computing()).finish()
    }
}

impl OffFrame {
    /// What is being computed and for how long, while it is.
    pub fn computing(&self) -> Option<(&str, f32)> {
        self.0
            .as_ref()
            .map(|(_, _, since, what)| (what.as_str(), since.elapsed().as_secs_f32()))
    }
}

/// A case solved: its shapes prepared, its run and its cast.
#[derive(Debug)]
pub struct Solved {
    valid: Scenario,
    shapes: [PreparedShape; 2],
    trace: Trace,
    cast: Option<CastTrace>,
}

impl Solved {
    /// Puts the solved case on screen; the step index is kept (clamped), so a user watching
    /// step 3 while dragging keeps watching step 3.
    fn show(self, shapes: &mut Shapes, playback: &mut Playback) {
        // Only a changed shape marks `Shapes` changed (and rebuilds what depends on it).
        if self
            .shapes
            .iter()
            .zip(&shapes.0)
            .any(|(n, held)| !n.same(held))
        {
            shapes.0 = self.shapes;
        }
        playback.trace = self.trace;
        playback.cast = self.cast;
        // Stepping the cast keeps its place; otherwise the cast shows its answer.
        playback.cast_step = match playback.timeline {
            Timeline::Cast => playback.cast_step.min(playback.cast_end()),
            Timeline::Query => playback.cast_end(),
        };
        playback.case = self.valid;
        playback.engine = playback
            .case
            .engine_check_prepared(&shapes.0, &playback.trace.finish);
        // The manifold follows the answer; the stage drawn stays (a drag keeps showing it).
        let stage = playback.manifold.as_ref().map_or(0, |m| m.stage);
        playback.manifold = shapes.manifold(&playback.case, &playback.trace.finish, stage);
        playback.step = playback.step.min(playback.end());
    }
}

/// Says that a solved case is on screen (a new run, or new shapes): what is computed from the
/// case rather than from the step shown (parry's answer) is computed again then, not on every
/// step.
#[derive(Message, Debug, Clone, Copy)]
pub struct CaseShown;

/// How many points preparing `shape` walks: a polytope's count, nothing for the others.
pub fn points_to_prepare(shape: &Shape) -> usize {
    match shape {
        Shape::Polytope { vertices } => vertices.len(),
        _ => 0,
    }
}

/// The points of each shape that must be prepared anew (a held shape is reused as it is).
fn new_points(shapes: &Shapes, valid: &Scenario) -> usize {
    [(&shapes.0[0], &valid.a), (&shapes.0[1], &valid.b)]
        .iter()
        .filter(|(held, spec)| *held.shape() != spec.shape)
        .map(|(_, spec)| points_to_prepare(&spec.shape))
        .sum()
}

/// A changed case is validated and solved: at once, or off the frame when a large polytope
/// must be prepared (a newer edit replaces a case still being prepared).
pub(crate) fn rerun_on_change(
    mut lab: ResMut<Lab>,
    mut shapes: ResMut<Shapes>,
    mut playback: ResMut<Playback>,
    mut warm: ResMut<WarmStart>,
    mut off_frame: ResMut<OffFrame>,
    mut shown: MessageWriter<CaseShown>,
) {
    // The case inserted with its trace needs no rerun, unless something (a launch option's
    // lesson) changed it before the first frame.
    if !lab.is_changed() || (lab.is_added() && lab.scenario == playback.case) {
        return;
    }
    let valid = match lab.scenario.clone().validated() {
        Ok(valid) => valid,
        Err(e) => {
            lab.bypass_change_detection().error = Some(e.to_string());
            return;
        }
    };
    lab.bypass_change_detection().error = None;
    // The same shapes already being prepared (a drag meanwhile): the case is solved again,
    // at once, when they are ready.
    let preparing = |s: &[Shape; 2]| s[0] == valid.a.shape && s[1] == valid.b.shape;
    if off_frame.0.as_ref().is_some_and(|(_, s, ..)| preparing(s)) {
        return;
    }
    let points = new_points(&shapes, &valid);
    if points > OFF_FRAME_POINTS {
        let held = Shapes(shapes.0.clone());
        let preparing = [valid.a.shape.clone(), valid.b.shape.clone()];
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let next = Shapes(held.matching(&valid));
            Solved {
                trace: next.trace(&valid, None),
                cast: next.cast(&valid),
                shapes: next.0,
                valid,
            }
        });
        let what = format!("preparing a hull of {points} points and solving");
        off_frame.0 = Some((task, preparing, Instant::now(), what));
        return;
    }
    // An edit made while a large case was prepared supersedes it.
    off_frame.0 = None;
    let next = Shapes(shapes.matching(&valid));
    let trace = warm.solve(&next, &valid);
    let cast = next.cast(&valid);
    Solved {
        valid,
        shapes: next.0,
        trace,
        cast,
    }
    .show(&mut shapes, &mut playback);
    shown.write(CaseShown);
}

/// Shows a case solved off the frame once it is ready; if the case was edited meanwhile (a
/// drag), it is solved again now, at once, on the shapes just prepared.
pub(crate) fn finish_off_frame(
    mut off_frame: ResMut<OffFrame>,
    mut lab: ResMut<Lab>,
    mut shapes: ResMut<Shapes>,
    mut playback: ResMut<Playback>,
    mut shown: MessageWriter<CaseShown>,
) {
    let Some((task, ..)) = &mut off_frame.0 else {
        return;
    };
    if let Some(solved) = block_on(poll_once(task)) {
        off_frame.0 = None;
        let edited = lab.scenario != solved.valid;
        solved.show(&mut shapes, &mut playback);
        shown.write(CaseShown);
        if edited {
            lab.set_changed();
        }
    }
}
