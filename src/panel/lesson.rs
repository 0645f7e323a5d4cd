//! The Lesson section: the slides of the lesson being written, each with its title and caption,
//! and what can be done with it (present, save, open, share, film).

use crate::case::incoming::Purpose;
use crate::case::incoming::Saving;
use crate::case::scenario_io::{About, Folder, ScenarioRequest};
use crate::teach::authoring::{Draft, DraftCommand};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gjk_lab_files::incoming::Incoming;
use gjk_lab_files::lesson::PLACEHOLDERS;

const IN_PAGE: bool = cfg!(target_arch = "wasm32");

/// What the section sends.
struct Outbox<'a, 'w, 'v> {
    draft: &'a mut MessageWriter<'w, DraftCommand>,
    requests: &'a mut MessageWriter<'v, ScenarioRequest>,
}

/// The section, folded at first.
pub(super) fn section(
    ui: &mut egui::Ui,
    tools: &mut super::Tools,
    folder: &Folder,
    requests: &mut MessageWriter<ScenarioRequest>,
) {
    egui::CollapsingHeader::new("Lesson: your own slides")
        .default_open(false)
        .show(ui, |ui| {
            let out = Outbox {
                draft: &mut tools.drafting,
                requests,
            };
            lesson_ui(ui, &mut tools.draft, folder, out)
        });
}

fn lesson_ui(ui: &mut egui::Ui, draft: &mut Draft, folder: &Folder, out: Outbox) {
    ui.horizontal(|ui| {
        ui.label("title");
        ui.text_edit_singleline(&mut draft.title);
    });
    if ui
        .button("➕ Add this view as a slide")
        .on_hover_text(
            "Records the case, the step, the views and both cameras as they are now; \
             write its caption below",
        )
        .clicked()
    {
        out.draft.write(DraftCommand::AddView);
    }
    let n = draft.slides.len();
    let mut command = None;
    for (i, slide) in draft.slides.iter_mut().enumerate() {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{}.", i + 1)).strong());
                ui.text_edit_singleline(&mut slide.title);
            });
            ui.label(RichText::new(slide_place(slide)).small().weak());
            ui.add(
                egui::TextEdit::multiline(&mut slide.caption)
                    .desired_rows(2)
                    .desired_width(f32::INFINITY)
                    .hint_text("caption: {feature}, {distance}, … are filled from the step"),
            );
            ui.horizontal(|ui| {
                if ui.add_enabled(i > 0, egui::Button::new("▲")).clicked() {
                    command = Some(DraftCommand::Move { from: i, to: i - 1 });
                }
                if ui.add_enabled(i + 1 < n, egui::Button::new("▼")).clicked() {
                    command = Some(DraftCommand::Move { from: i, to: i + 1 });
                }
                if ui.button("🗑 delete").clicked() {
                    command = Some(DraftCommand::Delete(i));
                }
            });
        });
    }
    if let Some(command) = command {
        out.draft.write(command);
    }
    ui.collapsing("Placeholders a caption may use", |ui| {
        for (name, what) in PLACEHOLDERS {
            ui.label(RichText::new(format!("{{{name}}}: {what}")).small());
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(n > 0, egui::Button::new("▶ Present"))
            .on_hover_text("Presenter mode on this lesson: Page Down advances, F5 leaves")
            .clicked()
        {
            out.draft.write(DraftCommand::Present);
        }
        if ui
            .add_enabled(n > 0, egui::Button::new("Copy lesson link"))
            .on_hover_text("The whole lesson in a link: the page opens it and presents it")
            .clicked()
        {
            out.draft.write(DraftCommand::CopyLink);
        }
        if ui.button("Clear").clicked() {
            out.draft.write(DraftCommand::Clear);
        }
    });
    if !draft.link.is_empty() {
        ui.ctx().copy_text(draft.link.clone());
        let mut shown = draft.link.as_str();
        ui.add(egui::TextEdit::singleline(&mut shown).desired_width(f32::INFINITY));
    }
    ui.horizontal(|ui| {
        ui.label(if IN_PAGE { "save as" } else { "file" });
        ui.text_edit_singleline(&mut draft.file);
    });
    super::folder_note(ui, folder, &draft.file);
    ui.horizontal(|ui| {
        if ui.add_enabled(n > 0, egui::Button::new("Save")).clicked() {
            out.draft.write(DraftCommand::Save);
        }
        if !IN_PAGE
            && ui
                .add_enabled(n > 0, egui::Button::new("Save as…"))
                .on_hover_text("Choose where in the system's file dialog")
                .clicked()
        {
            out.requests
                .write(ScenarioRequest::PickSave(Saving::Lesson));
        }
        if ui
            .button("Open lesson…")
            .on_hover_text("Choose a lesson file, or drop one on the window")
            .clicked()
        {
            out.requests.write(ScenarioRequest::Pick(Purpose::Lesson));
        }
        if !IN_PAGE
            && ui
                .button("Open")
                .on_hover_text("Opens the lesson file named above and presents it")
                .clicked()
        {
            let file = Incoming::on_disk(folder.resolve(&draft.file));
            out.draft.write(DraftCommand::Open(file));
        }
    });
    ui.horizontal(|ui| {
        ui.label("animation");
        ui.text_edit_singleline(&mut draft.film_file)
            .on_hover_text(".gif, or .png for an animated PNG");
    });
    super::folder_note(ui, folder, &draft.film_file);
    if ui
        .add_enabled(n > 0, egui::Button::new("Export animation"))
        .on_hover_text("Presents every slide and films it, one picture per slide")
        .clicked()
    {
        out.draft.write(DraftCommand::ExportAnimation);
    }
    super::status_ui(ui, &draft.status, About::Files);
}

/// Where a slide stands, in a few words: its case and step.
fn slide_place(slide: &gjk_lab_files::lesson::Slide) -> String {
    use gjk_lab_files::lesson::SlideStep;
    let case = match (&slide.case, &slide.scenario) {
        (Some(name), _) => name.clone(),
        (None, Some(s)) if !s.name.is_empty() => s.name.clone(),
        _ => "its own case".to_string(),
    };
    let step = match slide.step {
        SlideStep::End => "the end".to_string(),
        SlideStep::GjkEnd => "GJK's last step".to_string(),
        SlideStep::Step(n) => format!("step {n}"),
        SlideStep::Epa(n) => format!("EPA step {n}"),
        SlideStep::Cast(n) => format!("cast step {n}"),
        SlideStep::Manifold(n) => format!("the contact manifold's stage {n}"),
        SlideStep::Region { kind, points } => format!("the first {kind:?} region of {points}"),
    };
    format!("{case}, {step}")
}
