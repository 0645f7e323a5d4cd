//! `query_bodies` with B put where A is, moved by a fraction of its own position: the pair
//! overlaps more often than not, so EPA runs and the contact manifold is built. Checked as
//! `scenario_text` checks a file: each manifold point on its shape, its depth its pair's,
//! none deeper than the depth's upper bound.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies.rs"]
mod bodies;

fuzz_target!(|input: bodies::ManifoldInput| {
    let text = bodies::manifold_text(&input);
    bodies::assert_sound(&text);
});
