//! Helpers shared by the `chess_*` tests: where the outside data lives.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A file under the project's `shared/` folder: `$ATOMICD_SHARED` if set,
/// else `../shared` beside the crate (as on CI), else `/work/shared` (a
/// developer worktree elsewhere). A missing file fails the test loudly.
pub fn shared_path(rel: &str) -> PathBuf {
    let root = match std::env::var_os("ATOMICD_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
            if beside.is_dir() {
                beside
            } else {
                PathBuf::from("/work/shared")
            }
        }
    };
    let path = root.join(rel);
    assert!(path.is_file(), "test data missing: {}", path.display());
    path
}

/// The text of a file under `shared/`.
pub fn shared_text(rel: &str) -> String {
    let path = shared_path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
