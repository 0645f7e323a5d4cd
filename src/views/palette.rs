//! Every colour the app uses, in one place. A fixed colour per simplex slot is drawn on the
//! Minkowski vertex and on both of its witnesses, so a vertex can be followed across the views.

use crate::case::playback::Which;
use bevy::prelude::*;
use gjk::FeatureKind;

/// Shape A: blue.
pub const SHAPE_A: Color = Color::srgb(0.22, 0.52, 0.95);
/// Shape B: orange.
pub const SHAPE_B: Color = Color::srgb(0.96, 0.55, 0.16);
/// The Minkowski difference A ⊖ B: violet.
pub const MINKOWSKI: Color = Color::srgb(0.62, 0.45, 0.88);
pub const BACKGROUND: Color = Color::srgb(0.09, 0.10, 0.12);
pub const GRID: Color = Color::srgba(0.6, 0.6, 0.65, 0.25);
pub const ORIGIN: Color = Color::WHITE;
/// The search direction d.
pub const DIRECTION: Color = Color::srgb(1.0, 0.92, 0.2);
/// The plain direction −v beside an accelerated step's direction d: d's colour, dimmed.
pub const PLAIN_DIRECTION: Color = Color::srgba(1.0, 0.92, 0.2, 0.45);
/// The closest point v and the closest-point segment between the shapes.
pub const CLOSEST: Color = Color::srgb(0.2, 0.95, 0.55);
/// The new support point w.
pub const SUPPORT: Color = Color::srgb(1.0, 0.3, 0.75);
/// The coordinate axes: a quiet grey no key uses (red, green and blue would read as shape A,
/// v and the regions), told apart by their x, y, z labels.
pub const AXIS: Color = Color::srgba(0.72, 0.74, 0.80, 0.85);
pub const SIMPLEX_EDGE: Color = Color::srgb(0.95, 0.95, 0.95);
/// A cast's contact at the time of impact: the points on both bodies and the normal.
pub const CONTACT: Color = Color::srgb(0.25, 0.92, 0.98);
/// An answer the run did not prove (see `gjk::Certificate`): never the success colour.
pub const UNCERTIFIED: Color = Color::srgb(1.0, 0.45, 0.45);
/// Proven only as far as rounding allows: a separation at the working precision's limit
/// (`gjk::PrecisionLimit`), an engine's number outside the bounds by less than its rounding.
pub const WITHIN_ROUNDING: Color = Color::srgb(0.98, 0.82, 0.35);
/// Where two compared runs part ways (the plots' marker; unlike any curve's colour).
pub const DIFFER: Color = Color::srgb(0.45, 0.75, 1.0);
/// A core's lines (`radii: split`): the colour of the body (or of A ⊖ B) it lies inside,
/// lightened so the thin lines show through the translucent solid.
pub fn core(body: Color) -> Color {
    body.mix(&Color::WHITE, 0.55)
}

/// EPA's horizon: the rim of the faces the new support point removed.
pub const HORIZON: Color = Color::srgb(1.0, 0.25, 0.1);

/// One colour per simplex slot (A, B, C, D), distinct from the shape colours.
pub const SLOTS: [Color; 4] = [
    Color::srgb(1.0, 0.35, 0.35),
    Color::srgb(0.35, 0.9, 1.0),
    Color::srgb(1.0, 0.85, 0.3),
    Color::srgb(0.75, 1.0, 0.35),
];

/// The colour of a Voronoi region, by the kind of feature that owns it.
pub fn region(kind: FeatureKind) -> Color {
    match kind {
        FeatureKind::Vertex => Color::srgb(1.0, 0.45, 0.3),
        FeatureKind::Edge => Color::srgb(0.3, 0.85, 1.0),
        FeatureKind::Face => Color::srgb(0.45, 1.0, 0.45),
        FeatureKind::Interior => Color::srgb(1.0, 0.3, 0.3),
    }
}

/// egui's colour for a Bevy colour.
pub fn egui(c: Color) -> bevy_egui::egui::Color32 {
    let s = c.to_srgba();
    bevy_egui::egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

/// A colour per way a run stops, for sweep plots: certified stops in cool colours, stops by
/// rounding, degeneracy or the cap in warm ones.
pub fn termination(name: &str) -> Color {
    match name {
        "gap_below_tolerance" => Color::srgb(0.3, 0.75, 1.0),
        "distance_below_tolerance" => Color::srgb(0.4, 1.0, 0.6),
        "intersection_found" => Color::srgb(0.2, 0.9, 0.3),
        "repeated_support" => Color::srgb(0.7, 0.6, 1.0),
        "not_past_origin" => Color::srgb(0.5, 0.9, 0.9),
        "zero_direction" => Color::srgb(1.0, 0.85, 0.3),
        "not_decreasing" => Color::srgb(1.0, 0.55, 0.2),
        "degenerate_simplex" => Color::srgb(1.0, 0.3, 0.8),
        "max_iterations" => Color::srgb(1.0, 0.2, 0.2),
        _ => Color::srgb(0.7, 0.7, 0.7),
    }
}

/// A dark-blue → teal → yellow ramp for heat maps (viridis-like, no red: red means "not
/// certified"), `t` in [0, 1].
pub fn heat(t: f32) -> Color {
    let stops = [
        Vec3::new(0.27, 0.0, 0.33),
        Vec3::new(0.13, 0.57, 0.55),
        Vec3::new(0.99, 0.91, 0.14),
    ];
    let t = t.clamp(0.0, 1.0) * 2.0;
    let (a, b, f) = if t < 1.0 {
        (stops[0], stops[1], t)
    } else {
        (stops[1], stops[2], t - 1.0)
    };
    let c = a.lerp(b, f);
    Color::srgb(c.x, c.y, c.z)
}

/// The key colour of a body.
impl Which {
    pub fn color(&self) -> Color {
        match self {
            Which::A => SHAPE_A,
            Which::B => SHAPE_B,
        }
    }
}
