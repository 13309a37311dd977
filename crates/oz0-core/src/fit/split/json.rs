//! JSON: parts are the top-level keys or items, read in the one-line-per-value form (`json::pretty`).

use crate::fit::json::key_token;

use super::line::{Line, Split};
use super::marks::{At, Body, Marks};

/// Finds the top-level keys or items of a JSON document in its one-line-per-value form.
#[derive(Debug, Default)]
pub(crate) struct JsonSplitter {
    /// `Some(true)` inside a top-level object, `Some(false)` inside a top-level array.
    object: Option<bool>,
    items: u64,
}

impl Split for JsonSplitter {
    fn line(&mut self, line: Line<'_>, marks: &mut Marks) {
        let text = line.text;
        if line.no == 1 {
            self.object = match text {
                b"{" => Some(true),
                b"[" => Some(false),
                _ => None,
            };
            return;
        }
        let Some(object) = self.object else { return };
        let indent = text.iter().take_while(|&&b| b == b' ').count();
        let first = text.get(indent).copied();
        if indent == 0 {
            marks.gap();
        } else if indent == 2 && !matches!(first, Some(b'}' | b']')) {
            let item;
            let label = if object {
                key_token(&text[2..])
            } else {
                self.items += 1;
                item = format!("[{}]", self.items - 1);
                item.as_bytes()
            };
            marks.push(At::Here, 1, label, Body::ThisLine);
        }
    }
}
