//! Your own shape under the solver: an ellipsoid, which GJK Lab does not ship, implements
//! [`SupportMap`] and is solved and traced like any built-in shape. The example checks itself
//! against the answer worked out by hand: for two equal ellipsoids with the same axes, `A ⊖ B`
//! is the ellipsoid of twice the radii about `c_A − c_B`, and the distance from the origin to
//! an ellipsoid is a one-dimensional root (below).
//!
//! ```text
//! cargo run -p gjk --example ellipsoid
//! ```

use gjk::query::run;
use gjk::{Body, MinkowskiDifference, Outcome, Pose, Recorder, SolverConfig, SupportMap};
use glam::DVec3;

/// The ellipsoid `(x/a)² + (y/b)² + (z/c)² ≤ 1`.
struct Ellipsoid {
    radii: DVec3,
}

impl SupportMap<f64> for Ellipsoid {
    /// The support point of an ellipsoid is the sphere's, stretched: with `E = diag(a, b, c)`,
    /// `s(d) = E² d / ‖E d‖` (maximise `d·x` over `x = E u`, `‖u‖ ≤ 1`: `u = E d / ‖E d‖`).
    fn local_support(&self, d: DVec3) -> DVec3 {
        let ed = self.radii * d;
        let len = ed.length();
        if len > 0.0 {
            self.radii * ed / len
        } else {
            DVec3::ZERO
        }
    }

    fn bounding_radius(&self) -> f64 {
        self.radii.max_element()
    }
}

/// The distance from `p` (outside) to the ellipsoid of radii `r` about the origin. The closest
/// point `x` has its normal `(xᵢ/rᵢ²)` along `p − x`, so `xᵢ = pᵢ rᵢ² / (rᵢ² + t)` for some
/// `t ≥ 0`, the one that puts `x` on the surface: `Σ (xᵢ/rᵢ)² = 1`, decreasing in `t`, found by
/// bisection to the last bit.
fn distance_to_ellipsoid(p: DVec3, r: DVec3) -> f64 {
    let point = |t: f64| p * r * r / (r * r + DVec3::splat(t));
    let outside = |t: f64| (point(t) / r).length_squared() > 1.0;
    let (mut lo, mut hi) = (0.0, p.length() * r.max_element());
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if outside(mid) { lo = mid } else { hi = mid }
    }
    (p - point(hi)).length()
}

fn main() {
    let radii = DVec3::new(2.0, 0.5, 1.0);
    let (ca, cb) = (DVec3::ZERO, DVec3::new(3.0, 1.6, 0.9));
    let a = Body::new(Ellipsoid { radii }, Pose::at(ca), 0.0);
    let b = Body::new(Ellipsoid { radii }, Pose::at(cb), 0.0);
    let config = SolverConfig::default();
    let mut recorder = Recorder::default();
    let finish = run(
        MinkowskiDifference::new(&a, &b),
        &config,
        None,
        &mut recorder,
    );
    for step in &recorder.steps {
        println!("{:>2}  {}", step.iteration, step.explanation());
    }
    let Outcome::Separated { distance, .. } = finish.outcome else {
        panic!("the ellipsoids are apart, got {:?}", finish.outcome);
    };
    let exact = distance_to_ellipsoid(cb - ca, 2.0 * radii);
    let [lower, upper] = finish.certificate.distance_bounds;
    println!("distance {distance} (exact {exact}), proven in [{lower}, {upper}]");
    assert!(finish.certificate.certified, "the answer is certified");
    assert!(
        lower <= exact && exact <= upper,
        "the exact answer is inside the bounds"
    );
    assert!((distance - exact).abs() <= 1e-9 * exact);
}
