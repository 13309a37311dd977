//! What a caller asks of a document, and the answer it gets: the request, the fitted text with its note,
//! and the caps every answer keeps whatever the budget.

use crate::fit::answer::note::FitNote;
use crate::fit::answer::view::View;
use crate::fit::kind::Kind;

/// The most tokens a fitted answer holds, whatever the budget.
pub const CAP: u64 = 50_000;

/// The most characters a fitted answer holds, whatever the budget.
pub const CAP_CHARS: u64 = 200_000;

/// The key of the fit note in a tool result's `_meta`.
pub const META_KEY: &str = "oz0/fit";

/// Returns the most characters an answer to `budget` tokens may hold: 8 a token.
pub const fn chars_of(budget: u64) -> u64 {
    budget.saturating_mul(8)
}

/// Returns whether a call asks for a fitted answer: false when view, budget and query are all absent,
/// and such a call is answered as if the function had never adopted the convention.
pub fn wanted(view: Option<View>, budget: Option<u64>, query: Option<&str>) -> bool {
    view.is_some() || budget.is_some() || query.is_some_and(|q| !q.trim().is_empty())
}

/// What a caller asks of a document.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request<'a> {
    /// The view asked for; left out, the biggest that fits.
    pub view: Option<View>,
    /// The most tokens the answer may take.
    pub budget: Option<u64>,
    /// What a section names: a heading or heading path, a path, `<path>#<n>`, a key, `[3]`, a JSON
    /// pointer, or a line range `120-180`.
    pub query: Option<&'a str>,
    /// The tool's own bound in characters.
    pub chars: Option<u64>,
    /// What to read the document as; left out, detected from the name and the content.
    pub kind: Option<Kind>,
    /// The document's name (a path, a URL), for detection and for the outline's first line.
    pub name: Option<&'a str>,
}

/// A fitted answer: the view's text and its fit note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    /// The text of the view returned.
    pub text: String,
    /// What it holds and what it left out.
    pub note: FitNote,
}

impl Fitted {
    /// Returns the answer a tool following the convention gives: `{"content": ..., "fit": {...}}`.
    pub fn answer(&self) -> serde_json::Value {
        serde_json::json!({ "content": self.text, "fit": self.note })
    }
}
