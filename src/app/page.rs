//! The page: the app in the canvas of `web/index.html`, opening the case in the page's own
//! link (`#case=…`, see [`crate::case::link`]); a link that does not decode opens the default scene
//! with the reason in the panel.

use crate::app::{self, Mode, Options};

/// Starts the app in the page.
pub fn start() {
    let fragment = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let mut options = Options::default();
    let scenario = if fragment.trim_start_matches('#').is_empty() {
        crate::case::assets::default_scenario()
    } else {
        match crate::case::link::decode(&fragment) {
            Ok(linked) => {
                options.step = linked.step;
                linked.scenario
            }
            Err(why) => {
                options.notice = Some(format!("the link does not open: {why}"));
                crate::case::assets::default_scenario()
            }
        }
    };
    app::run(scenario, Mode::Interactive, (1280, 800), options);
}
