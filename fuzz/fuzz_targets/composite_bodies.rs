//! A convex body against a small triangle mesh, queried and, given a velocity, cast: up to 12
//! vertices and 24 triangles, each number drawn as `query_bodies` draws its own, written as the
//! case `gjk::tools::composite_check` reads and checked there against every piece queried and
//! cast alone (the pair's bounds in order and below every piece's, no overlap lost, the first
//! hit the earliest of the pieces', every seam's verdict its angle's, every refusal naming its
//! field).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies.rs"]
mod bodies;

fuzz_target!(|input: bodies::CompositeInput| {
    let text = bodies::composite_text(&input);
    let problems = gjk::tools::composite_check::check_composite_text(&text);
    assert!(problems.is_empty(), "{text}\n{}", problems.join("\n"));
});
