//! Labels: names a tool's result carries for what it read (`_meta["oz0/labels"]`), joined into its job,
//! kept with an offloaded file, sent with a tool's model requests, and held against an agent's
//! clearance.

use serde_json::Value;

/// The key of a result's, or a sampling message's, labels in its `_meta`.
pub const META_KEY: &str = "oz0/labels";

/// What a function that reads the open world (`openWorldHint`) and declares no label has read.
pub const OUTSIDE: &str = "outside";

/// The most labels one result may declare.
pub const MAX_LABELS: usize = 20;

/// Reads a `_meta["oz0/labels"]` value: a list of at most [`MAX_LABELS`] names of letters, digits and
/// `. _ / : -`, at most 64 characters each.
pub fn read(value: &Value) -> Result<Vec<String>, String> {
    let Some(items) = value.as_array() else { return Err("`oz0/labels` is not a list of names".to_owned()) };
    if items.len() > MAX_LABELS {
        return Err(format!("`oz0/labels` has {} labels, more than the {MAX_LABELS} taken", items.len()));
    }
    let mut labels = Vec::new();
    for item in items {
        let name = item.as_str().filter(|n| {
            (1..=64).contains(&n.len()) && n.chars().all(|c| c.is_ascii_alphanumeric() || "._/:-".contains(c))
        });
        let Some(name) = name else {
            return Err(format!("the label {item} is not 1 to 64 letters, digits and `. _ / : -`"));
        };
        labels.push(name.to_owned());
    }
    let mut joined = Vec::new();
    join(&mut joined, &labels);
    Ok(joined)
}

/// Adds `more` to `into`, which stays sorted and without repeats.
pub fn join(into: &mut Vec<String>, more: &[String]) {
    for label in more {
        if let Err(at) = into.binary_search(label) {
            into.insert(at, label.clone());
        }
    }
}

/// Returns the labels of `labels` outside `clearance`.
pub fn outside<'a>(labels: &'a [String], clearance: &[String]) -> Vec<&'a str> {
    labels.iter().filter(|l| !clearance.contains(l)).map(String::as_str).collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn labels_are_read_sorted_once_and_checked() {
        assert_eq!(read(&json!(["pii", "confidential", "pii"])), Ok(vec!["confidential".into(), "pii".into()]));
        assert!(read(&json!("pii")).is_err());
        assert!(read(&json!(["a b"])).is_err());
        assert!(read(&json!((0..21).map(|n| n.to_string()).collect::<Vec<_>>())).is_err());
        assert_eq!(outside(&["a".into(), "b".into()], &["a".into()]), ["b"]);
    }
}
