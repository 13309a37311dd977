//! Exact cl100k counts and token boundaries, from `bpe-openai`.

/// Returns the exact cl100k token count of `text`.
pub fn count(text: &str) -> u64 {
    bpe_openai::cl100k_base().count(text) as u64
}

/// Returns, for each byte of `text`, whether a cl100k token starts there.
pub fn starts(text: &str) -> Vec<bool> {
    let tokenizer = bpe_openai::cl100k_base();
    let mut starts = vec![false; text.len()];
    let mut at = 0;
    for token in tokenizer.encode(text) {
        if let Some(s) = starts.get_mut(at) {
            *s = true;
        }
        at += tokenizer.bpe.token_len(token);
    }
    starts
}
