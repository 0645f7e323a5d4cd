//! The contact manifold's stage drawn in the world view, over the bodies: each shape's
//! supporting feature in its colour, the reference feature (white) with the side plane that
//! cuts, the incident feature (yellow) before (faint) and after the cut, the points cut away (red crosses)
//! and the crossings added (rings), and at the end each contact as a segment from B's point
//! to A's, its length the depth. The normal is drawn at every stage.

use crate::case::playback::{LabSet, Playback, Which};
use crate::views::camera::{Orbit, WORLD_LAYER};
use crate::views::palette;
use crate::views::shading::Matte;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use gjk::manifold::feature::Supporting;
use gjk::manifold::{ContactPoint, Side, Stage};
use glam::DVec3;

/// Lines drawn over the bodies (the contact lies inside their overlap, where the bodies'
/// surfaces would hide it).
#[derive(Debug, Default, Reflect, GizmoConfigGroup)]
pub struct ManifoldGizmos;

pub(crate) fn plugin(app: &mut App) {
    app.init_gizmo_group::<ManifoldGizmos>()
        .add_systems(Startup, configure)
        .add_systems(Update, (fade_bodies, draw).in_set(LabSet::Visualise));
}

/// The bodies' opacity: as the scene sets it, and fainter while the manifold is drawn, whose
/// features lie inside their overlap.
const OPACITY: [f32; 2] = [0.6, 0.35];

/// Fades both bodies while the manifold is drawn, and brings them back after.
fn fade_bodies(
    playback: Res<Playback>,
    bodies: Query<(&Which, &MeshMaterial3d<Matte>)>,
    mut materials: ResMut<Assets<Matte>>,
) {
    if !playback.is_changed() {
        return;
    }
    let alpha = OPACITY[usize::from(playback.manifold_drawn().is_some())];
    for (which, material) in &bodies {
        // Read before written: a material only written marks itself changed.
        if materials
            .get(&material.0)
            .is_some_and(|m| m.alpha() != alpha)
            && let Some(mut m) = materials.get_mut(&material.0)
        {
            m.set_color(which.color().with_alpha(alpha));
        }
    }
}

fn configure(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<ManifoldGizmos>();
    config.render_layers = RenderLayers::layer(WORLD_LAYER);
    config.line.width = 3.5;
    config.depth_bias = -1.0;
}

/// The stage on screen, when the manifold is drawn.
fn draw(
    playback: Res<Playback>,
    cameras: Query<(&Orbit, &RenderLayers)>,
    mut gizmos: Gizmos<ManifoldGizmos>,
) {
    let Some((run, step)) = playback.manifold_drawn() else {
        return;
    };
    let marks = crate::views::camera::marks_on(&cameras, WORLD_LAYER);
    let mut pen = Pen {
        gizmos: &mut gizmos,
        marks,
    };
    let features = run.steps.iter().find_map(|s| match &s.stage {
        Stage::Features { a, b } => Some((a, b)),
        _ => None,
    });
    let reference = run.steps.iter().find_map(|s| match s.stage {
        Stage::Reference { reference, .. } => Some(reference),
        _ => None,
    });
    let n = step.normal;
    let flat = playback.case.dimension.is_plane();
    // The normal stands in the middle of the contacts.
    let points = &run.manifold.points;
    let middle = points.iter().map(|c| c.point_b).sum::<DVec3>() / points.len().max(1) as f64;
    pen.arrow(
        middle,
        middle + n * 0.6 * f64::from(marks),
        palette::CONTACT,
    );
    match &step.stage {
        Stage::Features { a, b } => {
            pen.feature(a, Which::A.color());
            pen.feature(b, Which::B.color());
        }
        Stage::Reference { reference, .. } => {
            if let Some((a, b)) = features {
                let (refer, incident) = match reference {
                    Side::A => (a, b),
                    Side::B => (b, a),
                };
                pen.feature(refer, palette::SIMPLEX_EDGE);
                pen.feature(incident, palette::DIRECTION);
            }
        }
        Stage::Clip {
            plane,
            before,
            after,
            cut,
            added,
            ..
        } => {
            let incident = palette::DIRECTION;
            if let (Some((a, b)), Some(side)) = (features, reference) {
                let refer = if side == Side::A { a } else { b };
                pen.feature(refer, palette::SIMPLEX_EDGE.with_alpha(0.5));
            }
            pen.side_plane(plane.through, plane.normal, n, flat);
            pen.cut_away(before, cut, incident.with_alpha(0.35));
            pen.outline(after, incident);
            for p in cut {
                pen.cross(*p, palette::HORIZON);
            }
            for p in added {
                pen.ring(*p, n, palette::CONTACT);
            }
        }
        Stage::Depths { kept, dropped } => {
            pen.contacts(dropped, palette::HORIZON.with_alpha(0.6));
            pen.contacts(kept, palette::CONTACT);
        }
        Stage::Reduce { kept, .. } => {
            // The points before the reduction, faint; those kept, and the footprint they span.
            let all = run.steps.iter().find_map(|s| match &s.stage {
                Stage::Depths { kept, .. } => Some(kept),
                _ => None,
            });
            for c in all.into_iter().flatten().filter(|c| !kept.contains(c)) {
                pen.cross(c.point_b, palette::HORIZON);
            }
            pen.contacts(kept, palette::CONTACT);
            pen.footprint(kept, n);
        }
        Stage::Single { point, .. } => pen.contacts(std::slice::from_ref(point), palette::CONTACT),
    }
    // At the last stage, a captured case's engine points beside ours.
    if let Some(contact) = run.engine_beside(step, &playback.case) {
        for p in &contact.points {
            pen.gizmos
                .line(p.point_a.as_vec3(), p.point_b.as_vec3(), palette::SUPPORT);
            pen.diamond(p.point_a, n, palette::SUPPORT);
            pen.diamond(p.point_b, n, palette::SUPPORT);
        }
    }
}

/// Gizmos with the marks' size on screen.
struct Pen<'p, 'w, 's> {
    gizmos: &'p mut Gizmos<'w, 's, ManifoldGizmos>,
    marks: f32,
}

impl Pen<'_, '_, '_> {
    fn dot(&mut self, p: DVec3, size: f32, colour: Color) {
        let at = Isometry3d::from_translation(p.as_vec3());
        self.gizmos.sphere(at, size * self.marks, colour);
    }

    fn arrow(&mut self, from: DVec3, to: DVec3, colour: Color) {
        self.gizmos
            .arrow(from.as_vec3(), to.as_vec3(), colour)
            .with_tip_length(0.15 * self.marks);
    }

    /// A feature: a dot for a vertex, a segment for an edge, a closed outline for a face.
    fn feature(&mut self, f: &Supporting, colour: Color) {
        self.outline(&f.points, colour);
        for p in &f.points {
            self.dot(*p, 0.035, colour);
        }
    }

    /// Points joined in order (closed when there are three or more).
    fn outline(&mut self, points: &[DVec3], colour: Color) {
        match points {
            [] => {}
            [p] => self.dot(*p, 0.035, colour),
            [p, q] => self.gizmos.line(p.as_vec3(), q.as_vec3(), colour),
            _ => self.gizmos.linestrip(
                points.iter().chain(&points[..1]).map(|p| p.as_vec3()),
                colour,
            ),
        }
    }

    /// The side plane through `through` with outward `normal`, which holds the contact
    /// normal `n`: a square across both, with a tick outwards; in the plane (`flat`), the side
    /// line along `n`.
    fn side_plane(&mut self, through: DVec3, normal: DVec3, n: DVec3, flat: bool) {
        let width = if flat { 0.0 } else { 0.5 };
        let along = n.cross(normal).normalize_or_zero() * width * f64::from(self.marks);
        let up = n * 0.3 * f64::from(self.marks);
        let corners = [
            through - along - up,
            through + along - up,
            through + along + up,
            through - along + up,
        ];
        self.outline(&corners, palette::AXIS);
        let out = normal * 0.15 * f64::from(self.marks);
        self.gizmos
            .line(through.as_vec3(), (through + out).as_vec3(), palette::AXIS);
    }

    /// The edges of `before` at each point cut away: what the cut took off (the rest of it is
    /// the feature after the cut, drawn over it).
    fn cut_away(&mut self, before: &[DVec3], cut: &[DVec3], colour: Color) {
        let n = before.len();
        for (i, p) in before.iter().enumerate().filter(|(_, p)| cut.contains(p)) {
            for j in [(i + n - 1) % n, (i + 1) % n] {
                if j != i {
                    self.gizmos.line(p.as_vec3(), before[j].as_vec3(), colour);
                }
            }
        }
    }

    fn cross(&mut self, p: DVec3, colour: Color) {
        let s = 0.05 * self.marks;
        for d in [
            Vec3::new(s, s, 0.0),
            Vec3::new(s, -s, 0.0),
            Vec3::new(0.0, s, s),
        ] {
            let p = p.as_vec3();
            self.gizmos.line(p - d, p + d, colour);
        }
    }

    /// A square standing on a corner, across the normal `n`.
    fn diamond(&mut self, p: DVec3, n: DVec3, colour: Color) {
        let (s, t) = n.any_orthonormal_pair();
        let r = 0.07 * f64::from(self.marks);
        let corners = [s, t, -s, -t].map(|d| (p + d * r).as_vec3());
        for i in 0..4 {
            self.gizmos.line(corners[i], corners[(i + 1) % 4], colour);
        }
    }

    fn ring(&mut self, p: DVec3, n: DVec3, colour: Color) {
        let facing = Quat::from_rotation_arc(Vec3::Z, n.as_vec3().normalize_or(Vec3::Z));
        let at = Isometry3d::new(p.as_vec3(), facing);
        self.gizmos.circle(at, 0.06 * self.marks, colour);
    }

    /// The polygon the contacts span seen along `n`, round their centre.
    fn footprint(&mut self, contacts: &[ContactPoint], n: DVec3) {
        if contacts.len() < 3 {
            return;
        }
        let centre = contacts.iter().map(|c| c.point_b).sum::<DVec3>() / contacts.len() as f64;
        let (s, t) = n.any_orthonormal_pair();
        let mut points: Vec<DVec3> = contacts.iter().map(|c| c.point_b).collect();
        let angle = |p: &DVec3| (*p - centre).dot(t).atan2((*p - centre).dot(s));
        points.sort_by(|p, q| angle(p).total_cmp(&angle(q)));
        self.outline(&points, palette::CONTACT.with_alpha(0.6));
    }

    /// Each contact: B's point to A's, a dot at both ends.
    fn contacts(&mut self, contacts: &[ContactPoint], colour: Color) {
        for c in contacts {
            self.gizmos
                .line(c.point_b.as_vec3(), c.point_a.as_vec3(), colour);
            self.dot(c.point_a, 0.04, colour);
            self.dot(c.point_b, 0.04, colour);
        }
    }
}
