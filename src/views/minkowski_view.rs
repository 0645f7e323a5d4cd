//! The Minkowski view: A ⊖ B as a translucent hull (exact for two polytopes, sampled along many
//! support directions for curved shapes), optionally its raw point cloud, and the origin —
//! the point GJK is really looking for.

use crate::case::playback::{Lab, LabSet, Shapes};
use crate::views::camera::{COMPARE_LAYER, MINKOWSKI_LAYER, Orbit};
use crate::views::hull::{hull_mesh, minkowski_points};
use crate::views::palette;
use crate::views::shading::Matte;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;

/// How the difference is drawn.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct MinkowskiSettings {
    /// Support directions sampled for curved shapes.
    pub samples: usize,
    /// Draw the sampled points as well as the hull.
    pub show_cloud: bool,
}

impl Default for MinkowskiSettings {
    fn default() -> Self {
        MinkowskiSettings {
            samples: 600,
            show_cloud: false,
        }
    }
}

/// The difference's points, rebuilt only when the bodies or the sample count change: in the
/// plane, its boundary in order round it.
#[derive(Resource, Debug, Default)]
pub struct MinkowskiCloud {
    pub points: Vec<Vec3>,
    pub plane: bool,
}

#[derive(Component)]
struct DifferenceHull;

/// Gizmos of the Minkowski view.
#[derive(Debug, Default, Reflect, GizmoConfigGroup)]
pub struct MinkowskiGizmos;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MinkowskiSettings>()
        .init_resource::<MinkowskiCloud>()
        .init_gizmo_group::<MinkowskiGizmos>()
        .add_systems(Startup, (configure_gizmos, spawn_hull))
        .add_systems(
            Update,
            (rebuild_hull, draw_difference)
                .chain()
                .in_set(LabSet::Visualise),
        );
}

fn configure_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<MinkowskiGizmos>();
    config.render_layers = RenderLayers::layer(MINKOWSKI_LAYER);
    config.line.width = 3.0;
    // Lines in front of the translucent solids, so the simplex is never hidden inside A − B.
    config.depth_bias = -1.0;
}

fn spawn_hull(mut commands: Commands, mut materials: ResMut<Assets<Matte>>) {
    commands.spawn((
        DifferenceHull,
        Mesh3d::default(),
        MeshMaterial3d(materials.add(Matte::lit(palette::MINKOWSKI.with_alpha(0.32)))),
        Transform::default(),
        // Seen by the second run's view too, in compare mode.
        RenderLayers::from_layers(&[MINKOWSKI_LAYER, COMPARE_LAYER]),
        Pickable::IGNORE,
    ));
}

fn rebuild_hull(
    lab: Res<Lab>,
    shapes: Res<Shapes>,
    settings: Res<MinkowskiSettings>,
    mut cloud: ResMut<MinkowskiCloud>,
    mut meshes: ResMut<Assets<Mesh>>,
    hull: Single<&mut Mesh3d, With<DifferenceHull>>,
) {
    if !lab.is_changed() && !settings.is_changed() {
        return;
    }
    let [a, b] = shapes.placed(&lab.scenario);
    let mut hull = hull;
    cloud.plane = lab.scenario.dimension.is_plane();
    if cloud.plane {
        // In the plane: A − B's polygon, its corners in order round it.
        cloud.points = crate::views::plane::difference_ring(a, b, 4 * settings.samples);
        hull.0 = crate::views::plane::polygon_mesh(&cloud.points)
            .map_or_else(Handle::default, |m| meshes.add(m));
        return;
    }
    cloud.points = minkowski_points(a, b, settings.samples);
    // A flat difference has no volume to shade; its cloud and the simplex still show.
    hull.0 = hull_mesh(&cloud.points).map_or_else(Handle::default, |m| meshes.add(m));
}

/// The origin, clearly marked: a white cross and ring, and the axes (two in the `plane`).
/// Sized at the view's starting zoom, times `marks`.
pub fn draw_origin<G: GizmoConfigGroup>(marks: f32, plane: bool, gizmos: &mut Gizmos<G>) {
    gizmos.cross(Isometry3d::IDENTITY, 0.25 * marks, palette::ORIGIN);
    gizmos.sphere(Isometry3d::IDENTITY, 0.06 * marks, palette::ORIGIN);
    draw_axes(Vec3::ZERO, AXIS_LENGTH * marks, plane, gizmos);
}

/// How long the Minkowski view's axes are, at its starting zoom (their labels sit at the tips).
pub const AXIS_LENGTH: f32 = 0.6;

/// The x, y and z axes (x and y in the `plane`) from `at`, `length` long, in the axes' colour.
pub fn draw_axes<G: GizmoConfigGroup>(at: Vec3, length: f32, plane: bool, gizmos: &mut Gizmos<G>) {
    let axes: &[Vec3] = if plane {
        &[Vec3::X, Vec3::Y]
    } else {
        &[Vec3::X, Vec3::Y, Vec3::Z]
    };
    for &axis in axes {
        gizmos
            .arrow(at, at + axis * length, palette::AXIS)
            .with_tip_length(0.15 * length);
    }
}

pub(crate) fn draw_difference(
    settings: Res<MinkowskiSettings>,
    cloud: Res<MinkowskiCloud>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<MinkowskiGizmos>,
) {
    let marks = crate::views::camera::marks_on(&cameras, MINKOWSKI_LAYER);
    draw_origin(marks, cloud.plane, &mut gizmos);
    if cloud.plane {
        for [p, q] in crate::views::plane::ring_edges(&cloud.points) {
            gizmos.line(p, q, palette::MINKOWSKI);
        }
    }
    if settings.show_cloud {
        for &p in &cloud.points {
            gizmos.cross(
                Isometry3d::from_translation(p),
                0.03 * marks,
                palette::MINKOWSKI,
            );
        }
    }
}
