//! Text drawn over the 3D views in screen space: the simplex vertex names, "w", "v", "d", "O",
//! and a title for each view, laid out so that no two overlap (see [`label_layout`]).

use crate::case::compare::{CompareRun, CompareSettings, summary};
use crate::case::playback::{Lab, Playback};
use crate::views::camera::{Orbit, View, ViewLayout, view_rect};
use crate::views::label_layout::{self, Wanted};
use crate::views::palette;
use crate::views::step_view::{DIRECTION_LENGTH, epa_normal};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, FontId};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use glam::DVec3;

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
                Content::World(playback.world_step()),
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
        // The plane's regions, worked out once: their names are labels, their boundaries what
        // the labels keep off.
        let regions = match content {
            Content::Minkowski(Some(step)) if playback.case.dimension.is_plane() => {
                Some(crate::views::plane::regions(step))
            }
            _ => None,
        };
        let items = match content {
            Content::Minkowski(None) => vec![origin_label()],
            Content::Minkowski(Some(step)) => minkowski_labels(step, marks, regions.as_deref()),
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
            .filter_map(|(text, world, color)| {
                Some(OnScreen {
                    text,
                    world,
                    at: place(world.as_vec3())?,
                    color,
                })
            })
            .collect();
        // In A − B a shared spot is one point ("w₁ = v"); on a shape, one point of A (or B)
        // that is the witness of several ("w₂, w₃").
        let joint = match content {
            Content::World(_) => ", ",
            Content::Minkowski(_) => " = ",
        };
        let laid: Vec<_> = merge_coincident(on_screen, joint)
            .into_iter()
            .map(
                |OnScreen {
                     text, at, color, ..
                 }| {
                    let galley = painter.layout_no_wrap(text, font.clone(), palette::egui(color));
                    (at, galley, color)
                },
            )
            .collect();
        let lines: Vec<[egui::Pos2; 2]> = regions
            .iter()
            .flatten()
            .flat_map(|r| r.edges.iter())
            .filter_map(|[p, q]| Some([place(*p)?, place(*q)?]))
            .collect();
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

/// A label: its text, the point it names (in f64, as the step records it, so that two points
/// are told apart to the last bit) and its colour.
type Item = (String, DVec3, Color);

/// Points drawn closer than this (logical pixels) are one point on screen.
const SAME_POINT: f32 = 3.0;

/// A label to place: its text, the point it names in the view's space and on screen, and its
/// colour.
#[derive(Debug, Clone)]
struct OnScreen {
    text: String,
    world: DVec3,
    at: egui::Pos2,
    color: Color,
}

/// Whether two points are one point, to the last bit of the step's record: v a hair from w₁
/// is not w₁, nor two support points 1e-9 apart on a curved side, however close on screen. A
/// tool about precision does not write `=` for "nearly".
fn same_point(p: DVec3, q: DVec3) -> bool {
    p == q
}

/// Labels of one point become one label, joined by `joint` ("w₁ = v = w"), in the first one's
/// colour: at GJK's first step w₁, w and v are the same point, and three labels round one dot
/// read as a pile (the layout would push two of them out on leaders). Points only near each
/// other keep their own labels, which the layout sets apart.
fn merge_coincident(items: Vec<OnScreen>, joint: &str) -> Vec<OnScreen> {
    let mut merged: Vec<OnScreen> = Vec::new();
    for item in items {
        // Only point names join: a region's name or an axis tip names no drawn point.
        let point = |t: &str| !t.starts_with("region") && !matches!(t, "x" | "y" | "z");
        let joins = |kept: &&mut OnScreen| {
            point(&item.text)
                && point(&kept.text)
                && kept.at.distance(item.at) < SAME_POINT
                && same_point(kept.world, item.world)
        };
        match merged.iter_mut().find(joins) {
            // A's and B's witness of one name meet where the shapes touch: said once.
            Some(kept) if kept.text.split(joint).any(|part| part == item.text) => {}
            Some(kept) => {
                kept.text.push_str(joint);
                kept.text.push_str(&item.text);
            }
            None => merged.push(item),
        }
    }
    merged
}

fn origin_label() -> Item {
    ("O".into(), DVec3::ZERO, palette::ORIGIN)
}

/// The witness labels on both shapes: the same label on A's and B's point, in the point's
/// colour.
fn world_labels(step: &gjk::Step) -> Vec<Item> {
    step.candidate
        .iter()
        .enumerate()
        .flat_map(|(slot, v)| {
            let name = step.label(slot).to_string();
            let c = palette::SLOTS[step.name_number(slot) % 4];
            [(name.clone(), v.a, c), (name, v.b, c)]
        })
        .collect()
}

/// The origin, the simplex labels (w₁–w₄), v, w, and d (or EPA's n) inside A ⊖ B, most important
/// first: when space runs out, the last ones are left out. In the plane (given its `regions`),
/// every Voronoi region's name too (the origin's first), and no z axis.
fn minkowski_labels(
    step: &gjk::Step,
    marks: f32,
    regions: Option<&[crate::views::plane::Region]>,
) -> Vec<Item> {
    let plane = regions.is_some();
    let mut items = vec![origin_label()];
    for (slot, v) in step.candidate.iter().enumerate() {
        let name = step.label(slot).to_string();
        items.push((name, v.point, palette::SLOTS[step.name_number(slot) % 4]));
    }
    if let Some(v) = step.closest {
        items.push(("v".into(), v, palette::CLOSEST));
    }
    items.push(("w".into(), step.support.point, palette::SUPPORT));
    match step.epa() {
        Some(epa) => {
            let (_, tip) = epa_normal(epa, marks);
            items.push(("n".into(), tip.as_dvec3(), palette::CLOSEST));
        }
        None => {
            let d = step.direction.as_vec3().normalize_or_zero() * DIRECTION_LENGTH * marks;
            items.push(("d".into(), d.as_dvec3(), palette::DIRECTION));
            if let Some(m) = step.momentum {
                let plain = m.plain.as_vec3().normalize_or_zero() * DIRECTION_LENGTH * marks;
                items.push(("−v".into(), plain.as_dvec3(), palette::PLAIN_DIRECTION));
            }
        }
    }
    if let Some(regions) = regions {
        // The origin's region first: it keeps its place when space runs out.
        let chosen = regions.iter().filter(|r| r.chosen);
        for r in chosen.chain(regions.iter().filter(|r| !r.chosen)) {
            let text = if r.chosen {
                format!("region {} ∋ O", r.name)
            } else {
                format!("region {}", r.name)
            };
            items.push((text, r.anchor.as_dvec3(), palette::region(r.kind)));
        }
    }
    let tip = crate::views::minkowski_view::AXIS_LENGTH * marks;
    let axes: &[(&str, Vec3)] = if plane {
        &[("x", Vec3::X), ("y", Vec3::Y)]
    } else {
        &[("x", Vec3::X), ("y", Vec3::Y), ("z", Vec3::Z)]
    };
    for &(name, axis) in axes {
        items.push((name.into(), (axis * tip).as_dvec3(), palette::AXIS));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_one_point_become_one_and_regions_stay_apart() {
        let label = |text: &str, world: DVec3, x: f32, color: Color| OnScreen {
            text: text.to_string(),
            world,
            at: egui::pos2(x, 100.0),
            color,
        };
        let p = DVec3::new(0.3, -1.2, 0.0);
        let items = vec![
            label("w₁", p, 100.0, palette::SLOTS[0]),
            label("v", p, 101.0, palette::CLOSEST),
            label("w", p, 100.0, palette::SUPPORT),
            label("region w₁ ∋ O", p, 100.0, palette::CLOSEST),
            label("x", p, 100.0, palette::AXIS),
            label("w₂", DVec3::new(2.0, 0.0, 0.0), 140.0, palette::SLOTS[1]),
            // A point a hair away in space, on the same pixels: not the same point.
            label(
                "w₃",
                p + DVec3::new(0.01, 0.0, 0.0),
                100.5,
                palette::SLOTS[2],
            ),
        ];
        let merged = merge_coincident(items, " = ");
        let texts: Vec<&str> = merged.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["w₁ = v = w", "region w₁ ∋ O", "x", "w₂", "w₃"]);
        assert_eq!(merged[0].color, palette::SLOTS[0], "the first one's colour");

        // On a shape: one point that is the witness of two, and A's and B's of one name.
        let witnesses = vec![
            label("w₂", p, 100.0, palette::SLOTS[1]),
            label("w₃", p, 100.0, palette::SLOTS[2]),
            label("w₂", p, 100.0, palette::SLOTS[1]),
        ];
        let merged = merge_coincident(witnesses, ", ");
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].text, "w₂, w₃");
    }
}
