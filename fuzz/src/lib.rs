//! The bodies of the fuzz targets: each module's `run` takes the fuzzer's
//! bytes, drives the server's own functions with them and asserts what
//! must hold whatever the bytes are. A panic is a bug.
//!
//! The same file is a module of the server's `tests/fuzz_corpus.rs`, which
//! runs every file of `fuzz/corpus/<target>/` through `run`: `cargo test`
//! replays the corpora without libFuzzer, on one code path.

pub mod command_line;
pub mod fen;
pub mod formula;
pub mod moves;
pub mod pgn;
pub mod telnet;
pub mod timeseal;
pub mod trf;
pub mod websocket;

mod games;
mod printable;
mod render;

/// The body of a target: takes the fuzzer's bytes, panics on a bug.
pub type Target = fn(&[u8]);

/// Every target, by the name of its corpus folder and libFuzzer binary.
pub const TARGETS: &[(&str, Target)] = &[
    ("telnet", telnet::run),
    ("timeseal", timeseal::run),
    ("command_line", command_line::run),
    ("moves", moves::run),
    ("formula", formula::run),
    ("fen", fen::run),
    ("pgn", pgn::run),
    ("trf", trf::run),
    ("websocket", websocket::run),
];
