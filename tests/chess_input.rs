//! Playing through typed moves: the seed's own examples (the explosion of
//! the golden boards, the 1.Nf3 trap, an explosion that beats check), every
//! castling and promotion form of protocol §5.1, French input, errors,
//! claims, and takeback.

use atomicd::chess::{
    AtomicGame, AutoEnd, DrawClaim, Lang, MoveError, looks_like_move, style1, style12,
};
use shakmaty::{CastlingSide, Color, Move, Position, Role, Square, san::SanPlus};

fn play_all(game: &mut AtomicGame, moves: &[&str], lang: Lang) {
    for m in moves {
        assert!(game.end().is_none(), "game over before {m}");
        game.play_input(m, lang, Role::Queen)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn piece_at(game: &AtomicGame, sq: Square) -> Option<char> {
    game.position().board().piece_at(sq).map(|p| p.char())
}

#[test]
fn nxd5_explodes_the_knights_and_keeps_pawn_d4() {
    let mut game = AtomicGame::new();
    play_all(
        &mut game,
        &["d4", "d5", "Nc3", "Nc6", "Nf3", "Nf6", "Ne5", "g6"],
        Lang::En,
    );
    let played = game
        .play_input("Nxd5", Lang::En, Role::Queen)
        .expect("Nxd5");
    assert_eq!(played.san, "Nxd5");
    assert_eq!(played.verbose, "N/c3-d5");
    assert_eq!(played.uci, "c3d5");
    for gone in [Square::C3, Square::D5, Square::C6, Square::E5] {
        assert_eq!(piece_at(&game, gone), None, "{gone} should be empty");
    }
    assert_eq!(piece_at(&game, Square::D4), Some('P'));
    assert_eq!(
        piece_at(&game, Square::F6),
        Some('n'),
        "f6 is not next to d5"
    );
    assert_eq!(game.end(), None);
    assert_eq!(game.fullmove_number(), 5);
    assert_eq!(game.turn(), Color::Black);
}

/// The 1.Nf3 trap: the knight reaches g5 and takes f7, next to the black
/// king, which explodes with the pawn.
#[test]
fn nf3_trap_nxf7_explodes_the_black_king() {
    let mut game = AtomicGame::new();
    play_all(&mut game, &["Nf3", "a6", "Ng5", "a5"], Lang::En);
    let played = game
        .play_input("Nxf7", Lang::En, Role::Queen)
        .expect("Nxf7");
    assert_eq!(played.san, "Nxf7#");
    assert_eq!(
        game.end(),
        Some(AutoEnd::KingExploded {
            loser: Color::Black
        })
    );
    assert_eq!(
        game.end().map(|e| e.reason("Alice", "Bob")).as_deref(),
        Some("Bob's king exploded")
    );
    // e8 king, f8 bishop, g8 knight and d8? (not adjacent) — the pawns e7
    // and g7 survive.
    for gone in [Square::E8, Square::F8, Square::G8, Square::F7, Square::G5] {
        assert_eq!(piece_at(&game, gone), None, "{gone} should be empty");
    }
    assert_eq!(piece_at(&game, Square::D8), Some('q'));
    assert_eq!(piece_at(&game, Square::E7), Some('p'));
    assert_eq!(piece_at(&game, Square::G7), Some('p'));
    assert!(game.legal_moves().is_empty());
}

/// White is in check from the queen and has one legal move: Bxa2, which
/// blows up the black king on b1 while the white king stays attacked.
#[test]
fn explosion_beats_check() {
    let fen = "6r1/8/8/8/2B5/7q/p7/1k5K w - - 0 1";
    let game = AtomicGame::from_fen(fen).expect("legal position");
    assert!(game.position().is_check());
    assert_eq!(game.legal_moves().len(), 1);
    let mv = game
        .parse_move("Bxa2", Lang::En, Role::Queen)
        .expect("Bxa2");
    assert_eq!(game.parse_move("Fxa2", Lang::Fr, Role::Queen), Ok(mv));
    assert_eq!(game.parse_move("c4a2", Lang::Fr, Role::Queen), Ok(mv));
    assert_eq!(
        game.parse_move("Bxg8", Lang::En, Role::Queen),
        Err(MoveError::Illegal("Bxg8".to_owned())),
        "taking the rook leaves the king in check"
    );
    let mut game = game;
    assert_eq!(game.play(mv).san, "Bxa2#");
    assert_eq!(
        game.end(),
        Some(AutoEnd::KingExploded {
            loser: Color::Black
        })
    );
    assert_eq!(game.start_fen(), Some(fen));
}

#[test]
fn french_moves() {
    let mut game = AtomicGame::new();
    play_all(
        &mut game,
        &["Cf3", "e5", "e4", "Cc6", "Fc4", "Cf6", "O-O"],
        Lang::Fr,
    );
    let sans: Vec<&str> = game.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["Nf3", "e5", "e4", "Nc6", "Bc4", "Nf6", "O-O"]);
    let mut game = AtomicGame::new();
    play_all(&mut game, &["e4", "e5", "Dh5"], Lang::Fr);
    assert_eq!(game.moves()[2].san, "Qh5");
    // `R` is the king in French: Re2 is a king move, Te1 a rook move.
    play_all(&mut game, &["d6", "Re2"], Lang::Fr);
    assert_eq!(game.moves()[4].verbose, "K/e1-e2");
    // French pawn captures with file letters that are French pieces.
    let mut game = AtomicGame::new();
    play_all(&mut game, &["c4", "d5", "cxd5"], Lang::Fr);
    assert_eq!(game.moves()[2].san, "cxd5");
}

/// Both castlings are legal here for both sides.
const CASTLING: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

#[test]
fn every_castling_form() {
    let game = AtomicGame::from_fen(CASTLING).expect("fen");
    let side = |input: &str| match game.parse_move(input, Lang::En, Role::Queen) {
        Ok(m @ Move::Castle { .. }) => m.castling_side(),
        other => panic!("{input}: {other:?}"),
    };
    for s in ["O-O", "o-o", "0-0", "OO", "oo", "O-O+", "e1g1", "e1-g1"] {
        assert_eq!(side(s), Some(CastlingSide::KingSide), "{s}");
    }
    for s in ["O-O-O", "o-o-o", "0-0-0", "OOO", "ooo", "e1c1"] {
        assert_eq!(side(s), Some(CastlingSide::QueenSide), "{s}");
    }
    let mut game = game;
    let played = game
        .play_input("e1g1", Lang::Fr, Role::Queen)
        .expect("e1g1");
    assert_eq!(
        (
            played.san.as_str(),
            played.verbose.as_str(),
            played.uci.as_str()
        ),
        ("O-O", "o-o", "e1g1")
    );
    let played = game.play_input("ooo", Lang::En, Role::Queen).expect("ooo");
    assert_eq!(
        (
            played.san.as_str(),
            played.verbose.as_str(),
            played.uci.as_str()
        ),
        ("O-O-O", "o-o-o", "e8c8")
    );
}

#[test]
fn castling_rights_go_with_a_moved_or_exploded_king_or_rook() {
    // The white queen takes the a7 pawn: a8 rook explodes, so Black loses
    // the long castling; the short one stays.
    let mut game = AtomicGame::from_fen("r3k2r/p7/8/8/8/8/8/Q3K2R w Kkq - 0 1").expect("fen");
    game.play_input("Qxa7", Lang::En, Role::Queen)
        .expect("Qxa7");
    assert!(
        game.fen().starts_with("4k2r/8/8/8/8/8/8/4K2R b Kk "),
        "{}",
        game.fen()
    );
    game.play_input("Kd8", Lang::En, Role::Queen).expect("Kd8");
    assert!(game.fen().contains(" w K "), "{}", game.fen());
    game.play_input("Rh2", Lang::En, Role::Queen).expect("Rh2");
    assert!(game.fen().contains(" b - "), "{}", game.fen());
}

const PROMOTION: &str = "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1";

#[test]
fn every_promotion_form() {
    let game = AtomicGame::from_fen(PROMOTION).expect("fen");
    let promo = |input: &str, lang: Lang, default: Role| {
        let m = game
            .parse_move(input, lang, default)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        (m.to(), m.promotion())
    };
    let e8 = |r| (Square::E8, Some(r));
    let d8 = |r| (Square::D8, Some(r));
    for s in [
        "e7e8=q", "e7e8=Q", "e7e8/q", "e7e8q", "e7e8Q", "e8=Q", "e8Q", "e8q", "e8=Q+",
    ] {
        assert_eq!(promo(s, Lang::En, Role::Knight), e8(Role::Queen), "{s}");
    }
    assert_eq!(promo("e7e8", Lang::En, Role::Knight), e8(Role::Knight));
    assert_eq!(promo("e8", Lang::En, Role::Rook), e8(Role::Rook));
    assert_eq!(promo("e8=N", Lang::En, Role::Queen), e8(Role::Knight));
    assert_eq!(promo("e7e8=r", Lang::En, Role::Queen), e8(Role::Rook));
    assert_eq!(promo("e7e8b", Lang::En, Role::Queen), e8(Role::Bishop));
    assert_eq!(promo("exd8=Q", Lang::En, Role::Knight), d8(Role::Queen));
    assert_eq!(promo("exd8N", Lang::En, Role::Queen), d8(Role::Knight));
    assert_eq!(promo("e7d8", Lang::En, Role::Bishop), d8(Role::Bishop));
    assert_eq!(promo("ed8", Lang::En, Role::Queen), d8(Role::Queen));
    assert_eq!(promo("e8=D", Lang::Fr, Role::Knight), e8(Role::Queen));
    assert_eq!(promo("e8=C", Lang::Fr, Role::Queen), e8(Role::Knight));
    assert_eq!(promo("e8T", Lang::Fr, Role::Queen), e8(Role::Rook));
    assert_eq!(promo("e7e8=F", Lang::Fr, Role::Queen), e8(Role::Bishop));
    assert_eq!(promo("e7e8=q", Lang::Fr, Role::Knight), e8(Role::Queen));
    assert_eq!(
        game.parse_move("e8=K", Lang::En, Role::Queen),
        Err(MoveError::Illegal("e8=K".to_owned()))
    );
    let mut game = game;
    let played = game
        .play_input("e8=Q", Lang::En, Role::Queen)
        .expect("e8=Q");
    assert_eq!(
        (
            played.san.as_str(),
            played.verbose.as_str(),
            played.uci.as_str()
        ),
        ("e8=Q+", "P/e7-e8=Q", "e7e8q")
    );
}

#[test]
fn errors_name_the_text_as_typed() {
    let game = AtomicGame::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").expect("fen");
    let err = game
        .parse_move(" Nd2 ", Lang::En, Role::Queen)
        .expect_err("ambiguous");
    assert_eq!(err, MoveError::Ambiguous("Nd2".to_owned()));
    assert_eq!(err.to_string(), "Ambiguous move (Nd2).");
    assert!(game.parse_move("Nbd2", Lang::En, Role::Queen).is_ok());
    assert!(game.parse_move("Nfd2", Lang::En, Role::Queen).is_ok());
    let err = game
        .parse_move("e2e5", Lang::En, Role::Queen)
        .expect_err("illegal");
    assert_eq!(err.to_string(), "Illegal move (e2e5).");
    for not_a_move in ["hello", "say hi", "abort", "ab", ""] {
        assert_eq!(
            game.parse_move(not_a_move, Lang::En, Role::Queen),
            Err(MoveError::NotAMove),
            "{not_a_move:?}"
        );
        assert!(!looks_like_move(not_a_move));
    }
    // French piece letters are no move in English.
    assert_eq!(
        game.parse_move("Cd2", Lang::En, Role::Queen),
        Err(MoveError::NotAMove)
    );
}

/// `bc4`/`bxc4`: pawn or bishop, as FICS reads it without `movecase`.
#[test]
fn lower_case_b_is_pawn_or_bishop() {
    // b3 pawn and f1 bishop can both reach c4 (a black pawn stands there).
    let both = AtomicGame::from_fen("4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1").expect("fen");
    assert_eq!(
        both.parse_move("bxc4", Lang::En, Role::Queen),
        Err(MoveError::Ambiguous("bxc4".to_owned()))
    );
    assert_eq!(
        both.parse_move("Bxc4", Lang::En, Role::Queen)
            .map(|m| m.role()),
        Ok(Role::Bishop)
    );
    // Only the bishop: `bc4` is the bishop move.
    let bishop = AtomicGame::from_fen("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").expect("fen");
    assert_eq!(
        bishop
            .parse_move("bc4", Lang::En, Role::Queen)
            .map(|m| m.role()),
        Ok(Role::Bishop)
    );
    // Only the pawn.
    let pawn = AtomicGame::from_fen("4k3/8/8/8/2p5/1P6/8/4K3 w - - 0 1").expect("fen");
    assert_eq!(
        pawn.parse_move("bxc4", Lang::En, Role::Queen)
            .map(|m| m.role()),
        Ok(Role::Pawn)
    );
    assert_eq!(
        pawn.parse_move("bc4", Lang::En, Role::Queen)
            .map(|m| m.role()),
        Ok(Role::Pawn)
    );
    // With `iset movecase 1` case decides: `bxc4` is the pawn, and `bc4`
    // is no bishop move.
    assert_eq!(
        both.parse_move_cased("bxc4", Lang::En, Role::Queen, true)
            .map(|m| m.role()),
        Ok(Role::Pawn)
    );
    assert_eq!(
        bishop.parse_move_cased("bc4", Lang::En, Role::Queen, true),
        Err(MoveError::Illegal("bc4".to_owned()))
    );
}

#[test]
fn repetition_and_fifty_moves_are_claimable() {
    let mut game = AtomicGame::new();
    play_all(&mut game, &["Nf3", "Nf6", "Ng1", "Ng8"], Lang::En);
    assert_eq!(game.draw_claim(), None, "the start position stood twice");
    play_all(&mut game, &["Nf3", "Nf6", "Ng1"], Lang::En);
    assert_eq!(game.draw_claim(), None);
    play_all(&mut game, &["Ng8"], Lang::En);
    assert_eq!(game.draw_claim(), Some(DrawClaim::Repetition));
    game.takeback(1);
    assert_eq!(game.draw_claim(), None);
    assert_eq!(game.moves().len(), 7);
    // A pawn move starts the count again.
    play_all(
        &mut game,
        &["e5", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1"],
        Lang::En,
    );
    assert_eq!(game.draw_claim(), None);
    play_all(&mut game, &["Nf6", "Nf3", "Ng8"], Lang::En);
    assert_eq!(game.draw_claim(), Some(DrawClaim::Repetition));

    let mut game = AtomicGame::from_fen("4k3/8/8/8/8/8/8/Q3K3 w - - 99 80").expect("fen");
    assert_eq!(game.draw_claim(), None);
    play_all(&mut game, &["Qa2"], Lang::En);
    assert_eq!(game.draw_claim(), Some(DrawClaim::FiftyMoves));
}

#[test]
fn takeback_replays_from_the_start() {
    let mut game = AtomicGame::new();
    play_all(&mut game, &["e4", "d5", "exd5", "Qxd5"], Lang::En);
    let after_two = {
        let mut g = AtomicGame::new();
        play_all(&mut g, &["e4", "d5"], Lang::En);
        g.fen()
    };
    game.takeback(2);
    assert_eq!(game.fen(), after_two);
    assert_eq!(game.double_push_file(), Some(3));
    game.takeback(10);
    assert_eq!(game.moves().len(), 0);
    assert_eq!(game.fen(), AtomicGame::new().fen());
}

#[test]
fn material_and_strength() {
    let krk = AtomicGame::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").expect("fen");
    assert!(!krk.can_mate(Color::White), "K+R v K cannot win in atomic");
    assert!(!krk.can_mate(Color::Black));
    assert_eq!(krk.end(), Some(AutoEnd::NoMaterial));
    assert_eq!(krk.strengths(), (5, 0));
    let kqk = AtomicGame::from_fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").expect("fen");
    assert!(kqk.can_mate(Color::White));
    assert_eq!(kqk.end(), None);
    assert_eq!(AtomicGame::new().strengths(), (39, 39));
}

#[test]
fn setup_errors_are_one_clear_sentence() {
    for (fen, want) in [
        (
            "not a fen",
            "That is not a valid FEN: the board part is wrong.",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "That position cannot be played: the board is empty.",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "That is not a valid FEN: the side to move must be w or b.",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "That position cannot be played: a castling right has no king or rook in place.",
        ),
    ] {
        let err = AtomicGame::from_fen(fen).expect_err(fen);
        assert_eq!(err.to_string(), want, "{fen}");
    }
}

/// A small deterministic generator, so the random games are the same on
/// every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// In random games, for every legal move: its shakmaty SAN, the same SAN in
/// French and its UCI all read back as that move, and the SAN we write for
/// a played move is shakmaty's. The only allowed miss is FICS's `bxc4`
/// confusion, when a bishop can take on the same square.
#[test]
fn every_legal_move_reads_back_from_its_san_and_uci() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    for _ in 0..40 {
        let mut game = AtomicGame::new();
        for _ in 0..80 {
            if game.end().is_some() {
                break;
            }
            let legal = game.legal_moves().clone();
            for &m in &legal {
                let san = SanPlus::from_move(game.position().clone(), m).to_string();
                match game.parse_move(&san, Lang::En, Role::Queen) {
                    Ok(read) => assert_eq!(read, m, "{san} in {}", game.fen()),
                    Err(MoveError::Ambiguous(_)) => {
                        assert!(san.starts_with("bx"), "{san} ambiguous in {}", game.fen());
                        assert!(
                            legal
                                .iter()
                                .any(|o| o.role() == Role::Bishop && o.to() == m.to())
                        );
                    }
                    Err(e) => panic!("{san} in {}: {e}", game.fen()),
                }
                let french = atomicd::chess::notation::san_for_display(&san, Lang::Fr);
                assert_eq!(
                    game.parse_move(&french, Lang::Fr, Role::Queen),
                    Ok(m),
                    "{french} in {}",
                    game.fen()
                );
                let uci = atomicd::chess::notation::uci(m);
                assert_eq!(
                    game.parse_move(&uci, Lang::En, Role::Queen),
                    Ok(m),
                    "{uci} in {}",
                    game.fen()
                );
                checked += 1;
            }
            let m = legal[rng.below(legal.len())];
            let want = SanPlus::from_move(game.position().clone(), m).to_string();
            assert_eq!(game.play(m).san, want);
            // Every board renders: 13 lines of style 1, one of style 12.
            let snap = game.snapshot(7, "Alice", "Bob");
            let mut out = String::new();
            style1::render(&snap, rng.below(2) == 0, Lang::Fr, &mut out);
            assert_eq!(out.lines().count(), 13);
            out.clear();
            style12::render(&snap, 0, false, true, &mut out);
            assert_eq!(out.split(' ').count(), 33);
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

/// Random short lines made of move-like characters never panic, and
/// `looks_like_move` is false only for lines `parse_move` calls `NotAMove`.
#[test]
fn random_input_never_panics() {
    const ALPHABET: &[u8] = b"abcdefghx12345678=/-+#!?OoQRBNKPCDFTqrbnkpcdft0 X";
    let positions = [
        AtomicGame::new(),
        AtomicGame::from_fen(CASTLING).expect("fen"),
        AtomicGame::from_fen(PROMOTION).expect("fen"),
    ];
    let mut rng = XorShift(12345);
    for _ in 0..20_000 {
        let len = rng.below(9);
        let text: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
            .collect();
        for game in &positions {
            for lang in [Lang::En, Lang::Fr] {
                let result = game.parse_move(&text, lang, Role::Queen);
                if !looks_like_move(&text) {
                    assert_eq!(result, Err(MoveError::NotAMove), "{text:?}");
                }
                if let Ok(m) = result {
                    assert!(game.legal_moves().contains(&m));
                }
            }
        }
    }
}
