//! libFuzzer's entry to the `fit_document` target; the checks are `oz0_fuzz::fit_document`.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| oz0_fuzz::fit_document(bytes));
