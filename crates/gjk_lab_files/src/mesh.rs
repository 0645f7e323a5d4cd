//! Bringing real cases in: a convex shape from a mesh file (Wavefront OBJ, glTF or GLB) or from
//! a pasted vertex list becomes a polytope of its vertices. GJK only ever asks a shape for its
//! support point, and the support point of a mesh is the support point of its vertex cloud, so
//! the faces are not needed. A level's floor is the other way round: its triangles are the
//! body ([`mesh_triangles`]), each one a piece.

use crate::incoming::Incoming;
use glam::{DMat4, DVec3, Mat4};

/// The vertices of every mesh in an OBJ, glTF or GLB file (glTF nodes' transforms applied).
pub fn mesh_vertices(file: &Incoming) -> Result<Vec<DVec3>, String> {
    let points = by_format(file, obj_vertices, gltf_vertices)?;
    if points.is_empty() {
        return Err(format!("{}: the file has no vertices", file.name));
    }
    finite(&file.name, &points)?;
    Ok(points)
}

/// The triangles of every mesh in an OBJ, glTF or GLB file (faces of more corners split into
/// triangles, glTF nodes' transforms applied), as vertices and each triangle's three of them,
/// for a floor of many pieces. Vertices at the same place are one vertex, as an exporter that
/// splits them along texture seams did not mean the surface to part there: the triangles on
/// either side share the edge, and the seam between them is judged as the floor's.
pub fn mesh_triangles(file: &Incoming) -> Result<(Vec<DVec3>, Vec<[u32; 3]>), String> {
    let (points, triangles) = by_format(file, obj_triangles, gltf_triangles)?;
    if triangles.is_empty() {
        return Err(format!("{}: the file has no triangles", file.name));
    }
    finite(&file.name, &points)?;
    Ok(welded(&points, &triangles))
}

/// The file read by the reader its extension names: `obj` for a Wavefront OBJ, `gltf` for a
/// glTF or GLB.
fn by_format<T>(
    file: &Incoming,
    obj: impl FnOnce(&str, &[u8]) -> Result<T, String>,
    gltf: impl FnOnce(&Incoming, &[u8]) -> Result<T, String>,
) -> Result<T, String> {
    let name = &file.name;
    let ext = file
        .path()
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("obj") => obj(name, &file.bytes()?),
        Some("gltf" | "glb") => gltf(file, &file.bytes()?),
        _ => Err(format!(
            "{name}: unknown mesh format (use .obj, .gltf or .glb)"
        )),
    }
}

/// Refuses the first vertex that is not a finite point, by its number.
fn finite(name: &str, points: &[DVec3]) -> Result<(), String> {
    match points.iter().position(|p| !p.is_finite()) {
        Some(i) => Err(format!("{name}: vertex {i} is not a finite point")),
        None => Ok(()),
    }
}

/// The vertices with those at the same place (to the bit) made one, and the triangles on them.
fn welded(points: &[DVec3], triangles: &[[u32; 3]]) -> (Vec<DVec3>, Vec<[u32; 3]>) {
    let mut first = std::collections::HashMap::new();
    let mut kept = Vec::new();
    let index: Vec<u32> = points
        .iter()
        .map(|p| {
            // -0.0 and 0.0 are one place.
            let key = (*p + DVec3::ZERO).to_array().map(f64::to_bits);
            *first.entry(key).or_insert_with(|| {
                kept.push(*p);
                (kept.len() - 1) as u32
            })
        })
        .collect();
    let triangles = triangles
        .iter()
        .map(|t| t.map(|i| index[i as usize]))
        .collect();
    (kept, triangles)
}

/// An OBJ's faces as triangles (a face of more corners as a fan), every model's together.
fn obj_triangles(name: &str, bytes: &[u8]) -> Result<(Vec<DVec3>, Vec<[u32; 3]>), String> {
    let no_materials = |_: &std::path::Path| Err(tobj::LoadError::OpenFileFailed);
    // Loose points and edges (`p`, `l`: Blender writes loose edges) are no part of a floor;
    // triangulated, they would become triangles of no area.
    let options = tobj::LoadOptions {
        triangulate: true,
        ignore_points: true,
        ignore_lines: true,
        ..tobj::LoadOptions::default()
    };
    let (models, _materials) = tobj::load_obj_buf(&mut &*bytes, &options, no_materials)
        .map_err(|e| format!("{name}: not a readable OBJ file: {e}"))?;
    let (mut points, mut triangles) = (Vec::new(), Vec::new());
    for model in &models {
        let offset = points.len() as u32;
        let positions = model.mesh.positions.as_chunks::<3>().0;
        points.extend(
            positions
                .iter()
                .map(|&[x, y, z]| DVec3::new(x.into(), y.into(), z.into())),
        );
        for t in model.mesh.indices.as_chunks::<3>().0 {
            if let Some(&bad) = t.iter().find(|&&i| i as usize >= positions.len()) {
                return Err(format!(
                    "{name}: a face names vertex {bad}, and there are {}",
                    positions.len()
                ));
            }
            triangles.push(t.map(|i| offset + i));
        }
    }
    Ok((points, triangles))
}

/// A glTF's triangles (primitives of mode `TRIANGLES`, indexed or not), every node's mesh
/// placed by its transform; a transform that mirrors turns each triangle round, so that it
/// still faces the way its file says.
fn gltf_triangles(file: &Incoming, bytes: &[u8]) -> Result<(Vec<DVec3>, Vec<[u32; 3]>), String> {
    let (doc, buffers) = gltf_document(file, bytes)?;
    let mut out = (Vec::new(), Vec::new());
    let scene = doc.default_scene().or_else(|| doc.scenes().next());
    let Some(scene) = scene else {
        return Err(format!("{}: the file has no scene", file.name));
    };
    for node in scene.nodes() {
        node_triangles(&node, DMat4::IDENTITY, &buffers, &mut out)
            .map_err(|why| format!("{}: {why}", file.name))?;
    }
    Ok(out)
}

/// A node's triangles in world coordinates, then its children's.
fn node_triangles(
    node: &gltf::Node,
    parent: DMat4,
    buffers: &[Vec<u8>],
    out: &mut (Vec<DVec3>, Vec<[u32; 3]>),
) -> Result<(), String> {
    let local = Mat4::from_cols_array_2d(&node.transform().matrix()).as_dmat4();
    let world = parent * local;
    let mirrored = world.determinant() < 0.0;
    for primitive in node.mesh().iter().flat_map(|m| m.primitives()) {
        if primitive.mode() != gltf::mesh::Mode::Triangles {
            continue;
        }
        let reader = primitive.reader(|b| buffers.get(b.index()).map(Vec::as_slice));
        let Some(positions) = reader.read_positions() else {
            continue;
        };
        let offset = out.0.len() as u32;
        let before = out.0.len();
        out.0
            .extend(positions.map(|p| world.transform_point3(DVec3::from(p.map(f64::from)))));
        let count = (out.0.len() - before) as u32;
        let indices: Vec<u32> = match reader.read_indices() {
            Some(indices) => indices.into_u32().collect(),
            None => (0..count).collect(),
        };
        for t in indices.as_chunks::<3>().0 {
            if let Some(&bad) = t.iter().find(|&&i| i >= count) {
                let mesh = node.mesh().map_or(0, |m| m.index());
                return Err(format!(
                    "meshes[{mesh}]: an index names vertex {bad}, and there are {count}"
                ));
            }
            let [a, b, c] = t.map(|i| offset + i);
            out.1.push(if mirrored { [a, c, b] } else { [a, b, c] });
        }
    }
    for child in node.children() {
        node_triangles(&child, world, buffers, out)?;
    }
    Ok(())
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

/// A glTF's document and its buffers: the GLB's own binary chunk, or `.bin` files beside the
/// `.gltf` (what the reader panics on refused first, [`precheck`]).
fn gltf_document(file: &Incoming, bytes: &[u8]) -> Result<(gltf::Gltf, Vec<Vec<u8>>), String> {
    let name = &file.name;
    precheck(name, bytes)?;
    let doc = gltf::Gltf::from_slice(bytes)
        .map_err(|e| format!("{name}: not a readable glTF file: {e}"))?;
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
    Ok((doc, buffers))
}

fn gltf_vertices(file: &Incoming, bytes: &[u8]) -> Result<Vec<DVec3>, String> {
    let (doc, buffers) = gltf_document(file, bytes)?;
    let mut points = Vec::new();
    let scene = doc.default_scene().or_else(|| doc.scenes().next());
    let Some(scene) = scene else {
        return Err(format!("{}: the file has no scene", file.name));
    };
    for node in scene.nodes() {
        collect_node(&node, DMat4::IDENTITY, &buffers, &mut points);
    }
    Ok(points)
}

/// What the glTF reader (gltf 1.4) panics on instead of refusing, refused first (found by the
/// `mesh_file` fuzz target): a GLB whose header gives a length under its own 12 bytes (a
/// subtraction that overflows), and a primitive whose attribute names an accessor the file
/// does not have (its validation reads the accessor before it checks that it exists); and
/// nodes whose walk would never end ([`node_tree`]).
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
    node_tree(&root["nodes"]).map_err(|why| format!("{name}: {why}"))
}

/// How deep a glTF's nodes may nest: far past any exported scene, and short enough for the
/// scene's walk, which recurses once a level.
const MAX_NODE_DEPTH: usize = 256;

/// The reader (gltf 1.4) takes a node among its own descendants as it is, and a walk of the
/// scene would never end: a node's children, followed down from every node, must come to an
/// end, within [`MAX_NODE_DEPTH`] levels. (A child index the file lacks is the reader's to
/// refuse.)
fn node_tree(nodes: &serde_json::Value) -> Result<(), String> {
    let nodes = nodes.as_array().map_or(&[][..], Vec::as_slice);
    let children = |i: usize| -> Vec<usize> {
        let listed = nodes[i]["children"]
            .as_array()
            .map_or(&[][..], Vec::as_slice);
        listed
            .iter()
            .filter_map(|c| c.as_u64().and_then(|c| usize::try_from(c).ok()))
            .filter(|&c| c < nodes.len())
            .collect()
    };
    // Depth-first from each node not yet seen, without recursion: each entry on the stack is a
    // node and how many of its children have been walked; `open` marks the nodes on the path.
    let (mut done, mut open) = (vec![false; nodes.len()], vec![false; nodes.len()]);
    for root in 0..nodes.len() {
        if done[root] {
            continue;
        }
        let mut path = vec![(root, children(root), 0)];
        open[root] = true;
        while let Some((node, kids, next)) = path.last_mut() {
            let Some(&child) = kids.get(*next) else {
                open[*node] = false;
                done[*node] = true;
                path.pop();
                continue;
            };
            *next += 1;
            if open[child] {
                return Err(format!("nodes[{child}] is among its own descendants"));
            }
            if !done[child] {
                if path.len() >= MAX_NODE_DEPTH {
                    return Err(format!("nodes nest more than {MAX_NODE_DEPTH} deep"));
                }
                open[child] = true;
                path.push((child, children(child), 0));
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
