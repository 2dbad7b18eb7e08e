//! Reading xboard's debug log (`xboard -debug -debugfile FILE`) and judging
//! a session by it: did xboard log in, recognise the atomic game, parse
//! every board, send moves, take the server's moves as legal, see the end;
//! and, for a zippy bot, did its engine get `variant atomic` and play.
//!
//! The lines used (xboard 4.9.1, `backend.c`):
//!
//! ```text
//! <ICS: ...                       bytes from the server, control bytes as \ooo
//! >ICS: ...                       bytes xboard sent
//! recognized 'X' (-1) as variant atomic, Switch board from normal to atomic
//! Parsing board: ...              a <12> line; "Failed to parse board string" if broken
//! Move parsed to '...'            a server move xboard accepted
//! Illegal move from ICS '...'     a server move xboard's own rules refused
//! GameEnds(result, reason, 0)     the server ended the game (0 = GE_ICS)
//! NNN >first : ...                a line to the engine; NNN <first : ... from it
//! ```

use std::fmt;

/// One judged point.
pub struct Check {
    pub name: String,
    pub ok: bool,
    pub detail: String,
    /// An unrequired check only informs.
    pub required: bool,
}

/// Every check of one session.
pub struct Report(pub Vec<Check>);

impl Report {
    /// True when every required check holds.
    pub fn passed(&self) -> bool {
        self.0.iter().all(|c| c.ok || !c.required)
    }

    /// The check of this name, which must exist.
    pub fn check(&self, name: &str) -> &Check {
        self.0
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no check named {name:?}"))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.0 {
            let tag = match (c.ok, c.required) {
                (true, _) => "PASS",
                (false, true) => "FAIL",
                (false, false) => "info",
            };
            write!(f, "{tag} {}", c.name)?;
            if !c.detail.is_empty() {
                write!(f, " -- {}", c.detail)?;
            }
            writeln!(f)?;
        }
        let failed = self.0.iter().filter(|c| c.required && !c.ok).count();
        writeln!(
            f,
            "RESULT: {} ({} checks, {failed} required failed)",
            if failed == 0 { "PASS" } else { "FAIL" },
            self.0.len()
        )
    }
}

/// Turns the log's `\ooo` escapes back into bytes (as characters).
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 3 < b.len() && b[i + 1..i + 4].iter().all(u8::is_ascii_digit) {
            let code = u32::from(b[i + 1] - b'0') * 64
                + u32::from(b[i + 2] - b'0') * 8
                + u32::from(b[i + 3] - b'0');
            out.push(char::from_u32(code).unwrap_or('?'));
            i += 4;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Whether a line xboard sent is a move (`e2e4`, `e7e8=q`, `o-o`, `P@e4`).
fn is_move(line: &str) -> bool {
    let b = line.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'9').contains(&r);
    match b.len() {
        3 if line == "o-o" => true,
        5 if line == "o-o-o" => true,
        4 if b[1] == b'@' => b[0].is_ascii_uppercase() && square(b[2], b[3]),
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        6 => square(b[0], b[1]) && square(b[2], b[3]) && b[4] == b'=' && b[5].is_ascii_lowercase(),
        _ => false,
    }
}

/// What one log says, read once.
pub struct Session<'a> {
    lines: Vec<&'a str>,
    received: String,
    /// Every line xboard sent, `$` prefix kept, trimmed, without blanks.
    sent: Vec<String>,
}

impl<'a> Session<'a> {
    pub fn read(log: &'a str) -> Session<'a> {
        let lines: Vec<&str> = log.lines().collect();
        let received = lines
            .iter()
            .filter_map(|l| l.strip_prefix("<ICS: "))
            .map(unescape)
            .collect();
        let sent_raw: String = lines
            .iter()
            .filter_map(|l| l.strip_prefix(">ICS: "))
            .map(unescape)
            .collect();
        let sent = sent_raw
            .replace('\r', "")
            .split('\n')
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        Session {
            lines,
            received,
            sent,
        }
    }

    fn lines_where(&self, keep: impl Fn(&str) -> bool) -> Vec<&'a str> {
        self.lines.iter().copied().filter(|l| keep(l)).collect()
    }

    /// xboard saw a prompt and set itself up (`$style 12`).
    pub fn logged_in(&self) -> bool {
        self.sent
            .iter()
            .any(|l| matches!(l.trim_start_matches('$'), "style 12" | "set style 12"))
    }

    /// The game start was recognised as an atomic game.
    pub fn atomic_game(&self) -> Vec<&'a str> {
        self.lines_where(|l| {
            l.contains("recognized as atomic")
                || (l.starts_with("Switch board from ") && l.ends_with(" to atomic"))
        })
    }

    /// How many `<12>` boards xboard parsed.
    pub fn boards(&self) -> usize {
        self.lines_where(|l| l.starts_with("Parsing board:")).len()
    }

    /// The `GameEnds(…, 0)` lines: games the server ended.
    pub fn server_ends(&self) -> Vec<&'a str> {
        self.lines_where(|l| l.starts_with("GameEnds(") && l.trim_end().ends_with(", 0)"))
    }

    /// Moves xboard sent, without a `$`.
    pub fn moves_sent(&self) -> Vec<&str> {
        self.sent
            .iter()
            .map(|l| l.trim_start_matches('$'))
            .filter(|l| is_move(l))
            .collect()
    }

    /// Judges the session; `zippy` adds the engine's checks.
    pub fn report(&self, zippy: bool) -> Report {
        let mut checks = Vec::new();
        let mut check = |name: &str, ok: bool, detail: String, required: bool| {
            checks.push(Check {
                name: name.to_string(),
                ok,
                detail,
                required,
            });
        };
        check(
            "connected (received bytes from server)",
            !self.received.is_empty(),
            format!("{} bytes", self.received.len()),
            true,
        );
        check(
            "server sent 'login:'",
            self.received.contains("login:"),
            String::new(),
            true,
        );
        check(
            "logon script sent after login:",
            self.sent.first().is_some_and(|l| !l.starts_with("alias")),
            format!("{:?}", &self.sent[..self.sent.len().min(2)]),
            true,
        );
        let setup: Vec<&str> = self
            .sent
            .iter()
            .map(String::as_str)
            .filter(|l| {
                l.starts_with("alias")
                    || l.starts_with("$set")
                    || l.starts_with("$iset")
                    || l.starts_with("$style")
            })
            .collect();
        check(
            "login detected ('ics%' seen -> xboard sent 'alias $ @' ... '$style 12')",
            self.logged_in(),
            setup.join(" | "),
            true,
        );
        let atomic = self.atomic_game();
        check(
            "game start announced for variant atomic",
            !atomic.is_empty(),
            atomic.first().map_or_else(
                || "no \"{Game N (W vs. B) Creating ... atomic match.}\" recognised".to_string(),
                |l| l.to_string(),
            ),
            true,
        );
        let failed = self
            .lines_where(|l| l.contains("Failed to parse board"))
            .len();
        check(
            "style-12 boards parsed",
            self.boards() > 0 && failed == 0,
            format!("{} boards, {failed} failed", self.boards()),
            true,
        );
        let moves = self.moves_sent();
        check(
            "xboard sent >= 1 move(s)",
            !moves.is_empty(),
            moves.join(" "),
            true,
        );
        let parsed = self.lines_where(|l| l.starts_with("Move parsed to"));
        check(
            "server moves parsed by xboard",
            !parsed.is_empty(),
            format!(
                "{} parsed, e.g. {}",
                parsed.len(),
                parsed.last().copied().unwrap_or("-")
            ),
            false,
        );
        let illegal = self.lines_where(|l| l.starts_with("Illegal move from ICS"));
        check(
            "no illegal moves from ICS",
            illegal.is_empty(),
            illegal
                .iter()
                .take(3)
                .copied()
                .collect::<Vec<_>>()
                .join("; "),
            true,
        );
        let ends = self.server_ends();
        check(
            "game end seen from server ({Game N ...} result)",
            !ends.is_empty(),
            ends.last().copied().unwrap_or_default().to_string(),
            false,
        );
        if zippy {
            let to_engine = self.lines_where(|l| engine_line(l, '>').is_some());
            let from_engine: Vec<&str> = self
                .lines
                .iter()
                .filter_map(|l| engine_line(l, '<'))
                .collect();
            let feature = from_engine
                .iter()
                .find(|l| l.contains("feature") && l.contains("variants="));
            check(
                "engine announced atomic in feature variants",
                feature.is_some_and(|l| l.contains("atomic")),
                feature.map_or("no feature variants line".into(), |l| {
                    l.chars().take(160).collect()
                }),
                true,
            );
            let answers: Vec<&str> = self
                .sent
                .iter()
                .map(String::as_str)
                .filter(|l| {
                    let l = l.trim_start_matches('$');
                    l.starts_with("accept") || l.starts_with("decline") || l.contains("can't play")
                })
                .collect();
            let refused = answers.iter().any(|l| l.contains("can't play"));
            check(
                "zippy accepted a challenge ($accept sent)",
                answers
                    .iter()
                    .any(|l| l.trim_start_matches('$').starts_with("accept")),
                answers.join(" | "),
                false,
            );
            check(
                "zippy did not decline for variant",
                !refused,
                answers.join(" | "),
                true,
            );
            let variant = to_engine
                .iter()
                .find(|l| engine_line(l, '>').is_some_and(|t| t.trim() == "variant atomic"));
            check(
                "engine got \"variant atomic\"",
                variant.is_some(),
                variant.copied().unwrap_or_default().to_string(),
                true,
            );
            let engine_moves = from_engine
                .iter()
                .filter(|l| l.trim().starts_with("move "))
                .count();
            check(
                "engine produced moves",
                engine_moves > 0,
                format!("{engine_moves} engine moves"),
                true,
            );
        }
        Report(checks)
    }
}

/// The text of a line to (`'>'`) or from (`'<'`) the engine:
/// `123 >first : variant atomic`.
fn engine_line(line: &str, dir: char) -> Option<&str> {
    let (stamp, rest) = line.split_once(' ')?;
    if !stamp.bytes().all(|b| b.is_ascii_digit()) || stamp.is_empty() {
        return None;
    }
    let rest = rest.strip_prefix(dir)?.strip_prefix("first")?;
    rest.trim_start().strip_prefix(':').map(str::trim_start)
}
