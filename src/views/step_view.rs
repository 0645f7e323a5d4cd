//! What the current step looks like inside A ⊖ B: the simplex the solver examined (vertices in
//! their slot colours, edges, translucent faces), the search direction, the new support point w,
//! the closest point v, and the Voronoi region of the feature that holds the origin — its
//! half-spaces clipped to a neighbourhood of the feature about the simplex's size, a faint solid
//! with its boundary planes outlined in the colour of the feature's kind.

use crate::case::compare::{CompareRun, CompareSettings};
use crate::case::playback::{LabSet, Playback};
use crate::views::camera::{COMPARE_LAYER, MINKOWSKI_LAYER};
use crate::views::camera::{Orbit, marks_on};
use crate::views::hull::{ClippedRegion, OrientedBox, clip_region, hull_mesh};
use crate::views::minkowski_view::MinkowskiGizmos;
use crate::views::palette;
use crate::views::shading::Matte;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use glam::DVec3;

/// The drawn Voronoi region: its translucent solid, and the outline of its planes; in the
/// plane, every other region of the simplex outlined too, each in its feature's colour.
#[derive(Component, Default)]
struct RegionSolid {
    outline: Vec<[Vec3; 2]>,
    color: Color,
    others: Vec<([Vec3; 2], Color)>,
}

/// How long the search direction's arrow is, at the view's starting zoom.
pub const DIRECTION_LENGTH: f32 = 0.7;

#[derive(Component)]
struct SimplexFaces;

pub(crate) fn plugin(app: &mut App) {
    app.init_gizmo_group::<CompareGizmos>()
        .add_systems(Startup, (spawn_solids, configure_compare_gizmos))
        .add_systems(
            Update,
            (rebuild_solids, draw_step, draw_compare_step)
                .chain()
                // Before A ⊖ B's outline (the first line drawn on a pixel wins): the step's
                // lines show where they lie on it (EPA's nearest edge, once on the boundary).
                .before(crate::views::minkowski_view::draw_difference)
                .in_set(LabSet::Visualise),
        );
}

fn spawn_solids(mut commands: Commands, mut materials: ResMut<Assets<Matte>>) {
    commands.spawn((
        RegionSolid::default(),
        Mesh3d::default(),
        MeshMaterial3d(materials.add(Matte::flat(Color::NONE))),
        RenderLayers::layer(MINKOWSKI_LAYER),
        Pickable::IGNORE,
    ));
    commands.spawn((
        SimplexFaces,
        Mesh3d::default(),
        MeshMaterial3d(materials.add(Matte::flat(Color::WHITE.with_alpha(0.16)))),
        RenderLayers::layer(MINKOWSKI_LAYER),
        Pickable::IGNORE,
    ));
}

/// The neighbourhood the region is drawn in: a box snug around the feature's points and the
/// origin (the region holds the origin: that is the lesson), turned to lie along them and grown
/// by a quarter of its length. Regions are unbounded; drawn out to the edge of the view they
/// would fill it and hide the simplex.
fn region_box(step: &gjk::Step, feature: &[usize]) -> OrientedBox {
    let mut points: Vec<DVec3> = feature.iter().map(|&i| step.candidate[i].point).collect();
    points.push(DVec3::ZERO);
    let size = points
        .iter()
        .flat_map(|p| points.iter().map(move |q| p.distance(*q)))
        .fold(0.0, f64::max);
    OrientedBox::around(&points, (size / 4.0).max(1e-3))
}

type RegionQuery = (
    &'static mut RegionSolid,
    &'static mut Mesh3d,
    &'static MeshMaterial3d<Matte>,
);

/// Meshes for the region and the simplex faces, rebuilt only when the step or trace changes.
fn rebuild_solids(
    playback: Res<Playback>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Matte>>,
    mut region: Single<RegionQuery, (With<RegionSolid>, Without<SimplexFaces>)>,
    mut faces: Single<&mut Mesh3d, (With<SimplexFaces>, Without<RegionSolid>)>,
) {
    if !playback.is_changed() {
        return;
    }
    let step = playback.current();
    let points: Vec<DVec3> = step
        .map(|s| s.candidate.iter().map(|v| v.point).collect())
        .unwrap_or_default();
    if playback.case.dimension.is_plane() {
        let (solid, mesh, material) = &mut *region;
        mesh.0 = plane_solids(step, solid, &mut meshes).unwrap_or_default();
        if let Some(mut material) = materials.get_mut(&material.0) {
            material.set_color(solid.color.with_alpha(0.22));
        }
        faces.0 = step
            .and_then(|s| s.epa())
            .and_then(|epa| crate::views::plane::polygon_mesh(&epa_ring(epa)))
            .map_or_else(Handle::default, |m| meshes.add(m));
        return;
    }
    faces.0 = if let Some(epa) = step.and_then(|s| s.epa()) {
        // EPA: the whole polytope, translucent.
        meshes.add(polytope_mesh(epa))
    } else if points.len() >= 4 {
        hull_mesh(&points.iter().map(|p| p.as_vec3()).collect::<Vec<_>>())
            .map_or_else(Handle::default, |m| meshes.add(m))
    } else if points.len() == 3 {
        // Both windings: faces are culled from behind, and a lone triangle has no inside.
        let [a, b, c] = [0, 1, 2].map(|i| points[i].as_vec3().to_array());
        meshes.add(
            Mesh::new(
                bevy::mesh::PrimitiveTopology::TriangleList,
                bevy::asset::RenderAssetUsages::default(),
            )
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, vec![a, b, c, a, c, b])
            .with_inserted_indices(bevy::mesh::Indices::U32((0..6).collect())),
        )
    } else {
        Handle::default()
    };
    let feature = step.zip(step.and_then(|s| s.feature.as_ref()));
    let (solid, mesh, material) = &mut *region;
    let region = step
        .map(gjk::simplex::voronoi::step_region)
        .unwrap_or_default();
    let clipped = match feature {
        Some((step, f)) if !region.is_empty() => {
            clip_region(&region, &region_box(step, &f.vertices))
        }
        _ => ClippedRegion::default(),
    };
    mesh.0 = hull_mesh(&clipped.corners).map_or_else(Handle::default, |m| meshes.add(m));
    solid.outline = clipped.edges;
    // The plane's other regions go when a case leaves the plane.
    solid.others.clear();
    if let Some((_, f)) = feature {
        solid.color = palette::region(f.kind);
        if let Some(mut material) = materials.get_mut(&material.0) {
            material.set_color(solid.color.with_alpha(0.09));
        }
    }
}

/// In the plane: every Voronoi region of the step's simplex, the one the step found the origin
/// in filled (its mesh returned), the others outlined.
fn plane_solids(
    step: Option<&gjk::Step>,
    solid: &mut RegionSolid,
    meshes: &mut Assets<Mesh>,
) -> Option<Handle<Mesh>> {
    let regions = step.map(crate::views::plane::regions).unwrap_or_default();
    solid.outline.clear();
    solid.others.clear();
    let mut fill = None;
    for r in &regions {
        let color = palette::region(r.kind);
        let edges = r.edges.iter().copied();
        if r.chosen {
            solid.color = color;
            solid.outline.extend(edges);
            fill = crate::views::plane::polygon_mesh(&r.polygon).map(|m| meshes.add(m));
        } else {
            solid
                .others
                .extend(edges.map(|e| (e, color.with_alpha(0.55))));
        }
    }
    fill
}

/// The EPA polygon's corners in order round it (the first end of each edge).
fn epa_ring(epa: &gjk::EpaRecord) -> Vec<Vec3> {
    epa.boundary
        .segments()
        .map(|e| epa.vertices[e[0]].point.as_vec3())
        .collect()
}

/// The EPA polytope's triangles as a mesh (none in the plane, whose polygon is
/// [`epa_ring`]'s).
fn polytope_mesh(epa: &gjk::EpaRecord) -> Mesh {
    let faces = match &epa.boundary {
        gjk::Boundary::Faces { faces, .. } => faces.as_slice(),
        gjk::Boundary::Edges { .. } => &[],
    };
    let positions: Vec<[f32; 3]> = faces
        .iter()
        .flat_map(|f| f.map(|i| epa.vertices[i].point.as_vec3().to_array()))
        .collect();
    let count = positions.len() as u32;
    Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_indices(bevy::mesh::Indices::U32((0..count).collect()))
}

/// EPA: the horizon that the new support point is stitched to, in a strong colour, and the
/// face (in the plane, the edge) nearest the origin, in the closest point's colour, with the
/// segment from the origin to its foot (the face's distance) and its normal n drawn out from
/// the foot at the direction arrow's length, so n shows however near the face is (an edge
/// 0.057 from the origin drew an arrow too short to see under O's cross). At the last step
/// nothing is stitched: the nearest face is the answer, on the boundary of A ⊖ B.
fn draw_epa_horizon<G: GizmoConfigGroup>(epa: &gjk::EpaRecord, marks: f32, gizmos: &mut Gizmos<G>) {
    let p = |i: usize| epa.vertices[i].point.as_vec3();
    for e in epa.boundary.rim() {
        gizmos.line(p(e[0]), p(e[1]), palette::HORIZON);
    }
    let f = epa.boundary.closest();
    for k in 0..f.len() {
        gizmos.line(p(f[k]), p(f[(k + 1) % f.len()]), palette::CLOSEST);
    }
    let (foot, tip) = epa_normal(epa, marks);
    gizmos.line(Vec3::ZERO, foot, palette::CLOSEST);
    gizmos.arrow(foot, tip, palette::CLOSEST);
}

/// Where EPA's normal is drawn: from the foot of the nearest face (the origin's projection on
/// it) out to a tip at the direction arrow's on-screen length.
pub fn epa_normal(epa: &gjk::EpaRecord, marks: f32) -> (Vec3, Vec3) {
    let n = epa.normal.as_vec3();
    let foot = n * epa.distance.max(0.0) as f32;
    (foot, foot + n * DIRECTION_LENGTH * marks)
}

/// EPA: every edge of the polytope, faintly.
fn draw_epa_edges<G: GizmoConfigGroup>(epa: &gjk::EpaRecord, gizmos: &mut Gizmos<G>) {
    let p = |i: usize| epa.vertices[i].point.as_vec3();
    for [a, b] in epa.boundary.segments() {
        gizmos.line(p(a), p(b), palette::SIMPLEX_EDGE.with_alpha(0.25));
    }
}

fn draw_step(
    playback: Res<Playback>,
    region: Single<&RegionSolid>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<MinkowskiGizmos>,
) {
    for [p, q] in &region.outline {
        gizmos.line(*p, *q, region.color);
    }
    for ([p, q], color) in &region.others {
        gizmos.line(*p, *q, *color);
    }
    if let Some(step) = playback.current() {
        draw_record(step, marks_on(&cameras, MINKOWSKI_LAYER), &mut gizmos);
    }
}

/// Gizmos of the second run's view (compare mode): its own simplex, in the same colours.
#[derive(Debug, Default, Reflect, GizmoConfigGroup)]
pub struct CompareGizmos;

fn configure_compare_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<CompareGizmos>();
    config.render_layers = RenderLayers::layer(COMPARE_LAYER);
    config.line.width = 3.0;
    config.depth_bias = -1.0;
}

fn draw_compare_step(
    settings: Res<CompareSettings>,
    run: Res<CompareRun>,
    playback: Res<Playback>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<CompareGizmos>,
) {
    if !settings.enabled {
        return;
    }
    let marks = marks_on(&cameras, COMPARE_LAYER);
    let plane = playback.case.dimension.is_plane();
    crate::views::minkowski_view::draw_origin(marks, plane, &mut gizmos);
    if let Some(step) = run.step(playback.step) {
        draw_record(step, marks, &mut gizmos);
    }
}

/// One step's simplex, direction, support point, closest point and EPA polytope as lines.
/// Marker sizes are at the view's starting zoom, times `marks` (see [`Orbit::marks`]).
fn draw_record<G: GizmoConfigGroup>(step: &gjk::Step, marks: f32, gizmos: &mut Gizmos<G>) {
    // Gizmo lines all sit at the front (depth bias −1) and the first line drawn on a pixel wins:
    // the EPA horizon goes first so the edges it shares with other faces show in its colour.
    if let Some(epa) = step.epa() {
        draw_epa_horizon(epa, marks, gizmos);
    }

    let pts: Vec<Vec3> = step.candidate.iter().map(|v| v.point.as_vec3()).collect();
    for i in 0..pts.len() {
        for j in i + 1..pts.len() {
            let both_kept = step.keeps(i) && step.keeps(j);
            let c = if both_kept {
                palette::SIMPLEX_EDGE
            } else {
                palette::SIMPLEX_EDGE.with_alpha(0.3)
            };
            gizmos.line(pts[i], pts[j], c);
        }
    }
    for (slot, &p) in pts.iter().enumerate() {
        let c = palette::SLOTS[step.name_number(slot) % 4];
        let r = if step.keeps(slot) { 0.07 } else { 0.045 } * marks;
        gizmos.sphere(Isometry3d::from_translation(p), r, c);
    }
    // The search direction from the origin (GJK only: in EPA it is the face normal, drawn above),
    // and the support point it found.
    if step.epa().is_none() {
        let d = step.direction.as_vec3().normalize_or_zero();
        gizmos.arrow(Vec3::ZERO, d * DIRECTION_LENGTH * marks, palette::DIRECTION);
        // An accelerated step: the plain direction −v it did not take, dimmed.
        if let Some(m) = step.momentum {
            let plain = m.plain.as_vec3().normalize_or_zero();
            gizmos.arrow(
                Vec3::ZERO,
                plain * DIRECTION_LENGTH * marks,
                palette::PLAIN_DIRECTION,
            );
        }
    }
    let w = step.support.point.as_vec3();
    gizmos.sphere(
        Isometry3d::from_translation(w),
        0.11 * marks,
        palette::SUPPORT,
    );
    if let Some(v) = step.closest {
        let v = v.as_vec3();
        match (step.cores, step.epa()) {
            // On cores, A ⊖ B is the cores' difference grown by r = r_A + r_B: its point
            // nearest the origin lies r short of v, towards the origin (past it when the
            // grown shapes overlap). The stretch of length r is drawn in the cores' colour.
            (Some([ra, rb]), None) if v.length() > 0.0 => {
                let r = (ra + rb) as f32;
                let surface = v - v.normalize() * r;
                gizmos.line(v, surface, palette::core(palette::MINKOWSKI));
                if v.length() > r {
                    gizmos.line(Vec3::ZERO, surface, palette::CLOSEST);
                }
                gizmos.sphere(
                    Isometry3d::from_translation(surface),
                    0.05 * marks,
                    palette::CLOSEST,
                );
            }
            _ => gizmos.line(Vec3::ZERO, v, palette::CLOSEST),
        }
        gizmos.sphere(
            Isometry3d::from_translation(v),
            0.08 * marks,
            palette::CLOSEST,
        );
    }
    if let Some(epa) = step.epa() {
        draw_epa_edges(epa, gizmos);
    }
}
