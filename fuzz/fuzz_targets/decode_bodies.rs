//! Writes each input of a `query_bodies` corpus out as the scenario file it stands for, so
//! that `cargo test` can replay it on stable, as `scenario_text`'s corpus is:
//! `cargo run --bin decode_bodies -- corpus/query_bodies corpus/query_bodies_files`.

use arbitrary::{Arbitrary, Unstructured};

#[path = "bodies.rs"]
mod bodies;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, from, to] = args.as_slice() else {
        eprintln!("usage: decode_bodies CORPUS OUT");
        std::process::exit(2);
    };
    std::fs::create_dir_all(to).expect("the output folder");
    let mut written = 0;
    for entry in std::fs::read_dir(from).expect("the corpus") {
        let path = entry.expect("an entry").path();
        let bytes = std::fs::read(&path).expect("a corpus file");
        // As libFuzzer's `fuzz_target!` decodes it: the whole input, its last bytes as lengths.
        let Ok(case) = bodies::Case::arbitrary_take_rest(Unstructured::new(&bytes)) else {
            continue;
        };
        let name = path.file_name().expect("a name").to_string_lossy();
        std::fs::write(format!("{to}/{name}.json"), bodies::scenario(&case)).expect("written");
        written += 1;
    }
    eprintln!("{written} scenario files written to {to}");
}
