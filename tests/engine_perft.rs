//! Atomic from the engine as outside truth: Fairy-Stockfish's own move
//! generator (`go perft`, with `UCI_Variant atomic`) against the server's
//! (shakmaty, as `src/chess/` plays it), move by move, on 20 positions
//! from real games: two from each of the ten FICS games of 2005 in
//! tests/data/atomic/fics-atomic-games-2005.pgn, replayed by the server's
//! own code, a third and two thirds of the way through each.
//!
//! Each position is compared by its perft divide at depth 3: the legal
//! moves must be the same, and under each the count of positions two
//! plies on, so a difference in explosions, checks or castling anywhere
//! in the next three plies shows as the move it hides under.

mod chess_common;
mod engine_common;

use std::collections::BTreeMap;

use atomicd::chess::{AtomicGame, Lang};
use chess_common::{data_text, read_fics_games};
use engine_common::Uci;
use shakmaty::{CastlingMode, Position, Role, perft};

const DEPTH: u32 = 3;

/// Twenty positions of the real games, as FEN.
fn positions() -> Vec<(String, String)> {
    let games = read_fics_games(&data_text("atomic/fics-atomic-games-2005.pgn"));
    assert_eq!(games.len(), 10);
    let mut out = Vec::new();
    for (n, record) in games.iter().enumerate() {
        let plies = record.sans.len();
        for at in [plies / 3, 2 * plies / 3] {
            let mut game = AtomicGame::new();
            for san in &record.sans[..at] {
                let mv = game.parse_move(san, Lang::En, Role::Queen).unwrap();
                game.play(mv);
            }
            assert!(game.end().is_none(), "game {} ends before ply {at}", n + 1);
            out.push((format!("game {} ply {at}", n + 1), game.fen()));
        }
    }
    out
}

/// The server's divide: every legal move and the perft below it.
fn ours(fen: &str) -> BTreeMap<String, u64> {
    let game = AtomicGame::from_fen(fen).unwrap();
    let pos = game.position();
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            (
                m.to_uci(CastlingMode::Standard).to_string(),
                perft(&next, DEPTH - 1),
            )
        })
        .collect()
}

/// The engine's divide (`go perft`: `e2e4: 600` lines, then `Nodes
/// searched: N`), and its total.
fn theirs(engine: &mut Uci, fen: &str) -> (BTreeMap<String, u64>, u64) {
    engine.send(&format!("position fen {fen}"));
    engine.send(&format!("go perft {DEPTH}"));
    let lines = engine.until(|l| l.starts_with("Nodes searched"));
    let mut divide = BTreeMap::new();
    let mut total = 0;
    for line in lines {
        if let Some(n) = line.strip_prefix("Nodes searched: ") {
            total = n.trim().parse().unwrap();
        } else if let Some((mv, n)) = line.split_once(": ")
            && let Ok(n) = n.trim().parse::<u64>()
        {
            divide.insert(mv.trim().to_string(), n);
        }
    }
    (divide, total)
}

#[test]
fn the_engine_and_the_server_agree_on_twenty_positions_of_real_games() {
    let positions = positions();
    assert_eq!(positions.len(), 20);
    let mut engine = Uci::atomic();
    let mut nodes = 0;
    for (name, fen) in &positions {
        let ours = ours(fen);
        let (theirs, total) = theirs(&mut engine, fen);
        assert_eq!(
            theirs, ours,
            "{name}: {fen}: the engine's perft {DEPTH} divide differs from the server's"
        );
        assert_eq!(total, ours.values().sum::<u64>(), "{name}: {fen}");
        assert!(ours.len() > 1, "{name}: a position with a choice");
        nodes += total;
    }
    // Deep enough to mean something: explosions three plies on.
    assert!(nodes > 100_000, "{nodes} nodes in all");
}
