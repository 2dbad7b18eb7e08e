//! Simultaneous exhibitions (`simopen`, `simmatch` …): one exhibitor
//! against many players at once, in FICS 1.6.2's manner.
//!
//! An exhibitor turns `simopen` on; a player asks with `simmatch
//! EXHIBITOR`, and the exhibitor takes the board by typing `simmatch
//! PLAYER` in turn. Each board is an ordinary game (unrated, untimed, the
//! exhibitor White), so moves, boards, observers and results are the
//! games' own. What a simul adds is the exhibitor's place: the player's
//! `game` is the board the exhibitor is at (where moves go); after each
//! move the exhibitor walks on to the next board, `simnext`, `simprev`,
//! `goboard NAME` and `gonum N` walk by hand, a player may send the
//! exhibitor on (`simpass`, three times a game), and the exhibitor may
//! abort or adjourn one board or all.

use std::collections::{HashMap, HashSet};

use shakmaty::Color;
use tokio::time::Instant;

use crate::event::{EndKind, Event, Msg};
use crate::msg;
use crate::world::game::{Terms, Viewer};
use crate::world::game_end::End;
use crate::world::{Out, SessionId, World};

/// The most boards one exhibitor may play at once.
pub const MAX_BOARDS: usize = 30;

/// How often a player may send the exhibitor on from one board.
pub const MAX_PASSES: u8 = 3;

/// Every simul of the server.
#[derive(Debug, Default)]
pub struct Simuls {
    /// Who takes simul requests (`simopen`).
    open: HashSet<SessionId>,
    /// Each exhibitor's boards (game numbers), in the order they began.
    boards: HashMap<SessionId, Vec<u32>>,
    /// Requests waiting: (player, exhibitor).
    requests: Vec<(SessionId, SessionId)>,
    /// The passes used on each board.
    passes: HashMap<u32, u8>,
    /// The boards of exhibitors away from a browser, by lower-case name:
    /// their seats wait for them (world/reconnect.rs), and the simul goes
    /// on with the boards still there when they log in again.
    away: HashMap<String, Vec<u32>>,
}

impl Simuls {
    /// The exhibitor of board `no`, if it is a simul board.
    fn exhibitor_of(&self, no: u32) -> Option<SessionId> {
        self.boards
            .iter()
            .find(|(_, b)| b.contains(&no))
            .map(|(id, _)| *id)
    }

    /// How many boards `id` plays as an exhibitor.
    pub fn count(&self, id: SessionId) -> usize {
        self.boards.get(&id).map_or(0, Vec::len)
    }
}

impl World {
    /// `simopen`: turns taking simul requests on or off; returns whether on.
    pub fn simopen(&mut self, me: SessionId) -> Msg {
        if self.simuls.open.remove(&me) {
            self.simuls.requests.retain(|(_, to)| *to != me);
            msg!("simopen-off")
        } else {
            self.simuls.open.insert(me);
            msg!("simopen-on")
        }
    }

    /// `simmatch NAME`: a player asks `NAME` for a board, or the exhibitor
    /// `NAME` asked takes the asker's board.
    pub fn simmatch(
        &mut self,
        me: SessionId,
        target: &str,
        now: Instant,
    ) -> Result<Vec<Event>, Msg> {
        let them = self
            .find(target)
            .map_err(|e| crate::world::watching::find_error(target, e))?;
        let (them, their_name) = (them.id, them.name.clone());
        if them == me {
            return Err(msg!("simul-not-yourself"));
        }
        let my_name = self.name_of(me);
        if let Some(i) = self.simuls.requests.iter().position(|r| *r == (them, me)) {
            self.simuls.requests.remove(i);
            return self.start_board(me, them, now);
        }
        if self.simuls.count(me) > 0 {
            return Err(msg!("simul-giver-cannot-join"));
        }
        if !self.simuls.open.contains(&them) {
            return Err(msg!("simul-not-open", name = &their_name));
        }
        if self.player(me).is_some_and(|p| p.game.is_some()) {
            return Err(msg!("simul-you-are-playing"));
        }
        if !self.simuls.requests.contains(&(me, them)) {
            self.simuls.requests.push((me, them));
        }
        if let Some(p) = self.player(them) {
            p.send_event(Event::line(msg!("simul-request-to-you", name = &my_name)));
        }
        Ok(vec![Event::line(msg!(
            "simul-request-sent",
            name = &their_name
        ))])
    }

    /// The exhibitor `me` takes `player`'s board: a new game, `me` White.
    fn start_board(
        &mut self,
        me: SessionId,
        player: SessionId,
        now: Instant,
    ) -> Result<Vec<Event>, Msg> {
        let giving = self.simuls.count(me);
        let here = self.player(me).and_then(|p| p.game);
        if here.is_some() && giving == 0 {
            return Err(msg!("simul-you-are-playing"));
        }
        if giving >= MAX_BOARDS {
            return Err(msg!("simul-too-many", n = MAX_BOARDS));
        }
        let player_name = self.name_of(player);
        if self.player(player).is_none_or(|p| p.game.is_some()) {
            return Err(msg!("refuse-playing", name = &player_name));
        }
        let terms = Terms {
            minutes: 0,
            inc: 0,
            rated: false,
        };
        let no = self
            .start_game_labelled(me, player, terms, None, now, true)
            .ok_or_else(|| msg!("simul-not-open", name = &player_name))?;
        if let Some(p) = self.player_mut(me) {
            p.game = here.or(Some(no));
        }
        let boards = self.simuls.boards.entry(me).or_default();
        boards.push(no);
        let board = boards.len();
        let my_name = self.name_of(me);
        if let Some(p) = self.player(player) {
            p.send_event(Event::line(msg!("simul-accepted", name = &my_name)));
            p.send_event(Event::line(msg!(
                "simul-your-board",
                name = &my_name,
                board = board,
                no = no
            )));
        }
        Ok(vec![Event::line(msg!(
            "simul-you-accept",
            name = &player_name,
            board = board,
            no = no
        ))])
    }

    /// After the exhibitor's move on board `no`: on to the next board.
    pub(super) fn simul_moved(&mut self, me: SessionId, no: u32, now: Instant) -> Vec<Event> {
        match self.simuls.boards.get(&me) {
            Some(b) if b.len() > 1 && b.contains(&no) => self.walk(me, 1, now),
            _ => Vec::new(),
        }
    }

    /// Moves exhibitor `me` `step` boards on (or back, -1) and shows the board.
    fn walk(&mut self, me: SessionId, step: isize, now: Instant) -> Vec<Event> {
        let Some(boards) = self.simuls.boards.get(&me) else {
            return vec![Event::line(msg!("simul-not-giving"))];
        };
        let here = self.player(me).and_then(|p| p.game);
        let at = here
            .and_then(|no| boards.iter().position(|b| *b == no))
            .unwrap_or(0);
        let len = boards.len() as isize;
        let next = boards[((at as isize + step) % len + len) as usize % boards.len()];
        self.go_to(me, next, now)
    }

    /// Puts exhibitor `me` at board `no`, with its board shown.
    fn go_to(&mut self, me: SessionId, no: u32, now: Instant) -> Vec<Event> {
        let board = self
            .simuls
            .boards
            .get(&me)
            .and_then(|b| b.iter().position(|x| *x == no))
            .map_or(0, |i| i + 1);
        let left = self
            .player(me)
            .and_then(|p| p.game)
            .filter(|old| *old != no)
            .and_then(|old| self.games.get(&old))
            .and_then(|g| g.black.id);
        if let Some(p) = left.and_then(|id| self.player(id)) {
            let giver = self.name_of(me);
            p.send_event(Event::line(msg!("simul-moving-off", name = giver)));
        }
        let Some(game) = self.games.get_mut(&no) else {
            return Vec::new();
        };
        let snap = game.refresh_snapshot(now);
        let opponent = game.black.name.clone();
        if let Some(p) = self.player_mut(me) {
            p.game = Some(no);
        }
        if let Some(p) = self.player(me) {
            p.send(Out::Board {
                board: snap,
                viewer: Viewer::Player(Color::White),
                stored: self.store.last_ticket(),
            });
        }
        vec![Event::line(msg!(
            "simul-now-at",
            board = board,
            name = opponent,
            no = no
        ))]
    }

    /// Before exhibitor `me` answers an offer of `from`: to `from`'s board,
    /// if it is one of `me`'s and not the one `me` stands at.
    pub(super) fn simul_face(
        &mut self,
        me: SessionId,
        from: SessionId,
        now: Instant,
    ) -> Vec<Event> {
        let theirs = self.player(from).and_then(|p| p.game);
        let here = self.player(me).and_then(|p| p.game);
        match theirs {
            Some(no)
                if Some(no) != here
                    && self.simuls.boards.get(&me).is_some_and(|b| b.contains(&no)) =>
            {
                self.go_to(me, no, now)
            }
            _ => Vec::new(),
        }
    }

    /// `simnext` / `simprev`.
    pub fn simul_step(&mut self, me: SessionId, step: isize, now: Instant) -> Vec<Event> {
        self.walk(me, step, now)
    }

    /// `goboard NAME`: to the board of player `NAME`.
    pub fn goboard(&mut self, me: SessionId, name: &str, now: Instant) -> Vec<Event> {
        let Some(boards) = self.simuls.boards.get(&me) else {
            return vec![Event::line(msg!("simul-not-giving"))];
        };
        let lower = name.to_ascii_lowercase();
        let found = boards.iter().copied().find(|no| {
            self.games
                .get(no)
                .is_some_and(|g| g.black.name.to_ascii_lowercase().starts_with(&lower))
        });
        match found {
            Some(no) => self.go_to(me, no, now),
            None => vec![Event::line(msg!("simul-no-board-of", name = name))],
        }
    }

    /// `gonum N`: to the board of game `N`.
    pub fn gonum(&mut self, me: SessionId, no: u32, now: Instant) -> Vec<Event> {
        match self.simuls.boards.get(&me) {
            None => vec![Event::line(msg!("simul-not-giving"))],
            Some(b) if b.contains(&no) => self.go_to(me, no, now),
            Some(_) => vec![Event::line(msg!("simul-no-board-num", no = no))],
        }
    }

    /// `simgames [NAME]`: how many boards someone plays.
    pub fn simgames(&self, name: &str) -> Result<Msg, Msg> {
        let p = self
            .find(name)
            .map_err(|e| crate::world::watching::find_error(name, e))?;
        Ok(match self.simuls.count(p.id) {
            0 => msg!("simgames-none", name = &p.name),
            n => msg!("simgames-count", name = &p.name, n = n),
        })
    }

    /// `simpass`: a player sends the exhibitor, who is at their board on
    /// their move, on to the next board.
    pub fn simpass(&mut self, me: SessionId, now: Instant) -> Result<Vec<Event>, Msg> {
        let no = self
            .player(me)
            .and_then(|p| p.game)
            .ok_or_else(|| msg!("not-playing"))?;
        let ex = self
            .simuls
            .exhibitor_of(no)
            .filter(|ex| *ex != me)
            .ok_or_else(|| msg!("simpass-not-simul"))?;
        let game = self.games.get(&no).ok_or_else(|| msg!("not-playing"))?;
        if game.chess.turn() != Color::Black {
            return Err(msg!("simpass-not-your-move"));
        }
        if self.player(ex).and_then(|p| p.game) != Some(no) {
            return Err(msg!("simpass-not-here"));
        }
        let used = self.simuls.passes.entry(no).or_default();
        if *used >= MAX_PASSES {
            return Err(msg!("simpass-no-more", n = MAX_PASSES));
        }
        *used += 1;
        let left = MAX_PASSES - *used;
        let my_name = self.name_of(me);
        let told = self.walk(ex, 1, now);
        if let Some(p) = self.player(ex) {
            p.send_event(Event::line(msg!("simpass-to-exhibitor", name = &my_name)));
            for e in told {
                p.send_event(e);
            }
        }
        Ok(vec![Event::line(msg!("simpass-done", left = left))])
    }

    /// `simabort` / `simadjourn` (one board: the one the exhibitor is at)
    /// and `simallabort` / `simalladjourn` (every board).
    pub fn simul_end(
        &mut self,
        me: SessionId,
        all: bool,
        adjourn: bool,
        now: Instant,
    ) -> Vec<Event> {
        let Some(boards) = self.simuls.boards.get(&me).cloned() else {
            return vec![Event::line(msg!("simul-not-giving"))];
        };
        let here = self.player(me).and_then(|p| p.game);
        let chosen: Vec<u32> = if all {
            boards
        } else {
            here.into_iter().collect()
        };
        let kind = if adjourn {
            EndKind::SimulAdjourned
        } else {
            EndKind::SimulAborted
        };
        let mut reply = Vec::new();
        for no in chosen {
            if let Some(e) = self.end_game(no, End::of(kind), now, Some(me)) {
                reply.push(e);
            }
        }
        reply
    }

    /// After game `no` ended, with `players` its players: the exhibitor
    /// loses the board, and stands at another one if it was theirs.
    pub(super) fn simul_board_ended(&mut self, no: u32, players: &[SessionId], now: Instant) {
        self.simuls.passes.remove(&no);
        self.simuls.away.retain(|_, boards| {
            boards.retain(|b| *b != no);
            !boards.is_empty()
        });
        let Some(ex) = self.simuls.exhibitor_of(no) else {
            return;
        };
        let Some(boards) = self.simuls.boards.get_mut(&ex) else {
            return;
        };
        let at = boards.iter().position(|b| *b == no).unwrap_or(0);
        boards.retain(|b| *b != no);
        if boards.is_empty() {
            self.simuls.boards.remove(&ex);
            if players.contains(&ex)
                && let Some(p) = self.player(ex)
            {
                p.send_event(Event::line(msg!("simul-over")));
            }
            return;
        }
        let next = boards[at % boards.len()];
        if self.player(ex).is_some_and(|p| p.game.is_none()) {
            let told = self.go_to(ex, next, now);
            if let Some(p) = self.player(ex) {
                for e in told {
                    p.send_event(e);
                }
            }
        }
    }

    /// The exhibitor `me` leaves the server: every board goes as a game
    /// does when its player leaves (adjourned, or waiting for a browser's
    /// reload); the boards that wait are kept for their return.
    pub(super) fn simul_left(&mut self, me: SessionId, now: Instant) {
        self.simuls.open.remove(&me);
        self.simuls
            .requests
            .retain(|(from, to)| *from != me && *to != me);
        let Some(boards) = self.simuls.boards.remove(&me) else {
            return;
        };
        for &no in &boards {
            if let Some(p) = self.player_mut(me) {
                p.game = Some(no);
            }
            self.player_left_game(me, now);
        }
        let Some(p) = self.player_mut(me) else {
            return;
        };
        p.game = None;
        let name = p.name.to_ascii_lowercase();
        let waiting: Vec<u32> = boards
            .into_iter()
            .filter(|no| self.games.get(no).is_some_and(|g| g.white.id.is_none()))
            .collect();
        if !waiting.is_empty() {
            self.simuls.away.insert(name, waiting);
        }
    }

    /// The boards that wait for exhibitor `me`, who has just logged in
    /// again, in the simul's order.
    pub(super) fn simul_away_boards(&self, me: SessionId) -> Vec<u32> {
        self.player(me)
            .and_then(|p| self.simuls.away.get(&p.name.to_ascii_lowercase()))
            .cloned()
            .unwrap_or_default()
    }

    /// Exhibitor `me` logged in again and was seated at their waiting
    /// boards (`rejoin_game`), or took the place of their session
    /// `replaced` (another tab): the simul goes on with the boards still
    /// played, the exhibitor at the first.
    pub(super) fn simul_rejoined(
        &mut self,
        me: SessionId,
        replaced: Option<SessionId>,
        now: Instant,
    ) {
        let Some(name) = self.player(me).map(|p| p.name.to_ascii_lowercase()) else {
            return;
        };
        let taken_over = replaced.and_then(|old| self.simuls.boards.remove(&old));
        let Some(boards) = taken_over.or_else(|| self.simuls.away.remove(&name)) else {
            return;
        };
        let back: Vec<u32> = boards
            .into_iter()
            .filter(|no| self.games.get(no).is_some_and(|g| g.white.id == Some(me)))
            .collect();
        let Some(&first) = back.first() else {
            return;
        };
        tracing::info!(exhibitor = %name, boards = back.len(), "simul taken up again");
        self.simuls.boards.insert(me, back);
        let told = self.go_to(me, first, now);
        if let Some(p) = self.player(me) {
            for e in told {
                p.send_event(e);
            }
        }
    }
}
