//! Positions typed by users: a FEN as `match … fen` and stored games
//! read it (`AtomicGame::from_fen`), and the `bsetup` words
//! (`SetupCommand::parse`, `BoardEditor`). A FEN that is accepted gives a
//! game whose FEN reads again to the same game; a board being set up
//! always has a FEN and always renders; `bsetup done` gives a game whose
//! FEN reads again.
//!
//! Input: lines. The first is a FEN; the others are `bsetup` arguments,
//! applied in turn to an empty board (the board of that FEN's game when
//! it was accepted).

use atomicd::chess::board_setup::{BoardEditor, SetupCommand};
use atomicd::chess::{AtomicGame, AutoEnd};
use shakmaty::fen::Fen;

use super::render;

pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let fen = lines.next().unwrap_or_default();
    let mut editor = match AtomicGame::from_fen(fen) {
        Ok(game) => {
            reads_again(&game);
            render::boards(&game.snapshot(1, "White", "Black"));
            let editor = BoardEditor::from_game(&game);
            assert_eq!(
                editor.fen(),
                game.fen(),
                "bsetup of a game starts from its board"
            );
            // What `match … fen` plays (a position not yet decided),
            // `bsetup done` accepts. A FEN without a king is a game whose
            // king has exploded: examining reads it, nobody plays it.
            if !matches!(game.end(), Some(AutoEnd::KingExploded { .. })) {
                let done = editor.finish().unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert_eq!(done.fen(), game.fen());
            }
            editor
        }
        Err(e) => {
            assert!(!e.to_string().contains('\n'));
            BoardEditor::empty()
        }
    };
    for line in lines.take(64) {
        let args = line.trim();
        if args.is_empty() {
            continue;
        }
        let Ok(command) = SetupCommand::parse(args) else {
            continue;
        };
        if command == SetupCommand::Done {
            if let Ok(game) = editor.finish() {
                reads_again(&game);
                render::boards(&game.snapshot(1, "White", "Black"));
            }
            continue;
        }
        let _ = editor.apply(&command);
        let fen = editor.fen();
        assert!(
            Fen::from_ascii(fen.as_bytes()).is_ok(),
            "{fen:?} from bsetup {args:?}"
        );
        render::boards(&editor.snapshot(1, "White", "Black"));
    }
}

/// The FEN of a game is accepted again, in the game's variant (`bsetup
/// start N` makes an Atomic960 one), and gives the same position.
fn reads_again(game: &AtomicGame) {
    let fen = game.fen();
    let again =
        AtomicGame::from_fen_in(game.variant(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again.fen(), fen);
    assert_eq!(again.legal_moves(), game.legal_moves(), "{fen}");
    assert_eq!(again.end(), game.end(), "{fen}");
}
