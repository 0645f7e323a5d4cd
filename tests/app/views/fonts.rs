//! The fonts the app installs draw every character its sentences use: the panel's strings and the
//! presets', gallery's and lessons' texts, in the text font and in the code font.

use crate::app::layout::files_under;
use bevy_egui::egui::{FontDefinitions, FontFamily};
use gjk_lab::views::glyphs::fonts;
use skrifa::MetadataProvider;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The non-ASCII characters inside the string literals of a Rust source (comments skipped),
/// with the file they were found in.
fn literal_chars(source: &str, file: &Path, found: &mut BTreeMap<char, PathBuf>) {
    let chars: Vec<char> = source.chars().collect();
    let (mut i, mut in_string) = (0, false);
    while i < chars.len() {
        let c = chars[i];
        if in_string {
            match c {
                '\\' => i += 1,
                '"' => in_string = false,
                _ if !c.is_ascii() => {
                    found.entry(c).or_insert_with(|| file.to_owned());
                }
                _ => {}
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '"' {
            in_string = true;
        } else if c == '\'' {
            // A character literal ('"', '\'') is skipped whole; a lifetime has no closing quote.
            if chars.get(i + 2) == Some(&'\'') {
                i += 2;
            } else if chars.get(i + 1) == Some(&'\\') {
                i += chars[i + 2..]
                    .iter()
                    .position(|&q| q == '\'')
                    .map_or(0, |p| p + 2);
            }
        }
        i += 1;
    }
}

/// Every non-ASCII character the app can put on screen from its own sources and assets.
fn used_chars() -> BTreeMap<char, PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = [
        "src",
        "crates/gjk/src",
        "assets/scenarios",
        "assets/lessons",
    ];
    let mut found = BTreeMap::new();
    for file in dirs.iter().flat_map(|dir| files_under(&root.join(dir))) {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if file.extension().is_some_and(|e| e == "rs") {
            literal_chars(&text, &file, &mut found);
        } else {
            for c in text.chars().filter(|c| !c.is_ascii()) {
                found.entry(c).or_insert_with(|| file.clone());
            }
        }
    }
    found
}

/// Whether egui draws `c` in `family` of `fonts`: as egui does, the first font of the family
/// whose character map has it. (egui's own `has_glyph` answers no for every character of the
/// font that holds its replacement box.)
fn drawn(fonts: &FontDefinitions, family: &FontFamily, c: char) -> bool {
    fonts.families[family].iter().any(|name| {
        let font = skrifa::FontRef::new(&fonts.font_data[name].font).expect("a font file");
        font.charmap()
            .map(c)
            .is_some_and(|g| g != skrifa::GlyphId::NOTDEF)
    })
}

#[test]
fn every_character_the_app_writes_has_a_glyph_in_both_families() {
    let (fonts, used) = (fonts(), used_chars());
    // The scan sees the sentences: the panel's symbols and the texts' mathematics.
    for c in ['⊖', '→', '▶', '⏸', '🗑', '≤', 'ε'] {
        assert!(used.contains_key(&c), "{c} not found in the sources");
    }
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let missing: Vec<_> = used
            .iter()
            .filter(|&(&c, _)| !drawn(&fonts, &family, c))
            .map(|(c, file)| format!("{c} (U+{:04X}, {})", *c as u32, file.display()))
            .collect();
        assert!(missing.is_empty(), "{family:?} cannot draw {missing:?}");
    }
}

#[test]
fn the_symbol_fonts_keep_symbols_and_leave_out_pictographs() {
    let (fonts, text) = (fonts(), FontFamily::Proportional);
    // Arrows, technical symbols, geometric shapes and dingbats a user's text may use.
    for c in ['⇒', '⌘', '⏩', '◆', '☀', '✔', '⚠', '➜', '⬆'] {
        assert!(drawn(&fonts, &text, c), "{c} has no glyph");
    }
    // The pictographs are not in the page: an emoji in a scenario's name is a replacement box.
    // Nor are the code points egui never draws from its own fonts (`assets/fonts/make.py`).
    for c in [
        '🚀', '😀', '🍕', '\u{534d}', '\u{5350}', '\u{e0ff}', '\u{f200}',
    ] {
        assert!(!drawn(&fonts, &text, c), "U+{:04X} has a glyph", c as u32);
    }
}
