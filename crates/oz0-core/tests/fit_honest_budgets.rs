//! Honest budgets: a reader must be able to trust a budget even where the estimate errs. Over the mixed
//! corpus's held-out documents, the exact cl100k size of 95% of fitted answers is at most 1.05 times
//! their budget.

#![cfg(feature = "fit")]
// A test that measures prints its figures.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use oz0_core::fit::{Request, View, fit_document};

#[path = "support/corpus.rs"]
mod corpus;

const BUDGETS: [u64; 5] = [100, 300, 1000, 2000, 5000];

#[test]
fn fitted_answers_keep_their_budget_in_exact_tokens() {
    let exact = bpe_openai::cl100k_base();
    let mut ratios: Vec<(f64, String)> = Vec::new();
    // The documents the estimate was not trained on.
    let docs = corpus::load(&corpus::root(env!("CARGO_MANIFEST_DIR"), 2)).expect("the corpus is readable UTF-8 text");
    for doc in docs.iter().filter(|d| d.held_out()) {
        let (text, name) = (&doc.text, doc.path.rsplit('/').next().unwrap_or_default().to_owned());
        for budget in BUDGETS {
            for view in [None, Some(View::Summary)] {
                let fitted = fit_document(
                    text,
                    &Request { view, budget: Some(budget), name: Some(&name), ..Request::default() },
                );
                let tokens = exact.count(&fitted.text) as f64;
                ratios.push((tokens / budget as f64, format!("{name} budget {budget} {}", fitted.note.view)));
            }
        }
    }
    ratios.sort_by(|a, b| a.0.total_cmp(&b.0));
    let within = ratios.iter().filter(|(r, _)| *r <= 1.05).count();
    let share = within as f64 / ratios.len() as f64;
    let worst: Vec<String> = ratios.iter().rev().take(5).map(|(r, what)| format!("{r:.3} {what}")).collect();
    println!("{} answers, {:.2}% within 1.05x their budget; worst: {worst:#?}", ratios.len(), share * 100.0);
    assert!(share >= 0.95, "only {:.2}% of answers are within 1.05x their budget; worst: {worst:#?}", share * 100.0);
}
