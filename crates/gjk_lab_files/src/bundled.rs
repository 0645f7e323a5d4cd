//! The scenario presets and the failure gallery, carried in the binary (see `build.rs`), so a
//! program started anywhere, or moved, still has them. A copy on disk wins where there is one:
//! `assets/scenarios/` beside the executable or in the working directory, so an edited case is
//! shown without a rebuild.

use gjk::{Format, Scenario, ScenarioError};
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// A preset or gallery case: its name under `assets/scenarios/` (a floor's, `meshes/…`, under
/// `assets/`), and where it is read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// `separated-box-sphere.json`, `gallery/10-touching-boxes.json`,
    /// `meshes/ball-on-a-ridge.json`, …
    pub name: &'static str,
    pub source: Source,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A copy on disk, read when opened.
    Disk(PathBuf),
    /// The text built into the program.
    Bundled(&'static str),
}

impl Case {
    /// The case read and validated.
    pub fn load(&self) -> Result<Scenario, ScenarioError> {
        match &self.source {
            Source::Disk(path) => Scenario::load(path),
            Source::Bundled(text) => {
                Scenario::parse(text, Format::from_path(Path::new(self.name))?)
            }
        }
    }

    /// The case read: a convex pair, or a body against a floor of many pieces.
    pub fn open(&self) -> Result<crate::case::Case, String> {
        match &self.source {
            Source::Disk(path) => crate::case::Case::load(path),
            Source::Bundled(text) => crate::case::Case::parse(Path::new(self.name), text),
        }
    }

    /// The name without folder or extension, for menus.
    pub fn title(&self) -> &'static str {
        let file = self.name.rsplit('/').next().unwrap_or(self.name);
        file.rsplit_once('.').map_or(file, |(stem, _)| stem)
    }

    /// Whether a search finds the case: every word of `query` is in its name, its group's
    /// title or what its group is also called ("plane", "2d", "cast"…), ignoring case.
    pub fn matches(&self, query: &str) -> bool {
        let group = Group::of(self);
        let haystack =
            format!("{} {} {}", self.title(), group.title(), group.words()).to_lowercase();
        query
            .to_lowercase()
            .split_whitespace()
            .all(|word| haystack.contains(word))
    }

    /// The file name alone, for a save field that must not point into the assets.
    pub fn file_name(&self) -> &'static str {
        self.name.rsplit('/').next().unwrap_or(self.name)
    }
}

/// The gallery's groups, as its menu shows them: each case in one, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Static queries in space, f64.
    Space,
    /// Static queries in f32, where an engine's numbers live.
    F32,
    /// Moving shapes: when do they first touch?
    Casts,
    /// The plane (`p01`…).
    Plane,
    /// A body against a floor of many pieces, and the seams it catches on (`meshes/`).
    Floors,
}

impl Group {
    /// Every group, in the menu's order.
    pub const ALL: [Group; 5] = [
        Group::Space,
        Group::F32,
        Group::Casts,
        Group::Plane,
        Group::Floors,
    ];

    /// The heading the menu gives the group.
    pub fn title(self) -> &'static str {
        match self {
            Group::Space => "3D",
            Group::F32 => "f32",
            Group::Casts => "Casts",
            Group::Plane => "The plane (2D)",
            Group::Floors => "Floors of many pieces: seams and ghosts",
        }
    }

    /// What a search may call the group, beside its title.
    fn words(self) -> &'static str {
        match self {
            Group::Space => "3d space f64",
            Group::F32 => "f32 single float",
            Group::Casts => "cast casts motion moving toi time of impact",
            Group::Plane => "plane 2d",
            Group::Floors => "floor floors mesh meshes pieces seam seams ghost ghosts tiles chain",
        }
    }

    /// The group a gallery case belongs to: a floor's case is in `meshes/`, the plane's cases
    /// are named `p01-…`, a cast's name says `cast`, an f32 case's `f32` (a cast in f32 is a
    /// cast).
    pub fn of(case: &Case) -> Group {
        if case.name.starts_with("meshes/") {
            return Group::Floors;
        }
        let title = case.title();
        let mut chars = title.chars();
        if chars.next() == Some('p') && chars.next().is_some_and(|c| c.is_ascii_digit()) {
            Group::Plane
        } else if title.contains("cast") {
            Group::Casts
        } else if title.contains("f32") {
            Group::F32
        } else {
            Group::Space
        }
    }
}

/// Folders where a copy on disk is looked for, first found wins.
fn disk_folders() -> Vec<PathBuf> {
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("assets/scenarios")));
    beside_exe
        .into_iter()
        .chain([PathBuf::from("assets/scenarios")])
        .collect()
}

/// Where a case named `name` would be in the scenarios' folder `folder`: a floor's beside it,
/// in `meshes/`.
fn on_disk(folder: &Path, name: &str) -> PathBuf {
    match (name.strip_prefix("meshes/"), folder.parent()) {
        (Some(file), Some(assets)) => assets.join("meshes").join(file),
        _ => folder.join(name),
    }
}

fn cases(list: &'static [(&'static str, &'static str)]) -> Vec<Case> {
    let folders = disk_folders();
    list.iter()
        .map(|&(name, text)| {
            let on_disk = folders
                .iter()
                .map(|f| on_disk(f, name))
                .find(|p| p.is_file());
            Case {
                name,
                source: on_disk.map_or(Source::Bundled(text), Source::Disk),
            }
        })
        .collect()
}

/// The presets, the startup scene among them.
pub fn presets() -> Vec<Case> {
    cases(PRESETS)
}

/// The failure gallery.
pub fn gallery() -> Vec<Case> {
    cases(GALLERY)
}

/// The floors of many pieces: a body against a mesh, a height field, tiles or a chain, and the
/// seams it catches on.
pub fn floors() -> Vec<Case> {
    cases(FLOORS)
}

/// A preset, gallery or floor case by its name (`gallery/10-touching-boxes.json`,
/// `meshes/ball-on-a-ridge.json`).
pub fn find(name: &str) -> Option<Case> {
    presets()
        .into_iter()
        .chain(gallery())
        .chain(floors())
        .find(|c| c.name == name)
}

/// The preset or gallery case that is `scenario` unchanged, if one is.
pub fn bundled(scenario: &Scenario) -> Option<Case> {
    presets()
        .into_iter()
        .chain(gallery())
        .find(|c| c.load().is_ok_and(|s| s == *scenario))
}

/// The scene that opens by default: a tilted box and a capsule, a little apart.
pub fn default_scenario() -> Scenario {
    find(STARTUP)
        .and_then(|case| case.load().ok())
        .expect("the startup scene is built into the program and valid")
}

/// The preset the app opens with.
pub const STARTUP: &str = "startup-box-capsule.json";

/// The preset the app opens with in the plane (`--2d`, the panel's 2D).
pub const PLANE_STARTUP: &str = "plane-polygon-circle.json";

/// The scene that opens in the plane: a pentagon and a circle.
pub fn default_plane_scenario() -> Scenario {
    find(PLANE_STARTUP)
        .and_then(|case| case.load().ok())
        .expect("the plane's startup scene is built into the program and valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_finds_cases_by_name_and_by_group() {
        let gallery = gallery();
        let found = |query: &str| gallery.iter().filter(|c| c.matches(query)).count();
        let plane = gallery
            .iter()
            .filter(|c| Group::of(c) == Group::Plane)
            .count();
        assert!(plane > 0);
        assert_eq!(found("plane"), plane);
        assert_eq!(found("2D"), plane);
        assert_eq!(found(""), gallery.len());
        // The casts' group, and the plane's casts by their names.
        let casts = gallery
            .iter()
            .filter(|c| Group::of(c) == Group::Casts || c.title().contains("cast"))
            .count();
        assert_eq!(found("cast"), casts);
        // Every word must be found: a name's part and a group's word together narrow.
        let wall_casts = found("cast wall");
        assert!(
            0 < wall_casts && wall_casts < casts,
            "{wall_casts} of {casts}"
        );
        assert_eq!(found("no-such-case"), 0);
    }
}
