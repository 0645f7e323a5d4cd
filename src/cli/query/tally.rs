//! What `query`'s lines came to: each line's verdict, their counts, the exit code.

/// How a line ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    Certified,
    /// Proven to the working precision's limit, not to the tolerance.
    AtPrecision,
    Uncertified,
    Failed,
}

/// What the lines so far came to.
#[derive(Debug, Default)]
pub(super) struct Tally {
    failed: u64,
    uncertified: u64,
    at_precision: u64,
}

impl Tally {
    pub(super) fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Certified => {}
            Verdict::AtPrecision => self.at_precision += 1,
            Verdict::Uncertified => self.uncertified += 1,
            Verdict::Failed => self.failed += 1,
        }
    }

    pub(super) fn exit_code(&self) -> i32 {
        if self.failed > 0 {
            1
        } else if self.uncertified > 0 {
            3
        } else {
            0
        }
    }

    /// The counts on stderr: answers proven only to their precision, and those not certified.
    pub(super) fn say(&self) {
        if self.at_precision > 0 {
            eprintln!(
                "gjk-lab query: {} answer(s) proven apart only as far as their precision resolves at their size (see `limit`)",
                self.at_precision
            );
        }
        if self.uncertified > 0 {
            eprintln!(
                "gjk-lab query: {} answer(s) not certified (see `certified` and `distance_bounds`)",
                self.uncertified
            );
        }
    }
}
