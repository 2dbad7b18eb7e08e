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

/// One position of a `.perft` file: its name, EPD and (depth, nodes)
/// counts.
pub struct PerftCase {
    pub id: String,
    pub epd: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft suite under `tests/data/` (blocks of `id NAME`, `epd
/// EPD`, then `perft DEPTH NODES` lines; `#` comments).
pub fn read_perft(rel: &str) -> Vec<PerftCase> {
    let mut out: Vec<PerftCase> = Vec::new();
    for line in data_text(rel).lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            out.push(PerftCase {
                id: id.to_owned(),
                epd: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            out.last_mut().expect("epd before id").epd = epd.to_owned();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            out.last_mut()
                .expect("perft before id")
                .counts
                .push((depth.parse().expect("depth"), nodes.parse().expect("nodes")));
        } else {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "{rel}: unknown line {line:?}"
            );
        }
    }
    out
}
