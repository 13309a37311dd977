//! The experiments (`oz0 compare-savings`): a list, and each experiment's page with both arms side by
//! side, the verdict, and a chart of what each pair's variant saved, drawn as SVG on the server.

use std::fmt::Write as _;

use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;
use oz0_core::api::{Edge, EdgeError, Experiment, ExperimentPair, ExperimentReport, TreeId};
use oz0_core::savings::{grouped, threshold};

use super::html::{self, Section, dollars, esc, url};
use super::signed::Signed;

/// How many experiments the list shows.
const LISTED: u32 = 100;

pub async fn list(signed: Signed) -> Response {
    match signed.edge.experiments(LISTED).await {
        Ok(experiments) => html::respond(
            StatusCode::OK,
            html::page("Experiments", Section::Experiments, Some(&signed.session), &render_list(&experiments)),
        ),
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

pub async fn page(signed: Signed, Path(segment): Path<String>) -> Response {
    let found = async {
        let id: TreeId = segment.parse().map_err(|_| EdgeError::not_found(format!("no experiment `{segment}`")))?;
        signed.edge.experiment(&id).await
    };
    match found.await {
        Ok(report) => {
            let title = format!("Experiment {}", report.id);
            html::respond(
                StatusCode::OK,
                html::page(&title, Section::Experiments, Some(&signed.session), &render(&report)),
            )
        }
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

fn state(experiment: &Experiment) -> String {
    format!(r#"<span class="state {0}">{0}</span>"#, experiment.state.as_str())
}

fn render_list(experiments: &[Experiment]) -> String {
    let mut out = "<h1>Experiments</h1>".to_owned();
    out.push_str(
        r#"<p class="none">An experiment runs an agent on the same inputs under the threshold it gets today and under another, in pairs: <code>oz0 compare-savings start --agent NAME --variant-offload off --inputs FILE</code>.</p>"#,
    );
    let rows = experiments.iter().map(|x| {
        (
            format!("experiment-{}", x.id),
            vec![
                format!(r#"<a href="/console/experiments/{}">{}</a>"#, url(x.id.as_str()), esc(x.id.as_str())),
                esc(&x.agent),
                state(x),
                esc(&threshold(x.baseline_offload)),
                esc(&threshold(x.variant_offload)),
                format!("{} of {}", x.jobs, u64::from(x.inputs) * 2),
                dollars(x.spent_usd),
                esc(&x.started_at),
            ],
        )
    });
    out.push_str(&html::table(
        "experiments",
        &["Experiment", "Agent", "State", "Baseline", "Variant", "Jobs", "Spent", "Started"],
        rows,
    ));
    out
}

fn render(report: &ExperimentReport) -> String {
    let x = &report.experiment;
    let mut out = format!(
        r#"<h1>Experiment <code>{}</code></h1><dl class="facts"><dt>Agent</dt><dd>{}</dd><dt>State</dt><dd id="state">{}</dd><dt>Person</dt><dd>{}</dd><dt>Started</dt><dd>{}</dd><dt>Spent</dt><dd>{}{}</dd><dt>Pairs measured</dt><dd>{} of {}</dd>"#,
        esc(x.id.as_str()),
        esc(&x.agent),
        state(x),
        esc(&x.person),
        esc(&x.started_at),
        dollars(x.spent_usd),
        x.budget_usd.map(|b| format!(" of {}", dollars(b))).unwrap_or_default(),
        report.savings.pairs,
        x.inputs,
    );
    if let Some(reason) = &x.reason {
        let _ = write!(out, r#"<dt>Why</dt><dd id="reason">{}</dd>"#, esc(reason));
    }
    out.push_str("</dl>");
    let _ = write!(out, r#"<p id="verdict"><strong>{}</strong></p>"#, esc(&report.savings.verdict));

    let rows: Vec<(String, Vec<String>)> = report
        .rows()
        .into_iter()
        .map(|row| (format!("arm-{}", row[0].replace(' ', "-")), row.iter().map(|cell| esc(cell)).collect()))
        .collect();
    out.push_str("<h2>Both arms</h2>");
    out.push_str(&html::table("arms", &["", "Baseline", "Variant", "Variant saved (95%)"], rows));

    out.push_str("<h2>What each pair's variant saved</h2>");
    out.push_str(&chart(&report.pairs));

    let job = |arm: &Option<oz0_core::api::PairArm>| match arm {
        Some(arm) => format!(
            r#"<a href="/console/jobs/{}">{}</a> <span class="state {}">{}</span> {} · {} tokens"#,
            url(arm.job.as_str()),
            esc(arm.job.as_str()),
            arm.state.as_str(),
            arm.state.as_str(),
            dollars(arm.cost_usd),
            grouped(arm.tokens)
        ),
        None => "–".to_owned(),
    };
    let rows = report
        .pairs
        .iter()
        .map(|p| (format!("pair-{}", p.n), vec![p.n.to_string(), job(&p.baseline), job(&p.variant)]));
    out.push_str("<h2>Pairs</h2>");
    out.push_str(&html::table("pairs", &["Pair", "Baseline", "Variant"], rows));
    out
}

/// The chart's drawing area, in SVG units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 180.0;
/// The room left of the drawing for the axis's labels, and below it for the pairs' numbers.
const LEFT: f64 = 90.0;
const BELOW: f64 = 18.0;

/// Returns the chart of each measured pair's cost saved (the baseline's less the variant's): a bar up
/// for what the variant saved, down for what it spent more, from a line at zero.
fn chart(pairs: &[ExperimentPair]) -> String {
    let diffs: Vec<(u32, f64)> = pairs
        .iter()
        .filter_map(|p| match (&p.baseline, &p.variant) {
            (Some(b), Some(v)) if b.state.ended() && v.state.ended() => Some((p.n, b.cost_usd - v.cost_usd)),
            _ => None,
        })
        .collect();
    if diffs.is_empty() {
        return r#"<p class="none" id="chart">No pair has ended yet.</p>"#.to_owned();
    }
    let up = diffs.iter().map(|(_, d)| *d).fold(0.0_f64, f64::max);
    let down = diffs.iter().map(|(_, d)| -*d).fold(0.0_f64, f64::max);
    let range = if up + down > 0.0 { up + down } else { 1.0 };
    let zero = HEIGHT * up / range;
    let slot = (WIDTH - LEFT) / diffs.len() as f64;
    let width = (slot * 0.7).clamp(1.0, 40.0);
    let mut out = format!(
        r#"<svg id="chart" class="chart" viewBox="0 0 {WIDTH} {}" width="{WIDTH}" height="{}" role="img" aria-label="Cost saved by the variant in each pair: up is saved, down is spent more">"#,
        HEIGHT + BELOW,
        HEIGHT + BELOW,
    );
    let _ = write!(
        out,
        r#"<text class="axis" x="{:.1}" y="12" text-anchor="end">{} saved</text><text class="axis" x="{:.1}" y="{:.1}" text-anchor="end">{} more</text><line class="zero" x1="{LEFT}" y1="{zero:.1}" x2="{WIDTH}" y2="{zero:.1}"/>"#,
        LEFT - 6.0,
        dollars(up),
        LEFT - 6.0,
        HEIGHT - 2.0,
        dollars(down),
    );
    for (i, (n, diff)) in diffs.iter().enumerate() {
        let x = LEFT + slot * i as f64 + (slot - width) / 2.0;
        let height = (diff.abs() / range * HEIGHT).max(1.0);
        let (y, class) = if *diff >= 0.0 { (zero - height, "saved") } else { (zero, "spent") };
        let words = if *diff >= 0.0 { "saved" } else { "spent more" };
        let _ = write!(
            out,
            r#"<rect class="{class}" x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height:.1}"><title>pair {n}: {} {words}</title></rect>"#,
            dollars(diff.abs()),
        );
        if diffs.len() <= 40 {
            let _ = write!(
                out,
                r#"<text class="pair" x="{:.1}" y="{:.1}" text-anchor="middle">{n}</text>"#,
                x + width / 2.0,
                HEIGHT + BELOW - 4.0
            );
        }
    }
    out.push_str("</svg>");
    out
}
