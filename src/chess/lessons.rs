//! The examples of `help atomic`, ready to examine: `examine atomic NAME`
//! loads one as a game to step through (`forward`, `backward`) or to
//! play on from, so a newcomer can try each rule on a real board.
//!
//! Each is a start position and a main line; the tests below check every
//! claim the help page makes about them with the rules themselves.

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
    /// The main line, in English SAN.
    pub moves: &'static [&'static str],
}

/// Every lesson, in the order `help atomic` gives them.
pub static LESSONS: &[Lesson] = &[
    Lesson {
        name: "knights",
        about_en: "5.Nxd5 explodes: the pawn d5 and the knights c3, c6 and e5 vanish;\nthe pawn d4 stays, as pawns only die when captured or capturing.",
        about_fr: "5.Cxd5 explose : le pion d5 et les cavaliers c3, c6 et e5 disparaissent ;\nle pion d4 reste, un pion ne meurt que s'il est pris ou s'il prend.",
        fen: None,
        moves: &["d4", "d5", "Nc3", "Nc6", "Nf3", "Nf6", "Ne5", "g6", "Nxd5"],
    },
    Lesson {
        name: "trap",
        about_en: "The 1.Nf3 trap: 3.Nxf7 explodes f7 and the king on e8 with it.",
        about_fr: "Le piège 1.Cf3 : 3.Cxf7 fait exploser f7 et le roi en e8 avec lui.",
        fen: None,
        moves: &["Nf3", "a6", "Ng5", "a5", "Nxf7"],
    },
    Lesson {
        name: "explodebeatscheck",
        about_en: "White is in check, and the only legal move is Bxa2:\nits explosion takes the black king on b1, which wins at once.",
        about_fr: "Les Blancs sont en échec, et le seul coup légal est Fxa2 :\nson explosion emporte le roi noir en b1, ce qui gagne aussitôt.",
        fen: Some("6r1/8/8/8/2B5/7q/p7/1k5K w - - 0 1"),
        moves: &["Bxa2"],
    },
    Lesson {
        name: "queenmate",
        about_en: "A lone queen mates: after Qg7 the black king may not take the queen,\nbecause a king never captures.",
        about_fr: "Une dame seule fait mat : après Dg7 le roi noir ne peut pas la prendre,\ncar un roi ne prend jamais.",
        fen: Some("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"),
        moves: &["Qg7"],
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

impl Lesson {
    /// The line to show a user of this language.
    pub fn about(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.about_en,
            Lang::Fr => self.about_fr,
        }
    }

    /// The start position, and every half-move of the main line.
    pub fn load(&self) -> (AtomicGame, Vec<PlayedMove>) {
        let start = match self.fen {
            Some(fen) => AtomicGame::from_fen(fen).unwrap_or_default(),
            None => AtomicGame::new(),
        };
        let mut line = start.clone();
        for san in self.moves {
            if line.play_input(san, Lang::En, Role::Queen).is_err() {
                break;
            }
        }
        (start, line.moves().to_vec())
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Color, Position, Square};

    use super::*;
    use crate::chess::AutoEnd;

    fn played(name: &str) -> AtomicGame {
        let lesson = find(name).unwrap();
        let (mut game, line) = lesson.load();
        assert_eq!(
            line.len(),
            lesson.moves.len(),
            "{name}: every move is legal"
        );
        for m in line {
            game.play(m.mv);
        }
        game
    }

    #[test]
    fn every_lesson_loads_whole_and_reads_within_79_columns() {
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
    fn knights_explosion_leaves_the_pawn_d4() {
        let game = played("knights");
        let board = game.position().board();
        for gone in [Square::D5, Square::C3, Square::C6, Square::E5] {
            assert_eq!(board.piece_at(gone), None, "{gone}");
        }
        assert!(board.pawns().contains(Square::D4));
        assert!(board.knights().contains(Square::F6));
        assert_eq!(game.end(), None);
    }

    #[test]
    fn the_trap_wins_on_move_three() {
        let game = played("trap");
        assert_eq!(
            game.end(),
            Some(AutoEnd::KingExploded {
                loser: Color::Black
            })
        );
        assert_eq!(game.moves().last().unwrap().san, "Nxf7#");
    }

    #[test]
    fn bxa2_is_the_only_move_and_it_wins() {
        let lesson = find("explodebeatscheck").unwrap();
        let (start, _) = lesson.load();
        assert!(start.position().is_check());
        assert_eq!(start.legal_moves().len(), 1);
        let game = played("explodebeatscheck");
        assert_eq!(
            game.end(),
            Some(AutoEnd::KingExploded {
                loser: Color::Black
            })
        );
    }

    #[test]
    fn the_lone_queen_mates_and_cannot_be_taken() {
        let game = played("queenmate");
        assert!(game.position().is_check());
        assert!(
            game.legal_moves().is_empty(),
            "Kxg7 is no move: kings never capture"
        );
        assert_eq!(
            game.end(),
            Some(AutoEnd::Checkmate {
                loser: Color::Black
            })
        );
        assert_eq!(game.moves().last().unwrap().san, "Qg7#");
    }
}
