//! `query_bodies` with a cast always asked for: B moves along a velocity drawn from the
//! bytes (any size, sometimes non-finite), so every cast method meets every shape pair.
//! Checked as `scenario_text` checks a file: the cast's answer within its own bounds and its
//! time of impact where a static query there agrees.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies.rs"]
mod bodies;

fuzz_target!(|input: bodies::CastInput| {
    let text = bodies::cast_text(&input);
    bodies::assert_sound(&text);
});
