//! Text drawn over the 3D views in screen space: the simplex vertex names, "w", "v", "d", "O",
//! and a title for each view.

use crate::camera::{View, ViewLayout, view_rect};
use crate::compare::{CompareRun, CompareSettings, summary};
use crate::palette;
use crate::playback::{Lab, Playback};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, Align2, FontId};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_labels.in_set(crate::playback::PanelSystems),
    );
}

/// What a view's labels are drawn from.
enum Content<'a> {
    World(Option<&'a gjk::Step>),
    Minkowski(Option<&'a gjk::Step>),
}

/// The two runs a view may label (one, or two in compare mode).
#[derive(bevy::ecs::system::SystemParam)]
struct Runs<'w> {
    playback: Res<'w, Playback>,
    compare: Res<'w, CompareSettings>,
    compare_run: Res<'w, CompareRun>,
    lab: Res<'w, Lab>,
}

fn draw_labels(
    mut contexts: EguiContexts,
    runs: Runs,
    layout: Res<ViewLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&View, &Camera, &GlobalTransform)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Under windows (the sweep) and clipped to each view, so labels never cover the panel.
    let layer = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("labels"),
    ));
    let Runs {
        playback,
        compare,
        compare_run,
        lab,
    } = runs;
    // Window pixels → egui points: the window's scale and egui's zoom (presenter mode).
    let zoom = ctx.zoom_factor();
    let scale = window.scale_factor() * zoom;
    // Sized for the window: 16 points at 800 pixels high, growing with it (a projector at
    // 1920×1080 gets 22, and presenter mode's zoom on top).
    let size = 16.0 * (window.height() / 800.0).clamp(1.0, 2.0);
    for (view, camera, transform) in &cameras {
        let rect = view_rect(*view, &window, &layout);
        let origin = egui::pos2(rect.min.x / scale, rect.min.y / scale);
        let painter = layer.with_clip_rect(egui::Rect::from_min_max(
            origin,
            egui::pos2(rect.max.x / scale, rect.max.y / scale),
        ));
        let (title, content) = match (view, compare.enabled) {
            (View::World, false) => (
                "World: A and B".to_string(),
                Content::World(playback.current()),
            ),
            (View::Minkowski, false) => (
                "Minkowski difference A − B".to_string(),
                Content::Minkowski(playback.current()),
            ),
            (View::World, true) => (
                format!("Run 2: {}", summary(&compare.right)),
                Content::Minkowski(compare_run.step(playback.step)),
            ),
            (View::Minkowski, true) => (
                format!("Run 1: {}", summary(&lab.scenario.solver)),
                Content::Minkowski(playback.current()),
            ),
        };
        painter.text(
            origin + egui::vec2(10.0, 8.0),
            Align2::LEFT_TOP,
            title,
            FontId::proportional(size + 1.0),
            egui::Color32::from_gray(220),
        );
        // World position → logical window position (the viewport's offset is included).
        let place = |p: Vec3| -> Option<egui::Pos2> {
            camera
                .world_to_viewport(transform, p)
                .ok()
                .map(|v| egui::pos2(v.x / zoom, v.y / zoom))
        };
        let label = |text: &str, p: Vec3, color: Color, offset: egui::Vec2| {
            if let Some(at) = place(p) {
                painter.text(
                    at + offset,
                    Align2::LEFT_BOTTOM,
                    text,
                    FontId::proportional(size),
                    palette::egui(color),
                );
            }
        };
        match content {
            Content::Minkowski(None) => {
                label("O", Vec3::ZERO, palette::ORIGIN, egui::vec2(6.0, -4.0));
            }
            Content::Minkowski(Some(step)) => minkowski_labels(step, &label),
            Content::World(None) => {}
            Content::World(Some(step)) => {
                for (slot, v) in step.candidate.iter().enumerate() {
                    // The same letter on both witnesses, in the slot's colour.
                    let name = step.letter(slot).to_string();
                    let c = palette::SLOTS[step.name(slot) % 4];
                    label(&name, v.a.as_vec3(), c, egui::vec2(6.0, -4.0));
                    label(&name, v.b.as_vec3(), c, egui::vec2(6.0, -4.0));
                }
            }
        }
    }
    Ok(())
}

/// The simplex letters, w, d (or EPA's n), v and the origin inside A ⊖ B.
fn minkowski_labels(step: &gjk::Step, label: &dyn Fn(&str, Vec3, Color, egui::Vec2)) {
    label("O", Vec3::ZERO, palette::ORIGIN, egui::vec2(-16.0, 18.0));
    for (slot, v) in step.candidate.iter().enumerate() {
        let name = step.letter(slot).to_string();
        label(
            &name,
            v.point.as_vec3(),
            palette::SLOTS[step.name(slot) % 4],
            egui::vec2(7.0, -5.0),
        );
    }
    label(
        "w",
        step.support.point.as_vec3(),
        palette::SUPPORT,
        egui::vec2(7.0, 16.0),
    );
    match step.epa() {
        Some(epa) => {
            let foot = epa.normal.as_vec3() * epa.distance.max(0.0) as f32;
            label("n", foot, palette::CLOSEST, egui::vec2(5.0, -3.0));
        }
        None => {
            let d = step.direction.as_vec3().normalize_or_zero() * 1.2;
            label("d", d, palette::DIRECTION, egui::vec2(5.0, -3.0));
        }
    }
    if let Some(v) = step.closest {
        label("v", v.as_vec3(), palette::CLOSEST, egui::vec2(-16.0, -4.0));
    }
}
