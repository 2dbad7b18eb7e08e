//! Looking at games: finding one, observing, the list of games, kibitz
//! and whisper, and a player's gift of time.

use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::chess::BoardSnapshot;
use crate::event::{Event, Msg};
use crate::msg;
use crate::settings::vars::Switch;
use crate::world::game::Terms;
use crate::world::game::{Game, Viewer};
use crate::world::{FindError, Out, SessionId, World};

impl World {
    /// The game an argument names: a number, a player's name, or (empty)
    /// the game the user plays or else the first one they observe.
    pub fn resolve_game(&self, me: SessionId, arg: &str) -> Result<u32, Msg> {
        let arg = arg.trim();
        if arg.is_empty() {
            let p = self.player(me).ok_or_else(|| msg!("blank"))?;
            return p
                .game
                .or_else(|| {
                    p.observing
                        .iter()
                        .copied()
                        .find(|n| self.games.contains_key(n))
                })
                .ok_or_else(|| msg!("game-neither"));
        }
        if let Ok(no) = arg.parse::<u32>() {
            return if self.games.contains_key(&no) {
                Ok(no)
            } else {
                Err(msg!("game-no-such"))
            };
        }
        match self.find(arg) {
            Ok(p) => p
                .game
                .ok_or_else(|| msg!("game-player-not-playing", name = &p.name)),
            Err(e) => Err(find_error(arg, e)),
        }
    }

    /// `Game 12: Alice (1500) Bob (1600) rated atomic 5 0`.
    pub fn game_header(game: &Game) -> Msg {
        game_header(
            game.no,
            (&game.white.name, &game.white.rating.parenthesised()),
            (&game.black.name, &game.black.rating.parenthesised()),
            game.terms,
        )
    }

    /// Starts observing; returns the lines before the board and the board.
    pub fn observe(
        &mut self,
        me: SessionId,
        no: u32,
        now: Instant,
    ) -> Result<(Vec<Event>, Arc<BoardSnapshot>), Msg> {
        let game = self.games.get(&no).ok_or_else(|| msg!("game-no-such"))?;
        if game.color_of(me).is_some() {
            return Err(msg!("observe-own-game", no = no));
        }
        if game.observers.contains(&me) {
            return Err(msg!("observe-already", no = no));
        }
        let text = vec![
            Event::Lines {
                lines: vec![msg!("observe-started", no = no), Self::game_header(game)],
            },
            Event::GameInfo(self.gameinfo_of(game)),
        ];
        let snap = Arc::new(game.board_at(now));
        if let Some(g) = self.games.get_mut(&no) {
            g.observers.insert(me);
        }
        if let Some(p) = self.player_mut(me) {
            p.observing.insert(no);
        }
        self.tell_observer_count(no);
        Ok((text, snap))
    }

    /// Tells the browsers among a game's audience how many watch it now
    /// (no other client has a line for it).
    pub fn tell_observer_count(&self, no: u32) {
        let Some(game) = self.games.get(&no) else {
            return;
        };
        let count = Arc::new(Event::Observers {
            game: no,
            count: game.observers.len(),
        });
        for (who, _) in game.audience() {
            if let Some(p) = self.player(who).filter(|p| p.web.is_some()) {
                p.share(&count);
            }
        }
    }

    /// Stops observing one game, or all (`None`); returns the reply.
    pub fn unobserve(&mut self, me: SessionId, no: Option<u32>) -> Vec<Msg> {
        let games: Vec<u32> = match no {
            Some(n) => self
                .player(me)
                .filter(|p| p.observing.contains(&n))
                .map(|_| vec![n])
                .unwrap_or_default(),
            None => self
                .player(me)
                .map(|p| p.observing.iter().copied().collect())
                .unwrap_or_default(),
        };
        if games.is_empty() {
            return vec![match no {
                Some(n) => msg!("unobserve-not", no = n),
                None => msg!("unobserve-none"),
            }];
        }
        let mut text = Vec::new();
        for n in games {
            if let Some(g) = self.games.get_mut(&n) {
                g.observers.remove(&me);
            }
            self.exams.forget_observer(n, me);
            if let Some(p) = self.player_mut(me) {
                p.observing.remove(&n);
            }
            self.tell_observer_count(n);
            text.push(msg!("observe-removed", no = n));
        }
        text
    }

    /// `Observing 12 [Alice vs. Bob]: Carol(U) Dave (2 users)`.
    pub fn observers_line(&self, game: &Game) -> Msg {
        let mut names: Vec<String> = game
            .observers
            .iter()
            .filter_map(|id| self.player(*id))
            .map(|p| p.display_name())
            .collect();
        names.sort_by_key(|n| n.to_ascii_lowercase());
        msg!(
            "allobservers-game",
            no = game.no,
            white = &game.white.name,
            black = &game.black.name,
            names = names.join(" "),
            n = names.len()
        )
    }

    /// Sends `kibitz` (players and observers) or `whisper` (observers only).
    /// Returns how many heard it, or why nobody could.
    pub fn kibitz(&self, me: SessionId, text: &str, whisper: bool) -> Result<usize, Msg> {
        let no = self.resolve_game(me, "")?;
        let game = &self.games[&no];
        let sender = self.player(me).ok_or_else(|| msg!("blank"))?;
        if game.color_of(me).is_none() && !sender.is_registered() {
            return Err(if whisper {
                msg!("whisper-registered-only")
            } else {
                msg!("kibitz-registered-only")
            });
        }
        let heard = Msg::new(if whisper {
            "whisper-heard"
        } else {
            "kibitz-heard"
        })
        .with("name", sender.display_name())
        .with("rating", sender.rating_text().trim())
        .with("no", no)
        .with("text", text);
        let line = Arc::new(Event::line(heard));
        let mut heard = 0;
        for (id, viewer) in game.audience() {
            if id == me || (whisper && viewer != Viewer::Observer) {
                continue;
            }
            if let Some(p) = self.player(id).filter(|p| p.vars.switch(Switch::Kibitz)) {
                p.share(&line);
                heard += 1;
            }
        }
        Ok(heard)
    }

    /// `moretime`: gives the opponent `secs` seconds and shows both the board.
    pub fn add_time(&mut self, me: SessionId, secs: u32, now: Instant) -> Result<(), Msg> {
        let no = self
            .player(me)
            .and_then(|p| p.game)
            .ok_or_else(|| msg!("not-playing"))?;
        let game = self.games.get_mut(&no).ok_or_else(|| msg!("not-playing"))?;
        if game.clock.is_untimed() {
            return Err(msg!("moretime-untimed"));
        }
        let color = game.color_of(me).ok_or_else(|| msg!("not-playing"))?;
        game.clock.add(!color, i64::from(secs) * 1000);
        let snap = game.refresh_snapshot(now);
        let opponent = game.seat(!color).id;
        let audience: Vec<(SessionId, Viewer)> = game.audience().collect();
        if let Some(p) = opponent.and_then(|id| self.player(id)) {
            p.send_event(Event::line(msg!("moretime-given", secs = secs)));
        }
        for (id, viewer) in audience {
            if let Some(p) = self.player(id) {
                p.send(Out::Board {
                    board: snap.clone(),
                    viewer,
                    stored: self.store.last_ticket(),
                });
            }
        }
        self.arm_flag(no);
        Ok(())
    }

    /// One line of `games` (docs/protocol.md §6.2). Its type letter is
    /// FICS's `x` for atomic; Atomic960 has no FICS letter, and takes `X`
    /// (no FICS type uses it; upper case for another atomic, as FICS's `S`,
    /// `L`, `B` are for its other variants; help games says so).
    pub fn games_line(game: &Game, now: Instant) -> String {
        let turn = game.chess.turn();
        let (w, b) = game.clock.both(turn, now);
        let (ws, bs) = game.chess.strengths();
        format!(
            "{:3} {:>4} {:<11.11} {:>4} {:<10.10} [ {}{}{:3} {:3}] {:>6} -{:>6} ({:2}-{:2}) {}: {:2}",
            game.no,
            game.white.rating.column(),
            game.white.name,
            game.black.rating.column(),
            game.black.name,
            game.chess.variant().type_letter(),
            if game.terms.rated { 'r' } else { 'u' },
            game.terms.minutes,
            game.terms.inc,
            clock_text(w),
            clock_text(b),
            ws,
            bs,
            if turn == Color::White { 'W' } else { 'B' },
            game.chess.fullmove_number()
        )
    }
}

/// `Game 12: Alice (1500) Bob (1600) rated atomic 5 0` (names with the
/// ratings as they show in parentheses).
pub fn game_header(no: u32, white: (&str, &str), black: (&str, &str), terms: Terms) -> Msg {
    msg!(
        "game-header",
        no = no,
        white = white.0,
        white_rating = white.1,
        black = black.0,
        black_rating = black.1,
        rated = terms.rated_word(),
        minutes = terms.minutes,
        inc = terms.inc
    )
}

/// Why a name names nobody online: not found, or several.
pub fn find_error(typed: &str, e: FindError) -> Msg {
    match e {
        FindError::NotFound => msg!("name-not-logged-in", name = typed),
        FindError::Ambiguous(names) => {
            msg!("name-ambiguous", name = typed, matches = names.join(" "))
        }
    }
}

/// `m:ss`, or `h:mm:ss` from an hour on; negative clocks keep their sign.
pub fn clock_text(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let s = ms.unsigned_abs() / 1000;
    if s >= 3600 {
        format!("{sign}{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{sign}{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clock_texts() {
        assert_eq!(super::clock_text(252_000), "4:12");
        assert_eq!(super::clock_text(3_725_000), "1:02:05");
        assert_eq!(super::clock_text(-5_500), "-0:05");
    }
}
