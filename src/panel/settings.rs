//! The settings sections of the panel: the solver's configuration and both shapes. Each edit
//! is written into the scenario, which reruns the solver.

use super::number::number_ui;
use crate::case::playback::Lab;
use crate::case::playback::Which;
use crate::views::scene::{euler_degrees, from_euler_degrees};
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::egui::RichText;
use gjk::trace::{Finish, Termination};
use gjk::{Acceleration, Algorithm, GjkStop, Precision, Radii, Shape};
use glam::DVec3;

/// A tolerance edited on a log scale, or typed.
///
/// The slider shows the exponent to one decimal but never rounds it: egui rounds a slider's
/// value to its decimals every frame, which turned a case opened at 7.406e-7 (a heat map's
/// cell) into 10^-6.1 = 7.943e-7 and reran it there. The typed value is not clamped either: 5
/// in a relative tolerance is refused by the scenario's own check, with its reason, rather than
/// silently made 1.
fn tolerance_ui(ui: &mut egui::Ui, label: &str, value: &mut Option<f64>, default: f64) -> bool {
    let mut x = value.unwrap_or(default);
    let mut exponent = x.max(1e-16).log10();
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label(label);
        if ui
            .add(
                egui::Slider::new(&mut exponent, -16.0..=0.0)
                    .text("log₁₀")
                    .clamping(egui::SliderClamping::Never)
                    .custom_formatter(|v, _| format!("{v:.1}")),
            )
            .changed()
        {
            x = 10f64.powf(exponent);
            changed = true;
        }
        if number_ui(ui, &mut x, |d| {
            d.custom_formatter(|v, _| format!("{v:.1e}"))
        })
        .changed()
        {
            changed = true;
        }
    });
    if changed {
        *value = Some(x);
    }
    changed
}

pub(super) fn solver_ui(ui: &mut egui::Ui, lab: &mut ResMut<Lab>, finish: &Finish) {
    let mut solver = lab.scenario.solver;
    if spec_ui(ui, &mut solver) {
        lab.scenario.solver = solver;
    }
    tolerance_note(ui, finish);
}

/// What the relative tolerance did to the run on screen, so that a slider that changes nothing
/// says why. It decides one test, the gap test (`‖v‖² − v·w ≤ rel tol · ‖v‖²`). Between
/// polytopes, segments and points GJK ends on the exact closest features: the last gap is zero
/// (or rounding below it) and every tolerance stops at the same step. A round surface is only
/// approached, each step closer, and there the tolerance sets how many steps run.
fn tolerance_note(ui: &mut egui::Ui, finish: &Finish) {
    let fmt = gjk::trace::explain::fmt_num;
    let steps = finish.iterations;
    let text = match finish.termination {
        Termination::Gjk(GjkStop::GapBelowTolerance { gap, .. }) if gap <= 0.0 => format!(
            "rel tol: this run found the closest features exactly (last gap {} ≤ 0), so any \
             tolerance stops it at step {steps}. Round shapes (sphere, cylinder, cone) are \
             approached step by step: there it sets how many steps run.",
            fmt(gap)
        ),
        Termination::Gjk(GjkStop::GapBelowTolerance { gap, threshold, .. }) => format!(
            "rel tol decided this run: at step {steps} the gap {} fell under rel tol · ‖v‖² = \
             {}. A smaller tolerance runs longer and gets closer.",
            fmt(gap),
            fmt(threshold)
        ),
        ref other => format!(
            "rel tol did not decide this run: it stopped on {} at step {steps}.",
            other.name()
        ),
    };
    ui.label(RichText::new(text).weak());
}

/// Every field of a solver section; returns whether one changed.
pub(super) fn spec_ui(ui: &mut egui::Ui, solver: &mut gjk::SolverSpec) -> bool {
    let defaults = solver.config();
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label("Algorithm");
        for a in Algorithm::ALL {
            changed |= ui.radio_value(&mut solver.algorithm, a, a.name()).changed();
        }
    });
    ui.horizontal(|ui| {
        ui.label("Precision");
        changed |= ui
            .radio_value(&mut solver.precision, Precision::F64, "f64")
            .changed();
        changed |= ui
            .radio_value(&mut solver.precision, Precision::F32, "f32")
            .changed();
    });
    let mut radii = solver.radii.unwrap_or(defaults.radii);
    ui.horizontal(|ui| {
        ui.label("Radii").on_hover_text(
            "split: GJK runs on the cores (a sphere's centre, a capsule's segment, a rounded \
             shape unrounded) and adds the radii back exactly.\nclosed: as split, and a \
             sphere's or capsule's core (a point or a segment) is answered in closed form, \
             in one step, as engines do.\nfolded: the radius is part of \
             the support mapping, and GJK and EPA work on the whole curved surface.",
        );
        for r in [Radii::Split, Radii::Closed, Radii::Folded] {
            if ui.radio_value(&mut radii, r, r.name()).changed() {
                solver.radii = Some(radii);
                changed = true;
            }
        }
    });
    let mut acceleration = solver.acceleration.unwrap_or(defaults.acceleration);
    ui.horizontal(|ui| {
        ui.label("Momentum").on_hover_text(
            "Accelerated GJK (Montaut et al. 2022): the search direction d blends −v with \
             the earlier directions (Polyak or Nesterov). The answer keeps its proof: \
             momentum is switched off whenever its support point proves nothing.",
        );
        for a in Acceleration::ALL {
            if ui.radio_value(&mut acceleration, a, a.name()).changed() {
                solver.acceleration = Some(acceleration);
                changed = true;
            }
        }
    });
    let mut epa = solver.epa.unwrap_or(defaults.epa);
    if ui
        .checkbox(&mut epa, "EPA for an overlap's depth")
        .on_hover_text(
            "On: an overlapping pair goes on to EPA for its depth, normal and contact points.\n\
             Off: the run answers only whether the shapes overlap, as parry's \
             intersection_test does.",
        )
        .changed()
    {
        solver.epa = Some(epa);
        changed = true;
    }
    changed |= tolerance_ui(
        ui,
        "abs tol",
        &mut solver.abs_tolerance,
        defaults.abs_tolerance,
    );
    changed |= tolerance_ui(
        ui,
        "rel tol",
        &mut solver.rel_tolerance,
        defaults.rel_tolerance,
    );
    let mut cap = solver.max_iterations.unwrap_or(defaults.max_iterations);
    ui.horizontal(|ui| {
        ui.label("max iterations");
        if ui
            .add(egui::DragValue::new(&mut cap).range(1..=10_000))
            .changed()
        {
            solver.max_iterations = Some(cap);
            changed = true;
        }
    });
    let mut auto = solver.initial_direction.is_none();
    ui.horizontal(|ui| {
        ui.label("first direction");
        if ui.checkbox(&mut auto, "auto (A to B)").changed() {
            solver.initial_direction = if auto { None } else { Some(DVec3::X) };
            changed = true;
        }
        if let Some(d) = &mut solver.initial_direction {
            changed |= vec_ui(ui, d, 0.05);
            if d.length_squared() == 0.0 {
                *d = DVec3::X;
            }
        }
    });
    changed
}

/// Says so when a cloud spans less than its space (a solid; in the `plane`, an area): GJK takes
/// a segment or a flat polygon as it is (a convex set), but such a body is drawn as its outline
/// and parry refuses to hull it.
fn flat_note(ui: &mut egui::Ui, vertices: &[DVec3], plane: bool) {
    let points: Vec<Vec3> = vertices.iter().map(|v| v.as_vec3()).collect();
    let note = match crate::views::hull::spread(&points) {
        crate::views::hull::Spread::Point(_) => "all its points in one place: a point",
        crate::views::hull::Spread::Line(..) => "all its points on one line: a segment",
        crate::views::hull::Spread::Plane { .. } if !plane => {
            "all its points in one plane: a flat polygon"
        }
        crate::views::hull::Spread::Plane { .. } | crate::views::hull::Spread::Solid => return,
    };
    ui.label(RichText::new(format!("Flat: {note}, drawn as its outline")).small());
}

fn vec_ui(ui: &mut egui::Ui, v: &mut DVec3, speed: f64) -> bool {
    let mut changed = false;
    for c in [&mut v.x, &mut v.y, &mut v.z] {
        changed |= number_ui(ui, c, |d| d.speed(speed).max_decimals(3)).changed();
    }
    changed
}

const KINDS: [&str; 6] = [
    "sphere", "cuboid", "capsule", "cylinder", "cone", "polytope",
];

/// A default shape of a kind, sized like the one it replaces.
fn shape_of_kind(kind: &str, size: f64) -> Shape {
    match kind {
        "sphere" => Shape::Sphere { radius: size },
        "cuboid" => Shape::Cuboid {
            half_extents: DVec3::splat(size),
        },
        "capsule" => Shape::Capsule {
            half_height: size,
            radius: size * 0.5,
        },
        "cylinder" => Shape::Cylinder {
            half_height: size,
            radius: size * 0.7,
        },
        "cone" => Shape::Cone {
            half_height: size,
            radius: size * 0.8,
        },
        _ => Shape::Polytope {
            vertices: vec![
                DVec3::new(size, 0.0, 0.0),
                DVec3::new(-size, 0.0, size),
                DVec3::new(-size, 0.0, -size),
                DVec3::new(0.0, size * 1.5, 0.0),
            ],
        },
    }
}

/// A length as typed or dragged: never clamped here, so that a refused value is refused by the
/// scenario's own validation, with its reason (see [`body_ui`]).
fn length_ui(ui: &mut egui::Ui, label: &str, x: &mut f64) -> bool {
    ui.horizontal(|ui| {
        ui.label(label);
        number_ui(ui, x, |d| d.speed(0.01).max_decimals(3)).changed()
    })
    .inner
}

pub(super) fn body_ui(
    ui: &mut egui::Ui,
    lab: &mut ResMut<Lab>,
    prepared: &gjk::PreparedShape,
    which: Which,
) {
    let mut body = which.body(lab).clone();
    if lab.scenario.dimension.is_plane() {
        let changed = plane_body_ui(ui, &mut body, which);
        return apply(ui, lab, which, body, changed);
    }
    let mut changed = false;
    let mut kind = body.shape.kind_name();
    egui::ComboBox::from_id_salt(("kind", which as u8))
        .selected_text(kind)
        .show_ui(ui, |ui| {
            for k in KINDS {
                changed |= ui.selectable_value(&mut kind, k, k).changed();
            }
        });
    if changed {
        body.shape = shape_of_kind(kind, 0.5);
    }
    match &mut body.shape {
        Shape::Sphere { radius } => changed |= length_ui(ui, "radius", radius),
        Shape::Cuboid { half_extents } => {
            ui.horizontal(|ui| {
                ui.label("half extents");
                changed |= vec_ui(ui, half_extents, 0.01);
            });
        }
        axial @ (Shape::Capsule { .. } | Shape::Cylinder { .. } | Shape::Cone { .. }) => {
            if let Some((half_height, radius)) = axial.axial_mut() {
                changed |= length_ui(ui, "half height", half_height);
                changed |= length_ui(ui, "radius", radius);
            }
        }
        Shape::Polytope { vertices } => {
            ui.label(format!(
                "{} vertices (edit them in the scenario file)",
                vertices.len()
            ));
            // What the solver does with the shape as prepared.
            ui.label(match prepared.graph() {
                Some(graph) => format!(
                    "support: hill climbing ({} hull vertices, {} edges)",
                    graph.vertices.len(),
                    graph.edge_count()
                ),
                None => "support: every vertex tried (scan)".to_string(),
            });
            flat_note(ui, vertices, false);
        }
    }
    ui.horizontal(|ui| {
        ui.label("position");
        changed |= vec_ui(ui, &mut body.position, 0.01);
    });
    let mut euler = euler_degrees(body.rotation);
    ui.horizontal(|ui| {
        ui.label("rotation °");
        if vec_ui(ui, &mut euler, 0.5) {
            body.rotation = from_euler_degrees(euler);
            changed = true;
        }
    });
    changed |= length_ui(ui, "margin", &mut body.margin);
    apply(ui, lab, which, body, changed);
}

/// A body in the plane: its shape among the plane's kinds (their names as 2D files write them),
/// its position `x y`, its angle and its margin. Returns whether a field changed.
fn plane_body_ui(ui: &mut egui::Ui, body: &mut gjk::BodySpec, which: Which) -> bool {
    let names = ["circle", "cuboid", "capsule", "polygon"];
    let kinds = ["sphere", "cuboid", "capsule", "polytope"];
    let current = kinds
        .iter()
        .position(|&k| k == body.shape.kind_name())
        .unwrap_or(3);
    let mut chosen = current;
    egui::ComboBox::from_id_salt(("plane kind", which as u8))
        .selected_text(names[current])
        .show_ui(ui, |ui| {
            for (i, name) in names.iter().enumerate() {
                ui.selectable_value(&mut chosen, i, *name);
            }
        });
    let mut changed = chosen != current;
    if changed {
        body.shape = flattened(shape_of_kind(kinds[chosen], 0.5));
    }
    match &mut body.shape {
        Shape::Sphere { radius } => changed |= length_ui(ui, "radius", radius),
        Shape::Cuboid { half_extents } => {
            ui.horizontal(|ui| {
                ui.label("half extents");
                changed |= pair_ui(ui, half_extents, 0.01);
            });
        }
        Shape::Capsule {
            half_height,
            radius,
        } => {
            changed |= length_ui(ui, "half height", half_height);
            changed |= length_ui(ui, "radius", radius);
        }
        shape => {
            let vertices = match shape {
                Shape::Polytope { vertices } => vertices.as_slice(),
                _ => &[],
            };
            ui.label(format!(
                "{} vertices (edit them in the scenario file)",
                vertices.len()
            ));
            flat_note(ui, vertices, true);
        }
    }
    ui.horizontal(|ui| {
        ui.label("position");
        changed |= pair_ui(ui, &mut body.position, 0.01);
    });
    let mut degrees = gjk::shape::plane::angle_of(body.rotation).to_degrees();
    ui.horizontal(|ui| {
        ui.label("angle °");
        if number_ui(ui, &mut degrees, |d| d.speed(0.5).max_decimals(2)).changed() {
            body.rotation = gjk::shape::plane::rotation_of(degrees.to_radians());
            changed = true;
        }
    });
    changed |= length_ui(ui, "margin", &mut body.margin);
    changed
}

/// `x` and `y` of a vector in the plane.
fn pair_ui(ui: &mut egui::Ui, v: &mut DVec3, speed: f64) -> bool {
    let mut changed = false;
    for c in [&mut v.x, &mut v.y] {
        changed |= number_ui(ui, c, |d| d.speed(speed).max_decimals(3)).changed();
    }
    changed
}

/// A new shape of a kind laid in the plane `z = 0`: a box with no depth; a triangle for a
/// polygon.
fn flattened(shape: Shape) -> Shape {
    match shape {
        Shape::Cuboid { half_extents } => Shape::Cuboid {
            half_extents: half_extents.with_z(0.0),
        },
        Shape::Polytope { .. } => Shape::Polytope {
            vertices: vec![
                DVec3::new(0.5, -0.4, 0.0),
                DVec3::new(0.0, 0.6, 0.0),
                DVec3::new(-0.5, -0.4, 0.0),
            ],
        },
        other => other,
    }
}

/// Applies an edited body through the validation a file goes through.
fn apply(
    ui: &mut egui::Ui,
    lab: &mut ResMut<Lab>,
    which: Which,
    body: gjk::BodySpec,
    changed: bool,
) {
    // An edit goes through the validation a file does: a refused value changes nothing and
    // says why under the fields, until the next edit is accepted.
    let refusal = egui::Id::new(("refused", which as u8));
    if changed {
        match which.edit(lab, body) {
            Ok(()) => ui.memory_mut(|m| m.data.remove::<String>(refusal)),
            Err(e) => {
                ui.memory_mut(|m| m.data.insert_temp(refusal, format!("Not applied: {e}")));
            }
        }
    }
    if let Some(why) = ui.memory(|m| m.data.get_temp::<String>(refusal)) {
        ui.colored_label(
            crate::views::palette::egui(crate::views::palette::UNCERTIFIED),
            why,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `tolerance_ui` drawn for `frames` frames with nothing touched: what it reported.
    fn untouched(value: &mut Option<f64>, frames: usize) -> bool {
        let ctx = egui::Context::default();
        let mut changed = false;
        for _ in 0..frames {
            ctx.run_ui(egui::RawInput::default(), |ui| {
                changed |= tolerance_ui(ui, "abs tol", value, 1e-9);
            })
            .drop_without_applying_deltas();
        }
        changed
    }

    #[test]
    fn a_tolerance_off_the_sliders_grid_stays_as_it_is() {
        // A heat map's cell at 7.406e-7, the default, and values the slider cannot reach.
        for x in [7.406e-7, 1e-9, 3.3e-17, 5.0] {
            let mut value = Some(x);
            assert!(!untouched(&mut value, 3), "{x:e}");
            assert_eq!(value, Some(x));
        }
        let mut unset = None;
        assert!(!untouched(&mut unset, 3));
        assert_eq!(unset, None);
    }
}
