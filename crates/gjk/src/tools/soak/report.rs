//! What a soak found, counted, and printed as a table.

use std::fmt;
use std::time::Duration;

/// What a soak found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// Scenarios generated (each solved up to four times: as written, mirrored, swapped and
    /// translated).
    pub queries: u64,
    /// Queries solved, counting every variant of a scenario.
    pub solves: u64,
    /// Scenarios the validation refused, and those of them whose message named no field.
    pub refused: u64,
    /// (See `refused`.)
    pub refused_unnamed: u64,
    /// Queries that panicked (caught; the soak goes on).
    pub panics: u64,
    /// Queries that took longer than [`Report::HANG`].
    pub hangs: u64,
    /// The slowest query.
    pub slowest: Duration,
    /// Answers with a NaN or an infinity anywhere in them.
    pub non_finite: u64,
    /// Answers that proved neither overlap nor separation, and answers not certified in full.
    pub undecided: u64,
    /// (See `undecided`.)
    pub uncertified: u64,
    /// Of those not certified, separations proven to the working precision's limit
    /// ([`crate::PrecisionLimit`]).
    pub at_precision: u64,
    /// Proven claims or bounds that a known truth refutes (see the module's list).
    pub contradictions: u64,
    /// Scenarios with a cast, and those of them that ended without a hit, a miss or an
    /// overlap (the cap, or a failure with its reason).
    pub casts: u64,
    /// (See `casts`.)
    pub casts_unanswered: u64,
    /// Overlapping answers whose contact points (the answer's own and its manifold's) were
    /// checked.
    pub manifolds: u64,
    /// Of those, answers whose own two points are not `depth` apart along the normal.
    pub own_pairs_off: u64,
    /// Of those, manifolds whose deepest point is shallower than the lower depth bound by
    /// more than the features' rounding allows.
    pub manifolds_shallow: u64,
    /// The casts by method, in [`CastMethod::ALL`](crate::cast::CastMethod::ALL)'s order: every one checked.
    pub casts_by_method: [u64; 3],
    /// A digest of every answer to the last bit: the wrapping sum of a hash of each solve's
    /// answer and each cast's trace, as `{:?}` prints them. The sum does not depend on the order
    /// the threads ran in, so two runs of the same count and seed on as many threads (each
    /// thread soaks its own seed) agree exactly when every answer does: a change that says it moves no bit shows it here, and one that moves bits
    /// shows that it did.
    pub digest: u64,
    /// The first few problems, each with the seed and query number that reproduce it.
    pub examples: Vec<String>,
}

impl Report {
    /// A query slower than this counts as a hang.
    pub const HANG: Duration = Duration::from_secs(1);

    /// Zero panics, hangs, non-finite numbers, contradictions and unnamed refusals.
    pub fn clean(&self) -> bool {
        self.sound() && self.hangs == 0
    }

    /// [`Report::clean`] but for the hangs: what does not depend on how fast the machine is.
    pub fn sound(&self) -> bool {
        self.panics == 0
            && self.non_finite == 0
            && self.contradictions == 0
            && self.refused_unnamed == 0
    }

    /// Adds `answer` to the digest.
    pub(super) fn digest(&mut self, answer: &impl fmt::Debug) {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut hasher = DefaultHasher::new();
        format!("{answer:?}").hash(&mut hasher);
        self.digest = self.digest.wrapping_add(hasher.finish());
    }

    pub(super) fn problem(&mut self, what: String) {
        if self.examples.len() < 20 {
            self.examples.push(what);
        }
    }

    /// Adds another report's counts to this one (the slowest of both kept).
    pub fn merge(&mut self, other: Report) {
        self.queries += other.queries;
        self.solves += other.solves;
        self.refused += other.refused;
        self.refused_unnamed += other.refused_unnamed;
        self.panics += other.panics;
        self.hangs += other.hangs;
        self.slowest = self.slowest.max(other.slowest);
        self.non_finite += other.non_finite;
        self.undecided += other.undecided;
        self.uncertified += other.uncertified;
        self.at_precision += other.at_precision;
        self.contradictions += other.contradictions;
        self.casts += other.casts;
        self.casts_unanswered += other.casts_unanswered;
        self.manifolds += other.manifolds;
        self.own_pairs_off += other.own_pairs_off;
        self.manifolds_shallow += other.manifolds_shallow;
        for (mine, theirs) in self.casts_by_method.iter_mut().zip(other.casts_by_method) {
            *mine += theirs;
        }
        self.digest = self.digest.wrapping_add(other.digest);
        for e in other.examples {
            self.problem(e);
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let answered = self.queries - self.refused - self.panics;
        writeln!(f, "| what | count |")?;
        writeln!(f, "|---|---|")?;
        writeln!(f, "| queries (scenarios generated) | {} |", self.queries)?;
        writeln!(
            f,
            "| solves (as written, mirrored, swapped, translated) | {} |",
            self.solves
        )?;
        writeln!(f, "| refused by validation | {} |", self.refused)?;
        writeln!(
            f,
            "| refused without naming a field | {} |",
            self.refused_unnamed
        )?;
        writeln!(f, "| answered | {answered} |")?;
        writeln!(f, "| panics | {} |", self.panics)?;
        writeln!(
            f,
            "| hangs (a query over {:?}) | {} |",
            Self::HANG,
            self.hangs
        )?;
        writeln!(
            f,
            "| slowest query | {:.1} ms |",
            self.slowest.as_secs_f64() * 1e3
        )?;
        writeln!(
            f,
            "| answers with a non-finite number | {} |",
            self.non_finite
        )?;
        writeln!(
            f,
            "| answers proving neither overlap nor separation | {} |",
            self.undecided
        )?;
        writeln!(
            f,
            "| answers not certified in full | {} |",
            self.uncertified
        )?;
        writeln!(
            f,
            "| … of them apart, proven to their precision's limit | {} |",
            self.at_precision
        )?;
        writeln!(
            f,
            "| overlaps whose contact points were checked | {} |",
            self.manifolds
        )?;
        writeln!(
            f,
            "| … whose own points are not `depth` apart | {} |",
            self.own_pairs_off
        )?;
        writeln!(
            f,
            "| … whose manifold's deepest point is short of the depth | {} |",
            self.manifolds_shallow
        )?;
        writeln!(
            f,
            "| answers contradicting a known truth | {} |",
            self.contradictions
        )?;
        writeln!(f, "| casts (of the answered queries) | {} |", self.casts)?;
        writeln!(
            f,
            "| casts ending capped or failed, with their reason | {} |",
            self.casts_unanswered
        )?;
        let [ray, advancement, swept] = self.casts_by_method;
        writeln!(
            f,
            "| casts by method (ray cast / advancement / swept hull) | {ray} / {advancement} / {swept} |"
        )?;
        writeln!(
            f,
            "| digest of every answer and cast trace, to the last bit | {:016x} |",
            self.digest
        )?;
        for e in &self.examples {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}
