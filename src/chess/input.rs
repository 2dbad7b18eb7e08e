//! Reading one line a player typed as a move (docs/protocol.md §5.1).
//!
//! FICS accepts far more than strict SAN, and clients rely on it: xboard
//! sends `e2e4`, `e7e8=q` and `o-o`; PyChess sends `e1g1`; people type
//! `nf3`, `exd5`, `ed5` or forget the `x`. Reading happens in two steps:
//! [`parse_shape`] turns the text into one or two [`Pattern`]s without
//! looking at the board (cheap, so the command loop can ask
//! [`looks_like_move`] before anything else), then [`Shape::find`] picks the
//! one legal move that fits.
//!
//! Rules, after FICS 1.6.2 / lasker `algcheck.c`:
//! * trailing `+ # ! ?` are ignored, and so is whether `x` is written;
//! * a square pair (`e2e4`, `e2-e4`, `e2xe4`) moves whatever stands there;
//!   it wins over every other reading, so `b2b4` or (in French) `c2c4` is
//!   never ambiguous;
//! * castling is `O-O`/`O-O-O` (and `0-0`, `oo`...: the a-side castling is
//!   the long one, the h-side the short one, in Atomic960 too), or a square
//!   pair from the king: onto its own castling rook (`e1h1`, `b1a1`: how
//!   Chess960 GUIs and UCI write it, never a king move), or to the king's
//!   target square when that is two or more squares away (`e1g1`: how FICS
//!   clients and PyChess write it). A one-square step is a king move, as on
//!   FICS and ICC for Fischer random: from b1, `b1c1` is never the long
//!   castling;
//! * piece letters may be lower case, except letters that are also files:
//!   those are files, but for the English `b`, which is read both ways
//!   (`bc4`, `bxc4`: pawn or bishop; if both are legal the input is
//!   ambiguous, as on FICS);
//! * a pawn move may name only the target (`d5`, even for a capture), the
//!   file and target (`ed5`, `exd5`), or the files (`exd`; a bare `ed` is
//!   not read, so that `ab` still reaches the `abort` command);
//! * a promotion piece may follow as `=Q`, `/q` or just `Q`; without one
//!   the player's `promote` setting is used.

use shakmaty::{Bitboard, Board, CastlingSide, Color, File, Move, MoveList, Rank, Role, Square};

use super::Lang;

/// Tells, from the text alone, whether `input` has the shape of a move in
/// any supported language. When this is false,
/// [`AtomicGame::parse_move`](super::AtomicGame::parse_move) answers
/// `NotAMove` whatever the language, so the line can go straight to the
/// command parser.
pub fn looks_like_move(input: &str) -> bool {
    parse_shape(input, None, false).is_some()
}

/// The text of a move, read without the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Castle(CastlingSide),
    /// The first reading, and a second one when a lower-case letter can be
    /// read as a file or as a piece.
    Patterns(Pattern, Option<Pattern>),
}

/// One reading of a move: every part the text names. `None` means "not
/// said".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// `None` for a square pair: whatever piece stands on `from`.
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to_file: File,
    to_rank: Option<Rank>,
    promotion: Option<Role>,
}

/// The outcome of looking for the typed move among the legal ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    One(Move),
    None,
    Several,
}

impl Shape {
    /// Finds the single legal move the text means. A pattern without a
    /// promotion piece matches only the promotion to `promote`.
    pub(crate) fn find(&self, legal: &MoveList, promote: Role) -> Found {
        let mut found: Option<Move> = None;
        for &m in legal {
            let fits = match *self {
                Shape::Castle(side) => m.is_castle() && m.castling_side() == Some(side),
                Shape::Patterns(first, second) => {
                    first.matches(m, promote) || second.is_some_and(|p| p.matches(m, promote))
                }
            };
            if fits {
                if found.is_some() {
                    return Found::Several;
                }
                found = Some(m);
            }
        }
        found.map_or(Found::None, Found::One)
    }
}

impl Shape {
    /// The squares the moves this text may mean go from and to, for `us`
    /// on `board`: the legal moves between them are all that
    /// [`find`](Self::find) needs to see. None when the text may be a
    /// castle (`O-O`, or a square pair from our king's square), which only
    /// the full list of legal moves holds.
    pub(crate) fn squares(&self, board: &Board, us: Color) -> Option<(Bitboard, Bitboard)> {
        let Shape::Patterns(first, second) = *self else {
            return None;
        };
        let (mut from, mut to) = first.squares(board, us)?;
        if let Some(p) = second {
            let (f, t) = p.squares(board, us)?;
            from |= f;
            to |= t;
        }
        Some((from, to))
    }
}

impl Pattern {
    /// The squares of [`Shape::squares`] for this reading.
    fn squares(&self, board: &Board, us: Color) -> Option<(Bitboard, Bitboard)> {
        let ours = board.by_color(us);
        let mut from = match self.role {
            Some(role) => ours & board.by_role(role),
            None => ours,
        };
        if let Some(f) = self.from_file {
            from &= Bitboard::from_file(f);
        }
        if let Some(r) = self.from_rank {
            from &= Bitboard::from_rank(r);
        }
        if self.role.is_none() && (from & board.kings()).any() {
            return None;
        }
        let mut to = Bitboard::from_file(self.to_file);
        if let Some(r) = self.to_rank {
            to &= Bitboard::from_rank(r);
        }
        Some((from, to))
    }

    fn matches(&self, m: Move, promote: Role) -> bool {
        let (role, from, to) = match m {
            Move::Normal { role, from, to, .. } => (role, from, to),
            Move::EnPassant { from, to } => (Role::Pawn, from, to),
            Move::Castle { king, rook } => {
                return self.role.is_none() && self.matches_castle(king, rook);
            }
            Move::Put { .. } => return false,
        };
        self.role.is_none_or(|r| r == role)
            && self.from_file.is_none_or(|f| f == from.file())
            && self.from_rank.is_none_or(|r| r == from.rank())
            && self.to_file == to.file()
            && self.to_rank.is_none_or(|r| r == to.rank())
            && match (self.promotion, m.promotion()) {
                (Some(wanted), Some(got)) => wanted == got,
                (Some(_), None) => false,
                (None, Some(got)) => got == promote,
                (None, None) => true,
            }
    }

    /// A square pair typed for a castling: from the king onto its rook, or
    /// to the king's target square two or more squares away (see the
    /// module's rules).
    fn matches_castle(&self, king: Square, rook: Square) -> bool {
        let side = CastlingSide::from_queen_side(rook.file() < king.file());
        let target = Square::from_coords(side.king_to_file(), king.rank());
        let to_is =
            |square: Square| self.to_file == square.file() && self.to_rank == Some(square.rank());
        self.from_file == Some(king.file())
            && self.from_rank == Some(king.rank())
            && self.promotion.is_none()
            && (to_is(rook) || (to_is(target) && king.distance(target) >= 2))
    }
}

/// Reads the text of a move. `lang` `None` accepts the letters of every
/// language (for [`looks_like_move`]). With `strict_case` (`iset movecase
/// 1`) a lower-case letter is always a file, so `bc4` is a pawn move only.
pub(crate) fn parse_shape(input: &str, lang: Option<Lang>, strict_case: bool) -> Option<Shape> {
    let text = input
        .trim()
        .trim_end_matches(['+', '#', '!', '?'])
        .as_bytes();
    if text.is_empty() || text.len() > 12 || !text.iter().all(u8::is_ascii_graphic) {
        return None;
    }
    if let Some(side) = castling(text) {
        return Some(Shape::Castle(side));
    }

    let (core, promotion) = split_promotion(text, lang)?;
    let first = *core.first()?;

    let as_squares = squares(core).and_then(|sq| sq.without_piece());
    if let Some(p) = as_squares
        && p.from_file.is_some()
        && p.from_rank.is_some()
    {
        // A square pair wins over every other reading.
        return Some(Shape::Patterns(Pattern { promotion, ..p }, None));
    }
    // A lower-case file letter is read as a piece only for the English
    // bishop (`bc4`, FICS's "bishop confusion"). French SAN writes its
    // pawn captures `cxd4`, `dxe5`, `fxe5`; reading those letters as the
    // knight, queen or bishop too would make them ambiguous.
    let file_letter = matches!(first, b'a'..=b'h');
    let may_be_piece = !file_letter
        || (!strict_case && ((first == b'b' && lang != Some(Lang::Fr)) || lang.is_none()));
    let as_piece = may_be_piece
        .then(|| piece_role(first, lang))
        .flatten()
        .and_then(|role| Some((role, squares(&core[1..])?)))
        .and_then(|(role, sq)| sq.with_piece(role));

    match (as_squares, as_piece) {
        (Some(a), Some(b)) => Some(Shape::Patterns(
            Pattern { promotion, ..a },
            Some(Pattern { promotion, ..b }),
        )),
        (Some(p), None) | (None, Some(p)) => {
            Some(Shape::Patterns(Pattern { promotion, ..p }, None))
        }
        (None, None) => None,
    }
}

/// `O-O`, `o-o`, `0-0`, `OO`, `oo` and their long forms.
fn castling(text: &[u8]) -> Option<CastlingSide> {
    let is_o = |c: &u8| matches!(c, b'O' | b'o' | b'0');
    let side = |n: usize| match n {
        2 => Some(CastlingSide::KingSide),
        3 => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if text.iter().all(is_o) {
        return side(text.len());
    }
    // With dashes: every other character is a dash.
    let dashed = text.len() % 2 == 1
        && text
            .iter()
            .enumerate()
            .all(|(i, c)| if i % 2 == 0 { is_o(c) } else { *c == b'-' });
    if dashed {
        side(text.len().div_ceil(2))
    } else {
        None
    }
}

/// Splits a promotion suffix (`=Q`, `/q`, or a letter right after the
/// target rank) from the rest.
fn split_promotion(text: &[u8], lang: Option<Lang>) -> Option<(&[u8], Option<Role>)> {
    let n = text.len();
    if n >= 3 && matches!(text[n - 2], b'=' | b'/') {
        let role = promotion_role(text[n - 1], lang)?;
        return Some((&text[..n - 2], Some(role)));
    }
    if n >= 3 && text[n - 1].is_ascii_alphabetic() && matches!(text[n - 2], b'1'..=b'8') {
        let role = promotion_role(text[n - 1], lang)?;
        return Some((&text[..n - 1], Some(role)));
    }
    Some((text, None))
}

/// The piece a letter names at the start of a move, in either case.
/// French keeps the English letters that do not clash with its own (`N`,
/// `Q`, `K`, `B`), so pasted English SAN still works; `R` is the king there.
fn piece_role(letter: u8, lang: Option<Lang>) -> Option<Role> {
    let c = letter.to_ascii_uppercase();
    let english = || match c {
        b'P' => Some(Role::Pawn),
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    let french = || match c {
        b'P' => Some(Role::Pawn),
        b'C' | b'N' => Some(Role::Knight),
        b'F' | b'B' => Some(Role::Bishop),
        b'T' => Some(Role::Rook),
        b'D' | b'Q' => Some(Role::Queen),
        b'R' | b'K' => Some(Role::King),
        _ => None,
    };
    match lang {
        Some(Lang::En) => english(),
        Some(Lang::Fr) => french(),
        None => english().or_else(french),
    }
}

/// The piece a promotion letter names, in either case. In French `R` is
/// read as the English rook (a king is never a promotion), so xboard's
/// `e7e8=r` works for everyone.
fn promotion_role(letter: u8, lang: Option<Lang>) -> Option<Role> {
    let c = letter.to_ascii_uppercase();
    let english = match c {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    let french = match c {
        b'C' => Some(Role::Knight),
        b'F' => Some(Role::Bishop),
        b'T' => Some(Role::Rook),
        b'D' => Some(Role::Queen),
        _ => None,
    };
    match lang {
        Some(Lang::En) => english,
        Some(Lang::Fr) | None => french.or(english),
    }
}

/// The squares part of a move: `[file][rank][sep]file[rank]`, read from
/// the end so that the last file/rank is always the target.
#[derive(Clone, Copy, Debug)]
struct Squares {
    from_file: Option<File>,
    from_rank: Option<Rank>,
    sep: Option<u8>,
    to_file: File,
    to_rank: Option<Rank>,
}

fn squares(s: &[u8]) -> Option<Squares> {
    let file = |c: u8| matches!(c, b'a'..=b'h').then(|| File::new(u32::from(c - b'a')));
    let rank = |c: u8| matches!(c, b'1'..=b'8').then(|| Rank::new(u32::from(c - b'1')));

    let (&last, init) = s.split_last()?;
    let (to_file, to_rank, mut rest) = match rank(last) {
        Some(r) => {
            let (&f, init) = init.split_last()?;
            (file(f)?, Some(r), init)
        }
        None => (file(last)?, None, init),
    };
    let mut sep = None;
    if let Some((&c, init)) = rest.split_last()
        && matches!(c, b'x' | b'X' | b'-' | b':')
    {
        sep = Some(c);
        rest = init;
    }
    let mut from_rank = None;
    if let Some((&c, init)) = rest.split_last()
        && let Some(r) = rank(c)
    {
        from_rank = Some(r);
        rest = init;
    }
    let mut from_file = None;
    if let Some((&c, init)) = rest.split_last()
        && let Some(f) = file(c)
    {
        from_file = Some(f);
        rest = init;
    }
    rest.is_empty().then_some(Squares {
        from_file,
        from_rank,
        sep,
        to_file,
        to_rank,
    })
}

impl Squares {
    /// The forms without a piece letter: `e2e4` (any piece), `e4`, `ed5`,
    /// `exd5`, `exd` (pawn).
    fn without_piece(self) -> Option<Pattern> {
        let pattern = |role| Pattern {
            role,
            from_file: self.from_file,
            from_rank: self.from_rank,
            to_file: self.to_file,
            to_rank: self.to_rank,
            promotion: None,
        };
        let capture_mark = matches!(self.sep, Some(b'x' | b'X' | b':'));
        match (self.from_file, self.from_rank, self.to_rank) {
            (Some(_), Some(_), Some(_)) => Some(pattern(None)),
            (None, None, Some(_)) if self.sep.is_none() => Some(pattern(Some(Role::Pawn))),
            (Some(_), None, Some(_)) if self.sep.is_none() || capture_mark => {
                Some(pattern(Some(Role::Pawn)))
            }
            (Some(_), None, None) if capture_mark => Some(pattern(Some(Role::Pawn))),
            _ => None,
        }
    }

    /// The forms after a piece letter: `Nf3`, `Nbd7`, `N1f3`, `Ng1f3`, each
    /// with an optional `x`.
    fn with_piece(self, role: Role) -> Option<Pattern> {
        self.to_rank.map(|_| Pattern {
            role: Some(role),
            from_file: self.from_file,
            from_rank: self.from_rank,
            to_file: self.to_file,
            to_rank: self.to_rank,
            promotion: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pat(input: &str, lang: Lang) -> Option<Shape> {
        parse_shape(input, Some(lang), false)
    }

    #[test]
    fn castling_forms() {
        for s in ["O-O", "o-o", "0-0", "OO", "oo", "O-O+", "o-o#"] {
            assert_eq!(
                pat(s, Lang::En),
                Some(Shape::Castle(CastlingSide::KingSide)),
                "{s}"
            );
        }
        for s in ["O-O-O", "o-o-o", "0-0-0", "OOO", "ooo"] {
            assert_eq!(
                pat(s, Lang::En),
                Some(Shape::Castle(CastlingSide::QueenSide)),
                "{s}"
            );
        }
        for s in ["O-", "OOOO", "O--O", "-O-O"] {
            assert_eq!(pat(s, Lang::En), None, "{s}");
        }
    }

    #[test]
    fn what_is_and_is_not_a_move() {
        for s in [
            "e4", "e2e4", "e2-e4", "Nf3", "nf3", "exd5", "ed5", "exd", "Nbd7", "R1e2", "e8=Q",
            "e8Q", "e7e8=q", "e7e8/q", "e7e8q", "Ng1f3", "Nf3!?", "bc4", "Cf3", "Fxa2", "Dh4",
            "e8=D", "  e4  ",
        ] {
            assert!(looks_like_move(s), "{s} should look like a move");
        }
        for s in [
            "", "ab", "ed", "abort", "draw", "say hi", "e9", "i4", "N", "Nf", "e2e", "e4 e5", "E4",
            "moves", "o-o-o-o", "x", "e8=X", "ré4", "+", "Zf3", "2e4",
        ] {
            assert!(!looks_like_move(s), "{s:?} should not look like a move");
        }
    }

    #[test]
    fn a_square_pair_is_never_read_as_a_piece_move() {
        let Some(Shape::Patterns(p, second)) = pat("b2b4", Lang::En) else {
            panic!("b2b4 not read");
        };
        assert_eq!(second, None);
        assert_eq!(p.role, None);
        let Some(Shape::Patterns(_, second)) = pat("c2c4", Lang::Fr) else {
            panic!("c2c4 not read");
        };
        assert_eq!(second, None);
    }

    #[test]
    fn lower_case_file_letters_are_read_both_ways() {
        let Some(Shape::Patterns(a, Some(b))) = pat("bc4", Lang::En) else {
            panic!("bc4 should have two readings");
        };
        assert_eq!(a.role, Some(Role::Pawn));
        assert_eq!(b.role, Some(Role::Bishop));
        // `c`, `d`, `f` (and `b`) are only files in French, so that French
        // pawn captures stay unambiguous; `c` is only a file in English.
        for s in ["cd4", "dxe5", "fxe5", "bxc4"] {
            let Some(Shape::Patterns(a, None)) = pat(s, Lang::Fr) else {
                panic!("{s} should have one reading in French");
            };
            assert_eq!(a.role, Some(Role::Pawn));
        }
        assert!(matches!(
            pat("cd4", Lang::En),
            Some(Shape::Patterns(_, None))
        ));
        // Lower-case letters that are not files are pieces; `R` is the king
        // in French and the rook in English.
        let role = |s, lang| match pat(s, lang) {
            Some(Shape::Patterns(p, None)) => p.role,
            other => panic!("{other:?}"),
        };
        assert_eq!(role("nf3", Lang::En), Some(Role::Knight));
        assert_eq!(role("te1", Lang::Fr), Some(Role::Rook));
        assert_eq!(role("Re2", Lang::Fr), Some(Role::King));
        assert_eq!(role("Re2", Lang::En), Some(Role::Rook));
        assert_eq!(role("Cf3", Lang::Fr), Some(Role::Knight));
        assert_eq!(role("Nf3", Lang::Fr), Some(Role::Knight));
        assert_eq!(pat("Cf3", Lang::En), None);
    }

    #[test]
    fn a_square_pair_castles_onto_the_rook_or_two_squares_away() {
        use crate::chess::{AtomicGame, Variant};
        // King b1, rooks a1 and h1 (Chess960 start 709 without its minor
        // pieces and queen).
        let game = AtomicGame::from_fen_in(
            Variant::Atomic960,
            "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1",
        )
        .unwrap();
        let read =
            |s: &str| pat(s, Lang::En).map(|shape| shape.find(game.legal_moves(), Role::Queen));
        let castle = |rook| {
            Some(Found::One(Move::Castle {
                king: Square::B1,
                rook,
            }))
        };
        assert_eq!(read("b1a1"), castle(Square::A1));
        assert_eq!(read("b1h1"), castle(Square::H1));
        assert_eq!(read("b1g1"), castle(Square::H1));
        // One square is the king's step; the long castling's king target
        // is c1, one square away.
        assert!(matches!(
            read("b1c1"),
            Some(Found::One(Move::Normal {
                role: Role::King,
                ..
            }))
        ));
        assert_eq!(read("b1d1"), Some(Found::None));
        assert_eq!(read("b1f1"), Some(Found::None));
    }

    #[test]
    fn promotion_letters() {
        let promo = |s, lang| match pat(s, lang) {
            Some(Shape::Patterns(p, _)) => p.promotion,
            other => panic!("{other:?}"),
        };
        assert_eq!(promo("e8=Q", Lang::En), Some(Role::Queen));
        assert_eq!(promo("e7e8/n", Lang::En), Some(Role::Knight));
        assert_eq!(promo("e7e8b", Lang::En), Some(Role::Bishop));
        assert_eq!(promo("exd8R", Lang::En), Some(Role::Rook));
        assert_eq!(promo("e8=D", Lang::Fr), Some(Role::Queen));
        assert_eq!(promo("e8=C", Lang::Fr), Some(Role::Knight));
        assert_eq!(promo("e7e8=r", Lang::Fr), Some(Role::Rook));
        assert_eq!(promo("e8", Lang::En), None);
        assert_eq!(pat("e8=D", Lang::En), None);
    }
}
