//! Pictures out: the encoders on frames drawn here, then `render`'s pictures from the real
//! renderer (a run as a GIF or an animated PNG, numbered frames, a lesson's handout), ignored by
//! default because they need a display (`./lab test` runs them under Xvfb).

use gjk_lab::teach::pictures::{self, Frame};
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjk-lab-pictures-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn render(args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .arg("render")
        .args(args)
        .status()
        .expect("gjk-lab runs");
    assert!(status.success(), "render {args:?} failed: {status}");
}

/// `render` on the bundled lesson `distance-and-depth.json`, with `args`.
fn render_lesson(args: &[&str]) {
    let lesson = asset("assets/lessons/distance-and-depth.json");
    render(&[&["--lesson", lesson.as_str()], args].concat());
}

fn asset(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// Every frame of a GIF as it is seen (each drawn over the last), with its delay and its
/// rectangle's size.
type Seen = (u16, (u16, u16), Vec<u8>);

fn gif_frames(bytes: &[u8]) -> (u16, u16, Vec<Seen>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).unwrap();
    let (w, h) = (decoder.width(), decoder.height());
    let mut screen = vec![0u8; usize::from(w) * usize::from(h) * 4];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        for row in 0..usize::from(frame.height) {
            for col in 0..usize::from(frame.width) {
                let src = 4 * (row * usize::from(frame.width) + col);
                if frame.buffer[src + 3] == 0 {
                    continue;
                }
                let y = row + usize::from(frame.top);
                let x = col + usize::from(frame.left);
                let dst = 4 * (y * usize::from(w) + x);
                screen[dst..dst + 4].copy_from_slice(&frame.buffer[src..src + 4]);
            }
        }
        frames.push((frame.delay, (frame.width, frame.height), screen.clone()));
    }
    (w, h, frames)
}

/// Three frames: a red square moving right over a fixed blue bar.
fn drawn() -> Vec<Frame> {
    (0..3)
        .map(|k| {
            let mut image = RgbaImage::from_pixel(40, 30, image::Rgba([20, 20, 30, 255]));
            for y in 5..10 {
                for x in 0..40 {
                    image.put_pixel(x, y + 15, image::Rgba([40, 90, 220, 255]));
                }
                for x in 5 * k..5 * k + 5 {
                    image.put_pixel(x, y, image::Rgba([230, 40, 40, 255]));
                }
            }
            Frame {
                image,
                slide: None,
                lesson: None,
            }
        })
        .collect()
}

#[test]
fn a_gif_plays_back_every_frame_in_its_colours_storing_only_what_changed() {
    let frames = drawn();
    let mut told = Vec::new();
    let bytes = pictures::gif(&frames, 250, &mut |d, n| told.push((d, n))).unwrap();
    assert_eq!(told.last(), Some(&(3, 3)));
    let (w, h, seen) = gif_frames(&bytes);
    assert_eq!((w, h, seen.len()), (40, 30, 3));
    for (n, ((delay, size, screen), frame)) in seen.iter().zip(&frames).enumerate() {
        assert_eq!(*delay, 25);
        for (got, want) in screen
            .as_chunks::<4>()
            .0
            .iter()
            .zip(frame.image.as_raw().as_chunks::<4>().0)
        {
            for c in 0..3 {
                assert!(
                    got[c].abs_diff(want[c]) <= 8,
                    "frame {n}: {got:?} vs {want:?}"
                );
            }
        }
        // After the first, a frame stores only the rows where the square moved.
        if n > 0 {
            assert!(size.1 <= 5, "frame {n} is {size:?}");
        }
    }
}

#[test]
fn an_apng_holds_every_frame_exactly() {
    let frames = drawn();
    let bytes = pictures::apng(&frames, 400, &mut |_, _| {}).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let control = reader.info().animation_control().unwrap();
    assert_eq!((control.num_frames, control.num_plays), (3, 0));
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    for frame in &frames {
        let info = reader.next_frame(&mut buffer).unwrap();
        // `image`'s own conversion is the reference.
        let rgb = image::DynamicImage::from(frame.image.clone()).into_rgb8();
        assert_eq!(&buffer[..info.buffer_size()], rgb.as_raw().as_slice());
    }
    // Frames of two sizes are refused, naming the first that differs.
    let mut mixed = drawn();
    mixed[2].image = RgbaImage::new(10, 10);
    let why = pictures::apng(&mixed, 400, &mut |_, _| {}).unwrap_err();
    assert_eq!(why, "frame 3 is not 40×30");
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn a_run_becomes_a_gif_with_one_frame_per_step() {
    let dir = folder("gif");
    let gif = dir.join("run.gif");
    let out = gif.display().to_string();
    render(&["--animate", &out, "--size", "640x400", "--frame-ms", "500"]);
    let (w, h, frames) = gif_frames(&std::fs::read(&gif).unwrap());
    assert_eq!((w, h), (640, 400));
    // The default scene's run: step 0 and its four steps.
    let steps = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(["trace", &asset("assets/scenarios/startup-box-capsule.json")])
        .output()
        .unwrap();
    let trace: serde_json::Value = serde_json::from_slice(&steps.stdout).unwrap();
    let n = trace["steps"].as_array().unwrap().len();
    assert_eq!(frames.len(), n + 1);
    assert!(frames.iter().all(|(delay, ..)| *delay == 50));
    // Each step shows something new: no two frames in a row are the same picture.
    for pair in frames.windows(2) {
        assert_ne!(pair[0].2, pair[1].2);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn a_step_range_becomes_an_animated_png_and_numbered_frames() {
    let dir = folder("apng");
    let apng = dir.join("steps.png");
    render(&[
        "--animate",
        &apng.display().to_string(),
        "--steps",
        "1:3",
        "--size",
        "640x400",
    ]);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&apng).unwrap()));
    let reader = decoder.read_info().unwrap();
    let control = reader.info().animation_control().expect("an animated PNG");
    assert_eq!((control.num_frames, control.num_plays), (3, 0));

    let frames = dir.join("frames");
    render(&[
        "--frames",
        &frames.display().to_string(),
        "--steps",
        "2:",
        "--size",
        "640x400",
    ]);
    let mut names: Vec<_> = std::fs::read_dir(&frames)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["frame-01.png", "frame-02.png", "frame-03.png"]);
    let first = image::open(frames.join(&names[0])).unwrap();
    assert_eq!((first.width(), first.height()), (640, 400));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn a_lesson_becomes_a_handout_with_each_slide_s_picture_and_caption() {
    let dir = folder("handout");
    let out = dir.join("handout");
    render_lesson(&["--out", &out.display().to_string(), "--size", "960x600"]);
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    let lesson = gjk_lab_files::lesson::Lesson::bundled("distance-and-depth.json").unwrap();
    assert!(
        html.contains(&format!("<h1>{}</h1>", lesson.title)),
        "{html}"
    );
    for (i, slide) in lesson.slides.iter().enumerate() {
        let png = format!("slide-{:02}.png", i + 1);
        assert!(html.contains(&format!("src=\"{png}\"")), "{html}");
        let picture = image::open(out.join(&png)).unwrap();
        assert_eq!((picture.width(), picture.height()), (960, 600));
        assert!(html.contains(&slide.title), "{}", slide.title);
        // The page prints the caption: the picture carries no caption box (its fill is
        // rgb(16, 16, 20)), so no key bar and no caption twice.
        let boxed = picture
            .to_rgb8()
            .pixels()
            .filter(|p| p.0 == [16, 16, 20])
            .count();
        assert!(boxed < 200, "{png}: {boxed} px of a caption box");
    }
    // The captions are filled from each slide's step: no placeholder is left.
    let body = html.split_once("<body>").unwrap().1;
    assert!(!body.contains('{') && !body.contains('—'), "{body}");
    let distance = gjk::Scenario::load(Path::new(&asset(
        "assets/scenarios/startup-box-capsule.json",
    )))
    .unwrap();
    let answer = gjk::query::solve(&distance.a, &distance.b, &distance.config());
    let d = answer.outcome.distance().unwrap();
    assert!(
        html.contains(&format!(
            "the distance is {}",
            gjk::trace::explain::fmt_num(d)
        )),
        "{html}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "needs a display: run by ./lab test under Xvfb"]
fn a_slide_showing_one_view_gives_it_the_whole_width() {
    let dir = folder("one-view");
    let png = dir.join("epa.png");
    // Slide 4 of the bundled lesson shows EPA in the Minkowski view alone.
    let out = png.display().to_string();
    render_lesson(&["--present", "4", "--out", &out, "--size", "1280x800"]);
    let shot = image::open(&png).unwrap().to_rgb8();
    // A − B's violet fills the middle of the window, where the world view would stand beside
    // it; the world's blue and orange bodies are nowhere.
    let (mut violet_left, mut bodies) = (0, 0);
    for (x, _, p) in shot.enumerate_pixels() {
        let [r, g, b] = p.0.map(i32::from);
        if x < 640 && b > 110 && b > g + 25 && r > g + 5 {
            violet_left += 1;
        }
        if r > 150 && r > g + 30 && g > b + 30 {
            bodies += 1;
        }
    }
    assert!(
        violet_left > 20_000,
        "violet left of the middle: {violet_left}"
    );
    assert!(bodies < 500, "orange pixels: {bodies}");
    std::fs::remove_dir_all(&dir).unwrap();
}
