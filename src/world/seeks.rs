//! Seeks: open invitations that anyone suitable can answer (docs/protocol.md §3).
//!
//! A seek is shown to users with `set seek 1` who are not playing, whose
//! rating is in its range, and (for a seek marked `f`) whom the seeker's
//! formula accepts. GUIs with `iset seekinfo 1` get `<s>` lines instead of
//! the text ad, and removals as `<sr>`; `iset seekremove 1` alone gets
//! `Ads removed:`.

use std::collections::BTreeMap;

use shakmaty::Color;
use tokio::time::Instant;

use std::sync::Arc;

use crate::chess::{StartPosition, Variant};
use crate::event::{Event, Msg, Refusal, SeekAd};
use crate::msg;
use crate::settings::ivars::Ivar;
use crate::settings::vars::Switch;
use crate::world::challenges::MatchRequest;
use crate::world::game::Terms;
use crate::world::{Player, SessionId, World};

/// Seeks one user may have at once.
pub const MAX_SEEKS: usize = 3;

/// One seek.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seek {
    pub id: u32,
    pub owner: SessionId,
    pub terms: Terms,
    /// The colour the seeker wants.
    pub color: Option<Color>,
    /// `m`: answering it only sends the seeker a challenge.
    pub manual: bool,
    /// `f`: the seeker's formula decides who may answer.
    pub formula: bool,
    /// Ratings that may answer, inclusive.
    pub range: (u32, u32),
    /// Atomic or Atomic960: a seek is only ever answered by a game of its
    /// own variant.
    pub variant: Variant,
    /// The Atomic960 start asked for (`seek 3 0 atomic960 N`); `None`: one
    /// drawn when the game starts.
    pub start: Option<StartPosition>,
}

impl Seek {
    /// Same game on offer (everything but the range).
    fn same_offer(&self, other: &Seek) -> bool {
        self.terms == other.terms
            && self.color == other.color
            && self.manual == other.manual
            && self.formula == other.formula
            && self.variant == other.variant
            && self.start == other.start
    }

    /// Whether two seeks ask for the same game: the same terms and
    /// variant, and starts that agree (one of them may leave it to
    /// chance). Atomic never matches Atomic960.
    fn same_game(&self, other: &Seek) -> bool {
        self.terms == other.terms
            && self.variant == other.variant
            && (self.start.is_none() || other.start.is_none() || self.start == other.start)
    }

    /// The start FEN of the game that answers this seek: none for atomic,
    /// the chosen (or a random) Chess960 start for Atomic960, Shredder-FEN
    /// as the store keeps it (docs/atomic960.md).
    fn start_fen(&self) -> Option<String> {
        match self.variant {
            Variant::Atomic => None,
            Variant::Atomic960 => Some(
                self.start
                    .unwrap_or_else(StartPosition::random)
                    .shredder_fen(),
            ),
        }
    }
}

/// Every seek, by its number.
#[derive(Debug, Default)]
pub struct Seeks {
    by_id: BTreeMap<u32, Seek>,
}

impl Seeks {
    pub fn get(&self, id: u32) -> Option<&Seek> {
        self.by_id.get(&id)
    }

    pub fn all(&self) -> impl Iterator<Item = &Seek> {
        self.by_id.values()
    }

    pub fn of(&self, owner: SessionId) -> impl Iterator<Item = &Seek> {
        self.by_id.values().filter(move |s| s.owner == owner)
    }

    /// The lowest free number.
    fn free_id(&self) -> u32 {
        (1..)
            .find(|n| !self.by_id.contains_key(n))
            .unwrap_or(u32::MAX)
    }
}

/// A seek as the `seek` command asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeekRequest {
    pub terms: Terms,
    pub color: Option<Color>,
    pub manual: bool,
    pub formula: bool,
    pub range: (u32, u32),
    pub variant: Variant,
    pub start: Option<StartPosition>,
}

impl World {
    /// A seek as its ad and its `<s>` line show it.
    fn seek_ad(&self, s: &Seek) -> Option<SeekAd> {
        let p = self.player(s.owner)?;
        Some(SeekAd {
            id: s.id,
            name: p.name.clone(),
            display_name: p.display_name(),
            title_flags: u32::from(p.titles.flags()),
            rating: p.rating_display_in(s.variant).parenthesised(),
            seekinfo_rating: p.rating_display_in(s.variant).seekinfo(),
            terms: s.terms.view(),
            color: s.color.map(|c| if c == Color::White { 'W' } else { 'B' }),
            manual: s.manual,
            formula: s.formula,
            range: s.range,
            variant: s.variant.word(),
            start: s.start.map(StartPosition::number),
        })
    }

    /// Whether `viewer` may see (and answer) a seek.
    fn seek_fits(&self, s: &Seek, viewer: &Player) -> bool {
        let Some(owner) = self.player(s.owner) else {
            return false;
        };
        let rating = viewer.rating_number().max(0) as u32;
        if viewer.game.is_some() || (s.terms.rated && !viewer.is_registered()) {
            return false;
        }
        if rating < s.range.0
            || rating > s.range.1
            || self.refuses_games_with(s.owner, viewer.id).is_some()
            || self.computer_refusal(s.owner, viewer.id, s.terms).is_some()
        {
            return false;
        }
        !s.formula
            || crate::formula::accepts(
                &owner.formulas(),
                &self.offer_facts(owner, viewer, s.terms, s.variant),
            )
    }

    /// Shows a new seek to everyone it is for; returns how many saw it.
    fn announce_seek(&self, s: &Seek) -> usize {
        let Some(ad) = self.seek_ad(s) else {
            return 0;
        };
        let ad = Arc::new(ad);
        let theirs = Arc::new(Event::SeekPosted {
            ad: ad.clone(),
            own: false,
        });
        let mut seen = 0;
        for p in self.players() {
            if p.id == s.owner {
                if p.ivars.get(Ivar::SHOWOWNSEEK) || p.vars.switch(Switch::Showownseek) {
                    p.send_event(Event::SeekPosted {
                        ad: ad.clone(),
                        own: true,
                    });
                }
                continue;
            }
            if !p.vars.switch(Switch::Seek) || !self.seek_fits(s, p) {
                continue;
            }
            seen += 1;
            p.share(&theirs);
        }
        seen
    }

    /// Removes seeks and tells the clients that follow seeks.
    pub fn remove_seeks(&mut self, ids: &[u32]) {
        if ids.is_empty() {
            return;
        }
        for id in ids {
            self.seeks.by_id.remove(id);
        }
        let gone = Arc::new(Event::SeeksRemoved { ids: ids.to_vec() });
        for p in self.players() {
            // Who follows removals is the world's to know; how they read
            // them (`<sr>` or `Ads removed:`) is the renderer's.
            if p.ivars.get(Ivar::SEEKREMOVE) {
                p.share(&gone);
            }
        }
    }

    /// Removes every seek of a user (they start a game or leave).
    pub fn remove_seeks_of(&mut self, owner: SessionId) {
        let ids: Vec<u32> = self.seeks.of(owner).map(|s| s.id).collect();
        self.remove_seeks(&ids);
    }

    /// Every seek `viewer` may answer, and their own with `showownseek`,
    /// for a client that just turned seekinfo on (its `<sc>`, then one
    /// `<s>` or `<sn>` each).
    pub fn seekinfo_snapshot(&self, viewer: SessionId) -> Vec<Event> {
        let Some(me) = self.player(viewer) else {
            return Vec::new();
        };
        let own_too = me.ivars.get(Ivar::SHOWOWNSEEK) || me.vars.switch(Switch::Showownseek);
        let mut events = Vec::new();
        for s in self.seeks.all() {
            // Others' seeks that suit me, mine as my own (as
            // `announce_seek` sends them).
            let own = s.owner == viewer;
            let shown = if own { own_too } else { self.seek_fits(s, me) };
            if let (true, Some(ad)) = (shown, self.seek_ad(s)) {
                events.push(Event::SeekPosted {
                    ad: Arc::new(ad),
                    own,
                });
            }
        }
        events
    }

    /// `seek`: posts a seek, or plays at once when it matches one already posted.
    pub fn post_seek(&mut self, owner: SessionId, req: SeekRequest, now: Instant) -> Vec<Event> {
        let Some(me) = self.player(owner) else {
            return Vec::new();
        };
        if me.game.is_some() {
            return say(msg!("seek-while-playing"));
        }
        if let Some(refusal) = self.computer_seek_refusal(owner, req.terms) {
            return vec![Event::Refused(refusal)];
        }
        let mut seek = Seek {
            id: 0,
            owner,
            terms: req.terms,
            color: req.color,
            manual: req.manual,
            formula: req.formula,
            range: req.range,
            variant: req.variant,
            start: req.start,
        };
        let mine: Vec<Seek> = self.seeks.of(owner).cloned().collect();
        if let Some(same) = mine.iter().find(|s| s.same_offer(&seek)) {
            if same.range == seek.range {
                return say(msg!("seek-same"));
            }
            if let Some(s) = self.seeks.by_id.get_mut(&same.id) {
                s.range = seek.range;
            }
            return say(msg!(
                "seek-range-updated",
                index = same.id,
                low = seek.range.0,
                high = seek.range.1
            ));
        }
        if mine.len() >= MAX_SEEKS {
            return say(msg!("seek-too-many", n = MAX_SEEKS));
        }
        // A seek already posted that fits this one both ways: play it.
        let matching = self.seeks.all().find(|other| {
            other.owner != owner
                && other.same_game(&seek)
                && (other.color.is_none() || seek.color.is_none() || other.color != seek.color)
                && self.seek_fits(other, me)
                && self
                    .player(other.owner)
                    .is_some_and(|o| self.seek_fits(&seek, o))
        });
        if let Some(other) = matching.cloned() {
            let name = self
                .player(other.owner)
                .map(|p| p.name.clone())
                .unwrap_or_default();
            let mut reply = say(msg!("seek-matches", name = name));
            // The posted seek's start, or this one's if it chose one.
            let other = Seek {
                start: other.start.or(seek.start),
                ..other
            };
            reply.extend(self.answer_seek(owner, &other, now));
            return reply;
        }
        seek.id = self.seeks.free_id();
        self.seeks.by_id.insert(seek.id, seek.clone());
        let seen = self.announce_seek(&seek);
        vec![Event::Lines {
            lines: vec![
                msg!("seek-posted", index = seek.id),
                msg!("seek-seen", n = seen),
            ],
        }]
    }

    /// Answers a seek: a challenge for a manual seek, else the game starts.
    fn answer_seek(&mut self, me: SessionId, seek: &Seek, now: Instant) -> Vec<Event> {
        let my_color = seek.color.map(|c| !c);
        let fen = seek.start_fen();
        if seek.manual {
            let req = MatchRequest {
                terms: seek.terms,
                color: my_color,
                fen,
                resume: None,
                variant: seek.variant,
            };
            let mut reply = say(msg!("seek-manual"));
            match self.challenge(me, seek.owner, req, now) {
                Ok(events) => reply.extend(events),
                Err(e) => reply.push(Event::Refused(e)),
            }
            return reply;
        }
        let my_name = self.player(me).map(|p| p.name.clone()).unwrap_or_default();
        if let Some(p) = self.player(seek.owner) {
            p.send_event(Event::line(msg!("seek-accepted", name = my_name)));
        }
        let (white, black) = match seek.color {
            Some(Color::White) => (seek.owner, me),
            Some(Color::Black) => (me, seek.owner),
            None => self.balance_colors(me, seek.owner),
        };
        self.start_game(white, black, seek.terms, fen.as_deref(), now);
        Vec::new()
    }

    /// `play N` or `play name`.
    pub fn play_seek(&mut self, me: SessionId, arg: &str, now: Instant) -> Vec<Event> {
        let arg = arg.trim();
        let id = match arg.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => match self.find(arg) {
                Ok(p) => {
                    let theirs: Vec<u32> = self.seeks.of(p.id).map(|s| s.id).collect();
                    match theirs.as_slice() {
                        [one] => Some(*one),
                        [] => None,
                        _ => {
                            return say(msg!("play-several-seeks", name = &p.name));
                        }
                    }
                }
                Err(_) => None,
            },
        };
        let Some(seek) = id.and_then(|id| self.seeks.get(id)).cloned() else {
            return say(msg!("play-not-available"));
        };
        let Some(my) = self.player(me) else {
            return Vec::new();
        };
        if seek.owner == me {
            return say(msg!("play-own-seek"));
        }
        if my.game.is_some() {
            return say(msg!("play-while-playing"));
        }
        // As in FICS (docs/protocol.md §7): bots seek, or answer challenges; they do
        // not take people's seeks, which are meant for whoever is there.
        if my.titles.computer {
            return say(msg!("play-computer"));
        }
        if seek.terms.rated && !my.is_registered() {
            return vec![Event::Refused(Refusal::RatedNeedsRegistration)];
        }
        if let Some(refusal) = self.refuses_games_with(seek.owner, me) {
            return vec![Event::Refused(refusal)];
        }
        if let Some(refusal) = self.computer_refusal(seek.owner, me, seek.terms) {
            return vec![Event::Refused(refusal)];
        }
        let rating = my.rating_number().max(0) as u32;
        if rating < seek.range.0 || rating > seek.range.1 {
            return say(msg!("play-out-of-range"));
        }
        if seek.formula
            && let Some(refusal) = self.formula_refusal(seek.owner, me, seek.terms, seek.variant)
        {
            return vec![Event::Refused(refusal)];
        }
        self.answer_seek(me, &seek, now)
    }

    /// `sought [all]`: the open seeks (docs/protocol.md §3.3).
    pub fn sought(&self, viewer: SessionId, all: bool) -> Vec<Msg> {
        let Some(me) = self.player(viewer) else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        let mut n = 0;
        for s in self.seeks.all() {
            if !all && s.owner != viewer && !self.seek_fits(s, me) {
                continue;
            }
            let Some(p) = self.player(s.owner) else {
                continue;
            };
            let color = match s.color {
                Some(Color::White) => "[white]  ",
                Some(Color::Black) => "[black]  ",
                None => "         ",
            };
            let flags = match (s.manual, s.formula) {
                (true, true) => " mf",
                (true, false) => " m",
                (false, true) => " f",
                (false, false) => "",
            };
            // A row of a table: data laid out in columns, not a sentence.
            lines.push(msg!(
                "raw",
                text = format!(
                    "{:3} {:>4} {:<17} {:3} {:3} {:<7} {:<10}{color} {:4}-{:4}{flags}",
                    s.id,
                    p.rating_text(),
                    p.display_name(),
                    s.terms.minutes,
                    s.terms.inc,
                    s.terms.rated_word(),
                    s.variant.word(),
                    s.range.0,
                    s.range.1
                )
            ));
            n += 1;
        }
        lines.push(msg!("sought-count", n = n));
        lines
    }

    /// `unseek [N]`.
    pub fn unseek(&mut self, me: SessionId, which: Option<u32>) -> Msg {
        let mine: Vec<u32> = self
            .seeks
            .of(me)
            .map(|s| s.id)
            .filter(|id| which.is_none_or(|w| w == *id))
            .collect();
        if mine.is_empty() {
            return match which {
                Some(n) => msg!("unseek-no-such", index = n),
                None => msg!("unseek-none"),
            };
        }
        self.remove_seeks(&mine);
        match which {
            Some(n) => msg!("unseek-one", index = n),
            None => msg!("unseek-all"),
        }
    }
}

/// A reply of one line.
fn say(m: Msg) -> Vec<Event> {
    vec![Event::line(m)]
}
