//! Running events: the director's one timer per event (`TimerKey::Tourney`)
//! starts paired games after the countdown, resumes adjourned ones when
//! both players are back, forfeits absent players, and pairs what comes
//! next; `end_game` reports every result here.
//!
//! Rules the director keeps (documented in `help tourney`):
//! * A paired game starts when the countdown is over and both players are
//!   online and free. A player still absent (offline, or in another game)
//!   `forfeit_after` later loses it by forfeit (`+:-`); if both are absent,
//!   White is given the point (the engine has no 0-0). Two forfeits
//!   withdraw a player.
//! * A tourney game that is adjourned (a dropped connection, a restart) is
//!   resumed as soon as both players are online and free; if one of them
//!   stays away `forfeit_after`, they lose it (`forfeits by disconnection`).
//! * An aborted tourney game is paired again (countdown, then a new game).
//! * An arena ends at its time; games still in progress then are played
//!   out but do not count.

use tokio::time::Instant;

/// How soon the director looks again at a game whose deadline passed but
/// which could not go on.
const RETRY: std::time::Duration = std::time::Duration::from_secs(5);

use std::sync::Arc;

use crate::event::{Event, Msg};
use crate::msg;
use crate::store::adjourned::StoredGame;
use crate::store::games::{self as gamesdb, Ending, status};
use crate::timefmt::unix_now;
use crate::tourney::{self, Format, GameResult, Pairing, PlayerId, arena, knockout, standings};
use crate::world::game::{Game, Terms};
use crate::world::games::End;
use crate::world::ratings::StoredRated;
use crate::world::timers::TimerKey;
use crate::world::tourneys::{Link, Stage, Status};
use crate::world::{SessionId, World};

/// The channel events are announced in.
pub const TOURNEY_CHANNEL: u8 = 49;

impl World {
    /// The online, registered, free player called `name`.
    fn tourney_present(&self, name: &str) -> Option<SessionId> {
        self.by_name(name)
            .filter(|p| p.is_registered() && p.game.is_none())
            .map(|p| p.id)
    }

    /// Says `text` in channel 49 and to every participant online who is not
    /// listening there.
    pub fn tourney_announce(&self, id: u32, text: Msg) {
        let in_channel = Arc::new(Event::DirectorSays {
            channel: Some(TOURNEY_CHANNEL),
            text: text.clone(),
        });
        let plain = Arc::new(Event::DirectorSays {
            channel: None,
            text,
        });
        let names: Vec<&str> = self
            .tourneys
            .events
            .get(&id)
            .map(|e| e.t.players().iter().map(|p| p.name.as_str()).collect())
            .unwrap_or_default();
        for p in self.players() {
            if p.talk.lists.channels.contains(&TOURNEY_CHANNEL) {
                p.share(&in_channel);
            } else if names.iter().any(|n| n.eq_ignore_ascii_case(&p.name)) {
                p.share(&plain);
            }
        }
    }

    /// Sends a table to every participant online.
    fn tourney_tell_players(&self, id: u32, event: Event) {
        let Some(e) = self.tourneys.events.get(&id) else {
            return;
        };
        let event = Arc::new(event);
        for pl in e.t.players() {
            if let Some(p) = self.by_name(&pl.name) {
                p.share(&event);
            }
        }
    }

    /// The timer of event `id` fired, or something changed: start what can
    /// start, forfeit who stayed away, then set the timer again.
    pub fn tourney_tick(&mut self, id: u32, now: Instant) {
        let Some(e) = self.tourneys.events.get(&id) else {
            return;
        };
        if e.status != Status::Running {
            return;
        }
        if e.ends_at.is_some_and(|end| now >= end) {
            return self.tourney_finish(id);
        }
        if self.durable.closing {
            return;
        }
        // Pair what can be paired: arena players who just arrived or
        // joined, or a round a crash left unpaired (idempotent otherwise).
        self.tourney_advance(id, now);
        let Some(e) = self.tourneys.events.get(&id) else {
            return;
        };
        let wait = self.tourneys.settings.forfeit_after;
        let count = e.links.len();
        for i in 0..count {
            let Some(e) = self.tourneys.events.get(&id) else {
                return;
            };
            if e.status != Status::Running {
                return;
            }
            let link = e.links[i];
            let g = &e.t.games()[i];
            let (wp, bp) = (g.white, g.black);
            let (wn, bn) = (e.name_of(wp), e.name_of(bp));
            let (ws, bs) = (self.tourney_present(&wn), self.tourney_present(&bn));
            let absent: Vec<PlayerId> = [(wp, ws), (bp, bs)]
                .into_iter()
                .filter(|(_, s)| s.is_none())
                .map(|(p, _)| p)
                .collect();
            match link.stage {
                Stage::Waiting { due } if due <= now => match (ws, bs) {
                    (Some(ws), Some(bs)) => self.tourney_start_game(id, i, ws, bs, now),
                    _ if now >= due + wait => self.tourney_forfeit(id, i, &absent, now),
                    _ => {}
                },
                Stage::Adjourned { since } => match (link.db_id, absent.is_empty()) {
                    (Some(db_id), true) => match self.resume_game(db_id, now) {
                        Ok(_) => self.set_link(id, i, link.db_id, Stage::Live),
                        Err(why) => tracing::warn!(tourney = id, ?why, "cannot resume"),
                    },
                    _ if now >= since + wait => self.tourney_forfeit(id, i, &absent, now),
                    _ => {}
                },
                _ => {}
            }
        }
        self.tourney_rearm(id, now);
    }

    /// Sets the event's timer to its next deadline.
    fn tourney_rearm(&self, id: u32, now: Instant) {
        let Some(e) = self.tourneys.events.get(&id) else {
            return;
        };
        if e.status != Status::Running {
            return self.timers.cancel(TimerKey::Tourney(id));
        }
        let wait = self.tourneys.settings.forfeit_after;
        let deadlines = e.links.iter().filter_map(|l| match l.stage {
            Stage::Waiting { due } if due > now => Some(due),
            Stage::Waiting { due } => Some(due + wait),
            Stage::Adjourned { since } => Some(since + wait),
            _ => None,
        });
        match deadlines.chain(e.ends_at).min() {
            // A deadline already past whose game could not go on (a player
            // busy in another game, say): try again in a while, not at once.
            Some(at) if at <= now => self.timers.arm(TimerKey::Tourney(id), now + RETRY),
            Some(at) => self.timers.arm(TimerKey::Tourney(id), at),
            None => self.timers.cancel(TimerKey::Tourney(id)),
        }
    }

    fn set_link(&mut self, id: u32, i: usize, db_id: Option<i64>, stage: Stage) {
        if let Some(l) = self
            .tourneys
            .events
            .get_mut(&id)
            .and_then(|e| e.links.get_mut(i))
        {
            *l = Link { db_id, stage };
        }
        self.save_event(id);
    }

    fn tourney_start_game(
        &mut self,
        id: u32,
        i: usize,
        ws: SessionId,
        bs: SessionId,
        now: Instant,
    ) {
        let Some(e) = self.tourneys.events.get(&id) else {
            return;
        };
        let terms = Terms {
            minutes: e.minutes,
            inc: e.inc,
            rated: e.rated,
        };
        let round = e.t.games()[i].round;
        let arena = e.t.format() == Format::Arena;
        let fen = e.start_of(i).map(|s| s.shredder_fen());
        let Some(no) = self.start_game(ws, bs, terms, fen.as_deref(), now) else {
            return;
        };
        self.peak_games = self.peak_games.max(self.games.len());
        let Some(game) = self.games.get(&no) else {
            return;
        };
        let (db_id, w, b) = (game.db_id, game.white.name.clone(), game.black.name.clone());
        self.set_link(id, i, Some(db_id), Stage::Live);
        let text = if arena {
            msg!("tourney-game-arena", id = id, white = w, black = b, no = no)
        } else {
            msg!(
                "tourney-game-round",
                id = id,
                round = round,
                white = w,
                black = b,
                no = no
            )
        };
        self.tourney_announce(id, text);
    }

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
    fn tourney_forfeit(&mut self, id: u32, i: usize, absent: &[PlayerId], now: Instant) {
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

    /// Pairs whatever can be paired now (the next round, the next games of
    /// the knockout, free arena players), or ends the event.
    pub(crate) fn tourney_advance(&mut self, id: u32, now: Instant) {
        let countdown = self.tourneys.settings.countdown;
        // A round of byes only is finished at once: pair the next one.
        for _ in 0..1000 {
            let Some(e) = self.tourneys.events.get(&id) else {
                return;
            };
            if e.status != Status::Running {
                return;
            }
            let first = e.t.games().len();
            let format = e.t.format();
            let (games, byes, round) = match format {
                Format::Swiss { .. } | Format::RoundRobin { .. } => {
                    let current = e.t.current_round();
                    if current > 0 && !e.t.round_finished(current) {
                        break;
                    }
                    if tourney::is_over(&e.t) {
                        return self.tourney_finish(id);
                    }
                    let Ok(rp) = tourney::pair_next_round(&e.t) else {
                        return self.tourney_finish(id);
                    };
                    let Some(e) = self.tourneys.events.get_mut(&id) else {
                        return;
                    };
                    if e.t.add_round(&rp).is_err() {
                        return self.tourney_finish(id);
                    }
                    let byes: Vec<String> = rp.byes.iter().map(|b| e.name_of(b.player)).collect();
                    (rp.games, byes, rp.round)
                }
                Format::Knockout { .. } => {
                    if knockout::is_over(&e.t) {
                        return self.tourney_finish(id);
                    }
                    let Ok(next) = knockout::next_games(&e.t) else {
                        return self.tourney_finish(id);
                    };
                    let round = next.first().map_or(0, |(r, _)| *r);
                    let Some(e) = self.tourneys.events.get_mut(&id) else {
                        return;
                    };
                    let mut games = Vec::new();
                    for (r, p) in next {
                        if e.t.add_game(r, p).is_ok() {
                            games.push(p);
                        }
                    }
                    (games, Vec::new(), round)
                }
                Format::Arena => {
                    if e.ends_at.is_some_and(|end| now >= end) {
                        return self.tourney_finish(id);
                    }
                    let waiting: Vec<PlayerId> =
                        e.t.players()
                            .iter()
                            .filter(|p| p.withdrawn.is_none())
                            .filter(|p| self.tourney_present(&p.name).is_some())
                            .map(|p| p.id)
                            .collect();
                    let salt = e.t.games().len() as u64;
                    let pairs = arena::pair_waiting(&e.t, &waiting, salt).unwrap_or_default();
                    let Some(e) = self.tourneys.events.get_mut(&id) else {
                        return;
                    };
                    let mut games = Vec::new();
                    for p in pairs {
                        if e.t.add_game(1, p).is_ok() {
                            games.push(p);
                        }
                    }
                    (games, Vec::new(), 1)
                }
            };
            let Some(e) = self.tourneys.events.get_mut(&id) else {
                return;
            };
            for _ in &games {
                e.links.push(Link {
                    db_id: None,
                    stage: Stage::Waiting {
                        due: now + countdown,
                    },
                });
            }
            let text = pairing_text(id, format, round, &games, &byes, |p| e.name_of(p));
            let start = e.start_announcement(first, round);
            let only_byes = games.is_empty() && !byes.is_empty();
            self.save_event(id);
            for text in text.into_iter().chain(start) {
                self.tourney_announce(id, text);
            }
            if !only_byes {
                break;
            }
        }
        self.tourney_rearm(id, now);
        // New games wait for the countdown; one timer per event, so it is
        // set last (the tick then sets the next deadline itself).
        let waiting_now = self.tourneys.events.get(&id).is_some_and(|e| {
            e.links
                .iter()
                .any(|l| matches!(l.stage, Stage::Waiting { due } if due <= now + countdown && due >= now))
        });
        if waiting_now {
            self.timers.arm(TimerKey::Tourney(id), now + countdown);
        }
    }

    /// The event is over: final standings to everyone concerned.
    fn tourney_finish(&mut self, id: u32) {
        let Some(e) = self.tourneys.events.get_mut(&id) else {
            return;
        };
        e.status = Status::Finished;
        e.finished_at = Some(unix_now());
        for l in &mut e.links {
            l.stage = Stage::Done;
        }
        let winner = match e.t.format() {
            Format::Knockout { .. } => knockout::winner(&e.t),
            Format::Arena => arena::ranking(&e.t).first().map(|s| s.player),
            _ => standings::standings(&e.t).first().map(|s| s.player),
        }
        .map(|p| e.name_of(p));
        let table = standings::standings_messages(&e.t);
        let text = match winner {
            Some(w) => msg!("tourney-over-winner", id = id, name = &e.name, winner = w),
            None => msg!("tourney-over", id = id, name = &e.name),
        };
        self.timers.cancel(TimerKey::Tourney(id));
        self.save_event(id);
        self.tourney_announce(id, text);
        // The headings are catalogue lines, the rows data (src/tourney/tables.rs).
        let mut lines = vec![msg!("tourney-final-standings", id = id)];
        lines.extend(table);
        self.tourney_tell_players(id, Event::Lines { lines });
        tracing::info!(tourney = id, "tourney finished");
    }

    /// `end_game` reports every game's end here: a tourney game's result
    /// goes into its event; an adjourned one waits for its players; an
    /// aborted one is paired again. Either way its players are free, so
    /// events waiting for them may go on.
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

    /// A user logged in: events waiting for them may go on.
    pub fn tourney_player_arrived(&mut self, id: SessionId, now: Instant) {
        let Some(name) = self.player(id).map(|p| p.name.clone()) else {
            return;
        };
        let concerned: Vec<u32> = self
            .tourneys
            .events
            .values()
            .filter(|e| e.status == Status::Running && e.t.player_by_name(&name).is_some())
            .map(|e| e.id)
            .collect();
        for id in concerned {
            self.timers.arm(TimerKey::Tourney(id), now);
        }
    }
}

/// `Tourney #1 round 2: Alice - Bob, Carol - Dave; bye: Eve.`
fn pairing_text(
    id: u32,
    format: Format,
    round: u32,
    games: &[Pairing],
    byes: &[String],
    name: impl Fn(PlayerId) -> String,
) -> Option<Msg> {
    if games.is_empty() && byes.is_empty() {
        return None;
    }
    let list: Vec<String> = games
        .iter()
        .map(|p| format!("{} - {}", name(p.white), name(p.black)))
        .collect();
    let list = list.join(", ");
    let byes = byes.join(", ");
    Some(match (format, list.is_empty(), byes.is_empty()) {
        (Format::Arena, _, true) => msg!("tourney-pairs", id = id, games = list),
        (Format::Arena, _, false) => msg!("tourney-pairs-byes", id = id, games = list, byes = byes),
        (_, _, true) => msg!("tourney-round", id = id, round = round, games = list),
        (_, true, false) => msg!(
            "tourney-round-only-byes",
            id = id,
            round = round,
            byes = byes
        ),
        (_, false, false) => {
            msg!(
                "tourney-round-byes",
                id = id,
                round = round,
                games = list,
                byes = byes
            )
        }
    })
}
