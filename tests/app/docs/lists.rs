//! The lists the pages keep of what the repository holds: the gallery's cases and the tour's
//! slides, each checked against its files.

use super::root;
use std::collections::BTreeSet;

#[test]
fn the_gallery_page_lists_every_case_of_the_folder_by_its_name() {
    let page = std::fs::read_to_string(root().join("docs/gallery.md")).unwrap();
    // Rows `| [`FILE`](…) | NAME |`.
    let listed: BTreeSet<(String, String)> = page
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("| [`")?;
            let (file, rest) = rest.split_once('`')?;
            let name = rest.split(" | ").nth(1)?.trim_end_matches(" |");
            Some((file.to_string(), name.to_string()))
        })
        .collect();
    // The gallery's cases, and the floors of many pieces its list shows beside them.
    let folder: BTreeSet<(String, String)> = ["assets/scenarios/gallery", "assets/meshes"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root().join(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .map(|path| {
            let name = match gjk_lab_files::case::Case::load(&path).unwrap() {
                gjk_lab_files::case::Case::Pair(s) => s.name,
                gjk_lab_files::case::Case::Pieces(read) => read.0.name,
            };
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            (file, name)
        })
        .collect();
    let missing: Vec<_> = folder.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&folder).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/gallery.md lacks {missing:?} and lists {stale:?}, which the folder does not hold"
    );
    assert!(folder.len() > 60, "only {} cases", folder.len());
}

#[test]
fn the_tour_s_slides_in_the_app_page_are_the_tour_s_own() {
    let page = std::fs::read_to_string(root().join("docs/app.md")).unwrap();
    let section = page
        .split_once("### The tour\n")
        .expect("docs/app.md has a section for the tour")
        .1;
    // Its numbered list: `N. TITLE` and, after the title, ` ([picture](…))`.
    let listed: Vec<String> = section
        .lines()
        .skip_while(|l| !l.starts_with("1. "))
        .take_while(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            let title = l.split_once(". ").unwrap().1;
            title.split(" ([").next().unwrap().to_string()
        })
        .collect();
    let tour: Vec<String> = gjk_lab_files::lesson::Lesson::tour()
        .slides
        .into_iter()
        .map(|s| s.title)
        .collect();
    assert_eq!(listed, tour);
}
