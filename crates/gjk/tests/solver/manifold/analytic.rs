//! Manifolds whose points are known by hand: a box on a box, turned, on its edge, a capsule
//! lying on a face, crossed edges, and a box on a box in the plane.

use gjk::manifold::{Manifold, ManifoldStep, Single, Stage};
use gjk::{BodySpec, Scenario, Shape};
use glam::{DQuat, DVec3};

fn cuboid(half: DVec3, position: DVec3, rotation: DQuat) -> BodySpec {
    BodySpec {
        shape: Shape::Cuboid { half_extents: half },
        position,
        rotation,
        margin: 0.0,
    }
}

fn manifold(s: &Scenario) -> (Manifold, Vec<ManifoldStep>) {
    let shapes = s.prepare();
    let finish = gjk::solve(&s.a, &s.b, &s.config());
    s.manifold_prepared(&shapes, &finish)
        .expect("an overlapping pair has a manifold")
}

/// Every point of `m` is one of `expected` (pairs of points on A and B), each found once.
fn assert_points(m: &Manifold, expected: &[(DVec3, DVec3)], tolerance: f64) {
    assert_eq!(m.points.len(), expected.len(), "{m:#?}");
    for (a, b) in expected {
        let found = m
            .points
            .iter()
            .any(|c| c.point_a.distance(*a) <= tolerance && c.point_b.distance(*b) <= tolerance);
        assert!(found, "no contact at {a} / {b} in {m:#?}");
    }
    for c in &m.points {
        let apart = (c.point_a - c.point_b).dot(m.normal);
        assert!((apart - c.depth).abs() <= tolerance, "{c:?}");
    }
}

#[test]
fn box_resting_on_a_box_touches_at_the_four_corners_of_its_face() {
    let floor = cuboid(DVec3::splat(1.0), DVec3::ZERO, DQuat::IDENTITY);
    let top = cuboid(
        DVec3::splat(0.5),
        DVec3::new(0.2, 1.4, 0.1),
        DQuat::IDENTITY,
    );
    let (m, steps) = manifold(&Scenario::new("box on box", floor, top));
    assert!((m.normal - DVec3::Y).length() < 1e-9, "{}", m.normal);
    let corners: Vec<(DVec3, DVec3)> = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .iter()
        .map(|&(x, z)| {
            let (x, z) = (0.2 + 0.5 * x, 0.1 + 0.5 * z);
            (DVec3::new(x, 1.0, z), DVec3::new(x, 0.9, z))
        })
        .collect();
    assert_points(&m, &corners, 1e-9);
    assert!(m.points.iter().all(|c| (c.depth - 0.1).abs() < 1e-9));
    // The stages: features (two faces), reference, four side planes, depths.
    assert!(
        matches!(&steps[0].stage, Stage::Features { a, b } if a.points.len() == 4 && b.points.len() == 4)
    );
    assert_eq!(
        steps
            .iter()
            .filter(|s| matches!(s.stage, Stage::Clip { .. }))
            .count(),
        4
    );
    assert!(steps.iter().all(|s| !s.explanation().is_empty()));
}

#[test]
fn a_box_turned_45_degrees_crosses_in_eight_points_reduced_to_four() {
    let floor = cuboid(DVec3::splat(1.0), DVec3::ZERO, DQuat::IDENTITY);
    let turn = DQuat::from_rotation_y(std::f64::consts::FRAC_PI_4);
    let top = cuboid(DVec3::splat(1.0), DVec3::new(0.0, 1.9, 0.0), turn);
    let (m, steps) = manifold(&Scenario::new("turned", floor, top));
    let depths = steps.iter().find_map(|s| match &s.stage {
        Stage::Depths { kept, .. } => Some(kept.len()),
        _ => None,
    });
    assert_eq!(depths, Some(8), "the octagon's corners");
    assert!(
        steps
            .iter()
            .any(|s| matches!(&s.stage, Stage::Reduce { kept, from: 8 } if kept.len() == 4))
    );
    assert_eq!(m.points.len(), 4);
    // The octagon's corners lie on the square's edges (|x| = 1 or |z| = 1) and on the turned
    // square's (|x ± z| = √2); the four kept span the widest area: half the octagon's or more.
    for c in &m.points {
        let p = c.point_b;
        assert!(
            (p.y - 0.9).abs() < 1e-9 && (c.depth - 0.1).abs() < 1e-9,
            "{c:?}"
        );
        assert!((p.x.abs().max(p.z.abs()) - 1.0).abs() < 1e-9, "{p}");
        assert!(((p.x.abs() + p.z.abs()) - 2f64.sqrt()).abs() < 1e-9, "{p}");
    }
    let flat: Vec<DVec3> = m
        .points
        .iter()
        .map(|c| DVec3::new(c.point_b.x, 0.0, c.point_b.z))
        .collect();
    let area = quad_area(&flat);
    let octagon = 8.0 * (2f64.sqrt() - 1.0);
    assert!(area >= 0.5 * octagon, "area {area} of {octagon}");
}

/// The area of the convex hull of four points in the plane y = 0 (as a fan from the centroid,
/// the points sorted by angle).
fn quad_area(points: &[DVec3]) -> f64 {
    let c = points.iter().sum::<DVec3>() / points.len() as f64;
    let mut p = points.to_vec();
    p.sort_by(|a, b| {
        (a.z - c.z)
            .atan2(a.x - c.x)
            .total_cmp(&(b.z - c.z).atan2(b.x - c.x))
    });
    (0..p.len())
        .map(|i| (p[i] - c).cross(p[(i + 1) % p.len()] - c).y.abs() * 0.5)
        .sum()
}

#[test]
fn a_capsule_lying_on_a_face_touches_at_its_segments_two_ends() {
    let floor = cuboid(DVec3::new(2.0, 1.0, 2.0), DVec3::ZERO, DQuat::IDENTITY);
    let capsule = BodySpec {
        shape: Shape::Capsule {
            half_height: 1.0,
            radius: 0.5,
        },
        position: DVec3::new(0.3, 1.4, 0.0),
        rotation: DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
        margin: 0.0,
    };
    let (m, _) = manifold(&Scenario::new("capsule", floor, capsule));
    let ends = [-0.7, 1.3].map(|x| (DVec3::new(x, 1.0, 0.0), DVec3::new(x, 0.9, 0.0)));
    assert_points(&m, &ends, 1e-9);
}

#[test]
fn a_box_on_its_edge_touches_along_the_edge() {
    let floor = cuboid(DVec3::splat(1.0), DVec3::ZERO, DQuat::IDENTITY);
    let h = 0.5 * 2f64.sqrt();
    let edge = cuboid(
        DVec3::splat(0.5),
        DVec3::new(0.0, 1.0 + h - 0.05, 0.0),
        DQuat::from_rotation_z(std::f64::consts::FRAC_PI_4),
    );
    let (m, steps) = manifold(&Scenario::new("edge", floor, edge));
    assert!(matches!(&steps[0].stage, Stage::Features { b, .. } if b.points.len() == 2));
    let ends = [-0.5, 0.5].map(|z| (DVec3::new(0.0, 1.0, z), DVec3::new(0.0, 0.95, z)));
    assert_points(&m, &ends, 1e-9);
}

#[test]
fn crossed_edges_meet_in_the_answers_one_point() {
    let h = 0.5 * 2f64.sqrt();
    let a = cuboid(
        DVec3::splat(0.5),
        DVec3::ZERO,
        DQuat::from_rotation_z(std::f64::consts::FRAC_PI_4),
    );
    let b = cuboid(
        DVec3::splat(0.5),
        DVec3::new(0.0, 2.0 * h - 0.05, 0.0),
        DQuat::from_rotation_x(std::f64::consts::FRAC_PI_4),
    );
    let (m, steps) = manifold(&Scenario::new("crossed", a, b));
    assert!(steps.iter().any(|s| matches!(
        s.stage,
        Stage::Single {
            why: Single::Crossing,
            ..
        }
    )));
    assert_points(
        &m,
        &[(DVec3::new(0.0, h, 0.0), DVec3::new(0.0, h - 0.05, 0.0))],
        1e-9,
    );
}

#[test]
fn in_the_plane_a_box_on_a_box_touches_at_two_points() {
    let s = Scenario::parse(
        r#"{"dimension": 2,
            "a": {"shape": {"type": "cuboid", "half_extents": [2, 1]}},
            "b": {"shape": {"type": "cuboid", "half_extents": [0.5, 0.5]}, "position": [0.3, 1.4]}}"#,
        gjk::Format::Json,
    )
    .unwrap();
    let (m, _) = manifold(&s);
    let ends = [-0.2, 0.8].map(|x| (DVec3::new(x, 1.0, 0.0), DVec3::new(x, 0.9, 0.0)));
    assert_points(&m, &ends, 1e-9);
}

/// A cylinder and a capsule side by side, axes parallel, overlapping by 8.9e-6 (found by the
/// 10M soak). Their distance is flat in the normal's angle near its minimum, so GJK finds the
/// normal only to about the square root of its tolerance (here 1.3e-4 rad off). Measured along
/// it, the two side lines reach past each other by a little more than the depth: each point
/// stays within the support planes across the normal, and the deepest within the angle's
/// effect of the depth bounds.
#[test]
fn a_normal_found_to_the_tolerance_measures_points_within_the_support_planes() {
    // As the soak wrote it: signed volumes with momentum, radii split, a tight tolerance.
    let s = Scenario::parse(
        r#"{"name":"cylinder beside capsule","a":{"shape":{"type":"cylinder","half_height":4.4942805138840186e-05,"radius":4.7526812912741806e-05},"position":[0.0,0.0,0.0],"rotation":[0.0,0.0,0.0,1.0],"margin":0.0},"b":{"shape":{"type":"capsule","half_height":3.0348571794564792e-05,"radius":3.501145501623394e-05},"position":[-5.462218254665678e-05,-7.474762800321743e-05,4.935929583549034e-05],"rotation":[0.0,0.0,0.0,1.0],"margin":0.0},"solver":{"algorithm":"signed_volumes","precision":"f64","rel_tolerance":5.2938372786784465e-09,"initial_direction":[5.463856405263872e-301,-7.591322072800134e-302,3.382735838044351e-301],"radii":"split","acceleration":"polyak"}}"#,
        gjk::Format::Json,
    )
    .expect("a valid case");
    let finish = gjk::solve(&s.a, &s.b, &s.config());
    let [_, upper] = finish.penetration.unwrap().depth_bounds.unwrap();
    let (m, _) = manifold(&s);
    let shapes = s.prepare();
    let placed = s.placed(&shapes);
    let planes = gjk::query::Placed::overlap_along(placed[0], placed[1], m.normal);
    // The true normal: from the cylinder's axis to the capsule's, across.
    let truth = DVec3::new(-5.462218254665678e-5, 0.0, 4.935929583549034e-5).normalize();
    let angle = m.normal.angle_between(truth);
    assert!(angle > 1e-6 && angle < 1e-3, "{angle}");
    let distance = 2.609e-5;
    for c in &m.points {
        assert!(c.depth <= planes + 1e-18, "{c:?} past {planes:e}");
        assert!(c.depth <= upper + distance * angle * angle, "{c:?}");
    }
}

/// How far `point` lies outside the body (a point-to-shape query's proven lower bound).
fn outside(point: DVec3, body: &BodySpec) -> f64 {
    let shape = gjk::PreparedShape::new(body.shape.clone());
    gjk::query::proven_outside(point, &shape, body)
}

fn prism(corners: &[[f64; 2]], low: f64, high: f64) -> BodySpec {
    let vertices = corners
        .iter()
        .flat_map(|&[x, y]| [DVec3::new(x, y, low), DVec3::new(x, y, high)])
        .collect();
    BodySpec {
        shape: Shape::Polytope { vertices },
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    }
}

#[test]
fn a_corner_of_a_sliver_face_holds_its_contact_on_the_corner() {
    // A's top face is a triangle 5 wide and 45,505 long, its sharp corner at (91010, 54300)
    // over B's face. The side planes that meet there are 7e-7 rad apart: the crossing there
    // is within rounding of both, yet came out 1.7e-5 past the corner, off A. The corner's
    // own region places the contact on the corner itself.
    let a = prism(
        &[[45500.0, 54000.0], [45505.0, 54000.0], [91010.0, 54300.0]],
        0.0,
        10.0,
    );
    let b = prism(
        &[
            [82010.0, 54300.0],
            [91015.0, 540000.0],
            [91015.0, 54000.0],
            [91005.0, 54000.0],
        ],
        -10.0,
        0.0,
    );
    let below = BodySpec {
        position: DVec3::new(0.0, 0.0, 10.0),
        ..b
    };
    let s = Scenario::new("sliver on a slab", a.clone(), below.clone());
    let (m, _) = manifold(&s);
    assert!((m.normal - DVec3::Z).length() < 1e-9, "{}", m.normal);
    let tip = DVec3::new(91010.0, 54300.0, 10.0);
    assert!(
        m.points.iter().any(|c| c.point_a == tip),
        "the corner itself is a contact: {m:#?}"
    );
    for c in &m.points {
        assert_eq!(outside(c.point_a, &a), 0.0, "{c:?}");
        assert_eq!(outside(c.point_b, &below), 0.0, "{c:?}");
        assert!((c.depth - 10.0).abs() < 1e-9, "{c:?}");
    }
}

#[test]
fn a_face_thinner_than_its_place_can_tell_apart_is_an_edge_or_a_corner() {
    // A box 1e-20 thin at x = 2.4: once placed, its two sides round to the same x, and its
    // face is a segment. Taken for a face of four corners (two pairs equal), it had no side
    // planes across its ends, and B's face passed uncut, 1.4 past the box's end.
    let sliver = cuboid(
        DVec3::new(1e-20, 1.0, 2.0),
        DVec3::new(2.4375, 0.0, 0.0),
        DQuat::from_rotation_y(std::f64::consts::FRAC_PI_2),
    );
    let slab = cuboid(
        DVec3::new(3.0, 3.0, 0.5),
        DVec3::new(2.0, 0.0, -0.25),
        DQuat::IDENTITY,
    );
    let s = Scenario::new("sliver box on a slab", slab.clone(), sliver.clone());
    let (m, _) = manifold(&s);
    assert!(!m.points.is_empty());
    for c in &m.points {
        assert!(outside(c.point_a, &slab) <= 1e-12, "{c:?}");
        assert!(outside(c.point_b, &sliver) <= 1e-12, "{c:?}");
    }
    // A cylinder of radius 1e-308 stands on its cap: the cap is one point.
    let needle = BodySpec {
        shape: Shape::Cylinder {
            half_height: 1.0,
            radius: 1.4e-308,
        },
        position: DVec3::new(0.125, 1.2, 0.0),
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let disc = BodySpec {
        shape: Shape::Cylinder {
            half_height: 0.5,
            radius: 4.0,
        },
        ..cuboid(DVec3::ONE, DVec3::ZERO, DQuat::IDENTITY)
    };
    let (m, steps) = manifold(&Scenario::new(
        "needle on a disc",
        needle.clone(),
        disc.clone(),
    ));
    assert!(
        steps.iter().any(|s| matches!(
            s.stage,
            Stage::Single {
                why: Single::Vertex,
                ..
            }
        )),
        "{steps:#?}"
    );
    for c in &m.points {
        assert!(outside(c.point_a, &needle) <= 1e-12, "{c:?}");
        assert!(outside(c.point_b, &disc) <= 1e-12, "{c:?}");
    }
}

#[test]
fn a_contact_on_a_small_face_stays_on_it_beside_a_giant_shape() {
    // A cone whose base is 1.6e11 wide lies against a box 0.5 wide. The clip lets a point
    // within the pair's rounding (1000ε of how far both reach: 0.035 here) count as inside
    // a side plane, which put a partner 3.6e-3 beyond the box's face; it is now kept on it.
    let cone = BodySpec {
        shape: Shape::Cone {
            half_height: 6.3125,
            radius: 156_842_099_844.517_64,
        },
        position: DVec3::ZERO,
        rotation: DQuat::from_xyzw(1.0, 0.0, 0.0, 0.0),
        margin: 0.0,
    };
    let small = cuboid(
        DVec3::new(0.258_823_529_411_764_73, 4.125, 0.258_823_529_411_764_73),
        DVec3::new(0.001_007_095_445_181_964, 0.0, 0.0),
        DQuat::from_xyzw(1.0, 0.0, 0.0, 0.0),
    );
    let (m, _) = manifold(&Scenario::new(
        "giant cone, small box",
        cone.clone(),
        small.clone(),
    ));
    assert!(!m.points.is_empty());
    for c in &m.points {
        assert!(outside(c.point_b, &small) <= 1e-12, "{c:?}");
        assert!(outside(c.point_a, &cone) <= 1e-3, "{c:?}");
    }
}
