//! Tools built on the solver: sweeps of one parameter ([`sweep`]), two configurations run side
//! by side ([`compare`]), the soak that hunts for panics and contradictions ([`soak`]), a
//! composite case checked against its pieces ([`composite_check`]), and parry's answer beside
//! ours (`reference`, with the `reference` feature).
//!
//! May use everything below it. Nothing in the solver uses it.

pub mod compare;
pub mod composite_check;
#[cfg(feature = "reference")]
pub mod reference;
pub mod soak;
pub mod sweep;
