//! The soak: `cargo run --release -p gjk --example soak -- COUNT [SEED] [plane]`.
//!
//! Generates COUNT random and adversarial scenarios (see `gjk::tools::soak`; with `plane`, each
//! laid in the plane `z = 0` and solved there), runs each through
//! parse → validate → solve → EPA with its mirror image, swap and translation, and prints a
//! table of what it found. Exits 1 if anything panicked, hung, produced a non-finite number,
//! contradicted a known truth or was refused without naming a field.

use std::thread;

fn main() {
    let mut args = std::env::args().skip(1);
    let parse = |a: Option<String>, default: u64, what: &str| match a {
        None => default,
        Some(a) => a.parse().unwrap_or_else(|_| {
            eprintln!("soak: {what} {a:?} is not a whole number");
            std::process::exit(2);
        }),
    };
    let count = parse(args.next(), 100_000, "COUNT");
    let seed = parse(args.next(), 1, "SEED");
    let dimension = match args.next().as_deref() {
        None => gjk::config::Dimension::Three,
        Some("plane") => gjk::config::Dimension::Two,
        Some(other) => {
            eprintln!("soak: {other:?} is not `plane`");
            std::process::exit(2);
        }
    };
    let threads = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let started = std::time::Instant::now();
    // Each thread soaks its own seed, derived from SEED, so a run is repeatable.
    let report = thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let share = count / threads + u64::from(t < count % threads);
                scope.spawn(move || gjk::tools::soak::run_in(seed * 1000 + t, share, dimension))
            })
            .collect();
        let mut total = gjk::tools::soak::Report::default();
        for h in handles {
            total.merge(h.join().expect("soak threads catch their panics"));
        }
        total
    });
    let place = if dimension.is_plane() {
        " in the plane"
    } else {
        ""
    };
    println!(
        "soak: {count} queries{place} from seed {seed} on {threads} threads in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    print!("{report}");
    std::process::exit(if report.clean() { 0 } else { 1 });
}
