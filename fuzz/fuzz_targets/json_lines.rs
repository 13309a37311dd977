//! libFuzzer's entry to the `json_lines` target; the checks are `oz0_fuzz::json_lines`.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| oz0_fuzz::json_lines(bytes));
