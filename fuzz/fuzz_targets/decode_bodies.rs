//! Writes each input of a structure-aware target's corpus (`query_bodies`, `cast_bodies`,
//! `manifold_bodies`, `capture`) out as the scenario file it stands for (`composite_bodies`:
//! as the composite case it stands for), so that `cargo test`
//! can replay it on stable, as `scenario_text`'s corpus is:
//! `cargo run --bin decode_bodies -- query_bodies corpus/query_bodies corpus/query_bodies_files`.

use arbitrary::{Arbitrary, Unstructured};

#[path = "bodies.rs"]
mod bodies;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, target, from, to] = args.as_slice() else {
        eprintln!("usage: decode_bodies TARGET CORPUS OUT");
        std::process::exit(2);
    };
    std::fs::create_dir_all(to).expect("the output folder");
    let mut written = 0;
    for entry in std::fs::read_dir(from).expect("the corpus") {
        let path = entry.expect("an entry").path();
        let bytes = std::fs::read(&path).expect("a corpus file");
        // As libFuzzer's `fuzz_target!` decodes it: the whole input, its last bytes as lengths.
        let input = Unstructured::new(&bytes);
        let text = match target.as_str() {
            "query_bodies" => bodies::Case::arbitrary_take_rest(input).map(|c| bodies::scenario(&c)),
            "cast_bodies" => bodies::CastInput::arbitrary_take_rest(input).map(|c| bodies::cast_text(&c)),
            "manifold_bodies" => {
                bodies::ManifoldInput::arbitrary_take_rest(input).map(|c| bodies::manifold_text(&c))
            }
            "capture" => bodies::CaptureInput::arbitrary_take_rest(input).map(|c| bodies::capture_text(&c)),
            "composite_bodies" => {
                bodies::CompositeInput::arbitrary_take_rest(input).map(|c| bodies::composite_text(&c))
            }
            other => {
                eprintln!("decode_bodies: {other} is not a structure-aware target");
                std::process::exit(2);
            }
        };
        let Ok(text) = text else {
            continue;
        };
        let name = path.file_name().expect("a name").to_string_lossy();
        std::fs::write(format!("{to}/{name}.json"), text).expect("written");
        written += 1;
    }
    eprintln!("{written} scenario files written to {to}");
}
