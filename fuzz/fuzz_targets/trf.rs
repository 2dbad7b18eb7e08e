//! libFuzzer entry of the `trf` target; the body and its checks are in
//! `atomicd_fuzz::trf` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::trf::run(data));
