//! libFuzzer entry of the `formula` target; the body and its checks are in
//! `atomicd_fuzz::formula` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::formula::run(data));
