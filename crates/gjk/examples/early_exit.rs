//! Accelerated GJK where Montaut, Le Lidec, Petrík, Sivic and Carpentier report its savings
//! ("Collision Detection Accelerated: An Optimization Perspective", RSS 2022): the boolean
//! question (do the bodies meet?) answered by stopping at the first separating plane, on
//! strictly convex bodies and on bodies in close proximity. As Markdown:
//! `cargo run --release -p gjk --example early_exit -- [PAIRS]` (default 2,000 per class).
//!
//! Each pair is put at a chosen gap along its closest line (or made to overlap), then the
//! distance GJK runs plain, with Polyak's and with Nesterov's momentum, every step recorded.
//! *To decide* counts the iterations until a step settles the boolean question: its support
//! point `w` along `d` has `d·w < 0` (the plane normal to `d` through `w` separates the
//! bodies), or the run finds the origin enclosed or within the absolute tolerance. *To the
//! distance* counts the whole run, to the default f64 tolerances. Our boolean GJK (no momentum,
//! a tetrahedron search) is the last column, for comparison.
//!
//! The classes: ellipsoids with random radii and turns (the paper's strictly convex case,
//! momentum terms blended as they are); the tests' random spheres and rounded bodies, solved
//! folded (strictly convex); and hulls of 100 random points (polytopes, terms at unit length).

use gjk::query::run;
use gjk::{
    Acceleration, BodySpec, BooleanGjk, DistanceGjk, GjkStop, MinkowskiDifference, Outcome, Pose,
    Radii, Recorder, Shape, SolverConfig, Step, Steppable, SupportMap, Termination,
};
use glam::DVec3;

#[path = "../tests/solver/common.rs"]
#[expect(
    dead_code,
    unused_imports,
    reason = "the example uses only part of the shared test helpers"
)]
mod common;
#[expect(dead_code, reason = "the example draws its own pairs")]
mod shared;

use common::{Rng, body};

/// The ellipsoid `(x/a)² + (y/b)² + (z/c)² ≤ 1`: its support along `d` is the unit sphere's
/// along `E d`, stretched by `E = diag(a, b, c)`.
struct Ellipsoid {
    radii: DVec3,
}

impl SupportMap<f64> for Ellipsoid {
    fn local_support(&self, d: DVec3) -> DVec3 {
        self.radii * (self.radii * d).normalize_or_zero()
    }

    fn bounding_radius(&self) -> f64 {
        self.radii.max_element()
    }
}

/// Where the pair is put: apart by a gap, or overlapping by a depth.
const GAPS: [f64; 4] = [0.1, 1e-2, 1e-3, -1e-2];

/// The iteration at which a recorded run settled the boolean question.
fn decided(steps: &[Step]) -> u32 {
    steps
        .iter()
        .find(|s| {
            s.direction.dot(s.support.point) < 0.0
                || matches!(
                    s.termination,
                    Some(Termination::Gjk(
                        GjkStop::IntersectionFound { .. } | GjkStop::DistanceBelowTolerance { .. }
                    ))
                )
        })
        .or(steps.last())
        .map_or(0, |s| s.iteration)
}

/// Sums of iterations over a class at one gap: [to decide, to the distance] per
/// acceleration, then boolean GJK's.
#[derive(Default, Clone, Copy)]
struct Row {
    pairs: u32,
    decide: [u64; 3],
    distance: [u64; 3],
    boolean: u64,
}

impl Row {
    fn print(&self, label: &str) {
        let mean = |x: u64| x as f64 / f64::from(self.pairs.max(1));
        let cells = |sums: [u64; 3]| {
            let plain = mean(sums[0]);
            sums.map(|s| {
                let m = mean(s);
                if s == sums[0] {
                    format!("{m:.2}")
                } else {
                    format!("{m:.2} ({:+.0}%)", 100.0 * (m / plain - 1.0))
                }
            })
            .join(" | ")
        };
        println!(
            "| {label} | {} | {} | {} | {:.2} |",
            self.pairs,
            cells(self.decide),
            cells(self.distance),
            mean(self.boolean)
        );
    }
}

/// One pair of any support mappings at its pose: every acceleration, recorded, and boolean GJK.
fn measure<A: SupportMap<f64>, B: SupportMap<f64>>(
    a: &gjk::Body<f64, A>,
    b: &gjk::Body<f64, B>,
    strictly_convex: bool,
    row: &mut Row,
) {
    row.pairs += 1;
    for (k, acceleration) in Acceleration::ALL.into_iter().enumerate() {
        let config = SolverConfig {
            acceleration,
            radii: Radii::Folded,
            ..SolverConfig::default()
        };
        let mut recorder = Recorder::default();
        let mut gjk = DistanceGjk::new(MinkowskiDifference::new(a, b), &config);
        gjk.set_unit_momentum(!strictly_convex);
        let finish = gjk.run_traced(&mut recorder);
        row.decide[k] += u64::from(decided(&recorder.steps));
        row.distance[k] += u64::from(finish.iterations);
    }
    let config = SolverConfig::default_for(gjk::Algorithm::Boolean, gjk::Precision::F64);
    let finish = BooleanGjk::new(MinkowskiDifference::new(a, b), &config).run();
    row.boolean += u64::from(finish.iterations);
}

/// How far to move B along the closest line (from A towards B) so the pair is `gap` apart.
fn shift<A: SupportMap<f64>, B: SupportMap<f64>>(
    a: &gjk::Body<f64, A>,
    b: &gjk::Body<f64, B>,
    gap: f64,
) -> Option<DVec3> {
    let config = SolverConfig::default();
    let finish = run(
        MinkowskiDifference::new(a, b),
        &config,
        None,
        &mut gjk::NoTrace,
    );
    match finish.outcome {
        Outcome::Separated {
            distance,
            point_a,
            point_b,
        } if finish.certificate.certified => {
            Some(-(point_b - point_a).normalize() * (distance - gap))
        }
        _ => None,
    }
}

/// A class of built-in bodies: its name, the kinds drawn, and what is done to each body.
type Class = (&'static str, &'static [&'static str], fn(&mut BodySpec));

fn table(name: &str, rows: &[Row]) {
    println!();
    println!("{name}:");
    println!();
    println!(
        "| gap | pairs | to decide: none | polyak | nesterov | to the distance: none | polyak | nesterov | boolean GJK |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (gap, row) in GAPS.iter().zip(rows) {
        let label = if *gap < 0.0 {
            format!("overlap {}", -gap)
        } else {
            format!("{gap}")
        };
        row.print(&label);
    }
}

fn main() {
    let pairs = shared::pairs_argument("early_exit");
    let mut rng = Rng::new(2022);
    println!("{pairs} pairs per class, f64, default tolerances; mean iterations");

    let mut rows = [Row::default(); GAPS.len()];
    for _ in 0..pairs {
        let ellipsoid = |rng: &mut Rng| Ellipsoid {
            radii: rng.vec(0.2, 1.2),
        };
        let (ea, eb) = (ellipsoid(&mut rng), ellipsoid(&mut rng));
        let pose = |rng: &mut Rng| Pose {
            position: rng.vec(-2.0, 2.0),
            rotation: rng.rotation(),
        };
        let (pa, pb) = (pose(&mut rng), pose(&mut rng));
        let a = gjk::Body::new(ea, pa, 0.0);
        let b = gjk::Body::new(Ellipsoid { radii: eb.radii }, pb, 0.0);
        for (gap, row) in GAPS.iter().zip(&mut rows) {
            let Some(by) = shift(&a, &b, *gap) else {
                continue;
            };
            let moved = Pose {
                position: pb.position + by,
                ..pb
            };
            let b = gjk::Body::new(Ellipsoid { radii: eb.radii }, moved, 0.0);
            measure(&a, &b, true, row);
        }
    }
    table("ellipsoids (strictly convex)", &rows);

    let classes: [Class; 2] = [
        (
            "spheres and rounded bodies, folded (strictly convex)",
            &[
                "sphere", "cuboid", "capsule", "cylinder", "cone", "polytope",
            ],
            |b| {
                if !matches!(b.shape, Shape::Sphere { .. }) {
                    b.margin = b.margin.max(0.05);
                }
            },
        ),
        ("hulls of 100 points (polytopes)", &["hull100"], |b| {
            b.margin = 0.0
        }),
    ];
    for (name, kinds, adjust) in classes {
        let mut rows = [Row::default(); GAPS.len()];
        for _ in 0..pairs {
            let spec = |rng: &mut Rng| {
                let kind = kinds[rng.pick(kinds.len())];
                let mut s = if kind == "hull100" {
                    BodySpec {
                        shape: Shape::Polytope {
                            vertices: (0..100).map(|_| rng.vec(-1.0, 1.0)).collect(),
                        },
                        ..body(rng, "sphere")
                    }
                } else {
                    body(rng, kind)
                };
                adjust(&mut s);
                s
            };
            let (sa, sb) = (spec(&mut rng), spec(&mut rng));
            let built = |s: &BodySpec| {
                gjk::Body::<f64>::prepared(
                    &gjk::PreparedShape::new(s.shape.clone()),
                    s.pose(),
                    s.margin,
                )
            };
            let a = built(&sa);
            let strictly_convex = sa.margin > 0.0 || matches!(sa.shape, Shape::Sphere { .. });
            for (gap, row) in GAPS.iter().zip(&mut rows) {
                let Some(by) = shift(&a, &built(&sb), *gap) else {
                    continue;
                };
                let moved = BodySpec {
                    position: sb.position + by,
                    ..sb.clone()
                };
                measure(&a, &built(&moved), strictly_convex, row);
            }
        }
        table(name, &rows);
    }
}
