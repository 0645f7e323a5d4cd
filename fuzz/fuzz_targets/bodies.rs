//! The structure `query_bodies` builds from the fuzzer's bytes, and the scenario file it
//! makes: shared with `decode_bodies`, which writes a corpus out as the files it stands for.

use arbitrary::Arbitrary;

/// A number: a sixteenth (−8 … 8), a fraction of 1, a power of ten, or any f64 at all.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Num {
    Sixteenths(i8),
    Fraction(u16),
    Power(i8, bool),
    Any(f64),
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
            Num::Any(x) => x,
        }
    }

    /// As JSON writes it: a non-finite number as one too large for any float (refused by
    /// name, as a file from another writer would be).
    fn json(self) -> String {
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

#[derive(Arbitrary, Debug)]
enum Kind {
    Sphere,
    Cuboid,
    Capsule,
    Cylinder,
    Cone,
    Cloud,
}

#[derive(Arbitrary, Debug)]
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

/// The scenario file `c` makes.
pub fn scenario(c: &Case) -> String {
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
    let cast = c.cast.map_or(String::new(), |v| {
        format!(r#", "cast": {{"velocity_b": {}}}"#, list(&v[..n]))
    });
    let dimension = if c.plane { r#""dimension": 2, "# } else { "" };
    format!(
        r#"{{{dimension}"a": {}, "b": {}, "solver": {{{solver}}}{cast}}}"#,
        body(&c.a, c.plane),
        body(&c.b, c.plane)
    )
}
