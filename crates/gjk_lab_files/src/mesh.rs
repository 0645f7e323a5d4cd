//! Bringing real cases in: a convex shape from a mesh file (Wavefront OBJ, glTF or GLB) or from
//! a pasted vertex list becomes a polytope of its vertices. GJK only ever asks a shape for its
//! support point, and the support point of a mesh is the support point of its vertex cloud, so
//! the faces are not needed.

use crate::incoming::Incoming;
use glam::{DMat4, DVec3, Mat4};

/// The vertices of every mesh in an OBJ, glTF or GLB file (glTF nodes' transforms applied).
pub fn mesh_vertices(file: &Incoming) -> Result<Vec<DVec3>, String> {
    let name = &file.name;
    let ext = file
        .path()
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let points = match ext.as_deref() {
        Some("obj") => obj_vertices(name, &file.bytes()?)?,
        Some("gltf" | "glb") => gltf_vertices(file, &file.bytes()?)?,
        _ => {
            return Err(format!(
                "{name}: unknown mesh format (use .obj, .gltf or .glb)"
            ));
        }
    };
    if points.is_empty() {
        return Err(format!("{name}: the file has no vertices"));
    }
    if let Some(i) = points.iter().position(|p| !p.is_finite()) {
        return Err(format!("{name}: vertex {i} is not a finite point"));
    }
    Ok(points)
}

/// The vertices an OBJ's faces, lines and points use (tobj leaves out a `v` line nothing refers
/// to: it is not part of any mesh). Materials are not read: only the points matter.
fn obj_vertices(name: &str, bytes: &[u8]) -> Result<Vec<DVec3>, String> {
    let no_materials = |_: &std::path::Path| Err(tobj::LoadError::OpenFileFailed);
    let (models, _materials) =
        tobj::load_obj_buf(&mut &*bytes, &tobj::LoadOptions::default(), no_materials)
            .map_err(|e| format!("{name}: not a readable OBJ file: {e}"))?;
    Ok(models
        .iter()
        .flat_map(|m| m.mesh.positions.as_chunks::<3>().0)
        .map(|&[x, y, z]| DVec3::new(x.into(), y.into(), z.into()))
        .collect())
}

fn gltf_vertices(file: &Incoming, bytes: &[u8]) -> Result<Vec<DVec3>, String> {
    let name = &file.name;
    precheck(name, bytes)?;
    let doc = gltf::Gltf::from_slice(bytes)
        .map_err(|e| format!("{name}: not a readable glTF file: {e}"))?;
    // Buffers: the GLB's own binary chunk, or .bin files beside the .gltf.
    let mut buffers = Vec::new();
    for buffer in doc.buffers() {
        let data = match buffer.source() {
            gltf::buffer::Source::Bin => doc
                .blob
                .clone()
                .ok_or_else(|| format!("{name}: the GLB has no binary chunk"))?,
            gltf::buffer::Source::Uri(uri) if uri.starts_with("data:") => {
                return Err(format!(
                    "{name}: buffers embedded as data URIs are not supported; export as .glb \
                     or with a separate .bin file"
                ));
            }
            gltf::buffer::Source::Uri(uri) => file.beside(uri)?,
        };
        buffers.push(data);
    }
    let mut points = Vec::new();
    let scene = doc.default_scene().or_else(|| doc.scenes().next());
    let Some(scene) = scene else {
        return Err(format!("{name}: the file has no scene"));
    };
    for node in scene.nodes() {
        collect_node(&node, DMat4::IDENTITY, &buffers, &mut points);
    }
    Ok(points)
}

/// What the glTF reader (gltf 1.4) panics on instead of refusing, refused first (found by the
/// `mesh_file` fuzz target): a GLB whose header gives a length under its own 12 bytes (a
/// subtraction that overflows), and a primitive whose attribute names an accessor the file
/// does not have (its validation reads the accessor before it checks that it exists).
fn precheck(name: &str, bytes: &[u8]) -> Result<(), String> {
    let json = if bytes.starts_with(b"glTF") {
        let word = |at: usize| {
            let four = bytes.get(at..at + 4)?;
            Some(u32::from_le_bytes([four[0], four[1], four[2], four[3]]) as usize)
        };
        let (Some(length), Some(chunk)) = (word(8), word(12)) else {
            return Err(format!("{name}: a GLB shorter than its 20-byte header"));
        };
        if length < 12 || length > bytes.len() {
            return Err(format!(
                "{name}: the GLB says it is {length} bytes long, and it is {}",
                bytes.len()
            ));
        }
        bytes
            .get(20..20usize.saturating_add(chunk))
            .ok_or_else(|| format!("{name}: the GLB's JSON chunk runs past its end"))?
    } else {
        bytes
    };
    // Text that is no JSON is left for the reader to say why.
    let Ok(root) = serde_json::from_slice::<serde_json::Value>(json) else {
        return Ok(());
    };
    let accessors = root["accessors"].as_array().map_or(0, Vec::len);
    let meshes = root["meshes"].as_array().into_iter().flatten();
    for (i, mesh) in meshes.enumerate() {
        let primitives = mesh["primitives"].as_array().into_iter().flatten();
        for (j, primitive) in primitives.enumerate() {
            for (semantic, index) in primitive["attributes"].as_object().into_iter().flatten() {
                if index.as_u64().is_some_and(|k| k >= accessors as u64) {
                    return Err(format!(
                        "{name}: meshes[{i}].primitives[{j}].attributes.{semantic}: accessor \
                         {index} is not in the file ({accessors} accessors)"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A node's meshes in world coordinates, then its children.
fn collect_node(node: &gltf::Node, parent: DMat4, buffers: &[Vec<u8>], out: &mut Vec<DVec3>) {
    let local = Mat4::from_cols_array_2d(&node.transform().matrix()).as_dmat4();
    let world = parent * local;
    if let Some(mesh) = node.mesh() {
        for primitive in mesh.primitives() {
            let reader = primitive.reader(|b| buffers.get(b.index()).map(Vec::as_slice));
            if let Some(positions) = reader.read_positions() {
                out.extend(
                    positions.map(|p| world.transform_point3(DVec3::from(p.map(f64::from)))),
                );
            }
        }
    }
    for child in node.children() {
        collect_node(&child, world, buffers, out);
    }
}

/// A pasted vertex list: `x y z` lines, `[x, y, z]` JSON (one array of triples), or numbers
/// separated by commas, three to a point. The error names the first thing that is not a number
/// and where it is.
pub fn parse_vertex_list(text: &str) -> Result<Vec<DVec3>, String> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err("the vertex list is empty".into());
    }
    let numbers: Vec<f64> = if trimmed.starts_with('[') {
        let triples: Vec<[f64; 3]> = serde_json::from_str(trimmed)
            .map_err(|e| format!("not a JSON list of [x, y, z] points: {e}"))?;
        triples.into_iter().flatten().collect()
    } else {
        let mut numbers = Vec::new();
        for (line_no, line) in trimmed.lines().enumerate() {
            for token in line
                .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
                .filter(|t| !t.is_empty())
            {
                let x: f64 = token
                    .parse()
                    .map_err(|_| format!("line {}: {token:?} is not a number", line_no + 1))?;
                numbers.push(x);
            }
        }
        numbers
    };
    if numbers.is_empty() {
        return Err("the vertex list holds no numbers".into());
    }
    if !numbers.len().is_multiple_of(3) {
        return Err(format!(
            "{} numbers do not make whole points (three per point)",
            numbers.len()
        ));
    }
    if let Some(x) = numbers.iter().find(|x| !x.is_finite()) {
        return Err(format!("{x} is not a finite coordinate"));
    }
    Ok(numbers
        .as_chunks::<3>()
        .0
        .iter()
        .map(|&c| DVec3::from_array(c))
        .collect())
}
