#[path = "../tests/solver/common.rs"]
#[expect(dead_code, unused_imports, reason = "probe")]
mod common;
use common::{KINDS, Rng, body};
use gjk::{Acceleration, Algorithm, Precision, Radii, SolverConfig};
use std::hash::{Hash, Hasher};
fn main() {
    let mut rng = Rng::new(7);
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut steps = 0;
    for i in 0..3000 {
        let (ka, kb) = (KINDS[i % 6], KINDS[(i / 6) % 6]);
        let (a, b) = (body(&mut rng, ka), body(&mut rng, kb));
        for algorithm in [
            Algorithm::Distance,
            Algorithm::SignedVolumes,
            Algorithm::Boolean,
        ] {
            for acceleration in [Acceleration::None, Acceleration::Nesterov] {
                for precision in [Precision::F64, Precision::F32] {
                    let c = SolverConfig {
                        algorithm,
                        acceleration,
                        precision,
                        radii: Radii::Folded,
                        ..SolverConfig::default()
                    };
                    let t = gjk::trace(&a, &b, &c);
                    steps += t.steps.len();
                    format!("{:?}", t.steps).hash(&mut h);
                }
            }
        }
    }
    println!("{steps} steps, hash {:016x}", h.finish());
}
