//! Two bodies and a solver section built from the fuzzer's bytes (structure-aware, through
//! `arbitrary`): every shape kind in space and in the plane, every algorithm, both precisions,
//! the radii's three treatments, momentum, any tolerance and cap, sometimes a cast. Numbers
//! are mostly ordinary, sometimes anything at all (NaN, ±∞, 1e300). Written out as the
//! scenario file it makes and checked as `scenario_text` checks a file, so a refusal must
//! name its field and an answer must agree with its mirror, its swap and its translation.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies.rs"]
mod bodies;

fuzz_target!(|case: bodies::Case| {
    let text = bodies::scenario(&case);
    bodies::assert_sound(&text);
});
