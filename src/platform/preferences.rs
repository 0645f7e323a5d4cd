//! What a reader sets once and expects again next time: the text size. On the desktop a small
//! file `gjk-lab/text-size` in the system's folder for settings (`$XDG_CONFIG_HOME`, else
//! `~/.config`; on macOS `~/Library/Application Support`; on Windows `%APPDATA%`), in the
//! page the browser's local storage. A preference that
//! cannot be read or written leaves the default and says why in the log; nothing else depends
//! on it.

use crate::views::glyphs::{READER_RANGE, TextSize};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, load).add_systems(Update, save);
}

/// The text size as last saved, when there is one.
fn load(mut size: ResMut<TextSize>) {
    match read().map(|text| text.trim().parse::<f32>()) {
        Some(Ok(reader)) if reader.is_finite() => {
            size.reader = reader.clamp(*READER_RANGE.start(), *READER_RANGE.end());
        }
        Some(_) => warn!("the saved text size is not a number; the default is used"),
        None => {}
    }
}

/// Saves the reader's factor whenever it changes (not presenter mode, which is not a
/// preference).
fn save(size: Res<TextSize>, mut saved: Local<Option<f32>>) {
    let reader = size.reader;
    if saved.is_none() {
        // The first frame: what was loaded, or the default, is what is saved already.
        *saved = Some(reader);
        return;
    }
    if *saved != Some(reader) {
        *saved = Some(reader);
        if let Err(why) = write(&reader.to_string()) {
            warn!("the text size could not be saved: {why}");
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn file() -> Option<std::path::PathBuf> {
    let var = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(std::path::PathBuf::from)
    };
    let config = if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library").join("Application Support"))
    } else {
        var("XDG_CONFIG_HOME").or_else(|| var("HOME").map(|h| h.join(".config")))
    }?;
    Some(config.join("gjk-lab").join("text-size"))
}

#[cfg(not(target_arch = "wasm32"))]
fn read() -> Option<String> {
    std::fs::read_to_string(file()?).ok()
}

#[cfg(not(target_arch = "wasm32"))]
fn write(text: &str) -> Result<(), String> {
    let path =
        file().ok_or("no folder for settings (HOME, XDG_CONFIG_HOME or APPDATA) to keep it in")?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::case::scenario_io::write_atomically(&path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(target_arch = "wasm32")]
const KEY: &str = "gjk-lab.text-size";

#[cfg(target_arch = "wasm32")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

#[cfg(target_arch = "wasm32")]
fn read() -> Option<String> {
    storage()?.get_item(KEY).ok().flatten()
}

#[cfg(target_arch = "wasm32")]
fn write(text: &str) -> Result<(), String> {
    storage()
        .ok_or("the page has no local storage")?
        .set_item(KEY, text)
        .map_err(|e| format!("{e:?}"))
}
