//! What a run proves: the bounds every answer carries and the certificate that says which of them
//! hold ([`bounds`]: separating planes, enclosures and the rounding they allow), and how the
//! radii of rounded shapes turn a proof about their cores into one about the shapes ([`radii`]).
//!
//! May use: [`crate::real`], [`crate::config`], [`crate::shape`], [`crate::trace`](mod@crate::trace),
//! [`crate::simplex`]. The solvers above call it to certify their answers.

pub mod bounds;
pub mod radii;
