//! A number field that hands on what was typed, for the scenario's own check to judge.
//!
//! egui clamps a typed number into its field's range, and by the total order it clamps with
//! NaN lies above +∞: a typed `nan` arrived as `inf`, and was refused as "got inf", a value
//! nobody typed. Here NaN reaches the scenario's validation, which names the field and says
//! "must be a finite number, got NaN".

use bevy_egui::egui;

/// `x` in a drag-or-type field styled by `style` (speed, decimals, a formatter); a typed NaN
/// is set as NaN, and counts as a change.
pub(super) fn number_ui(
    ui: &mut egui::Ui,
    x: &mut f64,
    style: impl FnOnce(egui::DragValue<'_>) -> egui::DragValue<'_>,
) -> egui::Response {
    let typed_nan = std::cell::Cell::new(false);
    let field = egui::DragValue::new(x)
        .clamp_existing_to_range(false)
        .custom_formatter(|v, decimals| written(v, *decimals.end()))
        .custom_parser(|text| {
            let value = parse(text)?;
            typed_nan.set(value.is_nan());
            (!value.is_nan()).then_some(value)
        });
    let mut response = ui.add(style(field));
    if typed_nan.get() {
        *x = f64::NAN;
        response.mark_changed();
    }
    response
}

/// `v` as the field shows it: with up to `decimals` decimals, but in scientific notation when
/// that would hide it (1e-5 as 0.000) or run long (a radius of 1e40 as forty-one digits, which
/// pushed the panel off the screen).
fn written(v: f64, decimals: usize) -> String {
    if v != 0.0 && v.is_finite() && !(1e-3..1e6).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        let s = format!("{v:.decimals$}");
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    }
}

/// A number as egui reads one: spaces ignored, the minus sign − read as -.
fn parse(text: &str) -> Option<f64> {
    let text: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '−' { '-' } else { c })
        .collect();
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_egui_reads_them_nan_included() {
        assert_eq!(parse(" −1 234.5 "), Some(-1234.5));
        assert!(parse("nan").is_some_and(f64::is_nan));
        assert_eq!(parse("inf"), Some(f64::INFINITY));
        assert_eq!(parse("one"), None);
    }

    #[test]
    fn huge_and_tiny_numbers_are_shown_short_and_read_back() {
        for (v, shown) in [
            (1e40, "1e40"),
            (1e-5, "1e-5"),
            (0.25, "0.25"),
            (2.0, "2"),
            (0.0, "0"),
        ] {
            assert_eq!(written(v, 3), shown);
            assert_eq!(parse(shown), Some(v));
        }
    }
}
