//! What differs between the desktop and the page: whether a display can be opened
//! ([`display`]), the desktop's file dialogs ([`dialog`]), the page's file dialog, downloads and
//! drops (`web`), and files that arrive
//! (dropped on the window, picked or dropped in the page, a link changed) turned into the case's
//! requests ([`arrivals`]), and the reader's preferences kept between runs ([`preferences`]).
//!
//! May use: [`crate::case`], [`crate::views`] (a dropped mesh replaces the body drawn nearest).

pub mod arrivals;
#[cfg(not(target_arch = "wasm32"))]
pub mod dialog;
#[cfg(not(target_arch = "wasm32"))]
pub mod display;
pub mod preferences;
#[cfg(target_arch = "wasm32")]
pub mod web;
