//! A capture file as the app opens one: two bodies and a solver section as `query_bodies`
//! builds them, and an engine's answer as a game's capture writes it (a contact manifold or
//! a shape cast, any numbers). The file is not taken for a lesson, and it is read, solved
//! and checked as `scenario_text` checks a file, the engine's answer read against ours as
//! the panel reads it (`gjk::tools::soak::check_text`).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bodies.rs"]
mod bodies;

fuzz_target!(|input: bodies::CaptureInput| {
    let text = bodies::capture_text(&input);
    assert!(
        !gjk_lab_files::lesson::is_lesson(&text, gjk::Format::Json),
        "{text}"
    );
    bodies::assert_sound(&text);
});
