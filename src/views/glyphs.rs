//! Every text on screen, the panel's, the captions' and the labels': the fonts it is drawn
//! with ([`fonts`]), and its size. Text grows with the window (a panel made for a laptop is
//! unreadable on a projector), larger still in presenter mode, and by the reader's own factor:
//! Ctrl + / Ctrl − / Ctrl 0, or the panel's *Text size*.

use crate::case::playback::{LabSet, PanelSystems};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContext, EguiContexts, EguiPrimaryContextPass, egui};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TextSize>()
        .add_systems(Update, keys.in_set(LabSet::Input))
        .add_systems(EguiPrimaryContextPass, apply_size.before(PanelSystems))
        .add_observer(install_fonts);
}

/// How large text is drawn: egui's zoom is `window height / 800 × presenter × reader`.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct TextSize {
    /// The reader's own factor (Ctrl + / −, the panel's slider), 1 by default.
    pub reader: f32,
    /// Presenter mode is on: text for the back of the room.
    pub presenter: bool,
}

impl Default for TextSize {
    fn default() -> Self {
        TextSize {
            reader: 1.0,
            presenter: false,
        }
    }
}

/// The reader's factor, between these.
pub const READER_RANGE: std::ops::RangeInclusive<f32> = 0.5..=3.0;

/// How much larger presenter mode draws text: egui's body text (12.5 points) is then at least
/// 20 pixels high in a window 1080 pixels high.
const PRESENTER: f32 = 1.2;

impl TextSize {
    /// egui's zoom factor in a window `height` pixels high.
    pub fn zoom(&self, height: f32) -> f32 {
        let window = (height / 800.0).max(0.75);
        let presenter = if self.presenter { PRESENTER } else { 1.0 };
        window * presenter * self.reader
    }
}

/// Ctrl + and Ctrl − make text larger and smaller by a tenth, Ctrl 0 puts it back.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_input: Option<Res<EguiWantsInput>>,
    mut size: ResMut<TextSize>,
) {
    if egui_input.is_some_and(|e| e.wants_keyboard_input())
        || !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
    {
        return;
    }
    let reader = if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
        size.reader * 1.1
    } else if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
        size.reader / 1.1
    } else if keys.any_just_pressed([KeyCode::Digit0, KeyCode::Numpad0]) {
        1.0
    } else {
        return;
    };
    size.reader = reader.clamp(*READER_RANGE.start(), *READER_RANGE.end());
}

/// Sets egui's zoom from the window's height and [`TextSize`] when either changes.
fn apply_size(
    mut contexts: EguiContexts,
    size: Res<TextSize>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut last: Local<Option<f32>>,
) -> Result {
    let Ok(window) = windows.single() else {
        return Ok(());
    };
    let zoom = size.zoom(window.height());
    if *last != Some(zoom) {
        let ctx = contexts.ctx_mut()?;
        // egui's own Ctrl +/− would fight this one.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        ctx.set_zoom_factor(zoom);
        *last = Some(zoom);
    }
    Ok(())
}

/// The fonts every text is drawn with, given to each egui context as it is made (before its
/// first pass lays out any text): egui's own four, in its order and at its scales, made smaller
/// for the page (`assets/fonts/README.md`): the text and code fonts without their hinting
/// programs (egui's renderer then hints them with its own autohinter), the two symbol fonts
/// cut to what lies below the emoji pictographs (the panel's ▶ ⏸ ⏭ ➕ and 🗑 are in them).
/// egui's text font, Ubuntu Light, has no ⊖, ‖, ∈ or arrows, which its code font, Hack, has:
/// Hack is the text's last fallback.
pub fn fonts() -> egui::FontDefinitions {
    let font = |bytes: &'static [u8], scale: f32| {
        let tweak = egui::FontTweak {
            scale,
            ..Default::default()
        };
        std::sync::Arc::new(egui::FontData::from_static(bytes).tweak(tweak))
    };
    let mut fonts = egui::FontDefinitions::empty();
    fonts.font_data.extend([
        (TEXT.to_owned(), font(TEXT_FONT, 1.0)),
        (CODE.to_owned(), font(CODE_FONT, 1.0)),
        (NOTO.to_owned(), font(NOTO_SYMBOLS, 0.81)),
        (ICONS.to_owned(), font(ICON_SYMBOLS, 0.90)),
    ]);
    let family = |names: [&str; 4]| names.map(str::to_owned).to_vec();
    fonts.families.extend([
        (
            egui::FontFamily::Proportional,
            family([TEXT, NOTO, ICONS, CODE]),
        ),
        (
            egui::FontFamily::Monospace,
            family([CODE, TEXT, NOTO, ICONS]),
        ),
    ]);
    fonts
}

const TEXT_FONT: &[u8] = include_bytes!("../../assets/fonts/UbuntuDerivativeGJKLab-Light.ttf");
const CODE_FONT: &[u8] = include_bytes!("../../assets/fonts/HackDerivativeGJKLab-Regular.ttf");
const NOTO_SYMBOLS: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-Symbols.ttf");
const ICON_SYMBOLS: &[u8] = include_bytes!("../../assets/fonts/emoji-icon-font-Symbols.ttf");
const TEXT: &str = "Ubuntu-Light";
const CODE: &str = "Hack";
const NOTO: &str = "NotoEmoji-Symbols";
const ICONS: &str = "emoji-icon-font-Symbols";

/// Gives a new egui context [`fonts`].
fn install_fonts(add: On<Add<EguiContext>>, mut contexts: Query<&mut EguiContext>) {
    if let Ok(mut context) = contexts.get_mut(add.entity) {
        context.get_mut().set_fonts(fonts());
    }
}
