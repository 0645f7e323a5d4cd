//! The layout's promises, checked on the source itself (`docs/architecture.md` draws them):
//! each crate's top-level modules form layers, and a module names (`crate::…`) only the layers
//! below it, so the arrows run one way and no circle can form; no source file is longer than
//! 500 lines; and the solver's thresholds are read from their table, not written where used.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The solver's top-level modules, lowest first.
const SOLVER: &[&str] = &[
    "real",
    "config",
    "shape",
    "trace",
    "simplex",
    "proof",
    "gjk",
    "epa",
    "query",
    "manifold",
    "cast",
    "composite",
    "scenario",
    "tools",
];

/// The app's top-level modules, lowest first.
const APP: &[&str] = &["case", "views", "teach", "panel", "platform", "app", "cli"];

/// The files' crate's modules, lowest first.
const FILES: &[&str] = &[
    "incoming", "mesh", "case", "bundled", "link", "lesson", "checks",
];

const MAX_LINES: usize = 500;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, its folders searched all the way down, sorted.
pub(crate) fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Every `.rs` file under `dir`, with its path relative to `dir`.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    files_under(dir)
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path.strip_prefix(dir).unwrap().to_path_buf(), text)
        })
        .collect()
}

/// A line without its `//` comment (a `//` inside a string literal is kept).
fn code(line: &str) -> &str {
    let mut in_string = false;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '"' if prev != '\\' => in_string = !in_string,
            '/' if !in_string && prev == '/' => return &line[..i - 1],
            _ => {}
        }
        prev = c;
    }
    line
}

/// The first path segments after each `crate::` in `text`, groups (`crate::{a, b::c}`)
/// included.
fn named(text: &str) -> BTreeSet<String> {
    named_after(text, "crate::")
}

/// The first path segments after each `prefix` in `text` (`crate::`, `crate::shape::`,
/// `super::`), groups included.
fn named_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let code: String = text.lines().map(code).collect::<Vec<_>>().join("\n");
    let mut rest = code.as_str();
    while let Some(at) = rest.find(prefix) {
        // A whole path segment: `crate::` but not `my_crate::`.
        let whole = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        rest = &rest[at + prefix.len()..];
        if !whole {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            // The group's top-level items, up to its closing brace.
            let mut depth = 0;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && (c.is_alphanumeric() || c == '_') => {
                        names.insert(ident(&group[i..]));
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(ident(rest));
        }
    }
    names
}

/// The identifier `text` starts with.
fn ident(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// What breaks the layering of the crate whose sources are in `dir`.
fn arrows_against(dir: &Path, layers: &[&str]) -> Vec<String> {
    let rank = |m: &str| layers.iter().position(|l| *l == m);
    let mut wrong = Vec::new();
    for (file, text) in sources(dir) {
        let first = file
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let Some(own) = rank(&module) else {
            wrong.push(format!(
                "{}: a top-level module not in the layers",
                file.display()
            ));
            continue;
        };
        for name in named(&text) {
            match rank(&name) {
                Some(r) if r > own => wrong.push(format!(
                    "{}: `{module}` names `crate::{name}`, a layer above it",
                    file.display()
                )),
                Some(_) => {}
                None if name == "self" => {}
                None => wrong.push(format!(
                    "{}: `crate::{name}` is not a module path: name the module, so the arrow shows",
                    file.display()
                )),
            }
        }
    }
    wrong
}

#[test]
fn the_solver_s_arrows_run_one_way() {
    let wrong = arrows_against(&root().join("crates/gjk/src"), SOLVER);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_app_s_arrows_run_one_way() {
    let wrong = arrows_against(&root().join("src"), APP);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_files_arrows_run_one_way() {
    let wrong = arrows_against(&root().join("crates/gjk_lab_files/src"), FILES);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_layers_are_the_crates_modules() {
    for (dir, layers) in [
        ("crates/gjk/src", SOLVER),
        ("src", APP),
        ("crates/gjk_lab_files/src", FILES),
    ] {
        let lib = std::fs::read_to_string(root().join(dir).join("lib.rs")).unwrap();
        let declared: BTreeSet<&str> = lib
            .lines()
            .filter_map(|l| l.strip_prefix("pub mod "))
            .map(|l| l.trim_end_matches(';'))
            .collect();
        assert_eq!(declared, layers.iter().copied().collect(), "{dir}/lib.rs");
    }
}

#[test]
fn no_source_file_is_over_500_lines() {
    // Every Rust file of the repository: each crate's sources, tests, examples and benches,
    // and the fuzz targets; not what a build or a tool writes (`target`, hidden folders).
    let mut long = Vec::new();
    let mut stack = vec![root()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !(name.starts_with('.') || name.starts_with("target")) {
                    stack.push(path);
                }
            } else if name.ends_with(".rs") {
                let n = std::fs::read_to_string(&path).unwrap().lines().count();
                if n > MAX_LINES {
                    let file = path.strip_prefix(root()).unwrap().display().to_string();
                    long.push(format!("{file}: {n} lines"));
                }
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The solver's files whose small literals are not thresholds: how a number is written (its
/// notation changes at 1e-3) and how a rotation is read (a quaternion outside 1e-100..1e100 is
/// scaled before it is normalised).
const NOT_THRESHOLDS: &[&str] = &["trace/explain/numbers.rs", "scenario/validate.rs"];

#[test]
fn every_threshold_of_the_solver_is_read_from_its_table() {
    // A literal such as `1e-6`, or the bare machine epsilon, in the solver's code outside the
    // table (`config/thresholds.rs`) is a threshold no search for the table's names finds.
    // Tests (`#[cfg(test)]` modules, at the end of a file) and the soak's tools may use their own.
    let mut found = Vec::new();
    for (file, text) in sources(&root().join("crates/gjk/src")) {
        let name = file.display().to_string();
        if name == "config/thresholds.rs"
            || name.starts_with("tools")
            || NOT_THRESHOLDS.contains(&name.as_str())
        {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            if line.trim() == "#[cfg(test)]" {
                break;
            }
            let line = code(line);
            let small = line.match_indices("e-").any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + 2..].chars().next();
                before.is_some_and(|c| c.is_ascii_digit())
                    && after.is_some_and(|c| c.is_ascii_digit())
            });
            let epsilon = line.contains("R::EPSILON") && !line.contains("R::EPSILON.to_f64()");
            if small || epsilon {
                found.push(format!("{name}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "thresholds outside config/thresholds.rs:\n{}",
        found.join("\n")
    );
}

/// The circles between the files of one folder in the crate whose sources are in `dir`: a file
/// that names a sibling (`crate::folder::sibling`, `super::sibling`) which names it back, by
/// however many steps. The layers rank only top-level modules; this sees inside them.
fn file_circles(dir: &Path) -> Vec<String> {
    let sources = sources(dir);
    // Each file's module path: `shape/convex.rs` is ["shape", "convex"].
    let path_of = |file: &Path| -> Vec<String> {
        let mut parts: Vec<String> = file
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if let Some(last) = parts.last_mut() {
            *last = last.trim_end_matches(".rs").to_string();
        }
        parts
    };
    let modules: Vec<Vec<String>> = sources.iter().map(|(f, _)| path_of(f)).collect();
    let mut arrows: Vec<(usize, usize)> = Vec::new();
    for (i, (_, text)) in sources.iter().enumerate() {
        let module = &modules[i];
        if module.len() < 2 {
            continue;
        }
        let parent = &module[..module.len() - 1];
        let mut names = named_after(text, &format!("crate::{}::", parent.join("::")));
        names.extend(named_after(text, "super::"));
        for name in names {
            let sibling = modules.iter().position(|m| {
                m.len() == module.len() && m[..parent.len()] == *parent && m.last() == Some(&name)
            });
            if let Some(j) = sibling.filter(|&j| j != i) {
                arrows.push((i, j));
            }
        }
    }
    // A circle: a file that can reach itself by the arrows.
    let mut circles = Vec::new();
    for start in 0..sources.len() {
        let mut stack = vec![(start, vec![start])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for &(_, to) in arrows.iter().filter(|(from, _)| *from == at) {
                if to == start {
                    let names: Vec<String> = path
                        .iter()
                        .chain([&start])
                        .map(|&k| modules[k].join("::"))
                        .collect();
                    circles.push(names.join(" → "));
                } else if seen.insert(to) {
                    let mut longer = path.clone();
                    longer.push(to);
                    stack.push((to, longer));
                }
            }
        }
    }
    circles
}

#[test]
fn no_file_names_a_sibling_that_names_it_back() {
    for dir in ["crates/gjk/src", "crates/gjk_lab_files/src", "src"] {
        let circles = file_circles(&root().join(dir));
        assert!(circles.is_empty(), "{dir}: {}", circles.join("\n"));
    }
}

/// Each message is registered once, by the plugin of the module that owns it (where a reader
/// registered it too, two plugins would each claim it, and a headless app would need a third).
#[test]
fn each_message_is_registered_once() {
    let mut registered: Vec<(String, String)> = Vec::new();
    for (file, text) in sources(&root().join("src")) {
        let mut rest = text.as_str();
        while let Some(at) = rest.find("add_message::<") {
            rest = &rest[at + "add_message::<".len()..];
            let ty = rest.split('>').next().unwrap_or_default();
            let name = ty.rsplit("::").next().unwrap_or(ty).to_string();
            registered.push((name, file.display().to_string()));
        }
    }
    registered.sort();
    let twice: Vec<_> = registered
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| format!("{} in {} and {}", w[0].0, w[0].1, w[1].1))
        .collect();
    assert!(registered.len() > 5, "{registered:?}");
    assert!(twice.is_empty(), "{}", twice.join("\n"));
}

/// The functions of `text` (at any depth) with their lengths in lines, from `fn` to the
/// brace that closes its body (braces in strings and comments are rare enough in this code
/// not to be worth a parser).
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().map(code).collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(at) = line.find("fn ").filter(|&at| {
            let before = line[..at].trim();
            before.is_empty()
                || before.ends_with("pub")
                || before.ends_with(')')
                || before.ends_with("const")
                || before.ends_with("unsafe")
        }) else {
            continue;
        };
        let name = ident(&line[at + 3..]);
        let mut depth = 0;
        let mut opened = false;
        for (j, l) in lines[i..].iter().enumerate() {
            for c in l.chars() {
                match c {
                    '{' => (depth, opened) = (depth + 1, true),
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth == 0 {
                out.push((name.clone(), j + 1));
                break;
            }
            if !opened && l.trim_end().ends_with(';') {
                break;
            }
        }
    }
    out
}

#[test]
fn no_solver_function_is_over_120_lines() {
    let mut long = Vec::new();
    let mut seen = 0;
    for (file, text) in sources(&root().join("crates/gjk/src")) {
        for (name, n) in function_lengths(&text) {
            seen += 1;
            if n > 120 {
                long.push(format!("{}: fn {name}, {n} lines", file.display()));
            }
        }
    }
    assert!(seen > 500, "only {seen} functions read");
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The checker itself: a group, a nested group and a comment.
#[test]
fn named_reads_paths_groups_and_skips_comments() {
    let text =
        "use crate::a::B;\nuse crate::{c, d::{E, F}};\n// crate::g\nlet s = \"//\"; crate::h::i();";
    let got: Vec<String> = named(text).into_iter().collect();
    assert_eq!(got, ["a", "c", "d", "h"]);
}
