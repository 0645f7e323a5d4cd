//! What the views show: the Minkowski view's framing of each step, and labels that never pile up.

use bevy::prelude::*;
use bevy_egui::egui::{Pos2, Rect, pos2, vec2};
use gjk_lab::views::camera::{FIELD_OF_VIEW, Orbit, fit, step_points};
use gjk_lab::views::label_layout::{Wanted, crosses, nearest_on, place};
use gjk_lab::views::plane::regions as regions_of;

/// Every preset and gallery case, read and solved with its radii split and folded; whether
/// it is in the plane.
fn bundled_traces() -> Vec<(&'static str, gjk::Trace, bool)> {
    gjk_lab_files::bundled::presets()
        .into_iter()
        .chain(gjk_lab_files::bundled::gallery())
        .flat_map(|case| {
            let s = case.load().unwrap_or_else(|e| panic!("{}: {e}", case.name));
            [gjk::Radii::Split, gjk::Radii::Folded].map(|radii| {
                let config = gjk::SolverConfig {
                    radii,
                    ..s.config()
                };
                let plane = s.dimension.is_plane();
                (case.name, gjk::trace(&s.a, &s.b, &config), plane)
            })
        })
        .collect()
}

#[test]
fn the_framing_of_every_step_shows_its_simplex_the_origin_the_closest_point_and_its_regions() {
    let mut steps = 0;
    let mut regions = 0;
    for (name, trace, plane) in bundled_traces() {
        for (k, step) in trace.steps.iter().enumerate() {
            let points = step_points(step, plane);
            // What the step's framing must hold, whatever else it adds.
            let mut must: Vec<Vec3> = step.candidate.iter().map(|v| v.point.as_vec3()).collect();
            must.extend(step.closest.map(|v| v.as_vec3()));
            must.push(step.support.point.as_vec3());
            must.push(Vec3::ZERO);
            // In the plane, every region drawn is named on screen, inside the region.
            let regions_drawn = if plane { regions_of(step) } else { Vec::new() };
            for region in regions_drawn {
                assert!(
                    inside(&region.polygon, region.anchor),
                    "{name} step {}: region {}'s name at {} is outside it",
                    k + 1,
                    region.name,
                    region.anchor
                );
                must.push(region.anchor);
                regions += 1;
            }
            for p in &must {
                assert!(points.contains(p), "{name} step {}: {p} not framed", k + 1);
            }
            // Narrow, square and wide views, seen from several sides.
            for aspect in [0.5, 1.0, 1.8] {
                let (focus, distance) = fit(points.iter().copied(), aspect);
                for (yaw, pitch) in [(0.6, -0.45), (2.5, 0.9), (-1.3, -1.4)] {
                    let orbit = Orbit {
                        focus,
                        yaw,
                        pitch,
                        distance,
                    };
                    let view = orbit.transform().to_matrix().inverse();
                    let near = distance * 0.01;
                    let projection = glam::camera::rh::proj::directx::perspective(
                        FIELD_OF_VIEW,
                        aspect,
                        near,
                        1e9,
                    );
                    for p in &must {
                        let clip = projection * view * p.extend(1.0);
                        let ndc = clip.truncate() / clip.w;
                        assert!(
                            clip.w > near && ndc.x.abs() <= 1.0 && ndc.y.abs() <= 1.0,
                            "{name} step {} (aspect {aspect}, yaw {yaw}): {p} lands at {ndc}",
                            k + 1
                        );
                    }
                }
            }
            steps += 1;
        }
    }
    assert!(steps > 500, "only {steps} steps checked");
    assert!(regions > 100, "only {regions} regions checked");
}

/// Whether `p` is inside the convex polygon (counter-clockwise), a hair of rounding allowed.
fn inside(polygon: &[Vec3], p: Vec3) -> bool {
    let scale = polygon.iter().map(|q| q.length()).fold(1.0, f32::max);
    (0..polygon.len()).all(|k| {
        let (a, b) = (polygon[k], polygon[(k + 1) % polygon.len()]);
        (b - a).truncate().perp_dot((p - a).truncate()) >= -1e-5 * scale * scale
    })
}

fn overlaps(spots: &[Option<gjk_lab::views::label_layout::Spot>]) -> bool {
    let rects: Vec<Rect> = spots.iter().flatten().map(|s| s.rect).collect();
    rects
        .iter()
        .enumerate()
        .any(|(i, a)| rects[i + 1..].iter().any(|b| a.intersects(*b)))
}

#[test]
fn labels_apart_keep_their_first_spot_and_labels_on_one_point_never_pile_up() {
    let bounds = Rect::from_min_size(pos2(0.0, 0.0), vec2(600.0, 500.0));
    let size = vec2(14.0, 20.0);
    // Far apart: every label right beside its point, up and to the right, no leader.
    let apart: Vec<Wanted> = (0..5)
        .map(|i| Wanted {
            anchor: pos2(60.0 + 100.0 * i as f32, 250.0),
            size,
        })
        .collect();
    for (w, spot) in apart.iter().zip(place(&apart, bounds, &[], &[])) {
        let spot = spot.expect("room for every label");
        assert!(!spot.leader);
        assert!(spot.rect.min.x > w.anchor.x && spot.rect.max.y < w.anchor.y);
    }
    // Thirty labels on one point (v, w, A and O at the origin of a touching case, many times
    // over): the ones placed do not overlap, each other or any point; the rest are left out.
    let pile: Vec<Wanted> = (0..30)
        .map(|_| Wanted {
            anchor: pos2(300.0, 250.0),
            size,
        })
        .collect();
    let title = Rect::from_min_size(pos2(0.0, 0.0), vec2(300.0, 30.0));
    let spots = place(&pile, bounds, &[title], &[]);
    let placed = spots.iter().flatten().count();
    assert!(!overlaps(&spots));
    assert!((8..30).contains(&placed), "{placed} placed");
    for spot in spots.iter().flatten() {
        assert!(bounds.contains_rect(spot.rect) && !spot.rect.intersects(title));
        assert!(!spot.rect.contains(pos2(300.0, 250.0)));
    }
    // A crowd of nearby points, as at the end of a run: no overlaps, no label on a point.
    let mut seed = 7u32;
    let mut next = || {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (seed >> 8) as f32 / (1u32 << 24) as f32
    };
    let mut leaders = 0;
    for _ in 0..50 {
        let crowd: Vec<Wanted> = (0..10)
            .map(|_| Wanted {
                anchor: pos2(250.0 + 100.0 * next(), 200.0 + 100.0 * next()),
                size: vec2(10.0 + 20.0 * next(), 20.0),
            })
            .collect();
        let spots = place(&crowd, bounds, &[], &[]);
        assert!(!overlaps(&spots));
        for spot in spots.iter().flatten() {
            for w in &crowd {
                assert!(!spot.rect.contains(w.anchor));
            }
        }
        // No leader line runs across another label.
        for (i, (w, spot)) in crowd.iter().zip(&spots).enumerate() {
            let Some(spot) = spot.filter(|s| s.leader) else {
                continue;
            };
            leaders += 1;
            let line = (w.anchor, nearest_on(spot.rect, w.anchor));
            for (j, other) in spots.iter().enumerate() {
                if let Some(other) = other
                    && j != i
                {
                    assert!(
                        !crosses(other.rect, line.0, line.1),
                        "{i}'s leader crosses {j}"
                    );
                }
            }
        }
        // The most important label always finds a spot.
        assert!(spots[0].is_some());
    }
    assert!(leaders > 20, "only {leaders} leaders drawn");
}

/// A label keeps off a drawn line where a spot off it is free, and crosses one rather than
/// go missing where none is.
#[test]
fn labels_keep_off_drawn_lines_where_they_can() {
    let bounds = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0));
    let label = Wanted {
        anchor: pos2(200.0, 150.0),
        size: vec2(40.0, 14.0),
    };
    let free = place(&[label], bounds, &[], &[])[0].expect("a spot");
    // A line through the first spot: the label goes elsewhere, clear of it.
    let line = [free.rect.left_center(), free.rect.right_center()];
    let moved = place(&[label], bounds, &[], &[line])[0].expect("a spot");
    assert_ne!(moved.rect, free.rect);
    assert!(!crosses(moved.rect, line[0], line[1]));
    // Lines everywhere round it: it still shows, crossing one.
    let fence: Vec<[Pos2; 2]> = (0..40)
        .map(|i| {
            let y = 100.0 + 2.5 * i as f32;
            [pos2(0.0, y), pos2(400.0, y)]
        })
        .collect();
    assert!(place(&[label], bounds, &[], &fence)[0].is_some());
}

#[test]
fn a_captured_contact_opens_framed_on_the_smaller_body_and_the_engines_points() {
    // A box 0.5 wide resting 0.0041 above a floor 20 m wide, as a capture writes it: framed
    // on both bodies the box is a few pixels; framed on the contact it fills the view.
    let point = |x: f64, z: f64| {
        format!(
            r#"{{"point_a": [{x}, 0.5041, {z}], "point_b": [{x}, 0.5, {z}], "separation": 0.0041}}"#
        )
    };
    let points = [(2.95, -2.35), (3.45, -2.35), (3.45, -1.85), (2.95, -1.85)]
        .map(|(x, z)| point(x, z))
        .join(", ");
    let bodies = r#""a": {"shape": {"type": "cuboid", "half_extents": [0.25, 0.25, 0.25]}, "position": [3.2, 0.7541, -2.1]},
        "b": {"shape": {"type": "cuboid", "half_extents": [10.0, 0.5, 10.0]}},
        "solver": {"precision": "f32"}"#;
    let captured = format!(
        r#"{{{bodies}, "engine": {{"engine": "avian3d 0.8", "poses": "recomputed",
            "contact": {{"normal": [0.0, -1.0, 0.0], "points": [{points}]}}}}}}"#
    );
    let framed = |json: &str| {
        let s = gjk::Scenario::parse(json, gjk::Format::Json).unwrap();
        let shapes = s.prepare();
        gjk_lab::views::camera::world_framing(&s, s.placed(&shapes))
    };
    let (centre, radius) = framed(&captured);
    assert!(radius < 0.6, "{radius}");
    for (x, z) in [(2.95, -2.35), (3.45, -1.85)] {
        let contact = Vec3::new(x, 0.502, z);
        assert!(centre.distance(contact) < radius, "{centre} {radius}");
    }
    // Any other case keeps both bodies in view.
    let (_, radius) = framed(&format!("{{{bodies}}}"));
    assert!(radius > 10.0, "{radius}");
}
