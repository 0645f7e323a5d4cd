//! GJK Lab, the app: two shapes, their Minkowski difference, and GJK stepped and drawn.
//! The solver lives in the `gjk` crate; nothing here computes GJK.

pub mod app;
pub mod assets;
pub mod camera;
pub mod cast;
pub mod classroom;
pub mod cli;
pub mod compare;
pub mod controls;
pub mod cores;
#[cfg(not(target_arch = "wasm32"))]
pub mod display;
pub mod frames;
pub mod guard;
pub mod hull;
pub mod import;
pub mod label_layout;
pub mod labels;
pub mod link;
pub mod minkowski_view;
pub mod outline;
pub mod palette;
pub mod panel;
pub mod playback;
#[cfg(not(target_arch = "wasm32"))]
pub mod query;
pub mod reference;
pub mod scenario_io;
pub mod scene;
pub mod shading;
pub mod shot;
pub mod step_view;
pub mod sweep;
#[cfg(target_arch = "wasm32")]
pub mod web;
