//! libFuzzer entry of the `telnet` target; the body and its checks are in
//! `atomicd_fuzz::telnet` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::telnet::run(data));
