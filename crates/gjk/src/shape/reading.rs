//! How scenario files are read, so that every error names its field.
//!
//! Vectors and quaternions are read with their exact number of components: glam's own
//! deserializer reads three numbers and then lets the format complain about what
//! follows ("trailing characters"), which names neither the field nor the count. These read
//! every component and say how many there were: `a.position: invalid length 4, expected 3
//! numbers [x, y, z]`. They accept what glam writes: `[x, y, z]` in JSON, `(x, y, z)` in RON.

use crate::shape::Shape;
use glam::{DQuat, DVec2, DVec3};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::fmt;

/// Exactly `N` numbers.
struct Numbers<const N: usize>;

impl<'de, const N: usize> Visitor<'de> for Numbers<N> {
    type Value = [f64; N];

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match N {
            2 => f.write_str("2 numbers [x, y] (a 2D scenario's vectors lie in its plane)"),
            3 => f.write_str("3 numbers [x, y, z]"),
            _ => f.write_str("4 numbers [x, y, z, w]"),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[f64; N], A::Error> {
        let mut out = [0.0; N];
        let mut n = 0;
        while let Some(x) = seq.next_element::<f64>()? {
            if let Some(slot) = out.get_mut(n) {
                *slot = x;
            }
            n += 1;
        }
        if n == N {
            Ok(out)
        } else {
            Err(de::Error::invalid_length(n, &self))
        }
    }
}

/// `[x, y, z]`.
pub fn vec3<'de, D: Deserializer<'de>>(d: D) -> Result<DVec3, D::Error> {
    d.deserialize_tuple_struct("DVec3", 3, Numbers::<3>)
        .map(DVec3::from_array)
}

/// `[x, y]`, a vector of a 2D scenario.
pub fn vec2<'de, D: Deserializer<'de>>(d: D) -> Result<DVec2, D::Error> {
    d.deserialize_tuple_struct("DVec2", 2, Numbers::<2>)
        .map(DVec2::from_array)
}

/// What a file writes for a vector: `[x, y, z]` in space, `[x, y]` in the plane, and one
/// number for an angular velocity in the plane (a turn about its normal).
pub trait Coordinates: Sized {
    /// Reads the coordinates, naming what was expected when they are not.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error>;
    /// What the reader expects, for the messages.
    const EXPECTING: &'static str;
}

impl Coordinates for DVec3 {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        vec3(d)
    }
    const EXPECTING: &'static str = "3 numbers [x, y, z]";
}

impl Coordinates for DVec2 {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        vec2(d)
    }
    const EXPECTING: &'static str = "2 numbers [x, y]";
}

impl Coordinates for f64 {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        f64::deserialize(d)
    }
    const EXPECTING: &'static str = "a number";
}

/// A vector as [`Coordinates`] reads it.
pub fn coordinates<'de, D: Deserializer<'de>, V: Coordinates>(d: D) -> Result<V, D::Error> {
    V::read(d)
}

/// An optional vector.
pub fn opt_coordinates<'de, D: Deserializer<'de>, V: Coordinates>(
    d: D,
) -> Result<Option<V>, D::Error> {
    struct Opt<V>(std::marker::PhantomData<V>);
    impl<'de, V: Coordinates> Visitor<'de> for Opt<V> {
        type Value = Option<V>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{} or nothing", V::EXPECTING)
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            V::read(d).map(Some)
        }
    }
    d.deserialize_option(Opt(std::marker::PhantomData))
}

/// One point inside a list.
struct Point<V>(std::marker::PhantomData<V>);

impl<'de, V: Coordinates> de::DeserializeSeed<'de> for Point<V> {
    type Value = V;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<V, D::Error> {
        V::read(d)
    }
}

/// A list of points (`[x, y, z]` in space, `[x, y]` in the plane).
pub fn point_list<'de, D: Deserializer<'de>, V: Coordinates>(d: D) -> Result<Vec<V>, D::Error> {
    struct List<V>(std::marker::PhantomData<V>);
    impl<'de, V: Coordinates> Visitor<'de> for List<V> {
        type Value = Vec<V>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of points, each {}", V::EXPECTING)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<V>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
            while let Some(p) = seq.next_element_seed(Point(std::marker::PhantomData))? {
                out.push(p);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(List(std::marker::PhantomData))
}

/// A quaternion `[x, y, z, w]`.
pub fn quat<'de, D: Deserializer<'de>>(d: D) -> Result<DQuat, D::Error> {
    d.deserialize_tuple_struct("DQuat", 4, Numbers::<4>)
        .map(DQuat::from_array)
}

/// A shape as written, before its `type` says which fields belong to it. Reading the fields
/// as a plain struct lets an error name the field (`a.shape.radius: invalid type: string`);
/// serde's tagged enums buffer the fields and can only name the shape.
///
/// `V` is a vector as the file writes it: `[x, y, z]`, or `[x, y]` in a 2D file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "V: Coordinates"))]
pub(crate) struct ShapeFields<V> {
    #[serde(rename = "type")]
    pub(crate) kind: String,
    #[serde(default, deserialize_with = "present")]
    pub(crate) radius: Option<f64>,
    #[serde(default, deserialize_with = "present")]
    pub(crate) half_height: Option<f64>,
    #[serde(default, deserialize_with = "present_vector")]
    pub(crate) half_extents: Option<V>,
    #[serde(default, deserialize_with = "point_list")]
    pub(crate) vertices: Vec<V>,
}

/// A field that is there (absent ones are `None` by `default`): a plain number in JSON and RON
/// alike, where RON would want `Some(…)` for an `Option`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    f64::deserialize(d).map(Some)
}

/// A vector (or number) that is there.
fn present_vector<'de, D: serde::Deserializer<'de>, V: Coordinates>(
    d: D,
) -> Result<Option<V>, D::Error> {
    V::read(d).map(Some)
}

impl<V> ShapeFields<V> {
    /// Refuses a field the shape's kind does not have (`fields`: the kind's).
    pub(crate) fn only(&self, fields: &[&str]) -> Result<(), String> {
        let given = [
            ("radius", self.radius.is_some()),
            ("half_height", self.half_height.is_some()),
            ("half_extents", self.half_extents.is_some()),
            ("vertices", !self.vertices.is_empty()),
        ];
        match given
            .iter()
            .find(|(name, present)| *present && !fields.contains(name))
        {
            Some((name, _)) => Err(format!(
                "a {} has no `{name}` (its fields: {})",
                self.kind,
                fields.join(", ")
            )),
            None => Ok(()),
        }
    }

    /// A field the shape must have.
    pub(crate) fn need<T>(&self, x: Option<T>, name: &str) -> Result<T, String> {
        x.ok_or_else(|| format!("a {} needs `{name}`", self.kind))
    }
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Shape::try_from(ShapeFields::deserialize(d)?).map_err(de::Error::custom)
    }
}

impl TryFrom<ShapeFields<DVec3>> for Shape {
    type Error = String;

    fn try_from(f: ShapeFields<DVec3>) -> Result<Self, String> {
        let fields: &[&str] = match f.kind.as_str() {
            "sphere" => &["radius"],
            "cuboid" => &["half_extents"],
            "capsule" | "cylinder" | "cone" => &["half_height", "radius"],
            "polytope" => &["vertices"],
            other => {
                return Err(format!(
                    "type \"{other}\" is not a shape; use one of {}",
                    Shape::KINDS.join(", ")
                ));
            }
        };
        f.only(fields)?;
        Ok(match f.kind.as_str() {
            "sphere" => Shape::Sphere {
                radius: f.need(f.radius, "radius")?,
            },
            "cuboid" => Shape::Cuboid {
                half_extents: f.need(f.half_extents, "half_extents")?,
            },
            kind @ ("capsule" | "cylinder" | "cone") => {
                let half_height = f.need(f.half_height, "half_height")?;
                let radius = f.need(f.radius, "radius")?;
                match kind {
                    "capsule" => Shape::Capsule {
                        half_height,
                        radius,
                    },
                    "cylinder" => Shape::Cylinder {
                        half_height,
                        radius,
                    },
                    _ => Shape::Cone {
                        half_height,
                        radius,
                    },
                }
            }
            _ => Shape::Polytope {
                vertices: f.vertices,
            },
        })
    }
}
