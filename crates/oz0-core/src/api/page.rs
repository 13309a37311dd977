//! Pages of the lists that grow without end: a tenant's audit log and its jobs.
//!
//! A list is read newest first, a page at a time: each page holds at most [`MAX_PAGE`] items and `next`,
//! the [`Cursor`] to ask for the page after it (`null` on the last). A cursor only says where a page of
//! the caller's own list starts; a list is always the caller's tenant's, whatever cursor it is given.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::file::TreeId;
use super::job::Job;
use super::names::NameError;
use super::tenant::AuditEntry;

/// The most items one page holds.
pub const MAX_PAGE: u32 = 1000;

/// Where a page starts: the `next` of the page before, passed back as it is.
///
/// Its text is the edge's to choose: the number of the last audit entry read, or the start and ID of
/// the last job read. It names nothing of another tenant, and a cursor made up or taken from another
/// tenant's list only moves where the caller's own list is read from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cursor(String);

impl Cursor {
    const RULE: &'static str = "a cursor is the `next` of a page, 1 to 160 letters, digits and `. _ : -`";

    /// Returns the cursor, or an error naming the rule it breaks.
    pub fn new(text: &str) -> Result<Self, NameError> {
        let valid = (1..=160).contains(&text.len())
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'));
        if valid { Ok(Self(text.to_owned())) } else { Err(Self::refused(text)) }
    }

    /// Returns the error of a cursor that is not one the list it was given to hands out.
    pub fn refused(text: &str) -> NameError {
        NameError { what: "cursor", value: text.to_owned(), rule: Self::RULE }
    }

    /// Returns the text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Returns the cursor of the audit entries older than the one numbered `number`.
    pub fn after_entry(number: u64) -> Self {
        Self(number.to_string())
    }

    /// Returns the number of the audit entry the cursor follows, or `None` when it is not an audit log's
    /// cursor.
    pub fn entry(&self) -> Option<u64> {
        let text = self.as_str();
        if text.bytes().all(|b| b.is_ascii_digit()) { text.parse().ok() } else { None }
    }

    /// Returns the cursor of the jobs that started before the job `id`, which started at `started_ms`
    /// (milliseconds since 1970), or at the same time with a smaller ID.
    pub fn after_job(started_ms: u64, id: &TreeId) -> Self {
        Self(format!("{started_ms}.{id}"))
    }

    /// Returns the start (milliseconds since 1970) and ID of the job the cursor follows, or `None` when
    /// it is not a job list's cursor.
    pub fn job(&self) -> Option<(u64, TreeId)> {
        let (ms, id) = self.as_str().split_once('.')?;
        if ms.is_empty() || !ms.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some((ms.parse().ok()?, TreeId::new(id).ok()?))
    }
}

impl fmt::Display for Cursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Cursor {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}

impl Serialize for Cursor {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Cursor {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Cow::<str>::deserialize(deserializer)?.parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Cursor {
    fn schema_name() -> Cow<'static, str> {
        "Cursor".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^[A-Za-z0-9._:-]{1,160}$",
            "description": "Where the next page starts: pass it back as `after`, as it is.",
        })
    }
}

/// A page of a tenant's audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AuditPage {
    /// The entries, newest first.
    pub entries: Vec<AuditEntry>,
    /// The cursor of the page of older entries: `null` when this page ends the log.
    #[serde(default)]
    pub next: Option<Cursor>,
}

/// A page of a tenant's jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct JobPage {
    /// The jobs, newest first.
    pub jobs: Vec<Job>,
    /// The cursor of the page of older jobs: `null` when this page holds the oldest.
    #[serde(default)]
    pub next: Option<Cursor>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entrys_cursor_is_its_number() {
        let cursor = Cursor::after_entry(2481);
        assert_eq!(cursor.as_str(), "2481");
        assert_eq!(cursor.entry(), Some(2481));
        assert_eq!(cursor.job(), None, "not a job list's");
        assert_eq!(Cursor::new("99999999999999999999999").unwrap().entry(), None, "past u64");
    }

    #[test]
    fn a_jobs_cursor_is_its_start_and_id() {
        let id = TreeId::new("job:7.a_b-c").unwrap();
        let cursor = Cursor::after_job(1_785_231_000_125, &id);
        assert_eq!(cursor.as_str(), "1785231000125.job:7.a_b-c");
        assert_eq!(cursor.job(), Some((1_785_231_000_125, id)));
        assert_eq!(cursor.entry(), None, "not an audit log's");
        for bad in [".J1", "12x.J1", "12.", "12..", "J1"] {
            assert_eq!(Cursor::new(bad).unwrap().job(), None, "{bad}");
        }
    }

    #[test]
    fn a_cursor_is_short_plain_text() {
        for bad in ["", "a b", "1/2", "1?x=2", "é", &"1".repeat(161)] {
            let err = bad.parse::<Cursor>().unwrap_err();
            assert!(err.to_string().contains("is not a valid cursor"), "{err}");
        }
        assert_eq!(serde_json::to_string(&Cursor::after_entry(3)).unwrap(), r#""3""#);
        assert!(serde_json::from_str::<Cursor>(r#""a b""#).is_err());
    }

    #[test]
    fn the_last_page_says_so() {
        let page: AuditPage = serde_json::from_str(r#"{"entries": [], "next": null}"#).unwrap();
        assert_eq!(page.next, None);
        assert_eq!(serde_json::to_value(&page).unwrap(), serde_json::json!({"entries": [], "next": null}));
    }
}
