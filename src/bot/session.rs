//! One connection's worth of play: log in, post the seeks, answer
//! challenges and draw offers, and play every game with the engine until
//! the server goes away or the bot has played enough.

use std::time::Duration;

use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use std::collections::BTreeMap;

use super::conn::{Conn, LoginError};
use super::engine::Engine;
use super::fics::{self, Board12, Challenge, Event};
use super::game::{GameState, Sync};
use super::level::Level;
use super::policy::{Answer, Policy, Score};
use super::wire::Piece;

/// How often a bot between games speaks up (see `keep_alive`).
const KEEPALIVE: Duration = Duration::from_secs(5 * 60);

/// After a game the bot gave up because of its own failure (the engine
/// died, hung, moved illegally), its seeks wait this long before they are
/// posted again, twice as long after each such game in a row. Without the
/// wait, two broken bots whose seeks match loop for ever: seek, game,
/// resign, seek...
const FIRST_RESEEK: Duration = Duration::from_secs(10);
const MAX_RESEEK: Duration = Duration::from_secs(5 * 60);

/// What the bot was told to do, as the session needs it.
#[derive(Debug, Clone)]
pub struct Settings {
    pub server: String,
    pub login: String,
    pub password: Option<String>,
    pub timeseal: bool,
    /// `seek` arguments to keep posted.
    pub seeks: Vec<String>,
    pub policy: Policy,
    pub whisper_eval: bool,
    /// The engine's time per move in untimed games.
    pub movetime: Duration,
    /// Play at this level (its depth and time per move; its `Skill Level`
    /// is among the engine's options) instead of by the clock.
    pub level: Option<Level>,
    /// Quit the engine after this long without a game (started again for
    /// the next one), so that an idle bot holds no engine; `None`: keep it.
    pub engine_idle: Option<Duration>,
}

/// How a session ended.
#[derive(Debug)]
pub enum End {
    /// The bot played its games or was told to stop: do not reconnect.
    Finished,
    /// The connection was lost (or never made); `logged_in` says whether
    /// it got as far as a session.
    Lost { why: String, logged_in: bool },
    /// Reconnecting cannot help (the password is wrong).
    Fatal(String),
}

/// The engine's search in progress.
pub(super) struct Search {
    pub(super) game: u32,
    pub(super) ply: usize,
    pub(super) deadline: Instant,
    pub(super) score: Option<Score>,
    /// Set when this is the second search after an illegal move.
    pub(super) fallback: Option<Fallback>,
}

/// A second search after the engine's illegal move (see `fallback.rs`).
pub(super) struct Fallback {
    /// The illegal move, for the log.
    pub(super) illegal: String,
    /// The first move of each line, by rank.
    pub(super) lines: BTreeMap<u32, String>,
}

/// The bot across sessions: its engine and what it has played.
pub struct Bot {
    pub settings: Settings,
    pub engine: Engine,
    pub played: u32,
}

/// One session's state.
pub(super) struct Play<'a> {
    pub(super) bot: &'a mut Bot,
    pub(super) conn: Conn,
    pub(super) me: String,
    pub(super) game: Option<GameState>,
    pub(super) search: Option<Search>,
    /// The engine's last evaluation in the current game, for the bot.
    pub(super) last_score: Option<Score>,
    /// The move the bot sent last, for the log if the server refuses it.
    pub(super) last_sent: Option<String>,
    /// The bot resigned the current game because of its own failure.
    pub(super) gave_up: bool,
    /// Games given up in a row (see [`FIRST_RESEEK`]).
    pub(super) failures: u32,
    /// When the seeks, held back after a failure, go up again.
    pub(super) reseek_at: Option<Instant>,
    /// Since when the bot has had no game (see `Settings::engine_idle`).
    pub(super) idle_since: Option<Instant>,
    /// A second search set `MultiPV` above 1: the next search sets it back.
    pub(super) multipv_raised: bool,
    /// The game the last `{Game N ... Creating|Continuing ...}` line was
    /// about, and whether it is Atomic960 (style 12 does not say).
    pub(super) announced: Option<(u32, bool)>,
}

impl Bot {
    /// Connects, logs in and plays until the connection ends.
    pub async fn session(&mut self, stop: &CancellationToken) -> End {
        let s = &self.settings;
        let mut conn = match Conn::connect(&s.server, s.timeseal).await {
            Ok(c) => c,
            Err(e) => {
                return End::Lost {
                    why: format!("cannot connect to {}: {e}", s.server),
                    logged_in: false,
                };
            }
        };
        let (me, adjourned) = match conn.login(&s.login, s.password.as_deref()).await {
            Ok(found) => found,
            Err(LoginError::Refused(why)) => return End::Fatal(why),
            Err(LoginError::Lost(why)) => {
                return End::Lost {
                    why,
                    logged_in: false,
                };
            }
        };
        tracing::info!(server = %s.server, name = %me, "logged in");
        let interface = format!(
            "atomicd-bot {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.engine.name
        );
        let mut play = Play {
            bot: self,
            conn,
            me,
            game: None,
            search: None,
            last_score: None,
            last_sent: None,
            gave_up: false,
            failures: 0,
            reseek_at: None,
            idle_since: Some(Instant::now()),
            multipv_raised: false,
            announced: None,
        };
        let why = match play.run(&interface, adjourned, stop).await {
            Ok(true) => return End::Finished,
            Ok(false) => "the server closed the connection".to_string(),
            Err(e) => e.to_string(),
        };
        play.abandon_search().await;
        End::Lost {
            why,
            logged_in: true,
        }
    }
}

impl Play<'_> {
    /// The session's loop; `Ok(true)` when the bot is done.
    async fn run(
        &mut self,
        interface: &str,
        adjourned: bool,
        stop: &CancellationToken,
    ) -> std::io::Result<bool> {
        self.conn.setup(interface).await?;
        // A game adjourned when the connection dropped goes on if its
        // opponent is here (a server without `resume` just says so).
        self.conn.send("resume").await?;
        if adjourned {
            tracing::info!("the server mentions an adjourned game");
        }
        // A game that was going on when the connection dropped comes back
        // (on a server that keeps it) with its board on `refresh`.
        self.conn.send("refresh").await?;
        self.post_seeks().await?;
        // Between games the bot says something now and then: its seeks
        // again (they may have been removed), or the date, so that the
        // server's idle logout does not take a waiting bot for an absent one.
        let mut keepalive = tokio::time::interval_at(Instant::now() + KEEPALIVE, KEEPALIVE);
        loop {
            while let Some(piece) = self.conn.pop() {
                if self.on_piece(piece).await? {
                    return Ok(true);
                }
            }
            let deadline = self.search.as_ref().map(|s| s.deadline);
            let quit_engine_at = self.engine_idle_deadline();
            tokio::select! {
                _ = stop.cancelled() => {
                    tracing::info!("stopping");
                    self.conn.send("quit").await?;
                    return Ok(true);
                }
                more = self.conn.fill() => {
                    if !more? {
                        return Ok(false);
                    }
                }
                line = self.bot.engine.next_line() => self.on_engine(line).await?,
                _ = sleep_until(deadline) => self.on_hang().await?,
                _ = sleep_until(self.reseek_at) => {
                    self.reseek_at = None;
                    self.post_seeks().await?;
                }
                _ = keepalive.tick() => self.keep_alive().await?,
                _ = sleep_until(quit_engine_at) => {
                    tracing::info!(engine = %self.bot.engine.name, "no game: the engine is stopped until the next one");
                    self.bot.engine.quit().await;
                }
            }
        }
    }

    /// When to quit an engine that has had no game for `engine_idle`.
    fn engine_idle_deadline(&self) -> Option<Instant> {
        let idle = self.bot.settings.engine_idle?;
        if self.game.is_some() || self.search.is_some() || !self.bot.engine.is_running() {
            return None;
        }
        self.idle_since.map(|t| t + idle)
    }

    async fn keep_alive(&mut self) -> std::io::Result<()> {
        if self.game.is_some() {
            return Ok(());
        }
        if self.bot.settings.seeks.is_empty() {
            self.conn.send("date").await
        } else {
            self.post_seeks().await
        }
    }

    async fn post_seeks(&mut self) -> std::io::Result<()> {
        if self.game.is_some()
            || self.reseek_at.is_some()
            || self.bot.settings.policy.done(self.bot.played)
        {
            return Ok(());
        }
        for seek in self.bot.settings.seeks.clone() {
            self.conn.send(&format!("seek {seek}")).await?;
        }
        Ok(())
    }

    /// One piece from the server; true when the bot is done.
    async fn on_piece(&mut self, piece: Piece) -> std::io::Result<bool> {
        let text = match piece {
            Piece::Ping => {
                self.conn.pong().await?;
                return Ok(false);
            }
            Piece::BlockEnd(_) => return Ok(false),
            Piece::Line { text, .. } => text,
        };
        let Some(event) = fics::parse(&text) else {
            return Ok(false);
        };
        match event {
            Event::Challenge(c) => self.on_challenge(c).await?,
            Event::GameStart {
                no,
                white,
                black,
                variant,
                ..
            } if self.plays(&white, &black) => {
                tracing::info!(game = no, %white, %black, %variant, "game starts");
                self.announced = Some((no, variant.eq_ignore_ascii_case("atomic960")));
                self.idle_since = None;
                self.last_score = None;
                self.gave_up = false;
                if let Err(e) = self.bot.engine.new_game().await {
                    tracing::error!(game = no, error = %e, "the engine is not ready for the new game");
                }
            }
            Event::Board(b) => self.on_board(b).await?,
            Event::GameEnd {
                no,
                white,
                black,
                reason,
                result,
            } if self.plays(&white, &black) => return self.on_end(no, &reason, &result).await,
            Event::DrawOffer { from } => self.on_draw_offer(&from).await?,
            Event::MoveRefused(why) => self.on_refused(&why).await?,
            Event::Adjourned => self.conn.send("resume").await?,
            Event::Session { .. } | Event::GameStart { .. } | Event::GameEnd { .. } => {}
        }
        Ok(false)
    }

    fn plays(&self, white: &str, black: &str) -> bool {
        white.eq_ignore_ascii_case(&self.me) || black.eq_ignore_ascii_case(&self.me)
    }

    async fn on_challenge(&mut self, c: Challenge) -> std::io::Result<()> {
        if !c.to.eq_ignore_ascii_case(&self.me) {
            return Ok(());
        }
        let engine_ready = match self.bot.engine.ensure_started().await {
            Ok(()) => true,
            Err(e) => {
                tracing::error!(error = %e, "engine unavailable");
                false
            }
        };
        let playing = self.game.is_some();
        if engine_ready
            && c.variant.eq_ignore_ascii_case("atomic960")
            && !self.bot.engine.knows_chess960
        {
            tracing::info!(from = %c.from, "declining Atomic960: the engine has no UCI_Chess960");
            self.conn.send(&format!("decline {}", c.from)).await?;
            return self
                .conn
                .send(&format!(
                    "tell {} Sorry, my engine does not play Chess960 castling (Atomic960).",
                    c.from
                ))
                .await;
        }
        match self
            .bot
            .settings
            .policy
            .answer(&c, playing, self.bot.played, engine_ready)
        {
            Answer::Accept => {
                // Its game starts at once; if it does not, the engine is
                // quit in `engine_idle`.
                self.idle_since = Some(Instant::now());
                tracing::info!(from = %c.from, rated = c.rated, minutes = c.minutes, inc = c.inc, "accepting challenge");
                self.conn.send(&format!("accept {}", c.from)).await
            }
            Answer::Decline(why) => {
                tracing::info!(from = %c.from, %why, "declining challenge");
                self.conn.send(&format!("decline {}", c.from)).await?;
                // `;` would split the line into two commands.
                let why = why.replace(';', ",");
                self.conn
                    .send(&format!("tell {} Sorry, {why}", c.from))
                    .await
            }
        }
    }

    async fn on_board(&mut self, b: Box<Board12>) -> std::io::Result<()> {
        if !matches!(b.relation, 1 | -1) || b.color_of(&self.me).is_none() {
            return Ok(());
        }
        let same_game = self.game.as_ref().is_some_and(|g| g.no == b.game);
        if !same_game {
            // The `Creating` or `Continuing` line says; a board seen
            // without one (followed again by `refresh`) shows it by its
            // castling squares.
            let chess960 = match self.announced {
                Some((no, chess960)) if no == b.game => chess960,
                _ => b.castles_off_standard_squares(),
            };
            match GameState::start(&b, &self.me, chess960) {
                Ok(g) => {
                    tracing::info!(game = g.no, color = ?g.color, fen = %b.fen(), "playing");
                    self.game = Some(g);
                }
                Err(e) => {
                    tracing::error!(game = b.game, error = %e, "cannot follow this game; resigning");
                    return self.give_up().await;
                }
            }
        } else if let Some(g) = self.game.as_mut() {
            match g.observe(&b) {
                Ok(Sync::Restarted) => {
                    tracing::info!(game = g.no, fen = %b.fen(), "the board did not follow; going on from it")
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(game = g.no, error = %e, "cannot follow this game; resigning");
                    return self.give_up().await;
                }
            }
        }
        let Some(g) = &self.game else { return Ok(()) };
        let (no, ply, my_turn) = (g.no, g.plies(), g.my_turn());
        if let Some(s) = &self.search
            && (s.game != no || s.ply != ply || !my_turn)
        {
            self.abandon_search().await;
        }
        if my_turn && self.search.is_none() {
            self.think().await?;
        }
        Ok(())
    }

    async fn on_refused(&mut self, why: &str) -> std::io::Result<()> {
        if let (Some(g), Some(mv)) = (&self.game, self.last_sent.take()) {
            tracing::error!(game = g.no, %mv, reply = why, "the server refused the engine's move; resigning this game");
            self.give_up().await?;
        }
        Ok(())
    }

    async fn on_draw_offer(&mut self, from: &str) -> std::io::Result<()> {
        let Some(g) = &self.game else { return Ok(()) };
        let opponent = if g.color == shakmaty::Color::White {
            &g.board.black
        } else {
            &g.board.white
        };
        if !opponent.eq_ignore_ascii_case(from) {
            return Ok(());
        }
        let accept = self.bot.settings.policy.accept_draw(self.last_score);
        tracing::info!(game = g.no, score = ?self.last_score, accept, "draw offer");
        if accept {
            self.conn.send("accept t=draw").await
        } else {
            self.conn.send("decline t=draw").await
        }
    }

    /// Our game ended; true when the bot has played enough.
    async fn on_end(&mut self, no: u32, reason: &str, result: &str) -> std::io::Result<bool> {
        self.abandon_search().await;
        self.game = None;
        self.last_sent = None;
        self.idle_since = Some(Instant::now());
        if std::mem::take(&mut self.gave_up) {
            self.failures += 1;
            let wait = FIRST_RESEEK
                .saturating_mul(1 << (self.failures - 1).min(8))
                .min(MAX_RESEEK);
            tracing::warn!(
                failures = self.failures,
                wait_secs = wait.as_secs(),
                "gave up a game; seeking again after a pause"
            );
            self.reseek_at = Some(Instant::now() + wait);
        } else {
            self.failures = 0;
        }
        // An aborted or adjourned game (`*`) was not played out.
        if result != "*" {
            self.bot.played += 1;
        }
        tracing::info!(game = no, %reason, %result, played = self.bot.played, "game over");
        if self.bot.settings.policy.done(self.bot.played) {
            tracing::info!(
                games = self.bot.played,
                "played every game asked for; logging out"
            );
            self.conn.send("quit").await?;
            return Ok(true);
        }
        self.post_seeks().await?;
        Ok(false)
    }
}

/// Sleeps until `deadline`, or forever without one.
async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
