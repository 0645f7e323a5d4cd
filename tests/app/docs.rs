//! The documentation holds: every link in the README, the changelog and `docs/` leads to a
//! file that is there (and, for a link to a heading, to that heading), every page is reachable
//! from the README, every JSON scenario the format page shows reads as a scenario, every
//! repository path in backticks exists, every `gjk-lab` command shown (and every one the
//! capture crate prints) is one the command line's own parser accepts, no page or comment
//! names a work item by its number, no rustdoc example is left uncompiled, and the lists the
//! pages keep (the gallery's cases, the tour's slides) are the repository's own.

use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

mod commands;
mod lists;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Each line of a page that is not a fence itself, and whether it lies inside a fenced
/// code block.
fn fenced(text: &str) -> impl Iterator<Item = (&str, bool)> {
    let mut inside = false;
    text.lines().filter_map(move |line| {
        if line.trim_start().starts_with("```") {
            inside = !inside;
            None
        } else {
            Some((line, inside))
        }
    })
}

/// The markdown pages: the README, the changelog and everything in `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The targets of a page's links `[text](target)` and `![alt](target)`, outside code.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in fenced(text).filter(|(_, inside)| !inside).map(|(l, _)| l) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(page: &Path) -> BTreeSet<String> {
    std::fs::read_to_string(page)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_leads_somewhere_and_every_page_is_reachable_from_the_readme() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let dir = page.parent().unwrap();
        for link in links(&text) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            let (file, heading) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                page.clone()
            } else {
                dir.join(file)
            };
            checked += 1;
            if !target.exists() {
                broken.push(format!("{}: {link} (no such file)", page.display()));
            } else if !heading.is_empty() && !anchors(&target).contains(heading) {
                broken.push(format!("{}: {link} (no such heading)", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked > 30, "only {checked} links");

    // Every page of docs/ is reached from the README, following links between pages.
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from([root().join("README.md").canonicalize().unwrap()]);
    while let Some(page) = queue.pop_front() {
        if !seen.insert(page.clone()) {
            continue;
        }
        let text = std::fs::read_to_string(&page).unwrap();
        for link in links(&text) {
            let file = link.split('#').next().unwrap_or_default();
            if file.ends_with(".md")
                && !file.starts_with("http")
                && let Ok(next) = page.parent().unwrap().join(file).canonicalize()
            {
                queue.push_back(next);
            }
        }
    }
    for page in pages() {
        let page = page.canonicalize().unwrap();
        assert!(
            seen.contains(&page),
            "{} is not reachable from the README",
            page.display()
        );
    }
}

#[test]
fn every_scenario_the_format_page_shows_reads_and_keeps_its_promises() {
    let text = std::fs::read_to_string(root().join("docs/scenarios.md")).unwrap();
    let blocks: Vec<&str> = text
        .split("```json\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    assert!(blocks.len() >= 3, "{} JSON blocks", blocks.len());
    for block in blocks {
        let scenario = gjk::Scenario::parse(block, gjk::Format::Json)
            .unwrap_or_else(|e| panic!("{e}\n{block}"));
        if let Some(expect) = &scenario.expect {
            let trace = gjk::trace(&scenario.a, &scenario.b, &scenario.config());
            let cast = scenario.trace_cast();
            let contacts = scenario.manifold_prepared(&scenario.prepare(), &trace.finish);
            let manifold = contacts.as_ref().map(|(m, _)| m);
            let checks = expect.check(&trace, cast.as_ref().map(|c| &c.answer), manifold);
            assert!(checks.len() >= 5, "{}: {checks:?}", scenario.name);
            let broken: Vec<_> = checks.iter().filter(|c| !c.passed).collect();
            assert!(broken.is_empty(), "{}: {broken:?}", scenario.name);
        }
    }
}

/// The inline code spans of a page (`` `like this` ``), outside fenced blocks.
fn spans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in fenced(text).filter(|(_, inside)| !inside).map(|(l, _)| l) {
        let mut parts = line.split('`');
        parts.next();
        while let (Some(code), Some(_)) = (parts.next(), parts.next()) {
            out.push(code.to_string());
        }
    }
    out
}

/// The lines of a page's fenced code blocks.
fn fenced_lines(text: &str) -> Vec<String> {
    fenced(text)
        .filter(|(_, inside)| *inside)
        .map(|(l, _)| l.to_string())
        .collect()
}

/// Every Rust file under these folders of the repository, with its text.
fn rust_sources(folders: &[&str]) -> Vec<(PathBuf, String)> {
    sources(folders, "rs")
}

/// Every file ending in `.ext` under the repository's `folders`, with its text.
fn sources(folders: &[&str], ext: &str) -> Vec<(PathBuf, String)> {
    let mut dirs: Vec<PathBuf> = folders.iter().map(|f| root().join(f)).collect();
    let mut out = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    out
}

#[test]
fn every_repository_path_in_backticks_exists() {
    // A span names a file of the repository when it has no spaces, a `/`, and starts at one of
    // the repository's own top-level entries (not `target/`, which a build makes).
    let tops: BTreeSet<String> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "target" && name != ".git")
        .collect();
    let mut missing = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for span in spans(&text) {
            let Some((top, _)) = span.split_once('/') else {
                continue;
            };
            if span.contains(char::is_whitespace)
                || span.contains(['*', '<', '{', '…'])
                || !tops.contains(top)
            {
                continue;
            }
            // `file.rs:12` names a line of the file.
            let path = span.split(':').next().unwrap().trim_end_matches('/');
            checked += 1;
            if !root().join(path).exists() {
                missing.push(format!("{}: `{span}`", page.display()));
            }
        }
    }
    assert!(missing.is_empty(), "no such paths:\n{}", missing.join("\n"));
    assert!(checked > 20, "only {checked} paths");
}

/// `#` and digits with no name before them: a work item's number, which an outsider cannot
/// follow (`parry#405`, an upstream project's issue, names its project).
fn work_numbers(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for (i, _) in text.match_indices('#') {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let digits = text[i + 1..].bytes().take_while(u8::is_ascii_digit).count();
        let after = bytes.get(i + 1 + digits).copied();
        if digits > 0
            && !before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'&')
            && !after.is_some_and(|b| b.is_ascii_alphanumeric())
        {
            found.push(text[i..i + 1 + digits].to_string());
        }
    }
    found
}

#[test]
fn no_work_item_numbers_in_the_pages_or_the_code_s_comments() {
    let mut places = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (n, line) in text.lines().enumerate() {
            for w in work_numbers(line) {
                places.push(format!("{}:{}: {w}", page.display(), n + 1));
            }
        }
    }
    for (path, text) in rust_sources(&["src", "crates", "tests"]) {
        for (n, line) in text.lines().enumerate() {
            let Some((_, comment)) = line.split_once("//") else {
                continue;
            };
            for w in work_numbers(comment) {
                places.push(format!("{}:{}: {w}", path.display(), n + 1));
            }
        }
    }
    // The bundled cases' and lessons' notes cite upstream issues by number (parry's, say),
    // never this project's own work items.
    for (path, text) in sources(&["assets"], "json") {
        if text.contains("GJK Lab issue") {
            places.push(format!("{}: GJK Lab issue", path.display()));
        }
    }
    assert!(
        places.is_empty(),
        "work item numbers:\n{}",
        places.join("\n")
    );
    assert_eq!(work_numbers("parry#405, #47's pass, a #28"), ["#47", "#28"]);
}

#[test]
fn no_rustdoc_example_is_left_uncompiled() {
    // `ignore` hides a broken path from `cargo test`; `no_run` still compiles the example.
    let mut ignored = Vec::new();
    for (path, text) in rust_sources(&["src", "crates"]) {
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_start();
            if (line.starts_with("///") || line.starts_with("//!"))
                && line.contains("```")
                && line.contains("ignore")
            {
                ignored.push(format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    assert!(
        ignored.is_empty(),
        "examples marked ignore:\n{}",
        ignored.join("\n")
    );
}

/// Every threshold the solvers decide by (`config/thresholds.rs`) is in the solver page's table.
#[test]
fn every_threshold_is_in_the_solver_page_s_table() {
    let module =
        std::fs::read_to_string(root().join("crates/gjk/src/config/thresholds.rs")).unwrap();
    let page = std::fs::read_to_string(root().join("docs/solver.md")).unwrap();
    let names: Vec<&str> = module
        .lines()
        .filter_map(|l| l.strip_prefix("pub fn "))
        .filter_map(|rest| rest.split(['(', '<']).next())
        .collect();
    assert!(names.len() >= 8, "{names:?}");
    let missing: Vec<_> = names
        .iter()
        .filter(|n| !page.contains(&format!("| `{n}` |")))
        .collect();
    assert!(
        missing.is_empty(),
        "not in docs/solver.md's table: {missing:?}"
    );
}
