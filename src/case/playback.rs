//! The case under study, its solver trace and the step cursor. Every view reads these
//! resources; input, the panel and file loading change them only through [`Lab`] and
//! [`PlaybackCommand`] messages. No rendering here, so the stepping logic is tested headless.

use bevy::prelude::*;
use gjk::manifold::{Manifold, ManifoldStep};
use gjk::{BodySpec, CastTrace, Placed, PreparedShape, Scenario, SimplexCache, Trace};
use gjk_lab_files::lesson::Timeline;

/// The system sets every frame runs in order.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum LabSet {
    /// Keyboard, mouse, panel and file requests.
    Input,
    /// Rerun the solver if the case changed; move the cursor.
    Solve,
    /// Draw.
    Visualise,
}

/// The egui systems (panel and overlays), so they can be ordered and timed together.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PanelSystems;

/// The case being studied. Changing it (a drag, a slider, a loaded file) reruns the solver.
#[derive(Resource, Debug, Clone)]
pub struct Lab {
    pub scenario: Scenario,
    /// Why the last edit could not be solved (the previous trace stays on screen).
    pub error: Option<String>,
    /// Why the case asked for is not the one on screen (a link that did not open), until
    /// another case opens.
    pub notice: Option<String>,
}

/// The recorded run and where the user is in it.
#[derive(Resource, Debug, Clone)]
pub struct Playback {
    /// The last valid case: the one `trace` was recorded from.
    pub case: Scenario,
    pub trace: Trace,
    /// The case's cast, recorded from the same case (`None` without a `cast` section).
    pub cast: Option<CastTrace>,
    /// 0 = before the first iteration; k = after iteration k (showing `trace.steps[k - 1]`).
    pub step: usize,
    pub playing: bool,
    /// Steps per second while playing.
    pub speed: f32,
    /// The length of a second run on the same timeline (compare mode), 0 without one.
    pub also_end: usize,
    /// Which recorded run the stepping keys move through.
    pub timeline: Timeline,
    /// 0 = before the cast's first iteration; k = after iteration k.
    pub cast_step: usize,
    /// A captured case: the engine's answer read against this run's (computed with the run).
    pub engine: Option<gjk::scenario::engine::EngineCheck>,
    /// An overlapping answer's contact manifold, built with the run (`None` otherwise).
    pub manifold: Option<ManifoldRun>,
}

/// The contact manifold of the answer on screen, its stages, and the stage shown.
#[derive(Debug, Clone)]
pub struct ManifoldRun {
    pub manifold: Manifold,
    pub steps: Vec<ManifoldStep>,
    /// 0: the manifold is not drawn; k: stage k is (the last: the manifold itself).
    pub stage: usize,
}

impl ManifoldRun {
    /// The stage drawn, if any.
    pub fn current(&self) -> Option<&ManifoldStep> {
        self.stage.checked_sub(1).and_then(|i| self.steps.get(i))
    }

    /// A captured case's engine manifold, to show beside ours at `step` when it is the last
    /// stage (the manifold itself).
    pub fn engine_beside<'c>(
        &self,
        step: &ManifoldStep,
        case: &'c gjk::Scenario,
    ) -> Option<&'c gjk::scenario::engine::EngineContact> {
        let last = step.index as usize == self.steps.len();
        case.engine
            .as_ref()
            .and_then(|e| e.contact.as_ref())
            .filter(|_| last)
    }
}

/// Time since the last played step. Kept out of [`Playback`] so that ticking it does not mark
/// the playback as changed (which rebuilds the step's meshes) on frames where no step moves.
#[derive(Resource, Debug, Default)]
struct PlayClock(f32);

impl Playback {
    pub fn new(case: Scenario, trace: Trace, cast: Option<CastTrace>) -> Self {
        let engine = case.engine_check(&trace.finish);
        Playback {
            engine,
            case,
            trace,
            step: 0,
            playing: false,
            speed: 1.5,
            also_end: 0,
            timeline: Timeline::Query,
            cast_step: cast.as_ref().map_or(0, |c| c.steps.len()),
            cast,
            manifold: None,
        }
    }

    /// The number of steps the cast recorded (0 without a cast).
    pub fn cast_end(&self) -> usize {
        self.cast.as_ref().map_or(0, |c| c.steps.len())
    }

    /// The cast step shown now, if any iteration has run.
    pub fn cast_current(&self) -> Option<&gjk::CastStep> {
        let steps = &self.cast.as_ref()?.steps;
        self.cast_step
            .min(steps.len())
            .checked_sub(1)
            .map(|i| &steps[i])
    }

    /// The stepping keys' cursor and the end of its timeline.
    fn cursor(&mut self) -> (&mut usize, usize) {
        match self.timeline {
            Timeline::Cast if self.cast.is_some() => {
                let end = self.cast_end();
                (&mut self.cast_step, end)
            }
            _ => {
                let end = self.end();
                (&mut self.step, end)
            }
        }
    }

    /// The last step index of the timeline (the longer run in compare mode).
    pub fn end(&self) -> usize {
        self.trace.steps.len().max(self.also_end)
    }

    /// The record shown now, if any iteration has run (the last one once this run has ended).
    pub fn current(&self) -> Option<&gjk::Step> {
        let steps = &self.trace.steps;
        self.step.min(steps.len()).checked_sub(1).map(|i| &steps[i])
    }

    /// The contact manifold's stage drawn over the world view, when one is.
    pub fn manifold_drawn(&self) -> Option<(&ManifoldRun, &ManifoldStep)> {
        let run = self.manifold.as_ref()?;
        Some((run, run.current()?))
    }

    /// The step the world view marks its witnesses for: none while the manifold is drawn
    /// there (its own marks take the view).
    pub fn world_step(&self) -> Option<&gjk::Step> {
        match self.manifold_drawn() {
            Some(_) => None,
            None => self.current(),
        }
    }

    /// Whether this run's last step is showing.
    pub fn is_final(&self) -> bool {
        self.step >= self.trace.steps.len()
    }
}

/// Requests to move the cursor.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum PlaybackCommand {
    Forward,
    Back,
    Reset,
    End,
    Seek(usize),
    TogglePlay,
    /// Which run the other commands move through.
    Timeline(Timeline),
    /// Steps per second while playing (clamped to 0.05–60).
    Speed(f32),
    /// The manifold's stage to draw (0: none).
    ManifoldStage(usize),
}

/// The case's two shapes prepared for the solver (a large polytope's hull graph built), kept
/// while only poses change. Everything that must know whether a shape changed (meshes, parry's
/// shapes, the warm start) compares these by [`PreparedShape::same`]. They follow the last
/// *valid* case, like the trace.
#[derive(Resource, Debug, Clone)]
pub struct Shapes(pub [PreparedShape; 2]);

impl Shapes {
    pub fn new(scenario: &Scenario) -> Self {
        Shapes(scenario.prepare())
    }

    /// The case's shapes prepared: each held one whose shape is the case's, the others
    /// prepared anew.
    pub fn matching(&self, scenario: &Scenario) -> [PreparedShape; 2] {
        let [a, b] = &self.0;
        [(a, &scenario.a), (b, &scenario.b)].map(|(held, spec)| {
            if *held.shape() == spec.shape {
                held.clone()
            } else {
                PreparedShape::new(spec.shape.clone())
            }
        })
    }

    /// The shapes where the case puts them.
    pub fn placed(&self, scenario: &Scenario) -> [Placed<'_>; 2] {
        scenario.placed(&self.0)
    }

    /// Runs the solver on the case (its shapes being these) and records every step.
    pub fn trace(&self, scenario: &Scenario, warm: Option<&SimplexCache>) -> Trace {
        let [a, b] = self.placed(scenario);
        let config = scenario.config();
        Trace::record(|recorder| gjk::query::query(a, b, &config, warm, recorder))
    }

    /// The contact manifold of `finish` (the scenario's answer) with these shapes, its stages
    /// recorded, drawn from `stage` (clamped).
    pub fn manifold(
        &self,
        scenario: &Scenario,
        finish: &gjk::Finish,
        stage: usize,
    ) -> Option<ManifoldRun> {
        let (manifold, steps) = scenario.manifold_prepared(&self.0, finish)?;
        let stage = stage.min(steps.len());
        Some(ManifoldRun {
            manifold,
            steps,
            stage,
        })
    }

    /// The scenario's cast with these shapes, every step recorded.
    pub fn cast(&self, scenario: &Scenario) -> Option<CastTrace> {
        scenario.trace_cast_prepared(&self.0)
    }
}

/// Warm starting (off for teaching): each rerun while dragging starts from the previous run's
/// simplex, so it shows how few iterations temporal coherence needs.
#[derive(Resource, Debug, Clone, Default)]
pub struct WarmStart {
    pub enabled: bool,
    /// The last run's simplex and the shapes and margins it belongs to: a cache is only valid
    /// for the same shapes (its points are points of those shapes), whatever their poses.
    cache: Option<(SimplexCache, Shapes, [f64; 2])>,
}

impl WarmStart {
    pub(crate) fn solve(&mut self, shapes: &Shapes, scenario: &Scenario) -> Trace {
        let margins = [scenario.a.margin, scenario.b.margin];
        let cache = match &self.cache {
            Some((cache, then, m))
                if self.enabled
                    && *m == margins
                    && then.0.iter().zip(&shapes.0).all(|(t, n)| t.same(n)) =>
            {
                Some(cache)
            }
            _ => None,
        };
        let trace = shapes.trace(scenario, cache);
        self.cache = trace.cache.clone().map(|c| (c, shapes.clone(), margins));
        trace
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (LabSet::Input, LabSet::Solve, LabSet::Visualise).chain(),
    )
    .add_message::<PlaybackCommand>()
    .add_message::<FrameViews>()
    .add_message::<FrameStep>()
    .init_resource::<PlayClock>()
    .init_resource::<WarmStart>()
    .add_systems(Update, (apply_commands, play).chain().in_set(LabSet::Solve));
}

impl Lab {
    pub fn new(scenario: Scenario) -> Self {
        Lab {
            scenario,
            error: None,
            notice: None,
        }
    }
}

/// Inserts the case, its prepared shapes and its first trace (of the case validated, as every
/// later run is).
pub fn insert_scenario(app: &mut App, scenario: Scenario) {
    let scenario = scenario.clone().validated().unwrap_or(scenario);
    let shapes = Shapes::new(&scenario);
    let trace = shapes.trace(&scenario, None);
    let cast = shapes.cast(&scenario);
    let manifold = shapes.manifold(&scenario, &trace.finish, 0);
    let mut playback = Playback::new(scenario.clone(), trace, cast);
    playback.manifold = manifold;
    app.insert_resource(Lab::new(scenario))
        .insert_resource(shapes)
        .insert_resource(playback);
}

pub(crate) fn apply_commands(
    mut commands: MessageReader<PlaybackCommand>,
    mut playback: ResMut<Playback>,
) {
    for command in commands.read() {
        if let PlaybackCommand::Speed(s) = *command {
            playback.speed = s.clamp(0.05, 60.0);
            continue;
        }
        if let PlaybackCommand::ManifoldStage(k) = *command {
            if let Some(m) = &mut playback.manifold {
                m.stage = k.min(m.steps.len());
            }
            continue;
        }
        // Switched to the cast, its stepper opens at step 0, as the query's does; switched
        // back, the cast shows its answer again.
        if let PlaybackCommand::Timeline(t) = *command {
            if playback.timeline != t {
                playback.timeline = t;
                playback.cast_step = match t {
                    Timeline::Cast => 0,
                    Timeline::Query => playback.cast_end(),
                };
            }
            continue;
        }
        let playing = playback.playing;
        let (step, end) = playback.cursor();
        let mut stop = false;
        match *command {
            PlaybackCommand::Forward => *step = (*step + 1).min(end),
            PlaybackCommand::Back => *step = step.saturating_sub(1),
            PlaybackCommand::Reset => {
                *step = 0;
                stop = true;
            }
            PlaybackCommand::End => *step = end,
            PlaybackCommand::Seek(n) => *step = n.min(end),
            PlaybackCommand::TogglePlay => {
                // Play from the start when already at the end.
                if !playing && *step == end {
                    *step = 0;
                }
            }
            PlaybackCommand::Speed(_)
            | PlaybackCommand::Timeline(_)
            | PlaybackCommand::ManifoldStage(_) => {}
        }
        if stop {
            playback.playing = false;
        } else if *command == PlaybackCommand::TogglePlay {
            playback.playing = !playing;
        }
    }
}

fn play(time: Res<Time>, mut clock: ResMut<PlayClock>, mut playback: ResMut<Playback>) {
    if !playback.playing {
        return;
    }
    clock.0 += time.delta_secs();
    let period = 1.0 / playback.speed.max(0.05);
    let mut ticks = 0;
    while clock.0 >= period {
        clock.0 -= period;
        ticks += 1;
    }
    if ticks == 0 {
        return;
    }
    let (step, end) = playback.cursor();
    *step = (*step + ticks).min(end);
    if *step == end {
        playback.playing = false;
        clock.0 = 0.0;
    }
}

/// Asks the views to frame the case: the world view both bodies, the Minkowski view the
/// difference and the origin, then the step. The cameras answer it once the case is solved.
/// Sent at start, when a scenario is opened, and on demand (key F, the panel's *Frame*); never
/// while dragging.
#[derive(Message, Debug, Clone, Copy)]
pub struct FrameViews;

/// Asks the Minkowski view to frame the current step: the simplex, the new support point, the
/// closest point and the origin (sent on every step, when a drag ends, and after
/// [`FrameViews`]).
#[derive(Message, Debug, Clone, Copy)]
pub struct FrameStep;

/// Which body: A or B (an entity drawing one carries it as a component).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    A,
    B,
}

impl Which {
    pub fn body<'s>(&self, lab: &'s Lab) -> &'s BodySpec {
        match self {
            Which::A => &lab.scenario.a,
            Which::B => &lab.scenario.b,
        }
    }

    /// This body's prepared shape.
    pub fn prepared<'s>(&self, shapes: &'s Shapes) -> &'s gjk::PreparedShape {
        &shapes.0[*self as usize]
    }

    /// Replaces this body by `body` if the scenario so edited passes the validation a file
    /// does; otherwise nothing changes, and the error names the field and the reason.
    pub fn edit(&self, lab: &mut Lab, body: BodySpec) -> Result<(), gjk::ScenarioError> {
        let mut trial = lab.scenario.clone();
        *self.of_mut(&mut trial) = body.clone();
        trial.validated()?;
        *self.body_mut(lab) = body;
        Ok(())
    }

    pub fn body_mut<'s>(&self, lab: &'s mut Lab) -> &'s mut BodySpec {
        self.of_mut(&mut lab.scenario)
    }

    fn of_mut<'s>(&self, scenario: &'s mut Scenario) -> &'s mut BodySpec {
        match self {
            Which::A => &mut scenario.a,
            Which::B => &mut scenario.b,
        }
    }
}
