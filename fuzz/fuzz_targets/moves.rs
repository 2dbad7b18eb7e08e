//! libFuzzer entry of the `moves` target; the body and its checks are in
//! `atomicd_fuzz::moves` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::moves::run(data));
