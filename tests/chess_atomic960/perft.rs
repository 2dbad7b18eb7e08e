//! Perft counts of 40 Atomic960 positions computed by python-chess and by
//! Fairy-Stockfish (`scripts/atomic960_perft.py`; how, in
//! `tests/data/atomic960/README.md`), through `AtomicGame`'s own way in:
//! the start positions by number, the others by FEN in Atomic960.

use atomicd::chess::{AtomicGame, StartPosition, Variant};
use shakmaty::perft;

use crate::chess_common::read_perft;

fn game_of(id: &str, epd: &str) -> AtomicGame {
    let by_fen =
        AtomicGame::from_fen_in(Variant::Atomic960, epd).unwrap_or_else(|e| panic!("{id}: {e}"));
    // `spN` is start position N as python-chess numbers it: the same
    // position must come from our numbering.
    if let Some(n) = id.strip_prefix("sp").and_then(|n| n.parse().ok()) {
        let start = StartPosition::new(n).expect("0-959");
        let game = AtomicGame::atomic960(start);
        assert!(start.fen().starts_with(epd), "{id}: {}", start.fen());
        assert_eq!(game.fen(), by_fen.fen(), "{id}");
        assert_eq!(game.chess960_number(), Some(start), "{id}");
        return game;
    }
    by_fen
}

fn check(file: &str, positions: usize, counts: usize) {
    let cases = read_perft(file);
    assert_eq!(cases.len(), positions, "{file}: positions");
    assert_eq!(
        cases.iter().map(|c| c.counts.len()).sum::<usize>(),
        counts,
        "{file}: counts"
    );
    assert!(
        cases.iter().filter(|c| c.id.starts_with("sp")).count() >= 20,
        "{file}: at least 20 start positions"
    );
    for case in cases {
        let game = game_of(&case.id, &case.epd);
        for (depth, nodes) in case.counts {
            assert_eq!(
                perft(game.position(), depth),
                nodes,
                "{} perft {depth}",
                case.id
            );
        }
    }
}

#[test]
fn python_chess_counts() {
    // 24 start positions to depth 4, 16 others to depth 3.
    check(
        "atomic960/python-chess-atomic960.perft",
        40,
        24 * 4 + 16 * 3,
    );
}

#[test]
fn fairy_stockfish_counts() {
    // 24 start positions at depths 4 and 5, 16 others at depth 4.
    check("atomic960/fairy-stockfish-atomic960.perft", 40, 24 * 2 + 16);
}
