//! The documentation holds: every link in the README and in `docs/` leads to a file that is
//! there (and, for a link to a heading, to that heading), every page of `docs/` is reachable
//! from the README, and every JSON scenario the format page shows reads as a scenario.

use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown pages: the README and everything in `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
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
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
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
            let checks = expect.check(&trace, cast.as_ref().map(|c| &c.answer));
            assert!(checks.len() >= 5, "{}: {checks:?}", scenario.name);
            let broken: Vec<_> = checks.iter().filter(|c| !c.passed).collect();
            assert!(broken.is_empty(), "{}: {broken:?}", scenario.name);
        }
    }
}
