//! For the classroom: presenter mode and its tour ([`classroom`]).
//!
//! May use: [`crate::case`], [`crate::views`].

pub mod classroom;
