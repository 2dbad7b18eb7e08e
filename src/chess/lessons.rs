//! The examples of `help atomic`, ready to examine: `examine atomic NAME`
//! loads one as a game to step through (`forward`, `backward`) or to
//! play on from, so a newcomer can try each rule on a real board.
//!
//! They are the boards of the rules page the project's rules come from,
//! not look-alikes: each opens on the page's own position (its golden
//! style-1 board is in `tests/data/golden/`), with the moves that led
//! there already played and the page's main line, if it gives one, ready
//! for `forward`. The tests below check every claim the help page makes
//! about them with the rules themselves.

use shakmaty::Role;

use super::{AtomicGame, Lang, PlayedMove};

/// The board category the lessons are filed under (`examine atomic NAME`,
/// as FICS's `examine CATEGORY BOARD`).
pub const CATEGORY: &str = "atomic";

/// One ready position.
#[derive(Debug)]
pub struct Lesson {
    /// The board name users type.
    pub name: &'static str,
    /// What to look for, in English and in French (lines within 79 columns).
    pub about_en: &'static str,
    pub about_fr: &'static str,
    /// The start position; `None` is the standard one.
    pub fen: Option<&'static str>,
    /// The moves from the start to the page's board, in English SAN: the
    /// board opens after them (`backward` shows them).
    pub played: &'static [&'static str],
    /// The page's main line from its board on, which `forward` plays.
    pub line: &'static [&'static str],
}

/// Every lesson, in the order `help atomic` gives them.
pub static LESSONS: &[Lesson] = &[
    Lesson {
        name: "knights",
        about_en: "5.Nxd5 explodes: the pawn d5 and the knights c3, c6 and e5 vanish;\nthe pawn d4 stays, as pawns only die when captured or capturing.",
        about_fr: "5.Cxd5 explose : le pion d5 et les cavaliers c3, c6 et e5 disparaissent ;\nle pion d4 reste, un pion ne meurt que s'il est pris ou s'il prend.",
        fen: None,
        played: &["d4", "d5", "Nc3", "Nc6", "Nf3", "Nf6", "Ne5", "g6"],
        line: &["Nxd5"],
    },
    Lesson {
        name: "directattack",
        about_en: "A direct attack: 2...Qh4+ checks the king on e1 as in ordinary chess.\nWhite's only legal move is 3.g3, which blocks the check.",
        about_fr: "Une attaque directe : 2...Dh4+ met le roi e1 en échec comme aux échecs.\nLe seul coup légal des Blancs est 3.g3, qui s'interpose.",
        fen: None,
        played: &["f4", "e6", "Nc3", "Qh4+"],
        line: &[],
    },
    Lesson {
        name: "indirectattack",
        about_en: "An indirect attack: Bxf7 would explode the pawn f7 and, beside it, the\nking on e8. Only 3...f6, 3...f5 and 3...d5 stop it.",
        about_fr: "Une attaque indirecte : Fxf7 ferait exploser le pion f7 et, à côté, le\nroi e8. Seuls 3...f6, 3...f5 et 3...d5 l'empêchent.",
        fen: None,
        played: &["e4", "e5", "Nf3", "Nc6", "Bc4"],
        line: &[],
    },
    Lesson {
        name: "queenmate",
        about_en: "A lone queen mates: it touches the king, which may not take it, because\na king never captures. Black is mated; the white king, far away, does\nnot help.",
        about_fr: "Une dame seule fait mat : elle touche le roi, qui ne peut pas la prendre,\ncar un roi ne prend jamais. Les Noirs sont mats ; le roi blanc, loin,\nn'y aide pas.",
        fen: Some("8/8/6Qk/8/8/8/8/1K6 b - - 0 1"),
        played: &[],
        line: &[],
    },
    Lesson {
        name: "explodebeatscheck",
        about_en: "Black is in check, and the only legal move is Bxa2:\nits explosion takes the white king on b1, which wins at once.",
        about_fr: "Les Noirs sont en échec, et le seul coup légal est Fxa2 :\nson explosion emporte le roi blanc en b1, ce qui gagne aussitôt.",
        fen: Some("8/8/6Qk/8/2b5/8/P7/1K6 b - - 0 1"),
        played: &[],
        line: &["Bxa2"],
    },
    Lesson {
        name: "trap",
        about_en: "The 1.Nf3 trap: after 1...d6 2.Ng5 f6 3.Nf7, Nxd8 threatens to explode\nthe king on e8, and 3...Kxf7 is illegal: a king never captures.\nAnswer 1.Nf3 with 1...f6, which guards g5, or with 1...f5.",
        about_fr: "Le piège 1.Cf3 : après 1...d6 2.Cg5 f6 3.Cf7, Cxd8 menace de faire\nsauter le roi e8, et 3...Rxf7 est illégal : un roi ne prend jamais.\nRépondez à 1.Cf3 par 1...f6, qui garde g5, ou par 1...f5.",
        fen: None,
        played: &["Nf3"],
        line: &["d6", "Ng5", "f6", "Nf7"],
    },
];

/// The lesson of this name (any case).
pub fn find(name: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.name.eq_ignore_ascii_case(name))
}

/// The names, for a list.
pub fn names() -> Vec<&'static str> {
    LESSONS.iter().map(|l| l.name).collect()
}

/// A lesson loaded: where it starts, its whole main line, and how much of
/// that line is already played when the board opens.
pub struct Loaded {
    pub start: AtomicGame,
    pub mainline: Vec<PlayedMove>,
    pub opens_at: usize,
}

impl Lesson {
    /// The line to show a user of this language.
    pub fn about(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.about_en,
            Lang::Fr => self.about_fr,
        }
    }

    /// The start position and every half-move of the main line (the moves
    /// played before the page's board, then the page's line).
    pub fn load(&self) -> Loaded {
        let start = match self.fen {
            Some(fen) => AtomicGame::from_fen(fen).unwrap_or_default(),
            None => AtomicGame::new(),
        };
        let mut line = start.clone();
        for san in self.played.iter().chain(self.line) {
            if line.play_input(san, Lang::En, Role::Queen).is_err() {
                break;
            }
        }
        let mainline = line.moves().to_vec();
        Loaded {
            opens_at: self.played.len().min(mainline.len()),
            start,
            mainline,
        }
    }

    /// The page's board: the position `examine atomic NAME` opens on.
    pub fn board(&self) -> AtomicGame {
        let loaded = self.load();
        let mut game = loaded.start;
        for m in &loaded.mainline[..loaded.opens_at] {
            game.play(m.mv);
        }
        game
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Color, Position, Square};

    use super::*;
    use crate::chess::AutoEnd;

    /// The page's board, after checking that every move of the lesson is
    /// legal.
    fn board(name: &str) -> AtomicGame {
        let lesson = find(name).unwrap();
        let loaded = lesson.load();
        assert_eq!(
            loaded.mainline.len(),
            lesson.played.len() + lesson.line.len(),
            "{name}: every move is legal"
        );
        lesson.board()
    }

    /// The page's board with the main line played on.
    fn played(name: &str) -> AtomicGame {
        let lesson = find(name).unwrap();
        let mut game = board(name);
        for san in lesson.line {
            game.play_input(san, Lang::En, Role::Queen).unwrap();
        }
        game
    }

    /// The SAN of every legal move.
    fn legal_sans(game: &AtomicGame) -> Vec<String> {
        let mut sans: Vec<String> = game
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = game.clone();
                next.play(*m).san.clone()
            })
            .collect();
        sans.sort();
        sans
    }

    /// Whether the side to move can end the game at once by exploding the
    /// enemy king (or mating).
    fn wins_at_once(game: &AtomicGame) -> bool {
        game.legal_moves().iter().any(|m| {
            let mut next = game.clone();
            next.play(*m);
            matches!(
                next.end(),
                Some(AutoEnd::KingExploded { .. } | AutoEnd::Checkmate { .. })
            )
        })
    }

    #[test]
    fn every_lesson_loads_whole_and_reads_within_79_columns() {
        assert_eq!(
            names(),
            [
                "knights",
                "directattack",
                "indirectattack",
                "queenmate",
                "explodebeatscheck",
                "trap"
            ]
        );
        for lesson in LESSONS {
            played(lesson.name);
            assert!(find(&lesson.name.to_uppercase()).is_some());
            for lang in [Lang::En, Lang::Fr] {
                assert!(
                    lesson.about(lang).lines().all(|l| l.chars().count() <= 79),
                    "{}",
                    lesson.name
                );
            }
        }
    }

    #[test]
    fn knights_opens_before_the_explosion_that_leaves_the_pawn_d4() {
        let ready = board("knights");
        assert_eq!(ready.turn(), Color::White);
        assert_eq!(ready.fullmove_number(), 5);
        assert_eq!(ready.strengths(), (39, 39));
        let game = played("knights");
        let board = game.position().board();
        for gone in [Square::D5, Square::C3, Square::C6, Square::E5] {
            assert_eq!(board.piece_at(gone), None, "{gone}");
        }
        assert!(board.pawns().contains(Square::D4));
        assert!(board.knights().contains(Square::F6));
        assert_eq!(game.strengths(), (33, 35));
        assert_eq!(game.end(), None);
    }

    #[test]
    fn the_direct_attack_is_a_check_with_one_answer() {
        let game = board("directattack");
        assert!(game.position().is_check());
        assert_eq!(game.turn(), Color::White);
        assert_eq!(game.strengths(), (39, 39));
        assert_eq!(legal_sans(&game), ["g3"]);
    }

    #[test]
    fn the_indirect_attack_threatens_bxf7_and_three_moves_stop_it() {
        let game = board("indirectattack");
        assert_eq!(game.turn(), Color::Black);
        assert!(
            !game.position().is_check(),
            "no check: the attack is indirect"
        );
        // White, were it to move again, would win with Bxf7.
        let threat = AtomicGame::from_fen(&game.fen().replacen(" b ", " w ", 1)).unwrap();
        let mut bxf7 = threat.clone();
        bxf7.play_input("Bxf7", Lang::En, Role::Queen).unwrap();
        assert_eq!(
            bxf7.end(),
            Some(AutoEnd::KingExploded {
                loser: Color::Black
            })
        );
        let mut stoppers: Vec<String> = game
            .legal_moves()
            .iter()
            .filter_map(|m| {
                let mut next = game.clone();
                let san = next.play(*m).san.clone();
                (!wins_at_once(&next)).then_some(san)
            })
            .collect();
        stoppers.sort();
        assert_eq!(stoppers, ["d5", "f5", "f6"]);
    }

    #[test]
    fn the_lone_queen_has_mated_with_its_king_far_away() {
        let game = board("queenmate");
        assert_eq!(game.turn(), Color::Black);
        assert!(game.position().is_check());
        assert!(
            game.legal_moves().is_empty(),
            "Kxg6 is no move: kings never capture"
        );
        assert_eq!(
            game.end(),
            Some(AutoEnd::Checkmate {
                loser: Color::Black
            })
        );
        let b = game.position().board();
        assert_eq!(b.occupied().count(), 3, "the two kings and the queen");
        let white_king = b.king_of(Color::White).unwrap();
        let black_king = b.king_of(Color::Black).unwrap();
        for sq in shakmaty::attacks::king_attacks(black_king) {
            assert!(
                white_king.distance(sq) > 1,
                "the white king guards nothing around the black king ({sq})"
            );
        }
    }

    #[test]
    fn bxa2_is_the_only_move_and_it_wins() {
        let start = board("explodebeatscheck");
        assert_eq!(start.turn(), Color::Black);
        assert!(start.position().is_check());
        assert_eq!(legal_sans(&start), ["Bxa2#"]);
        assert_eq!(start.strengths(), (10, 3));
        let game = played("explodebeatscheck");
        assert_eq!(
            game.end(),
            Some(AutoEnd::KingExploded {
                loser: Color::White
            })
        );
    }

    #[test]
    fn the_trap_threatens_the_king_that_may_not_take() {
        let ready = board("trap");
        assert_eq!(ready.turn(), Color::Black);
        let game = played("trap");
        assert_eq!(game.end(), None);
        let sans = legal_sans(&game);
        assert!(!sans.iter().any(|s| s.starts_with("Kx")), "{sans:?}");
        // Nxd8 would explode the king on e8: White threatens it.
        let threat = AtomicGame::from_fen(&game.fen().replacen(" b ", " w ", 1)).unwrap();
        let mut nxd8 = threat;
        nxd8.play_input("Nxd8", Lang::En, Role::Queen).unwrap();
        assert_eq!(
            nxd8.end(),
            Some(AutoEnd::KingExploded {
                loser: Color::Black
            })
        );
        // 1...f6 guards g5 and leaves White no quick win: every White plan
        // of two moves gets an answer.
        let mut f6 = ready.clone();
        f6.play_input("f6", Lang::En, Role::Queen).unwrap();
        assert!(!f6.position().board().pawns().contains(Square::F7));
        assert!(shakmaty::attacks::pawn_attacks(Color::Black, Square::F6).contains(Square::G5));
        assert!(!forces_a_win(&f6, 2));
    }

    /// Whether the side to move can force a king explosion or a mate
    /// within `moves` of its own moves, whatever the other side does.
    fn forces_a_win(game: &AtomicGame, moves: u32) -> bool {
        game.legal_moves().iter().any(|m| {
            let mut next = game.clone();
            next.play(*m);
            match next.end() {
                Some(AutoEnd::KingExploded { .. } | AutoEnd::Checkmate { .. }) => true,
                Some(_) => false,
                None if moves > 1 => next.legal_moves().iter().all(|reply| {
                    let mut after = next.clone();
                    after.play(*reply);
                    after.end().is_none() && forces_a_win(&after, moves - 1)
                }),
                None => false,
            }
        })
    }
}
