//! The root plugin and the ways the window is opened: interactive, `render` ([`shot`]),
//! `bench-frames` ([`frames`]), in the page (`page`).
//!
//! May use every other module but the CLI: this is where the plugins meet.

pub mod frames;
#[cfg(target_arch = "wasm32")]
pub mod page;
pub mod shot;

use crate::case::playback::insert_scenario;
use crate::case::{cast_plot, compare, pieces, playback, reference, scenario_io, solving, sweep};
use crate::panel;
use crate::platform::arrivals;
use crate::teach::{authoring, classroom, filming};
use crate::views::pieces as pieces_view;
use crate::views::{
    camera, cast, controls, cores, glyphs, labels, manifold, minkowski_view, scene, shading,
    step_view,
};
use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::EguiPlugin;
use gjk::Scenario;

/// How the window is used.
#[derive(Debug)]
pub enum Mode {
    Interactive,
    Render(crate::teach::filming::Film),
    Bench(u32),
}

/// Everything drawn and interactive, one plugin per concern.
#[derive(Debug)]
pub struct LabPlugin;

impl Plugin for LabPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((EguiPlugin::default(), MeshPickingPlugin));
        playback::plugin(app);
        solving::plugin(app);
        pieces::plugin(app);
        shading::plugin(app);
        camera::plugin(app);
        scene::plugin(app);
        minkowski_view::plugin(app);
        cores::plugin(app);
        step_view::plugin(app);
        cast_plot::plugin(app);
        cast::plugin(app);
        manifold::plugin(app);
        pieces_view::plugin(app);
        controls::plugin(app);
        scenario_io::plugin(app);
        arrivals::plugin(app);
        reference::plugin(app);
        compare::plugin(app);
        classroom::plugin(app);
        classroom::view_plugin(app);
        authoring::plugin(app);
        filming::plugin(app);
        sweep::plugin(app);
        panel::plugin(app);
        labels::plugin(app);
        glyphs::plugin(app);
    }
}

/// The state and stepping logic alone (no window, no rendering), for headless tests.
pub fn headless_app(scenario: Scenario) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    playback::plugin(&mut app);
    solving::plugin(&mut app);
    pieces::plugin(&mut app);
    sweep::plugin(&mut app);
    compare::plugin(&mut app);
    classroom::plugin(&mut app);
    authoring::plugin(&mut app);
    cast_plot::plugin(&mut app);
    reference::plugin(&mut app);
    frames::state_plugin(&mut app);
    scenario_io::plugin(&mut app);
    insert_scenario(&mut app, scenario);
    app
}

/// The state app with the views' cameras on a window of `width` × `height` logical pixels, no
/// renderer: for tests of where the cameras stand (framing, the plane, the tour's exit) and of
/// what arrives from outside the panel.
pub fn headless_app_with_cameras(scenario: Scenario, width: u32, height: u32) -> App {
    let mut app = headless_app(scenario);
    app.add_plugins(bevy::input::InputPlugin)
        .init_resource::<bevy_egui::EguiGlobalSettings>()
        .init_resource::<bevy_egui::input::EguiWantsInput>();
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(width, height),
            ..default()
        },
        bevy::window::PrimaryWindow,
    ));
    camera::plugin(&mut app);
    classroom::view_plugin(&mut app);
    // What arrives from outside the panel: drops (none come here) and the file dialogs' answers.
    app.add_message::<bevy::window::FileDragAndDrop>();
    arrivals::plugin(&mut app);
    app
}

/// How the window opens, beyond the case: plain options, whoever parsed them.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Run this sweep at once, in the sweep window.
    pub sweep: Option<gjk::SweepAxis>,
    /// A second axis: the sweep becomes a grid.
    pub sweep2: Option<gjk::SweepAxis>,
    /// Compare mode: `Some(None)` against the other precision, `Some(Some(spec))` against
    /// that solver section.
    pub compare: Option<Option<gjk::SolverSpec>>,
    /// Presenter mode at this slide (1-based) of the lesson, or of the tour.
    pub present: Option<u32>,
    /// The lesson presenter mode presents, instead of the tour.
    pub lesson: Option<gjk_lab_files::lesson::Lesson>,
    /// Show this step of the run (a link's step).
    pub step: Option<usize>,
    /// Why the case asked for could not be opened (a link that did not decode): shown in the
    /// panel over the default scene.
    pub notice: Option<String>,
    /// The file the case was opened from (`--scenario`): the file box shows it, so *Save*
    /// writes over it.
    pub file: Option<String>,
    /// A case of many pieces, whose chosen piece is the case opened.
    pub pieces: Option<crate::case::pieces::PiecesState>,
}

/// What a link opens (`#case=…&step=N`, or `#lesson=…`): the case and how the window opens.
/// A link that does not decode opens the default scene, its reason in the panel.
pub fn from_link(link: &str) -> (Scenario, Options) {
    let mut options = Options::default();
    let fail = |why: String, options: &mut Options| {
        options.notice = Some(format!("the link does not open: {why}"));
        gjk_lab_files::bundled::default_scenario()
    };
    let scenario = match gjk_lab_files::lesson::Lesson::from_link(link) {
        Some(Ok(lesson)) => {
            options.lesson = Some(lesson);
            options.present = Some(1);
            gjk_lab_files::bundled::default_scenario()
        }
        Some(Err(why)) => fail(why, &mut options),
        None => match gjk_lab_files::link::decode(link) {
            Ok(linked) => {
                options.step = linked.step;
                linked.scenario
            }
            Err(why) => fail(why, &mut options),
        },
    };
    (scenario, options)
}

/// Opens what the options ask for: a sweep already running, compare mode, presenter mode.
fn apply_launch(app: &mut App, launch: &Options) {
    if let Some(step) = launch.step {
        let mut playback = app.world_mut().resource_mut::<playback::Playback>();
        playback.step = step.min(playback.trace.steps.len());
    }
    // The file box names the case on screen: the file it came from, or a bundled case's own
    // name (saved in the lab's folder, never over the program's copy).
    let bundled = || {
        let scenario = &app.world().resource::<playback::Lab>().scenario;
        gjk_lab_files::bundled::bundled(scenario).map(|c| c.file_name().to_string())
    };
    if let Some(file) = launch.file.clone().or_else(bundled) {
        app.world_mut()
            .resource_mut::<scenario_io::ScenarioFiles>()
            .path_field = file;
    }
    if let Some(state) = &launch.pieces {
        app.insert_resource(crate::case::pieces::Pieces(Some(state.clone())));
    }
    if let Some(why) = &launch.notice {
        warn!("{why}");
        app.world_mut().resource_mut::<playback::Lab>().notice = Some(why.clone());
    }
    // Said once, for whoever reads the log (the page's tests read the browser's console).
    let playback = app.world().resource::<playback::Playback>();
    info!(
        "opened \"{}\" at step {} of {}",
        playback.case.name,
        playback.step,
        playback.trace.steps.len()
    );
    // A captured case: the engine's answer against this run, in the log too.
    if let Some(check) = &playback.engine {
        info!("{}", check.sentence);
    }
    if let Some(slide) = launch.present {
        let world = app.world_mut();
        // A lesson opened is a lesson to edit too.
        if let Some(lesson) = &launch.lesson {
            world.resource_mut::<authoring::Draft>().adopt(lesson);
        }
        world.write_message(match &launch.lesson {
            Some(lesson) => classroom::TourCommand::Open(lesson.clone()),
            None => classroom::TourCommand::Toggle,
        });
        world.write_message(classroom::TourCommand::Goto(
            slide.saturating_sub(1) as usize
        ));
    }
    if let Some(spec) = launch.compare {
        let lab = app.world().resource::<playback::Lab>().clone();
        let mut settings = app.world_mut().resource_mut::<compare::CompareSettings>();
        settings.enable_against_other_precision(&lab);
        if let Some(spec) = spec {
            settings.right = spec;
        }
    }
    if let Some(first) = launch.sweep {
        let mut settings = app.world_mut().resource_mut::<sweep::SweepSettings>();
        settings.open = true;
        settings.first = first;
        settings.grid = launch.sweep2.is_some();
        if let Some(second) = launch.sweep2 {
            settings.second = second;
        }
        app.world_mut().write_message(sweep::SweepRequest::Start);
    }
}

/// Opens the window. Returns the process exit code.
pub fn run(scenario: Scenario, mode: Mode, size: (u32, u32), launch: Options) -> i32 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use crate::platform::display::{Server, check, opened};
        let server = Server::here();
        let opened =
            check(&server).and_then(|()| opened(server, || open(scenario, mode, size, launch)));
        opened.unwrap_or_else(|why| {
            eprintln!("gjk-lab: cannot open a window: {why}");
            1
        })
    }
    #[cfg(target_arch = "wasm32")]
    open(scenario, mode, size, launch)
}

/// [`run`] once the display has answered.
fn open(scenario: Scenario, mode: Mode, size: (u32, u32), launch: Options) -> i32 {
    let mut app = App::new();
    let plugins = DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "GJK Lab".to_string(),
            resolution: WindowResolution::new(size.0, size.1).with_scale_factor_override(1.0),
            present_mode: match mode {
                Mode::Interactive => PresentMode::AutoVsync,
                _ => PresentMode::AutoNoVsync,
            },
            // In a page: the canvas of `web/index.html`, as large as the page.
            canvas: cfg!(target_arch = "wasm32").then(|| "#gjk-lab".to_string()),
            fit_canvas_to_parent: true,
            ..default()
        }),
        ..default()
    });
    // Pipelined rendering draws each frame while the next one is computed: a few more frames
    // a second, but the picture is a frame behind the hand. A dragged shape belongs under the
    // pointer, so each frame draws what it has just computed.
    #[cfg(not(target_arch = "wasm32"))]
    let plugins = plugins
        .build()
        .disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>();
    app.add_plugins(plugins).add_plugins(LabPlugin);
    insert_scenario(&mut app, scenario);
    apply_launch(&mut app, &launch);
    match mode {
        // The reader's own preferences; a screenshot or a benchmark is the same for everyone.
        Mode::Interactive => {
            frames::plugin(&mut app);
            crate::platform::preferences::plugin(&mut app);
        }
        Mode::Render(request) => {
            app.insert_resource(request);
            shot::render_plugin(&mut app);
        }
        Mode::Bench(frames) => {
            app.insert_resource(shot::FrameBench::new(frames));
            shot::bench_plugin(&mut app);
        }
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get() as i32,
    }
}
