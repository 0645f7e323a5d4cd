//! Inputs an engine developer or a hostile user brings to a cast, each with the answer it must
//! get: rotations of any size, motions that overflow, shapes that answer NaN, files that never
//! end, bodies that overlap from the start, and the f32 drop that used to go unanswered.

use crate::solver::common::{at, cube};
use gjk::cast::{CastMethod, CastSpec, CastStatus, Motion, Mover, cast_bodies};
use gjk::{BodySpec, Pose, Precision, Scenario, ScenarioError, Shape, SolverConfig, SupportMap};
use glam::{DQuat, DVec3};

fn sphere(radius: f64, position: DVec3) -> BodySpec {
    at(Shape::Sphere { radius }, position)
}

fn field_of(e: ScenarioError) -> String {
    match e {
        ScenarioError::Invalid { field, .. } => field,
        other => panic!("not refused by field: {other}"),
    }
}

#[test]
fn rotations_of_any_size_are_normalised_and_answer_right() {
    // A unit cube turned by a quaternion of tiny or huge components, 2 from a unit ball's
    // centre: the distance is 1 whatever the quaternion's size (it was 2, "certified", when
    // a tiny one was kept as written).
    for q in [
        [0.0, 0.0, 0.0, 1e-101],
        [0.0, 1e-161, 0.0, 0.0],
        [1e-200, 0.0, 0.0, 0.0],
        [1e154, 0.0, 0.0, 0.0],
        [1e200, 0.0, 0.0, 1e200],
        [0.0, 1e100, 0.0, 0.0],
    ] {
        let mut a = cube(0.5, DVec3::ZERO);
        a.rotation = DQuat::from_array(q);
        let mut s = Scenario::new("turned", a, sphere(1.0, DVec3::new(2.5, 0.0, 0.0)));
        s.cast = Some(CastSpec {
            velocity_b: DVec3::new(-4.0, 0.0, 0.0),
            ..Default::default()
        });
        let s = s.validated().unwrap();
        assert!(
            (s.a.rotation.length() - 1.0).abs() < 1e-15,
            "{q:?} kept as {:?}",
            s.a.rotation
        );
        let finish = gjk::solve(&s.a, &s.b, &s.config());
        let d = finish.outcome.distance().unwrap();
        assert!(
            (d - 1.0).abs() < 1e-9 && finish.certificate.certified,
            "{q:?}: {d}"
        );
        // The ball's surface reaches the cube's face after 1 / 4.
        let cast = s.solve_cast().unwrap();
        assert!((cast.toi.unwrap() - 0.25).abs() < 1e-6, "{q:?}: {cast:?}");
    }
}

#[test]
fn motions_whose_reach_overflows_are_refused_by_field() {
    let base = || Scenario::new("spin", cube(0.5, DVec3::ZERO), sphere(0.0, DVec3::X * 2.5));
    let refused = |cast: CastSpec| {
        let mut s = base();
        s.cast = Some(cast);
        field_of(s.validated().unwrap_err())
    };
    // |ω| overflows to infinity, and infinity × a zero radius would be a NaN.
    let spin = CastSpec {
        angular_velocity_b: DVec3::new(1.4e154, 0.0, 0.0),
        ..Default::default()
    };
    assert_eq!(refused(spin), "cast.angular_velocity_b");
    // A turn whose tip speed overflows f32's lengths on a large body.
    let mut s = Scenario::new("f32", cube(1e4, DVec3::ZERO), sphere(1.0, DVec3::X * 2e4));
    s.solver.precision = Precision::F32;
    s.cast = Some(CastSpec {
        angular_velocity_a: DVec3::new(0.0, 0.0, 1e5),
        ..Default::default()
    });
    assert_eq!(
        field_of(s.clone().validated().unwrap_err()),
        "cast.angular_velocity_a"
    );
    // The same turn in f64 is fine.
    s.solver.precision = Precision::F64;
    assert!(s.validated().is_ok());
}

/// A shape of your own whose support mapping answers NaN: nothing may be decided on it.
struct Broken;

impl SupportMap<f64> for Broken {
    fn local_support(&self, _: DVec3) -> DVec3 {
        DVec3::NAN
    }

    fn bounding_radius(&self) -> f64 {
        1.0
    }
}

#[test]
fn a_nan_never_decides_a_cast() {
    let ball = gjk::PreparedShape::new(Shape::Sphere { radius: 1.0 });
    let ball = ball.convex::<f64>().clone();
    for method in CastMethod::ALL {
        let spec = CastSpec {
            velocity_b: DVec3::new(-4.0, 0.0, 0.0),
            method: Some(method),
            ..Default::default()
        };
        let still = |position| Motion {
            pose: Pose {
                position,
                rotation: DQuat::IDENTITY,
            },
            velocity: DVec3::ZERO,
            angular: DVec3::ZERO,
        };
        let a = Mover {
            shape: &Broken,
            motion: still(DVec3::ZERO),
            margin: 0.0,
        };
        let b = Mover {
            shape: &ball,
            motion: spec.motion_b(still(DVec3::X * 3.0).pose),
            margin: 0.0,
        };
        let answer =
            cast_bodies::<f64, _, _, _>(a, b, &spec, &SolverConfig::default(), &mut gjk::NoTrace);
        assert!(
            matches!(
                answer.status,
                CastStatus::Failed { .. } | CastStatus::MaxIterations { .. }
            ),
            "{}: {:?}",
            method.name(),
            answer.status
        );
    }
}

#[cfg(unix)]
#[test]
fn a_file_that_never_ends_is_refused_with_the_limit() {
    let dir = std::env::temp_dir().join(format!("gjk-endless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("zero.json");
    let _ = std::fs::remove_file(&path);
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let error = Scenario::load(&path).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(error.contains("256 MiB"), "{error}");
}

#[test]
fn a_ball_resting_in_a_slab_overlaps_at_start_along_the_slab_normal() {
    // parry#107: a ball of radius 1 sunk 0.1 into a slab's top face. The answer is the
    // static query's: 0.1 deep, pushed out along +y, never the direction between two points
    // that coincide to rounding.
    let slab = at(
        Shape::Cuboid {
            half_extents: DVec3::new(5.0, 0.5, 5.0),
        },
        DVec3::ZERO,
    );
    for precision in [Precision::F64, Precision::F32] {
        for method in CastMethod::ALL {
            let mut s = Scenario::new("rest", slab.clone(), sphere(1.0, DVec3::Y * 1.4));
            s.solver.precision = precision;
            s.cast = Some(CastSpec {
                velocity_b: DVec3::new(0.0, -1.0, 0.0),
                method: Some(method),
                ..Default::default()
            });
            let answer = s.validated().unwrap().solve_cast().unwrap();
            let CastStatus::OverlappingAtStart {
                depth: Some(depth), ..
            } = answer.status
            else {
                panic!("{precision:?} {}: {:?}", method.name(), answer.status);
            };
            assert!((depth - 0.1).abs() < 1e-5, "{depth}");
            let n = answer.normal.unwrap();
            assert!((n - DVec3::Y).length() < 1e-5, "{n}");
        }
    }
}

#[test]
fn an_f32_ball_dropped_on_a_box_is_hit_by_every_method() {
    // A ball of radius 0.5 dropped at speed 4 onto a unit box, from 100 seeded places over
    // it: in f32 the ray cast used to repeat one iteration to its cap, the swept hull to fail
    // its check, advancement to find no safe step. Every drop now hits where the surfaces meet.
    let mut rng = crate::solver::common::Rng::new(4);
    for method in CastMethod::ALL {
        for _ in 0..100 {
            let x = rng.range(-0.8, 0.8);
            let z = rng.range(-0.8, 0.8);
            let height = rng.range(1.5, 3.5);
            let mut s = Scenario::new(
                "drop",
                cube(0.5, DVec3::ZERO),
                sphere(0.5, DVec3::new(x, height, z)),
            );
            s.solver.precision = Precision::F32;
            s.cast = Some(CastSpec {
                velocity_b: DVec3::new(0.0, -4.0, 0.0),
                method: Some(method),
                ..Default::default()
            });
            let answer = s.validated().unwrap().solve_cast().unwrap();
            // Where the ball first touches the box (over its top face, or its edge).
            let (dx, dz) = ((x.abs() - 0.5).max(0.0), (z.abs() - 0.5).max(0.0));
            let reach = (0.25 - dx * dx - dz * dz).sqrt();
            let toi = (height - 0.5 - reach) / 4.0;
            let t = answer.toi.unwrap_or(f64::NAN);
            assert!(
                matches!(answer.status, CastStatus::Hit { .. })
                    && t <= toi + 1e-6
                    && toi - t < 1e-4,
                "{} at ({x}, {height}, {z}): {:?}, contact at {toi}",
                method.name(),
                answer.status
            );
        }
    }
}
