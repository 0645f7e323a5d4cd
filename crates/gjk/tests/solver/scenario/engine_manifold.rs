//! An engine's manifold read point by point: a box resting 0.1 deep on a slab, the engine's
//! four corners on both shapes and no deeper than proven; a point off its shape, or deeper
//! than the proven depth, said to be wrong by how much.

use gjk::scenario::engine::{
    Agreement, EngineAnswer, EngineCheck, EngineContact, EnginePoint, PoseSource,
};
use gjk::{BodySpec, Scenario, Shape};
use glam::{DQuat, DVec3};

/// A unit box (A) whose bottom face is 0.1 below a slab's top face at y = 0.5 (B), turned
/// about the vertical; the engine's answer its bottom corners over the slab.
fn resting(points: impl Fn(Vec<EnginePoint>) -> Vec<EnginePoint>) -> Scenario {
    let turn = DQuat::from_rotation_y(0.4);
    let centre = DVec3::new(0.2, 0.9, -0.1);
    let a = BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::splat(0.5),
        },
        position: centre,
        rotation: turn,
        margin: 0.0,
    };
    let b = BodySpec {
        shape: Shape::Cuboid {
            half_extents: DVec3::new(2.0, 0.5, 2.0),
        },
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .map(|(x, z)| centre + turn * DVec3::new(0.5 * x, -0.5, 0.5 * z));
    let engine = corners
        .iter()
        .map(|&c| EnginePoint {
            point_a: c,
            point_b: DVec3::new(c.x, 0.5, c.z),
            separation: -0.1,
        })
        .collect();
    let mut s = Scenario::new("box on slab", a, b);
    s.engine = Some(EngineAnswer {
        engine: "test engine".into(),
        routine: None,
        poses: PoseSource::Recomputed,
        contact: Some(EngineContact {
            normal: DVec3::NEG_Y,
            points: points(engine),
        }),
        cast: None,
    });
    s.validated().expect("a valid case")
}

fn check(s: &Scenario) -> EngineCheck {
    let finish = gjk::solve(&s.a, &s.b, &s.config());
    s.engine_check(&finish).expect("an engine answer")
}

fn on_their_shapes(a: Agreement) -> bool {
    matches!(a, Agreement::Inside | Agreement::WithinRounding { .. })
}

#[test]
fn an_engine_s_four_corners_read_on_their_shapes_beside_our_four() {
    let c = check(&resting(|p| p));
    assert!(on_their_shapes(c.agreement), "{}", c.sentence);
    assert_eq!(c.our_points, Some(4));
    assert_eq!(c.points.len(), 4);
    for p in &c.points {
        assert!(on_their_shapes(p.agreement), "{p:?}");
        assert!(p.outside_a < 1e-9 && p.outside_b < 1e-9, "{p:?}");
        assert!((p.measured + 0.1).abs() < 1e-12, "{p:?}");
        assert_eq!(p.beyond, 0.0, "{p:?}");
    }
}

#[test]
fn a_point_off_its_shape_or_deeper_than_proven_is_wrong_by_how_much() {
    // The first corner's point on A pushed 0.05 out of the box, sideways along its face.
    let c = check(&resting(|mut p| {
        let out = (p[0].point_a - DVec3::new(0.2, 0.4, -0.1)).normalize() * 0.05;
        p[0].point_a += out;
        p[0].point_b += out;
        p
    }));
    let off = c.points[0];
    assert!(
        matches!(off.agreement, Agreement::Outside { .. }),
        "{off:?}"
    );
    assert!((off.outside_a - 0.05).abs() < 1e-3, "{off:?}");
    assert!(off.outside_b < 1e-9, "still over the slab: {off:?}");
    assert!(c.points[1..].iter().all(|p| on_their_shapes(p.agreement)));
    // The second point claims twice the depth: 0.1 deeper than the proven bounds allow, and
    // 0.1 more than its own two points are apart.
    let c = check(&resting(|mut p| {
        p[1].separation = -0.2;
        p
    }));
    let deep = c.points[1];
    assert!(
        matches!(deep.agreement, Agreement::Outside { by, .. } if (by - 0.1).abs() < 1e-6),
        "{deep:?}"
    );
    assert!((deep.beyond - 0.1).abs() < 1e-6, "{deep:?}");
    // The deepest separation is the case's headline: now outside too.
    assert!(
        matches!(c.agreement, Agreement::Outside { .. }),
        "{}",
        c.sentence
    );
}
