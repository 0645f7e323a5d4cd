//! Steps in plain words. A record keeps numbers; the sentences a reader sees (the panel, the
//! trace document) are written from them here, when someone reads them, so recording a run
//! costs little more than running it. How numbers are written: [`fmt_num`] and its kin.

mod boxes;
mod certificate;
mod decided;
mod numbers;
mod plane;

pub use numbers::{fmt_apart, fmt_num, fmt_vec, fmt_vec_in};

use crate::config::{Dimension, thresholds};
use crate::trace::{EpaStop, Feature, FeatureKind, GjkStop, Phase, Shortcut, Step, Termination};

impl Step {
    /// What happened in this step and why, in one plain sentence or a few: the step, then why
    /// the run stopped, then what the answer proves (on the trace's last step).
    pub fn explanation(&self) -> String {
        self.explanation_in(Dimension::Three)
    }

    /// [`Step::explanation`] for a run in `dimension`: in the plane the full simplex is a
    /// triangle, EPA grows a polygon, and the region a step keeps is told with the inequalities
    /// that decided it, with their numbers.
    pub fn explanation_in(&self, dimension: Dimension) -> String {
        let plane = dimension.is_plane();
        let mut s = match &self.phase {
            Phase::ClosedForm => closed_step(self),
            Phase::Distance => distance_step(self, plane),
            Phase::BoxAxes => boxes::step_sentence(self, plane),
            Phase::Boolean => boolean_step(self, plane),
            Phase::Epa(epa) => {
                let (removed, rim) = epa.boundary.removed_and_rim();
                epa_step(self, removed, rim, plane)
            }
        };
        if self.cores.is_some() && self.iteration == 1 && !self.is_closed_form() {
            s.insert_str(0, "Radii split: GJK runs on the cores (a sphere's centre, a capsule's segment, a rounded shape without its rounding); the radii are added back at the end. ");
        }
        // The trace's last step ends with the answer: how the radii turned the cores' answer
        // into the shapes', then what the answer proves (the certificate `query` reports).
        if let Some(r) = &self.radii {
            s.push(' ');
            s.push_str(&r.describe());
        }
        if let Some(c) = &self.certificate {
            s.push(' ');
            s.push_str(&c.describe_of("shapes"));
        }
        s
    }
}

/// The one step of a closed-form answer (`radii: closed`, see [`crate::gjk::closed`]).
fn closed_step(step: &Step) -> String {
    let v = step.closest.unwrap_or(step.support.point);
    format!(
        "Radii closed: a sphere's core is its centre, a capsule's its segment and a triangle its own, and the radii are added back at the end. No support point is searched for: v = a − b = {} joins the closest points a and b of the two cores, and the plane through v normal to d = {} has the cores' whole difference beyond it (the lower bound). {}",
        fmt_vec(v),
        fmt_vec(step.direction),
        step.termination
            .map(|t| t.describe_named(&|i| step.label(i), true))
            .unwrap_or_default()
    )
}

/// The plain-words account of one distance-GJK iteration (`plane`: in the plane).
fn distance_step(step: &Step, plane: bool) -> String {
    let fmt_vec = |v| fmt_vec_in(v, plane);
    let before_len = step.before;
    let feature = step.feature.as_ref();
    // The arrow drawn is d, the direction this step searched along: −v of the step before, or
    // with momentum a blend of it and the earlier directions.
    let along = if step.momentum.is_some() {
        format!("d = {}", fmt_vec(step.direction))
    } else {
        format!("d = {} (the last step's −v)", fmt_vec(step.direction))
    };
    // What became of w: it joined the simplex; it joined and was given back (momentum's "not
    // decreasing"); or it was examined before joining. The momentum's or the termination's
    // sentence after it says why.
    let fate = if feature.is_some() {
        format!("is the new vertex {}", step.label(before_len))
    } else if step.candidate.len() > before_len {
        format!("is tried as vertex {}", step.label(before_len))
    } else {
        "is examined before it joins the simplex".to_string()
    };
    let mut s = if step.iteration == 1 && before_len > 0 {
        format!(
            "Warm start: the previous run's simplex, its witness points carried along with the bodies, is the first guess; the support point w furthest along its −v, d = {}, {fate}.",
            fmt_vec(step.direction),
        )
    } else if step.iteration == 1 {
        format!(
            "Start: the support point furthest along the first direction {} becomes vertex {}, the first guess for the closest point.",
            fmt_vec(step.direction),
            step.label(0)
        )
    } else {
        format!("The support point w furthest along {along} {fate}.")
    };
    if let Some(m) = &step.momentum {
        s.insert_str(0, &format!(
            "With momentum: d blends −v with the earlier directions, keeping {} of them (−v is drawn beside d). ",
            fmt_num(m.weight)
        ));
        if let Some(off) = m.switched_off {
            s.push(' ');
            s.push_str(off.describe());
        }
    }
    if let (Some(f), true) = (feature, step.iteration > 1 || before_len > 0) {
        if plane {
            plane::region_sentence(&mut s, step, f);
        } else {
            region_sentence(&mut s, f, before_len + 1, &|i| step.label(i));
        }
    }
    // With momentum on, the next direction is not −v.
    let blended = match (step.next_direction, step.closest) {
        (Some(n), Some(v)) => (n + v).length() > thresholds::blended_direction(v.length()),
        _ => false,
    };
    match step.termination {
        None if blended => s.push_str(
            " The search continues along d, which blends −v with the earlier directions.",
        ),
        None => match step.next_direction {
            Some(next) => s.push_str(&format!(
                " The next direction is −v = {}, from the {} closest point v towards the origin.",
                fmt_vec(next),
                // Without a feature the simplex, and so v, is the one the step started from.
                if feature.is_some() { "new" } else { "same" }
            )),
            None => s.push_str(
                " The search continues along −v, from the closest point v towards the origin.",
            ),
        },
        Some(t) => {
            s.push(' ');
            s.push_str(&t.describe_in(&|i| step.label(i), step.cores.is_some(), plane));
        }
    }
    s
}

/// " The origin lies in the Voronoi region of edge w₁w₂, so w₃ is dropped." (`name` gives each
/// candidate slot its label.)
fn region_sentence(
    s: &mut String,
    f: &Feature,
    candidates: usize,
    name: &dyn Fn(usize) -> &'static str,
) {
    match f.kind {
        FeatureKind::Interior => s.push_str(&format!(
            " The origin is inside tetrahedron {}",
            (0..4).map(name).collect::<String>()
        )),
        _ => {
            s.push_str(" The origin lies in the Voronoi region of ");
            s.push_str(&feature_name(&f.vertices, name));
        }
    }
    kept_or_dropped(s, f, candidates, name);
}

/// How a region sentence ends: the fallback, if taken, then what was dropped.
fn kept_or_dropped(
    s: &mut String,
    f: &Feature,
    candidates: usize,
    name: &dyn Fn(usize) -> &'static str,
) {
    if f.by_fallback {
        s.push_str(" (the simplex is nearly flat, so the nearest sub-simplex was taken instead of the region tests)");
    }
    match dropped_phrase(candidates, &f.vertices, name) {
        Some(d) => {
            s.push_str(", so ");
            s.push_str(&d);
            s.push_str(" dropped.");
        }
        None => s.push_str(", so every vertex stays."),
    }
}

/// The plain-words account of one boolean-GJK iteration (`plane`: in the plane).
fn boolean_step(step: &Step, plane: bool) -> String {
    let joins = step.label(step.before);
    let dot = step.quantities.support_dot_direction.unwrap_or(f64::NAN);
    let mut s = if step.iteration == 1 {
        "Start: the support point along the first direction becomes the first vertex; the search turns back towards the origin.".to_string()
    } else if step.feature.is_none() {
        // Stopped before the point joined: the termination's sentence says why.
        "The new support point w is tested against the origin before it joins the simplex."
            .to_string()
    } else {
        format!(
            "The new support point {joins} passes the origin (w·d = {} ≥ 0), so it joins the simplex as {joins}.",
            fmt_num(dot),
        )
    };
    let flat = matches!(
        step.termination,
        Some(Termination::Gjk(GjkStop::DegenerateSimplex { .. }))
    );
    if let (Some(f), true) = (&step.feature, step.iteration > 1) {
        let enclosed = matches!(
            step.termination,
            Some(Termination::Gjk(GjkStop::IntersectionFound { .. }))
        );
        if plane && enclosed {
            s.push_str(" The origin is inside both edges through the newest point, so the triangle encloses it.");
        } else if f.kind == FeatureKind::Interior {
            s.push_str(" The origin is behind every face next to the newest point, so the tetrahedron encloses it.");
        } else if matches!(
            step.termination,
            Some(Termination::Gjk(GjkStop::ZeroDirection { .. }))
        ) {
            // The origin is on the feature itself: there is no direction towards it to give.
            s.push_str(&format!(
                " The origin is in the region of {}, which is kept.",
                feature_name(&f.vertices, &|i| step.label(i))
            ));
        } else if !flat {
            s.push_str(&format!(
                " The origin is in the region of {}, which is kept; the next direction points from it towards the origin.",
                feature_name(&f.vertices, &|i| step.label(i))
            ));
        }
    }
    if let Some(t) = step.termination {
        s.push(' ');
        s.push_str(&t.describe_in(&|i| step.label(i), step.cores.is_some(), plane));
    }
    s
}

/// The plain-words account of one EPA iteration: the closest face's (in the plane: edge's)
/// distance is the step's `v_norm`, the support point's reach beyond it its `gap`.
fn epa_step(step: &Step, removed: usize, horizon: usize, plane: bool) -> String {
    let q = &step.quantities;
    let face = if plane { "edge" } else { "face" };
    let distance = fmt_num(q.v_norm.unwrap_or(f64::NAN));
    // A converged step's stop says the reach itself, with its tolerance: said once.
    let mut s = if matches!(
        step.termination,
        Some(Termination::Epa(EpaStop::Converged { .. }))
    ) {
        format!("EPA: the {face} nearest the origin is {distance} away.")
    } else {
        format!(
            "EPA: the {face} nearest the origin is {distance} away; the support point along its normal reaches {} beyond it.",
            fmt_num(q.gap.unwrap_or(f64::NAN))
        )
    };
    match step.termination {
        Some(t) => {
            s.push(' ');
            s.push_str(&t.describe_in(&label, step.cores.is_some(), plane));
        }
        None if plane => s.push_str(&format!(
            " It sees {removed} edge{}; {} replaced by the two edges from their ends to the new point, and the polygon stays convex.",
            if removed == 1 { "" } else { "s" },
            if removed == 1 { "it is" } else { "they are" }
        )),
        None => s.push_str(&format!(
            " It sees {removed} face{}; {} removed and the {horizon} horizon edges are joined to it.",
            if removed == 1 { "" } else { "s" },
            if removed == 1 { "it is" } else { "they are" }
        )),
    }
    s
}

impl Termination {
    /// One plain sentence saying why the run stopped, with its numbers.
    pub fn describe(&self) -> String {
        self.describe_named(&label, false)
    }

    /// [`Termination::describe`] with the simplex's slots labelled by `name` (a step's kept
    /// names, see [`Step::label`]).
    pub fn describe_named(&self, name: &dyn Fn(usize) -> &'static str, on_cores: bool) -> String {
        self.describe_in(name, on_cores, false)
    }

    /// [`Termination::describe_named`] for a run in the `plane` (a triangle is the full
    /// simplex, EPA's polytope a polygon), or in space.
    pub fn describe_in(
        &self,
        name: &dyn Fn(usize) -> &'static str,
        on_cores: bool,
        plane: bool,
    ) -> String {
        let (simplex, polytope, face) = if plane {
            ("triangle", "polygon", "edge")
        } else {
            ("tetrahedron", "polytope", "face")
        };
        // A run on the cores (`radii: split`) tells of the cores; the radii's sentence then
        // says what that makes of the shapes.
        let (shapes, the_distance, the_depth) = if on_cores {
            (
                "the cores",
                "the cores' distance",
                "the cores' penetration depth",
            )
        } else {
            ("the shapes", "the distance", "the penetration depth")
        };
        match *self {
            Termination::Gjk(GjkStop::IntersectionFound { .. }) => {
                format!("The {simplex} encloses the origin: {shapes} intersect.")
            }
            Termination::Gjk(GjkStop::GapBelowTolerance {
                gap,
                threshold,
                distance,
            }) => format!(
                "The new point gets no closer: the gap |v|² − v·w = {} is at or below {}, so {the_distance} is {} (within the relative tolerance).",
                fmt_num(gap),
                fmt_num(threshold),
                fmt_num(distance)
            ),
            Termination::Gjk(GjkStop::DistanceBelowTolerance { v_norm, threshold }) => format!(
                "The closest point is {} from the origin, within the absolute tolerance {}: {shapes} touch or overlap.",
                fmt_num(v_norm),
                fmt_num(threshold)
            ),
            Termination::Gjk(GjkStop::RepeatedSupport { vertex, distance }) => format!(
                "The new point is vertex {} again, so no progress is possible: {the_distance} is {} (the gap test had not passed yet, a sign of rounding).",
                name(vertex),
                fmt_num(distance)
            ),
            Termination::Gjk(GjkStop::NotDecreasing { previous, current }) => {
                let [previous, current] = fmt_apart(previous, current);
                format!(
                    "Rounding has taken over: |v| would go from {previous} to {current} instead of shrinking, so the previous simplex and distance are kept."
                )
            }
            Termination::Gjk(GjkStop::DegenerateSimplex { size, measure }) => format!(
                "The {size}-point simplex is flat (shape measure {}), so the algorithm cannot tell on which side the origin lies and gives up undecided.",
                fmt_num(measure)
            ),
            Termination::Gjk(GjkStop::ZeroDirection { .. }) => {
                format!(
                    "The next search direction is zero: the origin lies exactly on the simplex, so {shapes} touch or overlap, but a naive loop would now search along nothing."
                )
            }
            Termination::Gjk(GjkStop::NotPastOrigin { dot }) => format!(
                "The new support point does not get past the origin (w·d = {} < 0): a plane separates {shapes}.",
                fmt_num(dot)
            ),
            Termination::Epa(EpaStop::Converged {
                gap,
                threshold,
                depth,
            }) => format!(
                "The support point along the closest {face}'s normal is only {} beyond the {face} (at most {}): the {face} lies on the boundary of A − B, so {the_depth} is {}.",
                fmt_num(gap),
                fmt_num(threshold),
                fmt_num(depth)
            ),
            Termination::Epa(EpaStop::NoProgress { depth }) => format!(
                "The new support point adds nothing to the {polytope}, so the closest {face} stays: the depth is {} (limited by rounding).",
                fmt_num(depth)
            ),
            Termination::Epa(EpaStop::Flat { measure }) => format!(
                "A − B is flat around the origin (shape measure {}): no {simplex} can be grown, so {shapes} only touch and the depth is 0.",
                fmt_num(measure)
            ),
            Termination::Epa(EpaStop::Budget {
                iterations,
                depth,
                gap,
            }) => format!(
                "EPA's budget of {iterations} iterations ran out; the depth {} is a lower bound, still up to {} short.",
                fmt_num(depth),
                fmt_num(gap)
            ),
            Termination::Shortcut(
                Shortcut::SeparatingAxis { .. } | Shortcut::SharedPoint { .. },
            ) => boxes::termination_sentence(self, shapes).unwrap_or_default(),
            Termination::Shortcut(Shortcut::ClosedForm { distance }) => format!(
                "The cores are points or segments, or one is and the other a triangle, so their closest points are found in closed form (Ericson's closest points of two segments, or of a point or a segment and a triangle), with no iteration: {the_distance} is {}.",
                fmt_num(distance)
            ),
            Termination::Gjk(GjkStop::MaxIterations { iterations, v_norm }) => match v_norm {
                Some(v) => format!(
                    "The iteration cap ({iterations}) was reached before the tolerance was met; |v| = {} is an upper bound, not a certified distance.",
                    fmt_num(v)
                ),
                None => format!("The iteration cap ({iterations}) was reached without deciding."),
            },
        }
    }
}

/// The label of name `i`: w₁, w₂, w₃, w₄ — the support points' names in van den Bergen's
/// notation, apart from the shapes' letters A and B — and on past w₄ for the points EPA adds
/// (see [`Step::label`] for the name a point keeps).
pub fn label(i: usize) -> &'static str {
    static LABELS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        (1..=256u32)
            .map(|n| {
                // The subscript digits ₀–₉ are U+2080–U+2089.
                let subscript =
                    |c: char| char::from_u32(0x2080 + c.to_digit(10).unwrap_or(0)).unwrap_or(c);
                std::iter::once('w')
                    .chain(n.to_string().chars().map(subscript))
                    .collect()
            })
            .collect()
    });
    LABELS.get(i).map_or("w", String::as_str)
}

/// "vertex w₂", "edge w₁w₃", "face w₁w₂w₄", "the inside of tetrahedron w₁w₂w₃w₄", the
/// candidate slots `indices` labelled by `name`.
pub fn feature_name(indices: &[usize], name: &dyn Fn(usize) -> &'static str) -> String {
    feature_name_in(indices, name, Dimension::Three)
}

/// [`feature_name`] in `dimension`: in the plane three points are the whole simplex, a
/// triangle, not a face.
pub fn feature_name_in(
    indices: &[usize],
    name: &dyn Fn(usize) -> &'static str,
    dimension: Dimension,
) -> String {
    let mut labels: Vec<&str> = indices.iter().map(|&i| name(i)).collect();
    labels.sort_unstable();
    let labels: String = labels.concat();
    match indices.len() {
        1 => format!("vertex {labels}"),
        2 => format!("edge {labels}"),
        3 if dimension.is_plane() => format!("triangle {labels}"),
        3 => format!("face {labels}"),
        _ => format!("the inside of tetrahedron {labels}"),
    }
}

/// "w₃ is", "w₂ and w₄ are" — the vertices of an `n`-point candidate not in `kept`, labelled
/// by `name`.
pub fn dropped_phrase(
    n: usize,
    kept: &[usize],
    name: &dyn Fn(usize) -> &'static str,
) -> Option<String> {
    let mut dropped: Vec<&str> = (0..n).filter(|i| !kept.contains(i)).map(name).collect();
    dropped.sort_unstable();
    match dropped.len() {
        0 => None,
        1 => Some(format!("{} is", dropped[0])),
        _ => Some(format!("{} are", dropped.join(" and "))),
    }
}
