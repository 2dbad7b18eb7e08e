//! Helpers shared by the `chess_*` tests: where the outside data lives.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A file under `tests/data/` (see its README for where each came from).
/// A missing file fails the test loudly.
pub fn data_path(rel: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    assert!(path.is_file(), "test data missing: {}", path.display());
    path
}

/// The text of a file under `tests/data/`.
pub fn data_text(rel: &str) -> String {
    let path = data_path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One game of the FICS PGN file.
pub struct PgnRecord {
    pub white: String,
    pub result: String,
    pub sans: Vec<String>,
    pub comment: String,
}

/// A small reader for this file: tags, SAN tokens, one final comment.
pub fn read_fics_games(text: &str) -> Vec<PgnRecord> {
    let text = text.replace('\r', "");
    let mut games = Vec::new();
    for chunk in text.split("[Event ").skip(1) {
        let tag = |name: &str| {
            chunk
                .lines()
                .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
                .and_then(|v| v.strip_suffix("\"]"))
                .unwrap_or_else(|| panic!("tag {name} missing"))
                .to_owned()
        };
        let movetext: String = chunk
            .lines()
            .filter(|l| !l.starts_with('[') && !l.contains("\"]"))
            .collect::<Vec<_>>()
            .join(" ");
        let (moves, rest) = movetext.split_once('{').expect("end comment");
        let (comment, _) = rest.split_once('}').expect("comment end");
        let sans = moves
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .map(|t| t.split_once('.').map_or(t, |(_, san)| san).to_owned())
            .filter(|t| !t.is_empty())
            .collect();
        games.push(PgnRecord {
            white: tag("White"),
            result: tag("Result"),
            sans,
            comment: comment.to_owned(),
        });
    }
    games
}
