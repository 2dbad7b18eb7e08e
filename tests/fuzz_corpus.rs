//! Replays every kept fuzz input: each file of `fuzz/corpus/<target>/`
//! (and of `fuzz/regressions/<target>/`, inputs that once failed) goes
//! through the target's own body, the code libFuzzer runs (`fuzz/src/`,
//! included here as a module). So `cargo test` checks in a second what
//! hours of fuzzing found, without libFuzzer or a nightly compiler.

#[path = "../fuzz/src/lib.rs"]
mod targets;

use std::path::Path;

/// Runs every file under `dir/<target>/` through its target; returns how
/// many ran.
fn replay(dir: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut total = 0;
    for (name, run) in targets::TARGETS {
        let Ok(entries) = std::fs::read_dir(root.join(name)) else {
            continue;
        };
        let mut files: Vec<_> = entries.map(|e| e.expect("a corpus entry").path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{name}: {} fails", file.display());
            total += 1;
        }
    }
    total
}

#[test]
fn every_corpus_input_passes_its_target() {
    let ran = replay("fuzz/corpus");
    // Every target has a kept corpus; an empty folder would test nothing.
    for (name, _) in targets::TARGETS {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/corpus")
            .join(name);
        let files = std::fs::read_dir(&dir).map_or(0, |d| d.count());
        assert!(files > 0, "{} holds no input", dir.display());
    }
    assert!(ran > 0);
}

#[test]
fn every_past_failure_passes_its_target() {
    replay("fuzz/regressions");
}
