//! The usage page: what the tenant spent by day, plugin, service and model, as bar charts, with the
//! tokens and calls behind each.

use std::fmt::Write as _;

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::response::Response;
use oz0_core::api::{Edge, EdgeError, UsageKind, UsageRecord, parse_instant};
use serde::Deserialize;

use super::html::{self, Section, dollars, esc};
use super::signed::Signed;

/// The period of the usage page; left out, everything.
#[derive(Debug, Default, Deserialize)]
pub struct UsageQuery {
    since: Option<String>,
    until: Option<String>,
}

/// One bar of a chart: its name, what it cost, its tokens and how many lines it adds up.
#[derive(Debug, Default)]
struct Sum {
    name: String,
    cost: f64,
    tokens: u64,
    lines: u64,
}

/// Returns the sums of `records` by the name `key` gives, in the order first seen (days in order).
fn sums(records: &[UsageRecord], key: impl Fn(&UsageRecord) -> Option<String>) -> Vec<Sum> {
    let mut out: Vec<Sum> = Vec::new();
    for r in records {
        let Some(name) = key(r) else { continue };
        let i = match out.iter().position(|s| s.name == name) {
            Some(i) => i,
            None => {
                out.push(Sum { name, ..Sum::default() });
                out.len() - 1
            }
        };
        out[i].cost += r.cost_usd;
        out[i].tokens += r.tokens_in + r.tokens_out;
        out[i].lines += 1;
    }
    out
}

/// Returns a bar chart of `sums`, each bar's length its share of the largest cost.
fn chart(id: &str, title: &str, sums: &[Sum]) -> String {
    let mut out = format!(r#"<section class="chart" id="{id}"><h2>{}</h2>"#, esc(title));
    if sums.is_empty() {
        out.push_str(r#"<p class="none">none</p></section>"#);
        return out;
    }
    let most = sums.iter().map(|s| s.cost).fold(0.0, f64::max);
    out.push_str(r#"<table class="bars"><tbody>"#);
    for s in sums {
        let width = if most > 0.0 { (s.cost / most * 220.0).max(1.0) } else { 1.0 };
        let _ = write!(
            out,
            r#"<tr><th>{}</th><td><svg width="220" height="14" role="img" aria-label="{cost}"><rect class="fill" width="{width:.1}" height="14" rx="2"/></svg></td><td class="cost">{cost}</td><td class="detail">{} tokens, {} line{}</td></tr>"#,
            esc(&s.name),
            s.tokens,
            s.lines,
            if s.lines == 1 { "" } else { "s" },
            cost = dollars(s.cost),
        );
    }
    out.push_str("</tbody></table></section>");
    out
}

pub async fn page(signed: Signed, query: Result<Query<UsageQuery>, QueryRejection>) -> Response {
    let period = match super::jobs::query(query) {
        Ok(period) => period,
        Err(err) => return html::error_page(&err, Some(&signed.session)),
    };
    let given = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    let (since, until) = (given(&period.since), given(&period.until));
    let read = async {
        let instant = |v: &Option<String>| v.as_deref().map(parse_instant).transpose().map_err(EdgeError::invalid);
        let (from, to) = (instant(&since)?, instant(&until)?);
        signed.edge.usage(from, to).await
    };
    let records = match read.await {
        Ok(records) => records,
        Err(err) => return html::error_page(&err, Some(&signed.session)),
    };
    let total: f64 = records.iter().map(|r| r.cost_usd).sum();
    let models = records.iter().filter(|r| r.kind == UsageKind::Model).count();
    let mut out = String::from("<h1>Usage</h1>");
    let _ = write!(
        out,
        r#"<form class="filters" method="get" action="/console/usage"><label>Since <input name="since" placeholder="2026-11-01" value="{}"></label><label>Until <input name="until" placeholder="2026-12-01" value="{}"></label><button type="submit">Show</button></form><p class="summary" id="usage-total">{} in all: {} model call{}, {} service report{}.</p>"#,
        esc(since.as_deref().unwrap_or_default()),
        esc(until.as_deref().unwrap_or_default()),
        dollars(total),
        models,
        if models == 1 { "" } else { "s" },
        records.len() - models,
        if records.len() - models == 1 { "" } else { "s" },
    );
    let mut days = sums(&records, |r| Some(r.day.clone()));
    days.sort_by(|a, b| a.name.cmp(&b.name));
    out.push_str(r#"<div class="charts">"#);
    out.push_str(&chart("by-day", "By day", &days));
    out.push_str(&chart(
        "by-plugin",
        "By plugin",
        &sums(&records, |r| Some(r.plugin.clone().unwrap_or_else(|| "(the agent's own)".to_owned()))),
    ));
    out.push_str(&chart("by-service", "By service", &sums(&records, |r| r.service.clone())));
    out.push_str(&chart(
        "by-model",
        "By model",
        &sums(&records, |r| match (&r.alias, &r.model) {
            (Some(alias), Some(model)) if !model.is_empty() => Some(format!("{alias} ({model})")),
            (Some(alias), _) => Some(alias.clone()),
            (None, Some(model)) => Some(model.clone()),
            (None, None) => None,
        }),
    ));
    out.push_str("</div>");
    html::respond(StatusCode::OK, html::page("Usage", Section::Usage, Some(&signed.session), &out))
}
