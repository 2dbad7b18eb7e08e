//! The engine's side of a game: asking it for a move, reading its
//! answer, checking the move and sending it, or asking again after an
//! illegal one (`fallback.rs`), and giving up on an engine that died or
//! hung. Methods of the session's [`Play`], split from `session.rs`.

use std::collections::BTreeMap;

use tokio::time::Instant;

use super::engine::{bestmove, pv_line};
use super::fallback::{self, Choice};
use super::policy::Score;
use super::session::{Fallback, Play, Search};

impl Play<'_> {
    /// Asks the engine for a move in the current position.
    pub(super) async fn think(&mut self) -> std::io::Result<()> {
        let Some(g) = &self.game else { return Ok(()) };
        let position = g.position_command();
        let (go, limit) = g.go_command(self.bot.settings.movetime, self.bot.settings.level);
        let (no, ply, chess960) = (g.no, g.plies(), g.chess960());
        let started = async {
            self.bot.engine.set_chess960(chess960).await?;
            if self.multipv_raised {
                self.bot.engine.set_option("MultiPV", "1").await?;
                self.multipv_raised = false;
            }
            self.bot.engine.go(&position, &go).await
        };
        match started.await {
            Ok(()) => {
                self.search = Some(Search {
                    game: no,
                    ply,
                    deadline: Instant::now() + limit,
                    score: None,
                    fallback: None,
                });
                Ok(())
            }
            Err(e) => {
                tracing::error!(game = no, error = %e, "the engine cannot search; resigning this game");
                self.bot.engine.kill();
                self.give_up().await
            }
        }
    }

    /// Resigns the current game because the bot cannot play it on.
    pub(super) async fn give_up(&mut self) -> std::io::Result<()> {
        self.gave_up = true;
        self.conn.send("resign").await
    }

    /// Forgets the search in progress (the game moved on or ended).
    pub(super) async fn abandon_search(&mut self) {
        if self.search.take().is_some() {
            self.bot.engine.stop().await;
        }
    }

    pub(super) async fn on_engine(&mut self, line: Option<String>) -> std::io::Result<()> {
        let Some(line) = line else {
            tracing::warn!(engine = %self.bot.engine.name, "the engine exited; it will be started again");
            if let Some(s) = self.search.take() {
                tracing::error!(
                    game = s.game,
                    "the engine died while thinking; resigning this game"
                );
                self.give_up().await?;
            }
            return Ok(());
        };
        let Some(search) = self.search.as_mut() else {
            return Ok(());
        };
        // Lines of rank 2 and below (MultiPV) score other moves.
        let rank = pv_line(&line).map_or(1, |(rank, mv)| {
            if let Some(f) = search.fallback.as_mut() {
                f.lines.insert(rank, mv.to_string());
            }
            rank
        });
        if let Some(score) = Score::from_info(&line) {
            if rank == 1 {
                search.score = Some(score);
            }
            return Ok(());
        }
        let Some(uci) = bestmove(&line) else {
            return Ok(());
        };
        let uci = uci.to_string();
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        let Some(g) = &self.game else { return Ok(()) };
        let mv = match (search.fallback, g.engine_move(&uci)) {
            (None, Ok(mv)) => mv,
            (None, Err(e)) => {
                tracing::warn!(game = g.no, engine = %self.bot.engine.name, error = %e, "the engine sent an illegal move; asking it for its best legal one");
                return self.second_search(uci, search.score).await;
            }
            (Some(f), _) => match fallback::choose(g, &f.lines, &uci) {
                Choice::None => return Ok(()),
                choice => {
                    tracing::warn!(game = g.no, illegal = %f.illegal, choice = ?choice, "playing the engine's best legal move instead of its illegal one");
                    choice.mv().unwrap_or_default().to_string()
                }
            },
        };
        self.send_move(mv, search.score).await
    }

    /// Sends the bot's move (and whispers the evaluation if asked).
    pub(super) async fn send_move(
        &mut self,
        mv: String,
        score: Option<Score>,
    ) -> std::io::Result<()> {
        if let Some(g) = &self.game {
            tracing::debug!(game = g.no, %mv, ?score, "move");
        }
        if score.is_some() {
            self.last_score = score;
        }
        self.last_sent = Some(mv.clone());
        self.conn.send(&mv).await?;
        if self.bot.settings.whisper_eval
            && let Some(score) = score
        {
            self.conn
                .send(&format!("whisper eval {}", score.text()))
                .await?;
        }
        Ok(())
    }

    /// Asks the engine again, for its best lines among the legal moves
    /// only, after it answered the illegal `illegal` (see `fallback.rs`).
    pub(super) async fn second_search(
        &mut self,
        illegal: String,
        score: Option<Score>,
    ) -> std::io::Result<()> {
        let Some(g) = &self.game else { return Ok(()) };
        let position = g.position_command();
        let (go, limit) = fallback::go_command(g, self.bot.settings.level);
        let (no, ply, chess960) = (g.no, g.plies(), g.chess960());
        let started = async {
            self.bot.engine.set_chess960(chess960).await?;
            self.multipv_raised = true;
            self.bot
                .engine
                .set_option("MultiPV", &fallback::LINES.to_string())
                .await?;
            self.bot.engine.go(&position, &go).await
        };
        match started.await {
            Ok(()) => {
                self.search = Some(Search {
                    game: no,
                    ply,
                    deadline: Instant::now() + limit,
                    score,
                    fallback: Some(Fallback {
                        illegal,
                        lines: BTreeMap::new(),
                    }),
                });
                Ok(())
            }
            Err(e) => {
                tracing::error!(game = no, error = %e, "the engine cannot search again; resigning this game");
                self.bot.engine.kill();
                self.give_up().await
            }
        }
    }

    pub(super) async fn on_hang(&mut self) -> std::io::Result<()> {
        if let Some(s) = self.search.take() {
            tracing::error!(game = s.game, engine = %self.bot.engine.name, "the engine did not move before its clock ran out; killing it and resigning this game");
            self.bot.engine.kill();
            self.give_up().await?;
        }
        Ok(())
    }
}
