//! The plane or space: the switch beside the title that opens a case in the other one, and how
//! the panel writes a vector there (two numbers in the plane, three in space).

use crate::case::scenario_io::ScenarioRequest;
use bevy::prelude::*;
use bevy_egui::egui;
use gjk::config::Dimension;
use gjk_lab_files::bundled::{PLANE_STARTUP, STARTUP, find};
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

/// A vector's components (two in the plane) to four decimals, or in scientific notation when
/// any is so large or so small that four decimals would run long or hide it (a point 5.8e39
/// out printed forty digits a component and pushed the panel off the screen).
pub(crate) fn fmt_in(v: DVec3, dimension: Dimension) -> String {
    let components = if dimension.is_plane() {
        &v.to_array()[..2]
    } else {
        &v.to_array()[..]
    };
    let wide = components
        .iter()
        .any(|x| *x != 0.0 && !(1e-4..1e6).contains(&x.abs()));
    let written: Vec<String> = components
        .iter()
        .map(|x| {
            if wide {
                format!("{x:.4e}")
            } else {
                format!("{x:.4}")
            }
        })
        .collect();
    format!("({})", written.join(", "))
}
