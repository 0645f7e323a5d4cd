//! For the classroom: lessons as files ([`lesson`]), and presenter mode, which presents them
//! ([`classroom`]).
//!
//! May use: [`crate::case`], [`crate::views`].

pub mod classroom;
pub mod lesson;
