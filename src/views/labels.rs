//! Text drawn over the 3D views in screen space: the simplex vertex names, "w", "v", "d", "O",
//! and a title for each view, laid out so that no two overlap (see [`label_layout`]).

use crate::case::compare::{CompareRun, CompareSettings, summary};
use crate::case::playback::{Lab, Playback};
use crate::views::camera::{Orbit, View, ViewLayout, view_rect};
use crate::views::label_layout::{self, Wanted};
use crate::views::palette;
use crate::views::step_view::DIRECTION_LENGTH;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, FontId};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_labels.in_set(crate::case::playback::PanelSystems),
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
    cameras: Query<(&View, &Camera, &GlobalTransform, &Orbit)>,
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
    for (view, camera, transform, orbit) in &cameras {
        let marks = orbit.marks();
        let rect = view_rect(*view, &window, &layout);
        if rect.width() < 1.0 {
            continue;
        }
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
                format!("Run 1: {}", summary(&lab.scenario.solver)),
                Content::Minkowski(playback.current()),
            ),
            (View::Minkowski, true) => (
                format!("Run 2: {}", summary(&compare.right)),
                Content::Minkowski(compare_run.step(playback.step)),
            ),
        };
        let title = painter.layout_no_wrap(
            title,
            FontId::proportional(size + 1.0),
            egui::Color32::from_gray(220),
        );
        let title_rect = egui::Rect::from_min_size(origin + egui::vec2(10.0, 8.0), title.size());
        painter.galley(title_rect.min, title, egui::Color32::from_gray(220));
        let items = match content {
            Content::Minkowski(None) => vec![origin_label()],
            Content::Minkowski(Some(step)) => {
                minkowski_labels(step, marks, playback.case.dimension.is_plane())
            }
            Content::World(None) => Vec::new(),
            Content::World(Some(step)) => world_labels(step),
        };
        // World position → logical window position (the viewport's offset is included).
        let place = |p: Vec3| -> Option<egui::Pos2> {
            camera
                .world_to_viewport(transform, p)
                .ok()
                .map(|v| egui::pos2(v.x / zoom, v.y / zoom))
        };
        let font = FontId::proportional(size);
        let on_screen: Vec<_> = items
            .into_iter()
            .filter_map(|(text, p, color)| Some((text, place(p)?, color)))
            .collect();
        // In A − B a shared spot is one point ("w₁ = v"); on a shape, one point of A (or B)
        // that is the witness of several ("w₂, w₃").
        let joint = match content {
            Content::World(_) => ", ",
            Content::Minkowski(_) => " = ",
        };
        let laid: Vec<_> = merge_coincident(on_screen, joint)
            .into_iter()
            .map(|(text, anchor, color)| {
                let galley = painter.layout_no_wrap(text, font.clone(), palette::egui(color));
                (anchor, galley, color)
            })
            .collect();
        // The plane's region boundaries: labels keep off them where they can.
        let lines: Vec<[egui::Pos2; 2]> = match content {
            Content::Minkowski(Some(step)) if playback.case.dimension.is_plane() => {
                crate::views::plane::regions(step)
                    .iter()
                    .flat_map(|r| r.edges.iter())
                    .filter_map(|[p, q]| Some([place(*p)?, place(*q)?]))
                    .collect()
            }
            _ => Vec::new(),
        };
        let wanted: Vec<Wanted> = laid
            .iter()
            .map(|(anchor, galley, _)| Wanted {
                anchor: *anchor,
                size: galley.size(),
            })
            .collect();
        let spots = label_layout::place(&wanted, painter.clip_rect(), &[title_rect], &lines);
        for ((anchor, galley, color), spot) in laid.into_iter().zip(spots) {
            let Some(spot) = spot else { continue };
            let color = palette::egui(color);
            if spot.leader {
                let end = label_layout::nearest_on(spot.rect, anchor);
                painter.line_segment([anchor, end], egui::Stroke::new(1.0, color));
            }
            painter.galley(spot.rect.min, galley, color);
        }
    }
    Ok(())
}

/// A label: its text, the point it names and its colour.
type Item = (String, Vec3, Color);

/// Points drawn closer than this (logical pixels) are one point on screen.
const SAME_POINT: f32 = 3.0;

/// Labels of points that fall on one spot of the screen become one label, joined by `joint`
/// ("w₁ = v = w"), in the first one's colour: at GJK's first step w₁, w and v are the same
/// point, and three labels round one dot read as a pile (the layout would push two of them out
/// on leaders).
fn merge_coincident(
    items: Vec<(String, egui::Pos2, Color)>,
    joint: &str,
) -> Vec<(String, egui::Pos2, Color)> {
    let mut merged: Vec<(String, egui::Pos2, Color)> = Vec::new();
    for (text, at, color) in items {
        // Only point names join: a region's name or an axis tip names no drawn point.
        let point = !text.starts_with("region") && !matches!(text.as_str(), "x" | "y" | "z");
        match merged
            .iter_mut()
            .find(|(t, p, _)| point && !t.starts_with("region") && p.distance(at) < SAME_POINT)
        {
            // A's and B's witness of one name meet where the shapes touch: said once.
            Some((kept, ..)) if kept.split(joint).any(|part| part == text) => {}
            Some((kept, ..)) => {
                kept.push_str(joint);
                kept.push_str(&text);
            }
            None => merged.push((text, at, color)),
        }
    }
    merged
}

fn origin_label() -> Item {
    ("O".into(), Vec3::ZERO, palette::ORIGIN)
}

/// The witness labels on both shapes: the same label on A's and B's point, in the point's
/// colour.
fn world_labels(step: &gjk::Step) -> Vec<Item> {
    step.candidate
        .iter()
        .enumerate()
        .flat_map(|(slot, v)| {
            let name = step.label(slot).to_string();
            let c = palette::SLOTS[step.name(slot) % 4];
            [(name.clone(), v.a.as_vec3(), c), (name, v.b.as_vec3(), c)]
        })
        .collect()
}

/// The origin, the simplex labels (w₁–w₄), v, w, and d (or EPA's n) inside A ⊖ B, most important
/// first: when space runs out, the last ones are left out. In the `plane`, every Voronoi
/// region's name too (the origin's first), and no z axis.
fn minkowski_labels(step: &gjk::Step, marks: f32, plane: bool) -> Vec<Item> {
    let mut items = vec![origin_label()];
    for (slot, v) in step.candidate.iter().enumerate() {
        let name = step.label(slot).to_string();
        items.push((name, v.point.as_vec3(), palette::SLOTS[step.name(slot) % 4]));
    }
    if let Some(v) = step.closest {
        items.push(("v".into(), v.as_vec3(), palette::CLOSEST));
    }
    items.push(("w".into(), step.support.point.as_vec3(), palette::SUPPORT));
    match step.epa() {
        Some(epa) => {
            let foot = epa.normal.as_vec3() * epa.distance.max(0.0) as f32;
            items.push(("n".into(), foot, palette::CLOSEST));
        }
        None => {
            let d = step.direction.as_vec3().normalize_or_zero() * DIRECTION_LENGTH * marks;
            items.push(("d".into(), d, palette::DIRECTION));
            if let Some(m) = step.momentum {
                let plain = m.plain.as_vec3().normalize_or_zero() * DIRECTION_LENGTH * marks;
                items.push(("−v".into(), plain, palette::PLAIN_DIRECTION));
            }
        }
    }
    if plane {
        let mut regions = crate::views::plane::regions(step);
        regions.sort_by_key(|r| !r.chosen);
        for r in regions {
            let text = if r.chosen {
                format!("region {} ∋ O", r.name)
            } else {
                format!("region {}", r.name)
            };
            items.push((text, r.anchor, palette::region(r.kind)));
        }
    }
    let tip = crate::views::minkowski_view::AXIS_LENGTH * marks;
    let axes: &[(&str, Vec3)] = if plane {
        &[("x", Vec3::X), ("y", Vec3::Y)]
    } else {
        &[("x", Vec3::X), ("y", Vec3::Y), ("z", Vec3::Z)]
    };
    for &(name, axis) in axes {
        items.push((name.into(), axis * tip, palette::AXIS));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_on_one_spot_become_one_and_regions_stay_apart() {
        let at = egui::pos2(100.0, 100.0);
        let near = egui::pos2(101.0, 101.5);
        let items = vec![
            ("w₁".to_string(), at, palette::SLOTS[0]),
            ("v".to_string(), near, palette::CLOSEST),
            ("w".to_string(), at, palette::SUPPORT),
            ("region w₁ ∋ O".to_string(), at, palette::CLOSEST),
            ("x".to_string(), at, palette::AXIS),
            (
                "w₂".to_string(),
                egui::pos2(140.0, 100.0),
                palette::SLOTS[1],
            ),
        ];
        let merged = merge_coincident(items, " = ");
        let texts: Vec<&str> = merged.iter().map(|(t, ..)| t.as_str()).collect();
        assert_eq!(texts, ["w₁ = v = w", "region w₁ ∋ O", "x", "w₂"]);
        assert_eq!(merged[0].2, palette::SLOTS[0], "the first one's colour");

        // On a shape: one point that is the witness of two, and A's and B's of one name.
        let witnesses = vec![
            ("w₂".to_string(), at, palette::SLOTS[1]),
            ("w₃".to_string(), at, palette::SLOTS[2]),
            ("w₂".to_string(), near, palette::SLOTS[1]),
        ];
        let merged = merge_coincident(witnesses, ", ");
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].0, "w₂, w₃");
    }
}
