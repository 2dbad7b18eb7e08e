//! Move input (`chess::input` through `AtomicGame::parse_move_cased`), in
//! a random legal position: any text either is refused or names a legal
//! move, and every legal move typed as its SAN (English or French), as
//! UCI or with strict letter case reads back as that very move (but for
//! FICS's `bxc4`, which without `movecase` may also be the bishop's).

use arbitrary::Unstructured;
use atomicd::chess::notation::{san_for_display, uci};
use atomicd::chess::{AtomicGame, Lang, MoveError, looks_like_move};
use shakmaty::{Move, Role};

use super::games::random_game;

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let (game, _) = random_game(&mut u, 80);
    let strict = u.arbitrary::<bool>().unwrap_or(false);
    let promote = PROMOTIONS[u.choose_index(PROMOTIONS.len()).unwrap_or(0)];
    let back = usize::from(u.arbitrary::<u8>().unwrap_or(0));
    let text = String::from_utf8_lossy(u.take_rest());

    // Any text: refused, or a legal move; "not a move" only when the
    // command loop's cheap test says so too.
    for lang in [Lang::En, Lang::Fr] {
        match game.parse_move_cased(&text, lang, promote, strict) {
            Ok(mv) => assert_legal(&game, mv, &text),
            Err(MoveError::NotAMove) => {}
            Err(_) => assert!(
                looks_like_move(&text),
                "{text:?} was read as a move, but looks_like_move says no"
            ),
        }
    }

    reads_back_every_legal_move(&game, promote);
    takeback_replays_the_start(&game, back);
    let _ = (game.end(), game.draw_claim(), game.strengths());
}

fn assert_legal(game: &AtomicGame, mv: Move, text: &str) {
    let mut g = game.clone();
    assert!(
        g.try_play(mv).is_ok(),
        "{text:?} parsed to the illegal move {mv:?} in {}",
        game.fen()
    );
}

/// SAN as written in the move list (with its `+`/`#`), in both languages
/// and both letter-case modes, and UCI, all give back the move.
fn reads_back_every_legal_move(game: &AtomicGame, promote: Role) {
    for &mv in game.legal_moves() {
        let mut after = game.clone();
        let san = after.play(mv).san.clone();
        let fen = game.fen();
        for strict in [false, true] {
            for lang in [Lang::En, Lang::Fr] {
                let typed = san_for_display(&san, lang);
                let read = game.parse_move_cased(&typed, lang, promote, strict);
                // FICS's documented "bishop confusion": without
                // `movecase`, `bxc4` may also be the bishop's move.
                let confusion = !strict && lang == Lang::En && bishop_confusion(game, mv, &typed);
                if confusion && read == Err(MoveError::Ambiguous(typed.trim().to_string())) {
                    continue;
                }
                assert_eq!(
                    read,
                    Ok(mv),
                    "{typed:?} ({lang:?}, strict {strict}) in {fen}"
                );
            }
            let typed = uci(mv);
            let read = game.parse_move_cased(&typed, Lang::En, promote, strict);
            // Without a piece letter a promotion names its piece, or the
            // player's `promote` setting stands for it.
            assert_eq!(read, Ok(mv), "{typed:?} (strict {strict}) in {fen}");
        }
    }
}

/// A pawn capture from the b-file whose target a bishop can reach too.
fn bishop_confusion(game: &AtomicGame, mv: Move, san: &str) -> bool {
    san.starts_with("bx")
        && game
            .legal_moves()
            .iter()
            .any(|m| m.role() == Role::Bishop && m.to() == mv.to())
}

/// Taking back moves gives the position of the shorter game.
fn takeback_replays_the_start(game: &AtomicGame, n: usize) {
    let played = game.moves().len();
    let back = n % (played + 1);
    let mut g = game.clone();
    g.takeback(back);
    let mut replay = match game.start_fen() {
        Some(fen) => AtomicGame::from_fen(fen).expect("a start FEN is legal"),
        None => AtomicGame::new(),
    };
    for m in &game.moves()[..played - back] {
        replay.play(m.mv);
    }
    assert_eq!(g.fen(), replay.fen(), "takeback {back} of {played}");
    assert_eq!(g.legal_moves(), replay.legal_moves());
    assert_eq!(g.draw_claim(), replay.draw_claim());
}
