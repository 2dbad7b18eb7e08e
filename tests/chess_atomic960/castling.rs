//! Castling in Atomic960: both sides from seven start positions (their
//! first ranks without bishops, knights and queen), including the king or
//! the rook not moving, king and rook swapping squares, castling blocked by
//! the other rook or by an attacked square, and the atomic cases: castling
//! while the kings touch, next to enemy pieces (a castling never explodes),
//! and never out of check. Every position here is also in the perft files,
//! so python-chess and Fairy-Stockfish agree on its moves.
//!
//! Each castling is typed in every form FICS clients send (`O-O`, `0-0`,
//! `oo`, xboard's `o-o`), as the king onto its rook (Chess960 GUIs, UCI) and
//! as the king's move to its target when that is two or more squares away
//! (FICS's and PyChess's `e1g1`).

use atomicd::chess::{AtomicGame, Lang, MoveError, Variant, notation};
use shakmaty::{CastlingMode, Position, Role};

fn game(fen: &str) -> AtomicGame {
    AtomicGame::from_fen_in(Variant::Atomic960, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal castlings, as the king onto its rook, sorted.
fn castlings(game: &AtomicGame) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|&m| notation::uci_in(m, CastlingMode::Chess960))
        .collect();
    out.sort();
    out
}

struct Side<'a> {
    /// Every way of typing it.
    inputs: &'a [&'a str],
    /// The king onto the rook.
    uci: &'a str,
    fen_after: &'a str,
}

struct Case<'a> {
    name: &'a str,
    fen: &'a str,
    short: Option<Side<'a>>,
    long: Option<Side<'a>>,
}

fn check(case: &Case<'_>) {
    let start = game(case.fen);
    let mut want: Vec<String> = [&case.short, &case.long]
        .into_iter()
        .flatten()
        .map(|s| s.uci.to_owned())
        .collect();
    want.sort();
    assert_eq!(castlings(&start), want, "{}: legal castlings", case.name);
    for (side, san, verbose, typed) in [
        (&case.short, "O-O", "o-o", ["O-O", "0-0", "oo", "o-o"]),
        (
            &case.long,
            "O-O-O",
            "o-o-o",
            ["O-O-O", "0-0-0", "ooo", "o-o-o"],
        ),
    ] {
        match side {
            Some(side) => {
                for input in typed.iter().chain(side.inputs) {
                    let mut g = start.clone();
                    let before = g.position().board().occupied().count();
                    let played = g
                        .play_input(input, Lang::En, Role::Queen)
                        .unwrap_or_else(|e| panic!("{}: {input}: {e}", case.name))
                        .clone();
                    assert_eq!(played.san, san, "{}: {input}", case.name);
                    assert_eq!(played.verbose, verbose, "{}: {input}", case.name);
                    assert_eq!(played.uci, side.uci, "{}: {input}", case.name);
                    assert_eq!(g.fen(), side.fen_after, "{}: {input}", case.name);
                    // Never a capture: nothing explodes.
                    assert_eq!(
                        g.position().board().occupied().count(),
                        before,
                        "{}: {input}",
                        case.name
                    );
                }
            }
            None => {
                for input in typed {
                    assert_eq!(
                        start.parse_move(input, Lang::En, Role::Queen),
                        Err(MoveError::Illegal(input.to_owned())),
                        "{}: {input}",
                        case.name
                    );
                }
            }
        }
    }
}

#[test]
fn sp518_castles_as_in_atomic() {
    check(&Case {
        name: "SP 518",
        fen: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        short: Some(Side {
            inputs: &["e1g1", "e1h1", "e1-g1"],
            uci: "e1h1",
            fen_after: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1",
        }),
        long: Some(Side {
            inputs: &["e1c1", "e1a1"],
            uci: "e1a1",
            fen_after: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1",
        }),
    });
    // An atomic game plays the same moves and keeps writing e1g1 in UCI.
    let mut atomic = AtomicGame::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
        .expect("standard castling");
    let played = atomic.play_input("e1h1", Lang::En, Role::Queen).unwrap();
    assert_eq!((played.san.as_str(), played.uci.as_str()), ("O-O", "e1g1"));
}

#[test]
fn the_king_stays_or_the_rook_stays() {
    // SP 10, QNNRBBKR: O-O leaves the king on g1, O-O-O the rook on d1.
    check(&Case {
        name: "SP 10",
        fen: "3r2kr/pppppppp/8/8/8/8/PPPPPPPP/3R2KR w KQkq - 0 1",
        short: Some(Side {
            inputs: &["g1h1"],
            uci: "g1h1",
            fen_after: "3r2kr/pppppppp/8/8/8/8/PPPPPPPP/3R1RK1 b kq - 1 1",
        }),
        long: Some(Side {
            inputs: &["g1c1", "g1d1"],
            uci: "g1d1",
            fen_after: "3r2kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1",
        }),
    });
    // SP 15, QNNRKRBB: neither rook moves, either way.
    check(&Case {
        name: "SP 15",
        fen: "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w KQkq - 0 1",
        short: Some(Side {
            inputs: &["e1g1", "e1f1"],
            uci: "e1f1",
            fen_after: "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3R1RK1 b kq - 1 1",
        }),
        long: Some(Side {
            inputs: &["e1c1", "e1d1"],
            uci: "e1d1",
            fen_after: "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/2KR1R2 b kq - 1 1",
        }),
    });
}

#[test]
fn king_and_rook_swap_squares() {
    // SP 3, BQNNRKRB: O-O swaps the king of f1 and the rook of g1.
    check(&Case {
        name: "SP 3",
        fen: "4rkr1/pppppppp/8/8/8/8/PPPPPPPP/4RKR1 w KQkq - 0 1",
        short: Some(Side {
            inputs: &["f1g1"],
            uci: "f1g1",
            fen_after: "4rkr1/pppppppp/8/8/8/8/PPPPPPPP/4RRK1 b kq - 1 1",
        }),
        long: Some(Side {
            inputs: &["f1c1", "f1e1"],
            uci: "f1e1",
            fen_after: "4rkr1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1",
        }),
    });
    // SP 74, NNRKBBQR: O-O-O swaps the king of d1 and the rook of c1.
    check(&Case {
        name: "SP 74",
        fen: "2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2RK3R w KQkq - 0 1",
        short: Some(Side {
            inputs: &["d1g1", "d1h1"],
            uci: "d1h1",
            fen_after: "2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2R2RK1 b kq - 1 1",
        }),
        long: Some(Side {
            inputs: &["d1c1"],
            uci: "d1c1",
            fen_after: "2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1",
        }),
    });
    // Black does the same, with the king on f8 between rooks on b8 and
    // g8.
    check(&Case {
        name: "Black, king f8, rooks b8 g8",
        fen: "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 b KQkq - 0 1",
        short: Some(Side {
            inputs: &["f8g8"],
            uci: "f8g8",
            fen_after: "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQ - 1 2",
        }),
        long: Some(Side {
            inputs: &["f8c8", "f8b8"],
            uci: "f8b8",
            fen_after: "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQ - 1 2",
        }),
    });
}

#[test]
fn from_b1_the_one_square_step_is_a_king_move() {
    // SP 709, RKBBQNNR: the long castling takes the king from b1 to c1,
    // one square; b1c1 is the king's step, b1a1 the castling.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    check(&Case {
        name: "SP 709",
        fen,
        short: Some(Side {
            inputs: &["b1g1", "b1h1"],
            uci: "b1h1",
            fen_after: "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1",
        }),
        long: Some(Side {
            inputs: &["b1a1"],
            uci: "b1a1",
            fen_after: "rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1",
        }),
    });
    let mut g = game(fen);
    let step = g.play_input("b1c1", Lang::En, Role::Queen).unwrap();
    assert_eq!(step.san, "Kc1");
    assert_eq!(g.fen(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R b kq - 1 1");
}

#[test]
fn a_piece_in_the_way_blocks_castling() {
    // SP 0, BBQNNRKR: O-O would put the h1 rook on f1, where the other
    // rook stands.
    check(&Case {
        name: "SP 0",
        fen: "5rkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w KQkq - 0 1",
        short: None,
        long: Some(Side {
            inputs: &["g1c1", "g1f1"],
            uci: "g1f1",
            fen_after: "5rkr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1",
        }),
    });
    // SP 959, RKRNNQBB: O-O-O would put the king on c1, the h-side rook's
    // square; O-O is the king onto that rook, b1c1.
    check(&Case {
        name: "SP 959",
        fen: "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1",
        short: Some(Side {
            inputs: &["b1c1", "b1g1"],
            uci: "b1c1",
            fen_after: "rkr5/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1",
        }),
        long: None,
    });
    for blocked in ["b1a1", "g1h1"] {
        let fen = if blocked == "b1a1" {
            "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1"
        } else {
            "5rkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w KQkq - 0 1"
        };
        assert_eq!(
            game(fen).parse_move(blocked, Lang::En, Role::Queen),
            Err(MoveError::Illegal(blocked.to_owned()))
        );
    }
}

#[test]
fn the_king_may_not_pass_an_attacked_square_the_rook_may() {
    // The black rook on e8 sees e1, which the king crosses going from b1
    // to g1: no O-O. O-O-O stays.
    check(&Case {
        name: "e1 attacked",
        fen: "rk2r2r/pppp1ppp/8/8/8/8/PPPP1PPP/RK5R w KQkq - 0 1",
        short: None,
        long: Some(Side {
            inputs: &[],
            uci: "b1a1",
            fen_after: "rk2r2r/pppp1ppp/8/8/8/8/PPPP1PPP/2KR3R b kq - 1 1",
        }),
    });
    // The black rook on d8 sees d1: the king crosses it for O-O (refused);
    // for O-O-O only the rook goes there (allowed).
    check(&Case {
        name: "d1 attacked",
        fen: "rk1r3r/ppp1pppp/8/8/8/8/PPP1PPPP/RK5R w KQkq - 0 1",
        short: None,
        long: Some(Side {
            inputs: &[],
            uci: "b1a1",
            fen_after: "rk1r3r/ppp1pppp/8/8/8/8/PPP1PPPP/2KR3R b kq - 1 1",
        }),
    });
}

#[test]
fn no_castling_out_of_check_but_touching_kings_are_never_in_check() {
    let checked = game("1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(checked.position().is_check());
    assert_eq!(castlings(&checked), Vec::<String>::new());
    // The same rook on e8, but the black king touches the white one: no
    // check, so both castlings; the long one crosses d1 and ends on c1,
    // both next to the black king, where nothing counts as attacked.
    let touching = game("4r3/8/8/8/8/8/3k4/R3K2R w KQ - 0 1");
    assert!(!touching.position().is_check());
    check(&Case {
        name: "kings touch",
        fen: "4r3/8/8/8/8/8/3k4/R3K2R w KQ - 0 1",
        short: Some(Side {
            inputs: &["e1g1", "e1h1"],
            uci: "e1h1",
            fen_after: "4r3/8/8/8/8/8/3k4/R4RK1 b - - 1 1",
        }),
        long: Some(Side {
            inputs: &["e1c1", "e1a1"],
            uci: "e1a1",
            fen_after: "4r3/8/8/8/8/8/3k4/2KR3R b - - 1 1",
        }),
    });
}

#[test]
fn castling_next_to_an_enemy_piece_explodes_nothing() {
    // The rook lands on f1 beside the black knight of f2: no capture, no
    // explosion, every piece stays.
    check(&Case {
        name: "next to a knight",
        fen: "4k3/8/8/8/8/8/5n2/4K2R w K - 0 1",
        short: Some(Side {
            inputs: &["e1g1", "e1h1"],
            uci: "e1h1",
            fen_after: "4k3/8/8/8/8/8/5n2/5RK1 b - - 1 1",
        }),
        long: None,
    });
}
