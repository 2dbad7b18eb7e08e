//! libFuzzer entry of the `pgn` target; the body and its checks are in
//! `atomicd_fuzz::pgn` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::pgn::run(data));
