//! Cores and radii (`radii: split`): analytic depths and distances that the folded run can only
//! approach, and agreement with the folded run wherever that one is exact.

use crate::solver::common::{KINDS, Rng, at, body};
use gjk::{BodySpec, CoreCase, Finish, Outcome, Penetration, Radii, Shape, SolverConfig};
use glam::{DQuat, DVec3};

fn split() -> SolverConfig {
    SolverConfig {
        radii: Radii::Split,
        ..SolverConfig::default()
    }
}

fn closed() -> SolverConfig {
    SolverConfig {
        radii: Radii::Closed,
        ..SolverConfig::default()
    }
}

fn folded() -> SolverConfig {
    SolverConfig {
        radii: Radii::Folded,
        ..SolverConfig::default()
    }
}

fn sphere(radius: f64, position: DVec3) -> BodySpec {
    at(Shape::Sphere { radius }, position)
}

fn capsule(half_height: f64, radius: f64, position: DVec3, rotation: DQuat) -> BodySpec {
    BodySpec {
        rotation,
        ..at(
            Shape::Capsule {
                half_height,
                radius,
            },
            position,
        )
    }
}

/// The distance and closest points of an answer that must be apart.
fn apart(f: &Finish) -> (f64, DVec3, DVec3) {
    match f.outcome {
        Outcome::Separated {
            distance,
            point_a,
            point_b,
        } => (distance, point_a, point_b),
        _ => panic!("apart, got {f:?}"),
    }
}

/// The overlap's depth and normal, checked to 1e-9 relative and 0.1°; the penetration.
fn overlaps(f: &Finish, depth: f64, normal: Option<DVec3>, case: CoreCase) -> Penetration {
    assert_eq!(f.outcome, Outcome::Intersecting, "{f:?}");
    assert_eq!(f.radii.expect("split").case, case, "{f:?}");
    assert_eq!(f.certificate.intersecting, Some(true));
    let p = f.penetration.expect("a depth");
    assert!(
        (p.depth - depth).abs() <= 1e-9 * depth,
        "depth {} vs {depth}",
        p.depth
    );
    if let Some(n) = normal {
        let angle = p.normal.angle_between(n).to_degrees();
        assert!(angle < 0.1, "normal {} vs {n}: {angle}°", p.normal);
    }
    assert!((p.point_a - p.point_b - p.normal * p.depth).length() <= 1e-12 * (1.0 + depth));
    p
}

#[test]
fn spheres_at_every_offset_including_concentric_are_exact() {
    let (ra, rb) = (0.35, 0.5);
    let u = DVec3::new(1.0, 2.0, -0.5).normalize();
    for c in [0.0, 1e-7, 0.1, 0.4, 0.84] {
        let f = gjk::solve(&sphere(ra, DVec3::ZERO), &sphere(rb, u * c), &split());
        // No EPA unless the centres coincide; the depth is the radii minus the centres' gap.
        let (normal, case) = if c == 0.0 {
            (None, CoreCase::CoresOverlap)
        } else {
            (Some(u), CoreCase::Shallow)
        };
        overlaps(&f, ra + rb - c, normal, case);
        if c > 0.0 {
            assert_eq!(f.epa_iterations, 0);
        }
    }
    // Folded, the concentric pair ends EPA on its budget 1.5% short; split is exact.
    let folded = gjk::solve(
        &sphere(ra, DVec3::ZERO),
        &sphere(rb, DVec3::ZERO),
        &folded(),
    );
    let short = 1.0 - folded.penetration.unwrap().depth / (ra + rb);
    assert!(short > 1e-3, "folded is {short} short");
    for c in [0.86, 1.0, 5.0] {
        let f = gjk::solve(&sphere(ra, DVec3::ZERO), &sphere(rb, u * c), &split());
        let (distance, point_a, point_b) = apart(&f);
        assert!((distance - (c - ra - rb)).abs() <= 1e-12, "{distance}");
        assert!((point_a - u * ra).length() <= 1e-12 && (point_b - u * (c - rb)).length() <= 1e-12);
        assert!(f.certificate.certified && f.certificate.intersecting == Some(false));
        assert_eq!(f.radii.unwrap().case, CoreCase::Apart);
    }
}

#[test]
fn capsules_crossed_and_parallel() {
    let (r1, r2) = (0.3, 0.2);
    let across = DQuat::from_rotation_x(std::f64::consts::FRAC_PI_2);
    for s in [0.0, 0.1, 0.45] {
        let a = capsule(1.0, r1, DVec3::ZERO, DQuat::IDENTITY);
        // Crossed: B's segment along z, s away along x; the common perpendicular is x.
        let f = gjk::solve(&a, &capsule(0.8, r2, DVec3::X * s, across), &split());
        let case = if s == 0.0 {
            CoreCase::CoresOverlap
        } else {
            CoreCase::Shallow
        };
        // Crossing exactly, +x and −x are equally deep.
        let normal = (s > 0.0).then_some(DVec3::X);
        let p = overlaps(&f, r1 + r2 - s, normal, case);
        assert!(p.normal.x.abs() > 1.0 - 1e-9, "{}", p.normal);
        // Parallel: both along y, s apart along x.
        let f = gjk::solve(
            &a,
            &capsule(0.5, r2, DVec3::X * s, DQuat::IDENTITY),
            &split(),
        );
        let p = overlaps(&f, r1 + r2 - s, normal, case);
        // Coincident segments: any direction across them is deepest.
        assert!(p.normal.y.abs() < 1e-9, "{}", p.normal);
    }
}

#[test]
fn a_sphere_inside_a_rounded_box_and_deep_in_a_cone() {
    // The box's core holds the sphere's centre 0.5 from its +x face: EPA on the cores finds
    // that, and the radii (sphere 0.3, box margin 0.2) add to it.
    let rounded = BodySpec {
        margin: 0.2,
        ..at(
            Shape::Cuboid {
                half_extents: DVec3::ONE,
            },
            DVec3::ZERO,
        )
    };
    let f = gjk::solve(&rounded, &sphere(0.3, DVec3::X * 0.5), &split());
    overlaps(&f, 0.5 + 0.3 + 0.2, Some(DVec3::X), CoreCase::CoresOverlap);
    // A cone (apex at y = 1, base radius 1 at y = −1) and a ball whose centre is at (0.2, 0, 0):
    // the nearest side lies along (2, 1, 0)/√5, (1 − 2x − y)/√5 from the centre.
    let cone = at(
        Shape::Cone {
            half_height: 1.0,
            radius: 1.0,
        },
        DVec3::ZERO,
    );
    let f = gjk::solve(&cone, &sphere(0.4, DVec3::X * 0.2), &split());
    let core_depth = (1.0 - 0.4) / 5f64.sqrt();
    let f_depth = f.penetration.expect("a depth").depth;
    assert!(
        (f_depth - (core_depth + 0.4)).abs() <= 1e-6 * (core_depth + 0.4),
        "{f_depth} vs {}",
        core_depth + 0.4
    );
}

/// On random pairs of every kind the split answer agrees with the folded one wherever the
/// folded one is certified apart, and with parry's contact depth on overlapping pairs with a
/// unique deepest direction.
#[test]
fn split_agrees_with_folded_where_the_folded_run_is_certified() {
    let mut rng = Rng::new(2024);
    let (mut apart, mut shallow, mut cores) = (0, 0, 0);
    for i in 0..6_000 {
        let (ka, kb) = (rng.pick(6), rng.pick(6));
        let a = body(&mut rng, KINDS[ka]);
        let b = body(&mut rng, KINDS[kb]);
        let folded = gjk::solve(&a, &b, &folded());
        let f = gjk::solve(&a, &b, &split());
        let Some(radii) = f.radii else {
            assert_eq!(f, folded, "pair {i}: nothing to split, the same run");
            continue;
        };
        match radii.case {
            CoreCase::Apart => apart += 1,
            CoreCase::Shallow => shallow += 1,
            CoreCase::CoresOverlap => cores += 1,
        }
        if let (
            Outcome::Separated { distance: ours, .. },
            Outcome::Separated {
                distance: theirs, ..
            },
        ) = (f.outcome, folded.outcome)
            && folded.certificate.certified
        {
            // Both within the relative tolerance (1e-9) of the true distance.
            assert!(f.certificate.certified, "pair {i}: {f:?}");
            assert!(
                (ours - theirs).abs() <= 2e-9 * theirs + 1e-15,
                "pair {i}: split {ours}, folded {theirs}"
            );
        }
        // The verdicts never contradict each other where both are proven.
        if let (Some(x), Some(y)) = (f.certificate.intersecting, folded.certificate.intersecting) {
            assert_eq!(x, y, "pair {i}: {f:?} vs {folded:?}");
        }
    }
    println!("split: {apart} apart, {shallow} shallow, {cores} cores overlapping");
    assert!(
        apart > 300 && shallow > 100 && cores > 100,
        "{apart}/{shallow}/{cores}"
    );
}

/// The gallery's concentric spheres: folded, EPA ends on its budget short of the depth; split,
/// the depth is exact.
#[test]
fn the_gallery_concentric_spheres_are_exact_split() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/scenarios/gallery/34-folded-spheres-epa-budget.json");
    let s = gjk::Scenario::load(&path).unwrap();
    assert_eq!(s.config().radii, Radii::Folded);
    let f = gjk::solve(&s.a, &s.b, &split());
    let p = overlaps(&f, 0.85, None, CoreCase::CoresOverlap);
    assert_eq!(p.depth, 0.85);
    assert_eq!(f.epa_iterations, 0);
}

/// A warm-start cache holds points of the bodies it was made on: one from a folded run (points
/// of the whole shapes) must not start a split run (on the cores), nor the other way round.
#[test]
fn a_cache_only_warm_starts_runs_on_the_same_kind_of_body() {
    let (a, b) = (
        sphere(0.5, DVec3::ZERO),
        sphere(0.3, DVec3::new(1.2, 0.3, 0.0)),
    );
    let (pa, pb) = (
        gjk::PreparedShape::new(a.shape.clone()),
        gjk::PreparedShape::new(b.shape.clone()),
    );
    let placed = || (gjk::Placed::new(&pa, &a), gjk::Placed::new(&pb, &b));
    for (from, to) in [(folded(), split()), (split(), folded())] {
        let (x, y) = placed();
        let cache = gjk::query::trace_query(x, y, &from, None).cache.unwrap();
        assert_eq!(cache.cores, from.radii == Radii::Split);
        let (x, y) = placed();
        let warm = gjk::query::trace_query(x, y, &to, Some(&cache));
        let cold = gjk::trace(&a, &b, &to);
        assert_eq!(
            warm.steps, cold.steps,
            "{:?} cache into {:?}",
            from.radii, to.radii
        );
    }
}

/// The closest points of segments `p1q1` and `p2q2`, found without the closed form the solver
/// uses: the distance from `P(s)` to segment B is convex in `s`, so a golden-section search
/// over `s ∈ [0, 1]` finds its minimum (to 1e-15 in `s` after 80 rounds), with B's point the
/// clamped projection of `P(s)`.
fn closest_on_segments(p1: DVec3, q1: DVec3, p2: DVec3, q2: DVec3) -> (DVec3, DVec3) {
    let on_b = |x: DVec3| {
        let d = q2 - p2;
        let len = d.length_squared();
        let t = if len > 0.0 {
            ((x - p2).dot(d) / len).clamp(0.0, 1.0)
        } else {
            0.0
        };
        p2 + d * t
    };
    let at = |s: f64| p1 + (q1 - p1) * s;
    let gap = |s: f64| at(s).distance(on_b(at(s)));
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..80 {
        let (x1, x2) = (hi - golden * (hi - lo), lo + golden * (hi - lo));
        if gap(x1) <= gap(x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    // The ends, where the minimum often is, exactly.
    let s = [0.0, 1.0, 0.5 * (lo + hi)]
        .into_iter()
        .min_by(|x, y| gap(*x).total_cmp(&gap(*y)))
        .unwrap_or(0.0);
    (at(s), on_b(at(s)))
}

/// A sphere's or capsule's core as a segment in world space, and its radius.
fn core_segment(b: &BodySpec) -> (DVec3, DVec3, f64) {
    match b.shape {
        Shape::Sphere { radius } => (b.position, b.position, radius),
        Shape::Capsule {
            half_height,
            radius,
        } => {
            let axis = b.rotation * DVec3::Y * half_height;
            (b.position - axis, b.position + axis, radius)
        }
        _ => unreachable!("spheres and capsules only"),
    }
}

/// Random overlapping spheres and capsules, the pairs whose folded depths were up to 0.5% short
/// with normals off by up to 89°: split, every depth is the radii minus the distance between the
/// core segments to 1e-9 relative, along their closest line to 0.1° (the deepest direction is
/// unique while the cores are apart).
#[test]
fn random_overlapping_spheres_and_capsules_have_exact_depths_and_normals() {
    let mut rng = Rng::new(515);
    let (mut checked, mut deep) = (0, 0);
    // The folded run on the same pairs, for comparison (printed, not asserted).
    let (mut folded_depth, mut folded_angle) = (0.0f64, 0.0f64);
    while checked < 3_000 {
        let kinds = ["sphere", "capsule"];
        let (ka, kb) = (kinds[rng.pick(2)], kinds[rng.pick(2)]);
        let (mut a, mut b) = (body(&mut rng, ka), body(&mut rng, kb));
        (a.margin, b.margin) = (0.0, 0.0);
        // Close enough to overlap most of the time.
        b.position = a.position + (b.position - a.position) * 0.3;
        let (pa, qa, ra) = core_segment(&a);
        let (pb, qb, rb) = core_segment(&b);
        let (ca, cb) = closest_on_segments(pa, qa, pb, qb);
        let d = ca.distance(cb);
        if d >= ra + rb || d < 1e-6 {
            continue;
        }
        checked += 1;
        let depth = ra + rb - d;
        deep += usize::from(depth > 0.5 * (ra + rb));
        let f = gjk::solve(&a, &b, &split());
        overlaps(&f, depth, Some((cb - ca) / d), CoreCase::Shallow);
        assert_eq!(f.epa_iterations, 0);
        if let Some(p) = gjk::solve(&a, &b, &folded()).penetration {
            folded_depth = folded_depth.max((p.depth - depth).abs() / depth);
            folded_angle = folded_angle.max(p.normal.angle_between((cb - ca) / d).to_degrees());
        }
    }
    println!("{checked} overlapping pairs, {deep} deeper than half the radii");
    println!(
        "folded: worst depth error {folded_depth:.1e} relative, worst normal {folded_angle:.2}°"
    );
    assert!(deep > 300, "{deep}");
}

/// A sphere resting on a turned box touches it: the run on the cores (the sphere's centre
/// against the box) ends on a repeated support point with the contact proven to 7e-15, and the
/// answer is certified as touching, as a run on whole shapes that proves contact is. It used to
/// be left uncertified because the core run had not stopped on its gap test.
#[test]
fn a_sphere_resting_on_a_turned_box_is_certified_touching() {
    let slab = BodySpec {
        rotation: DQuat::from_rotation_y(std::f64::consts::FRAC_PI_4),
        ..at(
            Shape::Cuboid {
                half_extents: DVec3::new(2.0, 0.5, 2.0),
            },
            DVec3::ZERO,
        )
    };
    let ball = at(Shape::Sphere { radius: 0.3 }, DVec3::new(0.3, 0.8, -0.4));
    let finish = gjk::solve(&slab, &ball, &SolverConfig::default());
    let c = finish.certificate;
    assert_eq!(c.intersecting, Some(true), "{finish:?}");
    assert!(c.certified && c.distance_bounds[1] < 1e-12, "{finish:?}");
}

/// Spheres and capsules apart, `radii: closed`: the cores are answered in closed form (no
/// iteration), certified, with the distance and the closest points of the brute-force search
/// above, recorded as one step; GJK on the same cores (`radii: split`) gives an answer within
/// the closed form's proven bounds, and the other way round.
#[test]
fn separated_spheres_and_capsules_are_answered_in_closed_form_and_agree_with_gjk() {
    let mut rng = Rng::new(77);
    let (mut answered, mut checked) = (0, 0);
    while checked < 4_000 {
        let kinds = ["sphere", "capsule"];
        let (ka, kb) = (kinds[rng.pick(2)], kinds[rng.pick(2)]);
        let (a, b) = (body(&mut rng, ka), body(&mut rng, kb));
        let (pa, qa, ra) = core_segment(&a);
        let (pb, qb, rb) = core_segment(&b);
        let (ca, cb) = closest_on_segments(pa, qa, pb, qb);
        let expected = ca.distance(cb) - ra - rb - a.margin - b.margin;
        if expected < 1e-3 {
            continue;
        }
        checked += 1;
        let f = gjk::solve(&a, &b, &closed());
        let (distance, point_a, point_b) = apart(&f);
        assert!(f.certificate.certified, "{f:?}");
        let [lo, hi] = f.certificate.distance_bounds;
        assert!(
            lo <= expected + 1e-12 && expected <= hi + 1e-12,
            "{expected} outside {lo}..{hi}"
        );
        assert!(
            (distance - expected).abs() <= 1e-9 * expected,
            "{distance} vs {expected}"
        );
        let trace = gjk::trace(&a, &b, &closed());
        assert_eq!(trace.finish, f, "the trace is the answer");
        if f.termination.name() == "closed_form" {
            answered += 1;
            assert_eq!(f.iterations, 0);
            assert_eq!(trace.steps.len(), 1, "one step");
            // The surfaces' points lie on the cores' closest line, a radius out.
            let n = (cb - ca) / ca.distance(cb);
            assert!(
                point_a.distance(ca + n * (ra + a.margin)) <= 1e-6,
                "{point_a} vs {ca}"
            );
            assert!(
                point_b.distance(cb - n * (rb + b.margin)) <= 1e-6,
                "{point_b} vs {cb}"
            );
        }
        let gjk = gjk::solve(&a, &b, &split());
        assert_ne!(gjk.termination.name(), "closed_form");
        let [glo, ghi] = gjk.certificate.distance_bounds;
        assert!(gjk.certificate.certified, "{gjk:?}");
        assert!(
            glo <= hi && lo <= ghi,
            "closed [{lo}, {hi}] vs GJK [{glo}, {ghi}]"
        );
    }
    println!("{answered} of {checked} separated pairs answered in closed form");
    assert_eq!(
        answered, checked,
        "every separated pair is tight enough to certify"
    );
}

/// Two unit spheres 3 apart on a tilted line: 1 apart, to the last bits, and the closest points
/// on the line between the centres.
#[test]
fn two_spheres_in_closed_form_are_exact() {
    let (ca, cb) = (
        DVec3::new(0.5, -1.0, 2.0),
        DVec3::new(0.5, 1.0, 2.0 + 5f64.sqrt()),
    );
    let f = gjk::solve(&sphere(1.0, ca), &sphere(1.0, cb), &closed());
    assert_eq!(f.termination.name(), "closed_form");
    let n = (cb - ca) / 3.0;
    let (distance, point_a, point_b) = apart(&f);
    assert!((distance - 1.0).abs() <= 4.0 * f64::EPSILON, "{distance}");
    assert!(point_a.distance(ca + n) <= 1e-15 && point_b.distance(cb - n) <= 1e-15);
}

/// Where the closed form does not answer, GJK does: cores that cross (their depth is EPA's).
#[test]
fn crossing_cores_go_through_gjk() {
    let across = DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2);
    let (a, b) = (
        capsule(1.0, 0.2, DVec3::ZERO, DQuat::IDENTITY),
        capsule(1.0, 0.2, DVec3::new(0.0, 0.0, 0.0), across),
    );
    let f = gjk::solve(&a, &b, &closed());
    assert_ne!(f.termination.name(), "closed_form");
    assert_eq!(f.radii.expect("split").case, CoreCase::CoresOverlap);
}

/// In f32 the closed form is worked in f32, and its bounds allow for f32's rounding: on
/// random separated spheres and capsules they hold the exact (f64) distance, and are as
/// tight as f32's tolerance asks.
#[test]
fn f32_closed_forms_are_worked_in_f32_and_bound_the_exact_distance() {
    let f32 = SolverConfig {
        radii: Radii::Closed,
        ..SolverConfig::default_for(gjk::Algorithm::Distance, gjk::Precision::F32)
    };
    let (a, b) = (sphere(0.5, DVec3::ZERO), sphere(0.5, DVec3::X * 2.0));
    let f = gjk::solve(&a, &b, &f32);
    assert_eq!(f.termination.name(), "closed_form");
    assert!((f.outcome.distance().expect("apart") - 1.0).abs() <= 1e-6);
    let mut rng = Rng::new(79);
    let (mut answered, mut inexact) = (0, 0);
    while answered < 2_000 {
        let kinds = ["sphere", "capsule"];
        let (ka, kb) = (kinds[rng.pick(2)], kinds[rng.pick(2)]);
        let (a, b) = (body(&mut rng, ka), body(&mut rng, kb));
        let exact = gjk::solve(&a, &b, &closed());
        let (Some(truth), "closed_form") = (exact.outcome.distance(), exact.termination.name())
        else {
            continue;
        };
        let f = gjk::solve(&a, &b, &f32);
        if f.termination.name() != "closed_form" {
            continue;
        }
        answered += 1;
        let [lo, hi] = f.certificate.distance_bounds;
        assert!(lo <= truth && truth <= hi, "{truth} outside [{lo}, {hi}]");
        assert!(f.certificate.certified, "{f:?}");
        let distance = f.outcome.distance().expect("apart");
        assert!(
            (distance - truth).abs() <= 1e-5 * truth.max(1.0),
            "{distance} vs {truth}"
        );
        inexact += usize::from(distance != truth);
    }
    // Worked in f32, not f64 rounded at the end.
    assert!(inexact > 1_000, "{inexact}");
}

/// The boolean question on spheres and capsules, `radii: closed`: decided from the cores'
/// closed form, never against boolean GJK on the whole shapes, and the same answer as the
/// distance query's (apart, or overlapping with the same depth); only where the cores cross
/// does boolean GJK run.
#[test]
fn the_boolean_question_on_spheres_and_capsules_is_answered_in_closed_form() {
    let boolean = |radii| SolverConfig {
        radii,
        ..SolverConfig::default_for(gjk::Algorithm::Boolean, gjk::Precision::F64)
    };
    let mut rng = Rng::new(78);
    let (mut disjoint, mut overlapping, mut by_gjk) = (0, 0, 0);
    for _ in 0..4_000 {
        let kinds = ["sphere", "capsule"];
        let (ka, kb) = (kinds[rng.pick(2)], kinds[rng.pick(2)]);
        let (a, b) = (body(&mut rng, ka), body(&mut rng, kb));
        let f = gjk::solve(&a, &b, &boolean(Radii::Closed));
        let folded = gjk::solve(&a, &b, &boolean(Radii::Folded));
        let distance = gjk::solve(&a, &b, &closed());
        if f.termination.name() != "closed_form" {
            by_gjk += 1;
            assert_eq!(f.radii, None, "boolean GJK runs on the whole shapes");
            continue;
        }
        assert_eq!(f.certificate, distance.certificate);
        assert!(f.certificate.intersecting.is_some(), "{f:?}");
        if let (Some(x), Some(y)) = (f.certificate.intersecting, folded.certificate.intersecting) {
            assert_eq!(x, y, "{f:?} against {folded:?}");
        }
        match f.outcome {
            Outcome::Disjoint => {
                disjoint += 1;
                assert!(matches!(distance.outcome, Outcome::Separated { .. }));
            }
            Outcome::Intersecting => {
                overlapping += 1;
                assert_eq!(f.penetration, distance.penetration);
            }
            other => panic!("{other:?}"),
        }
    }
    println!("{disjoint} disjoint, {overlapping} overlapping, {by_gjk} by boolean GJK");
    assert!(
        disjoint > 1000 && overlapping > 300,
        "{disjoint}/{overlapping}"
    );
}
