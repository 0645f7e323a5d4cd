//! `query`'s line for a case of many pieces: the report as one JSON line, and whether it is
//! certified (the pair proven over its pieces, and the cast not stopped unfinished).

use super::tally::Verdict;
use gjk::composite::Composite;
use gjk::scenario::pieces::PiecesCase;
use gjk::scenario::pieces::report::{PiecesReport, answer};

/// The output line for a case of many pieces (or why it could not be read or answered).
pub(super) fn pieces_line(
    label: &str,
    read: Result<(PiecesCase, gjk::composite::Composite), String>,
) -> (String, Verdict) {
    let answered = read.and_then(|(case, composite)| {
        crate::cli::guard::guarded(|| query_line(label, &case, &composite))
    });
    let (mut json, verdict) = match answered {
        Ok((json, true)) => (json, Verdict::Certified),
        Ok((json, false)) => (json, Verdict::Uncertified),
        Err(error) => (
            serde_json::to_string(&super::Failure { name: label, error })
                .unwrap_or_else(|e| format!("{{\"name\": {label:?}, \"error\": \"{e}\"}}")),
            Verdict::Failed,
        ),
    };
    json.push('\n');
    (json, verdict)
}

/// Whether the report's answer is proven, its cast's included.
fn certified(report: &PiecesReport) -> bool {
    report.certified
        && report
            .cast
            .as_ref()
            .is_none_or(|c| c.first.status != "unfinished" && c.next.status != "unfinished")
}

/// `query`'s line for the case, named `label` where it has no name.
fn query_line(label: &str, case: &PiecesCase, composite: &Composite) -> (String, bool) {
    let mut report = answer(case, composite);
    if report.name.is_empty() {
        report.name = label.to_string();
    }
    let json = serde_json::to_string(&report).unwrap_or_else(|e| {
        format!("{{\"name\": {label:?}, \"error\": \"cannot write the answer: {e}\"}}")
    });
    (json, certified(&report))
}
