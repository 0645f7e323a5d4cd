//! Embeds the scenario presets and the failure gallery in the binary, so the program finds
//! them wherever it is started or moved to: `$OUT_DIR/bundled.rs` lists every `.json` and
//! `.ron` file of `assets/scenarios/` (and its `gallery/`), and of `assets/meshes/` (bodies
//! against floors of many pieces), with its text; `$OUT_DIR/lessons.rs`
//! the lessons of `assets/lessons/`.

use std::fmt::Write as _;
use std::path::Path;

fn listing(dir: &Path, prefix: &str) -> String {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("assets/scenarios and assets/lessons are part of the source")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "ron"))
        .collect();
    files.sort();
    let mut out = String::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy();
        let full = path.canonicalize().unwrap();
        writeln!(
            out,
            "    ({:?}, include_str!({:?})),",
            format!("{prefix}{name}"),
            full
        )
        .unwrap();
    }
    out
}

fn main() {
    let root = Path::new("../../assets/scenarios");
    println!("cargo:rerun-if-changed=../../assets/scenarios");
    println!("cargo:rerun-if-changed=../../assets/meshes");
    let code = format!(
        "/// The presets: (file name, text).\npub static PRESETS: &[(&str, &str)] = &[\n{}];\n\n\
         /// The failure gallery: (`gallery/` file name, text).\npub static GALLERY: &[(&str, &str)] = &[\n{}];\n\n\
         /// The floors of many pieces: (`meshes/` file name, text).\npub static FLOORS: &[(&str, &str)] = &[\n{}];\n",
        listing(root, ""),
        listing(&root.join("gallery"), "gallery/"),
        listing(Path::new("../../assets/meshes"), "meshes/"),
    );
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("bundled.rs");
    std::fs::write(out, code).unwrap();
    println!("cargo:rerun-if-changed=../../assets/lessons");
    let lessons = format!(
        "/// The bundled lessons: (file name, text).\npub static LESSONS: &[(&str, &str)] = &[\n{}];\n",
        listing(Path::new("../../assets/lessons"), ""),
    );
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("lessons.rs");
    std::fs::write(out, lessons).unwrap();
}
