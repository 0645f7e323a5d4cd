//! A body of many pieces in the world view: the whole body, faint, in B's colour (the piece
//! stepped is B itself, drawn by [`crate::views::scene`]); each piece that was queried outlined
//! by what its contacts are (green: real, red: a ghost, grey: none); and at each contact the
//! normal the piece alone pushes along, with the normal cone the surface has there — the face
//! normals of the faces that meet at the contact's edge or corner, joined by arcs (the edge's
//! Gauss map). A normal outside its cone is a ghost: the floor has no such face.
//!
//! ```text
//!            cone of the edge          ghost: the lone triangle's normal,
//!        n₁ ╲      ╱ n₂                outside the arc from n₁ to n₂
//!            ╲____╱        ↗
//!   ─────────────●─────────────  the seam between two flat triangles
//! ```

use crate::case::pieces::{Pieces, PiecesState};
use crate::case::playback::LabSet;
use crate::views::camera::{Orbit, WORLD_LAYER, marks_on};
use crate::views::hull::{hull_mesh, local_shape_points, triangle_mesh};
use crate::views::palette;
use crate::views::shading::Matte;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use gjk::composite::{Contact, Judged, Pieces as Made};
use glam::DVec3;

/// Lines drawn over the bodies (a contact lies inside the overlap).
#[derive(Debug, Default, Reflect, GizmoConfigGroup)]
pub struct PiecesGizmos;

/// An entity that draws the body of many pieces, and the opening it was built for.
#[derive(Component, Debug, Clone, Copy)]
struct Drawn(u64);

/// Every piece's edges are drawn for a body of up to this many pieces; a larger one is drawn
/// as its surface alone, with the pieces queried outlined.
const OUTLINED: usize = 4096;

/// Support directions sampled to mesh a compound's curved piece.
const PIECE_SAMPLES: usize = 400;

/// How opaque the body's surface is: enough to read the floor, little enough to see the body
/// sunk in it.
const SURFACE_ALPHA: f32 = 0.22;

pub(crate) fn plugin(app: &mut App) {
    app.init_gizmo_group::<PiecesGizmos>()
        .add_systems(Startup, configure)
        .add_systems(Update, (build, draw).chain().in_set(LabSet::Visualise));
}

fn configure(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<PiecesGizmos>();
    config.render_layers = RenderLayers::layer(WORLD_LAYER);
    config.line.width = 4.0;
    config.depth_bias = -1.0;
}

/// Builds the body's surface for a case newly opened, and removes it when the case is left.
fn build(
    pieces: Res<Pieces>,
    drawn: Query<(Entity, &Drawn)>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Matte>>,
) {
    if !pieces.is_changed() {
        return;
    }
    // The pieces answered again (the body moved) change nothing built.
    let opened = pieces.0.as_ref().map(|s| s.opened);
    if opened.is_some() && drawn.iter().next().map(|(_, d)| d.0) == opened {
        return;
    }
    for (entity, _) in &drawn {
        commands.entity(entity).despawn();
    }
    let Some(state) = &pieces.0 else {
        return;
    };
    let material = materials.add(Matte::lit(palette::SHAPE_B.with_alpha(SURFACE_ALPHA)));
    for (mesh, transform) in surfaces(state) {
        commands.spawn((
            Drawn(state.opened),
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(material.clone()),
            transform,
            RenderLayers::layer(WORLD_LAYER),
            Pickable::IGNORE,
        ));
    }
}

/// The body's surface: a mesh's triangles, seen from both sides, as one mesh; each piece of a
/// compound at its pose; nothing for a chain (its segments are lines, drawn by [`draw`]).
fn surfaces(state: &PiecesState) -> Vec<(Mesh, Transform)> {
    match state.composite.pieces() {
        Made::Mesh(mesh) => {
            let (mut positions, mut normals) = (Vec::new(), Vec::new());
            for t in 0..mesh.triangles().len() as u32 {
                let [a, b, c] = mesh.corners(t).map(|p| p.as_vec3().to_array());
                let n = mesh.normal(t).as_vec3();
                positions.extend([a, b, c, a, c, b]);
                normals.extend([n, n, n, -n, -n, -n].map(|n| n.to_array()));
            }
            let indices = (0..positions.len() as u32).collect();
            vec![(
                triangle_mesh(positions, normals, indices),
                Transform::IDENTITY,
            )]
        }
        Made::Compound(compound) => compound
            .pieces()
            .iter()
            .filter_map(|(shape, pose)| {
                let mesh = hull_mesh(&local_shape_points(shape, 0.0, PIECE_SAMPLES))?;
                let at = Transform::from_translation(pose.position.as_vec3())
                    .with_rotation(pose.rotation.as_quat());
                Some((mesh, at))
            })
            .collect(),
        Made::Chain(_) => Vec::new(),
    }
}

/// The pieces' edges, the pieces queried, and every contact's normal and cone.
fn draw(
    pieces: Res<Pieces>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<PiecesGizmos>,
) {
    let Some(state) = &pieces.0 else {
        return;
    };
    let marks = marks_on(&cameras, WORLD_LAYER);
    let faint = palette::SHAPE_B.with_alpha(0.45);
    // The pieces not queried, faint (a line drawn twice shows the first colour drawn).
    if state.composite.len() <= OUTLINED {
        let runs = &state.answer.runs;
        for i in 0..state.composite.len() as u32 {
            if runs.binary_search_by_key(&i, |r| r.piece).is_err() {
                edges(state, i, faint, &mut gizmos);
            }
        }
    }
    for run in &state.answer.runs {
        let colour = if run.contacts.iter().any(|c| c.judged.is_ghost()) {
            palette::HORIZON
        } else if run.contacts.is_empty() {
            palette::AXIS
        } else {
            palette::CLOSEST
        };
        if run.piece != state.chosen {
            edges(state, run.piece, colour, &mut gizmos);
        }
        for contact in &run.contacts {
            normal_and_cone(contact, 0.9 * marks, &mut gizmos);
        }
    }
    // A captured case's engine normals, longer than the lab's, in the engine's colour.
    let engine = state
        .engine
        .iter()
        .flat_map(|e| e.contacts.iter().chain(&e.cast));
    for normal in engine {
        let length = 1.2 * f64::from(marks);
        gizmos
            .arrow(
                normal.at.as_vec3(),
                (normal.at + normal.normal * length).as_vec3(),
                palette::SUPPORT,
            )
            .with_tip_length(0.2 * length as f32);
    }
}

/// Piece `i`'s edges: a triangle's three, a segment, a compound piece's box.
fn edges(state: &PiecesState, i: u32, colour: Color, gizmos: &mut Gizmos<PiecesGizmos>) {
    match state.composite.pieces() {
        Made::Mesh(mesh) => {
            let [a, b, c] = mesh.corners(i).map(|p| p.as_vec3());
            gizmos.linestrip([a, b, c, a], colour);
        }
        Made::Chain(chain) => {
            let [a, b] = chain.ends(i).map(|p| p.as_vec3());
            gizmos.line(a, b, colour);
        }
        Made::Compound(_) => {
            let bounds = state.composite.tree().bounds(i);
            let centre = ((bounds.min + bounds.max) / 2.0).as_vec3();
            let size = (bounds.max - bounds.min).as_vec3();
            gizmos.cube(Transform::from_translation(centre).with_scale(size), colour);
        }
    }
}

/// The contact's normal from its point on the piece (red for a ghost), and the cone it is
/// judged against: each face normal faint, the arcs between them.
fn normal_and_cone(contact: &Contact, length: f32, gizmos: &mut Gizmos<PiecesGizmos>) {
    let at = contact.point.point_b;
    let colour = if contact.judged.is_ghost() {
        palette::HORIZON
    } else {
        palette::CONTACT
    };
    gizmos
        .arrow(
            at.as_vec3(),
            (at + contact.normal * f64::from(length)).as_vec3(),
            colour,
        )
        .with_tip_length(0.2 * length);
    let cones = match &contact.judged {
        Judged::Mesh(seam) => &seam.cones,
        Judged::Chain(seam) => &seam.cones,
        Judged::Compound { .. } => return,
    };
    let cone_colour = palette::CLOSEST.with_alpha(0.7);
    let reach = 0.8 * f64::from(length);
    for cone in cones {
        for n in cone {
            gizmos.line(at.as_vec3(), (at + *n * reach).as_vec3(), cone_colour);
        }
        for pair in cone.windows(2) {
            arc(at, pair[0], pair[1], reach, cone_colour, gizmos);
        }
    }
}

/// The arc from unit `u` to unit `v` (the shorter way), `radius` from `at`.
fn arc(
    at: DVec3,
    u: DVec3,
    v: DVec3,
    radius: f64,
    colour: Color,
    gizmos: &mut Gizmos<PiecesGizmos>,
) {
    const SEGMENTS: usize = 12;
    let points = (0..=SEGMENTS).map(|k| {
        let t = k as f64 / SEGMENTS as f64;
        let d = (u * (1.0 - t) + v * t).normalize_or(u);
        (at + d * radius).as_vec3()
    });
    gizmos.linestrip(points, colour);
}
