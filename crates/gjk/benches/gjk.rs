//! The solver against parry3d on the pairs and poses, in f64 and f32:
//!
//! - `distance/*`: our closest-point GJK (Johnson's subalgorithm and signed volumes) with the
//!   no-op observer, and parry's `query::distance`; `parry-gjk` is parry's GJK
//!   itself (`distance_support_map_support_map`), the like-for-like comparison where
//!   `query::distance` answers in closed form (sphere–capsule) or by SAT (box–box);
//!   `sv-parry-tolerance` is signed volumes stopped at parry's relative tolerance;
//! - `scan/*`: signed volumes with polytopes scanned point by point instead of walked;
//! - `support/*`: one support point of an n-point hull by scan and by walk, and the one-off cost
//!   of building the hull graph the walk needs;
//! - `intersection/*`: our boolean GJK against parry's `query::intersection_test`;
//! - `trace_cost/*`: the distance GJK untraced and traced, to read what recording costs;
//! - `query-{f64,f32}/*`: the front door (`gjk::query::query`, the default configuration), the
//!   distance query against parry's `query::distance` (and `query::contact` where the pair
//!   touches or overlaps) and the boolean question (boolean GJK, `epa: false`) against its
//!   `query::intersection_test`;
//! - `radii/*`: a whole query (`gjk::query::query`, EPA included) on the rounded pairs, radii
//!   split (cores and radii), closed (a sphere's and a capsule's cores in closed form) and
//!   folded, and with Nesterov momentum, against parry's
//!   `query::distance` and its GJK;
//! - `poses/*`: signed volumes against parry's GJK over 1,000 random poses of a curved pair
//!   (`curved`);
//! - `cast/*`: time of impact, B moving onto A: our ray cast against parry's `cast_shapes`, and
//!   with A turning, our conservative advancement against parry's `cast_shapes_nonlinear`.
//!
//! Bodies are built once outside the timed loop, as parry's shapes are. Group names read
//! `{query}-{precision}/{who}/{pair}-{pose}`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gjk::{
    Algorithm, Body, BodySpec, BooleanGjk, DistanceGjk, MinkowskiDifference, Precision,
    PreparedShape, Real, Recorder, Shape, SolverConfig, Steppable,
};
use glam::{DQuat, DVec3};
use std::hint::black_box;

#[path = "../tests/solver/common.rs"]
#[expect(
    dead_code,
    reason = "the bench uses only part of the shared test helpers"
)]
mod common;
mod curved;
#[path = "../examples/pairs/mod.rs"]
mod pairs;
mod shared;

/// The pair separated, moved along its separating direction until touching, and overlapping.
/// The body of `spec` in precision `R`, its shape prepared by `prepare` (walking or scanning).
fn body<R: Real>(spec: &BodySpec, prepare: fn(Shape) -> PreparedShape) -> Body<R> {
    Body::prepared(&prepare(spec.shape.clone()), spec.pose(), spec.margin)
}

fn ours<R: Real>(c: &mut Criterion, group: &str, cases: &[(String, BodySpec, BodySpec)]) {
    let precision = if R::EPSILON.to_f64() > 1e-10 {
        Precision::F32
    } else {
        Precision::F64
    };
    let mut g = c.benchmark_group(group);
    for (name, a, b) in cases {
        let (ba, bb) = (
            body::<R>(a, PreparedShape::new),
            body::<R>(b, PreparedShape::new),
        );
        for algorithm in [Algorithm::Distance, Algorithm::SignedVolumes] {
            let config = SolverConfig::default_for(algorithm, precision);
            g.bench_function(BenchmarkId::new(algorithm.name(), name), |bench| {
                bench.iter(|| {
                    let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                    shared::keep(DistanceGjk::new(cso, &config).run())
                })
            });
        }
        // Like for like with parry's GJK: its relative tolerance, `√(10ε)` (`eps_rel` in its
        // `closest_points`), in place of our 1e-9 (f64) or 1e-5 (f32). On curved pairs the
        // number of iterations is set by it; on polytopes it changes nothing.
        let mut config = SolverConfig::default_for(Algorithm::SignedVolumes, precision);
        config.rel_tolerance = (10.0 * R::EPSILON.to_f64()).sqrt();
        g.bench_function(BenchmarkId::new("sv-parry-tolerance", name), |bench| {
            bench.iter(|| {
                let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                shared::keep(DistanceGjk::new(cso, &config).run())
            })
        });
        if let Shape::Polytope { .. } = a.shape {
            let scan = PreparedShape::scanning;
            let (sa, sb) = (body::<R>(a, scan), body::<R>(b, scan));
            let config = SolverConfig::default_for(Algorithm::SignedVolumes, precision);
            g.bench_function(BenchmarkId::new("scan", name), |bench| {
                bench.iter(|| {
                    let cso = MinkowskiDifference::new(black_box(&sa), black_box(&sb));
                    shared::keep(DistanceGjk::new(cso, &config).run())
                })
            });
        }
        let config = SolverConfig::default_for(Algorithm::Boolean, precision);
        g.bench_function(BenchmarkId::new("boolean", name), |bench| {
            bench.iter(|| {
                let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                shared::keep(BooleanGjk::new(cso, &config).run())
            })
        });
    }
    g.finish();
}

/// parry's distance, intersection test and bare GJK on every case, in one precision: parry3d
/// and parry3d-f64 are two crates with one API.
macro_rules! parry_group {
    ($fn_name:ident, $group:literal, $parry:ident, $convert:expr) => {
        fn $fn_name(c: &mut Criterion, cases: &[(String, BodySpec, BodySpec)]) {
            let mut g = c.benchmark_group($group);
            for (name, a, b) in cases {
                let (pa, sa) = $convert(a);
                let (pb, sb) = $convert(b);
                g.bench_function(BenchmarkId::new("parry-distance", name), |bench| {
                    bench.iter(|| $parry::query::distance(black_box(&pa), &*sa.0, &pb, &*sb.0))
                });
                g.bench_function(BenchmarkId::new("parry-intersection", name), |bench| {
                    bench.iter(|| {
                        $parry::query::intersection_test(black_box(&pa), &*sa.0, &pb, &*sb.0)
                    })
                });
                let (ga, gb) = (
                    sa.as_support_map().expect("convex"),
                    sb.as_support_map().expect("convex"),
                );
                g.bench_function(BenchmarkId::new("parry-gjk", name), |bench| {
                    bench.iter(|| {
                        let pos12 = black_box(&pa).inv_mul(&pb);
                        $parry::query::details::distance_support_map_support_map(&pos12, ga, gb)
                    })
                });
            }
            g.finish();
        }
    };
}

/// The same body in parry3d-f64.
fn to_parry_f64(b: &BodySpec) -> (parry3d_f64::math::Pose, parry3d_f64::shape::SharedShape) {
    common::to_parry(b).expect("parry shape")
}

parry_group!(parry_f64, "f64", parry3d_f64, to_parry_f64);
parry_group!(parry_f32, "f32", parry3d, to_parry_f32);

/// The same body in parry3d's f32 build.
fn to_parry_f32(b: &BodySpec) -> (parry3d::math::Pose, parry3d::shape::SharedShape) {
    use parry3d::shape::SharedShape as S;
    let f = |x: f64| x as f32;
    let v = |p: DVec3| parry3d::math::Vector::new(f(p.x), f(p.y), f(p.z));
    let shape = match &b.shape {
        Shape::Sphere { radius } => S::ball(f(*radius)),
        Shape::Cuboid { half_extents: h } => S::cuboid(f(h.x), f(h.y), f(h.z)),
        Shape::Capsule {
            half_height,
            radius,
        } => S::capsule_y(f(*half_height), f(*radius)),
        Shape::Cylinder {
            half_height,
            radius,
        } => S::cylinder(f(*half_height), f(*radius)),
        Shape::Cone {
            half_height,
            radius,
        } => S::cone(f(*half_height), f(*radius)),
        Shape::Polytope { vertices } => {
            let pts: Vec<_> = vertices.iter().map(|p| v(*p)).collect();
            S::convex_hull(&pts).expect("a hull")
        }
    };
    let q = b.rotation.as_quat();
    let rot = parry3d::math::Rotation::from_xyzw(q.x, q.y, q.z, q.w);
    (parry3d::math::Pose::from_parts(v(b.position), rot), shape)
}

fn supports(c: &mut Criterion) {
    let mut rng = common::Rng::new(5);
    let mut g = c.benchmark_group("support");
    let pose = gjk::Pose {
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
    };
    // Directions all over the sphere, so walks start far from their answers too.
    let directions: Vec<DVec3> = (0..64)
        .map(|_| rng.vec(-1.0, 1.0).normalize_or(DVec3::X))
        .collect();
    for n in [48, 100, 1000, 10_000] {
        let shape = pairs::hull(&mut rng, n);
        let walk = Body::<f64>::prepared(&PreparedShape::new(shape.clone()), pose, 0.0);
        let scan = Body::<f64>::prepared(&PreparedShape::scanning(shape.clone()), pose, 0.0);
        for (who, body) in [("walk", &walk), ("scan", &scan)] {
            g.bench_with_input(BenchmarkId::new(who, n), &directions, |bench, ds| {
                bench.iter(|| ds.iter().map(|&d| body.support(d).x).sum::<f64>())
            });
        }
        let Shape::Polytope { vertices } = &shape else {
            unreachable!("hull() makes polytopes")
        };
        g.bench_with_input(BenchmarkId::new("build-graph", n), vertices, |bench, vs| {
            bench.iter(|| gjk::shape::hull::HullGraph::build(vs))
        });
    }
    g.finish();
}

/// What recording costs: the distance GJK in f64 on the separated pose of each pair, with the
/// no-op observer and with a [`Recorder`] keeping every step. Read the ratio from criterion's
/// `trace_cost/traced/PAIR` against `trace_cost/untraced/PAIR`.
fn trace_cost(c: &mut Criterion) {
    let mut g = c.benchmark_group("trace_cost");
    let config = SolverConfig::default_for(Algorithm::Distance, Precision::F64);
    for (pair, a, b) in pairs::bench_pairs() {
        if pair == "hull100" {
            continue;
        }
        let name = pair.replace('-', "_");
        let (ba, bb) = (
            body::<f64>(&a, PreparedShape::new),
            body::<f64>(&b, PreparedShape::new),
        );
        g.bench_function(BenchmarkId::new("untraced", &name), |bench| {
            bench.iter(|| {
                let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                shared::keep(gjk::query::run(cso, &config, None, &mut gjk::NoTrace))
            })
        });
        g.bench_function(BenchmarkId::new("traced", &name), |bench| {
            bench.iter(|| {
                let cso = MinkowskiDifference::new(black_box(&ba), black_box(&bb));
                let mut recorder = Recorder::default();
                let finish = gjk::query::run(cso, &config, None, &mut recorder);
                shared::keep((finish, recorder))
            })
        });
    }
    g.finish();
}

fn casts(c: &mut Criterion) {
    use parry3d_f64::query::{
        NonlinearRigidMotion, ShapeCastOptions, cast_shapes, cast_shapes_nonlinear,
    };
    let mut g = c.benchmark_group("cast");
    let config = SolverConfig::default();
    for (pair, a, b) in pairs::bench_pairs() {
        let name = pair.replace('-', "_");
        let (pa, pb) = (
            PreparedShape::new(a.shape.clone()),
            PreparedShape::new(b.shape.clone()),
        );
        let velocity_b = (a.position - b.position) * 2.0;
        let (parry_a, parry_b) = (to_parry_f64(&a), to_parry_f64(&b));
        let v = |x: DVec3| parry3d_f64::math::Vector::new(x.x, x.y, x.z);
        let translating = gjk::CastSpec {
            velocity_b,
            ..Default::default()
        };
        let ours = |spec: &gjk::CastSpec| {
            gjk::cast::cast(
                gjk::Placed::new(black_box(&pa), &a),
                gjk::Placed::new(black_box(&pb), &b),
                spec,
                &config,
                &mut gjk::NoTrace,
            )
        };
        g.bench_function(BenchmarkId::new("ray_cast", &name), |bench| {
            bench.iter(|| ours(&translating))
        });
        g.bench_function(BenchmarkId::new("parry-cast_shapes", &name), |bench| {
            bench.iter(|| {
                cast_shapes(
                    &parry_a.0,
                    v(DVec3::ZERO),
                    &*parry_a.1.0,
                    &parry_b.0,
                    v(velocity_b),
                    &*parry_b.1.0,
                    ShapeCastOptions::with_max_time_of_impact(1.0),
                )
            })
        });
        let turning = gjk::CastSpec {
            angular_velocity_a: DVec3::new(0.0, 0.0, 1.0),
            ..translating
        };
        g.bench_function(
            BenchmarkId::new("conservative_advancement", &name),
            |bench| bench.iter(|| ours(&turning)),
        );
        let motion = |start, linvel, angvel| NonlinearRigidMotion {
            start,
            local_center: parry3d_f64::math::Vector::ZERO,
            linvel,
            angvel,
        };
        let (ma, mb) = (
            motion(parry_a.0, v(DVec3::ZERO), v(DVec3::Z)),
            motion(parry_b.0, v(velocity_b), v(DVec3::ZERO)),
        );
        g.bench_function(
            BenchmarkId::new("parry-cast_shapes_nonlinear", &name),
            |bench| {
                bench.iter(|| {
                    cast_shapes_nonlinear(&ma, &*parry_a.1.0, &mb, &*parry_b.1.0, 0.0, 1.0, true)
                })
            },
        );
    }
    g.finish();
}

/// The front door: `gjk::query::query` with the default configuration in precision `R`, as the
/// CLI, the app and a user call it, against parry's `query::distance` (separated and touching)
/// and `query::contact` (touching and intersecting: EPA against EPA); and the boolean question
/// through it (boolean GJK with `epa: false`: whether they overlap, no depth) against parry's
/// `query::intersection_test`. parry3d and parry3d-f64 are two crates with one API, hence the
/// macro.
macro_rules! front_door {
    ($fn_name:ident, $group:literal, $precision:expr, $parry:ident, $convert:expr) => {
        fn $fn_name(c: &mut Criterion, cases: &[(String, BodySpec, BodySpec)]) {
            use gjk::Placed;
            let mut g = c.benchmark_group($group);
            for (name, a, b) in cases {
                let (pa, pb) = (
                    PreparedShape::new(a.shape.clone()),
                    PreparedShape::new(b.shape.clone()),
                );
                let (qa, qb) = (Placed::new(&pa, a), Placed::new(&pb, b));
                for algorithm in [Algorithm::default(), Algorithm::Boolean] {
                    let config = SolverConfig {
                        epa: algorithm.measures_distance(),
                        ..SolverConfig::default_for(algorithm, $precision)
                    };
                    let who = if algorithm.measures_distance() {
                        "ours"
                    } else {
                        "ours-boolean"
                    };
                    g.bench_function(BenchmarkId::new(who, name), |bench| {
                        bench.iter(|| shared::query(qa, qb, &config))
                    });
                }
                let (ppa, sa) = $convert(a);
                let (ppb, sb) = $convert(b);
                // A touching pair is answered with a contact (EPA's normal and points at depth
                // about 0): beside parry's distance, its contact too.
                if !name.ends_with("intersecting") {
                    g.bench_function(BenchmarkId::new("parry-distance", name), |bench| {
                        bench
                            .iter(|| $parry::query::distance(black_box(&ppa), &*sa.0, &ppb, &*sb.0))
                    });
                }
                if !name.ends_with("separated") {
                    g.bench_function(BenchmarkId::new("parry-contact", name), |bench| {
                        bench.iter(|| {
                            $parry::query::contact(black_box(&ppa), &*sa.0, &ppb, &*sb.0, 0.0)
                        })
                    });
                }
                g.bench_function(BenchmarkId::new("parry-intersection", name), |bench| {
                    bench.iter(|| {
                        $parry::query::intersection_test(black_box(&ppa), &*sa.0, &ppb, &*sb.0)
                    })
                });
            }
            g.finish();
        }
    };
}

front_door!(
    query_f64,
    "query-f64",
    Precision::F64,
    parry3d_f64,
    to_parry_f64
);
front_door!(
    query_f32,
    "query-f32",
    Precision::F32,
    parry3d,
    to_parry_f32
);

/// Whole queries on rounded pairs: split, closed form (sphere–capsule's cores), folded and
/// accelerated, against parry (f64).
fn radii(c: &mut Criterion, cases: &[(String, BodySpec, BodySpec)]) {
    use gjk::{Acceleration, Placed, Radii};
    let mut g = c.benchmark_group("radii");
    let rounded = cases
        .iter()
        .filter(|(name, ..)| name.starts_with("sphere-capsule") || name.starts_with("cylinder"));
    for (name, a, b) in rounded {
        let (pa, pb) = (
            PreparedShape::new(a.shape.clone()),
            PreparedShape::new(b.shape.clone()),
        );
        let (qa, qb) = (Placed::new(&pa, a), Placed::new(&pb, b));
        let runs = [
            ("split", Radii::Split, Acceleration::None),
            ("closed", Radii::Closed, Acceleration::None),
            ("folded", Radii::Folded, Acceleration::None),
            ("split-nesterov", Radii::Split, Acceleration::Nesterov),
            ("folded-nesterov", Radii::Folded, Acceleration::Nesterov),
        ];
        for (who, radii, acceleration) in runs {
            let config = SolverConfig {
                radii,
                acceleration,
                ..SolverConfig::default()
            };
            g.bench_function(BenchmarkId::new(who, name), |bench| {
                bench.iter(|| shared::query(qa, qb, &config))
            });
        }
        let (ppa, sa) = common::to_parry(a).expect("parry shape");
        let (ppb, sb) = common::to_parry(b).expect("parry shape");
        g.bench_function(BenchmarkId::new("parry-distance", name), |bench| {
            bench.iter(|| parry3d_f64::query::distance(black_box(&ppa), &*sa.0, &ppb, &*sb.0))
        });
        let (ga, gb) = (
            sa.as_support_map().expect("convex"),
            sb.as_support_map().expect("convex"),
        );
        g.bench_function(BenchmarkId::new("parry-gjk", name), |bench| {
            bench.iter(|| {
                let pos12 = black_box(&ppa).inv_mul(&ppb);
                parry3d_f64::query::details::distance_support_map_support_map(&pos12, ga, gb)
            })
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    casts(c);
    trace_cost(c);
    supports(c);
    let mut cases = Vec::new();
    for (pair, a, b) in pairs::bench_pairs() {
        for (pose, b) in shared::poses(&a, &b, &SolverConfig::default()) {
            cases.push((format!("{pair}-{pose}"), a.clone(), b));
        }
    }
    radii(c, &cases);
    curved::poses(c);
    // Case by case, ours beside parry's: this machine's speed drifts over minutes, and a ratio
    // of two times taken seconds apart moves less than one of times taken minutes apart.
    for case in cases.chunks(1) {
        query_f64(c, case);
        ours::<f64>(c, "f64", case);
        parry_f64(c, case);
    }
    for case in cases.chunks(1) {
        query_f32(c, case);
        ours::<f32>(c, "f32", case);
        parry_f32(c, case);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
