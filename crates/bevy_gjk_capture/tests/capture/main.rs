//! Headless games with each engine, stepped, then captured: the file validates, and the lab's
//! query of it agrees with the engine's answer within the engine's f32 rounding, or proves it
//! wrong by its bounds.

#[cfg(any(feature = "avian3d", feature = "avian2d"))]
mod avian;
#[cfg(any(feature = "avian3d", feature = "avian2d", feature = "bevy_rapier3d"))]
mod pieces;
#[cfg(any(feature = "bevy_rapier3d", feature = "bevy_rapier2d"))]
mod rapier;

mod common {
    use bevy::prelude::*;
    use bevy::time::TimeUpdateStrategy;
    use bevy_gjk_capture::{CaptureOutcome, CaptureRequest, CaptureSettings, GjkCapturePlugin};
    use gjk::scenario::engine::{Agreement, EngineCheck};
    use gjk::{Precision, Scenario};
    use std::path::PathBuf;
    use std::time::Duration;

    /// Every outcome the capture reported.
    #[derive(Resource, Default)]
    pub struct Seen(pub Vec<CaptureOutcome>);

    fn collect(mut outcomes: MessageReader<CaptureOutcome>, mut seen: ResMut<Seen>) {
        seen.0.extend(outcomes.read().cloned());
    }

    /// A folder of the test's own under the target directory.
    pub fn folder(name: &str) -> PathBuf {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// A headless app with the capture writing into `folder`, time stepping 1/60 s an update.
    pub fn app<M>(folder: PathBuf, physics: impl bevy::app::Plugins<M>) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, TransformPlugin))
            .add_plugins(physics)
            .add_plugins(GjkCapturePlugin {
                settings: CaptureSettings {
                    folder,
                    ..default()
                },
            })
            .init_resource::<Seen>()
            .add_systems(Last, collect)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
                1.0 / 60.0,
            )));
        app.finish();
        app
    }

    /// Sends `request`, runs two updates, and returns what the capture reported.
    pub fn capture(app: &mut App, request: CaptureRequest) -> Vec<CaptureOutcome> {
        app.world_mut().write_message(request);
        run(app, 2)
    }

    /// Runs `frames` updates and returns what the capture reported in them.
    pub fn run(app: &mut App, frames: usize) -> Vec<CaptureOutcome> {
        app.world_mut().resource_mut::<Seen>().0.clear();
        for _ in 0..frames {
            app.update();
        }
        std::mem::take(&mut app.world_mut().resource_mut::<Seen>().0)
    }

    /// The files written.
    pub fn written(outcomes: &[CaptureOutcome]) -> Vec<PathBuf> {
        outcomes
            .iter()
            .map(|o| match o {
                CaptureOutcome::Written { path, link } => {
                    assert_eq!(&linked(link), &Scenario::load(path).unwrap(), "{link}");
                    path.clone()
                }
                CaptureOutcome::Refused { what, reason } => panic!("{what}: {reason}"),
            })
            .collect()
    }

    /// The case a link carries, read as the lab reads it: `#case=` then the scenario's JSON,
    /// deflated and base64url-encoded, and the step of the run's last step.
    fn linked(link: &str) -> Scenario {
        use base64::Engine as _;
        let fragment = link.split_once("#case=").expect("a case link").1;
        let (packed, step) = fragment.split_once("&step=").expect("a step");
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(packed)
            .expect("base64url");
        let json = miniz_oxide::inflate::decompress_to_vec(&bytes).expect("deflated");
        let s = Scenario::parse(std::str::from_utf8(&json).unwrap(), gjk::Format::Json).unwrap();
        let steps = gjk::trace(&s.a, &s.b, &s.config()).steps.len();
        assert_eq!(
            step.parse::<usize>().unwrap(),
            steps,
            "the link opens at the answer"
        );
        s
    }

    /// The case read back and the engine's answer checked against the lab's query.
    pub fn checked(path: &std::path::Path) -> (Scenario, EngineCheck) {
        let s = Scenario::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(s.solver.precision, Precision::F32, "the engine's precision");
        let finish = gjk::solve(&s.a, &s.b, &s.config());
        let check = s
            .engine_check(&finish)
            .expect("the file has the engine's answer");
        (s, check)
    }

    /// The engine's number lies in the proven bounds, or within its own rounding of them, and
    /// so does each point of its manifold.
    pub fn agrees(check: &EngineCheck) {
        assert!(
            matches!(
                check.agreement,
                Agreement::Inside | Agreement::WithinRounding { .. }
            ),
            "{}",
            check.sentence
        );
        // And every point of its manifold on its shapes, no deeper than proven.
        for point in &check.points {
            assert!(
                matches!(
                    point.agreement,
                    Agreement::Inside | Agreement::WithinRounding { .. }
                ),
                "{point:?}"
            );
        }
    }
}
