//! Cores, for a run with `radii: split`: thin lines inside each rounded shape (a sphere's centre,
//! a capsule's segment, a rounded box's box) and, in the Minkowski view, inside A ⊖ B the
//! difference of the cores, which is what GJK then searches. Drawn only for a run that split:
//! in compare mode, only in the view of the run that did.

use crate::case::compare::CompareRun;
use crate::case::playback::Which;
use crate::case::playback::{Lab, LabSet, Playback, Shapes};
use crate::views::camera::{COMPARE_LAYER, MINKOWSKI_LAYER, WORLD_LAYER};
use crate::views::hull::{local_shape_points, minkowski_points};
use crate::views::outline::{Outline, outline};
use crate::views::palette;
use crate::views::scene::to_transform;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use gjk::Trace;

/// Support directions sampled for a curved core (a rounded cylinder's cylinder, say).
const CORE_SAMPLES: usize = 400;

/// Which core a lines entity draws.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum CoreLines {
    /// A body's core, in the body's own frame (the entity follows the body).
    Body(Which),
    /// The cores' difference, in the Minkowski view of run 1 (`false`) or of the compared
    /// run 2 (`true`).
    Difference { compared: bool },
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_lines)
        .add_systems(Update, rebuild_lines.in_set(LabSet::Visualise));
}

fn spawn_lines(mut commands: Commands) {
    let lines = [
        (CoreLines::Body(Which::A), WORLD_LAYER),
        (CoreLines::Body(Which::B), WORLD_LAYER),
        (CoreLines::Difference { compared: false }, MINKOWSKI_LAYER),
        (CoreLines::Difference { compared: true }, COMPARE_LAYER),
    ];
    for (which, layer) in lines {
        commands.spawn((
            which,
            Gizmo {
                line_config: GizmoLineConfig {
                    width: 1.5,
                    ..default()
                },
                // In front of the translucent solid the core lies inside.
                depth_bias: -1.0,
                ..default()
            },
            RenderLayers::layer(layer),
        ));
    }
}

/// Whether a run was made on the cores.
fn split(trace: Option<&Trace>) -> bool {
    trace.is_some_and(|t| t.finish.radii.is_some())
}

/// An outline as retained lines (a point as a small cross of `size`).
fn lines_of(outline: &Outline, color: Color, size: f32) -> GizmoAsset {
    let mut asset = GizmoAsset::new();
    match outline {
        Outline::Point(p) => {
            asset.cross(Isometry3d::from_translation(*p), size, color);
        }
        Outline::Edges(edges) => {
            for [a, b] in edges {
                asset.line(*a, *b, color);
            }
        }
    }
    asset
}

/// Rebuilds the core lines when the case or a run changes, and shows those of a split run.
fn rebuild_lines(
    lab: Res<Lab>,
    shapes: Res<Shapes>,
    playback: Res<Playback>,
    compare: Res<CompareRun>,
    mut assets: ResMut<Assets<GizmoAsset>>,
    mut lines: Query<(&CoreLines, &mut Gizmo, &mut Transform)>,
    mut shown_for: Local<Option<[bool; 2]>>,
) {
    // Stepping changes the playback but not which runs split: nothing to redo then.
    let runs_split = [split(Some(&playback.trace)), split(compare.trace.as_ref())];
    if !lab.is_changed() && *shown_for == Some(runs_split) {
        return;
    }
    *shown_for = Some(runs_split);
    let placed = shapes.placed(&lab.scenario);
    let cores = placed.map(|p| p.core());
    // The cores' difference, computed once for both views that may show it.
    let mut difference = None;
    for (which, mut gizmo, mut transform) in &mut lines {
        let asset = match *which {
            CoreLines::Body(w) => {
                let (core, radius) = cores[w as usize];
                *transform = to_transform(w.body(&lab));
                (radius > 0.0 && runs_split[0]).then(|| {
                    let points = local_shape_points(core.shape, 0.0, CORE_SAMPLES);
                    lines_of(&outline(&points), palette::core(w.color()), 0.12)
                })
            }
            CoreLines::Difference { compared } => runs_split[usize::from(compared)].then(|| {
                difference
                    .get_or_insert_with(|| {
                        let points = minkowski_points(cores[0].0, cores[1].0, CORE_SAMPLES);
                        lines_of(&outline(&points), palette::core(palette::MINKOWSKI), 0.12)
                    })
                    .clone()
            }),
        };
        // Retained gizmos are drawn whatever their visibility: a hidden core gets no lines.
        gizmo.handle = assets.add(asset.unwrap_or_default());
    }
}
