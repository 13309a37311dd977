//! Puts arbitrary text in the one-line-per-value JSON form and checks that the form is the same value:
//! whatever `json_lines` accepts parses back with serde_json to what the input parses to, whatever
//! serde_json reads `json_lines` reads too, and nothing panics.

use oz0_core::fit;
use serde_json::Value;

/// Checks `json_lines` on `bytes`, read as UTF-8 text; bytes that are not UTF-8 are no input to it.
///
/// # Panics
///
/// Panics when `json_lines` accepts what is not JSON, refuses what is, or writes another value.
pub fn json_lines(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    // A parser may ignore a byte order mark (RFC 8259, section 8.1), and `json_lines` does.
    let input = serde_json::from_str::<Value>(text.strip_prefix('\u{feff}').unwrap_or(text));
    match fit::json_lines(text) {
        Ok(lines) => {
            let output = serde_json::from_str::<Value>(&lines);
            match (&input, &output) {
                (Ok(input), Ok(output)) => {
                    assert_eq!(input, output, "the form is another value:\n{lines}");
                }
                (Ok(_), Err(err)) => panic!("the form of JSON is not JSON ({err}):\n{lines}"),
                (Err(err), _) if serde_json_limit(text, err) => {
                    assert!(output.is_err(), "serde_json reads the form but not the input ({err})");
                }
                (Err(err), _) => panic!("json_lines accepts what is not JSON ({err})"),
            }
        }
        Err(err) => {
            assert!(input.is_err(), "json_lines refuses JSON that serde_json reads: {err}");
        }
    }
}

/// Returns whether serde_json may have refused `text` for one of its own limits rather than for its
/// syntax: a nesting deeper than 128, a number beyond `f64`, or a `\u` escape of half a surrogate pair
/// (whose refusal serde_json words in several ways). The JSON grammar allows all three, and so does
/// `json_lines`.
fn serde_json_limit(text: &str, err: &serde_json::Error) -> bool {
    let message = err.to_string();
    let surrogate = text.as_bytes().windows(4).any(|w| {
        w[0] == b'u'
            && w[1].eq_ignore_ascii_case(&b'd')
            && matches!(w[2].to_ascii_lowercase(), b'8'..=b'9' | b'a'..=b'f')
    });
    surrogate || ["recursion limit exceeded", "number out of range"].iter().any(|m| message.contains(m))
}
