//! What the bot understands of a FICS server's lines: challenges, game
//! starts and ends, style-12 boards, draw offers, refused moves.
//!
//! The formats are the ones clients match (docs/protocol.md §2.3, §4.1, §4.4,
//! §5.2, §5.6, §5.7), so the bridge works with any FICS-style server, not
//! only atomicd. Pure code: a line in, an [`Event`] out.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Color};

/// A line the bot acts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `**** Starting FICS session as NAME(TITLES) ****`: logged in.
    Session {
        name: String,
    },
    Challenge(Challenge),
    /// `{Game N (W vs. B) Creating|Continuing rated atomic match.}`
    GameStart {
        no: u32,
        white: String,
        black: String,
        rated: bool,
        variant: String,
    },
    Board(Box<Board12>),
    /// `{Game N (W vs. B) reason} result`
    GameEnd {
        no: u32,
        white: String,
        black: String,
        reason: String,
        result: String,
    },
    /// `NAME offers you a draw.`
    DrawOffer {
        from: String,
    },
    /// `Illegal move (...)`, `It is not your move.` and the like: the
    /// server refused the move the bot sent.
    MoveRefused(String),
    /// `Notification: X, who has an adjourned game with you, has arrived.`
    /// or a login notice of adjourned games: `resume` may continue one.
    Adjourned,
}

/// `Challenge: Alice (1500) [white] Bob (1600) rated atomic 5 0.`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub from: String,
    pub to: String,
    pub rated: bool,
    pub variant: String,
    pub minutes: u32,
    pub inc: u32,
    /// The colour the challenger asked for.
    pub color: Option<Color>,
    /// A challenge to resume an adjourned game.
    pub adjourned: bool,
}

/// A style-12 board (docs/protocol.md §2.3): what the bot needs of its 32 fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board12 {
    /// Ranks 8 to 1, files a to h, `-` for an empty square.
    pub ranks: [String; 8],
    pub turn: Color,
    /// File (0–7) of a two-square pawn push just made.
    pub double_push: Option<u8>,
    /// White short, White long, Black short, Black long.
    pub castling: [bool; 4],
    pub halfmove_clock: u32,
    pub game: u32,
    pub white: String,
    pub black: String,
    /// 1 my move, -1 opponent's move, 0 observing, …
    pub relation: i8,
    pub minutes: u32,
    pub inc: u32,
    /// Clocks as sent: milliseconds with `iset ms 1`, else seconds.
    pub white_clock: i64,
    pub black_clock: i64,
    pub move_number: u32,
    /// `none` or `P/e2-e4`, `o-o`, …
    pub verbose: String,
    /// `none` or SAN.
    pub san: String,
    /// The clocks are in milliseconds (the move time shows a `.`).
    pub ms: bool,
}

impl Board12 {
    /// Reads a `<12>` line; `None` if it is not one.
    pub fn parse(line: &str) -> Option<Board12> {
        let f: Vec<&str> = line.split(' ').collect();
        if f.len() < 31 || f[0] != "<12>" {
            return None;
        }
        let mut ranks: [String; 8] = Default::default();
        for (i, rank) in ranks.iter_mut().enumerate() {
            let r = f[1 + i];
            if r.len() != 8 || !r.bytes().all(|b| b == b'-' || b"pnbrqkPNBRQK".contains(&b)) {
                return None;
            }
            *rank = r.to_string();
        }
        let turn = match f[9] {
            "W" => Color::White,
            "B" => Color::Black,
            _ => return None,
        };
        let double_push = match f[10].parse::<i8>().ok()? {
            d @ 0..=7 => Some(d as u8),
            _ => None,
        };
        let flag = |s: &str| s == "1";
        Some(Board12 {
            ranks,
            turn,
            double_push,
            castling: [flag(f[11]), flag(f[12]), flag(f[13]), flag(f[14])],
            halfmove_clock: f[15].parse().ok()?,
            game: f[16].parse().ok()?,
            white: f[17].to_string(),
            black: f[18].to_string(),
            relation: f[19].parse().ok()?,
            minutes: f[20].parse().ok()?,
            inc: f[21].parse().ok()?,
            white_clock: f[24].parse().ok()?,
            black_clock: f[25].parse().ok()?,
            move_number: f[26].parse().ok()?,
            verbose: f[27].to_string(),
            san: f[29].to_string(),
            ms: f[28].contains('.'),
        })
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        let mut placement = String::new();
        for (i, rank) in self.ranks.iter().enumerate() {
            if i > 0 {
                placement.push('/');
            }
            let mut empty = 0;
            for c in rank.chars() {
                if c == '-' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(c);
                }
            }
            if empty > 0 {
                placement.push_str(&empty.to_string());
            }
        }
        let castling: String = self
            .castling
            .iter()
            .zip(['K', 'Q', 'k', 'q'])
            .filter(|(on, _)| **on)
            .map(|(_, c)| c)
            .collect();
        let ep = match self.double_push {
            Some(file) => format!(
                "{}{}",
                (b'a' + file) as char,
                if self.turn == Color::White { 6 } else { 3 }
            ),
            None => "-".to_string(),
        };
        format!(
            "{placement} {} {} {ep} {} {}",
            if self.turn == Color::White { 'w' } else { 'b' },
            if castling.is_empty() { "-" } else { &castling },
            self.halfmove_clock,
            self.move_number.max(1)
        )
    }

    /// Whether its castling rights can only be Atomic960's: a right whose
    /// king or rook stands off the standard squares (shakmaty's
    /// `CastlingMode::detect`). Style 12 does not name the variant, so a
    /// board seen before any `Creating` line (a game followed again by
    /// `refresh`) is read by this; rights on the standard squares castle
    /// alike in both modes.
    pub fn castles_off_standard_squares(&self) -> bool {
        Fen::from_ascii(self.fen().as_bytes())
            .is_ok_and(|fen| CastlingMode::detect(fen.as_setup()) == CastlingMode::Chess960)
    }

    /// The colour `name` plays in this game, if any.
    pub fn color_of(&self, name: &str) -> Option<Color> {
        if self.white.eq_ignore_ascii_case(name) {
            Some(Color::White)
        } else if self.black.eq_ignore_ascii_case(name) {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// Reads one line.
pub fn parse(line: &str) -> Option<Event> {
    if line.starts_with("<12> ") {
        return Board12::parse(line).map(|b| Event::Board(Box::new(b)));
    }
    if let Some(rest) = line.strip_prefix("**** Starting FICS session as ") {
        let name: String = rest.chars().take_while(char::is_ascii_alphabetic).collect();
        return (!name.is_empty()).then_some(Event::Session { name });
    }
    if let Some(rest) = line.strip_prefix("Challenge: ") {
        return parse_challenge(rest).map(Event::Challenge);
    }
    if let Some(rest) = line.strip_prefix("{Game ") {
        return parse_game_line(rest);
    }
    if let Some(from) = line.strip_suffix(" offers you a draw.") {
        if !from.contains(' ') {
            return Some(Event::DrawOffer {
                from: from.to_string(),
            });
        }
        return None;
    }
    if line.starts_with("Illegal move")
        || line.starts_with("It is not your move")
        || line.starts_with("Ambiguous move")
        || line.starts_with("The clock is paused")
    {
        return Some(Event::MoveRefused(line.to_string()));
    }
    if mentions_adjourned_games(line) {
        return Some(Event::Adjourned);
    }
    None
}

/// Whether a line says there is an adjourned game to resume: FICS's
/// `Notification: X, who has an adjourned game with you, has arrived.` or a
/// count such as `You have 2 adjourned games.` A line that says there is
/// none (`You have no adjourned games.`, the very answer to `resume`) is not
/// news: read as news it made the bridge send `resume` again for ever.
fn mentions_adjourned_games(line: &str) -> bool {
    if let Some(rest) = line.strip_prefix("Notification: ") {
        return rest.contains("who has an adjourned game with you");
    }
    let Some(rest) = line.strip_prefix("You have ") else {
        return false;
    };
    let (count, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    count.parse::<u32>().is_ok_and(|n| n > 0) && rest.starts_with("adjourned game")
}

/// Splits on spaces, keeping `( 900)`-style groups whole.
fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if open {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(word);
            }
        } else {
            out.push(word.to_string());
        }
        open = out
            .last()
            .is_some_and(|t| t.starts_with('(') && !t.ends_with(')'));
    }
    out
}

fn parse_challenge(rest: &str) -> Option<Challenge> {
    let rest = rest.trim_end().trim_end_matches('.');
    let (rest, adjourned) = match rest.strip_suffix("(adjourned)") {
        Some(r) => (r.trim_end(), true),
        None => (rest, false),
    };
    let t = tokens(rest.trim_end_matches('.'));
    let from = t.first()?.clone();
    let mut i = 2;
    let color = match t.get(i).map(String::as_str) {
        Some("[white]") => Some(Color::White),
        Some("[black]") => Some(Color::Black),
        _ => None,
    };
    if color.is_some() {
        i += 1;
    }
    let to = t.get(i)?.clone();
    let rated = match t.get(i + 2)?.as_str() {
        "rated" => true,
        "unrated" => false,
        _ => return None,
    };
    Some(Challenge {
        from,
        to,
        rated,
        variant: t.get(i + 3)?.clone(),
        minutes: t.get(i + 4)?.parse().ok()?,
        inc: t.get(i + 5)?.trim_end_matches('.').parse().ok()?,
        color,
        adjourned,
    })
}

/// `N (W vs. B) Creating rated atomic match.}` or `N (W vs. B) reason} 1-0`.
fn parse_game_line(rest: &str) -> Option<Event> {
    let (no, rest) = rest.split_once(" (")?;
    let no = no.parse().ok()?;
    let (white, rest) = rest.split_once(" vs. ")?;
    let (black, rest) = rest.split_once(") ")?;
    let (inner, result) = rest.rsplit_once('}')?;
    let (white, black) = (white.to_string(), black.to_string());
    let result = result.trim();
    if result.is_empty() {
        let words: Vec<&str> = inner.split(' ').collect();
        return match words.as_slice() {
            ["Creating" | "Continuing", rated, variant, "match."] => Some(Event::GameStart {
                no,
                white,
                black,
                rated: *rated == "rated",
                variant: variant.to_string(),
            }),
            _ => None,
        };
    }
    Some(Event::GameEnd {
        no,
        white,
        black,
        reason: inner.to_string(),
        result: result.split(' ').next().unwrap_or(result).to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 107 gbtami ggbtami 1 5 0 39 39 300000 300000 1 none (0:00.000) none 0 0 0";

    #[test]
    fn style12_boards_read_and_give_their_fen() {
        let b = Board12::parse(START).unwrap();
        assert_eq!(b.game, 107);
        assert_eq!((b.white.as_str(), b.black.as_str()), ("gbtami", "ggbtami"));
        assert_eq!((b.relation, b.minutes, b.inc), (1, 5, 0));
        assert_eq!((b.white_clock, b.black_clock), (300_000, 300_000));
        assert_eq!(
            b.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(b.color_of("GGBTAMI"), Some(Color::Black));
        // The real FICS line of docs/protocol.md §2.3, with a double push and lost castling.
        let real = "<12> -r------ --k----- ----p--- n-ppPb-p -----P-P -PP-K-P- PR------ --R----- W -1 0 0 0 0 11 463 schachbjm Maras 0 45 45 17 15 557871 274070 37 R/f8-b8 (0:10.025) Rb8 0 1 0";
        let b = Board12::parse(real).unwrap();
        assert_eq!(
            b.fen(),
            "1r6/2k5/4p3/n1ppPb1p/5P1P/1PP1K1P1/PR6/2R5 w - - 11 37"
        );
        assert_eq!(b.san, "Rb8");
        let e4 = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 A B -1 3 0 39 39 180000 180000 1 P/e2-e4 (0:00.000) e4 0 0 0";
        assert_eq!(
            Board12::parse(e4).unwrap().fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        assert!(Board12::parse("<12> garbage").is_none());
        assert!(Board12::parse(&START.replace(" W ", " X ")).is_none());
    }

    #[test]
    fn a_board_castling_off_the_standard_squares_is_atomic960() {
        assert!(
            !Board12::parse(START)
                .unwrap()
                .castles_off_standard_squares()
        );
        // Position 0 (BBQNNRKR): the king on g1, rooks on f1 and h1.
        let p0 = START
            .replace("rnbqkbnr", "bbqnnrkr")
            .replace("RNBQKBNR", "BBQNNRKR");
        assert!(Board12::parse(&p0).unwrap().castles_off_standard_squares());
        // The same board without castling rights says nothing.
        let no_rights = p0.replace(" W -1 1 1 1 1 ", " W -1 0 0 0 0 ");
        let b = Board12::parse(&no_rights).unwrap();
        assert!(!b.castles_off_standard_squares());
        // Only Black's long right, with its rook on b8, not a8.
        let b8 = START
            .replace("rnbqkbnr", "-rbqkbnr")
            .replace(" W -1 1 1 1 1 ", " W -1 0 0 0 1 ");
        assert!(Board12::parse(&b8).unwrap().castles_off_standard_squares());
    }

    #[test]
    fn challenges_in_every_shape() {
        let c = match parse("Challenge: Alice (1500) [white] Bob (1600) rated atomic 5 0.") {
            Some(Event::Challenge(c)) => c,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            c,
            Challenge {
                from: "Alice".into(),
                to: "Bob".into(),
                rated: true,
                variant: "atomic".into(),
                minutes: 5,
                inc: 0,
                color: Some(Color::White),
                adjourned: false,
            }
        );
        let Some(Event::Challenge(c)) =
            parse("Challenge: GuestABCD ( 900) Robo (----) unrated atomic 2 12.")
        else {
            panic!()
        };
        assert_eq!(
            (c.from.as_str(), c.to.as_str(), c.rated),
            ("GuestABCD", "Robo", false)
        );
        assert_eq!((c.minutes, c.inc, c.color), (2, 12, None));
        let Some(Event::Challenge(c)) =
            parse("Challenge: Alice (1500) Bob (1600) rated atomic 5 0 (adjourned).")
        else {
            panic!()
        };
        assert!(c.adjourned);
        assert_eq!(parse("Challenge: nonsense"), None);
    }

    #[test]
    fn game_lines_offers_and_refusals() {
        assert_eq!(
            parse("{Game 12 (Alice vs. Bob) Creating rated atomic match.}"),
            Some(Event::GameStart {
                no: 12,
                white: "Alice".into(),
                black: "Bob".into(),
                rated: true,
                variant: "atomic".into()
            })
        );
        assert!(matches!(
            parse("{Game 3 (A vs. B) Continuing unrated atomic match.}"),
            Some(Event::GameStart {
                no: 3,
                rated: false,
                ..
            })
        ));
        assert_eq!(
            parse("{Game 12 (CalicoCat vs. FishTest) FishTest's king exploded} 1-0"),
            Some(Event::GameEnd {
                no: 12,
                white: "CalicoCat".into(),
                black: "FishTest".into(),
                reason: "FishTest's king exploded".into(),
                result: "1-0".into()
            })
        );
        assert!(matches!(
            parse("{Game 7 (A vs. B) Game drawn by mutual agreement} 1/2-1/2 [5 0 1 0 27]"),
            Some(Event::GameEnd { result, .. }) if result == "1/2-1/2"
        ));
        assert_eq!(
            parse("Alice offers you a draw."),
            Some(Event::DrawOffer {
                from: "Alice".into()
            })
        );
        assert_eq!(
            parse("**** Starting FICS session as Robo(C) ****"),
            Some(Event::Session {
                name: "Robo".into()
            })
        );
        assert!(matches!(
            parse("Illegal move (e2e5)."),
            Some(Event::MoveRefused(_))
        ));
        assert_eq!(parse("Bob tells you: hi"), None);
    }

    #[test]
    fn only_news_of_an_adjourned_game_is_news() {
        for news in [
            "Notification: Alice, who has an adjourned game with you, has arrived.",
            "You have 1 adjourned game.",
            "You have 3 adjourned games.",
        ] {
            assert_eq!(parse(news), Some(Event::Adjourned), "{news}");
        }
        // The answers to `resume` itself: reading them as news was a loop.
        for answer in [
            "You have no adjourned games.",
            "You have no adjourned game with Alice.",
            "You have 0 adjourned games.",
            "None of your stored opponents is logged in.",
            "Alice has no adjourned games.",
        ] {
            assert_eq!(parse(answer), None, "{answer}");
        }
    }
}
