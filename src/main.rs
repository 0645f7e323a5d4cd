//! `gjk-lab`: opens the app, or answers from the command line.

use clap::Parser;
use gjk_lab::app::{self, Mode};
use gjk_lab::cli::{self, Cli, Command};
use gjk_lab::shot::RenderRequest;
use std::path::Path;

/// The scenario at `path`, or the default scene; errors are printed.
fn scenario(path: Option<&Path>) -> Option<gjk::Scenario> {
    match path {
        None => Some(app::default_scenario()),
        Some(p) => match gjk::Scenario::load(p) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("gjk-lab: {e}");
                None
            }
        },
    }
}

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Some(Command::Query { files, reference }) => gjk_lab::query::query(&files, reference),
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
        None => scenario(cli.scenario.as_deref()).map_or(1, |s| {
            app::run(s, Mode::Interactive, (1280, 800), cli.launch.into())
        }),
    };
    std::process::exit(code);
}
