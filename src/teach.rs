//! For the classroom: presenter mode, which presents lessons (their files are
//! `gjk_lab_files::lesson`) ([`classroom`]), written in the app ([`authoring`]); pictures of a run or a lesson taken ([`filming`]) and made into files
//! ([`pictures`]).
//!
//! May use: [`crate::case`], [`crate::views`].

pub mod authoring;
pub mod classroom;
pub mod filming;
pub mod pictures;
