//! parry's answer judged against the bounds a run proves: inside them, outside them within
//! parry's own stopping tolerance, or outside by more (parry is off).

use crate::solver::common::at;
use gjk::tools::reference::Reference;
use gjk::tools::reference::judgement::{Judgement, PARRY_REL, Side};
use gjk::{Scenario, Shape};

/// Two unit balls whose surfaces are `gap` apart, solved.
fn balls(gap: f64) -> gjk::Finish {
    let ball = |x: f64| at(Shape::Sphere { radius: 1.0 }, glam::DVec3::new(x, 0.0, 0.0));
    let s = Scenario::new("two balls", ball(0.0), ball(2.0 + gap));
    gjk::solve(&s.a, &s.b, &s.config())
}

fn parry(distance: f64, depth: Option<f64>) -> Reference {
    Reference {
        distance,
        depth,
        normal: None,
        point_a: None,
        point_b: None,
    }
}

#[test]
fn a_distance_inside_the_bounds_agrees() {
    let finish = balls(1.0);
    assert!(finish.certificate.certified);
    let j = Judgement::of(&finish, &parry(1.0, None));
    assert_eq!(j, Judgement::Inside);
    assert!(!j.outside_bounds() && !j.parry_is_off());
    assert!(j.sentence().starts_with("parry agrees"), "{}", j.sentence());
}

#[test]
fn above_the_bounds_within_parry_s_tolerance_is_said_so_and_not_called_wrong() {
    let finish = balls(1.0);
    // Half parry's relative tolerance above a distance of 1: its rule allows it.
    let j = Judgement::of(&finish, &parry(1.0 + PARRY_REL / 2.0, None));
    let Judgement::WithinParryTolerance { by, side, .. } = j else {
        panic!("{j:?}");
    };
    assert_eq!(side, Side::Above);
    assert!((by - PARRY_REL / 2.0).abs() < 1e-9, "{by}");
    assert!(j.outside_bounds() && !j.parry_is_off());
    let said = j.sentence();
    assert!(said.contains("outside our bounds") && said.contains("within parry's own tolerance"));
}

#[test]
fn beyond_parry_s_tolerance_or_below_the_lower_bound_parry_is_off() {
    let finish = balls(1.0);
    let above = Judgement::of(&finish, &parry(1.0 + 1e-6, None));
    assert!(
        matches!(
            above,
            Judgement::Outside {
                side: Side::Above,
                ..
            }
        ),
        "{above:?}"
    );
    // parry returns its upper bound: below our lower bound is never its rule.
    let below = Judgement::of(&finish, &parry(1.0 - PARRY_REL / 2.0, None));
    assert!(
        matches!(
            below,
            Judgement::Outside {
                side: Side::Below,
                ..
            }
        ),
        "{below:?}"
    );
    for j in [above, below] {
        assert!(j.outside_bounds() && j.parry_is_off());
        assert!(j.sentence().contains("parry is off"), "{}", j.sentence());
    }
}

#[test]
fn an_overlap_is_judged_by_its_depth() {
    let finish = balls(-0.5);
    let [shallowest, deepest] = finish.penetration.unwrap().depth_bounds.unwrap();
    assert!(
        shallowest <= 0.5 && 0.5 <= deepest,
        "{shallowest} {deepest}"
    );
    assert_eq!(
        Judgement::of(&finish, &parry(0.0, Some(0.5))),
        Judgement::DepthInside
    );
    let off = Judgement::of(&finish, &parry(0.0, Some(0.6)));
    assert!(
        matches!(
            off,
            Judgement::DepthOutside {
                side: Side::Above,
                ..
            }
        ),
        "{off:?}"
    );
    assert!(off.parry_is_off());
    // parry apart where the run proves an overlap: outside the bounds [0, 0].
    let apart = Judgement::of(&finish, &parry(0.2, None));
    assert!(apart.parry_is_off(), "{apart:?}");
}
