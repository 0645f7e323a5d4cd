//! Every step says in its type which solver made it, and the trace's JSON says it as the
//! step's `kind`: GJK's distance and boolean runs, EPA in space (triangles) and in the plane
//! (edges, never a flat triangle), the closed form, two boxes' axes. Each solver's stop is its
//! own type.

use gjk::config::Dimension;
use gjk::{
    Algorithm, BodySpec, Boundary, Phase, Precision, Radii, Shape, SolverConfig, Termination, Trace,
};
use glam::{DQuat, DVec3};

fn body(shape: Shape, x: f64) -> BodySpec {
    BodySpec {
        shape,
        position: DVec3::new(x, 0.1, 0.0),
        rotation: DQuat::from_rotation_z(0.3),
        margin: 0.0,
    }
}

fn cube(x: f64) -> BodySpec {
    body(
        Shape::Cuboid {
            half_extents: DVec3::splat(0.5),
        },
        x,
    )
}

fn square(x: f64) -> BodySpec {
    body(
        Shape::Cuboid {
            half_extents: DVec3::new(0.5, 0.5, 0.0),
        },
        x,
    )
}

fn ball(x: f64) -> BodySpec {
    body(Shape::Sphere { radius: 0.5 }, x)
}

/// The kinds the trace's JSON gives its steps, in order.
fn written_kinds(trace: &Trace) -> Vec<String> {
    trace
        .steps
        .iter()
        .map(|s| {
            let json = serde_json::to_value(s).unwrap();
            assert_eq!(json["kind"], s.phase.name(), "{json}");
            json["kind"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn every_step_names_its_solver_and_the_json_says_it() {
    let distance = gjk::trace(&cube(0.0), &cube(1.5), &SolverConfig::default());
    assert!(written_kinds(&distance).iter().all(|k| k == "distance"));
    assert!(matches!(distance.finish.termination, Termination::Gjk(_)));

    let boolean = SolverConfig::default_for(Algorithm::Boolean, Precision::F64);
    let tetra = body(
        Shape::Polytope {
            vertices: vec![DVec3::ZERO, DVec3::X, DVec3::Y, DVec3::Z],
        },
        0.0,
    );
    let run = gjk::trace(&tetra, &cube(2.0), &boolean);
    assert!(written_kinds(&run).iter().all(|k| k == "boolean"));

    let axes = SolverConfig {
        epa: false,
        ..boolean
    };
    let run = gjk::trace(&cube(0.0), &cube(1.6), &axes);
    assert_eq!(written_kinds(&run), ["box_axes"]);
    assert!(run.steps[0].is_box_test());
    assert!(run.finish.termination.answered_at_once());

    let closed = SolverConfig {
        radii: Radii::Closed,
        ..SolverConfig::default()
    };
    let run = gjk::trace(&ball(0.0), &ball(2.0), &closed);
    assert_eq!(written_kinds(&run), ["closed_form"]);
    assert!(run.steps[0].is_closed_form());

    // Overlapping: GJK's steps, then EPA's; EPA's finish holds EPA's own stop.
    let deep = gjk::trace(&cube(0.0), &cube(0.6), &SolverConfig::default());
    let kinds = written_kinds(&deep);
    let first_epa = kinds.iter().position(|k| k == "epa").expect("EPA ran");
    assert!(kinds[..first_epa].iter().all(|k| k == "distance"));
    assert!(kinds[first_epa..].iter().all(|k| k == "epa"));
    let epa_stop = deep.finish.epa_termination.expect("EPA's stop");
    assert_eq!(
        deep.steps.last().unwrap().termination,
        Some(epa_stop.into())
    );
}

#[test]
fn epa_writes_triangles_in_space_and_edges_in_the_plane() {
    let space = gjk::trace(&cube(0.0), &cube(0.6), &SolverConfig::default());
    let epa: Vec<_> = space.steps.iter().filter_map(|s| s.epa()).collect();
    assert!(!epa.is_empty());
    for record in &epa {
        let Boundary::Faces { faces, .. } = &record.boundary else {
            panic!("EPA in space records triangles: {record:?}");
        };
        // A closed triangle mesh: every edge is had by two faces.
        assert_eq!(record.boundary.segments().count(), 3 * faces.len());
        let json = serde_json::to_value(record).unwrap();
        assert!(
            json["faces"].is_array() && json.get("edges").is_none(),
            "{json}"
        );
    }

    let plane = SolverConfig {
        dimension: Dimension::Two,
        ..SolverConfig::default()
    };
    let flat = gjk::trace(&square(0.0), &square(0.6), &plane);
    let epa: Vec<_> = flat.steps.iter().filter_map(|s| s.epa()).collect();
    assert!(!epa.is_empty(), "EPA ran in the plane");
    for record in &epa {
        let Boundary::Edges {
            edges,
            closest_edge,
            ..
        } = &record.boundary
        else {
            panic!("EPA in the plane records edges: {record:?}");
        };
        // In order round the polygon: each edge starts where the one before it ended.
        for (e, next) in edges.iter().zip(edges.iter().cycle().skip(1)) {
            assert_eq!(e[1], next[0], "{edges:?}");
            assert_ne!(e[0], e[1], "an edge has two ends: {edges:?}");
        }
        assert!(edges.contains(closest_edge));
        let json = serde_json::to_value(record).unwrap();
        assert!(
            json["edges"].is_array() && json.get("faces").is_none(),
            "{json}"
        );
    }
    assert!(flat.steps.iter().all(|s| s.phase != Phase::BoxAxes));
}

/// The recorder names the points: in GJK each keeps its name while it stays in the simplex
/// (the step's first points are the ones the step before it kept, in its order), the names in
/// one step differ, and a new point takes the first name free.
#[test]
fn a_point_keeps_the_name_the_recorder_gave_it_while_it_stays() {
    use crate::solver::common::{KINDS, Rng, body};
    let mut rng = Rng::new(17);
    let mut followed = 0;
    for i in 0..400 {
        let a = body(&mut rng, KINDS[i % KINDS.len()]);
        let b = body(&mut rng, KINDS[(i / KINDS.len()) % KINDS.len()]);
        let trace = gjk::trace(&a, &b, &SolverConfig::default());
        let gjk: Vec<_> = trace.steps.iter().filter(|s| s.epa().is_none()).collect();
        for (k, step) in gjk.iter().enumerate() {
            assert_eq!(step.names.len(), step.candidate.len(), "{step:?}");
            for (x, n) in step.names.iter().enumerate() {
                assert!(
                    !step.names[..x].contains(n),
                    "two points named alike: {step:?}"
                );
            }
            let Some(before) = k.checked_sub(1).map(|j| gjk[j]) else {
                continue;
            };
            let kept: Vec<u8> = before
                .kept
                .iter()
                .map(|&s| before.names[usize::from(s)])
                .collect();
            assert_eq!(
                &step.names[..step.before],
                &kept[..],
                "step {}",
                step.iteration
            );
            assert_eq!(step.simplex_before(), &before.simplex_after()[..]);
            if let Some(&new) = step.names.get(step.before) {
                let free = (0..4).find(|n| !kept.contains(n)).unwrap();
                assert_eq!(new, free, "the first name free");
                followed += 1;
            }
        }
    }
    assert!(followed > 500, "{followed} new points followed");
}

/// The command line's page lists every step kind in its table, and every stop by name.
#[test]
fn the_trace_document_page_names_every_kind_and_stop() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md")).unwrap();
    let section = &page[page.find("## The trace document").expect("the section")..];
    let epa = Box::new(gjk::EpaRecord {
        vertices: Vec::new(),
        boundary: Boundary::Edges {
            edges: Vec::new(),
            closest_edge: [0, 1],
            removed: Vec::new(),
            joined: Vec::new(),
        },
        normal: DVec3::X,
        distance: 0.0,
    });
    for phase in [
        Phase::Distance,
        Phase::Boolean,
        Phase::ClosedForm,
        Phase::BoxAxes,
        Phase::Epa(epa),
    ] {
        let row = format!("| `{}` |", phase.name());
        assert!(section.contains(&row), "no row {row}");
    }
    for name in gjk::Termination::NAMES {
        assert!(section.contains(&format!("`{name}`")), "{name} unnamed");
    }
    for field in [
        "faces",
        "closest_face",
        "horizon",
        "edges",
        "closest_edge",
        "joined",
    ] {
        assert!(section.contains(&format!("`{field}`")), "{field} unnamed");
    }
}
