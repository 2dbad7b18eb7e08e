//! The typed refusals of the pure parsers below the commands (FEN and
//! `bsetup`, formulas, list names, handles, `set` values, tournaments) as
//! catalogue lines. Their `Display` is the same sentence in English (the
//! library's own wording, which the tests of those modules read); the
//! tests here keep the two equal.

use shakmaty::Color;
use shakmaty::fen::ParseFenError;

use crate::account::HandleError;
use crate::chess::SetupError;
use crate::chess::board_setup::{BsetupError, CastleRights, RookSide, SetupDone, Unplayable};
use crate::event::Msg;
use crate::formula::{FormulaError, FormulaErrorKind};
use crate::msg;
use crate::settings::lists::ListNameError;

fn side(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

/// Why a FEN cannot start a game.
pub fn setup_error(e: &SetupError) -> Msg {
    use shakmaty::PositionErrorKinds as K;
    match e {
        SetupError::Syntax(e) => {
            let why = match e {
                ParseFenError::InvalidBoard => "fen-why-board",
                ParseFenError::InvalidTurn => "fen-why-turn",
                ParseFenError::InvalidCastling => "fen-why-castling",
                ParseFenError::InvalidEpSquare => "fen-why-ep",
                ParseFenError::InvalidHalfmoveClock => "fen-why-halfmove",
                ParseFenError::InvalidFullmoves => "fen-why-fullmove",
                _ => "fen-why-fields",
            };
            msg!("fen-invalid", why = Msg::new(why))
        }
        SetupError::Illegal(kinds) => {
            let why = [
                (K::EMPTY_BOARD, "setup-why-empty"),
                (K::MISSING_KING, "setup-why-missing-king"),
                (K::TOO_MANY_KINGS, "setup-why-too-many-kings"),
                (K::PAWNS_ON_BACKRANK, "setup-why-pawns-backrank"),
                (K::INVALID_CASTLING_RIGHTS, "setup-why-castling-rights"),
                (K::INVALID_EP_SQUARE, "setup-why-ep-square"),
                (K::OPPOSITE_CHECK, "setup-why-opposite-check"),
                (K::IMPOSSIBLE_CHECK, "setup-why-impossible-check"),
                (K::TOO_MUCH_MATERIAL, "setup-why-too-much-material"),
                (K::VARIANT, "setup-why-variant"),
            ]
            .into_iter()
            .find(|(k, _)| kinds.contains(*k))
            .map_or("setup-why-illegal", |(_, why)| why);
            msg!("setup-unplayable", why = Msg::new(why))
        }
    }
}

/// What a `bsetup` command did; nothing for a piece put or taken away.
pub fn setup_done(d: &SetupDone) -> Option<Msg> {
    Some(match d {
        SetupDone::Cleared => msg!("bsetup-empty"),
        SetupDone::Started => msg!("bsetup-start"),
        SetupDone::Started960(n) => msg!("bsetup-start-960", n = n.to_string()),
        SetupDone::FenSet => msg!("bsetup-fen"),
        SetupDone::Quiet => return None,
        SetupDone::ToMove(c) => msg!("bsetup-to-move", side = side(*c)),
        SetupDone::Castle(c, rights) => {
            let rights = match rights {
                CastleRights::Both => "both",
                CastleRights::KingSide => "kside",
                CastleRights::QueenSide => "qside",
                CastleRights::None => "none",
            };
            msg!("bsetup-castle", side = side(*c), rights = rights)
        }
        SetupDone::EnPassant(Some(file)) => msg!("bsetup-en-passant", file = file.char()),
        SetupDone::EnPassant(None) => msg!("bsetup-no-en-passant"),
    })
}

/// Why a `bsetup` command was refused.
pub fn bsetup_error(e: &BsetupError) -> Msg {
    match e {
        BsetupError::Usage(syntax) => msg!("usage", syntax = syntax),
        BsetupError::EpUsage => msg!("bsetup-eppos-usage"),
        BsetupError::NotPlacement(text) => msg!("bsetup-not-placement", text = text),
        BsetupError::NotFen(text) => msg!("bsetup-not-fen", text = text),
        BsetupError::KingNotHome(c) => msg!("bsetup-king-not-home", side = side(*c)),
        BsetupError::NoRook(c, rook) => {
            let rook = match rook {
                RookSide::H => "h",
                RookSide::A => "a",
            };
            msg!("bsetup-no-rook", side = side(*c), rook = rook)
        }
        BsetupError::Unplayable(Unplayable::Setup(e)) => setup_error(e),
        BsetupError::Unplayable(why) => {
            let why = match why {
                Unplayable::NoKing(c) => msg!("setup-why-no-king", side = side(*c)),
                Unplayable::TwoKings(c) => msg!("setup-why-two-kings", side = side(*c)),
                Unplayable::PawnOnBackRank(sq) => msg!(
                    "setup-why-pawn-on-rank",
                    rank = sq.rank().char(),
                    square = sq.to_string()
                ),
                Unplayable::InCheck { checked, to_move } => msg!(
                    "setup-why-in-check",
                    checked = side(*checked),
                    to_move = side(*to_move)
                ),
                Unplayable::Castling => msg!("setup-why-castling"),
                Unplayable::Castling960 => msg!("setup-why-castling-960"),
                Unplayable::EnPassant { pawn, square } => msg!(
                    "setup-why-en-passant",
                    side = side(*pawn),
                    square = square.to_string()
                ),
                Unplayable::Setup(_) => unreachable!("matched above"),
            };
            msg!("setup-unplayable", why = why)
        }
    }
}

/// Why `set formula` (or `f1`–`f9`) refused.
pub fn formula_error(e: &FormulaError) -> Msg {
    use FormulaErrorKind::*;
    let why = match e.kind() {
        TooLong => msg!(
            "formula-why-too-long",
            max = crate::formula::MAX_FORMULA_LEN
        ),
        UnexpectedChar(c) => msg!("formula-why-char", char = format!("{c:?}")),
        NumberTooLarge => msg!("formula-why-number"),
        UnknownVariable(w) => msg!("formula-why-variable", word = w),
        ExpectedValue(t) if t.is_empty() => msg!("formula-why-ends"),
        ExpectedValue(t) => msg!("formula-why-value", token = t),
        ExpectedOperator(t) => msg!("formula-why-operator", token = t),
        MissingCloseParen => msg!("formula-why-close"),
        UnmatchedCloseParen => msg!("formula-why-open"),
        DoubleUnary(c) => msg!("formula-why-double", op = format!("{c}{c}")),
        NeedsArgument(name) => msg!("formula-why-argument", name = *name),
        ForwardReference { from: 1, .. } => msg!("formula-why-f1"),
        ForwardReference { from, to } => msg!(
            "formula-why-forward",
            from = *from,
            last = from - 1,
            to = *to
        ),
        TooDeep => msg!("formula-why-deep"),
        NoSuchSlot(n) => msg!("formula-why-slot", n = *n),
    };
    msg!("formula-error", column = e.column(), why = why)
}

/// A list name that names no list, or several.
pub fn list_name_error(e: &ListNameError) -> Msg {
    match e {
        ListNameError::NoSuch(name) => msg!("list-no-such", name = name),
        ListNameError::Ambiguous(name, names) => {
            msg!("list-ambiguous", name = name, matches = names.join(" "))
        }
    }
}

/// A name that cannot be a handle (`addplayer`; the login dialogue says
/// the same, and "Try again.", in English).
pub fn handle_error(e: HandleError) -> Msg {
    match e {
        HandleError::TooShort => msg!("handle-too-short"),
        HandleError::TooLong => msg!("handle-too-long"),
        HandleError::NotLetters => msg!("handle-not-letters"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::board_setup::{BoardEditor, SetupCommand};
    use crate::chess::{AtomicGame, Lang};
    use crate::render::catalogue::text;

    fn en(m: &Msg) -> String {
        text(Lang::En, m)
    }

    #[test]
    fn fen_refusals_read_as_their_english_display() {
        for fen in [
            "not a fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            let e = AtomicGame::from_fen(fen).unwrap_err();
            assert_eq!(en(&setup_error(&e)), e.to_string(), "{fen}");
        }
    }

    #[test]
    fn bsetup_lines_read_as_their_english_display() {
        let mut e = BoardEditor::empty();
        for words in [
            "clear",
            "start",
            "fen 4k3/8/8/3pP3/8/8/8/R3K2R w - - 0 12",
            "tomove black",
            "wcastle both",
            "bcastle kside",
            "wcastle qside",
            "bcastle none",
            "eppos d",
            "eppos none",
            "start 959",
        ] {
            let done = e.change(&SetupCommand::read(words).unwrap()).unwrap();
            assert_eq!(
                setup_done(&done).map(|m| en(&m)).unwrap_or_default(),
                done.to_string(),
                "{words}"
            );
        }
        for words in [
            "tomove red",
            "Z@e4",
            "eppos z",
            "nonsense",
            "start 960",
            "fen",
        ] {
            let err = SetupCommand::read(words).unwrap_err();
            assert_eq!(en(&bsetup_error(&err)), err.to_string(), "{words}");
        }
        let not_fen = e
            .change(&SetupCommand::read("fen not/a/fen").unwrap())
            .unwrap_err();
        assert_eq!(en(&bsetup_error(&not_fen)), not_fen.to_string());
        for board in [
            &["K@e1"][..],
            &["k@e8"],
            &["K@e1", "K@d1", "k@e8"],
            &["K@e1", "k@e8", "p@a1"],
            &["K@a1", "k@e8", "R@e2", "tomove white"],
            &["K@a1", "k@e8", "wcastle both"],
            &["K@a1", "k@e8", "eppos d"],
        ] {
            let mut e = BoardEditor::empty();
            for w in board {
                e.change(&SetupCommand::read(w).unwrap()).unwrap();
            }
            let err = e.check().unwrap_err();
            assert_eq!(en(&bsetup_error(&err)), err.to_string(), "{board:?}");
        }
        let mut e960 = BoardEditor::empty_in(crate::chess::Variant::Atomic960);
        for w in ["K@b1", "R@a1", "k@g7"] {
            e960.change(&SetupCommand::read(w).unwrap()).unwrap();
        }
        for w in ["wcastle kside", "bcastle qside"] {
            let err = e960.change(&SetupCommand::read(w).unwrap()).unwrap_err();
            assert_eq!(en(&bsetup_error(&err)), err.to_string(), "{w}");
        }
    }

    #[test]
    fn formula_refusals_read_as_their_english_display() {
        for (f, src) in [
            (0, &"x".repeat(2000)[..]),
            (0, "1 $ 2"),
            (0, "99999999999999999999999"),
            (0, "blits"),
            (0, "1 +"),
            (0, "1 + )"),
            (0, "1 2"),
            (0, "(1"),
            (0, "1)"),
            (0, "!!1"),
            (0, "maxtime"),
            (1, "f2"),
            (5, "f8"),
            (0, "f0"),
            (0, &"(".repeat(40)),
        ] {
            let e = match f {
                0 => crate::formula::Formula::parse(src),
                n => crate::formula::Formula::parse_f(n, src),
            }
            .err()
            .unwrap_or_else(|| panic!("{src} parses"));
            assert_eq!(en(&formula_error(&e)), e.to_string(), "{src}");
        }
    }

    #[test]
    fn list_and_handle_refusals_read_as_their_english_display() {
        for name in ["friends", "no"] {
            let e = crate::settings::lists::ListKind::lookup(name).unwrap_err();
            assert_eq!(en(&list_name_error(&e)), e.to_string(), "{name}");
        }
        for name in ["ab", "abcdefghijklmnopqrstuvwxyz", "a1b2"] {
            let e = crate::account::check_handle(name).unwrap_err();
            let display = e.to_string();
            assert_eq!(
                en(&handle_error(e)),
                display.trim_end_matches("  Try again."),
                "{name}"
            );
        }
    }
}
