//! The settings page: the tenant's offload settings and tool policy, for everyone to read and for
//! admins to change.

use std::fmt::Write as _;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use oz0_core::api::{Edge, EdgeError, Effect, OffloadPatch, Role, Rule, Tenant};
use oz0_core::offload::{Offload, Tokens};

use super::form;
use super::html::{self, Section, csrf_field, esc, or_none};
use super::session;
use super::signed::Signed;

pub async fn page(signed: Signed) -> Response {
    let read = async { Ok::<_, EdgeError>((signed.edge.offload(&Tenant::Current).await?, signed.edge.rules().await?)) };
    let (offload, rules) = match read.await {
        Ok(read) => read,
        Err(err) => return html::error_page(&err, Some(&signed.session)),
    };
    let admin = signed.session.principal.has(Role::Admin);
    let csrf = csrf_field(&signed.session);
    let mut out = String::from("<h1>Settings</h1><h2>Offloading</h2>");
    let _ = write!(
        out,
        r#"<dl class="facts" id="offload"><dt>Default</dt><dd>{}</dd><dt>Ceiling</dt><dd>{}</dd><dt>An agent that says nothing</dt><dd>{} ({})</dd><dt>An agent that says <code>off</code></dt><dd>{} ({})</dd></dl>"#,
        or_none(offload.settings.default),
        or_none(offload.settings.ceiling),
        offload.says_nothing.threshold,
        offload.says_nothing.from.describe(),
        offload.asks_off.threshold,
        offload.asks_off.from.describe(),
    );
    if admin {
        let _ = write!(
            out,
            r#"<form class="admin" method="post" action="/console/settings/offload">{csrf}<label>Default <input name="default" placeholder="tokens, off, or empty for none" value="{}"></label><label>Ceiling <input name="ceiling" placeholder="tokens, or empty for none" value="{}"></label><button type="submit">Save</button></form>"#,
            offload.settings.default.map(|d| d.to_string()).unwrap_or_default(),
            offload.settings.ceiling.map(|c| c.to_string()).unwrap_or_default(),
        );
    }
    out.push_str("<h2>Tool policy</h2>");
    let rows = rules.iter().map(|r| {
        (
            format!("rule-{}", r.pattern),
            vec![
                format!("<code>{}</code>", esc(&r.pattern)),
                r.effect.as_str().to_owned(),
                or_none(r.reason.as_deref()),
            ],
        )
    });
    out.push_str(&html::table("rules", &["Pattern", "Effect", "Reason"], rows));
    out.push_str(r#"<p class="hint">The most specific rule wins; with no rule, a call is allowed.</p>"#);
    if admin {
        let _ = write!(
            out,
            r#"<form class="admin" method="post" action="/console/settings/rules">{csrf}<label>Pattern <input name="pattern" placeholder="tool.function, tool.*, tool.sampling or *" required></label><label>Effect <select name="effect"><option>allow</option><option>deny</option><option>ask</option><option value="remove">remove the rule</option></select></label><label>Reason <input name="reason" maxlength="500"></label><button type="submit">Save</button></form>"#
        );
    } else {
        out.push_str(r#"<p class="hint">Changing these needs the admin role.</p>"#);
    }
    let _ = write!(
        out,
        r#"<h2>Another browser</h2><form method="post" action="/console/sign-in/link">{csrf}<button type="submit">Make a one-time sign-in link</button></form>"#
    );
    html::respond(StatusCode::OK, html::page("Settings", Section::Settings, Some(&signed.session), &out))
}

/// Reads a form after checking where it came from and its CSRF token.
fn checked(signed: &Signed, headers: &HeaderMap, body: &[u8]) -> Result<Vec<(String, String)>, session::Refused> {
    let fields = form::form(body).unwrap_or_default();
    session::check_origin(headers).and_then(|()| session::check_csrf(&signed.session, &fields))?;
    Ok(fields)
}

fn text<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form::field(fields, name).map(str::trim).filter(|v| !v.is_empty())
}

pub async fn set_offload(signed: Signed, headers: HeaderMap, body: Bytes) -> Response {
    let fields = match checked(&signed, &headers, &body) {
        Ok(fields) => fields,
        Err(refused) => return refused.into_response(),
    };
    let change = async {
        let bad = |name: &str, err: &dyn std::fmt::Display| EdgeError::invalid(format!("{name}: {err}"));
        let default =
            text(&fields, "default").map(str::parse::<Offload>).transpose().map_err(|e| bad("default", &e))?;
        let ceiling = text(&fields, "ceiling").map(str::parse::<Tokens>).transpose().map_err(|e| bad("ceiling", &e))?;
        signed
            .edge
            .set_offload(
                &Tenant::Current,
                &OffloadPatch { default: Some(default), ceiling: Some(ceiling), experiment: None },
            )
            .await
    };
    match change.await {
        Ok(_) => Redirect::to("/console/settings").into_response(),
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

pub async fn set_rule(signed: Signed, headers: HeaderMap, body: Bytes) -> Response {
    let fields = match checked(&signed, &headers, &body) {
        Ok(fields) => fields,
        Err(refused) => return refused.into_response(),
    };
    let change = async {
        let pattern = text(&fields, "pattern").ok_or_else(|| EdgeError::invalid("give the rule's pattern"))?.to_owned();
        let effect = match text(&fields, "effect") {
            Some("allow") => Effect::Allow,
            Some("deny") => Effect::Deny,
            Some("ask") => Effect::Ask,
            Some("remove") => return signed.edge.remove_rule(&pattern).await.map(|_| ()),
            _ => return Err(EdgeError::invalid("the effect is allow, deny, ask or remove")),
        };
        let reason = text(&fields, "reason").map(str::to_owned);
        signed.edge.set_rule(&Rule { pattern, effect, reason }).await.map(|_| ())
    };
    match change.await {
        Ok(()) => Redirect::to("/console/settings").into_response(),
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}
