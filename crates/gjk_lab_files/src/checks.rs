//! What every reader promises of any input, checked: the promises the fuzz targets (`fuzz/`)
//! hold the readers to, and that `cargo test` holds them to again on every input the fuzzers
//! kept (`tests/fuzzed.rs`, no nightly needed). Each takes the raw bytes a target is given
//! and says what it found broken.
//!
//! - A lesson read is written out and read back the same; a refusal names its field, or
//!   for text that is no lesson at all, its line and column.
//! - A link read (a case or a lesson) is made into a link again and read back the same; a
//!   refusal says which part of the link.
//! - A mesh read is a non-empty list of finite points; a refusal names the file.
//!
//! May use: every module of this crate.

use crate::incoming::Incoming;
use crate::lesson::{Lesson, is_lesson};
use crate::link::{decode, encode, pack};
use crate::mesh::{mesh_triangles, mesh_vertices, parse_vertex_list};
use gjk::Format;

/// Where the links made here point.
const BASE: &str = "http://127.0.0.1:8080/";

/// Any text read as a lesson file (JSON when it opens with `{`, else RON).
pub fn lesson_text(bytes: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    let format = if text.trim_start().starts_with('{') {
        Format::Json
    } else {
        Format::Ron
    };
    let probed = is_lesson(text, format);
    match Lesson::parse(text, format) {
        Ok(lesson) => {
            if !probed {
                return Err("a lesson that was read is not taken for a lesson".into());
            }
            let written = lesson.to_text(format);
            match Lesson::parse(&written, format) {
                Ok(again) if again == lesson => Ok(()),
                Ok(_) => Err(format!("read back differently:\n{written}")),
                Err(e) => Err(format!("written out, not read back: {e}\n{written}")),
            }
        }
        Err(e) if e.names_its_place() => Ok(()),
        Err(e) => Err(format!("refused without naming a place: {e}")),
    }
}

/// A link: the first byte says how the rest is made into one (the text itself; deflated into
/// `#case=…&step=N`, the next two bytes the step; deflated into `#lesson=…`).
pub fn link(bytes: &[u8]) -> Result<(), String> {
    let [mode, high, low, rest @ ..] = bytes else {
        return Ok(());
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return Ok(());
    };
    let step = u16::from_be_bytes([*high, *low]);
    let link = match mode % 3 {
        0 => text.to_string(),
        1 => format!("{BASE}#case={}&step={step}", pack(text)),
        _ => format!("{BASE}#lesson={}", pack(text)),
    };
    match Lesson::from_link(&link) {
        Some(Ok(lesson)) => match lesson.to_link(BASE) {
            // A lesson too long for a link is refused, by its length.
            Err(_) => Ok(()),
            Ok(again) => match Lesson::from_link(&again) {
                Some(Ok(back)) if back == lesson => Ok(()),
                _ => Err(format!(
                    "a lesson's link does not read back the same: {again}"
                )),
            },
        },
        Some(Err(why)) if why.starts_with("lesson") => Ok(()),
        Some(Err(why)) => Err(format!("a lesson link refused without its part: {why}")),
        None => match decode(&link) {
            Ok(case) => {
                let step = case.step.unwrap_or(0);
                let again = encode(&case.scenario, step, BASE);
                match decode(&again) {
                    Ok(back) if back.scenario == case.scenario && back.step == Some(step) => Ok(()),
                    Ok(_) => Err(format!("a case's link reads back differently: {again}")),
                    Err(e) => Err(format!("a case's link does not read back: {e}: {again}")),
                }
            }
            Err(why)
                if why.starts_with("case: ")
                    || why.starts_with("step: ")
                    || why.starts_with("the link has no case") =>
            {
                Ok(())
            }
            Err(why) => Err(format!("a link refused without its part: {why}")),
        },
    }
}

/// The same file read as a floor's triangles: refused by name, or triangles that name only
/// the vertices read, every one finite.
fn floor_file(name: &str, file: &Incoming) -> Result<(), String> {
    match mesh_triangles(file) {
        Ok((points, triangles)) => {
            if let Some(t) = triangles
                .iter()
                .find(|t| t.iter().any(|&i| i as usize >= points.len()))
            {
                return Err(format!(
                    "a triangle {t:?} past the {} vertices read",
                    points.len()
                ));
            }
            if points.iter().any(|p| !p.is_finite()) {
                return Err(format!("a floor's vertex is not finite: {points:?}"));
            }
            Ok(())
        }
        Err(why) if !why.starts_with(name) => Err(format!("a floor refused naming no file: {why}")),
        Err(_) => Ok(()),
    }
}

/// A mesh file: the first byte says which kind (OBJ, glTF, GLB, or text pasted as a vertex
/// list), the rest is the file.
pub fn mesh_file(bytes: &[u8]) -> Result<(), String> {
    let [kind, file @ ..] = bytes else {
        return Ok(());
    };
    let name = ["body.obj", "body.gltf", "body.glb", "pasted"][usize::from(kind % 4)];
    let read = if name == "pasted" {
        let Ok(text) = std::str::from_utf8(file) else {
            return Ok(());
        };
        parse_vertex_list(text)
    } else {
        let given = Incoming::given(name, file.to_vec());
        floor_file(name, &given)?;
        let read = mesh_vertices(&given);
        if let Err(why) = &read
            && !why.starts_with(name)
        {
            return Err(format!("a refusal that names no file: {why}"));
        }
        read
    };
    match read {
        Ok(points) if points.is_empty() => Err("read as no points at all".into()),
        Ok(points) if points.iter().any(|p| !p.is_finite()) => {
            Err(format!("a point read is not finite: {points:?}"))
        }
        Ok(_) => Ok(()),
        Err(why) if why.trim().is_empty() => Err("refused with no reason".into()),
        Err(_) => Ok(()),
    }
}
