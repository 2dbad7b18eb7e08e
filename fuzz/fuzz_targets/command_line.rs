//! libFuzzer entry of the `command_line` target; the body and its checks are in
//! `atomicd_fuzz::command_line` (shared with the corpus replay of `cargo test`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| atomicd_fuzz::command_line::run(data));
