//! Making Atomic960 games: from a number, from a FEN, from a stored game,
//! and with `bsetup` (`start N`, castling rights beside the king).

use atomicd::chess::board_setup::{BoardEditor, SetupCommand};
use atomicd::chess::{AtomicGame, Lang, StartPosition, Variant, notation, style12};
use shakmaty::{CastlingMode, Role};

fn sp(n: u32) -> StartPosition {
    StartPosition::new(n).expect("0-959")
}

#[test]
fn a_game_from_a_number_knows_its_variant_and_number() {
    let game = AtomicGame::atomic960(sp(959));
    assert_eq!(game.variant(), Variant::Atomic960);
    assert_eq!(game.chess960_number(), Some(sp(959)));
    assert_eq!(game.start_fen(), Some(sp(959).fen().as_str()));
    // Even 518 keeps its FEN: an Atomic960 game always says where it began.
    let standard = AtomicGame::atomic960(StartPosition::STANDARD);
    assert_eq!(standard.start_fen(), Some(AtomicGame::new().fen().as_str()));
    assert_eq!(AtomicGame::new().start_fen(), None);
    assert_eq!(AtomicGame::new().chess960_number(), None);
    assert_eq!(AtomicGame::new().variant(), Variant::Atomic);
    // Once a move is made it is still the game of SP 959.
    let mut moved = game.clone();
    moved.play_input("e4", Lang::En, Role::Queen).unwrap();
    assert_eq!(moved.chess960_number(), Some(sp(959)));
    // A set-up Atomic960 position is no numbered start.
    let set_up = AtomicGame::from_fen_in(
        Variant::Atomic960,
        "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(set_up.chess960_number(), None);
}

#[test]
fn chess960_castling_rights_need_atomic960() {
    let fen = sp(959).fen();
    let refused = AtomicGame::from_fen(&fen).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "That position cannot be played: a castling right has no king or rook in place."
    );
    let game = AtomicGame::from_fen_in(Variant::Atomic960, &fen).unwrap();
    assert_eq!(game.fen(), fen);
    // Shredder-FEN names the same rooks; the FEN kept is X-FEN.
    let shredder = fen.replace("KQkq", "CAca");
    let game = AtomicGame::from_fen_in(Variant::Atomic960, &shredder).unwrap();
    assert_eq!(game.start_fen(), Some(fen.as_str()));
}

#[test]
fn stored_games_replay_in_their_variant() {
    // SP 3 castles on move one (king f1 and rook g1 swap), stored as f1g1.
    let mut game = AtomicGame::atomic960(sp(3));
    for m in ["O-O", "O-O"] {
        game.play_input(m, Lang::En, Role::Queen).unwrap();
    }
    let ucis: Vec<&str> = game.moves().iter().map(|m| m.uci.as_str()).collect();
    assert_eq!(ucis, ["f1g1", "f8g8"]);
    let again = AtomicGame::replay_in(Variant::Atomic960, game.start_fen(), ucis.clone()).unwrap();
    assert_eq!(again.fen(), game.fen());
    assert_eq!(again.moves(), game.moves());
    // As an atomic game the start position is refused.
    let wrong = AtomicGame::replay(game.start_fen(), ucis).unwrap_err();
    assert_eq!(wrong.0, 0);
    // No start FEN: Atomic960 from 518, where the two castling notations
    // are both read.
    let mut from_518 = AtomicGame::atomic960(StartPosition::STANDARD);
    for m in ["Nf3", "Nf6", "g3", "g6", "Bg2", "Bg7"] {
        from_518.play_input(m, Lang::En, Role::Queen).unwrap();
    }
    let mut ucis: Vec<String> = from_518.moves().iter().map(|m| m.uci.clone()).collect();
    ucis.extend(["e1h1".to_owned(), "e8g8".to_owned()]);
    let again =
        AtomicGame::replay_in(Variant::Atomic960, None, ucis.iter().map(String::as_str)).unwrap();
    let sans: Vec<&str> = again.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans[6..], ["O-O", "O-O"]);
    assert_eq!(again.moves()[7].uci, "e8h8");
}

fn apply(editor: &mut BoardEditor, words: &str) -> Result<String, String> {
    editor.apply(&SetupCommand::parse(words)?)
}

#[test]
fn bsetup_start_n_makes_an_atomic960_board() {
    assert_eq!(
        SetupCommand::parse("start 959"),
        Ok(SetupCommand::Start960(sp(959)))
    );
    assert_eq!(SetupCommand::parse("start"), Ok(SetupCommand::Start));
    for bad in ["start 960", "start x", "start 1 2"] {
        assert_eq!(
            SetupCommand::parse(bad),
            Err("Usage: bsetup start [0-959]".to_owned()),
            "{bad}"
        );
    }
    let mut editor = BoardEditor::empty();
    assert_eq!(editor.variant(), Variant::Atomic);
    assert_eq!(
        apply(&mut editor, "start 959").unwrap(),
        "The board is now in Chess960 start position 959 (Atomic960)."
    );
    assert_eq!(editor.variant(), Variant::Atomic960);
    assert_eq!(editor.fen(), sp(959).fen());
    let game = editor.finish().unwrap();
    assert_eq!(game.variant(), Variant::Atomic960);
    assert_eq!(game.chess960_number(), Some(sp(959)));
    // `clear` and `start` keep the variant; `from_game` takes the game's.
    apply(&mut editor, "clear").unwrap();
    assert_eq!(editor.variant(), Variant::Atomic960);
    assert_eq!(BoardEditor::from_game(&game).variant(), Variant::Atomic960);
    assert_eq!(BoardEditor::from_game(&game).fen(), game.fen());
}

fn castlings(game: &AtomicGame) -> Vec<String> {
    let mut castles: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|&m| notation::uci_in(m, CastlingMode::Chess960))
        .collect();
    castles.sort();
    castles
}

#[test]
fn bsetup_castling_rights_go_to_the_rooks_beside_the_king() {
    let mut editor = BoardEditor::empty_in(Variant::Atomic960);
    for word in ["K@b1", "R@a1", "R@c1", "R@h1", "k@g8", "r@f8"] {
        apply(&mut editor, word).unwrap();
    }
    // The outermost rook on each side: a1 and h1, not c1.
    assert_eq!(
        apply(&mut editor, "wcastle both").unwrap(),
        "White may castle both ways."
    );
    assert_eq!(
        apply(&mut editor, "bcastle qside").unwrap(),
        "Black may castle queen side only."
    );
    assert_eq!(
        apply(&mut editor, "bcastle kside"),
        Err("Black has no rook on the h-side of its king.".to_owned())
    );
    assert_eq!(editor.fen(), "5rk1/8/8/8/8/8/8/RKR4R w KQq - 0 1");
    // Style 12 says both sides' rights as FICS does.
    let mut line = String::new();
    style12::render(&editor.snapshot(1, "W", "B"), 2, false, false, &mut line);
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields[11..15], ["1", "1", "0", "1"]);
    // The c1 rook stands in the way of both castlings; without it O-O-O
    // is open, O-O not: the king would cross f1, which the f8 rook sees.
    assert_eq!(castlings(&editor.finish().unwrap()), Vec::<String>::new());
    apply(&mut editor, "x@c1").unwrap();
    assert_eq!(castlings(&editor.finish().unwrap()), ["b1a1"]);

    apply(&mut editor, "bcastle none").unwrap();
    assert_eq!(editor.fen(), "5rk1/8/8/8/8/8/8/RK5R w KQ - 0 1");
    // With the king off its first rank no right can be given, and a right
    // given before no longer stands.
    apply(&mut editor, "x@g8").unwrap();
    apply(&mut editor, "k@g7").unwrap();
    assert_eq!(
        apply(&mut editor, "bcastle qside"),
        Err("Black may only castle with its king on its first rank.".to_owned())
    );
    apply(&mut editor, "x@b1").unwrap();
    apply(&mut editor, "K@d2").unwrap();
    assert_eq!(
        editor.finish().unwrap_err(),
        "That position cannot be played: castling needs the king on its first rank between its castling rooks."
    );
    // Atomic keeps its own rule: corners, king on e1.
    let mut atomic = BoardEditor::empty();
    for word in ["K@b1", "R@a1", "R@h1", "k@g8", "wcastle both"] {
        apply(&mut atomic, word).unwrap();
    }
    assert_eq!(
        atomic.finish().unwrap_err(),
        "That position cannot be played: castling needs the king and rook at home."
    );
}
