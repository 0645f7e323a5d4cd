#![allow(dead_code)] // Each target uses its own part of what is here.

//! The structure `query_bodies` builds from the fuzzer's bytes, and the scenario file it
//! makes: shared with `decode_bodies`, which writes a corpus out as the files it stands for.

use arbitrary::Arbitrary;

/// A number: a sixteenth (−8 … 8), a fraction of 1, a power of ten, or any f64 at all.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub enum Num {
    Sixteenths(i8),
    Fraction(u16),
    Power(i8, bool),
    Any(f64),
    /// A number a target worked out (never drawn from bytes by `arbitrary`: see `Layout`).
    #[arbitrary(skip)]
    Exact(f64),
}

impl Num {
    fn value(self) -> f64 {
        match self {
            Num::Sixteenths(k) => f64::from(k) / 16.0,
            Num::Fraction(u) => f64::from(u) / 65535.0,
            Num::Power(p, negative) => {
                let x = 10f64.powi(i32::from(p) / 4);
                if negative { -x } else { x }
            }
            Num::Any(x) | Num::Exact(x) => x,
        }
    }

    /// As JSON writes it: a non-finite number as one too large for any float (refused by
    /// name, as a file from another writer would be).
    pub fn json(self) -> String {
        let x = self.value();
        if x.is_finite() {
            format!("{x:?}")
        } else if x > 0.0 {
            "1e999".to_string()
        } else {
            "-1e999".to_string()
        }
    }
}

#[derive(Arbitrary, Debug, Clone)]
enum Kind {
    Sphere,
    Cuboid,
    Capsule,
    Cylinder,
    Cone,
    Cloud,
}

#[derive(Arbitrary, Debug, Clone)]
struct Body {
    kind: Kind,
    size: [Num; 3],
    position: [Num; 3],
    turn: [Num; 4],
    margin: Option<Num>,
    points: Vec<[Num; 3]>,
}

/// Two bodies and a solver section, as the fuzzer's bytes make them.
#[derive(Arbitrary, Debug)]
pub struct Case {
    a: Body,
    b: Body,
    plane: bool,
    algorithm: u8,
    f32: bool,
    radii: u8,
    momentum: u8,
    tolerances: Option<(Num, Num)>,
    cap: Option<u8>,
    cast: Option<[Num; 3]>,
}

fn list(numbers: &[Num]) -> String {
    let written: Vec<String> = numbers.iter().map(|n| n.json()).collect();
    format!("[{}]", written.join(", "))
}

fn shape(b: &Body, plane: bool) -> String {
    let n = if plane { 2 } else { 3 };
    let size = |i: usize| b.size[i].json();
    let points = || {
        let points: Vec<String> = b.points.iter().map(|p| list(&p[..n])).collect();
        points.join(", ")
    };
    let axial = |name: &str| {
        format!(
            r#"{{"type": "{name}", "half_height": {}, "radius": {}}}"#,
            size(0),
            size(1)
        )
    };
    match (&b.kind, plane) {
        (Kind::Sphere, true) => format!(r#"{{"type": "circle", "radius": {}}}"#, size(0)),
        (Kind::Sphere, false) => format!(r#"{{"type": "sphere", "radius": {}}}"#, size(0)),
        (Kind::Cuboid, _) => format!(
            r#"{{"type": "cuboid", "half_extents": {}}}"#,
            list(&b.size[..n])
        ),
        (Kind::Cloud, true) => format!(r#"{{"type": "polygon", "vertices": [{}]}}"#, points()),
        (Kind::Cloud, false) => format!(r#"{{"type": "polytope", "vertices": [{}]}}"#, points()),
        // The plane has no cylinder or cone.
        (_, true) | (Kind::Capsule, false) => axial("capsule"),
        (Kind::Cylinder, false) => axial("cylinder"),
        (Kind::Cone, false) => axial("cone"),
    }
}

fn body(b: &Body, plane: bool) -> String {
    let n = if plane { 2 } else { 3 };
    let turn = if plane {
        format!(r#""angle": {}"#, b.turn[0].json())
    } else {
        format!(r#""rotation": {}"#, list(&b.turn))
    };
    let margin = b
        .margin
        .map_or(String::new(), |m| format!(r#", "margin": {}"#, m.json()));
    format!(
        r#"{{"shape": {}, "position": {}, {turn}{margin}}}"#,
        shape(b, plane),
        list(&b.position[..n])
    )
}

/// How a target asks the case to be laid out beyond what its bytes say.
#[derive(Debug, Clone, Copy, Default)]
pub struct Layout {
    /// B moves along this, whatever the case says of a cast (the `cast_bodies` target).
    pub cast: Option<[Num; 3]>,
    /// B is put where A is, moved by its own position scaled to this fraction: the pair
    /// overlaps more often than not, so that EPA and the manifold run (the
    /// `manifold_bodies` target).
    pub overlap: Option<f64>,
}

/// The scenario file `c` makes.
pub fn scenario(c: &Case) -> String {
    scenario_in(c, Layout::default())
}

/// The scenario file `c` makes, laid out as `layout` asks.
pub fn scenario_in(c: &Case, layout: Layout) -> String {
    let algorithm = ["distance", "boolean", "signed_volumes"][usize::from(c.algorithm % 3)];
    let radii = ["split", "closed", "folded"][usize::from(c.radii % 3)];
    let momentum = ["none", "polyak", "nesterov"][usize::from(c.momentum % 3)];
    let precision = if c.f32 { "f32" } else { "f64" };
    let mut solver = format!(
        r#""algorithm": "{algorithm}", "precision": "{precision}", "radii": "{radii}", "acceleration": "{momentum}""#
    );
    if let Some((rel, abs)) = c.tolerances {
        solver.push_str(&format!(
            r#", "rel_tolerance": {}, "abs_tolerance": {}"#,
            rel.json(),
            abs.json()
        ));
    }
    if let Some(cap) = c.cap {
        solver.push_str(&format!(r#", "max_iterations": {cap}"#));
    }
    let n = if c.plane { 2 } else { 3 };
    let cast = layout.cast.or(c.cast).map_or(String::new(), |v| {
        format!(r#", "cast": {{"velocity_b": {}}}"#, list(&v[..n]))
    });
    let dimension = if c.plane { r#""dimension": 2, "# } else { "" };
    let b = match layout.overlap {
        Some(fraction) => {
            let mut position = c.a.position;
            for (p, q) in position.iter_mut().zip(c.b.position) {
                *p = Num::Exact(p.value() + fraction * q.value());
            }
            Body {
                position,
                ..c.b.clone()
            }
        }
        None => c.b.clone(),
    };
    format!(
        r#"{{{dimension}"a": {}, "b": {}, "solver": {{{solver}}}{cast}}}"#,
        body(&c.a, c.plane),
        body(&b, c.plane)
    )
}

/// What every structure-aware target asks of the file its input stands for: that it checks
/// sound as `scenario_text` checks a file (`gjk::tools::soak::check_text`).
pub fn assert_sound(text: &str) {
    let report = gjk::tools::soak::check_text(text);
    assert!(report.sound(), "{text}\n{report}");
}

/// `cast_bodies`' input: a case, and the velocity B is cast along.
pub type CastInput = (Case, [Num; 3]);

/// The scenario file a `cast_bodies` input makes.
pub fn cast_text((case, velocity): &CastInput) -> String {
    let layout = Layout {
        cast: Some(*velocity),
        ..Layout::default()
    };
    scenario_in(case, layout)
}

/// `manifold_bodies`' input: a case, and how far B is from A, in 255ths of its position.
pub type ManifoldInput = (Case, u8);

/// The scenario file a `manifold_bodies` input makes.
pub fn manifold_text((case, fraction): &ManifoldInput) -> String {
    let layout = Layout {
        overlap: Some(f64::from(*fraction) / 255.0),
        ..Layout::default()
    };
    scenario_in(case, layout)
}

/// `capture`'s input: a case, an engine's answer for it, and where its poses were taken.
pub type CaptureInput = (Case, Answer, u8);

/// The capture file a `capture` input makes: the case with an `engine` section.
pub fn capture_text((case, answer, poses): &CaptureInput) -> String {
    let plain = scenario(case);
    format!("{}, {}}}", &plain[..plain.len() - 1], engine(answer, *poses))
}

#[derive(Arbitrary, Debug)]
pub struct EnginePoint {
    a: [f64; 3],
    b: [f64; 3],
    separation: f64,
}

#[derive(Arbitrary, Debug)]
pub enum Answer {
    Contact { normal: [f64; 3], points: Vec<EnginePoint> },
    Cast { toi: Option<f64>, status: u8, normal: Option<[f64; 3]> },
}

fn engine_number(x: f64) -> String {
    if x.is_finite() {
        format!("{x:?}")
    } else {
        "1e999".to_string()
    }
}

fn engine_vector(v: [f64; 3]) -> String {
    format!("[{}, {}, {}]", engine_number(v[0]), engine_number(v[1]), engine_number(v[2]))
}

fn engine(answer: &Answer, poses: u8) -> String {
    let poses = ["narrow_phase", "recomputed", "at_call"][usize::from(poses % 3)];
    let body = match answer {
        Answer::Contact { normal, points } => {
            let points: Vec<String> = points
                .iter()
                .map(|p| {
                    format!(
                        r#"{{"point_a": {}, "point_b": {}, "separation": {}}}"#,
                        engine_vector(p.a),
                        engine_vector(p.b),
                        engine_number(p.separation)
                    )
                })
                .collect();
            format!(
                r#""contact": {{"normal": {}, "points": [{}]}}"#,
                engine_vector(*normal),
                points.join(", ")
            )
        }
        Answer::Cast { toi, status, normal } => {
            let status = ["converged", "out_of_iterations", "failed", "none"][usize::from(status % 4)];
            let toi = toi.map_or("null".to_string(), engine_number);
            let normal = normal.map_or(String::new(), |n| format!(r#", "normal": {}"#, engine_vector(n)));
            format!(r#""cast": {{"time_of_impact": {toi}, "status": "{status}"{normal}}}"#)
        }
    };
    format!(r#""engine": {{"engine": "avian3d 0.8", "poses": "{poses}", {body}}}"#)
}

/// `composite_bodies`' input: a small mesh's vertices and triangles (indices taken modulo one
/// more than the vertices, so a missing vertex is drawn too), a body and a prediction.
#[derive(Arbitrary, Debug)]
pub struct CompositeInput {
    vertices: Vec<[Num; 3]>,
    triangles: Vec<[u8; 3]>,
    kind: u8,
    size: [Num; 3],
    position: [Num; 3],
    rotation: [Num; 4],
    prediction: Num,
    /// Last, so that the inputs kept before it was added read as they did, now uncast.
    velocity: Option<[Num; 3]>,
}

/// The case `composite_check` reads that a `composite_bodies` input makes.
pub fn composite_text(input: &CompositeInput) -> String {
    let vertices: Vec<String> = input.vertices.iter().take(12).map(|v| list(v)).collect();
    let n = vertices.len() as u16 + 1;
    let triangles: Vec<String> = input
        .triangles
        .iter()
        .take(24)
        .map(|t| format!("{:?}", t.map(|i| u16::from(i) % n)))
        .collect();
    let [s0, s1, s2] = input.size.map(|n| n.json());
    let shape = match input.kind % 3 {
        0 => format!(r#"{{"type": "sphere", "radius": {s0}}}"#),
        1 => format!(r#"{{"type": "cuboid", "half_extents": [{s0}, {s1}, {s2}]}}"#),
        _ => format!(r#"{{"type": "capsule", "half_height": {s0}, "radius": {s1}}}"#),
    };
    let velocity = input
        .velocity
        .as_ref()
        .map_or(String::new(), |v| format!(r#", "velocity": {}"#, list(v)));
    format!(
        r#"{{"vertices": [{}], "triangles": [{}], "body": {{"shape": {shape}, "position": {}, "rotation": {}}}, "prediction": {}{velocity}}}"#,
        vertices.join(", "),
        triangles.join(", "),
        list(&input.position),
        list(&input.rotation),
        input.prediction.json()
    )
}
