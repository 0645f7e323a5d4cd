//! What the measuring examples share: their random pairs and their one argument.

use super::common::{KINDS, Rng, body};
use gjk::BodySpec;

/// `n` random pairs, each body of any of the six kinds (`body`), drawn from `seed`.
pub fn random_pairs(seed: u64, n: usize) -> Vec<(BodySpec, BodySpec)> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let (ka, kb) = (rng.pick(6), rng.pick(6));
            (body(&mut rng, KINDS[ka]), body(&mut rng, KINDS[kb]))
        })
        .collect()
}

/// The examples' one argument, how many pairs (100,000 when absent); anything but a whole
/// number above zero prints `usage` and exits.
pub fn pairs_argument(usage: &str) -> usize {
    match std::env::args().nth(1).map(|a| a.parse()) {
        None => 100_000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: {usage} [PAIRS]  (PAIRS a whole number above zero)");
            std::process::exit(2);
        }
    }
}
