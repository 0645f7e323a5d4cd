//! A cast's steps and endings in plain words: what was computed, why the time moved by that
//! much, and which test decided.

use super::{CastRecord, CastStatus, CastStep};
use crate::config::Dimension;
use crate::trace::explain::{fmt_num, fmt_vec_in};

impl CastStep {
    /// What this iteration did, in a sentence or three.
    pub fn explanation(&self) -> String {
        self.explanation_in(Dimension::Three)
    }

    /// [`CastStep::explanation`] with its vectors written as `dimension` has them.
    pub fn explanation_in(&self, dimension: Dimension) -> String {
        let fmt_vec = |v| fmt_vec_in(v, dimension.is_plane());
        let mut s = match &self.record {
            CastRecord::RayCast {
                point,
                direction,
                support,
                v_dot_w,
                v_dot_r,
                advanced,
                simplex,
                closest,
            } => {
                let mut s = format!(
                    "The ray stands at x = {} (t = {}). The support point of A − B along \
                     v = {} is p = {}.",
                    fmt_vec(*point),
                    fmt_num(self.time),
                    fmt_vec(*direction),
                    fmt_vec(support.point),
                );
                s.push_str(&self.ray_test(*v_dot_w, *v_dot_r, *advanced));
                s.push_str(&format!(
                    " The simplex keeps {} point{}; x is now |v| = {} from it.",
                    simplex.len(),
                    if simplex.len() == 1 { "" } else { "s" },
                    fmt_num(closest.length()),
                ));
                s
            }
            CastRecord::Advancement {
                distance_bounds,
                normal,
                separation,
                linear_speed,
                angular_speed,
                ..
            } => {
                let closing = linear_speed + angular_speed;
                let mut s = format!(
                    "At t = {} the distance is between {} and {}; along n = {} the bodies \
                     are at least {} apart. They close along n at most {} ({} from the \
                     velocities",
                    fmt_num(self.time),
                    fmt_num(distance_bounds[0]),
                    fmt_num(distance_bounds[1]),
                    fmt_vec(*normal),
                    fmt_num(*separation),
                    fmt_num(closing),
                    fmt_num(*linear_speed),
                );
                if *angular_speed > 0.0 {
                    s.push_str(&format!(", {} from turning", fmt_num(*angular_speed)));
                }
                s.push_str(").");
                if self.status.is_none() {
                    s.push_str(&format!(
                        " So no contact can come for (separation − target) / speed = {}: \
                         t advances to {}.",
                        fmt_num(self.next_time - self.time),
                        fmt_num(self.next_time),
                    ));
                }
                s
            }
            CastRecord::Sweep {
                from,
                to,
                distance_bounds,
                reaches,
                ..
            } => {
                let verdict = if *reaches {
                    "may come within the target: the first contact is in this interval"
                } else {
                    "stays clear of B: no contact before its end"
                };
                format!(
                    "A swept from t = {} to t = {} (the hull of its two positions) is between \
                     {} and {} from B, so it {verdict}. The contact lies in [{}, …].",
                    fmt_num(*from),
                    fmt_num(*to),
                    fmt_num(distance_bounds[0]),
                    fmt_num(distance_bounds[1]),
                    fmt_num(self.next_time),
                )
            }
        };
        if let Some(status) = &self.status {
            s.push(' ');
            s.push_str(&status.describe());
        }
        s
    }
}

impl CastStep {
    /// What the ray cast's test made of the support point p: a plane that lets x advance, a
    /// separating plane the ray does not close on, or a point that joins the simplex.
    fn ray_test(&self, v_dot_w: f64, v_dot_r: f64, advanced: bool) -> String {
        if advanced {
            format!(
                " v·(x − p) = {} > 0: the plane through p facing x has all of A − B behind it, \
                 so nothing before it can touch. The ray runs into it (v·r = {}), so t jumps \
                 to {}.",
                fmt_num(v_dot_w),
                fmt_num(v_dot_r),
                fmt_num(self.next_time),
            )
        } else if v_dot_w > 0.0 && self.status.is_some() {
            format!(
                " v·(x − p) = {} > 0: a separating plane, but v·r = {}: the ray does not come \
                 closer to it (in time).",
                fmt_num(v_dot_w),
                fmt_num(v_dot_r),
            )
        } else if v_dot_w > 0.0 {
            // Positive, yet not taken as a separating plane: within the advance test's
            // rounding allowance.
            format!(
                " v·(x − p) = {}: p separates x by no more than rounding, so x stays and p \
                 joins the simplex.",
                fmt_num(v_dot_w),
            )
        } else {
            format!(
                " v·(x − p) = {} ≤ 0: p does not separate x, so x stays and p joins the simplex.",
                fmt_num(v_dot_w),
            )
        }
    }
}

impl CastStatus {
    /// How the cast ended, with the numbers that decided it.
    pub fn describe(&self) -> String {
        match self {
            CastStatus::Hit { time, gap } => format!(
                "Hit at t = {}: the distance there is at most {} above the target, and no \
                 earlier time came below it.",
                fmt_num(*time),
                fmt_num(*gap)
            ),
            CastStatus::Miss {
                time,
                separation,
                closing_speed,
            } if *closing_speed <= 0.0 => format!(
                "Miss: from t = {} the bodies are at least {} apart along a fixed direction \
                 and do not close along it (speed {}), so they never touch.",
                fmt_num(*time),
                fmt_num(*separation),
                fmt_num(*closing_speed)
            ),
            CastStatus::Miss {
                time,
                separation,
                closing_speed,
            } => format!(
                "Miss: from t = {}, {} apart closing at most {} cannot reach the target \
                 before max_time.",
                fmt_num(*time),
                fmt_num(*separation),
                fmt_num(*closing_speed)
            ),
            CastStatus::OverlappingAtStart {
                depth: Some(depth), ..
            } => format!(
                "The bodies already overlap at t = 0, {} deep (EPA's depth, along the normal \
                 drawn): nothing to cast.",
                fmt_num(*depth)
            ),
            CastStatus::OverlappingAtStart { distance, .. } => format!(
                "Already within the target at t = 0 (distance at most {}).",
                fmt_num(*distance)
            ),
            CastStatus::MaxIterations { iterations, time } => format!(
                "Stopped by the cap after {iterations} iterations at t = {}: nothing touched \
                 before it, but the time of impact is not known.",
                fmt_num(*time)
            ),
            CastStatus::Failed { why, .. } => format!("Failed: {why}."),
        }
    }
}
