//! A tiny engine that speaks the xboard protocol (CECP, version 2) and
//! plays random legal moves, in atomic chess or in normal chess: the
//! engine behind xboard's zippy mode in `tests/clients_real.rs`.
//!
//! ```sh
//! cargo build --example random_cecp
//! xboard -ics -icshost localhost -icsport 5000 -zp \
//!     -fcp target/debug/examples/random_cecp -zippyVariants normal,atomic
//! ```
//!
//! Why an engine of our own: xboard's zippy bot accepts an atomic
//! challenge only when its engine announces `variants="...,atomic"`, and
//! neither Debian's Fairy-Stockfish (11.1, from before atomic) nor polyglot
//! (which announces `normal` only) does. This one announces
//! `variants="normal,atomic"`, answers `ping`, and understands what zippy
//! sends: `new`, `variant`, `force`, `go`, `playother`, `usermove`,
//! `setboard`, `undo`, `remove`, `quit`; the rest (`level`, `time`, `otim`,
//! `result`, `post`, `hard`, `computer`, `name`, …) is read and ignored. It
//! moves at once, whatever the clock.

use std::io::{BufRead, Write};

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{CastlingMode, Color, Move, Position};

const FEATURES: &str = "feature myname=\"random_cecp\" variants=\"normal,atomic\" \
     usermove=1 setboard=1 ping=1 sigint=0 sigterm=0 colors=0 time=1 reuse=1 \
     analyze=0 san=0 done=1";

/// The engine between commands.
struct Engine {
    variant: Variant,
    /// The position after every move so far, the start first (`undo`).
    history: Vec<VariantPosition>,
    /// In force mode the engine only records moves.
    force: bool,
    /// The side the engine plays when it is not in force mode.
    side: Color,
    rng: u64,
}

impl Engine {
    fn new() -> Engine {
        Engine {
            variant: Variant::Chess,
            history: vec![VariantPosition::new(Variant::Chess)],
            force: false,
            side: Color::Black,
            rng: 0x9e37_79b9_7f4a_7c15 ^ u64::from(std::process::id()),
        }
    }

    fn position(&self) -> &VariantPosition {
        self.history
            .last()
            .expect("the start position is never removed")
    }

    fn restart(&mut self, start: VariantPosition) {
        self.history = vec![start];
    }

    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Plays and announces a move when it is the engine's turn.
    fn think(&mut self, out: &mut Vec<String>) {
        if self.force || self.position().turn() != self.side {
            return;
        }
        let legal = self.position().legal_moves();
        if legal.is_empty() {
            return;
        }
        let mv: Move = legal[(self.random() % legal.len() as u64) as usize];
        let next = self.position().clone().play(mv).expect("a legal move");
        self.history.push(next);
        out.push(format!("move {}", mv.to_uci(CastlingMode::Standard)));
    }

    /// One command in, the lines to answer; `None` on `quit`.
    fn command(&mut self, line: &str) -> Option<Vec<String>> {
        let mut out = Vec::new();
        let (cmd, args) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "protover" => out.push(FEATURES.to_string()),
            "new" => {
                self.variant = Variant::Chess;
                self.restart(VariantPosition::new(Variant::Chess));
                self.force = false;
                self.side = Color::Black;
            }
            "variant" => match args.trim() {
                "atomic" | "normal" => {
                    self.variant = if args.trim() == "atomic" {
                        Variant::Atomic
                    } else {
                        Variant::Chess
                    };
                    self.restart(VariantPosition::new(self.variant));
                }
                other => out.push(format!("Error (unsupported variant): {other}")),
            },
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.side = self.position().turn();
                self.think(&mut out);
            }
            "playother" => {
                self.force = false;
                self.side = !self.position().turn();
            }
            "setboard" => {
                let start = Fen::from_ascii(args.trim().as_bytes()).ok().and_then(|f| {
                    VariantPosition::from_setup(
                        self.variant,
                        f.into_setup(),
                        CastlingMode::Standard,
                    )
                    .ok()
                });
                match start {
                    Some(p) => self.restart(p),
                    None => out.push("tellusererror Illegal position".to_string()),
                }
            }
            "usermove" => {
                let played = UciMove::from_ascii(args.trim().as_bytes())
                    .ok()
                    .and_then(|u| u.to_move(self.position()).ok())
                    .and_then(|m| self.position().clone().play(m).ok());
                match played {
                    Some(next) => {
                        self.history.push(next);
                        self.think(&mut out);
                    }
                    None => out.push(format!("Illegal move: {}", args.trim())),
                }
            }
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "ping" => out.push(format!("pong {}", args.trim())),
            "quit" => return None,
            _ => {}
        }
        Some(out)
    }

    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            if self.history.len() > 1 {
                self.history.pop();
            }
        }
    }
}

fn main() {
    let mut engine = Engine::new();
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Some(replies) = engine.command(line.trim()) else {
            break;
        };
        let mut out = stdout.lock();
        for reply in replies {
            if writeln!(out, "{reply}").is_err() {
                return;
            }
        }
        if out.flush().is_err() {
            return;
        }
    }
}
