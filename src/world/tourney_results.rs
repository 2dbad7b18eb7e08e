//! How an event's games end: results recorded in the event, adjourned
//! games waiting for their players, aborted ones paired again, and the
//! forfeits of players who stay away (the rules are in `tourney_run`).

use tokio::time::Instant;

use crate::event::Event;
use crate::msg;
use crate::store::adjourned::StoredGame;
use crate::store::games::{self as gamesdb, Ending, status};
use crate::timefmt::unix_now;
use crate::tourney::{Format, GameResult, PlayerId};
use crate::world::World;
use crate::world::game::Game;
use crate::world::game_end::End;
use crate::world::ratings::StoredRated;
use crate::world::timers::TimerKey;
use crate::world::tourneys::{Stage, Status};

impl World {
    /// An adjourned game of an event is lost by `loser_name`, who stayed
    /// away: stored as finished and, if rated, rated.
    fn forfeit_stored(&mut self, stored: &StoredGame, white_wins: bool, loser_name: &str) {
        let result = if white_wins { "1-0" } else { "0-1" };
        let rated = self.rate_stored_game(stored, result);
        let reason = crate::render::fics::end_reason(
            crate::chess::Lang::En,
            crate::event::EndKind::Disconnected {
                loser: if white_wins {
                    shakmaty::Color::Black
                } else {
                    shakmaty::Color::White
                },
            },
            &stored.white,
            &stored.black,
        );
        let ending = Ending {
            status: status::FINISHED,
            result: result.to_string(),
            reason: reason.clone(),
            code: "Dis".to_string(),
            ended_at: unix_now(),
            white_ms: stored.white_ms,
            black_ms: stored.black_ms,
        };
        let db_id = stored.id;
        let saves = rated.as_ref().map(|r| r.saves.clone()).unwrap_or_default();
        self.store.write("tourney forfeit", move |c| {
            gamesdb::finish_rated(c, db_id, &ending, &saves)
        });
        for (name, them) in [
            (&stored.white, &stored.black),
            (&stored.black, &stored.white),
        ] {
            if let Some(p) = self.by_name(name) {
                p.send_event(Event::Lines {
                    lines: vec![
                        msg!(
                            "tourney-stored-forfeit",
                            opponent = them,
                            loser = loser_name,
                            result = result
                        ),
                        StoredRated::line_for(rated.as_ref(), name),
                    ],
                });
            }
        }
    }

    /// The players of game `i` in `absent` stayed away: they lose it.
    pub(super) fn tourney_forfeit(&mut self, id: u32, i: usize, absent: &[PlayerId], now: Instant) {
        let Some(e) = self.tourneys.events.get(&id) else {
            return;
        };
        let link = e.links[i];
        let g = e.t.games()[i].clone();
        // White keeps the point unless White is the (only) absent one.
        let white_wins = !absent.contains(&g.white) || absent.contains(&g.black);
        let played = matches!(link.stage, Stage::Adjourned { .. });
        let loser = if white_wins { g.black } else { g.white };
        let loser_name = e.name_of(loser);
        let result = match (played, white_wins) {
            (true, true) => GameResult::WhiteWins,
            (true, false) => GameResult::BlackWins,
            (false, true) => GameResult::WhiteWinsByForfeit,
            (false, false) => GameResult::BlackWinsByForfeit,
        };
        if let (true, Some(db_id)) = (played, link.db_id)
            && let Some(stored) = self.durable.adjourned.remove(&db_id)
        {
            self.forfeit_stored(&stored, white_wins, &loser_name);
        }
        let plies = g.plies;
        let e = self.tourneys.events.get_mut(&id);
        let mut withdrawn = Vec::new();
        if let Some(e) = e {
            for &p in absent {
                let n = e.forfeits.entry(p).or_insert(0);
                *n += 1;
                let out = *n >= 2 && e.t.player(p).is_some_and(|pl| pl.withdrawn.is_none());
                if out && e.t.leave(p).is_ok() {
                    withdrawn.push(e.name_of(p));
                }
            }
        }
        let names: Vec<String> = absent
            .iter()
            .filter_map(|p| self.tourneys.events.get(&id).map(|e| e.name_of(*p)))
            .collect();
        self.tourney_announce(
            id,
            msg!(
                "tourney-absent",
                id = id,
                n = names.len(),
                names = crate::event::And(names)
            ),
        );
        for name in withdrawn {
            self.tourney_announce(id, msg!("tourney-withdrawn", id = id, name = name));
        }
        self.tourney_record(id, i, result, plies, now);
    }

    /// Game `i` of event `id` has its result.
    fn tourney_record(&mut self, id: u32, i: usize, result: GameResult, plies: u32, now: Instant) {
        let Some(e) = self.tourneys.events.get_mut(&id) else {
            return;
        };
        let g = e.t.games()[i].clone();
        if let Err(why) = e.t.record_result(g.white, g.black, result, plies) {
            tracing::error!(tourney = id, %why, "cannot record a result");
            return;
        }
        if let Some(l) = e.links.get_mut(i) {
            l.stage = Stage::Done;
        }
        let text = msg!(
            "tourney-result",
            id = id,
            white = e.name_of(g.white),
            result = result.as_str(),
            black = e.name_of(g.black)
        );
        self.save_event(id);
        self.tourney_announce(id, text);
        self.tourney_advance(id, now);
    }

    /// An adjourned game was decided without being resumed (an admin's
    /// `adjudicate`): if it belongs to an event, the event takes the result.
    pub fn tourney_stored_game_ended(&mut self, stored: &StoredGame, end: &End, now: Instant) {
        let players = (stored.white.as_str(), stored.black.as_str());
        self.tourney_link_ended(stored.id, players, end, stored.moves.len() as u32, now);
    }

    /// Game `db_id` (White, Black) of `plies` half-moves ended, in play or
    /// stored: if it belongs to an event, its result counts, an adjourned
    /// one waits for its players, an aborted one is played again.
    fn tourney_link_ended(
        &mut self,
        db_id: i64,
        (white, black): (&str, &str),
        end: &End,
        plies: u32,
        now: Instant,
    ) {
        let Some((id, i)) = self.tourney_game_of(db_id) else {
            return;
        };
        match end.status {
            status::FINISHED => {
                let result = match end.result {
                    "1-0" => GameResult::WhiteWins,
                    "0-1" => GameResult::BlackWins,
                    _ => GameResult::Draw,
                };
                self.tourney_record(id, i, result, plies, now);
            }
            status::ADJOURNED => {
                self.set_link(id, i, Some(db_id), Stage::Adjourned { since: now });
            }
            _ => {
                let due = now + self.tourneys.settings.countdown;
                self.set_link(id, i, None, Stage::Waiting { due });
                self.tourney_announce(
                    id,
                    msg!(
                        "tourney-aborted-again",
                        id = id,
                        white = white,
                        black = black
                    ),
                );
                self.tourney_rearm(id, now);
            }
        }
    }

    /// `end_game` reports every game's end here: a tourney game's result
    /// goes into its event; an adjourned one waits for its players; an
    /// aborted one is paired again. Either way its players are free, so
    /// events waiting for them may go on.
    pub fn tourney_game_ended(&mut self, game: &Game, end: &End, now: Instant) {
        if self.tourneys.events.is_empty() {
            return;
        }
        let players = (game.white.name.as_str(), game.black.name.as_str());
        self.tourney_link_ended(game.db_id, players, end, game.plies() as u32, now);
        let names = [&game.white.name, &game.black.name];
        let concerned: Vec<u32> = self
            .tourneys
            .events
            .values()
            .filter(|e| e.status == Status::Running)
            .filter(|e| names.iter().any(|n| e.t.player_by_name(n).is_some()))
            .map(|e| e.id)
            .collect();
        for id in concerned {
            if self
                .tourneys
                .events
                .get(&id)
                .is_some_and(|e| e.t.format() == Format::Arena)
            {
                self.tourney_advance(id, now);
            }
            self.timers.arm(TimerKey::Tourney(id), now);
        }
    }
}
