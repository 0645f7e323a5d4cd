//! Chains in the plane worked out by hand: a box sunk in a flat chain, its edge just past a
//! vertex, gets a ghost from the lone segment ahead (which Box2D's ghost vertices snap back to
//! the floor's normal); the chain's ends with and without ghost vertices; a ball on an outward
//! corner touches a real vertex; each bad chain refused by its field; and random bodies over a
//! rolling chain beside parry2d's polyline.

use crate::solver::common::at;
use gjk::composite::chain::{Box2dFix, OnSegment};
use gjk::composite::seam::{Bend, Verdict};
use gjk::composite::{Chain, Composite, Judged, query_composite};
use gjk::config::Dimension;
use gjk::query::Placed;
use gjk::{Precision, PreparedShape, Shape, SolverConfig};
use glam::{DVec2, DVec3};

fn plane() -> SolverConfig {
    SolverConfig {
        dimension: Dimension::Two,
        ..SolverConfig::default()
    }
}

/// A floor y = 0 from x = 3 to x = −3, run right to left so that its right side is up: each
/// segment 1 long, segment `i` from x = 3 − i to 2 − i.
fn floor(ghosts: bool) -> Chain {
    let mut xs: Vec<f64> = (-3..=3).rev().map(f64::from).collect();
    if ghosts {
        xs.insert(0, 4.0);
        xs.push(-4.0);
    }
    let points = xs.into_iter().map(|x| DVec2::new(x, 0.0)).collect();
    Chain::new(points, false, ghosts, Precision::F64).unwrap()
}

/// The judged contacts of a body against `chain`, by segment.
fn contacts(chain: Chain, shape: Shape, centre: DVec3) -> Vec<(u32, DVec3, Judged)> {
    let spec = at(shape, centre);
    let prepared = PreparedShape::new(spec.shape.clone());
    let answer = query_composite(
        Placed::new(&prepared, &spec),
        &Composite::chain(chain),
        &plane(),
        0.0,
    );
    assert_eq!(answer.intersecting, Some(true));
    answer
        .runs
        .iter()
        .flat_map(|r| {
            r.contacts
                .iter()
                .map(|c| (r.piece, c.normal, c.judged.clone()))
        })
        .collect()
}

fn square() -> Shape {
    Shape::Cuboid {
        half_extents: DVec3::new(0.5, 0.5, 0.0),
    }
}

#[test]
fn a_box_sunk_in_a_flat_chain_just_past_a_vertex_gets_a_ghost_that_box2d_snaps_back() {
    // The box is 0.01 into the floor and reaches 0.005 past x = 0 over segment 2 (x from 1 to
    // 0): that segment alone pushes it back along −x, out of its end, where the floor runs on
    // flat into segment 3.
    for ghosts in [false, true] {
        let found = contacts(floor(ghosts), square(), DVec3::new(-0.495, 0.49, 0.0));
        let ghost: Vec<_> = found.iter().filter(|(_, _, j)| j.is_ghost()).collect();
        assert!(!ghost.is_empty(), "ghosts {ghosts}: {found:?}");
        for (segment, normal, judged) in ghost {
            assert_eq!(*segment, 2);
            assert!(normal.distance(-DVec3::X) < 1e-9, "{normal}");
            let Judged::Chain(seam) = judged else {
                panic!("{judged:?}")
            };
            assert_eq!(seam.on, OnSegment::End);
            assert_eq!(seam.bend, Some(Bend::Flat));
            assert!((seam.off_by.to_degrees() - 90.0).abs() < 1e-6);
            assert_eq!(seam.box2d, Box2dFix::Snap(DVec3::Y));
        }
        // The segment under the box pushes it straight up: real.
        assert!(
            found
                .iter()
                .any(|(s, n, j)| *s == 3 && n.distance(DVec3::Y) < 1e-9 && !j.is_ghost())
        );
    }
}

#[test]
fn a_chains_end_is_its_border_without_ghost_vertices_and_judged_with_them() {
    // A box sunk at the chain's right end, reaching only 0.005 onto segment 0 (x from 3 to 2):
    // that segment alone pushes it out along +x, out of its start. Without ghosts the start is
    // the border; with them the chain goes on, flat, to x = 4 (for reference only), and the
    // push is a ghost that Box2D snaps to the floor's normal.
    let centre = DVec3::new(3.495, 0.49, 0.0);
    let end_of = |ghosts: bool| {
        contacts(floor(ghosts), square(), centre)
            .into_iter()
            .find_map(|(s, _, j)| match j {
                Judged::Chain(seam) if s == 0 && seam.on == OnSegment::Start => Some(seam),
                _ => None,
            })
    };
    let border = end_of(false).expect("a contact at segment 0's start");
    assert!(border.normal.distance(DVec3::X) < 1e-9, "{}", border.normal);
    assert_eq!(border.bend, Some(Bend::Border));
    assert_eq!(border.verdict, Verdict::Border);
    assert_eq!(border.box2d, Box2dFix::Admit);
    let ghost = end_of(true).expect("a contact at segment 0's start");
    assert_eq!(ghost.bend, Some(Bend::Flat));
    assert_eq!(ghost.verdict, Verdict::Ghost);
    assert_eq!(ghost.box2d, Box2dFix::Snap(DVec3::Y));
    let chain = floor(true);
    assert_eq!(chain.segments(), 6);
    assert_eq!(
        chain.ends(0),
        [DVec3::new(3.0, 0.0, 0.0), DVec3::new(2.0, 0.0, 0.0)]
    );
    assert_eq!(chain.around(0).0, Some(DVec3::new(4.0, 0.0, 0.0)));
    assert_eq!(floor(false).around(0).0, None);
}

#[test]
fn a_ball_on_an_outward_corner_touches_a_real_vertex_that_box2d_keeps() {
    // A step down: the floor y = 0 for x > 0, then down a 45° slope. Run right to left, the
    // chain turns outwards (anticlockwise) at the origin. A ball straight above the corner,
    // 0.01 into it, is pushed up: a normal between the two segments' normals.
    let points = vec![
        DVec2::new(2.0, 0.0),
        DVec2::new(0.0, 0.0),
        DVec2::new(-2.0, -2.0),
    ];
    let chain = Chain::new(points, false, false, Precision::F64).unwrap();
    let found = contacts(
        chain,
        Shape::Sphere { radius: 0.3 },
        DVec3::new(0.0, 0.29, 0.0),
    );
    assert!(!found.is_empty());
    for (_, normal, judged) in found {
        let Judged::Chain(seam) = judged else {
            panic!("{judged:?}")
        };
        assert!(normal.distance(DVec3::Y) < 1e-9, "{normal}");
        assert_eq!(seam.bend, Some(Bend::Convex));
        assert_eq!(seam.verdict, Verdict::Real);
        assert_eq!(seam.box2d, Box2dFix::Admit);
    }
}

#[test]
fn each_bad_chain_is_refused_by_its_field() {
    let field = |points: Vec<DVec2>, closed: bool, ghosts: bool| {
        Chain::new(points, closed, ghosts, Precision::F64)
            .unwrap_err()
            .field
    };
    let p = |x: f64, y: f64| DVec2::new(x, y);
    assert_eq!(field(vec![p(0.0, 0.0)], false, false), "points");
    assert_eq!(
        field(vec![p(0.0, 0.0), p(1.0, 0.0), p(2.0, 0.0)], false, true),
        "points"
    );
    assert_eq!(
        field(vec![p(0.0, 0.0), p(1.0, f64::NAN)], false, false),
        "points[1].y"
    );
    assert_eq!(
        field(vec![p(0.0, 0.0), p(1.0, 0.0), p(1.0, 0.0)], false, false),
        "points[2]"
    );
    assert_eq!(
        field(vec![p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0)], true, true),
        "ghosts"
    );
}

/// A rolling chain of 40 segments, its right side up, as ours and as parry2d's polyline.
fn hills(rng: &mut crate::solver::common::Rng) -> (Composite, parry2d_f64::shape::SharedShape) {
    let points: Vec<DVec2> = (0..41)
        .map(|i| DVec2::new(10.0 - 0.5 * f64::from(i), rng.range(-0.3, 0.3)))
        .collect();
    let theirs = parry2d_f64::shape::Polyline::new(
        points
            .iter()
            .map(|p| parry2d_f64::math::Vector::new(p.x, p.y))
            .collect(),
        None,
    );
    let chain = Chain::new(points, false, false, Precision::F64).unwrap();
    (
        Composite::chain(chain),
        parry2d_f64::shape::SharedShape::new(theirs),
    )
}

#[test]
fn bodies_over_a_chain_agree_with_parry2ds_polyline() {
    use gjk::tools::reference::plane::{parry_pose, parry_shape};
    let mut rng = crate::solver::common::Rng::new(53);
    let (ground, theirs) = hills(&mut rng);
    let identity = parry2d_f64::math::Pose::IDENTITY;
    let mut overlaps = 0;
    for case in 0..200 {
        let shape = match rng.pick(2) {
            0 => Shape::Sphere {
                radius: rng.range(0.1, 0.6),
            },
            _ => Shape::Cuboid {
                half_extents: DVec3::new(rng.range(0.1, 0.6), rng.range(0.1, 0.6), 0.0),
            },
        };
        let spec = gjk::BodySpec {
            rotation: glam::DQuat::from_rotation_z(rng.range(0.0, 6.3)),
            ..at(
                shape,
                DVec3::new(rng.range(-9.0, 9.0), rng.range(-0.5, 1.5), 0.0),
            )
        };
        let prepared = PreparedShape::new(spec.shape.clone());
        let answer = query_composite(Placed::new(&prepared, &spec), &ground, &plane(), 0.0);
        let body = parry_shape(&spec).unwrap();
        let distance =
            parry2d_f64::query::distance(&parry_pose(&spec), &*body, &identity, &*theirs)
                .unwrap()
                .distance;
        let [lower, upper] = answer.distance_bounds;
        assert!(
            lower - 1e-12 <= distance && distance <= upper + 1e-12,
            "case {case}: parry2d's {distance} outside our [{lower}, {upper}] for {spec:?}"
        );
        if answer.intersecting == Some(true) {
            overlaps += 1;
            assert_eq!(distance, 0.0, "case {case}: parry2d keeps them apart");
        }
    }
    assert!(overlaps > 20, "only {overlaps} overlaps");
}
