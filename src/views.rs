//! What is drawn of the case: the world view ([`scene`]) and the Minkowski view
//! ([`minkowski_view`]), the step's overlays ([`step_view`]), the cores ([`cores`]), the cast
//! ([`cast`]), a body of many pieces ([`pieces`]), the labels ([`labels`], placed by [`label_layout`]), the cameras ([`camera`]) and
//! the mouse and keys that move them ([`controls`]); the colours ([`palette`]), the matte
//! shading ([`shading`]), the fonts ([`glyphs`]), hull meshes ([`hull`]) and outlines ([`outline`]).
//!
//! May use: [`crate::case`]. A new step overlay goes here.

pub mod camera;
pub mod cast;
pub mod controls;
pub mod cores;
pub mod glyphs;
pub mod hull;
pub mod label_layout;
pub mod labels;
pub mod manifold;
pub mod minkowski_view;
pub mod outline;
pub mod palette;
pub mod pieces;
pub mod plane;
pub mod scene;
pub mod shading;
pub mod step_view;
