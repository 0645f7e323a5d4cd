//! Compare mode: the case on screen run under a second configuration (f32 against f64, distance
//! against boolean, two tolerances, two first directions). Both runs share the timeline; the
//! left view becomes the second run's Minkowski view, and the panel names the first step where
//! the two part ways.

use crate::case::playback::{Lab, LabSet, Playback, Shapes};
use bevy::prelude::*;
use gjk::tools::compare::{Divergence, first_divergence};
use gjk::{Precision, SolverSpec, Trace};

/// Whether compare mode is on, and the second configuration.
#[derive(Resource, Debug, Clone, Default)]
pub struct CompareSettings {
    pub enabled: bool,
    /// The solver section of the second run (the first is the scenario's own).
    pub right: SolverSpec,
}

impl CompareSettings {
    /// Turns compare mode on against the same configuration in the other precision: the
    /// comparison people ask for first.
    pub fn enable_against_other_precision(&mut self, lab: &Lab) {
        let mut right = lab.scenario.solver;
        right.precision = match right.precision {
            Precision::F64 => Precision::F32,
            Precision::F32 => Precision::F64,
        };
        // Tolerances follow the precision's defaults unless the file set them.
        self.right = right;
        self.enabled = true;
    }
}

/// The second run and where it first differs from the first.
#[derive(Resource, Debug, Clone, Default)]
pub struct CompareRun {
    pub trace: Option<Trace>,
    pub divergence: Option<Divergence>,
}

impl CompareRun {
    /// The second run's record at the shared step (its last one past its end).
    pub fn step(&self, step: usize) -> Option<&gjk::Step> {
        let steps = &self.trace.as_ref()?.steps;
        step.min(steps.len()).checked_sub(1).map(|i| &steps[i])
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CompareSettings>()
        .init_resource::<CompareRun>()
        .add_systems(
            Update,
            rerun
                .in_set(LabSet::Solve)
                .after(crate::case::solving::finish_off_frame)
                .before(crate::case::playback::apply_commands),
        );
}

fn rerun(
    lab: Res<Lab>,
    shapes: Res<Shapes>,
    settings: Res<CompareSettings>,
    mut run: ResMut<CompareRun>,
    mut playback: ResMut<Playback>,
) {
    if !lab.is_changed() && !settings.is_changed() && !playback.is_added() {
        return;
    }
    if !settings.enabled || lab.error.is_some() {
        if run.trace.is_some() {
            *run = CompareRun::default();
            playback.also_end = 0;
        }
        return;
    }
    let mut scenario = lab.scenario.clone();
    scenario.solver = settings.right;
    let trace = shapes.trace(&scenario, None);
    run.divergence = first_divergence(&playback.trace, &trace);
    playback.also_end = trace.steps.len();
    run.trace = Some(trace);
}

/// A configuration in a few words, e.g. "distance · f32 · rel 1e-5 · abs 1e-5 · radii split".
pub fn summary(spec: &SolverSpec) -> String {
    let c = spec.config();
    let algorithm = c.algorithm.name();
    let precision = match c.precision {
        Precision::F32 => "f32",
        Precision::F64 => "f64",
    };
    let mut s = format!(
        "{algorithm} · {precision} · rel {:.0e} · abs {:.0e}",
        c.rel_tolerance, c.abs_tolerance
    );
    if c.algorithm.measures_distance() {
        s += &format!(" · radii {}", c.radii.name());
        if c.acceleration != gjk::Acceleration::None {
            s += &format!(" · {}", c.acceleration.name());
        }
    }
    if c.max_iterations != 64 {
        s += &format!(" · cap {}", c.max_iterations);
    }
    if let Some(d) = c.initial_direction {
        s += &format!(" · d0 ({}, {}, {})", d.x, d.y, d.z);
    }
    s
}
