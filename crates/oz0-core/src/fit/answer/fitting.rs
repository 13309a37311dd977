//! Fitting: the views of a document tried from the biggest down, and the first that fits answered with
//! its note.

use crate::fit::answer::bounds::{Broken, Limits};
use crate::fit::answer::omitted::Tale;
use crate::fit::answer::outline;
use crate::fit::answer::query::{self, Resolved, Selection};
use crate::fit::answer::request::{Fitted, Request};
use crate::fit::answer::view::View;
use crate::fit::index::Index;
use crate::fit::io::read::index_text;
use crate::fit::io::source::{Source, whole_chars};
use crate::fit::kind::Kind;
use crate::fit::tokens::estimate::weigh;

/// Returns the views to try, biggest first.
fn views_to_try(asked: Option<View>, query: bool) -> Vec<View> {
    let top = asked.unwrap_or(if query { View::Section } else { View::Full });
    View::ALL
        .into_iter()
        .filter(|&v| v <= top && (v != View::Section || query || asked == Some(View::Section)))
        .collect()
}

/// Fits an indexed document, read back from `source`, to a request.
///
/// # Errors
///
/// Returns the source's error when reading a part back fails.
pub fn fit_index<S: Source + ?Sized>(index: &Index, source: &S, request: &Request<'_>) -> Result<Fitted, S::Error> {
    let limits = Limits::new(request);
    let query = request.query.map(str::trim).filter(|q| !q.is_empty());
    let mut tale = Tale::new(index, request, &limits);
    for view in views_to_try(request.view, query.is_some()) {
        match view {
            View::Full => {
                let text = match limits.check(index.weight, index.chars) {
                    Ok(()) => whole_chars(&source.read(0..index.bytes)?).into_owned(),
                    Err(broken) => {
                        tale.whole_fell(broken, index.weight);
                        continue;
                    }
                };
                match limits.check(weigh(&text), text.chars().count() as u64) {
                    Ok(()) => return Ok(tale.finish(View::Full, text, None)),
                    Err(broken) => tale.whole_fell(broken, weigh(&text)),
                }
            }
            View::Section => {
                let Some(query) = query else {
                    tale.no_query();
                    continue;
                };
                match query::resolve(index, source, query, limits.chars.saturating_mul(4))? {
                    Resolved::Found(selection) => match section(source, &selection, &limits)? {
                        Ok(text) => return Ok(tale.finish(View::Section, text, Some(&selection))),
                        Err((broken, tokens)) => tale.section_fell(broken, &selection, tokens),
                    },
                    Resolved::Missing(nearest) => tale.no_match(query, &nearest),
                }
            }
            View::Summary => match outline::summary(index, source, request.name, &limits)? {
                Some(text) => return Ok(tale.finish(View::Summary, text, None)),
                None => {
                    let broken = Broken { bound: limits.token_bound, chars: false };
                    tale.fell_quietly(broken);
                }
            },
            View::Stub => return Ok(tale.finish_stub(outline::stub(index, source, request.name, &limits)?)),
        }
    }
    // `views_to_try` always ends with the stub.
    Ok(tale.finish_stub(outline::stub(index, source, request.name, &limits)?))
}

/// Reads a selection back, or says which bound it breaks and, when measured, its weight.
#[allow(clippy::type_complexity)]
fn section<S: Source + ?Sized>(
    source: &S,
    selection: &Selection,
    limits: &Limits,
) -> Result<Result<String, (Broken, Option<u64>)>, S::Error> {
    let too_long = Broken { bound: limits.char_bound, chars: true };
    let Some(end) = selection.end else { return Ok(Err((too_long, None))) };
    // A character is at most four bytes, so more bytes than four a character cannot fit.
    if end - selection.start > limits.chars.saturating_mul(4) {
        return Ok(Err((too_long, selection.weight)));
    }
    if let Some(weight) = selection.weight
        && weight > limits.tokens.saturating_mul(2).saturating_add(64)
    {
        return Ok(Err((Broken { bound: limits.token_bound, chars: false }, Some(weight))));
    }
    let text = whole_chars(&source.read(selection.start..end)?).into_owned();
    let tokens = weigh(&text);
    Ok(match limits.check(tokens, text.chars().count() as u64) {
        Ok(()) => Ok(text),
        Err(broken) => Err((broken, Some(tokens))),
    })
}

/// Fits a document held in memory. Its kind is the request's, else detected from its name and content.
pub fn fit_document(text: &str, request: &Request<'_>) -> Fitted {
    let kind = request.kind.unwrap_or_else(|| Kind::detect(request.name, text.as_bytes(), true));
    let (body, index) = index_text(text, kind);
    match fit_index(&index, body.as_ref(), request) {
        Ok(fitted) => fitted,
        Err(never) => match never {},
    }
}

/// Fits a unified diff: its parts are files, and their hunks.
pub fn fit_diff(text: &str, request: &Request<'_>) -> Fitted {
    fit_document(text, &Request { kind: Some(Kind::Diff), ..*request })
}

/// Fits a JSON value, read by its top-level keys or items in the one-line-per-value form.
pub fn fit_json(value: &serde_json::Value, request: &Request<'_>) -> Fitted {
    let text = serde_json::to_string(value).unwrap_or_default();
    fit_document(&text, &Request { kind: Some(Kind::Json), ..*request })
}
