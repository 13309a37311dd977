//! Reports of what a tool's own services cost: a result's `_meta` under `oz0/usage`.
//!
//! A report is `{"service", "cost_usd", "unit"?, "units"?}`, or a list of at most 20. One report claims
//! at most $100 and 10^9 units; names are letters, digits and `. _ / : -`, at most 64 characters. The
//! platform takes the plugin's word for the cost, not for whose it is: the edge charges the report to
//! the job of the call that returned it, and refuses a report that names another job.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The `_meta` key of usage reports.
pub const META_KEY: &str = "oz0/usage";

/// The most reports one result may carry.
pub const MAX_REPORTS: usize = 20;

/// The most one report may claim, in US dollars.
pub const MAX_COST_USD: f64 = 100.0;

/// The most units one report may claim.
pub const MAX_UNITS: f64 = 1e9;

/// The longest name of a service or a unit.
pub const MAX_NAME: usize = 64;

/// One report, checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Usage {
    /// The service that was paid for.
    pub service: String,
    /// What was paid for, such as `decision`.
    pub unit: Option<String>,
    /// How many units.
    pub units: Option<f64>,
    /// What it cost, in US dollars.
    pub cost_usd: f64,
}

/// Why a report was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the usage report was refused: {0}")]
pub struct UsageError(pub String);

/// Reads the reports of `value` (the `_meta` entry) for a call of job `job`.
///
/// # Errors
///
/// Returns a [`UsageError`] naming the first rule a report breaks; then none of them is charged.
pub fn reports(value: &Value, job: &str) -> Result<Vec<Usage>, UsageError> {
    let items: Vec<&Value> = match value {
        Value::Array(items) => items.iter().collect(),
        Value::Object(_) => vec![value],
        _ => return Err(UsageError("it is neither a report nor a list of reports".into())),
    };
    if items.len() > MAX_REPORTS {
        return Err(UsageError(format!("it lists {} reports, and at most {MAX_REPORTS} are taken", items.len())));
    }
    items.iter().enumerate().map(|(i, item)| report(item, job).map_err(|e| at(items.len(), i, e))).collect()
}

fn at(count: usize, index: usize, err: String) -> UsageError {
    if count > 1 { UsageError(format!("report {}: {err}", index + 1)) } else { UsageError(err) }
}

fn report(value: &Value, job: &str) -> Result<Usage, String> {
    let Value::Object(map) = value else {
        return Err("a report is an object".into());
    };
    for key in map.keys() {
        if !matches!(key.as_str(), "service" | "cost_usd" | "unit" | "units" | "job") {
            return Err(format!("`{key}` is not a field of a report (service, cost_usd, unit, units)"));
        }
    }
    if let Some(named) = map.get("job")
        && named.as_str() != Some(job)
    {
        return Err(format!("it names the job {named}, and the call was of job `{job}`"));
    }
    let service = match map.get("service") {
        Some(Value::String(s)) => name("service", s)?,
        Some(_) => return Err("`service` is not a string".into()),
        None => return Err("`service` is required".into()),
    };
    let unit = match map.get("unit") {
        Some(Value::String(s)) => Some(name("unit", s)?),
        None | Some(Value::Null) => None,
        Some(_) => return Err("`unit` is not a string".into()),
    };
    let cost_usd = match map.get("cost_usd").map(Value::as_f64) {
        Some(Some(cost)) if (0.0..=MAX_COST_USD).contains(&cost) => cost,
        Some(Some(cost)) => return Err(format!("`cost_usd` is {cost}, and a report claims from 0 to {MAX_COST_USD}")),
        Some(None) => return Err("`cost_usd` is not a number".into()),
        None => return Err("`cost_usd` is required".into()),
    };
    let units = match map.get("units").map(|v| (v.is_null(), v.as_f64())) {
        None | Some((true, _)) => None,
        Some((_, Some(units))) if (0.0..=MAX_UNITS).contains(&units) => Some(units),
        Some((_, Some(units))) => return Err(format!("`units` is {units}, and a report claims from 0 to 10^9")),
        Some((_, None)) => return Err("`units` is not a number".into()),
    };
    Ok(Usage { service, unit, units, cost_usd })
}

fn name(field: &str, value: &str) -> Result<String, String> {
    let valid = (1..=MAX_NAME).contains(&value.len())
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'/' | b':' | b'-'));
    if valid {
        Ok(value.to_owned())
    } else {
        Err(format!("`{field}` {value:?} is not 1 to {MAX_NAME} letters, digits and `. _ / : -`"))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_report_and_a_list_are_read() {
        let one = json!({"service": "jev", "unit": "decision", "units": 1, "cost_usd": 0.0004});
        let read = reports(&one, "J1").unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].service, "jev");
        assert_eq!(read[0].units, Some(1.0));
        let list = json!([{"service": "a", "cost_usd": 1}, {"service": "b/c:d", "cost_usd": 0, "job": "J1"}]);
        assert_eq!(reports(&list, "J1").unwrap().len(), 2);
    }

    #[test]
    fn each_rule_refuses() {
        let many: Vec<Value> = (0..21).map(|_| json!({"service": "s", "cost_usd": 0})).collect();
        for (bad, says) in [
            (json!({"cost_usd": 1}), "`service` is required"),
            (json!({"service": "s"}), "`cost_usd` is required"),
            (json!({"service": "s", "cost_usd": 100.5}), "from 0 to 100"),
            (json!({"service": "s", "cost_usd": -1}), "from 0 to 100"),
            (json!({"service": "s", "cost_usd": "1"}), "not a number"),
            (json!({"service": "s", "cost_usd": 1, "units": 2e9}), "10^9"),
            (json!({"service": "a b", "cost_usd": 1}), "letters, digits"),
            (json!({"service": "s".repeat(65), "cost_usd": 1}), "letters, digits"),
            (json!({"service": "s", "cost_usd": 1, "job": "J2"}), "names the job \"J2\""),
            (json!({"service": "s", "cost": 1}), "`cost` is not a field"),
            (json!([{"service": "s", "cost_usd": 1}, {"service": "s"}]), "report 2:"),
            (Value::Array(many), "21 reports"),
            (json!("jev"), "neither"),
        ] {
            let err = reports(&bad, "J1").unwrap_err().to_string();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}
