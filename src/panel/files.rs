//! The scenario files section (open, save, export the trace, presets and the gallery) and the
//! import controls under each shape.

use crate::case::incoming::Purpose;
use crate::case::incoming::Saving;
use crate::case::playback::Playback;
use crate::case::playback::Which;
use crate::case::scenario_io::{About, Folder, ScenarioFiles, ScenarioRequest, Status};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gjk_lab_files::bundled::{Case, Group};
use gjk_lab_files::incoming::Incoming;

/// In the page there is no disk: files are opened with the browser's file dialog (or dropped on
/// the page) and saved as downloads by the name in the field.
const IN_PAGE: bool = cfg!(target_arch = "wasm32");

pub(super) fn files_ui(
    ui: &mut egui::Ui,
    files: &mut ScenarioFiles,
    folder: &Folder,
    requests: &mut MessageWriter<ScenarioRequest>,
) {
    ui.horizontal(|ui| {
        ui.label(if IN_PAGE { "save as" } else { "file" });
        ui.text_edit_singleline(&mut files.path_field);
    });
    folder_note(ui, folder, &files.path_field);
    ui.horizontal(|ui| {
        let pick = ui.button("Open…").on_hover_text(if IN_PAGE {
            "Choose a .json or .ron scenario, or drop one on the page"
        } else {
            "Choose a scenario or lesson in the system's file dialog; a file dropped on the \
             window opens too"
        });
        if pick.clicked() {
            requests.write(ScenarioRequest::Pick(Purpose::Scenario));
        }
        if !IN_PAGE
            && ui
                .button("Open")
                .on_hover_text("Opens the file named above")
                .clicked()
        {
            let file = Incoming::on_disk(folder.resolve(&files.path_field));
            requests.write(ScenarioRequest::Open(file));
        }
        let save = ui.button("Save").on_hover_text(if IN_PAGE {
            "Downloads the scenario, named as above"
        } else {
            "Writes the file named above (a temporary file, then renamed: never half-written)"
        });
        if save.clicked() {
            requests.write(ScenarioRequest::Save(folder.resolve(&files.path_field)));
        }
        if !IN_PAGE
            && ui
                .button("Save as…")
                .on_hover_text("Choose where in the system's file dialog")
                .clicked()
        {
            requests.write(ScenarioRequest::PickSave(Saving::Scenario));
        }
    });
    status_ui(ui, &files.status, About::Files);
    ui.horizontal(|ui| {
        ui.label("trace");
        ui.text_edit_singleline(&mut files.trace_field);
    });
    if ui
        .button("Export trace as JSON")
        .on_hover_text("Every step and the outcome, to attach to a bug report")
        .clicked()
    {
        requests.write(ScenarioRequest::ExportTrace(
            folder.resolve(&files.trace_field),
        ));
    }
    status_ui(ui, &files.status, About::Trace);
    ui.menu_button("Presets…", |ui| {
        for case in &files.presets {
            case_button(ui, case, requests);
        }
    });
    // A click in the search field must not close the list: only a click outside it, or a
    // case opened.
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    egui::containers::menu::MenuButton::new("Gallery of failures…")
        .config(config)
        .ui(ui, |ui| gallery_list(ui, files, requests));
}

/// A case's button: opens it and closes the menu; hovered, it shows the case's notes.
fn case_button(ui: &mut egui::Ui, case: &Case, requests: &mut MessageWriter<ScenarioRequest>) {
    let button = ui.button(case.title()).on_hover_ui(|ui| {
        // Read only while hovered: one small file.
        let notes = match case.open() {
            Ok(gjk_lab_files::case::Case::Pair(s)) => s.notes,
            Ok(gjk_lab_files::case::Case::Pieces(read)) => read.0.notes,
            Err(_) => String::new(),
        };
        if !notes.is_empty() {
            ui.set_max_width(420.0);
            ui.label(notes);
        }
    });
    if button.clicked() {
        requests.write(ScenarioRequest::OpenCase(case.clone()));
        ui.close();
    }
}

/// The gallery as a list grouped by kind (3D, f32, casts, the plane), narrowed by a search
/// field, that scrolls within the window whatever its height: every case is reachable.
fn gallery_list(
    ui: &mut egui::Ui,
    files: &mut ScenarioFiles,
    requests: &mut MessageWriter<ScenarioRequest>,
) {
    let search = ui.add(
        egui::TextEdit::singleline(&mut files.gallery_filter)
            .hint_text("search: f32, cast, plane, epa, capsule…"),
    );
    // Typing goes to the search as soon as the list opens (nothing else in it takes keys).
    if ui.ctx().memory(|m| m.focused().is_none()) {
        search.request_focus();
    }
    let filter = files.gallery_filter.as_str();
    // The menu opens below its button: a little less than the window's height is left.
    let height = ui.ctx().content_rect().height() * 0.7;
    egui::ScrollArea::vertical()
        .max_height(height)
        .show(ui, |ui| {
            let mut any = false;
            for group in Group::ALL {
                let cases: Vec<&Case> = files
                    .gallery
                    .iter()
                    .filter(|c| Group::of(c) == group && c.matches(filter))
                    .collect();
                if cases.is_empty() {
                    continue;
                }
                any = true;
                ui.label(RichText::new(group.title()).strong());
                for case in cases {
                    case_button(ui, case, requests);
                }
            }
            if !any {
                ui.label(format!("No case matches \"{}\"", filter.trim()));
            }
        });
}

/// A body from a mesh file or from pasted vertices.
pub(super) fn import_ui(
    ui: &mut egui::Ui,
    files: &mut ScenarioFiles,
    folder: &Folder,
    which: Which,
    requests: &mut MessageWriter<ScenarioRequest>,
) {
    if which == Which::B {
        ui.checkbox(&mut files.floor, "as a floor of its triangles")
            .on_hover_text(
                "A level's floor: each triangle a piece, every contact judged on its seam \
                 (unticked: the hull of the mesh's vertices)",
            );
    }
    let import = ui
        .button("Import mesh…")
        .on_hover_text("Choose an .obj, .gltf or .glb file, or drop one on the shape");
    if import.clicked() {
        requests.write(ScenarioRequest::Pick(Purpose::Mesh(which)));
    }
    if !IN_PAGE {
        ui.horizontal(|ui| {
            ui.text_edit_singleline(&mut files.mesh_field)
                .on_hover_text(".obj, .gltf or .glb; a mesh dropped on a shape replaces it too");
            if ui.button("Import").clicked() {
                let file = Incoming::on_disk(folder.resolve(&files.mesh_field));
                requests.write(ScenarioRequest::ImportMesh(which, file));
            }
        });
        folder_note(ui, folder, &files.mesh_field);
    }
    ui.add(
        egui::TextEdit::multiline(&mut files.paste)
            .desired_rows(2)
            .hint_text("paste vertices: x y z lines, [[x,y,z],…] or x,y,z,…"),
    );
    if ui.button("Use pasted vertices").clicked() {
        requests.write(ScenarioRequest::PasteVertices(which, files.paste.clone()));
    }
    status_ui(ui, &files.status, About::Body(which));
}

/// A status line, where it belongs: under the controls that asked (`about`), a failure in the
/// error colour. It always takes a line, blank when there is nothing to say, and a long report
/// of success is cut to the line (whole on hover): a line that came and went, or wrapped a
/// path onto three, moved the controls under it, and the next click landed in the field
/// below. A failure is shown whole: its field and reason must be read.
pub(super) fn status_ui(ui: &mut egui::Ui, status: &Status, about: About) {
    if status.is_empty() || status.about != about {
        ui.label(" ");
        return;
    }
    let text = RichText::new(&status.text);
    if status.failed {
        ui.label(text.color(ui.visuals().error_fg_color));
    } else {
        ui.add(egui::Label::new(text.color(ui.visuals().strong_text_color())).truncate())
            .on_hover_text(&status.text);
    }
}

/// Where a name typed without a folder goes, said under its field (on the desktop); a whole
/// path is said to be one, so the line (and the buttons under it) stay where they are as the
/// name is typed.
pub(super) fn folder_note(ui: &mut egui::Ui, folder: &Folder, name: &str) {
    if let Some(shown) = folder.shown() {
        let note = if std::path::Path::new(name.trim()).is_relative() {
            format!("in {shown}")
        } else {
            "a whole path, used as it is".to_string()
        };
        ui.label(RichText::new(note).small().weak());
    }
}

/// *Copy link*: the case on screen and its step as a link (see [`crate::case::link`]), put on the
/// clipboard and shown, so it can be copied by hand where there is no clipboard.
pub(super) fn link_ui(ui: &mut egui::Ui, files: &mut ScenarioFiles, playback: &Playback) {
    ui.horizontal(|ui| {
        if ui
            .button("Copy link")
            .on_hover_text(
                "This case at this step as a link: paste it in an issue; the page, or \
                 gjk-lab --link 'URL', opens it at the same step",
            )
            .clicked()
        {
            files.link = gjk_lab_files::link::encode(
                &playback.case,
                playback.step,
                &gjk_lab_files::link::page(),
            );
            ui.ctx().copy_text(files.link.clone());
        }
        if !files.link.is_empty() {
            ui.label(RichText::new(format!("copied, {} characters", files.link.len())).small());
        }
    });
    if !files.link.is_empty() {
        let mut shown = files.link.as_str();
        ui.add(egui::TextEdit::singleline(&mut shown).desired_width(f32::INFINITY));
    }
}
