//! `gjk-lab`: opens the app, or answers from the command line.

#[cfg(not(target_arch = "wasm32"))]
use {
    clap::Parser,
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
        Some(Command::Trace { file, lines }) => cli::trace(&file, lines),
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
        Some(Command::Render(args)) => match args.film() {
            Ok(film) => scenario(args.file.as_deref()).map_or(1, |s| {
                app::run(s, Mode::Render(film), args.size, args.launch.into())
            }),
            Err(why) => {
                eprintln!("gjk-lab: {why}");
                2
            }
        },
        Some(Command::BenchFrames { file, frames, size }) => scenario(file.as_deref())
            .map_or(1, |s| {
                app::run(s, Mode::Bench(frames), size, app::Options::default())
            }),
        None => {
            let mut options: app::Options = cli.launch.into();
            let opened = match cli.link.as_deref().map(app::from_link) {
                // A link that does not open opens the default scene, with the reason, as the
                // page does.
                Some((scenario, linked)) => {
                    if let Some(why) = &linked.notice {
                        eprintln!("gjk-lab: {why}");
                    }
                    options.step = linked.step;
                    options.notice = linked.notice;
                    if linked.lesson.is_some() {
                        options.lesson = linked.lesson;
                        options.present = options.present.or(linked.present);
                    }
                    scenario
                }
                None if cli.plane => gjk_lab::case::assets::default_plane_scenario(),
                None => match cli.scenario.as_deref() {
                    None => gjk_lab::case::assets::default_scenario(),
                    Some(path) => match gjk::Scenario::load(path) {
                        Ok(s) => {
                            options.file = Some(path.display().to_string());
                            s
                        }
                        // A file that does not open opens the default scene with the reason at
                        // the top of the panel, as a broken link does: started from a desktop
                        // launcher, there is no terminal to read it in.
                        Err(e) => {
                            eprintln!("gjk-lab: {e}");
                            options.notice = Some(format!("{e} (the default scene is open)"));
                            gjk_lab::case::assets::default_scenario()
                        }
                    },
                },
            };
            app::run(opened, Mode::Interactive, (1280, 800), options)
        }
    };
    std::process::exit(code);
}
