//! `atomicd bot`: a bridge that puts any UCI engine that knows atomic
//! chess (Fairy-Stockfish 13 or later, with `UCI_Variant=atomic`) on a
//! FICS-style server as a player.
//!
//! It logs in (timeseal and block mode on), keeps its seeks posted,
//! accepts the challenges its settings allow, and plays game after game:
//! each server board becomes `position …` + `go wtime … btime …` for the
//! engine, each `bestmove` a move on the server. When the connection
//! drops it reconnects with backoff (and resumes an adjourned game if the
//! server offers one). An engine that dies or hangs past its clock costs
//! the game in progress, never the bot; one that plays an illegal move is
//! asked again for its best legal one (`fallback.rs`).
//!
//! | file | what it is |
//! | --- | --- |
//! | `wire.rs` | server bytes → lines and block frames; timeseal encoding |
//! | `fics.rs` | server lines → events; style-12 boards |
//! | `conn.rs` | the connection: login, setup, reading and sending |
//! | `engine.rs` | the UCI engine process |
//! | `game.rs` | one game: position, moves, clocks, the engine's move checked |
//! | `fallback.rs` | the engine's best legal move when it sent an illegal one |
//! | `level.rs` | lichess's levels 1 to 8: skill, depth, time per move |
//! | `policy.rs` | what the bot accepts: challenges, draws, how many games |
//! | `session.rs` | one connection's play, tying the rest together |
//! | `thinking.rs` | the engine's side of it: searches, answers, moves sent |

pub mod conn;
pub mod engine;
pub mod fallback;
pub mod fics;
pub mod game;
pub mod level;
pub mod policy;
pub mod session;
mod thinking;
pub mod wire;

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use engine::{Engine, EngineCommand};
use level::Level;
use policy::Policy;
use session::{Bot, End, Settings};

/// The options of `atomicd bot`.
#[derive(Debug, Clone, clap::Args)]
pub struct BotOptions {
    /// The server, as HOST:PORT.
    #[arg(long, value_name = "HOST:PORT")]
    pub server: String,
    /// The account to log in with (a computer account, `(C)`).
    #[arg(long, value_name = "NAME")]
    pub login: String,
    /// Read the account's password from standard input.
    #[arg(long)]
    pub password_stdin: bool,
    /// The UCI engine to run: a program and its arguments, split on spaces.
    #[arg(long, value_name = "COMMAND")]
    pub engine: String,
    /// A UCI option for the engine, NAME=VALUE (repeatable), e.g.
    /// UCI_Variant=atomic, Threads=1, Hash=64.
    #[arg(long = "uci-option", value_name = "NAME=VALUE")]
    pub uci_options: Vec<String>,
    /// A seek to keep posted, as the arguments of `seek` (repeatable), e.g.
    /// "3 0" or "1 2 rated".
    #[arg(long = "seek", value_name = "TERMS")]
    pub seeks: Vec<String>,
    /// Which challenges to accept: rated, unrated, both (rated,unrated) or none.
    #[arg(long, value_name = "LIST", default_value = "rated,unrated")]
    pub accept: String,
    /// Stop (log out and exit) after this many games played to the end.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_games: Option<u32>,
    /// Accept a draw offer when the engine's last evaluation for the bot is
    /// at most this many centipawns (-150: when a pawn and a half down).
    #[arg(long, value_name = "CP", default_value_t = -150, allow_hyphen_values = true)]
    pub draw_below: i32,
    /// Whisper the engine's evaluation to observers after each move.
    #[arg(long)]
    pub whisper_eval: bool,
    /// Thinking time per move in untimed games, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub movetime: u64,
    /// Play at a lichess level, 1 to 8 (Skill Level, depth and time per
    /// move), instead of by the clock.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub level: Option<u8>,
    /// Quit the engine after this many seconds without a game (it starts
    /// again for the next one), so that a waiting bot holds no engine.
    #[arg(long, value_name = "SECS")]
    pub engine_idle: Option<u64>,
    /// Send plain lines instead of timeseal.
    #[arg(long)]
    pub no_timeseal: bool,
    /// The longest wait between two reconnection attempts, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub reconnect_max: u64,
}

/// The first wait before reconnecting; it doubles up to `--reconnect-max`.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);

impl BotOptions {
    /// The settings, checked; `password` as read from standard input.
    pub fn settings(&self, password: Option<String>) -> Result<(Settings, Engine), String> {
        let (accept_rated, accept_unrated) = Policy::parse_accept(&self.accept)?;
        let mut options = Vec::new();
        for o in &self.uci_options {
            let (name, value) = o
                .split_once('=')
                .ok_or_else(|| format!("--uci-option takes NAME=VALUE, not \"{o}\""))?;
            options.push((name.trim().to_string(), value.trim().to_string()));
        }
        let command = EngineCommand::parse(&self.engine)?;
        let level = self.level.map(Level::new).transpose()?;
        if let Some(level) = level
            && !options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case("Skill Level"))
        {
            options.push(("Skill Level".to_string(), level.skill().to_string()));
        }
        let settings = Settings {
            server: self.server.clone(),
            login: self.login.clone(),
            password,
            timeseal: !self.no_timeseal,
            seeks: self.seeks.clone(),
            policy: Policy {
                accept_rated,
                accept_unrated,
                max_games: self.max_games,
                draw_at_most: self.draw_below,
            },
            whisper_eval: self.whisper_eval,
            movetime: Duration::from_millis(self.movetime.max(1)),
            level,
            engine_idle: self.engine_idle.map(Duration::from_secs),
        };
        Ok((settings, Engine::new(command, options)))
    }
}

/// Runs the bot until it has played its games, is stopped (`stop`), or
/// cannot go on (a refused login, an engine that cannot start at all).
pub async fn run(
    settings: Settings,
    mut engine: Engine,
    reconnect_max: Duration,
    stop: CancellationToken,
) -> Result<(), String> {
    // An engine that cannot start at all is an operator's mistake: say so
    // now rather than decline every challenge. (A bot that starts its
    // engine for each game only, checks it then.)
    if settings.engine_idle.is_none() {
        engine.ensure_started().await.map_err(|e| e.to_string())?;
    }
    let mut bot = Bot {
        settings,
        engine,
        played: 0,
    };
    let mut backoff = FIRST_BACKOFF;
    let result = loop {
        match bot.session(&stop).await {
            End::Finished => break Ok(()),
            End::Fatal(why) => break Err(why),
            End::Lost { why, logged_in } => {
                if logged_in {
                    backoff = FIRST_BACKOFF;
                }
                tracing::warn!(%why, retry_in_secs = backoff.as_secs_f32(), "connection lost; reconnecting");
                tokio::select! {
                    _ = stop.cancelled() => break Ok(()),
                    _ = tokio::time::sleep(backoff) => {}
                }
                backoff = (backoff * 2).min(reconnect_max.max(FIRST_BACKOFF));
            }
        }
    };
    bot.engine.quit().await;
    tracing::info!(games = bot.played, "bot stopped");
    result
}
