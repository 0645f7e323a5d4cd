//! Render checks: the real renderer under a (virtual) display. Ignored in a plain `cargo test`;
//! `./lab test` runs them under Xvfb with `--ignored`.

use image::RgbImage;
use std::path::{Path, PathBuf};
use std::process::Command;

fn render(scenario: Option<&str>, step: usize, name: &str) -> RgbImage {
    render_with(scenario, &["--step", &step.to_string()], name)
}

fn render_with(scenario: Option<&str>, args: &[&str], name: &str) -> RgbImage {
    let out =
        std::env::temp_dir().join(format!("gjk-lab-render-{name}-{}.png", std::process::id()));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gjk-lab"));
    cmd.arg("render");
    if let Some(s) = scenario {
        cmd.arg(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("assets/scenarios")
                .join(s),
        );
    }
    let status = cmd
        .args(args)
        .args(["--size", "1280x800", "--out"])
        .arg(&out)
        .status()
        .expect("gjk-lab runs");
    assert!(status.success(), "render of {name} failed: {status}");
    let img = image::open(&out).expect("a PNG was written").to_rgb8();
    let keep: Option<PathBuf> = std::env::var_os("GJK_LAB_KEEP_RENDERS").map(PathBuf::from);
    match keep {
        Some(dir) => std::fs::rename(&out, dir.join(format!("{name}.png"))).unwrap(),
        None => std::fs::remove_file(&out).unwrap(),
    }
    img
}

/// Pixels within `tol` (per channel, summed) of `rgb`, in the columns `x0..x1`.
fn count_near(img: &RgbImage, x0: u32, x1: u32, rgb: [i32; 3], tol: i32) -> usize {
    let mut n = 0;
    for y in 0..img.height() {
        for x in x0..x1.min(img.width()) {
            let p = img.get_pixel(x, y).0;
            let d: i32 = (0..3).map(|i| (p[i] as i32 - rgb[i]).abs()).sum();
            if d <= tol {
                n += 1;
            }
        }
    }
    n
}

/// Hue-based tests survive translucency and lighting: blue-dominant for A, orange for B,
/// violet for A − B.
fn count(img: &RgbImage, x0: u32, x1: u32, pred: impl Fn(i32, i32, i32) -> bool) -> usize {
    let mut n = 0;
    for y in 0..img.height() {
        for x in x0..x1.min(img.width()) {
            let [r, g, b] = img.get_pixel(x, y).0.map(i32::from);
            if pred(r, g, b) {
                n += 1;
            }
        }
    }
    n
}

fn is_blue(r: i32, g: i32, b: i32) -> bool {
    b > 120 && b > r + 50 && b > g + 20
}
fn is_orange(r: i32, g: i32, b: i32) -> bool {
    r > 150 && r > g + 30 && g > b + 30
}
fn is_violet(r: i32, g: i32, b: i32) -> bool {
    // Violet seen through the translucent region and faces turns lavender: blue above green,
    // red above green.
    b > 110 && b > g + 25 && r > g + 5
}

fn check(img: &RgbImage, name: &str) {
    let w = img.width();
    // The panel sits on the left (about 360 px); the two views share the rest.
    let panel_end = 360;
    let mid = panel_end + (w - panel_end) / 2;
    let a = count(img, panel_end, mid, is_blue);
    let b = count(img, panel_end, mid, is_orange);
    let m = count(img, mid, w, is_violet);
    assert!(
        a > 2000,
        "{name}: shape A (blue) missing in the world view: {a} px"
    );
    assert!(
        b > 2000,
        "{name}: shape B (orange) missing in the world view: {b} px"
    );
    assert!(
        m > 4000,
        "{name}: A − B (violet) missing in the Minkowski view: {m} px"
    );
    // The panel: egui's dark fill with light text on it.
    let text = count(img, 0, panel_end - 10, |r, g, b| {
        r > 170 && g > 170 && b > 170
    });
    let fill = count_near(img, 0, panel_end - 10, [27, 27, 27], 20);
    // An undrawn panel has no text at all; a drawn one at step 0 has well over a thousand
    // light pixels of it (how many depends on how much of the panel fits the window).
    assert!(
        text > 1000 && fill > 50_000,
        "{name}: panel not drawn (text {text}, fill {fill})"
    );
    // Not a blank frame: many distinct colours.
    let mut colours: Vec<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(
        colours.len() > 500,
        "{name}: only {} colours",
        colours.len()
    );
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn default_scene_renders_both_views_and_the_panel() {
    check(&render(None, 2, "default"), "default scene");
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn presets_render() {
    check(
        &render(Some("separated-box-sphere.json"), 99, "separated"),
        "separated preset",
    );
    check(
        &render(Some("intersecting-tetrahedron.json"), 99, "intersecting"),
        "intersecting preset",
    );
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn compare_mode_shows_a_minkowski_view_on_each_side() {
    let img = render_with(
        Some("gallery/11-gap-1e-7-f32.json"),
        &["--step", "3", "--compare"],
        "compare",
    );
    let (panel_end, w) = (360, img.width());
    let mid = panel_end + (w - panel_end) / 2;
    for (x0, x1, side) in [(panel_end, mid, "left"), (mid, w, "right")] {
        let m = count(&img, x0, x1, is_violet);
        assert!(m > 4000, "compare: no A − B in the {side} view ({m} px)");
    }
    // The world's shapes are gone from the left view: it shows the second run instead.
    let b = count(&img, panel_end, mid, is_orange);
    assert!(b < 500, "compare: shape B still drawn on the left ({b} px)");
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn presenter_mode_folds_the_panel_and_captions_the_lesson() {
    let img = render_with(None, &["--present", "9"], "presenter");
    // The panel is a thin bar: the world view (and its shapes) start near the left edge.
    let a = count(&img, 40, 360, is_blue);
    assert!(
        a > 2000,
        "presenter: the world view does not reach the left ({a} px of A)"
    );
    let fill = count_near(&img, 0, 340, [27, 27, 27], 6);
    assert!(
        fill < 20_000,
        "presenter: the panel is still drawn ({fill} px)"
    );
    // The caption: a dark box with white text along the bottom.
    let h = img.height();
    let mut white = 0;
    for y in h - 220..h {
        for x in 40..img.width() {
            let p = img.get_pixel(x, y).0;
            if p.iter().all(|&c| c > 235) {
                white += 1;
            }
        }
    }
    assert!(
        white > 1500,
        "presenter: no caption text ({white} white px)"
    );
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn stepping_a_cast_draws_its_step_in_the_minkowski_view() {
    let preset = Some("cast-advancement-ball-box.json");
    let before = render_with(preset, &["--cast-step", "0"], "cast-step-0");
    let first = render_with(preset, &["--cast-step", "1"], "cast-step-1");
    // Advancement's first step: the clearance ball around the origin, in the "closest" green.
    let is_green = |r: i32, g: i32, b: i32| g > 170 && g > r + 60 && g > b + 40;
    let (panel_end, w) = (360, first.width());
    let mid = panel_end + (w - panel_end) / 2;
    let (g0, g1) = (
        count(&before, mid, w, is_green),
        count(&first, mid, w, is_green),
    );
    assert!(
        g1 > g0 + 1500,
        "no clearance ball at cast step 1 ({g0} → {g1} px)"
    );
    // The moving ball's ghost and path arrow are drawn in the world view at either step.
    assert!(count(&first, panel_end, mid, is_orange) > 1500);
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn a_2d_step_draws_its_shapes_flat_and_the_triangle_s_regions_in_their_colours() {
    // A triangle whose vertex wedge holds the origin: three wedges outlined in the vertex
    // colour (one filled), three half-strips in the edge colour, the inside in the face colour.
    let img = render(Some("gallery/p13-vertex-wedge.json"), 3, "plane-regions");
    let (panel_end, mid) = (360, 360 + (1280 - 360) / 2);
    let vertex = count(&img, mid, 1280, |r, g, b| r > 150 && r > g + 60 && g > b);
    let edge = count(&img, mid, 1280, |r, g, b| b > 150 && g > 120 && b > r + 60);
    let face = count(&img, mid, 1280, |r, g, b| {
        g > 150 && g > r + 60 && g > b + 60
    });
    assert!(vertex > 2000, "vertex wedges: {vertex} px");
    assert!(edge > 1000, "edge half-strips: {edge} px");
    assert!(face > 200, "the inside: {face} px");
    // The world view shows both shapes, filled.
    let (a, b) = (
        count(&img, panel_end, mid, is_blue),
        count(&img, panel_end, mid, is_orange),
    );
    assert!(a > 5000 && b > 2000, "shapes: A {a} px, B {b} px");
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn a_case_of_many_pieces_draws_the_floor_its_ghost_and_the_cone() {
    // A ball over one triangle of a flat quad, also inside the other, whose lone push is a
    // ghost: the quad drawn under the ball, the ghost's triangle and normal in red, the cone
    // the floor has there (its one normal) in green.
    let img = render(
        Some("../meshes/ball-over-a-quads-diagonal.json"),
        99,
        "pieces",
    );
    let (panel_end, mid) = (360, 360 + (1280 - 360) / 2);
    let floor = count(&img, panel_end, mid, |r, g, b| {
        r > 80 && r > g + 25 && g > b + 20
    });
    let ghost = count(&img, panel_end, mid, |r, g, b| r > 200 && g < 110 && b < 90);
    let cone = count(&img, panel_end, mid, |r, g, b| {
        g > 150 && g > r + 60 && g > b + 40
    });
    let ball = count(&img, panel_end, mid, is_blue);
    assert!(floor > 8000, "the floor: {floor} px");
    assert!(ghost > 500, "the ghost's triangle and normal: {ghost} px");
    assert!(cone > 60, "the cone: {cone} px");
    assert!(ball > 2000, "the ball: {ball} px");
}
