//! Pictures a teacher takes away: the frames of a run or a lesson as an animated GIF or PNG
//! (APNG), numbered PNGs, or a printable handout (one PNG per slide and an `index.html`).
//! Plain functions from pixels to bytes; [`crate::teach::filming`] takes the pictures.
//!
//! GIF is what every slide program and chat plays, but holds 256 colours; APNG keeps every
//! colour and plays in every current browser. A GIF here uses one palette for the whole film
//! (NeuQuant, learnt from all its frames, so a colour does not flicker from frame to frame),
//! and after the first frame stores only the rectangle that changed, with the pixels that did
//! not change inside it transparent: a step that moves one point costs a few kilobytes.

use image::RgbaImage;
use std::fmt::Write as _;

/// A picture and, for a lesson's slide, its title and its caption as shown, and the lesson's
/// title.
#[derive(Debug, Clone)]
pub struct Frame {
    pub image: RgbaImage,
    pub slide: Option<(String, String)>,
    pub lesson: Option<String>,
}

/// How often `progress(done, of)` is told as frames are encoded.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

/// Palette entries NeuQuant learns; the last of the 256 marks "unchanged" (transparent).
const COLOURS: usize = 255;
const UNCHANGED: u8 = 255;

/// The frames as an endlessly looping GIF, each shown `frame_ms` milliseconds.
pub fn gif(frames: &[Frame], frame_ms: u32, progress: Progress) -> Result<Vec<u8>, String> {
    let (width, height) = size(frames)?;
    let too_large = |_| format!("{width}×{height} is larger than a GIF can hold (65535)");
    let (w, h) = (
        u16::try_from(width).map_err(too_large)?,
        u16::try_from(height).map_err(too_large)?,
    );
    let palette = Palette::learn(frames);
    let mut out = Vec::new();
    let mut encoder = gif::Encoder::new(&mut out, w, h, &palette.rgb)
        .map_err(|e| format!("cannot start the GIF: {e}"))?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(|e| e.to_string())?;
    // GIF counts delays in hundredths of a second.
    let delay = u16::try_from(frame_ms.div_ceil(10)).unwrap_or(u16::MAX);
    let mut before: Option<Vec<u8>> = None;
    let mut lookup = Lookup::new(&palette);
    for (i, frame) in frames.iter().enumerate() {
        let indices: Vec<u8> = frame
            .image
            .pixels()
            .map(|p| lookup.index([p[0], p[1], p[2]]))
            .collect();
        let gif_frame = match &before {
            None => gif::Frame {
                width: w,
                height: h,
                delay,
                buffer: (&indices).into(),
                ..gif::Frame::default()
            },
            Some(previous) => changed(previous, &indices, w, h, delay),
        };
        encoder
            .write_frame(&gif_frame)
            .map_err(|e| format!("cannot write frame {}: {e}", i + 1))?;
        before = Some(indices);
        progress(i + 1, frames.len());
    }
    drop(encoder);
    Ok(out)
}

/// The film's size: its first frame's, which every frame must have.
fn size(frames: &[Frame]) -> Result<(u32, u32), String> {
    let first = frames.first().ok_or("no frames to encode")?;
    let (width, height) = first.image.dimensions();
    match frames
        .iter()
        .position(|f| f.image.dimensions() != (width, height))
    {
        Some(i) => Err(format!("frame {} is not {width}×{height}", i + 1)),
        None => Ok((width, height)),
    }
}

/// The rectangle of `now` that differs from `before`, the unchanged pixels inside it marked
/// transparent, to be drawn over the previous frame.
fn changed(before: &[u8], now: &[u8], w: u16, h: u16, delay: u16) -> gif::Frame<'static> {
    let (w, h) = (usize::from(w), usize::from(h));
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for (i, (a, b)) in before.iter().zip(now).enumerate() {
        if a != b {
            let (x, y) = (i % w, i / w);
            x0 = x0.min(x);
            x1 = x1.max(x + 1);
            y0 = y0.min(y);
            y1 = y1.max(y + 1);
        }
    }
    // Nothing changed: one transparent pixel holds the time.
    if x0 >= x1 {
        (x0, y0, x1, y1) = (0, 0, 1, 1);
    }
    let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        let row = y * w;
        for x in x0..x1 {
            let i = row + x;
            buffer.push(if before[i] == now[i] {
                UNCHANGED
            } else {
                now[i]
            });
        }
    }
    gif::Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0) as u16,
        height: (y1 - y0) as u16,
        delay,
        dispose: gif::DisposalMethod::Keep,
        transparent: Some(UNCHANGED),
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}

/// One palette for all frames.
struct Palette {
    quant: color_quant::NeuQuant,
    /// 256 entries of RGB: NeuQuant's 255 and the transparent one.
    rgb: Vec<u8>,
}

impl Palette {
    /// Learnt from about a million pixels spread over every frame.
    fn learn(frames: &[Frame]) -> Self {
        let total: usize = frames.iter().map(|f| f.image.as_raw().len() / 4).sum();
        let stride = (total / 1_000_000).max(1);
        let mut sample = Vec::with_capacity(4 * total / stride + 4);
        for frame in frames {
            for pixel in frame
                .image
                .as_raw()
                .as_chunks::<4>()
                .0
                .iter()
                .step_by(stride)
            {
                sample.extend_from_slice(&[pixel[0], pixel[1], pixel[2], 255]);
            }
        }
        let quant = color_quant::NeuQuant::new(3, COLOURS, &sample);
        let mut rgb = quant.color_map_rgb();
        rgb.resize(256 * 3, 0);
        Palette { quant, rgb }
    }
}

/// Each colour's palette index, worked out once: a film has few distinct colours, met
/// millions of times.
struct Lookup<'a> {
    palette: &'a Palette,
    /// By 24-bit colour; `u16::MAX` where not yet worked out.
    table: Vec<u16>,
}

impl<'a> Lookup<'a> {
    fn new(palette: &'a Palette) -> Self {
        Lookup {
            palette,
            table: vec![u16::MAX; 1 << 24],
        }
    }

    fn index(&mut self, [r, g, b]: [u8; 3]) -> u8 {
        let key = (usize::from(r) << 16) | (usize::from(g) << 8) | usize::from(b);
        let known = self.table[key];
        if known != u16::MAX {
            return known as u8;
        }
        let index = self.palette.quant.index_of(&[r, g, b, 255]) as u8;
        self.table[key] = u16::from(index);
        index
    }
}

/// The frames as an endlessly looping animated PNG, each shown `frame_ms` milliseconds.
pub fn apng(frames: &[Frame], frame_ms: u32, progress: Progress) -> Result<Vec<u8>, String> {
    let (width, height) = size(frames)?;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let fail = |e: png::EncodingError| format!("cannot write the PNG: {e}");
    encoder.set_animated(frames.len() as u32, 0).map_err(fail)?;
    encoder
        .set_frame_delay(u16::try_from(frame_ms).unwrap_or(u16::MAX), 1000)
        .map_err(fail)?;
    let mut writer = encoder.write_header().map_err(fail)?;
    for (i, frame) in frames.iter().enumerate() {
        let rgb: Vec<u8> = frame
            .image
            .as_raw()
            .as_chunks::<4>()
            .0
            .iter()
            .flat_map(|&[r, g, b, _]| [r, g, b])
            .collect();
        writer.write_image_data(&rgb).map_err(fail)?;
        progress(i + 1, frames.len());
    }
    writer.finish().map_err(fail)?;
    Ok(out)
}

/// One frame as a still PNG.
pub fn png(frame: &Frame) -> Result<Vec<u8>, String> {
    let rgb = image::DynamicImage::ImageRgba8(frame.image.clone()).to_rgb8();
    let mut out = std::io::Cursor::new(Vec::new());
    rgb.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok(out.into_inner())
}

/// The name of frame `i` (0-based) of `n` in a folder of numbered PNGs: `frame-007.png`, or
/// `slide-03.png` for a handout, padded so they sort in order.
pub fn numbered(prefix: &str, i: usize, n: usize) -> String {
    let width = n.to_string().len().max(2);
    format!("{prefix}-{:0width$}.png", i + 1)
}

/// A printable page: the lesson's title, then each slide's picture (by its file name), title
/// and caption.
pub fn handout(title: &str, slides: &[(String, &Frame)]) -> String {
    let mut html = String::new();
    let _ = write!(
        html,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{t}</title>\n<style>\n\
         body {{ font-family: sans-serif; max-width: 60rem; margin: 2rem auto; color: #111; }}\n\
         section {{ break-inside: avoid; page-break-inside: avoid; margin-bottom: 2rem; }}\n\
         img {{ width: 100%; border: 1px solid #888; }}\n\
         @media print {{ body {{ margin: 0; }} }}\n\
         </style>\n</head>\n<body>\n<h1>{t}</h1>\n",
        t = escape(title)
    );
    for (n, (file, frame)) in slides.iter().enumerate() {
        let (slide_title, caption) = frame.slide.clone().unwrap_or_default();
        let _ = write!(
            html,
            "<section>\n<h2>{}. {}</h2>\n<img src=\"{}\" alt=\"{}\">\n<p>{}</p>\n</section>\n",
            n + 1,
            escape(&slide_title),
            escape(file),
            escape(&slide_title),
            escape(&caption).replace('\n', "<br>")
        );
    }
    html.push_str("</body>\n</html>\n");
    html
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handout_escapes_what_it_prints_and_numbers_the_slides() {
        let frame = Frame {
            image: RgbaImage::new(1, 1),
            slide: Some(("A < B".into(), "line 1\nline \"2\"".into())),
            lesson: None,
        };
        let html = handout("Mine & yours", &[("slide-01.png".into(), &frame)]);
        assert!(html.contains("<h1>Mine &amp; yours</h1>"), "{html}");
        assert!(html.contains("<h2>1. A &lt; B</h2>"), "{html}");
        assert!(html.contains("line 1<br>line &quot;2&quot;"), "{html}");
        assert_eq!(numbered("slide", 2, 7), "slide-03.png");
        assert_eq!(numbered("frame", 9, 120), "frame-010.png");
    }
}
