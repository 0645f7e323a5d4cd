//! Vectors and quaternions in scenario files, read with their exact number of components.
//!
//! glam's own deserializer reads three numbers and then lets the format complain about what
//! follows ("trailing characters"), which names neither the field nor the count. These read
//! every component and say how many there were: `a.position: invalid length 4, expected 3
//! numbers [x, y, z]`. They accept what glam writes: `[x, y, z]` in JSON, `(x, y, z)` in RON.

use glam::{DQuat, DVec3};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::fmt;

/// Exactly `N` numbers.
struct Numbers<const N: usize>;

impl<'de, const N: usize> Visitor<'de> for Numbers<N> {
    type Value = [f64; N];

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match N {
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

/// An optional `[x, y, z]`.
pub fn opt_vec3<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DVec3>, D::Error> {
    struct Opt;
    impl<'de> Visitor<'de> for Opt {
        type Value = Option<DVec3>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("3 numbers [x, y, z] or nothing")
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            vec3(d).map(Some)
        }
    }
    d.deserialize_option(Opt)
}

/// One `[x, y, z]` inside a list.
struct Point;

impl<'de> de::DeserializeSeed<'de> for Point {
    type Value = DVec3;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<DVec3, D::Error> {
        vec3(d)
    }
}

/// A list of `[x, y, z]`.
pub fn vec3_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<DVec3>, D::Error> {
    struct List;
    impl<'de> Visitor<'de> for List {
        type Value = Vec<DVec3>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a list of points [x, y, z]")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<DVec3>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
            while let Some(p) = seq.next_element_seed(Point)? {
                out.push(p);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(List)
}

/// A quaternion `[x, y, z, w]`.
pub fn quat<'de, D: Deserializer<'de>>(d: D) -> Result<DQuat, D::Error> {
    d.deserialize_tuple_struct("DQuat", 4, Numbers::<4>)
        .map(DQuat::from_array)
}
