//! What an answer proves, in one sentence: the certificate's words.

use super::fmt_num;
use crate::trace::Certificate;

impl Certificate {
    /// One plain sentence saying what was proven about `subject`: "shapes", or "cores" for a
    /// run on the cores.
    pub fn describe_of(&self, subject: &str) -> String {
        let [lower, upper] = self.distance_bounds;
        // Four digits cannot show a tight interval: then say how tight it is.
        let distance = if fmt_num(lower) == fmt_num(upper) {
            format!("is {} to within {}", fmt_num(upper), fmt_num(upper - lower))
        } else {
            format!("lies in [{}, {}]", fmt_num(lower), fmt_num(upper))
        };
        match (self.intersecting, self.certified) {
            // A proven contact is certified unless its depth is not (one `certified` for the
            // whole answer, see `query::run`).
            (Some(true), true) if upper == 0.0 => format!("Certified: the {subject} intersect."),
            (Some(true), true) => format!(
                "Certified: the {subject} touch; their distance {distance}, within the absolute tolerance."
            ),
            (Some(true), false) if upper == 0.0 => format!(
                "Not certified: the {subject} are proven to intersect, but their depth is not proven to the tolerance (see its bounds)."
            ),
            (Some(true), false) => format!(
                "Not certified: the {subject} are proven to overlap or touch (their distance {distance}, within the absolute tolerance), but their depth is not proven to the tolerance (see its bounds)."
            ),
            (Some(false), true) => {
                format!("Certified: the {subject} are apart; their distance {distance}.")
            }
            (Some(false), false) => match self.limit {
                Some(l) => format!(
                    "Proven to {precision}'s precision: a separating plane proves the {subject} apart; their distance {distance}. The tolerance asks for the distance to within {}, but {precision} at this size rounds each support point by up to {}, so GJK stopped on rounding.",
                    fmt_num(l.asked),
                    fmt_num(l.rounding),
                    precision = l.precision.name()
                ),
                None => format!(
                    "Not certified: a separating plane proves the {subject} apart, but the tolerance was not met; their distance {distance}."
                ),
            },
            (None, _) => format!(
                "Not certified: this run proves neither overlap nor separation; their distance {distance}."
            ),
        }
    }
}
