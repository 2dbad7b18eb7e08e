//! What the French tests share: French users (guests, named or
//! registered, with `set lang fr`), a game started in French, and the
//! check each situation goes through: the reply holds the French words the
//! catalogue gives it and no English sentence is left.
//!
//! The check reads words, not bytes: it drops what is not a sentence for
//! a person (the style-1 board and its header, which are the board's own
//! fixed labels; `<12>` lines), what the user typed back (the words
//! between « and », the commands), and the players' names; then it looks
//! for the small words of English that French never uses ("the", "you",
//! "is", "has", "game" ...). One of them left is a line nobody
//! translated.

#![allow(dead_code)]

use std::collections::BTreeSet;

use atomicd::account::Titles;

use crate::support::{Client, TestServer};

/// English words that no French sentence of this server holds (command
/// names such as `who`, `it`, `games`, `draw` are not among them: they
/// stay as typed in French lines).
pub const ENGLISH: &[&str] = &[
    "the",
    "you",
    "your",
    "yours",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "has",
    "have",
    "had",
    "there",
    "not",
    "no",
    "and",
    "to",
    "of",
    "for",
    "with",
    "by",
    "from",
    "at",
    "in",
    "if",
    "will",
    "can",
    "cannot",
    "this",
    "that",
    "these",
    "please",
    "what",
    "which",
    "when",
    "where",
    "yet",
    "already",
    "game",
    "player",
    "players",
    "opponent",
    "offer",
    "offers",
    "request",
    "sent",
    "accepts",
    "declines",
    "withdraws",
    "resigns",
    "exploded",
    "forfeits",
    "drawn",
    "aborted",
    "adjourned",
    "illegal",
    "ambiguous",
    "found",
    "posted",
    "removed",
    "added",
    "logged",
    "tells",
    "says",
    "shouts",
    "whispers",
    "kibitzes",
    "observing",
    "examining",
    "standings",
    "adjustment",
    "done",
    "starting",
    "welcome",
    "every",
    "capture",
    "explodes",
    "rules",
    "examples",
    "here",
    "nobody",
    "nothing",
    "sorry",
    "unregistered",
    "registered",
    "only",
    "must",
    "round",
    "winner",
    "pairings",
    "unrated",
    "white",
    "black",
    "move",
    "seconds",
    "hours",
    "days",
    "clock",
    "challenge",
    "rating",
    "observers",
    "list",
    "channels",
    "half",
    "ago",
    "since",
    "on-line",
    "idle",
    "agreement",
    "repetition",
    "rule",
    "stalemate",
    "material",
    "connection",
];

/// The text of `reply` a person reads as sentences: no board, no typed
/// words, no names.
pub fn sentences(reply: &str, names: &[&str]) -> String {
    let mut out = String::new();
    let mut in_board = false;
    for line in reply.lines() {
        let t = line.trim();
        if t.starts_with("<12>") || t.starts_with("<b1>") {
            continue;
        }
        // The style-1 board: its header line, the frame, the ranks with
        // their side labels, the files.
        if is_board_header(t) {
            in_board = true;
            continue;
        }
        if in_board {
            if t.starts_with("a  b  c") || t.starts_with("h  g  f") {
                in_board = false;
            }
            continue;
        }
        out.push_str(&drop_quoted(line));
        out.push('\n');
    }
    for n in names {
        out = out.replace(n, " ");
    }
    out
}

/// `Game 12 (Alice vs. Bob)`, the first line of a style-1 board.
fn is_board_header(line: &str) -> bool {
    line.strip_prefix("Game ")
        .and_then(|r| r.split_once(" ("))
        .is_some_and(|(n, rest)| {
            n.chars().all(|c| c.is_ascii_digit()) && rest.contains(" vs. ") && rest.ends_with(')')
        })
}

/// The line without what stands between « and » (what one types).
fn drop_quoted(line: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in line.chars() {
        match c {
            '«' => depth += 1,
            '»' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The English words left in `reply` once boards, typed words and
/// `names` are dropped.
pub fn english_left(reply: &str, names: &[&str]) -> Vec<String> {
    let text = sentences(reply, names);
    let mut found = Vec::new();
    for word in text.split(|c: char| !c.is_alphabetic()) {
        let w = word.to_lowercase();
        if ENGLISH.contains(&w.as_str()) {
            found.push(word.to_string());
        }
    }
    found
}

/// The situations one test has checked, by label.
#[derive(Default)]
pub struct French {
    names: Vec<String>,
    seen: BTreeSet<&'static str>,
    wrong: Vec<String>,
}

impl French {
    /// A checker that drops these player names from what it reads.
    pub fn new(names: &[&str]) -> French {
        French {
            names: names.iter().map(|n| n.to_string()).collect(),
            seen: BTreeSet::new(),
            wrong: Vec::new(),
        }
    }

    /// One more name to drop (a guest's, known after login).
    pub fn name(&mut self, name: &str) {
        self.names.push(name.to_string());
    }

    /// Situation `label`: `reply` holds every one of `want` (French
    /// words of the catalogue) and no English word.
    pub fn check(&mut self, label: &'static str, reply: &str, want: &[&str]) {
        let mut wrong = Vec::new();
        for w in want {
            if !reply.contains(w) {
                wrong.push(format!("{label}: no {w:?} in the reply {reply:?}"));
            }
        }
        let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        let left = english_left(reply, &names);
        if !left.is_empty() {
            wrong.push(format!(
                "{label}: English left {left:?} in the reply {reply:?}"
            ));
        }
        if !self.seen.insert(label) {
            wrong.push(format!("{label} is checked twice"));
        }
        // FRENCH_SHOW=1 prints every reply, for a person to read them.
        if std::env::var_os("FRENCH_SHOW").is_some() {
            println!("== {label}\n{reply}");
        }
        // Told at once (a later step may wait in vain), failed in `done`.
        for w in &wrong {
            eprintln!("{w}");
        }
        self.wrong.extend(wrong);
    }

    /// The labels checked so far (the count is printed by `done`).
    pub fn count(&self) -> usize {
        self.seen.len()
    }

    /// Prints the situations and asserts that every one was French and
    /// that there are at least `min`.
    pub fn done(&self, min: usize) {
        assert!(self.wrong.is_empty(), "{}", self.wrong.join("\n"));
        println!("{} French situations:", self.seen.len());
        for s in &self.seen {
            println!("  {s}");
        }
        assert!(self.seen.len() >= min, "{} situations", self.seen.len());
    }
}

/// Runs a test's body on a runtime of two worker threads (as
/// `#[tokio::test(flavor = "multi_thread")]` does) from a thread with a
/// large stack: a first hour is one long async function, whose state in
/// a debug build is larger than a test thread's 2 MB.
pub fn on_big_stack<F, Fut>(body: F)
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()>,
{
    let thread = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime")
                .block_on(body())
        })
        .expect("a test thread");
    if let Err(panic) = thread.join() {
        std::panic::resume_unwind(panic);
    }
}

/// An unregistered user `name`, with the bell off and `set lang fr`.
pub async fn fr_named(server: &TestServer, name: &str) -> Client {
    let mut c = server.named(name).await;
    c.command("set bell 0").await;
    assert_eq!(c.command("set lang fr").await, "Langue : français.\n");
    c
}

/// A registered user `name` (password `pw`), logged in, bell off, French.
pub async fn fr_registered(server: &TestServer, name: &str) -> Client {
    server.add_user(name, "pw", Titles::default());
    let mut c = server.user(name, "pw").await;
    c.command("set bell 0").await;
    assert_eq!(c.command("set lang fr").await, "Langue : français.\n");
    c
}

/// A registered user who logs in again (password `pw`): the client at
/// the prompt and everything the server sent after the password.
pub async fn fr_login(server: &TestServer, name: &str) -> (Client, String) {
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send(name).await;
    c.expect("password: ").await;
    c.send("pw").await;
    let start = c.expect("fics% ").await;
    (c, start)
}

/// `white` challenges `black` (untimed unless `terms` says otherwise),
/// `black` accepts; both read through the first board. Returns what each
/// read: the challenger's reply to `match`, the challenged one's notice,
/// the acceptance and the challenger's start.
pub async fn fr_game(
    white: &mut Client,
    white_name: &str,
    black: &mut Client,
    black_name: &str,
    terms: &str,
) -> [String; 4] {
    let _ = white_name;
    let issued = white
        .command(&format!("match {black_name} {terms} white"))
        .await;
    assert!(issued.contains("Défi lancé"), "{issued}");
    let notice = black.next_message().await;
    assert!(notice.contains("Défi : "), "{notice}");
    let accepted = black.command("accept").await;
    assert!(accepted.contains("Vous acceptez le défi"), "{accepted}");
    // The game's start comes after the reply.
    let accepted = format!("{accepted}{}", black.next_message().await);
    let started = white.expect("Création : ").await;
    let rest = white.expect("fics% ").await;
    [issued, notice, accepted, format!("{started}{rest}")]
}

/// Plays `moves` from White on; every reply must be a board, not a
/// refusal. Returns the last mover's reply and the other side's notice.
pub async fn fr_moves(white: &mut Client, black: &mut Client, moves: &[&str]) -> (String, String) {
    let mut last = (String::new(), String::new());
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        let mine = mover.play(mv).await;
        assert!(
            !mine.contains("illégal") && !mine.contains("pas à vous"),
            "{mv}: {mine}"
        );
        let theirs = other.next_message().await;
        last = (mine, theirs);
    }
    last
}

#[test]
fn the_checker_finds_english_and_spares_french() {
    let en = "You are not playing a game.\nGame 1 (A vs. B)\n";
    assert_eq!(english_left(en, &[]), ["You", "are", "not", "game"]);
    let fr = "Vous ne jouez pas de partie. Tapez « accept the offer ».\n";
    assert!(english_left(fr, &[]).is_empty());
    // The board's own labels are not sentences.
    let board = "Game 1 (Alain vs. Bruno)\n\n  | T |  Move # : 5 (White)\n  a  b  c  d\nSuite.\n";
    assert_eq!(sentences(board, &[]), "Suite.\n");
    // Names are dropped: a player may be called "The".
    assert!(english_left("The dit : salut\n", &["The"]).is_empty());
}
