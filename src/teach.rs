//! For the classroom: lessons as files ([`lesson`]), and presenter mode, which presents them
//! ([`classroom`]), written in the app ([`authoring`]); pictures of a run or a lesson taken ([`filming`]) and made into files
//! ([`pictures`]).
//!
//! May use: [`crate::case`], [`crate::views`].

pub mod authoring;
pub mod classroom;
pub mod filming;
pub mod lesson;
pub mod pictures;
