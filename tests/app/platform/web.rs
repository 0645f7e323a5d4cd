//! The page in a real browser: headless Chromium, with WebGL2 in software (SwiftShader), opens
//! `target/web/` served on 127.0.0.1. Ignored in a plain `cargo test`; `./lab test` builds the
//! page (`./lab web --build`) and runs these with `--ignored`.

use image::RgbImage;
use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `target/web/`, built.
fn page_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/web");
    assert!(
        dir.join("index.html").is_file() && dir.join("gjk_lab_bg.wasm").is_file(),
        "no page in {}: run ./lab web --build first",
        dir.display()
    );
    dir
}

/// A static server on a free port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Serves `dir` (the page as built, or a copy with a script added).
    fn start(dir: &Path) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("python3")
            .args([
                "-m",
                "http.server",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
            ])
            .arg("--directory")
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 serves the page");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(10), "no server");
            std::thread::sleep(Duration::from_millis(50));
        }
        Server { child, port }
    }

    fn url(&self, fragment: &str) -> String {
        format!("http://127.0.0.1:{}/{fragment}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the page showed: a screenshot, and the browser's console.
struct Visit {
    shot: RgbImage,
    console: String,
}

/// Opens `url` in headless Chromium at 1280×800 and takes a screenshot once the page has run
/// for a while (virtual time: the wasm is compiled and the first frames drawn before it).
fn visit(url: &str, name: &str) -> Visit {
    let out = std::env::temp_dir().join(format!("gjk-lab-web-{name}-{}.png", std::process::id()));
    let profile =
        std::env::temp_dir().join(format!("gjk-lab-chromium-{name}-{}", std::process::id()));
    let mut child = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--window-size=1280,800",
            "--hide-scrollbars",
            "--virtual-time-budget=20000",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", out.display()))
        .arg(url)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium runs (./lab test installs it)");
    let mut console = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut console)
        .expect("console text");
    let status = child.wait().expect("chromium ends");
    assert!(
        status.success(),
        "chromium failed on {url}: {status}\n{console}"
    );
    let shot = image::open(&out)
        .unwrap_or_else(|e| panic!("no screenshot of {url}: {e}\n{console}"))
        .to_rgb8();
    if let Some(dir) = std::env::var_os("GJK_LAB_KEEP_RENDERS") {
        std::fs::copy(&out, PathBuf::from(dir).join(format!("web-{name}.png"))).unwrap();
    }
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        !console.contains("panicked at"),
        "the page panicked on {url}:\n{console}"
    );
    Visit { shot, console }
}

/// Pixels in columns `x0..x1` that `pred` accepts.
fn count(img: &RgbImage, x0: u32, x1: u32, pred: impl Fn(i32, i32, i32) -> bool) -> usize {
    let mut n = 0;
    for y in 0..img.height() {
        for x in x0..x1.min(img.width()) {
            let [r, g, b] = img.get_pixel(x, y).0.map(i32::from);
            n += usize::from(pred(r, g, b));
        }
    }
    n
}

/// The page with `fragment` after its address, and the console's start line (which case, at
/// which step).
fn open_page(fragment: &str, name: &str) -> (Visit, String) {
    let server = Server::start(&page_dir());
    let v = visit(&server.url(fragment), name);
    let line = v
        .console
        .lines()
        .find(|l| l.contains("opened \\\"") || l.contains("opened \""))
        .unwrap_or_else(|| panic!("no start line:\n{}", v.console))
        .to_string();
    (v, line)
}

/// Shape A's blue, through translucency and shading.
fn is_blue(r: i32, g: i32, b: i32) -> bool {
    b > 120 && b > r + 50 && b > g + 20
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn the_page_draws_the_default_scene() {
    let (v, line) = open_page("", "default");
    assert!(line.contains("A tilted box and a capsule"), "{line}");
    let (w, img) = (v.shot.width(), &v.shot);
    assert_eq!((w, img.height()), (1280, 800));
    // The panel (egui's grey, left), shape A in blue and B in orange in the world view,
    // A − B in violet in the Minkowski view.
    let panel = count(img, 0, 300, |r, g, b| {
        (r - g).abs() < 8 && (g - b).abs() < 8 && r > 20 && r < 60
    });
    let blue = count(img, 360, 820, is_blue);
    let orange = count(img, 360, 820, |r, g, b| r > 150 && r > g + 30 && g > b + 30);
    let violet = count(img, 820, w, |r, g, b| b > 110 && b > g + 25 && r > g + 5);
    assert!(panel > 20_000, "panel {panel}");
    assert!(
        blue > 2_000 && orange > 2_000,
        "blue {blue}, orange {orange}"
    );
    assert!(violet > 5_000, "violet {violet}");
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_case_link_opens_that_case_at_its_step() {
    let case = gjk_lab_files::bundled::gallery()
        .into_iter()
        .find(|c| c.name.contains("/07-"))
        .expect("gallery case 07")
        .load()
        .expect("it loads");
    let link = gjk_lab_files::link::encode(&case, 2, "http://x/");
    let fragment = link.split_once('#').unwrap().1;
    let (_, line) = open_page(&format!("#{fragment}"), "link");
    assert!(
        line.contains(&case.name) && line.contains("at step 2 of"),
        "{line}"
    );
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_captured_case_s_link_opens_with_the_engine_s_answer_read() {
    // A plane case as a capture from a 2D engine writes it: f32, the engine's contact.
    let mut case = gjk::Scenario::parse(
        r#"{"dimension": 2, "name": "frame89-354v0-351v0",
            "a": {"shape": {"type": "cuboid", "half_extents": [0.4, 0.25]}, "position": [0.1, 0.25]},
            "b": {"shape": {"type": "cuboid", "half_extents": [0.4, 0.25]}, "position": [0.12, -0.249]},
            "solver": {"precision": "f32"},
            "engine": {"engine": "avian2d 0.8", "poses": "recomputed",
                       "contact": {"normal": [0, -1], "points": [
                         {"point_a": [0.0, 0.0], "point_b": [0.0, 0.001], "separation": -0.001}]}}}"#,
        gjk::Format::Json,
    )
    .expect("a captured case");
    case.notes = "Captured from avian2d 0.8.".into();
    let steps = gjk::trace(&case.a, &case.b, &case.config()).steps.len();
    let link = gjk_lab_files::link::encode(&case, steps, "http://x/");
    let fragment = link.split_once('#').unwrap().1;
    let (v, line) = open_page(&format!("#{fragment}"), "captured");
    assert!(
        line.contains(&case.name) && line.contains(&format!("at step {steps} of")),
        "{line}"
    );
    assert!(
        v.console
            .contains("Your engine (avian2d 0.8) said: separation"),
        "{}",
        v.console
    );
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_2d_case_link_opens_in_the_plane_with_its_regions_drawn() {
    let case = gjk_lab_files::bundled::find("gallery/p13-vertex-wedge.json")
        .expect("the plane's vertex-wedge case")
        .load()
        .expect("it loads");
    let link = gjk_lab_files::link::encode(&case, 3, "http://x/");
    let fragment = link.split_once('#').unwrap().1;
    let (v, line) = open_page(&format!("#{fragment}"), "plane");
    assert!(
        line.contains(&case.name) && line.contains("at step 3 of"),
        "{line}"
    );
    // The triangle's regions in the Minkowski view: its vertex wedges and edge half-strips in
    // their colours (as the desktop's render check counts them).
    let vertex = count(&v.shot, 820, 1280, |r, g, b| r > 150 && r > g + 60 && g > b);
    let edge = count(&v.shot, 820, 1280, |r, g, b| {
        b > 150 && g > 120 && b > r + 60
    });
    assert!(
        vertex > 2_000 && edge > 1_000,
        "vertex {vertex}, edge {edge}"
    );
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_broken_link_opens_the_default_scene_and_says_why() {
    let (v, line) = open_page("#case=not*a*case&step=1", "broken");
    assert!(line.contains("A tilted box and a capsule"), "{line}");
    assert!(
        v.console
            .contains("the link does not open: case: not base64url"),
        "{}",
        v.console
    );
    // Not a blank page: the shapes are drawn.
    let blue = count(&v.shot, 360, 820, |r, g, b| {
        b > 120 && b > r + 50 && b > g + 20
    });
    assert!(blue > 2_000, "blue {blue}");
}

/// The page as built, with `script` run before the app: its other files are linked, not copied.
fn page_with(script: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjk-lab-page-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(page_dir()).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != "index.html" {
            std::os::unix::fs::symlink(entry.path(), dir.join(entry.file_name())).unwrap();
        }
    }
    let page = std::fs::read_to_string(page_dir().join("index.html")).unwrap();
    let page = page.replacen("<head>", &format!("<head>\n<script>{script}</script>"), 1);
    std::fs::write(dir.join("index.html"), page).unwrap();
    dir
}

/// The page's console (its quotes unescaped) after `act` (JavaScript) has played the user once
/// the app drew its first frame. The events `act` makes are the page's own, not trusted input,
/// which is all the app's listeners need.
fn after(act: &str, name: &str) -> (Visit, String) {
    let script = format!(
        r#"
        function drop(name, text, x, y) {{
          const files = new DataTransfer();
          files.items.add(new File([text], name));
          window.dispatchEvent(new DragEvent("drop",
            {{ dataTransfer: files, clientX: x, clientY: y, cancelable: true }}));
        }}
        let waiting = true;
        for (const level of ["log", "info", "debug", "warn"]) {{
          const said = console[level].bind(console);
          console[level] = (...args) => {{
            said(...args);
            if (waiting && args.join(" ").includes("first frame drawn")) {{
              waiting = false;
              setTimeout(() => {{ {act} }}, 0);
            }}
          }};
        }}
        "#
    );
    let dir = page_with(&script, name);
    let server = Server::start(&dir);
    let v = visit(&server.url(""), name);
    let _ = std::fs::remove_dir_all(&dir);
    // Chromium's log escapes the quotes of a console line.
    let console = v.console.replace("\\\"", "\"");
    (v, console)
}

fn js(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_scenario_dropped_on_the_page_opens() {
    let case = gjk_lab_files::bundled::find("gallery/10-touching-boxes.json").unwrap();
    let text = case.load().unwrap().to_text(gjk::Format::Json);
    let (v, console) = after(
        &format!("drop('mine.json', {}, 640, 400)", js(&text)),
        "drop",
    );
    assert!(console.contains("Opened mine.json"), "{console}");
    assert!(
        console.contains("opened \"Exactly touching boxes\""),
        "{console}"
    );
    let blue = count(&v.shot, 360, 820, is_blue);
    assert!(blue > 2_000, "blue {blue}");
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_mesh_dropped_on_a_shape_replaces_that_shape() {
    // (500, 390) is on A, the blue box, drawn left of B in the default scene's world view.
    let tetrahedron = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n";
    let act = format!("drop('tet.obj', {}, 500, 390)", js(tetrahedron));
    let (_, console) = after(&act, "mesh");
    assert!(
        console.contains("Imported 4 vertices from tet.obj into A"),
        "{console}"
    );
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_link_changed_after_loading_opens_its_case() {
    let case = gjk_lab_files::bundled::find("gallery/07-libccd-stacked-cubes.json").unwrap();
    let case = case.load().unwrap();
    let link = gjk_lab_files::link::encode(&case, 2, "http://x/");
    let hash = format!("#{}", link.split_once('#').unwrap().1);
    // Without a navigation (headless Chromium's screenshot mode stops waiting on one): the
    // address changes, then the event a browser sends when a new link is pasted.
    let act = format!(
        "history.replaceState(null, '', {}); window.dispatchEvent(new HashChangeEvent('hashchange'));",
        js(&hash)
    );
    let (_, console) = after(&act, "hash");
    let said = format!("opened \"{}\" at step 2", case.name);
    assert!(console.contains(&said), "no {said:?} in:\n{console}");
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_lesson_link_opens_the_lesson_in_presenter_mode() {
    let lesson = gjk_lab_files::lesson::Lesson::bundled("distance-and-depth.json").unwrap();
    let link = lesson.to_link("http://x/").unwrap();
    let fragment = link.split_once('#').unwrap().1;
    let (v, _) = open_page(&format!("#{fragment}"), "lesson");
    let console = v.console.replace("\\\"", "\"");
    let said = format!("slide 1 of 5 of \"{}\"", lesson.title);
    assert!(console.contains(&said), "no {said:?} in:\n{console}");
    // Presenter mode: the panel folded to a bar, the black background, the shapes drawn in
    // the world view (from the bar to the middle).
    let black = count(&v.shot, 400, 1280, |r, g, b| r + g + b < 12);
    let blue = count(&v.shot, 40, 640, is_blue);
    assert!(
        black > 100_000 && blue > 2_000,
        "black {black}, blue {blue}"
    );
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_lesson_exported_as_a_gif_plays_in_chromium() {
    // The GIF made from the real renderer, as a teacher exports it.
    let dir = std::env::temp_dir().join(format!("gjk-lab-gif-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let lesson =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lessons/distance-and-depth.json");
    let status = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .arg("render")
        .arg("--lesson")
        .arg(&lesson)
        .arg("--animate")
        .arg(dir.join("lesson.gif"))
        .args(["--size", "640x400", "--frame-ms", "1500"])
        .status()
        .expect("gjk-lab runs");
    assert!(status.success(), "render failed: {status}");
    // The file, frame by frame: five slides of 1.5 s each, the whole window each, looping.
    // (Chromium's WebCodecs decoder read them here until Chromium 156.0.8078.129, whose
    // decoder never finishes under the virtual time these visits run on: `tracks.ready` or
    // `completed` never resolves before the screenshot is taken.)
    let bytes = std::fs::read(dir.join("lesson.gif")).unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes.as_slice()).expect("a GIF");
    assert_eq!((decoder.width(), decoder.height()), (640, 400));
    assert_eq!(decoder.repeat(), gif::Repeat::Infinite);
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    assert_eq!(delays, [150; 5], "five frames of 1.5 s");
    // Chromium plays it: an <img> shows the GIF.
    let page =
        r#"<!doctype html><html><body style="margin:0"><img src="lesson.gif"></body></html>"#;
    std::fs::write(dir.join("index.html"), page).unwrap();
    let server = Server::start(&dir);
    let v = visit(&server.url(""), "gif");
    let _ = std::fs::remove_dir_all(&dir);
    // The picture on screen is the GIF's: the panel's dark grey and the shapes' colours.
    let blue = count(&v.shot, 0, 640, is_blue);
    assert!(blue > 200, "blue {blue}");
}

#[test]
#[ignore = "needs the page and Chromium: run by ./lab test"]
fn a_lesson_link_steps_the_contact_manifold_on_the_page() {
    // One slide of a box resting on a box, at a stage of its manifold.
    let at = |stage: usize| {
        let json = format!(
            r#"{{"title": "Manifold", "slides": [{{"title": "Box on a box",
            "case": "gallery/43-manifold-box-resting-on-a-box.json",
            "step": {{"manifold": {stage}}}, "views": "world", "caption": "Contacts."}}]}}"#
        );
        let lesson = gjk_lab_files::lesson::Lesson::parse(&json, gjk::Format::Json).unwrap();
        let link = lesson.to_link("http://x/").unwrap();
        let fragment = link.split_once('#').unwrap().1.to_string();
        let (v, _) = open_page(&format!("#{fragment}"), &format!("manifold-{stage}"));
        // The contacts' cyan: the normal's arrow at every stage, the four contacts' dots
        // (one on each shape at each corner) at the last.
        count(&v.shot, 40, 1280, |r, g, b| r < 130 && g > 190 && b > 200)
    };
    let (features, contacts) = (at(1), at(7));
    assert!(
        features > 50 && contacts > features + 300,
        "cyan at the features {features}, at the contacts {contacts}"
    );
}
