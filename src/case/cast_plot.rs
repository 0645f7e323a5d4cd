//! What a cast's pictures read, computed once per case in the case's state (headless too): the
//! time the ghosts stand at, and the plot's distance against time with parry's cast beside it.
//! The views draw them; the panel shows them.

use crate::case::playback::{LabSet, Playback, Shapes};
use bevy::prelude::*;
use gjk::Placed;
use gjk_lab_files::lesson::Timeline;

/// The time the "now" ghosts stand at: the cast step's time while stepping the cast, else the
/// time of impact (or the end), until the panel's slider moves it.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct CastView {
    pub time: f64,
}

/// What the panel's cast plot and reference line show, computed once per cast.
#[derive(Resource, Debug, Default)]
pub struct CastPlot {
    /// `(t, distance)` along the motion, sampled.
    pub curve: Vec<[f64; 2]>,
    /// `(t, distance)` at each iteration's start time.
    pub iterates: Vec<[f64; 2]>,
    /// parry's cast of the same case, or why it has none.
    pub reference: Option<Result<gjk::tools::reference::ReferenceCast, String>>,
    /// The case these were measured for: stepping changes the playback, not the case.
    measured: Option<gjk::Scenario>,
}

/// Samples along the motion for the plot.
const CURVE_SAMPLES: usize = 120;

/// What the panel and the views read of a cast: the step and time shown, the plot's numbers.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CastView>()
        .init_resource::<CastPlot>()
        .add_systems(
            Update,
            (follow_the_cast, measure_the_cast)
                .chain()
                .in_set(LabSet::Visualise),
        );
}

/// The ghosts follow the cast: the time the shown cast step reached while stepping it,
/// otherwise the time of impact (or the end).
fn follow_the_cast(playback: Res<Playback>, mut view: ResMut<CastView>) {
    if !playback.is_changed() {
        return;
    }
    let Some(cast) = &playback.cast else {
        return;
    };
    let end = playback
        .case
        .cast
        .map_or(1.0, |c| c.settings(gjk::Precision::F64).max_time);
    let time = match playback.timeline {
        Timeline::Cast => playback.cast_current().map_or(0.0, |s| s.next_time),
        Timeline::Query => cast.answer.toi.unwrap_or(end),
    };
    view.set_if_neq(CastView { time });
}

/// The distance between the bodies at time `t` of their motion (its proven upper bound).
fn distance_at(shapes: &Shapes, case: &gjk::Scenario, spec: &gjk::CastSpec, t: f64) -> f64 {
    let [a, b] = shapes.placed(case);
    let a = Placed {
        pose: spec.motion_a(a.pose).at(t),
        ..a
    };
    let b = Placed {
        pose: spec.motion_b(b.pose).at(t),
        ..b
    };
    let finish = gjk::query::query(a, b, &case.config(), None, &mut gjk::NoTrace);
    finish.certificate.distance_bounds[1]
}

/// A new cast is measured for the plot, and asked of parry (once per case, not per step).
pub(crate) fn measure_the_cast(
    playback: Res<Playback>,
    shapes: Res<Shapes>,
    mut plot: ResMut<CastPlot>,
) {
    if !playback.is_changed() || plot.measured.as_ref() == Some(&playback.case) {
        return;
    }
    let (Some(spec), Some(cast)) = (playback.case.cast, &playback.cast) else {
        *plot = CastPlot::default();
        return;
    };
    let case = &playback.case;
    let end = spec.settings(gjk::Precision::F64).max_time;
    let curve = (0..=CURVE_SAMPLES)
        .map(|i| {
            let t = end * i as f64 / CURVE_SAMPLES as f64;
            [t, distance_at(&shapes, case, &spec, t)]
        })
        .collect();
    let iterates = cast
        .steps
        .iter()
        .map(|s| [s.time, distance_at(&shapes, case, &spec, s.time)])
        .collect();
    *plot = CastPlot {
        curve,
        iterates,
        reference: Some(gjk::tools::reference::reference_cast(case)),
        measured: Some(case.clone()),
    };
}
