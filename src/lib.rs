//! GJK Lab, the app: two shapes, their Minkowski difference, and GJK stepped and drawn.
//! The solver lives in the `gjk` crate; nothing here computes GJK.
//!
//! The modules, lowest first; each uses only those before it (`docs/architecture.md` draws
//! the arrows, and a test keeps them one way):
//!
//! - [`case`]: the case under study, its run, its files and links;
//! - [`views`]: what is drawn of it: the world and Minkowski views, overlays, labels, cameras;
//! - [`teach`]: presenter mode and its tour;
//! - [`panel`]: the side panel's controls and readouts;
//! - [`platform`]: what differs between the desktop and the page (displays, file dialogs,
//!   drops);
//! - [`app`]: the plugins put together, and the ways the window opens;
//! - [`cli`]: the command line, and the commands that need no window.

pub mod app;
pub mod case;
pub mod cli;
pub mod panel;
pub mod platform;
pub mod teach;
pub mod views;
