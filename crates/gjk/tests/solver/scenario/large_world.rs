//! A large world, as Box2D tests one: every gallery case moved 1e3, 1e5 and 1e7 from the
//! origin, in f64, answers as it does at home. Each answer's bounds are proven for its own
//! scene, and moving the bodies rounds their positions by up to ε|t| a coordinate, so the two
//! scenes' relative poses differ by at most 2√3 ε|t|: the bounds must meet within twice that
//! (each side's rounding), on the distance and on the depth, and so no proven verdict may turn
//! round. An answer may be left undecided far away
//! (rounding a pair's pose at 1e7 can blur a touch); then it must say so, and prove no less
//! than its bounds allow.

use super::gallery::gallery;
use gjk::{Finish, Precision};

/// How far the bounds of two scenes `shift` apart in f64 may miss each other.
fn slack(shift: f64) -> f64 {
    4.0 * 3f64.sqrt() * f64::EPSILON * shift
}

/// Whether two proven intervals meet within `slack`.
fn meet([a0, a1]: [f64; 2], [b0, b1]: [f64; 2], slack: f64) -> bool {
    a0 <= b1 + slack && b0 <= a1 + slack
}

fn agree(name: &str, home: &Finish, far: &Finish, slack: f64) {
    let (h, f) = (home.certificate, far.certificate);
    assert!(
        meet(h.distance_bounds, f.distance_bounds, slack),
        "{name}: distance bounds {:?} at home, {:?} far away",
        h.distance_bounds,
        f.distance_bounds
    );
    if let (Some(h), Some(f)) = (
        home.penetration.and_then(|p| p.depth_bounds),
        far.penetration.and_then(|p| p.depth_bounds),
    ) {
        assert!(
            meet(h, f, slack),
            "{name}: depth bounds {h:?} at home, {f:?} far away"
        );
    }
}

#[test]
fn the_gallery_moved_far_from_the_origin_answers_as_it_does_at_home() {
    let (mut checked, mut undecided) = (0, 0);
    for (name, mut s) in gallery() {
        s.solver.precision = Precision::F64;
        let config = s.config();
        let home = gjk::solve(&s.a, &s.b, &config);
        for shift in [1e3, 1e5, 1e7] {
            // Along no axis, so no coordinate stays exact; in the plane, in the plane.
            let t = if s.dimension.is_plane() {
                glam::DVec3::new(0.8, -0.6, 0.0)
            } else {
                glam::DVec3::new(0.48, -0.6, 0.64)
            } * shift;
            let (mut a, mut b) = (s.a.clone(), s.b.clone());
            a.position += t;
            b.position += t;
            let far = gjk::solve(&a, &b, &config);
            agree(&format!("{name} at {shift:e}"), &home, &far, slack(shift));
            checked += 1;
            undecided += usize::from(far.certificate.intersecting.is_none());
        }
    }
    assert!(checked >= 180, "{checked}");
    eprintln!("{checked} far-away answers, {undecided} undecided");
    // Most stay decided far away; the count is what moving them costs.
    assert!(
        undecided * 4 < checked,
        "{undecided} of {checked} undecided"
    );
}
