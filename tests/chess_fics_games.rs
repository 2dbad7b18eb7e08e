//! The ten real FICS atomic games of 2005
//! (`shared/testdata/atomic/fics-atomic-games-2005.pgn`) replayed through
//! `parse_move` with the SAN as FICS wrote it; each recorded ending must
//! agree with `end()`.

mod chess_common;

use atomicd::chess::{AtomicGame, AutoEnd, Lang};
use chess_common::{data_text, read_fics_games};
use shakmaty::{Color, Role};

#[test]
fn ten_fics_games_replay_and_end_as_recorded() {
    let games = read_fics_games(&data_text("atomic/fics-atomic-games-2005.pgn"));
    assert_eq!(games.len(), 10);
    for (n, record) in games.iter().enumerate() {
        let mut game = AtomicGame::new();
        for (ply, san) in record.sans.iter().enumerate() {
            assert!(game.end().is_none(), "game {}: over before {san}", n + 1);
            let mv = game
                .parse_move(san, Lang::En, Role::Queen)
                .unwrap_or_else(|e| panic!("game {} ply {}: {san}: {e}", n + 1, ply + 1));
            let played = game.play(mv);
            // FICS and shakmaty write the same SAN, check marks included.
            assert_eq!(&played.san, san, "game {} ply {}", n + 1, ply + 1);
        }
        let loser_is_white = record.result == "0-1";
        if record.comment.ends_with("checkmated") {
            let loser = if loser_is_white {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(
                game.end(),
                Some(AutoEnd::Checkmate { loser }),
                "game {}",
                n + 1
            );
            assert!(record.comment.starts_with(&record.white) == loser_is_white);
        } else {
            assert!(record.comment.ends_with("resigns"), "game {}", n + 1);
            assert_eq!(game.end(), None, "game {}: a resigned game goes on", n + 1);
        }
    }
    assert_eq!(games[0].comment, "grogers checkmated");
    // Half-moves per game, as python-chess counts them.
    let plies: Vec<usize> = games.iter().map(|g| g.sans.len()).collect();
    assert_eq!(plies, [54, 27, 50, 25, 20, 39, 30, 25, 22, 39]);
}
