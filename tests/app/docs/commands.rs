//! Every `gjk-lab` command the pages show, and every one the capture plugin logs, parsed by
//! the command line's own parser.

use super::{fenced_lines, pages, rust_sources, spans};
use std::path::PathBuf;

/// A line split into words as a shell splits it: quotes ('…' and "…") keep their spaces and
/// are taken off.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_default().push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_default().push(c),
        }
    }
    words.extend(word);
    words
}

/// A synopsis's choice between options (`[--step N | --cast-step N]`) as its first one: the
/// others exclude it, so they cannot be parsed together.
fn first_alternatives(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let close = rest.find(']').unwrap_or(rest.len());
        let group = &rest[..close];
        out.push_str(group.split(" | ").next().unwrap_or(group));
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

/// The words of a `gjk-lab` command line after the program's name (`gjk-lab …` or
/// `./lab run …`), up to a comment or the next command of a pipe; a synopsis's brackets
/// (`[--cast]`, `[FILE]`) are taken off its words.
fn command_words(line: &str) -> Option<Vec<String>> {
    let words = shell_words(&first_alternatives(line));
    let at = words
        .iter()
        .position(|w| w == "gjk-lab")
        .map(|i| i + 1)
        .or_else(|| {
            words
                .windows(2)
                .position(|w| w == ["./lab", "run"])
                .map(|i| i + 2)
        })?;
    Some(
        words[at..]
            .iter()
            .take_while(|w| !matches!(w.as_str(), "#" | "|" | "&&" | ";" | ">" | "2>&1"))
            .map(|w| w.trim_start_matches('[').trim_end_matches(']'))
            .filter(|w| !matches!(*w, "…" | "..." | "\\" | ""))
            .map(placeholder_filled)
            .collect(),
    )
}

/// A page writes a value it leaves to the reader in capitals (`FILE`, `DIR`, `[ARGS...]`):
/// here it becomes a file name, which every argument that reads a path takes. Other values
/// stay as written.
fn placeholder_filled(word: &str) -> String {
    let bare = word.trim_matches(['[', ']', '(', ')', '.', '…']);
    let capitals = bare.chars().any(|c| c.is_ascii_uppercase())
        && bare
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || "_-:".contains(c));
    if capitals {
        "case.json".to_string()
    } else {
        word.to_string()
    }
}

/// Why clap's own parser refuses a command a page shows, or `None` when it takes it. A value
/// an option's parser cannot use is the page's example (a lesson file that is not here, an
/// axis written as `PARAM:FROM:TO:SAMPLES`), not a wrong command; a word in a positional
/// argument's place that its parser refuses is a wrong command (a misspelt command's name).
fn refused(cli: &clap::Command, words: &[String]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let args = std::iter::once("gjk-lab".to_string()).chain(words.iter().cloned());
    let error = cli.clone().try_get_matches_from(args).err()?;
    let on_option = matches!(
        error.get(ContextKind::InvalidArg),
        Some(ContextValue::String(arg)) if arg.starts_with('-')
    );
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => None,
        // A command named in a sentence (`gjk-lab trace` prints …), not a command line.
        ErrorKind::MissingRequiredArgument if words.len() == 1 => None,
        ErrorKind::ValueValidation | ErrorKind::InvalidValue if on_option => None,
        _ => Some(error.render().to_string().lines().next()?.to_string()),
    }
}

/// The `gjk-lab` commands the capture crate's messages print between backticks, as a game's
/// log shows them: a format string's `{link}` is the link it made, any other `{…}` the file
/// it wrote.
fn capture_messages() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for (path, text) in rust_sources(&["crates/bevy_gjk_capture/src"]) {
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for literal in line.split('"').skip(1).step_by(2) {
                if literal.contains("gjk-lab") {
                    let mut filled = String::new();
                    let mut rest = literal;
                    while let Some((before, after)) = rest.split_once('{') {
                        filled.push_str(before);
                        let (name, after) = after.split_once('}').unwrap_or((after, ""));
                        filled.push_str(match name {
                            "link" => "http://127.0.0.1:8080/#case=AAAA&step=3",
                            _ => "gjk-captures/frame12-floor-box.json",
                        });
                        rest = after;
                    }
                    filled.push_str(rest);
                    let commands = spans(&filled).into_iter().filter(|c| c.contains("gjk-lab"));
                    out.extend(commands.map(|c| (path.clone(), c)));
                }
            }
        }
    }
    out
}

#[test]
fn every_gjk_lab_command_the_pages_show_is_one_the_cli_accepts() {
    use clap::CommandFactory;
    let cli = gjk_lab::cli::Cli::command();
    let mut wrong = Vec::new();
    let mut checked = 0;
    let mut lines: Vec<(PathBuf, String)> = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        // A fenced line that quotes commands between backticks (a log line) is read by them.
        let fenced = fenced_lines(&text).into_iter().flat_map(|line| {
            if line.contains('`') {
                spans(&line)
            } else {
                vec![line]
            }
        });
        lines.extend(fenced.chain(spans(&text)).map(|line| (page.clone(), line)));
    }
    let messages = capture_messages();
    assert!(!messages.is_empty(), "the capture crate prints no command");
    lines.extend(messages);
    for (page, line) in lines {
        let Some(words) = command_words(&line) else {
            continue;
        };
        checked += 1;
        if let Some(why) = refused(&cli, &words) {
            wrong.push(format!("{}: `{line}`: {why}", page.display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "commands the CLI refuses:\n{}",
        wrong.join("\n")
    );
    assert!(checked > 30, "only {checked} commands");
}

#[test]
fn a_misspelt_command_is_refused_and_a_file_or_link_is_opened() {
    use clap::CommandFactory;
    let cli = gjk_lab::cli::Cli::command();
    let words = |line: &str| command_words(line).unwrap();
    for bad in [
        "gjk-lab bogus-word",
        "gjk-lab qeury case.json",
        "gjk-lab case.txt",
        "gjk-lab --2d case.json",
        "gjk-lab render --bogus",
    ] {
        assert!(refused(&cli, &words(bad)).is_some(), "{bad} was taken");
    }
    for good in [
        "gjk-lab gjk-captures/frame3-floor-box.json",
        "gjk-lab FILE",
        "gjk-lab assets/lessons/tour.json",
        "gjk-lab 'https://example.org/gjk-lab/#case=AAAA&step=3'",
        "gjk-lab query case.json",
        "gjk-lab --present 2 lesson.json",
    ] {
        assert_eq!(refused(&cli, &words(good)), None, "{good}");
    }
}
