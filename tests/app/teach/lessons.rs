//! Lesson files: read, written back, refused by field; every bundled lesson's captions resolve
//! at their slides' steps; the tour as a lesson keeps the captions it had.

use gjk::Format;
use gjk_lab::app::headless_app;
use gjk_lab::case::pieces::{Pieces, open};
use gjk_lab::case::playback::{Lab, Playback};
use gjk_lab::teach::classroom::{Classroom, TourCommand};
use gjk_lab_files::bundled::default_scenario;
use gjk_lab_files::lesson::Timeline;
use gjk_lab_files::lesson::{LESSONS, Lesson, Shown, SlideCamera, SlideStep};

fn bundled() -> Vec<(&'static str, Lesson)> {
    LESSONS
        .iter()
        .map(|(name, _)| (*name, Lesson::bundled(name).expect(name)))
        .collect()
}

#[test]
fn lessons_round_trip_in_json_and_ron() {
    for (name, lesson) in bundled() {
        for format in [Format::Json, Format::Ron] {
            let text = lesson.to_text(format);
            let back = Lesson::parse(&text, format).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(back, lesson, "{name} in {format:?}");
        }
    }
    // A slide with its scenario written out and a recorded camera survives too.
    let mut lesson = Lesson::tour();
    lesson.slides[0].case = None;
    lesson.slides[0].scenario = Some(Box::new(default_scenario()));
    lesson.slides[0].camera = SlideCamera::Orbits {
        world: gjk_lab_files::lesson::Orbit {
            focus: [0.5, -1.0, 2.0],
            yaw: 0.3,
            pitch: -0.2,
            distance: 9.0,
        },
        minkowski: gjk_lab_files::lesson::Orbit {
            focus: [0.0; 3],
            yaw: 1.0,
            pitch: 0.1,
            distance: 4.0,
        },
    };
    // And every kind of case written out: each gallery case, in space and in the plane, and a
    // case turned and moved in the plane as the app saves it.
    let mut plane = gjk_lab_files::bundled::default_plane_scenario();
    plane.a.rotation = gjk::shape::plane::rotation_of(0.5);
    plane.b.rotation = gjk::shape::plane::rotation_of(1.0 + 1e-9);
    plane.b.position.x += 0.0173;
    let cases = gjk_lab_files::bundled::gallery()
        .into_iter()
        .map(|case| case.load().expect("a gallery case"))
        .chain([plane]);
    let template = lesson.slides[0].clone();
    lesson.slides = cases
        .map(|scenario| {
            let mut slide = template.clone();
            slide.scenario = Some(Box::new(scenario));
            slide
        })
        .collect();
    assert!(lesson.slides.len() > 60);
    for format in [Format::Json, Format::Ron] {
        let back = Lesson::parse(&lesson.to_text(format), format)
            .unwrap_or_else(|e| panic!("{format:?}: {e}"));
        assert_eq!(back, lesson, "{format:?}");
    }
}

#[test]
fn every_bundled_lesson_s_placeholders_resolve_at_its_slides_steps() {
    for (name, lesson) in bundled() {
        let mut app = headless_app(default_scenario());
        app.update();
        app.world_mut()
            .write_message(TourCommand::Open(lesson.clone()));
        app.update();
        for (n, slide) in lesson.slides.iter().enumerate() {
            if n > 0 {
                app.world_mut().write_message(TourCommand::Next);
                app.update();
            }
            let classroom = app.world().resource::<Classroom>();
            assert_eq!((classroom.slide, &classroom.error), (n, &None), "{name}");
            let playback = app.world().resource::<Playback>();
            // The slide's case, opened as the app opens any (a floor: its piece's pair).
            let mut pieces = Pieces::default();
            let opened = open(slide.open_case().unwrap(), (slide.piece, ""), &mut pieces);
            assert_eq!(
                playback.case, opened,
                "{name} {n}: the run on screen is the slide's case"
            );
            let on_screen = app.world().resource::<Pieces>().0.as_ref();
            assert_eq!(
                on_screen.map(|s| s.chosen),
                pieces.0.map(|s| s.chosen),
                "{name} {n}: the piece stepped"
            );
            let filled = Shown {
                trace: &playback.trace,
                step: playback.step,
                dimension: playback.case.dimension,
            }
            .fill(&slide.caption);
            let filled =
                filled.unwrap_or_else(|(_, missing)| panic!("{name} slide {n}: {missing:?}"));
            assert!(!filled.contains(['{', '—']), "{name} {n}: {filled}");
            if let SlideStep::Cast(k) = slide.step {
                assert_eq!(
                    (playback.timeline, playback.cast_step),
                    (Timeline::Cast, k),
                    "{name} {n}"
                );
            }
        }
    }
}

/// The tour's slides in the plane, before its seven in space.
const PLANE_SLIDES: usize = 4;

#[test]
fn the_tour_as_a_lesson_keeps_today_s_seven_captions() {
    // The captions of the tour in space, word for word (each names the arrow it speaks of).
    let captions = [
        "The shapes are apart, so A − B misses the origin. GJK walks its closest point v \
         towards the origin; |v| at the end is the distance, and the green segment joins \
         the closest points of A and B.",
        "The boxes share a face: the origin lies on the surface of A − B. The very first \
         support point is the origin, |v| = 0 within the tolerance: touching counts as \
         intersecting, with depth 0.",
        "The shapes overlap, so A − B contains the origin. GJK stops when four support \
         points enclose it (slide 11 looks inside); EPA then grows that tetrahedron into the \
         polytope drawn here, until its face nearest the origin lies on the surface of A − B: \
         that face's distance, {depth}, is how deep they overlap, and its normal the way to \
         push them apart.",
        "The origin is in the Voronoi region of {feature}: past the plane through it \
         across the segment, so GJK drops {dropped}, and the search continues from that \
         vertex straight towards the origin.",
        "The origin is in the region of {feature}: between the two planes through its \
         ends, across the edge. The closest point v is on the edge, and the green line \
         from v to the origin is perpendicular to it: the next search goes that way (the \
         yellow d is the direction this step searched).",
        "The origin is above {feature}, inside the prism of its three edge planes: the \
         closest point v is inside the face, and the green line from v to the origin is \
         the face's normal on the origin's side, where the next search goes (the yellow d \
         is the direction this step searched).",
        "The origin is behind all four faces: the tetrahedron of support points encloses \
         it, so the origin is inside A − B and the shapes intersect.",
    ];
    // They follow the four slides in the plane the tour now starts with.
    let tour = Lesson::tour();
    let written: Vec<_> = tour.slides.iter().map(|s| s.caption.as_str()).collect();
    assert_eq!(written[PLANE_SLIDES..], captions);
    // Filled at the vertex-region slide's step, the caption names that step's vertex and
    // the point it dropped.
    let mut app = headless_app(default_scenario());
    app.world_mut().write_message(TourCommand::Toggle);
    app.world_mut()
        .write_message(TourCommand::Goto(PLANE_SLIDES + 3));
    app.update();
    let playback = app.world().resource::<Playback>();
    let step = playback.current().unwrap();
    let filled = Shown {
        trace: &playback.trace,
        step: playback.step,
        dimension: playback.case.dimension,
    }
    .fill(captions[3])
    .unwrap();
    let kept = step.feature.as_ref().unwrap();
    assert_eq!(kept.vertices.len(), 1);
    let vertex = step.label(kept.vertices[0]);
    let other = step.label(1 - kept.vertices[0]);
    assert!(
        filled.contains(&format!("region of vertex {vertex}:"))
            && filled.contains(&format!("so GJK drops {other},")),
        "{filled}"
    );
}

#[test]
fn bad_lesson_files_are_refused_by_field() {
    let slide = r#"{"title": "t", "case": "startup-box-capsule.json", "caption": "c"}"#;
    let cases = [
        (r#"{"title": "x"}"#.to_string(), "slides"),
        (r#"{"title": "x", "slides": []}"#.to_string(), "slides"),
        (
            format!(r#"{{"title": "x", "slides": [{slide}, {{"title": "t", "caption": "c"}}]}}"#),
            "slides[1].case",
        ),
        (
            r#"{"title": "x", "slides": [{"title": "t", "case": "nope.json", "caption": "c"}]}"#
                .to_string(),
            "slides[0].case",
        ),
        // A piece of a convex pair, and a piece a floor does not have.
        (
            format!(
                r#"{{"title": "x", "slides": [{}]}}"#,
                slide.replace(r#""caption""#, r#""piece": 1, "caption""#)
            ),
            "slides[0].piece",
        ),
        (
            r#"{"title": "x", "slides": [{"title": "t", "case": "meshes/ball-on-a-ridge.json", "piece": 4, "caption": "c"}]}"#
                .to_string(),
            "slides[0].piece",
        ),
        (
            format!(
                r#"{{"title": "x", "slides": [{{"title": "t", "piece": 0, "caption": "c", "scenario": {}}}]}}"#,
                default_scenario().to_text(Format::Json)
            ),
            "slides[0].piece",
        ),
        (
            format!(
                r#"{{"title": "x", "slides": [{}]}}"#,
                slide.replace(r#""caption": "c""#, r#""caption": "the {edge}""#)
            ),
            "slides[0].caption",
        ),
        (
            format!(
                r#"{{"title": "x", "slides": [{}]}}"#,
                slide.replace(r#""caption""#, r#""step": {"gjk": 3}, "caption""#)
            ),
            "slides[0].step",
        ),
        (
            format!(
                r#"{{"title": "x", "slides": [{}]}}"#,
                slide.replace(
                    r#""caption""#,
                    r#""step": {"region": {"kind": "edge", "points": 7}}, "caption""#
                )
            ),
            "slides[0].step.region.points",
        ),
        (
            format!(
                r#"{{"title": "x", "slides": [{}]}}"#,
                slide.replace(r#""caption""#, r#""views": "both-ish", "caption""#)
            ),
            "slides[0].views",
        ),
        (
            format!(
                r#"{{"title": "x", "slides": [{}]}}"#,
                slide.replace(
                    r#""caption""#,
                    r#""camera": {"orbits": {"world": {"focus": [0,0,0], "yaw": 0, "pitch": 0, "distance": 0}, "minkowski": {"focus": [0,0,0], "yaw": 0, "pitch": 0, "distance": 1}}}, "caption""#
                )
            ),
            "slides[0].camera.orbits.world.distance",
        ),
        (
            r#"{"title": "x", "slides": [{"title": "t", "scenario": {"a": {"shape": {"type": "sphere", "radius": -1}}, "b": {"shape": {"type": "sphere", "radius": 1}}}, "caption": "c"}]}"#
                .to_string(),
            "slides[0].scenario.a",
        ),
        (
            format!(r#"{{"title": "x", "slides": [{slide}], "colour": 3}}"#),
            "colour",
        ),
    ];
    for (text, field) in cases {
        let why = Lesson::parse(&text, Format::Json)
            .expect_err(&text)
            .to_string();
        assert!(why.contains(field), "{text}\n→ {why}\n(expected {field})");
    }
    // The file's name comes first, for a file.
    let why = Lesson::parse_named(
        std::path::Path::new("mine.json"),
        r#"{"title": "x", "slides": []}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(why.starts_with("mine.json: slides"), "{why}");
    // And a scenario is not a lesson, nor the other way round.
    let scenario = default_scenario().to_text(Format::Json);
    assert!(!gjk_lab_files::lesson::is_lesson(&scenario, Format::Json));
    assert!(gjk_lab_files::lesson::is_lesson(
        &Lesson::tour().to_text(Format::Json),
        Format::Json
    ));
}

#[test]
fn a_lesson_opened_mid_tour_starts_at_its_first_slide_and_ends_where_the_tour_began() {
    let mut app = headless_app(default_scenario());
    app.update();
    let before = app.world().resource::<Lab>().scenario.clone();
    app.world_mut().write_message(TourCommand::Open(
        Lesson::bundled("distance-and-depth.json").unwrap(),
    ));
    app.update();
    let classroom = app.world().resource::<Classroom>();
    assert!(classroom.enabled);
    assert_eq!(classroom.lesson.title, "Distance, depth and a cast");
    assert_eq!(app.world().resource::<Playback>().step, 1);
    app.world_mut().write_message(TourCommand::Toggle);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Lab>().scenario, before);
}

/// `{dropped}` names what the simplex did not keep, as the solver recorded it: on an accelerated
/// step that tried a support point and gave it back, that point, though no feature was found.
#[test]
fn dropped_names_a_support_point_given_back() {
    // Polyak momentum on a cone and a sphere, at a tolerance tighter than f64 can meet: at
    // iteration 10 the support point repeats a vertex, brings v no closer and is given back.
    let text = r#"{
      "a": {"position": [-1.7381957667292909, -0.1918733697706534, 0.9101446616640017],
            "rotation": [-0.31241241533065234, -0.508452276857697, 0.018026772056953324, -0.8022155573128076],
            "shape": {"type": "cone", "half_height": 0.7806231432583199, "radius": 0.4623900206247218}},
      "b": {"position": [1.253209388508251, -0.15359842748090546, 1.9245926057088916],
            "rotation": [0.5341776976932607, 0.600317289698685, -0.20914257322263005, -0.5572546303457417],
            "shape": {"type": "sphere", "radius": 0.6830522841968223}},
      "solver": {"algorithm": "distance", "radii": "folded", "acceleration": "polyak",
                 "rel_tolerance": 1e-15}
    }"#;
    let s = gjk::Scenario::parse(text, Format::Json).unwrap();
    let trace = gjk::trace(&s.a, &s.b, &s.config());
    let at = trace
        .steps
        .iter()
        .position(|step| step.feature.is_none() && step.candidate.len() > step.before)
        .expect("a support point given back");
    let step = &trace.steps[at];
    let shown = Shown {
        trace: &trace,
        step: at + 1,
        dimension: s.dimension,
    };
    assert_eq!(
        shown.fill("{dropped}").unwrap(),
        step.label(step.before),
        "{}",
        step.explanation()
    );
}

#[test]
fn a_placeholder_says_why_it_has_no_value_and_speaks_the_planes_words() {
    // Two polygons overlapping in the plane: GJK ends on a triangle round the origin, then EPA
    // measures the depth.
    let text = r#"{"dimension": 2,
      "a": {"shape": {"type": "polygon", "vertices": [[-1, -1], [1, -1], [0, 1]]}},
      "b": {"shape": {"type": "polygon", "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]]}, "position": [0.5, 0.3]}}"#;
    let s = gjk::Scenario::parse(text, Format::Json).unwrap();
    let trace = gjk::trace(&s.a, &s.b, &s.config());
    let at = |k: usize| Shown {
        trace: &trace,
        step: k,
        dimension: s.dimension,
    };
    let (distance, _) = at(1).fill("{distance}").unwrap_err();
    assert_eq!(distance, "— (the shapes overlap)");
    let (before, missing) = at(0).fill("{feature}").unwrap_err();
    assert_eq!(
        (before.as_str(), missing),
        ("— (before the first step)", vec!["{feature}".to_string()])
    );
    let enclosing = 1 + trace
        .steps
        .iter()
        .position(|step| step.feature.as_ref().is_some_and(|f| f.vertices.len() == 3))
        .expect("a triangle round the origin");
    let feature = at(enclosing).fill("{feature}").unwrap();
    assert!(feature.starts_with("triangle w"), "{feature}");
    // On an EPA step, {termination} is how EPA ended; on GJK's, how GJK did.
    let epa = 1 + trace
        .steps
        .iter()
        .position(|step| step.epa().is_some())
        .expect("EPA's steps");
    let epa_stop = trace
        .finish
        .epa_termination
        .unwrap()
        .name()
        .replace('_', " ");
    assert_eq!(at(epa).fill("{termination}").unwrap(), epa_stop);
    assert_eq!(
        at(1).fill("{termination}").unwrap(),
        trace.finish.termination.name().replace('_', " ")
    );
}
