//! The failure gallery (`assets/scenarios/gallery/`) is a regression suite: every case must keep
//! doing what its notes promise, in the machine-readable `expect` section beside them. Where a
//! case is separated and computed in f64, parry3d is asked too, and our answer is certified by
//! the lower bound `n · s(−n)` along our own separating direction.

use crate::solver::common::{lower_bound, rounding, to_parry};
use gjk::{Outcome, Precision, Scenario};
use std::path::PathBuf;

/// Every gallery case, by file name, in name order.
pub fn gallery() -> Vec<(String, Scenario)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/gallery");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("gallery directory")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let s = Scenario::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, s)
        })
        .collect()
}

#[test]
fn every_gallery_case_keeps_the_promises_in_its_notes() {
    let cases = gallery();
    assert!(cases.len() >= 15, "the gallery has {} cases", cases.len());
    for (name, s) in &cases {
        assert!(
            s.notes.len() > 100,
            "{name}: notes too short to explain the case"
        );
        assert!(
            s.notes.contains("Source:"),
            "{name}: notes must name a source"
        );
        let expect = s
            .expect
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no expect section"));
        let trace = gjk::trace(&s.a, &s.b, &s.config());
        let cast = s.solve_cast();
        let contacts = s.manifold_prepared(&s.prepare(), &trace.finish);
        let checks = expect.check(&trace, cast.as_ref(), contacts.as_ref().map(|(m, _)| m));
        assert!(checks.len() >= 2, "{name}: promises too little");
        for c in checks {
            assert!(
                c.passed,
                "{name}: {} expected {}, got {}",
                c.what, c.expected, c.actual
            );
        }
    }
}

#[test]
fn separated_f64_gallery_distances_are_certified_and_match_parry() {
    let (mut compared, mut parry_above) = (0, Vec::new());
    for (name, s) in gallery() {
        let config = s.config();
        // The plane's cases are held to parry2d in the plane's own tests.
        if config.precision != Precision::F64 || config.dimension.is_plane() {
            continue;
        }
        let Outcome::Separated {
            distance,
            point_a,
            point_b,
        } = gjk::solve(&s.a, &s.b, &config).outcome
        else {
            continue;
        };
        // Certify: lower ≤ true distance ≤ distance, with lower from our own direction. For a
        // gap of 1e-7 the direction `n` itself carries ~1e-9 of rounding (a difference of two
        // unit-sized points), hence the absolute allowance.
        let n = (point_a - point_b).normalize();
        // (The lower bound is itself computed from points as large as the bodies' positions:
        // 164 units away in the collision-rs case, where its rounding is 3e-14.)
        let lower = lower_bound(&s.a, &s.b, n);
        let allowed = 1e-6 * distance + 1e-9;
        assert!(
            lower - rounding(&s.a, &s.b) <= distance && distance - lower <= allowed,
            "{name}: certified interval [{lower:e}, {distance:e}] too wide"
        );
        let (Some((pa, sa)), Some((pb, sb))) = (to_parry(&s.a), to_parry(&s.b)) else {
            continue;
        };
        let theirs = parry3d_f64::query::distance(&pa, sa.as_ref(), &pb, sb.as_ref())
            .expect("supported pair")
            .distance;
        // parry may stop early: then it is above our distance, which two actual points realise,
        // so it is provably off. It must never be below the certified lower bound.
        assert!(
            theirs >= lower - allowed,
            "{name}: parry {theirs:e} is below the certified lower bound {lower:e}"
        );
        if theirs - distance > allowed {
            parry_above.push(name);
        } else {
            assert!((theirs - distance).abs() <= allowed, "{name}");
        }
        compared += 1;
    }
    assert!(
        compared >= 8,
        "only {compared} gallery cases compared with parry"
    );
    // parry3d-f64 0.31 answers 0.0100005 on the nearly parallel faces (exact 0.0099998): its
    // GJK stops before the last face. The case's notes say so. On the rounded cone and sphere
    // that plain GJK crawls round for 53 iterations it answers 1.78295e-4, 2.6e-5 (relative)
    // above the distance two of our points realise (1.7829003e-4): it stopped early.
    assert_eq!(
        parry_above,
        ["16-near-parallel-faces.json", "35-momentum-saves-most.json"]
    );
}

#[test]
fn a_point_keeps_its_label_while_it_stays_in_the_simplex() {
    let (mut followed, mut renamed_before) = (0, 0);
    for (name, s) in gallery() {
        let trace = gjk::trace(&s.a, &s.b, &s.config());
        let gjk_steps: Vec<_> = trace.steps.iter().filter(|t| !t.phase.is_epa()).collect();
        for step in &gjk_steps {
            let mut names = step.names.to_vec();
            assert_eq!(names.len(), step.candidate.len(), "{name}");
            names.sort_unstable();
            names.dedup();
            assert_eq!(
                names.len(),
                step.candidate.len(),
                "{name}: two points share a label"
            );
        }
        for pair in gjk_steps.windows(2) {
            let (now, next) = (pair[0], pair[1]);
            for (i, kept) in next.simplex_before().iter().enumerate() {
                let was = now
                    .candidate
                    .iter()
                    .position(|c| c == kept)
                    .unwrap_or_else(|| panic!("{name}: a kept point was not a candidate"));
                assert_eq!(
                    next.label(i),
                    now.label(was),
                    "{name}, step {}: a kept point changed its label",
                    next.iteration
                );
                followed += 1;
                // What slot numbering alone would have called it.
                renamed_before += usize::from(i != was);
            }
        }
    }
    // Slot numbering would have renamed kept points this often: the case for names.
    assert!(
        followed > 100 && renamed_before > 10,
        "{followed} {renamed_before}"
    );
}
