//! How the console's pages are written: one escaping function, the page around each page's body, and
//! the numbers spelled as `oz0` spells them on a terminal.

use std::fmt::Write as _;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use oz0_core::api::EdgeError;

use super::session::{Refused, Session};

/// Returns `text` escaped for HTML text and quoted attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Returns `text` escaped for a URL's path segment or query value.
pub fn url(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

pub use oz0_core::trace::{dollars, seconds};

/// Returns `value`, or `-` when there is none, escaped.
pub fn or_none(value: Option<impl ToString>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| esc(&v.to_string()))
}

/// Returns a hidden field with the session's CSRF token, which every form carries.
pub fn csrf_field(session: &Session) -> String {
    format!(r#"<input type="hidden" name="csrf" value="{}">"#, esc(&session.csrf))
}

/// Returns a table of `rows` under `head`; each row's cells are HTML already, and `id` names the row.
pub fn table(class: &str, head: &[&str], rows: impl IntoIterator<Item = (String, Vec<String>)>) -> String {
    let mut out = format!(r#"<table class="{class}"><thead><tr>"#);
    for h in head {
        let _ = write!(out, "<th>{}</th>", esc(h));
    }
    out.push_str("</tr></thead><tbody>");
    let mut any = false;
    for (id, cells) in rows {
        any = true;
        let _ = write!(out, r#"<tr id="{}">"#, esc(&id));
        for cell in cells {
            let _ = write!(out, "<td>{cell}</td>");
        }
        out.push_str("</tr>");
    }
    if !any {
        let _ = write!(out, r#"<tr><td colspan="{}" class="none">none</td></tr>"#, head.len());
    }
    out.push_str("</tbody></table>");
    out
}

/// Returns a horizontal bar of `part` out of `whole`, as SVG (which the page's policy lets in, unlike
/// a style attribute), with `label` beside it.
pub fn bar(part: f64, whole: f64, label: &str) -> String {
    let share = if whole > 0.0 { (part / whole).clamp(0.0, 1.0) } else { 0.0 };
    let over = whole > 0.0 && part > whole;
    format!(
        r#"<span class="bar"><svg width="160" height="12" role="img" aria-label="{label}"><rect class="track" width="160" height="12" rx="2"/><rect class="{}" width="{:.1}" height="12" rx="2"/></svg> {label}</span>"#,
        if over { "fill over" } else { "fill" },
        share * 160.0,
        label = esc(label),
    )
}

/// Which part of the console a page belongs to, for the navigation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Jobs,
    Experiments,
    Usage,
    Approvals,
    Settings,
    Data,
    None,
}

/// Returns a whole page: the head, the navigation for `session` (none before sign-in), and `body`.
pub fn page(title: &str, section: Section, session: Option<&Session>, body: &str) -> String {
    let mut out = format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{} · oz0 console</title><link rel="stylesheet" href="/console/assets/console.css"><script src="/console/assets/console.js" defer></script></head><body><header><a class="brand" href="/console/jobs">oz0</a>"#,
        esc(title)
    );
    if let Some(session) = session {
        out.push_str("<nav>");
        for (s, href, name) in [
            (Section::Jobs, "/console/jobs", "Jobs"),
            (Section::Experiments, "/console/experiments", "Experiments"),
            (Section::Usage, "/console/usage", "Usage"),
            (Section::Approvals, "/console/approvals", "Approvals"),
            (Section::Settings, "/console/settings", "Settings"),
            (Section::Data, "/console/data", "Data"),
        ] {
            let current = if s == section { r#" aria-current="page""# } else { "" };
            let _ = write!(out, r#"<a href="{href}"{current}>{name}</a>"#);
        }
        let _ = write!(
            out,
            r#"</nav><form class="who" method="post" action="/console/sign-out">{}<span>{}@{}</span> <button type="submit">Sign out</button></form>"#,
            csrf_field(session),
            esc(&session.principal.person),
            esc(session.principal.tenant.name.as_str()),
        );
    }
    let _ = write!(out, "</header><main>{body}</main></body></html>");
    out
}

/// Returns `html` as a response, with the headers every page of the console carries: no caching, no
/// framing, no referrer to another site (a one-time sign-in link must not leak; `no-referrer` would
/// make the `Origin` of the console's own forms `null`), and scripts and styles from the console only.
pub fn respond(status: StatusCode, html: String) -> Response {
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CACHE_CONTROL, "no-store"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; \
             form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Returns a page saying what went wrong, with the status the API would answer.
pub fn error_page(err: &EdgeError, session: Option<&Session>) -> Response {
    let problem = err.to_problem();
    let status = StatusCode::from_u16(problem.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = format!(
        r#"<h1>{}</h1><p class="problem">{}</p><p><a href="/console/jobs">Back to the jobs</a></p>"#,
        esc(&problem.title),
        esc(&problem.detail)
    );
    respond(status, page(&problem.title, Section::None, session, &body))
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        error_page(&EdgeError::PermissionDenied { detail: self.0.to_owned() }, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc(r#"<a href="x">'&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
        assert_eq!(url("a b/c"), "a%20b%2Fc");
        assert_eq!(
            (dollars(0.0), dollars(0.10008), dollars(0.000123)),
            ("$0".into(), "$0.10".into(), "$0.000123".into())
        );
    }
}
