//! A tiny UCI engine for atomic chess that plays random legal moves: the
//! engine of the bot's tests, and a way to try `atomicd bot` without
//! Fairy-Stockfish.
//!
//! ```sh
//! cargo build --example random_uci
//! atomicd bot --engine target/debug/examples/random_uci ...
//! ```
//!
//! It speaks real UCI: `uci` (answered with `id`, the `UCI_Variant` option
//! and `uciok`), `isready`, `setoption`, `ucinewgame`,
//! `position startpos|fen … [moves …]`, `go … [searchmoves M …]` (answered
//! with `info depth 1 multipv K score cp N pv M` for each of the `MultiPV`
//! lines asked, then `bestmove`), `stop` and `quit`.
//!
//! Test switches make it misbehave on purpose, counting `go` commands over
//! the life of the process:
//!
//! * `--illegal-at N`: the N-th answer is an illegal move;
//! * `--stubborn`: after its illegal answer, the engine goes on believing
//!   in an illegal move: every later search with `MultiPV` above 1 puts one
//!   first (and answers it as `bestmove`), ignoring `searchmoves`, as an
//!   engine whose move generator is wrong would; its other lines are legal;
//! * `--die-at N`: exit at the N-th `go`, without an answer;
//! * `--hang-at N`: never answer the N-th `go` (nor `stop`);
//! * `--once PATH`: misbehave only if PATH does not exist yet, and create
//!   it when misbehaving (so an engine started again behaves);
//! * `--score CP`: the score it reports (default 0);
//! * `--seed N`: the seed of its random choices;
//! * `--castle`: play a castling move whenever one is legal (the test of
//!   Atomic960 castling by the engine).
//!
//! With `setoption name UCI_Chess960 value true` it reads and writes
//! castling the Chess960 way (the king onto its rook, X-FEN rights), as
//! engines do: without it, a Chess960 start's `KQkq` cannot be read.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::variant::Atomic;
use shakmaty::{CastlingMode, Position, Square};

#[derive(Default)]
struct Switches {
    illegal_at: Option<u64>,
    die_at: Option<u64>,
    hang_at: Option<u64>,
    once: Option<PathBuf>,
    stubborn: bool,
    castle: bool,
    score: i32,
    seed: u64,
}

fn switches() -> Result<Switches, String> {
    let mut s = Switches {
        seed: std::process::id() as u64 ^ 0x9e37_79b9_7f4a_7c15,
        ..Switches::default()
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--illegal-at" => s.illegal_at = Some(number(&value()?)?),
            "--die-at" => s.die_at = Some(number(&value()?)?),
            "--hang-at" => s.hang_at = Some(number(&value()?)?),
            "--once" => s.once = Some(PathBuf::from(value()?)),
            "--stubborn" => s.stubborn = true,
            "--castle" => s.castle = true,
            "--score" => s.score = value()?.parse().map_err(|_| "--score takes a number")?,
            "--seed" => s.seed = number(&value()?)?,
            other => return Err(format!("unknown switch {other}")),
        }
    }
    Ok(s)
}

fn number(text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| format!("not a number: {text}"))
}

/// Whether to misbehave now (see `--once`).
fn misbehave(s: &Switches) -> bool {
    match &s.once {
        None => true,
        Some(path) if path.exists() => false,
        Some(path) => std::fs::write(path, b"misbehaved\n").is_ok(),
    }
}

/// `position startpos|fen F [moves …]`
fn position(args: &str, mode: CastlingMode) -> Option<Atomic> {
    let (mut pos, moves) = if let Some(rest) = args.strip_prefix("startpos") {
        (Atomic::default(), rest)
    } else {
        let rest = args.strip_prefix("fen ")?;
        let (fen, moves) = match rest.find(" moves") {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let fen = Fen::from_ascii(fen.trim().as_bytes()).ok()?;
        (fen.into_position(mode).ok()?, moves)
    };
    if let Some(list) = moves.trim().strip_prefix("moves") {
        for m in list.split_whitespace() {
            let mv = UciMove::from_ascii(m.as_bytes()).ok()?.to_move(&pos).ok()?;
            pos.play_unchecked(mv);
        }
    }
    Some(pos)
}

/// A move that is not legal in `pos`.
fn illegal(pos: &Atomic, mode: CastlingMode) -> String {
    let legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(mode).to_string())
        .collect();
    for from in Square::ALL {
        for to in Square::ALL {
            let m = format!("{from}{to}");
            if from != to && !legal.contains(&m) {
                return m;
            }
        }
    }
    "a1a2".to_string()
}

fn main() {
    let s = match switches() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("random_uci: {e}");
            std::process::exit(2);
        }
    };
    let mut rng = s.seed | 1;
    let mut random = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut pos = Atomic::default();
    let mut gos = 0u64;
    let mut multipv = 1usize;
    let mut mode = CastlingMode::Standard;
    // Set once the engine has answered an illegal move (see --stubborn).
    let mut deluded = false;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let (command, args) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match command {
            "uci" => "id name random_uci\nid author atomicd\noption name UCI_Variant type combo default atomic var atomic\noption name UCI_Chess960 type check default false\nuciok".to_string(),
            "isready" => "readyok".to_string(),
            "ucinewgame" => {
                pos = Atomic::default();
                continue;
            }
            "setoption" => {
                if let Some(k) = args.strip_prefix("name MultiPV value ") {
                    multipv = k.trim().parse().unwrap_or(1).max(1);
                    continue;
                }
                if let Some(v) = args.strip_prefix("name UCI_Chess960 value ") {
                    mode = if v.trim() == "true" {
                        CastlingMode::Chess960
                    } else {
                        CastlingMode::Standard
                    };
                    continue;
                }
                if args.contains("UCI_Variant") && !args.ends_with("atomic") {
                    "info string random_uci only plays atomic".to_string()
                } else {
                    continue;
                }
            }
            "position" => match position(args.trim(), mode) {
                Some(p) => {
                    pos = p;
                    continue;
                }
                None => format!("info string cannot read position {args}"),
            },
            "go" => {
                gos += 1;
                if s.die_at == Some(gos) && misbehave(&s) {
                    std::process::exit(3);
                }
                if s.hang_at == Some(gos) && misbehave(&s) {
                    // Read on, answer nothing, until the bot kills us.
                    for _ in stdin.lock().lines() {}
                    return;
                }
                let moves = pos.legal_moves();
                let castling: Vec<String> = moves
                    .iter()
                    .filter(|m| s.castle && m.is_castle())
                    .map(|m| m.to_uci(mode).to_string())
                    .collect();
                let legal: Vec<String> = moves.iter().map(|m| m.to_uci(mode).to_string()).collect();
                // `searchmoves` narrows the choice (moves it does not know
                // are ignored, as Stockfish does).
                let allowed: Vec<String> = match args.split_once("searchmoves") {
                    Some((_, list)) => {
                        let wanted: Vec<&str> = list.split_whitespace().collect();
                        legal.iter().filter(|m| wanted.contains(&m.as_str())).cloned().collect()
                    }
                    None => legal.clone(),
                };
                let mut lines: Vec<String> = Vec::new();
                if s.illegal_at == Some(gos) && misbehave(&s) {
                    lines.push(illegal(&pos, mode));
                    deluded = s.stubborn;
                } else if deluded && multipv > 1 {
                    lines.push(illegal(&pos, mode));
                }
                lines.extend(castling);
                let mut pool = if allowed.is_empty() { legal.clone() } else { allowed };
                while lines.len() < multipv.max(1) && !pool.is_empty() {
                    let i = (random() % pool.len() as u64) as usize;
                    lines.push(pool.swap_remove(i));
                }
                if lines.is_empty() {
                    lines.push("0000".to_string());
                }
                let mut reply = String::new();
                for (k, mv) in lines.iter().enumerate().take(multipv.max(1)) {
                    let score = s.score - k as i32;
                    reply.push_str(&format!(
                        "info depth 1 multipv {} score cp {score} pv {mv}\n",
                        k + 1
                    ));
                }
                format!("{reply}bestmove {}", lines[0])
            }
            "quit" => break,
            _ => continue,
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
