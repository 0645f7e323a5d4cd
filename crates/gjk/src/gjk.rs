//! GJK itself: the distance GJK ([`distance`], with either subalgorithm), the boolean GJK that
//! only asks whether the bodies meet ([`boolean`]), the closed form for cores that are points or
//! segments ([`closed`]), two boxes' separating axes ([`boxes`]), the accelerated search direction
//! ([`momentum`]), and the one-iteration-at-a-time interface a debugger steps ([`stepper`]).
//!
//! May use: [`crate::real`], [`crate::config`], [`crate::shape`], [`crate::trace`](mod@crate::trace),
//! [`crate::simplex`], [`crate::proof`].

pub mod boolean;
pub mod boxes;
pub mod closed;
pub mod distance;
pub mod momentum;
pub mod stepper;
