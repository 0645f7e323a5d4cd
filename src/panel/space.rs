//! The plane or space: the switch beside the title that opens a case in the other one, and how
//! the panel writes a vector there (two numbers in the plane, three in space).

use crate::case::assets::{PLANE_STARTUP, STARTUP, find};
use crate::case::scenario_io::ScenarioRequest;
use bevy::prelude::*;
use bevy_egui::egui;
use gjk::config::Dimension;
use glam::DVec3;

/// 2D and 3D as two buttons: the one not on screen opens its starting case (the plane's
/// pentagon and circle, space's box and capsule).
pub fn switch_ui(
    ui: &mut egui::Ui,
    current: Dimension,
    requests: &mut MessageWriter<ScenarioRequest>,
) {
    for (label, dimension, start, hint) in [
        (
            "2D",
            Dimension::Two,
            PLANE_STARTUP,
            "GJK in the plane: simplices up to triangles, every Voronoi region drawn",
        ),
        (
            "3D",
            Dimension::Three,
            STARTUP,
            "GJK in space: simplices up to tetrahedra",
        ),
    ] {
        let chosen = ui
            .selectable_label(current == dimension, label)
            .on_hover_text(hint);
        if chosen.clicked()
            && current != dimension
            && let Some(case) = find(start)
        {
            requests.write(ScenarioRequest::OpenCase(case));
        }
    }
}

fn fmt_v(v: DVec3) -> String {
    format!("({:.4}, {:.4}, {:.4})", v.x, v.y, v.z)
}

/// [`fmt_v`] with two components in the plane.
pub(crate) fn fmt_in(v: DVec3, dimension: Dimension) -> String {
    if dimension.is_plane() {
        format!("({:.4}, {:.4})", v.x, v.y)
    } else {
        fmt_v(v)
    }
}
