//! `gjk-lab`: opens the app, or answers from the command line.

#[cfg(not(target_arch = "wasm32"))]
use {
    clap::Parser,
    gjk_lab::app::{self, Mode},
    gjk_lab::cli::{self, Cli, Command, Opened},
    gjk_lab_files::case::Case,
    std::path::Path,
};

/// The scenario at `path` (for a case of many pieces, the pair of its answering piece, the
/// pieces in `options`), or the default scene; errors are printed.
#[cfg(not(target_arch = "wasm32"))]
fn scenario(path: Option<&Path>, options: &mut app::Options) -> Option<gjk::Scenario> {
    match path {
        None => Some(gjk_lab_files::bundled::default_scenario()),
        Some(p) => match Case::load(p) {
            Ok(case) => Some(opened(case, p, options)),
            Err(e) => {
                eprintln!("gjk-lab: {e}");
                None
            }
        },
    }
}

/// The pair the case read from `path` opens as ([`gjk_lab::case::pieces::open`]), the pieces
/// kept in `options`.
#[cfg(not(target_arch = "wasm32"))]
fn opened(case: Case, path: &Path, options: &mut app::Options) -> gjk::Scenario {
    let mut pieces = gjk_lab::case::pieces::Pieces::default();
    let source = path.display().to_string();
    let pair = gjk_lab::case::pieces::open(case, (None, &source), &mut pieces);
    options.pieces = pieces.0;
    pair
}

/// The case in a link made by *Copy link*, at its step; a link that does not open opens the
/// default scene, with the reason, as the page does.
#[cfg(not(target_arch = "wasm32"))]
fn linked(link: &str, options: &mut app::Options) -> gjk::Scenario {
    let (scenario, linked) = app::from_link(link);
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

/// The case in a file: a scenario opens (and *Save* writes over it), a lesson is presented
/// from its first slide. A file that does not open opens the default scene with the reason at
/// the top of the panel: started from a desktop launcher, there is no terminal to read it in.
#[cfg(not(target_arch = "wasm32"))]
fn from_file(path: &Path, options: &mut app::Options) -> gjk::Scenario {
    use gjk_lab_files::lesson::{Lesson, is_lesson};
    let read = gjk::scenario::read_text(path, "scenario or lesson");
    let read = read.map_err(|e| e.to_string()).and_then(|text| {
        let format = gjk::Format::from_path(path).map_err(|e| e.to_string())?;
        if is_lesson(&text, format) {
            let lesson = Lesson::parse_named(path, &text).map_err(|e| e.to_string())?;
            options.lesson = Some(lesson);
            options.present = options.present.or(Some(1));
            Ok(gjk_lab_files::bundled::default_scenario())
        } else {
            Case::parse(path, &text).map(|case| {
                // A pair is saved over its file; a piece's pair never over the pieces' file.
                if matches!(case, Case::Pair(_)) {
                    options.file = Some(path.display().to_string());
                }
                opened(case, path, options)
            })
        }
    });
    read.unwrap_or_else(|e| {
        eprintln!("gjk-lab: {e}");
        options.notice = Some(format!("{e} (the default scene is open)"));
        gjk_lab_files::bundled::default_scenario()
    })
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
            Ok(film) => {
                let mut options = args.launch.into();
                scenario(args.file.as_deref(), &mut options)
                    .map_or(1, |s| app::run(s, Mode::Render(film), args.size, options))
            }
            Err(why) => {
                eprintln!("gjk-lab: {why}");
                2
            }
        },
        Some(Command::BenchFrames { file, frames, size }) => {
            let mut options = app::Options::default();
            scenario(file.as_deref(), &mut options)
                .map_or(1, |s| app::run(s, Mode::Bench(frames), size, options))
        }
        None => {
            let mut options: app::Options = cli.launch.into();
            let (link, file) = match cli.open {
                Some(Opened::Link(link)) => (Some(link), None),
                Some(Opened::File(path)) => (None, Some(path)),
                None => (cli.link, cli.scenario),
            };
            let opened = match link {
                Some(link) => linked(&link, &mut options),
                None if cli.plane => gjk_lab_files::bundled::default_plane_scenario(),
                None => match file {
                    None => gjk_lab_files::bundled::default_scenario(),
                    Some(path) => from_file(&path, &mut options),
                },
            };
            app::run(opened, Mode::Interactive, (1280, 800), options)
        }
    };
    std::process::exit(code);
}
