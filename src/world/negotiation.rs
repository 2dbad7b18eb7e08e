//! Offers between players, the world's side: what happens when they are
//! accepted, declined, withdrawn or made void, and the offers of a game
//! in progress. Challenges themselves are made in `challenges.rs`.
//!
//! Everything here speaks in events (docs/protocol.md, "Offers"): the
//! pendinfo lines (`<pf>`, `<pt>`, `<pr>`) are events every party gets,
//! which only users with `iset pendinfo 1` see.

use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::event::{Answer, EndKind, Event, GameOffer, Msg};
use crate::msg;
use crate::world::game::Viewer;
use crate::world::game_end::End;
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
    pub(super) fn name_of(&self, id: SessionId) -> String {
        self.player(id).map(|p| p.name.clone()).unwrap_or_default()
    }

    /// Records an offer and tells the receiver (`<pf>`); returns the offer
    /// number and the sender's `<pt>` event.
    pub(super) fn add_offer(
        &mut self,
        from: SessionId,
        to: SessionId,
        kind: OfferKind,
        spaced: bool,
    ) -> (u32, Event) {
        let params = kind.params();
        let terms = kind.card();
        let offer_type = kind.offer_type();
        let id = self.offers.add(from, to, kind);
        if let Some(p) = self.player(to) {
            p.send_event(Event::OfferReceived {
                id,
                from: self.name_of(from),
                kind: offer_type,
                params: params.clone(),
                terms: terms.clone(),
            });
        }
        let pt = Event::OfferSent {
            id,
            to: self.name_of(to),
            kind: offer_type,
            params,
            terms,
            spaced,
        };
        (id, pt)
    }

    /// Removes an offer and tells both parties (`<pr>`). `quiet_for` gets
    /// its event returned instead (it goes in that user's reply).
    pub(super) fn remove_offer(
        &mut self,
        id: u32,
        quiet_for: Option<SessionId>,
        spaced: bool,
    ) -> (Option<Offer>, Vec<Event>) {
        let Some(offer) = self.offers.remove(id) else {
            return (None, Vec::new());
        };
        let mut own = Vec::new();
        for who in [offer.from, offer.to] {
            if Some(who) == quiet_for {
                own.push(Event::OfferRemoved { id, spaced });
            } else if let Some(p) = self.player(who) {
                p.send_event(Event::OfferRemoved { id, spaced: false });
            }
        }
        (Some(offer), own)
    }

    /// Drops an offer that no longer makes sense (its game ended).
    pub fn drop_offer(&mut self, id: u32) {
        self.remove_offer(id, None, false);
    }

    /// Drops every offer a user made or received (they start a game or leave).
    pub fn withdraw_all_offers(&mut self, id: SessionId) {
        for offer in self.offers.involving(id) {
            self.remove_offer(offer, None, false);
        }
    }

    /// A move declines every offer the mover has received (lasker
    /// `process_move`); returns the mover's events about it.
    pub fn decline_offers_to(&mut self, mover: SessionId) -> Vec<Event> {
        let received: Vec<u32> = self
            .offers
            .to(mover)
            .filter(|o| !matches!(o.kind, OfferKind::Match(_)))
            .map(|o| o.id)
            .collect();
        received
            .into_iter()
            .flat_map(|id| self.decline_offer(mover, id))
            .collect()
    }

    /// `me` declines offer `id`: its maker hears it, and so do the
    /// observers of `me`'s game when it was made in one. Returns `me`'s
    /// events.
    fn decline_offer(&mut self, me: SessionId, id: u32) -> Vec<Event> {
        let (Some(offer), pr) = self.remove_offer(id, Some(me), false) else {
            return Vec::new();
        };
        let kind = offer.kind.offer_type();
        let my_name = self.name_of(me);
        if let Some(p) = self.player(offer.from) {
            p.send_event(Event::OfferAnswered {
                by: my_name.clone(),
                kind,
                answer: Answer::Declined,
            });
        }
        if !matches!(offer.kind, OfferKind::Match(_))
            && let Some(no) = self.player(me).and_then(|p| p.game)
        {
            self.tell_observers(
                no,
                Event::OfferDeclinedSeen {
                    game: no,
                    by: my_name,
                    kind,
                },
            );
        }
        let mut reply = vec![Event::line(msg!(
            "offer-you-decline",
            kind = kind.word(),
            name = self.name_of(offer.from)
        ))];
        reply.extend(pr);
        reply
    }

    /// Finds the offer `pick` means among `offers`; errors are reply lines.
    fn pick_offer(
        &self,
        offers: Vec<&Offer>,
        pick: &Pick,
        verb: &'static str,
        received: bool,
    ) -> Result<u32, Vec<Msg>> {
        if offers.is_empty() {
            return Err(vec![if received {
                msg!("offer-none-to", verb = verb)
            } else {
                msg!("offer-none-made")
            }]);
        }
        let other = |o: &Offer| if received { o.from } else { o.to };
        match pick {
            Pick::Only if offers.len() == 1 => Ok(offers[0].id),
            Pick::Only => Err(vec![
                msg!("offer-several", verb = verb),
                msg!("offer-several-how", verb = verb),
            ]),
            Pick::Number(n) => offers
                .iter()
                .find(|o| o.id == *n)
                .map(|o| o.id)
                .ok_or_else(|| vec![msg!("offer-out-of-range")]),
            Pick::Kind(kind) => match offers
                .iter()
                .filter(|o| o.kind.word() == kind)
                .collect::<Vec<_>>()
                .as_slice()
            {
                [one] => Ok(one.id),
                [] => Err(vec![msg!("offer-no-kind", kind = kind, verb = verb)]),
                _ => Err(vec![msg!("offer-several-kind", kind = kind, verb = verb)]),
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
                    [] if received => Err(vec![msg!("offer-none-from-name", name = name)]),
                    [] => Err(vec![msg!("offer-none-to-name", name = name)]),
                    _ => Err(vec![msg!("offer-several-name", name = name, verb = verb)]),
                }
            }
        }
    }

    /// `accept [N|name|t=type]`: returns the reply (errors included).
    pub fn accept(&mut self, me: SessionId, pick: &Pick, now: Instant) -> Vec<Event> {
        let offers: Vec<&Offer> = self.offers.to(me).collect();
        let id = match self.pick_offer(offers, pick, "accept", true) {
            Ok(id) => id,
            Err(lines) => return vec![Event::Lines { lines }],
        };
        self.accept_offer(me, id, now)
    }

    /// Carries out an accepted offer.
    pub fn accept_offer(&mut self, me: SessionId, id: u32, now: Instant) -> Vec<Event> {
        let busy = |w: &World, id| w.player(id).is_some_and(|p| p.game.is_some());
        if let Some(offer) = self.offers.get(id)
            && matches!(offer.kind, OfferKind::Match(_))
            && (busy(self, me) || busy(self, offer.from))
        {
            return vec![Event::line(msg!("accept-while-playing"))];
        }
        let (Some(offer), pr) = self.remove_offer(id, Some(me), true) else {
            return Vec::new();
        };
        let (my_name, their_name) = (self.name_of(me), self.name_of(offer.from));
        let kind = offer.kind.offer_type();
        let mut reply = vec![Event::line(msg!(
            "offer-you-accept",
            kind = kind.word(),
            name = their_name
        ))];
        reply.extend(pr);
        if let Some(p) = self.player(offer.from) {
            p.send_event(Event::OfferAnswered {
                by: my_name,
                kind,
                answer: Answer::Accepted,
            });
        }
        if !matches!(offer.kind, OfferKind::Match(_)) {
            // A simul's exhibitor answers on the board of the one who asked.
            reply.extend(self.simul_face(me, offer.from, now));
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
                            reply.push(Event::line(e));
                        }
                    }
                    None => {
                        self.start_game(white, black, c.terms, c.fen.as_deref(), now);
                    }
                }
            }
            OfferKind::Draw => self.end_own_game(me, EndKind::DrawAgreed, now, &mut reply),
            OfferKind::Abort => self.end_own_game(me, EndKind::AbortAgreed, now, &mut reply),
            OfferKind::Adjourn => self.end_own_game(me, EndKind::AdjournAgreed, now, &mut reply),
            OfferKind::Takeback(n) => self.take_back(me, n, now),
            OfferKind::Switch => reply.extend(self.switch_sides(me, now)),
            OfferKind::Pause => reply.extend(self.pause_game(me, now)),
        }
        reply
    }

    fn end_own_game(&mut self, me: SessionId, kind: EndKind, now: Instant, reply: &mut Vec<Event>) {
        if let Some(no) = self.player(me).and_then(|p| p.game)
            && let Some(event) = self.end_game(no, End::of(kind), now, Some(me))
        {
            reply.push(Event::Blank);
            reply.push(event);
        }
    }

    /// Rolls a game back `n` half-moves and shows everyone the board.
    fn take_back(&mut self, me: SessionId, n: u32, now: Instant) {
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
    }

    /// `decline [N|name|t=type]`.
    pub fn decline(&mut self, me: SessionId, pick: &Pick) -> Vec<Event> {
        let offers: Vec<&Offer> = self.offers.to(me).collect();
        let id = match self.pick_offer(offers, pick, "decline", true) {
            Ok(id) => id,
            Err(lines) => return vec![Event::Lines { lines }],
        };
        self.decline_offer(me, id)
    }

    /// `withdraw [N|name|t=type]`.
    pub fn withdraw(&mut self, me: SessionId, pick: &Pick) -> Vec<Event> {
        let offers: Vec<&Offer> = self.offers.from(me).collect();
        let id = match self.pick_offer(offers, pick, "withdraw", false) {
            Ok(id) => id,
            Err(lines) => return vec![Event::Lines { lines }],
        };
        let (Some(offer), pr) = self.remove_offer(id, Some(me), false) else {
            return Vec::new();
        };
        let kind = offer.kind.offer_type();
        if let Some(p) = self.player(offer.to) {
            p.send_event(Event::OfferAnswered {
                by: self.name_of(me),
                kind,
                answer: Answer::Withdrawn,
            });
        }
        let mut reply = vec![Event::line(msg!(
            "offer-you-withdraw",
            kind = kind.word(),
            name = self.name_of(offer.to)
        ))];
        reply.extend(pr);
        reply
    }

    /// `pending`: offers made and received.
    pub fn pending(&self, me: SessionId) -> Vec<Msg> {
        let mut lines = Vec::new();
        let made: Vec<&Offer> = self.offers.from(me).collect();
        if made.is_empty() {
            lines.push(msg!("pending-none-to"));
        } else {
            lines.push(msg!("pending-to-header"));
            for o in made {
                lines.push(describe(o, "pending-to", self.name_of(o.to)));
            }
            lines.push(msg!("blank"));
            lines.push(msg!("pending-to-how"));
            lines.push(msg!("pending-to-how-only"));
        }
        lines.push(msg!("blank"));
        let received: Vec<&Offer> = self.offers.to(me).collect();
        if received.is_empty() {
            lines.push(msg!("pending-none-from"));
        } else {
            lines.push(msg!("pending-from-header"));
            for o in received {
                lines.push(describe(o, "pending-from", self.name_of(o.from)));
            }
            lines.push(msg!("blank"));
            lines.push(msg!("pending-from-how"));
            lines.push(msg!("pending-from-how-only"));
        }
        lines
    }

    /// A game offer (`draw`, `abort`, `adjourn`, `takeback`) from a player
    /// to their opponent: accepts the opponent's matching offer if there is
    /// one, else makes it. Returns the reply.
    pub fn offer_in_game(&mut self, me: SessionId, kind: OfferKind, now: Instant) -> Vec<Event> {
        let Some(game) = self.game_of(me) else {
            return vec![Event::line(msg!("not-playing"))];
        };
        let Some(color) = game.color_of(me) else {
            return vec![Event::line(msg!("not-playing"))];
        };
        let no = game.no;
        let Some(opponent) = game.seat(!color).id else {
            return vec![Event::line(msg!("opponent-not-here"))];
        };
        if let Some(theirs) = self
            .offers
            .between(opponent, me, kind.offer_type())
            .map(|o| o.id)
        {
            return self.accept_offer(me, theirs, now);
        }
        if let Some(o) = self.offers.between(me, opponent, kind.offer_type()) {
            return vec![Event::line(describe_kind(
                o.id,
                &kind,
                "offer-already",
                String::new(),
            ))];
        }
        let offer = match &kind {
            OfferKind::Draw => GameOffer::Draw,
            OfferKind::Abort => GameOffer::Abort,
            OfferKind::Adjourn => GameOffer::Adjourn,
            OfferKind::Takeback(n) => GameOffer::Takeback { plies: *n },
            OfferKind::Switch => GameOffer::Switch,
            OfferKind::Pause => GameOffer::Pause,
            OfferKind::Match(_) => return Vec::new(),
        };
        let my_name = self.name_of(me);
        if let Some(p) = self.player(opponent) {
            p.send_event(Event::GameOffered {
                game: no,
                from: my_name.clone(),
                offer,
            });
        }
        self.tell_observers(
            no,
            Event::GameOfferSeen {
                game: no,
                from: my_name,
                offer,
            },
        );
        let sent = match offer {
            GameOffer::Draw => msg!("offer-sent-draw"),
            GameOffer::Abort => msg!("offer-sent-abort"),
            GameOffer::Adjourn => msg!("offer-sent-adjourn"),
            GameOffer::Takeback { .. } => msg!("offer-sent-takeback"),
            GameOffer::Switch => msg!("offer-sent-switch"),
            GameOffer::Pause => msg!("offer-sent-pause"),
        };
        let (_, pt) = self.add_offer(me, opponent, kind, false);
        vec![Event::line(sent), pt]
    }
}

/// An offer as `pending` (`prefix` `pending-to`, `pending-from`) or the
/// refusal of a second one (`offer-already`) says it.
fn describe(o: &Offer, prefix: &str, name: String) -> Msg {
    describe_kind(o.id, &o.kind, prefix, name)
}

fn describe_kind(number: u32, kind: &OfferKind, prefix: &str, name: String) -> Msg {
    let id = match (prefix, kind) {
        ("pending-to", OfferKind::Match(_)) => "pending-to-match",
        ("pending-to", OfferKind::Draw) => "pending-to-draw",
        ("pending-to", OfferKind::Abort) => "pending-to-abort",
        ("pending-to", OfferKind::Adjourn) => "pending-to-adjourn",
        ("pending-to", OfferKind::Takeback(_)) => "pending-to-takeback",
        ("pending-to", OfferKind::Switch) => "pending-to-switch",
        ("pending-to", OfferKind::Pause) => "pending-to-pause",
        ("pending-from", OfferKind::Match(_)) => "pending-from-match",
        ("pending-from", OfferKind::Draw) => "pending-from-draw",
        ("pending-from", OfferKind::Abort) => "pending-from-abort",
        ("pending-from", OfferKind::Adjourn) => "pending-from-adjourn",
        ("pending-from", OfferKind::Takeback(_)) => "pending-from-takeback",
        ("pending-from", OfferKind::Switch) => "pending-from-switch",
        ("pending-from", OfferKind::Pause) => "pending-from-pause",
        (_, OfferKind::Match(_)) => "offer-already-match",
        (_, OfferKind::Draw) => "offer-already-draw",
        (_, OfferKind::Abort) => "offer-already-abort",
        (_, OfferKind::Adjourn) => "offer-already-adjourn",
        (_, OfferKind::Takeback(_)) => "offer-already-takeback",
        (_, OfferKind::Switch) => "offer-already-switch",
        (_, OfferKind::Pause) => "offer-already-pause",
    };
    let m = Msg::new(id).with("id", number).with("name", name);
    match kind {
        OfferKind::Match(c) => m.with("text", &c.text),
        OfferKind::Takeback(n) => m.with("plies", *n),
        _ => m,
    }
}

impl World {
    /// Tells the observers of game `no` (not its players) one event.
    fn tell_observers(&self, no: u32, event: Event) {
        let event = Arc::new(event);
        if let Some(game) = self.games.get(&no) {
            for p in game.observers.iter().filter_map(|&o| self.player(o)) {
                p.share(&event);
            }
        }
    }
}
