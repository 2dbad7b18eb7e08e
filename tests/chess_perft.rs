//! Every atomic perft count published by shakmaty/python-chess/scalachess
//! and Fairy-Stockfish (`shared/testdata/atomic/*.perft`), none skipped.
//!
//! The EPDs are read with Chess960 castling, as the upstream runners do
//! (the `atomic960-*` positions are only valid that way).

mod chess_common;

use chess_common::data_text;
use shakmaty::{CastlingMode, fen::Epd, perft, variant::Atomic};

struct Case {
    id: String,
    epd: String,
    counts: Vec<(u32, u64)>,
}

fn cases(file: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in data_text(&format!("atomic/{file}")).lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            out.push(Case {
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
                "unknown line {line:?}"
            );
        }
    }
    out
}

fn check(file: &str, expected_counts: usize) {
    let cases = cases(file);
    let total: usize = cases.iter().map(|c| c.counts.len()).sum();
    assert_eq!(total, expected_counts, "{file}: count of perft lines");
    for case in cases {
        let pos: Atomic = Epd::from_ascii(case.epd.as_bytes())
            .unwrap_or_else(|e| panic!("{}: {e}", case.id))
            .into_position(CastlingMode::Chess960)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for (depth, nodes) in case.counts {
            assert_eq!(perft(&pos, depth), nodes, "{} perft {depth}", case.id);
        }
    }
}

#[test]
fn shakmaty_suite_all_31_counts() {
    check("atomic.perft", 31);
}

#[test]
fn fairy_stockfish_counts() {
    check("fairy-stockfish-atomic.perft", 2);
}
