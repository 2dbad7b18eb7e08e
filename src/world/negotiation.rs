//! Offers between players, the world's side: what happens when they are
//! accepted, declined, withdrawn or made void, and the offers of a game
//! in progress. Challenges themselves are made in `challenges.rs`.
//!
//! Wording follows the spec (§4.1–4.3, §5.6); the pendinfo lines (`<pf>`,
//! `<pt>`, `<pr>`) go to users with `iset pendinfo 1`.

use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::settings::ivars::Ivar;
use crate::world::game::Viewer;
use crate::world::games::End;
use crate::world::offers::{Offer, OfferKind};
use crate::world::{Out, SessionId, World};

/// Which offer `accept`, `decline` or `withdraw` means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pick {
    /// The only one there is.
    Only,
    Number(u32),
    Name(String),
    Kind(String),
}

impl Pick {
    /// Reads `N`, `name` or `t=type` (empty = the only one).
    pub fn parse(arg: &str) -> Pick {
        let arg = arg.trim();
        if arg.is_empty() {
            Pick::Only
        } else if let Ok(n) = arg.parse() {
            Pick::Number(n)
        } else if let Some(kind) = arg.strip_prefix("t=") {
            Pick::Kind(kind.to_ascii_lowercase())
        } else {
            Pick::Name(arg.to_string())
        }
    }
}

impl World {
    pub(super) fn pendinfo(&self, id: SessionId) -> bool {
        self.player(id).is_some_and(|p| p.ivars.get(Ivar::PENDINFO))
    }

    pub(super) fn name_of(&self, id: SessionId) -> String {
        self.player(id).map(|p| p.name.clone()).unwrap_or_default()
    }

    /// Records an offer and tells the receiver's client (`<pf>`); returns
    /// the offer number and the `<pt>` line for the sender, if they want it.
    pub(super) fn add_offer(
        &mut self,
        from: SessionId,
        to: SessionId,
        kind: OfferKind,
    ) -> (u32, Option<String>) {
        let params = kind.params();
        let word = kind.word();
        let id = self.offers.add(from, to, kind);
        if self.pendinfo(to) {
            let line = format!("<pf> {id} w={} t={word} p={params}\n", self.name_of(from));
            if let Some(p) = self.player(to) {
                p.send_text(line);
            }
        }
        let pt = self
            .pendinfo(from)
            .then(|| format!("<pt> {id} w={} t={word} p={params}\n", self.name_of(to)));
        (id, pt)
    }

    /// Removes an offer and tells both clients (`<pr>`). `quiet_for` gets
    /// its `<pr>` line returned instead (it goes in that user's reply).
    pub(super) fn remove_offer(
        &mut self,
        id: u32,
        quiet_for: Option<SessionId>,
    ) -> (Option<Offer>, String) {
        let Some(offer) = self.offers.remove(id) else {
            return (None, String::new());
        };
        let mut own = String::new();
        for who in [offer.from, offer.to] {
            if !self.pendinfo(who) {
                continue;
            }
            let line = format!("<pr> {id}\n");
            if Some(who) == quiet_for {
                own = line;
            } else if let Some(p) = self.player(who) {
                p.send_text(line);
            }
        }
        (Some(offer), own)
    }

    /// Drops an offer that no longer makes sense (its game ended).
    pub fn drop_offer(&mut self, id: u32) {
        self.remove_offer(id, None);
    }

    /// Drops every offer a user made or received (they start a game or leave).
    pub fn withdraw_all_offers(&mut self, id: SessionId) {
        for offer in self.offers.involving(id) {
            self.remove_offer(offer, None);
        }
    }

    /// A move declines every offer the mover has received (lasker
    /// `process_move`); returns the mover's lines about it.
    pub fn decline_offers_to(&mut self, mover: SessionId) -> String {
        let received: Vec<u32> = self
            .offers
            .to(mover)
            .filter(|o| !matches!(o.kind, OfferKind::Match(_)))
            .map(|o| o.id)
            .collect();
        received
            .into_iter()
            .map(|id| self.decline_offer(mover, id))
            .collect()
    }

    /// `me` declines offer `id`: its maker hears it, and so do the
    /// observers of `me`'s game when it was made in one. Returns `me`'s
    /// lines.
    fn decline_offer(&mut self, me: SessionId, id: u32) -> String {
        let (Some(offer), pr) = self.remove_offer(id, Some(me)) else {
            return String::new();
        };
        let noun = offer.kind.request_noun();
        let my_name = self.name_of(me);
        if let Some(p) = self.player(offer.from) {
            p.send_text(format!("{my_name} declines the {noun}.\n"));
        }
        if !matches!(offer.kind, OfferKind::Match(_))
            && let Some(no) = self.player(me).and_then(|p| p.game)
        {
            self.tell_observers(no, format!("Game {no}: {my_name} declines the {noun}.\n"));
        }
        format!(
            "You decline the {noun} from {}.\n{pr}",
            self.name_of(offer.from)
        )
    }

    /// Finds the offer `pick` means among `offers`; errors are reply lines.
    fn pick_offer(
        &self,
        offers: Vec<&Offer>,
        pick: &Pick,
        verb: &str,
        received: bool,
    ) -> Result<u32, String> {
        let none = if received {
            format!("You have no offers to {verb}.")
        } else {
            "You have no pending offers to other players.".to_string()
        };
        if offers.is_empty() {
            return Err(none);
        }
        let other = |o: &Offer| if received { o.from } else { o.to };
        match pick {
            Pick::Only if offers.len() == 1 => Ok(offers[0].id),
            Pick::Only => Err(format!(
                "You have more than one offer to {verb}.\nUse \"pending\" to see them and \"{verb} n\" to choose which one."
            )),
            Pick::Number(n) => offers
                .iter()
                .find(|o| o.id == *n)
                .map(|o| o.id)
                .ok_or_else(|| {
                    "Out of range. Use \"pending\" to see the list of offers.".to_string()
                }),
            Pick::Kind(kind) => match offers
                .iter()
                .filter(|o| o.kind.word() == kind)
                .collect::<Vec<_>>()
                .as_slice()
            {
                [one] => Ok(one.id),
                [] => Err(format!("There are no {kind} offers to {verb}.")),
                _ => Err(format!(
                    "You have more than one {kind} offer; use \"{verb} n\"."
                )),
            },
            Pick::Name(name) => {
                let lower = name.to_ascii_lowercase();
                let found: Vec<u32> = offers
                    .iter()
                    .filter(|o| {
                        self.name_of(other(o))
                            .to_ascii_lowercase()
                            .starts_with(&lower)
                    })
                    .map(|o| o.id)
                    .collect();
                match found.as_slice() {
                    [one] => Ok(*one),
                    [] if received => Err(format!("There are no offers pending from {name}.")),
                    [] => Err(format!("There are no offers pending to {name}.")),
                    _ => Err(format!(
                        "You have more than one offer involving {name}; use \"{verb} n\"."
                    )),
                }
            }
        }
    }

    /// `accept [N|name|t=type]`: returns the reply (errors included).
    pub fn accept(&mut self, me: SessionId, pick: &Pick, now: Instant) -> String {
        let offers: Vec<&Offer> = self.offers.to(me).collect();
        let id = match self.pick_offer(offers, pick, "accept", true) {
            Ok(id) => id,
            Err(e) => return format!("{e}\n"),
        };
        self.accept_offer(me, id, now)
    }

    /// Carries out an accepted offer.
    pub fn accept_offer(&mut self, me: SessionId, id: u32, now: Instant) -> String {
        let busy = |w: &World, id| w.player(id).is_some_and(|p| p.game.is_some());
        if let Some(offer) = self.offers.get(id)
            && matches!(offer.kind, OfferKind::Match(_))
            && (busy(self, me) || busy(self, offer.from))
        {
            return "You can't accept a challenge while a game is in progress.\n".into();
        }
        let (Some(offer), pr) = self.remove_offer(id, Some(me)) else {
            return String::new();
        };
        let (my_name, their_name) = (self.name_of(me), self.name_of(offer.from));
        let noun = offer.kind.request_noun();
        let mut reply = format!("You accept the {noun} from {their_name}.\n");
        if !pr.is_empty() {
            reply.push('\n');
            reply.push_str(&pr);
        }
        if let Some(p) = self.player(offer.from) {
            p.send_text(format!("{my_name} accepts the {noun}.\n"));
        }
        match offer.kind {
            OfferKind::Match(c) => {
                let (white, black) = match c.color {
                    Some(Color::White) => (offer.from, me),
                    Some(Color::Black) => (me, offer.from),
                    None => self.balance_colors(offer.from, me),
                };
                match c.resume {
                    Some(id) => {
                        if let Err(e) = self.resume_game(id, now) {
                            reply.push_str(&format!("{e}\n"));
                        }
                    }
                    None => {
                        self.start_game(white, black, c.terms, c.fen.as_deref(), now);
                    }
                }
            }
            OfferKind::Draw => self.end_own_game(
                me,
                End::finished("Game drawn by mutual agreement".into(), "1/2-1/2", "Agr"),
                now,
                &mut reply,
            ),
            OfferKind::Abort => self.end_own_game(
                me,
                End::aborted("Game aborted by mutual agreement".into()),
                now,
                &mut reply,
            ),
            OfferKind::Adjourn => self.end_own_game(
                me,
                End::adjourned("Game adjourned by mutual agreement".into()),
                now,
                &mut reply,
            ),
            OfferKind::Takeback(n) => self.take_back(me, n, now, &mut reply),
        }
        reply
    }

    fn end_own_game(&mut self, me: SessionId, end: End, now: Instant, reply: &mut String) {
        if let Some(no) = self.player(me).and_then(|p| p.game)
            && let Some(text) = self.end_game(no, end, now, Some(me))
        {
            reply.push('\n');
            reply.push_str(&text);
        }
    }

    /// Rolls a game back `n` half-moves and shows everyone the board.
    fn take_back(&mut self, me: SessionId, n: u32, now: Instant, reply: &mut String) {
        let Some(no) = self.player(me).and_then(|p| p.game) else {
            return;
        };
        let Some(game) = self.games.get_mut(&no) else {
            return;
        };
        let n = n.min(game.plies() as u32);
        game.chess.takeback(n as usize);
        game.times.truncate(game.plies());
        game.clock.take_back(n, now);
        let plies = game.plies() as u32;
        let db_id = game.db_id;
        // Moves the game kept while the queue was full go first, so that
        // the takeback cuts them too.
        crate::world::saving::save_unsaved(&self.store, game);
        self.store.write("take back", move |c| {
            crate::store::games::truncate_moves(c, db_id, plies)
        });
        let snap = game.refresh_snapshot(now);
        let audience: Vec<(SessionId, Viewer)> = game.audience().collect();
        for (who, viewer) in audience {
            if let Some(p) = self.player(who) {
                p.send(Out::Board {
                    board: snap.clone(),
                    viewer,
                    stored: self.store.last_ticket(),
                });
            }
        }
        self.arm_flag(no);
        let _ = reply;
    }

    /// `decline [N|name|t=type]`.
    pub fn decline(&mut self, me: SessionId, pick: &Pick) -> String {
        let offers: Vec<&Offer> = self.offers.to(me).collect();
        let id = match self.pick_offer(offers, pick, "decline", true) {
            Ok(id) => id,
            Err(e) => return format!("{e}\n"),
        };
        self.decline_offer(me, id)
    }

    /// `withdraw [N|name|t=type]`.
    pub fn withdraw(&mut self, me: SessionId, pick: &Pick) -> String {
        let offers: Vec<&Offer> = self.offers.from(me).collect();
        let id = match self.pick_offer(offers, pick, "withdraw", false) {
            Ok(id) => id,
            Err(e) => return format!("{e}\n"),
        };
        let (Some(offer), pr) = self.remove_offer(id, Some(me)) else {
            return String::new();
        };
        let noun = offer.kind.request_noun();
        if let Some(p) = self.player(offer.to) {
            p.send_text(format!("{} withdraws the {noun}.\n", self.name_of(me)));
        }
        format!(
            "You withdraw the {noun} to {}.\n{pr}",
            self.name_of(offer.to)
        )
    }

    /// `pending`: offers made and received.
    pub fn pending(&self, me: SessionId) -> String {
        let mut s = String::new();
        let made: Vec<&Offer> = self.offers.from(me).collect();
        if made.is_empty() {
            s.push_str("There are no offers pending TO other players.\n");
        } else {
            s.push_str("Offers TO other players:\n");
            for o in made {
                s.push_str(&format!(
                    " {}: You are offering {} {}\n",
                    o.id,
                    self.name_of(o.to),
                    o.kind.describe()
                ));
            }
            s.push_str("\nIf you wish to withdraw any of these offers type 'withdraw n'\nor just 'withdraw' if there is only one offer.\n");
        }
        s.push('\n');
        let received: Vec<&Offer> = self.offers.to(me).collect();
        if received.is_empty() {
            s.push_str("There are no offers pending FROM other players.\n");
        } else {
            s.push_str("Offers FROM other players:\n");
            for o in received {
                s.push_str(&format!(
                    " {}: {} is offering {}\n",
                    o.id,
                    self.name_of(o.from),
                    o.kind.describe()
                ));
            }
            s.push_str("\nIf you wish to accept any of these offers type 'accept n'\nor just 'accept' if there is only one offer.\n");
        }
        s
    }

    /// A game offer (`draw`, `abort`, `adjourn`, `takeback`) from a player
    /// to their opponent: accepts the opponent's matching offer if there is
    /// one, else makes it. Returns the reply.
    pub fn offer_in_game(&mut self, me: SessionId, kind: OfferKind, now: Instant) -> String {
        let Some(game) = self.game_of(me) else {
            return "You are not playing a game.\n".into();
        };
        let Some(color) = game.color_of(me) else {
            return "You are not playing a game.\n".into();
        };
        let no = game.no;
        let Some(opponent) = game.seat(!color).id else {
            return "Your opponent is not here.\n".into();
        };
        if let Some(theirs) = self
            .offers
            .between(opponent, me, kind.offer_type())
            .map(|o| o.id)
        {
            return self.accept_offer(me, theirs, now);
        }
        if self
            .offers
            .between(me, opponent, kind.offer_type())
            .is_some()
        {
            return format!("You are already offering {}\n", kind.describe());
        }
        let my_name = self.name_of(me);
        let (to_opponent, to_observers, sent) = match &kind {
            OfferKind::Draw => (
                format!("{my_name} offers you a draw.\n"),
                format!("Game {no}: {my_name} offers a draw.\n"),
                "Draw request sent.\n",
            ),
            OfferKind::Abort => (
                format!("{my_name} would like to abort the game; type \"abort\" to accept.\n"),
                format!("Game {no}: {my_name} requests to abort the game.\n"),
                "Abort request sent.\n",
            ),
            OfferKind::Adjourn => (
                format!("{my_name} would like to adjourn the game; type \"adjourn\" to accept.\n"),
                format!("Game {no}: {my_name} requests to adjourn the game.\n"),
                "Adjourn request sent.\n",
            ),
            OfferKind::Takeback(n) => (
                format!("{my_name} would like to take back {n} half move(s).\n"),
                format!("Game {no}: {my_name} requests to take back {n} half move(s).\n"),
                "Takeback request sent.\n",
            ),
            OfferKind::Match(_) => return String::new(),
        };
        if let Some(p) = self.player(opponent) {
            p.send_text(to_opponent);
        }
        self.tell_observers(no, to_observers);
        let (_, pt) = self.add_offer(me, opponent, kind);
        let mut reply = sent.to_string();
        if let Some(pt) = pt {
            reply.push_str(&pt);
        }
        reply
    }
}

impl World {
    /// Tells the observers of game `no` (not its players) one line.
    fn tell_observers(&self, no: u32, line: impl Into<Arc<str>>) {
        let line = line.into();
        if let Some(game) = self.games.get(&no) {
            for p in game.observers.iter().filter_map(|&o| self.player(o)) {
                p.send_text(line.clone());
            }
        }
    }
}
