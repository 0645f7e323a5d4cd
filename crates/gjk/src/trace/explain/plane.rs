//! The plane's account of a step's region: which inequalities put the origin in the Voronoi
//! region of the kept feature, with their numbers, as Ericson tests them for a segment and a
//! triangle ("The Gilbert-Johnson-Keerthi algorithm", §4):
//!
//! ```text
//!   vertex A     (O − A)·(B − A) ≤ 0 for every other vertex B     the origin is behind A
//!   edge AB      (O − A)·(B − A) ≥ 0 and (O − B)·(A − B) ≥ 0      it projects inside AB
//!                and O, C on opposite sides of the line AB        (a triangle's third vertex C)
//!   triangle     O on the inner side of all three edges           it is inside
//! ```
//!
//! "Sides" are the signs of the signed areas `(Q − P) × (X − P)` (the z of the cross product).

use super::{feature_name, fmt_num, kept_or_dropped};
use crate::trace::{Feature, Step};
use glam::DVec3;

/// Twice the signed area of the triangle `p q x`: positive when `x` is left of `p → q`.
fn side(p: DVec3, q: DVec3, x: DVec3) -> f64 {
    (q - p).cross(x - p).z
}

/// Appends the region sentence of `f`, a feature of `step`'s candidate simplex, to `s`.
pub(super) fn region_sentence(s: &mut String, step: &Step, f: &Feature) {
    let p: Vec<DVec3> = step.candidate.iter().map(|v| v.point).collect();
    let n = p.len();
    let name = |i: usize| step.label(i);
    let kept = &f.vertices;
    // (O − pᵢ)·(pⱼ − pᵢ): how far the origin lies past pᵢ along the edge towards pⱼ.
    let past = |i: usize, j: usize| {
        format!(
            "(O − {a})·({b} − {a}) = {}",
            fmt_num((-p[i]).dot(p[j] - p[i])),
            a = name(i),
            b = name(j)
        )
    };
    let sentence = match *kept.as_slice() {
        [i] => {
            let tests: Vec<String> = (0..n).filter(|&j| j != i).map(|j| past(i, j)).collect();
            format!(
                " The origin is behind {} along every edge from it ({} ≤ 0): it lies in the Voronoi region of {}",
                name(i),
                tests.join(" and "),
                feature_name(kept, &name)
            )
        }
        [i, j] => {
            let mut t = format!(
                " The origin projects inside edge {}{}: {} ≥ 0 and {} ≥ 0",
                name(i),
                name(j),
                past(i, j),
                past(j, i)
            );
            if let Some(k) = (0..n).find(|k| !kept.contains(k)) {
                t.push_str(&format!(
                    ", and it lies across the edge from {} (signed areas {} for O and {} for {}: opposite signs)",
                    name(k),
                    fmt_num(side(p[i], p[j], DVec3::ZERO)),
                    fmt_num(side(p[i], p[j], p[k])),
                    name(k)
                ));
            }
            t.push_str(&format!(
                ": it lies in the Voronoi region of {}",
                feature_name(kept, &name)
            ));
            t
        }
        _ => {
            let areas: Vec<String> = [(0, 1), (1, 2), (2, 0)]
                .iter()
                .filter(|&&(i, j)| i < n && j < n)
                .map(|&(i, j)| {
                    format!(
                        "{} for {}{}",
                        fmt_num(side(p[i], p[j], DVec3::ZERO)),
                        name(i),
                        name(j)
                    )
                })
                .collect();
            let labels: String = (0..n).map(name).collect();
            format!(
                " The origin is on the inner side of every edge of triangle {labels} (signed areas {}, all of one sign): it is inside the triangle",
                areas.join(", ")
            )
        }
    };
    s.push_str(&sentence);
    kept_or_dropped(s, f, n, &name);
}
