//! `epa: false`, the yes/no question: the same run as with EPA up to GJK's verdict, and
//! nothing after it, in space and in the plane, for every algorithm and both precisions (two
//! boxes asked it are answered by their separating-axis test: see `boxes.rs`).

use crate::solver::common::{KINDS, Rng, body};
use crate::solver::plane::common as plane;
use gjk::{Algorithm, Outcome, Precision, Shortcut, SolverConfig, Termination};

#[test]
fn without_epa_the_verdict_is_gjks_and_nothing_follows_it() {
    let mut rng = Rng::new(61);
    let mut overlapping = [0; 2];
    let mut boxes = [0; 2];
    for i in 0..6000 {
        let in_plane = i % 2;
        let (a, b) = if in_plane == 1 {
            let (ka, kb) = (rng.pick(4), rng.pick(4));
            let a = plane::body(&mut rng, plane::KINDS[ka]);
            (a, plane::body(&mut rng, plane::KINDS[kb]))
        } else {
            let (ka, kb) = (rng.pick(6), rng.pick(6));
            let a = body(&mut rng, KINDS[ka]);
            (a, body(&mut rng, KINDS[kb]))
        };
        let algorithm = Algorithm::ALL[i / 2 % 3];
        let precision = [Precision::F64, Precision::F32][i / 6 % 2];
        let with = SolverConfig {
            dimension: plane::plane(algorithm).dimension,
            ..SolverConfig::default_for(algorithm, precision)
        };
        let with = if in_plane == 1 {
            with
        } else {
            SolverConfig {
                dimension: gjk::config::Dimension::Three,
                ..with
            }
        };
        let without = SolverConfig { epa: false, ..with };
        let (yes, no) = (gjk::solve(&a, &b, &with), gjk::solve(&a, &b, &without));
        let context = format!("pair {i} ({algorithm:?}, {precision:?}): {yes:?}\n{no:?}");
        if matches!(
            no.termination,
            Termination::Shortcut(Shortcut::SeparatingAxis { .. } | Shortcut::SharedPoint { .. })
        ) {
            // Two boxes: their separating-axis test answered instead (see `boxes.rs`), proven,
            // and never against what GJK and EPA proved.
            assert!(no.certificate.certified, "{context}");
            if let Some(verdict) = yes.certificate.intersecting {
                assert_eq!(no.certificate.intersecting, Some(verdict), "{context}");
            }
            boxes[in_plane] += 1;
            continue;
        }
        // The same GJK run, to the last bit: its verdict, its stop, its iterations.
        assert_eq!(
            (yes.outcome, yes.termination, yes.iterations),
            (no.outcome, no.termination, no.iterations),
            "{context}"
        );
        assert!(
            no.epa_termination.is_none() && no.epa_iterations == 0,
            "{context}"
        );
        if yes.outcome != Outcome::Intersecting {
            assert_eq!(yes, no, "{context}");
            continue;
        }
        overlapping[in_plane] += 1;
        // EPA may prove an overlap GJK's last simplex did not; it never turns one round.
        if let Some(verdict) = no.certificate.intersecting {
            assert_eq!(yes.certificate.intersecting, Some(verdict), "{context}");
        }
        // A depth is given only where it cost nothing: the closed form, or the radii.
        if no.penetration.is_some() {
            assert!(no.radii.is_some(), "{context}");
        }
    }
    assert!(
        overlapping.iter().all(|&n| n > 300) && boxes.iter().all(|&n| n > 5),
        "overlapping pairs (space, plane): {overlapping:?}; two boxes' test: {boxes:?}"
    );
}

#[test]
fn a_scenario_says_whether_epa_runs() {
    let text = r#"{"a": {"shape": {"type": "cuboid", "half_extents": [0.5, 0.5, 0.5]}},
        "b": {"shape": {"type": "cuboid", "half_extents": [0.5, 0.5, 0.5]}, "position": [0.8, 0.1, 0]},
        "solver": {"algorithm": "boolean", "epa": false}}"#;
    let scenario = gjk::Scenario::parse(text, gjk::Format::Json).expect("a scenario");
    let config = scenario.config();
    assert!(!config.epa);
    assert_eq!(scenario.understood().solver.epa, Some(false));
    let trace = gjk::trace(&scenario.a, &scenario.b, &config);
    assert_eq!(trace.finish.outcome, Outcome::Intersecting);
    assert!(trace.finish.penetration.is_none());
    assert!(trace.steps.iter().all(|s| s.epa().is_none()));
    // Left out, EPA runs (files written before the field).
    let plain = text.replace(r#", "epa": false"#, "");
    let scenario = gjk::Scenario::parse(&plain, gjk::Format::Json).expect("a scenario");
    assert!(scenario.config().epa);
    let trace = gjk::trace(&scenario.a, &scenario.b, &scenario.config());
    assert!(trace.finish.penetration.is_some());
    assert!(trace.steps.iter().any(|s| s.epa().is_some()));
}
