//! Files handed over as bytes (what the page's file dialog and drops give), links opened while
//! the app runs (the page's link changed), and saving: each reaches the case on screen, or says
//! why not and leaves it alone.

use bevy::prelude::*;
use gjk::Scenario;
use gjk_lab::app::headless_app;
use gjk_lab::case::playback::Which;
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::case::reference::ReferenceAnswer;
use gjk_lab::case::scenario_io::{About, Folder, ScenarioFiles, ScenarioRequest, Status};
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::incoming::Incoming;
use std::path::Path;

fn request(app: &mut App, request: ScenarioRequest) -> Status {
    app.world_mut().write_message(request);
    app.update();
    app.world().resource::<ScenarioFiles>().status.clone()
}

const TETRAHEDRON_OBJ: &str =
    "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n";

fn gallery(name: &str) -> Scenario {
    let case = gjk_lab_files::bundled::find(name).expect("a bundled case");
    case.load().expect("valid")
}

#[test]
fn a_scenario_given_as_bytes_opens_and_a_bad_one_names_its_field() {
    let mut app = headless_app(default_scenario());
    app.update();
    let wanted = gallery("gallery/10-touching-boxes.json");
    let text = wanted.to_text(gjk::Format::Ron);
    let status = request(
        &mut app,
        ScenarioRequest::Open(Incoming::given("mine.ron", text.into_bytes())),
    );
    assert_eq!(status, Status::done("Opened mine.ron"));
    assert_eq!(app.world().resource::<Lab>().scenario, wanted);
    assert_eq!(
        app.world().resource::<ScenarioFiles>().path_field,
        "mine.ron"
    );

    let bad = r#"{"a": {"shape": {"type": "sphere", "radius": -1}}, "b": {"shape": {"type": "sphere", "radius": 1}}}"#;
    for (name, bytes, reason) in [
        (
            "bad.json",
            bad.as_bytes().to_vec(),
            "bad.json: a.shape.radius",
        ),
        ("notes.txt", b"{}".to_vec(), "unknown scenario format"),
        (
            "latin1.json",
            vec![b'{', 0xe9, b'}'],
            "latin1.json: not UTF-8",
        ),
    ] {
        let status = request(
            &mut app,
            ScenarioRequest::Open(Incoming::given(name, bytes)),
        );
        assert!(status.failed, "{name}: {status}");
        assert!(
            status.text.starts_with("Could not open: "),
            "{name}: {status}"
        );
        assert!(status.text.contains(reason), "{name}: {status}");
        assert_eq!(app.world().resource::<Lab>().scenario, wanted, "{name}");
    }
}

#[test]
fn a_link_opened_while_running_shows_its_case_at_its_step() {
    let mut app = headless_app(default_scenario());
    app.update();
    let wanted = gallery("gallery/07-libccd-stacked-cubes.json");
    let link = gjk_lab_files::link::encode(&wanted, 2, "http://127.0.0.1:8080/");
    request(&mut app, ScenarioRequest::OpenLink(link));
    let playback = app.world().resource::<Playback>();
    assert_eq!(playback.case, wanted.clone().validated().unwrap());
    assert_eq!(playback.step, 2);
    assert!(app.world().resource::<Lab>().notice.is_none());

    // A broken link leaves the case and says why.
    request(&mut app, ScenarioRequest::OpenLink("#case=%%%".into()));
    let lab = app.world().resource::<Lab>();
    assert_eq!(lab.scenario, wanted);
    let why = lab.notice.clone().expect("a reason");
    assert!(why.starts_with("the link does not open"), "{why}");
    // It is not the case's error: the case on screen stays solved, and the notice goes when
    // another case opens.
    assert!(lab.error.is_none());
    request(
        &mut app,
        ScenarioRequest::OpenCase(gjk_lab_files::bundled::presets()[0].clone()),
    );
    assert!(app.world().resource::<Lab>().notice.is_none());
}

#[test]
fn a_mesh_given_as_bytes_becomes_the_body_it_was_meant_for() {
    let mut app = headless_app(default_scenario());
    app.update();
    let obj = TETRAHEDRON_OBJ;
    let status = request(
        &mut app,
        ScenarioRequest::ImportMesh(Which::A, Incoming::given("tet.obj", obj.into())),
    );
    // Said under A's import controls, not the scenario files'.
    assert_eq!(
        status,
        Status::done("Imported 4 vertices from tet.obj into A").at(About::Body(Which::A))
    );
    let lab = app.world().resource::<Lab>();
    assert!(
        matches!(&lab.scenario.a.shape, gjk::Shape::Polytope { vertices } if vertices.len() == 4)
    );
    assert_eq!(lab.scenario.b, default_scenario().b);
    // parry's answer beside ours is for the new shape, in the same frame (it was the old
    // shape's, and the panel said parry was off by 0.11).
    let ours = app
        .world()
        .resource::<Playback>()
        .trace
        .finish
        .outcome
        .distance();
    let parry = app
        .world()
        .resource::<ReferenceAnswer>()
        .0
        .as_ref()
        .unwrap()
        .distance;
    assert!(
        (ours.unwrap() - parry).abs() < 1e-6,
        "ours {ours:?}, parry {parry}"
    );
}

#[test]
fn saving_writes_the_case_and_a_bad_name_says_why() {
    let dir = std::env::temp_dir().join(format!("gjk-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = headless_app(default_scenario());
    app.update();
    let path = dir.join("saved.ron");
    let status = request(&mut app, ScenarioRequest::Save(path.clone()));
    let wrote = format!("Wrote the scenario to {}", path.display());
    assert_eq!(status, Status::done(wrote));
    assert_eq!(Scenario::load(&path).unwrap(), default_scenario());
    let status = request(&mut app, ScenarioRequest::Save(dir.join("saved.txt")));
    assert!(status.failed, "{status}");
    assert!(status.text.starts_with("Could not save: "), "{status}");
    assert!(!dir.join("saved.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A name typed in the panel without a folder is in the lab's folder, made on the first save;
/// a whole path is used as it is, and its folder is never made.
#[test]
fn names_without_a_folder_are_saved_in_the_labs_folder() {
    let home = std::env::temp_dir().join(format!("gjk-folder-{}", std::process::id()));
    let folder = Folder(Some(home.join("gjk-lab")));
    assert_eq!(folder.resolve("case.json"), home.join("gjk-lab/case.json"));
    let whole = home.join("elsewhere/case.json");
    assert_eq!(folder.resolve(&whole.display().to_string()), whole);
    assert_eq!(Folder(None).resolve("case.json"), Path::new("case.json"));

    let mut app = headless_app(default_scenario());
    app.insert_resource(folder.clone());
    app.update();
    let path = folder.resolve("case.json");
    let status = request(&mut app, ScenarioRequest::Save(path.clone()));
    assert!(!status.failed, "{status}");
    assert_eq!(Scenario::load(&path).unwrap(), default_scenario());
    let status = request(&mut app, ScenarioRequest::Save(whole.clone()));
    assert!(status.failed, "{status}");
    assert!(!whole.parent().unwrap().exists());
    std::fs::remove_dir_all(&home).unwrap();
}

/// What the desktop's file dialogs answer: a place to save is saved to and named in the
/// field; a dialog that gives nothing says so under the controls that opened it.
#[test]
fn a_dialogs_answer_is_used_and_nothing_chosen_is_said_where_it_was_asked() {
    use gjk_lab::case::incoming::{Purpose, Saving};
    use gjk_lab::platform::dialog::{Answer, Chosen};
    let dir = std::env::temp_dir().join(format!("gjk-dialog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = gjk_lab::app::headless_app_with_cameras(default_scenario(), 1280, 800);
    app.update();
    let chosen = app.world().resource::<Chosen>().clone();
    let path = dir.join("chosen.ron");
    chosen.push(Answer::Save(Saving::Scenario, Some(path.clone())));
    app.update();
    assert_eq!(Scenario::load(&path).unwrap(), default_scenario());
    let files = app.world().resource::<ScenarioFiles>();
    assert_eq!(files.path_field, path.display().to_string());

    chosen.push(Answer::Open(Purpose::Mesh(Which::B), None));
    app.update();
    let status = app.world().resource::<ScenarioFiles>().status.clone();
    assert_eq!(status.about, About::Body(Which::B));
    // Where no dialog can open (no D-Bus session, no zenity: a bare X server, CI), it says so.
    if gjk_lab::platform::dialog::none_can_open() {
        assert!(
            status.failed && status.text.starts_with("No file dialog"),
            "{status}"
        );
    } else {
        assert!(status.text.starts_with("No file chosen"), "{status}");
    }

    let mesh = dir.join("tet.obj");
    std::fs::write(&mesh, TETRAHEDRON_OBJ).unwrap();
    chosen.push(Answer::Open(Purpose::Mesh(Which::B), Some(mesh)));
    app.update();
    app.update();
    let b = &app.world().resource::<Lab>().scenario.b.shape;
    assert!(
        matches!(b, gjk::Shape::Polytope { vertices } if vertices.len() == 4),
        "{b:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_gallery_case_has_a_group_and_each_group_its_kind() {
    // The gallery's menu lists its cases by group, in a list that scrolls: a case in no group
    // would be out of reach, as the plane's were when the menu ran off the window.
    use gjk_lab_files::bundled::{Group, floors, gallery};
    use gjk_lab_files::case::Case;
    let cases: Vec<_> = gallery().into_iter().chain(floors()).collect();
    let count = |g: Group| cases.iter().filter(|c| Group::of(c) == g).count();
    assert_eq!(
        Group::ALL.iter().map(|&g| count(g)).sum::<usize>(),
        cases.len()
    );
    for case in &cases {
        let title = case.title();
        let group = Group::of(case);
        match group {
            Group::Plane => assert!(title.starts_with('p'), "{title}"),
            Group::Casts => assert!(title.contains("cast"), "{title}"),
            Group::F32 => assert!(title.contains("f32") && !title.contains("cast"), "{title}"),
            Group::Space => assert!(!title.contains("f32") && !title.contains("cast"), "{title}"),
            // A floor's case opens as a body against many pieces, in space or the plane.
            Group::Floors => {
                assert!(matches!(case.open(), Ok(Case::Pieces(_))), "{title}");
                continue;
            }
        }
        let dimension = case.load().unwrap().dimension;
        assert_eq!(dimension.is_plane(), group == Group::Plane, "{title}");
    }
    assert!(Group::ALL.iter().all(|&g| count(g) > 0));
}
