//! What a tenant spent, one line a model call or a service's reported cost, for `oz0 usage` and its
//! export.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::file::TreeId;
use super::job::JobKind;

/// What a line of usage is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UsageKind {
    /// A model call: an agent's, or a tool's by sampling or through its gateway token.
    Model,
    /// What a tool reported its own service cost (`oz0/usage`), as the plugin says.
    Service,
}

/// One model call, or one service's reported cost, of a job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UsageRecord {
    /// When its step started, in RFC 3339 (UTC).
    pub at: String,
    /// The UTC day, `YYYY-MM-DD`.
    pub day: String,
    /// The job.
    pub job: TreeId,
    /// The job's kind.
    pub job_kind: JobKind,
    /// The agent that ran the job, when an agent did.
    pub agent: Option<String>,
    /// The step.
    pub step: u32,
    /// A model call or a service's cost.
    pub kind: UsageKind,
    /// The plugin whose tool made the call or reported the cost, as it was when the call ran; none for
    /// an agent's model call.
    pub plugin: Option<String>,
    /// That plugin's version when the call ran; none for a step kept before versions were.
    pub plugin_version: Option<String>,
    /// The tool.
    pub tool: Option<String>,
    /// The service, for a reported cost.
    pub service: Option<String>,
    /// The model alias, for a model call.
    pub alias: Option<String>,
    /// The model, for a model call.
    pub model: Option<String>,
    /// The gateway format, for a call through a gateway token.
    pub format: Option<String>,
    /// Tokens read.
    pub tokens_in: u64,
    /// Tokens written.
    pub tokens_out: u64,
    /// Units of a service, as reported.
    pub units: Option<f64>,
    /// What a unit is.
    pub unit: Option<String>,
    /// What it cost in US dollars.
    pub cost_usd: f64,
}

/// Returns the milliseconds since 1970 of `text`: a UTC day `YYYY-MM-DD` (its start) or an RFC 3339
/// time in UTC (`YYYY-MM-DDTHH:MM:SS[.fff]Z`).
pub fn parse_instant(text: &str) -> Result<u64, String> {
    let bad = || format!("`{text}` is not a day (2026-11-30) or a UTC time (2026-11-30T08:00:00Z)");
    let (date, time) = match text.split_once('T') {
        Some((date, time)) => (date, Some(time.strip_suffix('Z').ok_or_else(bad)?)),
        None => (text, None),
    };
    let mut parts = date.split('-').map(|p| p.parse::<u64>().map_err(|_| bad()));
    let (year, month, day) =
        (parts.next().ok_or_else(bad)??, parts.next().ok_or_else(bad)??, parts.next().ok_or_else(bad)??);
    if parts.next().is_some() || !(1..=12).contains(&month) || !(1..=31).contains(&day) || year < 1970 {
        return Err(bad());
    }
    // Days since 1970-01-01 of a civil date, as in Howard Hinnant's `days_from_civil`.
    let (y, m) = if month <= 2 { (year - 1, month + 9) } else { (year, month - 3) };
    let era = y / 400;
    let yoe = y - era * 400;
    let doy = (153 * m + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let mut ms = days * 86_400_000;
    if let Some(time) = time {
        let (clock, fraction) = time.split_once('.').unwrap_or((time, ""));
        let mut hms = clock.split(':').map(|p| p.parse::<u64>().map_err(|_| bad()));
        let (h, m, s) = (hms.next().ok_or_else(bad)??, hms.next().ok_or_else(bad)??, hms.next().ok_or_else(bad)??);
        if h > 23 || m > 59 || s > 60 {
            return Err(bad());
        }
        let millis =
            if fraction.is_empty() { 0 } else { format!("{fraction:0<3}")[..3].parse::<u64>().map_err(|_| bad())? };
        ms += ((h * 60 + m) * 60 + s) * 1000 + millis;
    }
    Ok(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_times_are_read_in_utc() {
        assert_eq!(parse_instant("2026-11-30"), Ok(1_795_996_800_000));
        assert_eq!(parse_instant("2026-11-30T23:43:54Z"), Ok(1_796_082_234_000));
        assert_eq!(parse_instant("2024-02-29T12:00:00.5Z"), Ok(1_709_208_000_500));
        assert!(parse_instant("30/11/2026").is_err());
        assert!(parse_instant("2026-13-01").is_err());
        assert!(parse_instant("2026-11-30T08:00:00+01:00").is_err());
    }
}
