//! The page: the app in the canvas of `web/index.html`, opening the case in the page's own
//! link (`#case=…`, see [`crate::case::link`]; or `#lesson=…`, presented); a link that does not
//! decode opens the default scene with the reason in the panel.

use crate::app::{self, Mode, Options};

/// Starts the app in the page.
pub fn start() {
    let fragment = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let (scenario, options) = if fragment.trim_start_matches('#').is_empty() {
        (
            gjk_lab_files::bundled::default_scenario(),
            Options::default(),
        )
    } else {
        app::from_link(&fragment)
    };
    app::run(scenario, Mode::Interactive, (1280, 800), options);
}
