//! libFuzzer entry of the `websocket` target; the body and its checks are in
//! `atomicd_fuzz::websocket` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::websocket::run(data));
