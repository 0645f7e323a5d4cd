//! Writing a lesson in the app: slides added from what is on screen, captioned, reordered,
//! deleted, presented, saved, shared as a link and opened again, without touching a file.

use gjk_lab::app::headless_app;
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::case::scenario_io::{ScenarioFiles, ScenarioRequest, Status};
use gjk_lab::teach::authoring::{Draft, DraftCommand};
use gjk_lab::teach::classroom::Classroom;
use gjk_lab_files::bundled::{default_scenario, find};
use gjk_lab_files::lesson::Timeline;
use gjk_lab_files::lesson::{Lesson, SlideStep};

fn send(app: &mut bevy::prelude::App, command: DraftCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn open_case(app: &mut bevy::prelude::App, name: &str) {
    app.world_mut()
        .write_message(ScenarioRequest::OpenCase(find(name).unwrap()));
    app.update();
    app.update();
}

#[test]
fn a_five_slide_lesson_is_built_presented_saved_and_opened_again_without_a_file() {
    let mut app = headless_app(default_scenario());
    app.update();
    // Five views: three bundled cases at chosen steps, one edited case, one cast step.
    for (case, step) in [
        ("startup-box-capsule.json", 1),
        ("startup-box-capsule.json", 3),
        ("intersecting-tetrahedron.json", 2),
    ] {
        open_case(&mut app, case);
        app.world_mut().resource_mut::<Playback>().step = step;
        send(&mut app, DraftCommand::AddView);
    }
    app.world_mut().resource_mut::<Lab>().scenario.b.position.x += 0.25;
    app.update();
    app.world_mut().resource_mut::<Playback>().step = 2;
    send(&mut app, DraftCommand::AddView);
    open_case(&mut app, "cast-advancement-ball-box.json");
    {
        let mut playback = app.world_mut().resource_mut::<Playback>();
        playback.timeline = Timeline::Cast;
        playback.cast_step = 2;
    }
    send(&mut app, DraftCommand::AddView);

    let draft = app.world().resource::<Draft>().clone();
    assert_eq!(draft.slides.len(), 5);
    assert_eq!(
        draft.slides[0].case.as_deref(),
        Some("startup-box-capsule.json")
    );
    assert_eq!(draft.slides[1].step, SlideStep::Step(3));
    // The edited case is not the bundled one: it is written out.
    assert!(draft.slides[3].case.is_none() && draft.slides[3].scenario.is_some());
    assert_eq!(draft.slides[4].step, SlideStep::Cast(2));

    // Captions are written in the panel (straight into the draft), then the last two swap
    // and the first is deleted.
    {
        let mut draft = app.world_mut().resource_mut::<Draft>();
        draft.title = "Five views".into();
        for (i, slide) in draft.slides.iter_mut().enumerate() {
            slide.caption = format!("Slide {i}: step {{step}} of {{steps}}, |v| = {{v}}");
        }
        draft.slides[4].caption = "The cast, step by step.".into();
    }
    send(&mut app, DraftCommand::Move { from: 4, to: 3 });
    assert_eq!(
        app.world().resource::<Draft>().slides[3].step,
        SlideStep::Cast(2)
    );
    send(&mut app, DraftCommand::AddView);
    send(&mut app, DraftCommand::Delete(5));
    assert_eq!(app.world().resource::<Draft>().slides.len(), 5);

    // Presented: the first slide's case at its step.
    send(&mut app, DraftCommand::Present);
    app.update();
    let classroom = app.world().resource::<Classroom>();
    assert!(classroom.enabled);
    assert_eq!(classroom.lesson.title, "Five views");
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.step, 1);
    assert_eq!(
        playback.case,
        find("startup-box-capsule.json").unwrap().load().unwrap()
    );

    // Saved (a temporary file renamed over the name), and opened again as it was.
    let dir = std::env::temp_dir().join(format!("gjk-lab-lesson-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("five.ron");
    app.world_mut().resource_mut::<Draft>().file = file.display().to_string();
    send(&mut app, DraftCommand::Save);
    app.update();
    let saved = Lesson::load(&file).expect("the saved lesson reads back");
    let written = app.world().resource::<Draft>().lesson().unwrap();
    assert_eq!(saved, written);
    // Said once, in the lesson's section, in place of the "Saving …" that asked for it.
    let status = app.world().resource::<Draft>().status.clone();
    let wrote = format!("Wrote the lesson to {}", file.display());
    assert_eq!(status, Status::done(wrote));
    let files = app.world().resource::<ScenarioFiles>();
    assert!(
        !files.status.text.contains("lesson"),
        "said twice: {}",
        files.status
    );

    // A link carries it whole.
    send(&mut app, DraftCommand::CopyLink);
    let link = app.world().resource::<Draft>().link.clone();
    assert!(link.contains("#lesson="), "{link}");
    assert_eq!(Lesson::from_link(&link).unwrap().unwrap(), written);

    // Opened from the file into a fresh app: the draft and the presentation are the lesson.
    let mut other = headless_app(default_scenario());
    other.update();
    other.world_mut().write_message(DraftCommand::Open(
        gjk_lab_files::incoming::Incoming::on_disk(&file),
    ));
    other.update();
    other.update();
    assert_eq!(other.world().resource::<Draft>().lesson().unwrap(), written);
    assert_eq!(other.world().resource::<Classroom>().lesson, written);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_draft_that_is_not_a_lesson_yet_says_why_and_nothing_is_written() {
    let mut app = headless_app(default_scenario());
    app.update();
    send(&mut app, DraftCommand::Present);
    let status = app.world().resource::<Draft>().status.clone();
    assert!(status.failed && status.text.contains("slides"), "{status}");
    assert!(!app.world().resource::<Classroom>().enabled);
    send(&mut app, DraftCommand::AddView);
    app.world_mut().resource_mut::<Draft>().slides[0].caption = "the {edge}".into();
    let file = std::env::temp_dir().join(format!("gjk-lab-bad-{}.json", std::process::id()));
    app.world_mut().resource_mut::<Draft>().file = file.display().to_string();
    send(&mut app, DraftCommand::Save);
    app.update();
    let status = app.world().resource::<Draft>().status.clone();
    assert!(
        status.failed
            && status.text.contains("slides[0].caption")
            && status.text.contains("{edge}"),
        "{status}"
    );
    assert!(!file.exists());
    let missing = std::env::temp_dir().join("gjk-lab-no-such-lesson.json");
    send(
        &mut app,
        DraftCommand::Open(gjk_lab_files::incoming::Incoming::on_disk(&missing)),
    );
    let status = app.world().resource::<Draft>().status.clone();
    assert!(status.failed, "{status}");
    assert!(status.text.starts_with("Could not open"), "{status}");
}
