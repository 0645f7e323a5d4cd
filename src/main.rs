//! `gjk-lab`: opens the app, or answers from the command line.

#[cfg(not(target_arch = "wasm32"))]
use {
    clap::Parser,
    gjk_lab::app::shot::RenderRequest,
    gjk_lab::app::{self, Mode},
    gjk_lab::cli::{self, Cli, Command},
    std::path::Path,
};

/// The scenario at `path`, or the default scene; errors are printed.
#[cfg(not(target_arch = "wasm32"))]
fn scenario(path: Option<&Path>) -> Option<gjk::Scenario> {
    match path {
        None => Some(gjk_lab::case::assets::default_scenario()),
        Some(p) => match gjk::Scenario::load(p) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("gjk-lab: {e}");
                None
            }
        },
    }
}

/// In a page: the app, on the case in the page's link.
#[cfg(target_arch = "wasm32")]
fn main() {
    gjk_lab::app::page::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Some(Command::Query { files, reference }) => gjk_lab::cli::query::query(&files, reference),
        Some(Command::Check { files }) => cli::check(&files),
        Some(Command::Trace { file }) => cli::trace(&file),
        Some(Command::Sweep {
            file,
            param,
            from,
            to,
            samples,
            param2,
            from2,
            to2,
            samples2,
        }) => {
            let axis = |param, from, to, samples| gjk::SweepAxis {
                param,
                from,
                to,
                samples,
            };
            let second = param2
                .zip(from2.zip(to2))
                .map(|(p, (f, t))| axis(p, f, t, samples2));
            cli::sweep(
                &file,
                gjk::Sweep {
                    first: axis(param, from, to, samples),
                    second,
                },
            )
        }
        Some(Command::Render {
            file,
            step,
            cast_step,
            out,
            size,
            launch,
        }) => scenario(file.as_deref()).map_or(1, |s| {
            let step = step.or(launch.present.is_none().then_some(0));
            app::run(
                s,
                Mode::Render(RenderRequest::new(step, out).with_cast_step(cast_step)),
                size,
                launch.into(),
            )
        }),
        Some(Command::BenchFrames { file, frames, size }) => scenario(file.as_deref())
            .map_or(1, |s| {
                app::run(s, Mode::Bench(frames), size, app::Options::default())
            }),
        None => {
            let mut options: app::Options = cli.launch.into();
            let opened = match cli.link.as_deref().map(gjk_lab::case::link::decode) {
                Some(Ok(linked)) => {
                    options.step = linked.step;
                    Some(linked.scenario)
                }
                // The default scene opens, with the reason, as the page does.
                Some(Err(why)) => {
                    eprintln!("gjk-lab: the link does not open: {why}");
                    options.notice = Some(format!("the link does not open: {why}"));
                    Some(gjk_lab::case::assets::default_scenario())
                }
                None => scenario(cli.scenario.as_deref()),
            };
            opened.map_or(1, |s| app::run(s, Mode::Interactive, (1280, 800), options))
        }
    };
    std::process::exit(code);
}
