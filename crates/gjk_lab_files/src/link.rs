//! A case as a link: the scenario and the step on screen in a URL's fragment, so an engine
//! developer can paste a failing case into an issue and whoever clicks it sees the same step.
//!
//! ```text
//!   https://…/#case=<scenario JSON, deflated, base64url>&step=4
//!   https://…/#case={"a":…,"b":…}&step=4        plain JSON (percent-encoded) is read too
//! ```
//!
//! The fragment never reaches a server, so a case stays between whoever shares and whoever
//! opens it. The desktop app opens such a link with `gjk-lab --link 'URL'`; the page reads its own.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use gjk::{Format, Scenario};

/// Where links point when the app has no page of its own (the desktop app): the address
/// `./lab web` serves. Set `GJK_LAB_URL` to a published copy's address instead.
pub const LOCAL_PAGE: &str = "http://127.0.0.1:8080/";

/// A scenario larger than this, inflated, is refused (a link is not a way to send a mesh file
/// of gigabytes, and a hostile link must not exhaust memory).
const MAX_SCENARIO_BYTES: usize = 4 << 20;

/// What a link opens: a case, and the step to show (step 0 when absent).
#[derive(Debug, Clone, PartialEq)]
pub struct LinkedCase {
    pub scenario: Scenario,
    pub step: Option<usize>,
}

/// The page a link made here points to: in a page, the page itself; on the desktop
/// `GJK_LAB_URL`, or [`LOCAL_PAGE`].
pub fn page() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(href) = web_sys::window().and_then(|w| w.location().href().ok()) {
        return href;
    }
    std::env::var("GJK_LAB_URL").unwrap_or_else(|_| LOCAL_PAGE.to_string())
}

/// The link to `scenario` at `step`, on the page at `base` (anything before a `#` is kept).
pub fn encode(scenario: &Scenario, step: usize, base: &str) -> String {
    let json = serde_json::to_string(scenario).expect("scenarios serialise");
    let base = base.split('#').next().unwrap_or(base);
    format!("{base}#case={}&step={step}", pack(&json))
}

/// Text deflated and base64url-encoded, for a link.
pub fn pack(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
}

/// The value of `key` in a link's fragment (`#key=value&…`), if it has one.
pub fn part<'a>(link: &'a str, key: &str) -> Option<&'a str> {
    let fragment = link.split_once('#').map_or(link, |(_, f)| f);
    fragment
        .split('&')
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// The case in a link (a whole URL, or only its fragment). Every failure names the part of
/// the link and the reason.
pub fn decode(link: &str) -> Result<LinkedCase, String> {
    // Other parts are left for whoever added them.
    let step = part(link, "step")
        .map(|value| {
            value.parse::<usize>().map_err(|_| {
                format!("step: {value:?} is not a step number (a whole number from 0)")
            })
        })
        .transpose()?;
    let case =
        part(link, "case").ok_or("the link has no case (expected #case=… after the address)")?;
    let json = if case.starts_with('{') || case.starts_with("%7B") || case.starts_with("%7b") {
        percent_encoding::percent_decode_str(case)
            .decode_utf8()
            .map_err(|_| "case: the scenario is not UTF-8 text".to_string())?
            .into_owned()
    } else {
        unpack(case).map_err(|why| format!("case: {why}"))?
    };
    let scenario = Scenario::parse(&json, Format::Json).map_err(|e| format!("case: {e}"))?;
    Ok(LinkedCase { scenario, step })
}

/// [`pack`] undone: base64url, then inflate, to text of at most 4 MiB.
pub fn unpack(packed: &str) -> Result<String, String> {
    let packed = URL_SAFE_NO_PAD
        .decode(packed.trim_end_matches('='))
        .map_err(|e| format!("not base64url text ({e})"))?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_SCENARIO_BYTES)
        // The error's status only: it also carries everything inflated so far, which a
        // message must never echo (a 5 KB link inflates to megabytes).
        .map_err(|e| {
            format!(
                "not compressed text, or over 4 MiB unpacked ({:?})",
                e.status
            )
        })?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case() -> Scenario {
        crate::bundled::default_scenario()
    }

    #[test]
    fn a_link_round_trips_the_case_and_the_step() {
        let link = encode(&case(), 3, "https://example.org/lab/#old");
        assert!(link.starts_with("https://example.org/lab/#case="), "{link}");
        let back = decode(&link).unwrap();
        assert_eq!(back.scenario, case());
        assert_eq!(back.step, Some(3));
        // The fragment alone is enough.
        assert_eq!(decode(link.split_once('#').unwrap().1).unwrap(), back);
    }

    #[test]
    fn plain_json_is_read_too() {
        let json = serde_json::to_string(&case()).unwrap();
        let back = decode(&format!("#case={json}")).unwrap();
        assert_eq!(back.scenario, case());
        assert_eq!(back.step, None);
        let escaped = json
            .replace('{', "%7B")
            .replace('}', "%7D")
            .replace('"', "%22");
        assert_eq!(
            decode(&format!("x#case={escaped}&step=0")).unwrap().step,
            Some(0)
        );
    }

    #[test]
    fn a_broken_link_says_which_part_and_why() {
        let no_case = decode("https://example.org/#step=2").unwrap_err();
        assert!(no_case.contains("no case"), "{no_case}");
        let step = decode("#case=abc&step=two").unwrap_err();
        assert!(step.starts_with("step:"), "{step}");
        let base64 = decode("#case=not*base64").unwrap_err();
        assert!(base64.contains("base64url"), "{base64}");
        let packed = decode(&format!("#case={}", URL_SAFE_NO_PAD.encode(b"hello"))).unwrap_err();
        assert!(packed.contains("compressed"), "{packed}");
        let ball = r#"{"shape":{"type":"sphere","radius":1}}"#;
        let field = decode(&format!(
            r#"#case={{"a":{{"shape":{{"type":"sphere","radius":-1}}}},"b":{ball}}}"#
        ))
        .unwrap_err();
        assert!(
            field.starts_with("case:") && field.contains("radius"),
            "{field}"
        );
    }
}
