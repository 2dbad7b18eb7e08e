//! libFuzzer entry of the `fen` target; the body and its checks are in
//! `atomicd_fuzz::fen` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::fen::run(data));
