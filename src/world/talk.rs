//! Talk state in the world: each player's lists, last tell and rate limit;
//! who may use which channel; the shout quota; and the lines others see when
//! someone arrives or leaves (`pin`, `pinform`, `iset pin`, `notify`).
//!
//! Everything here runs under the world lock and only queues text in
//! outboxes; the commands that use it are in `commands::talk` and
//! `commands::lists`.

use std::collections::HashMap;
use std::time::Instant;

use super::flood::{Quota, RateLimit, SHOUT_INTERVAL};
use super::{Player, SessionId, World};
use crate::account::Titles;
use crate::event::{Event, Msg, Presence};
use crate::msg;
use crate::settings::ivars::Ivar;
use crate::settings::lists::Lists;
pub use crate::settings::lists::{GUEST_START, GUEST_TALK};
use crate::settings::vars::Switch;

/// A player's talk state.
#[derive(Debug, Default)]
pub struct Talk {
    /// Channels and the notify, censor and noplay lists.
    pub lists: Lists,
    /// The name `.` tells to (set by `tell name`, not by `xtell`).
    pub last_tell: Option<String>,
    /// The channel `,` tells to.
    pub last_channel: Option<u8>,
    /// Talk lines of this session (docs/protocol.md §6.2: 10 lines in 5 seconds).
    pub flood: RateLimit,
}

impl Talk {
    pub fn new(lists: Lists) -> Talk {
        Talk {
            lists,
            ..Talk::default()
        }
    }
}

/// The login notice of waiting messages (none when there are none).
pub fn new_messages_notice(n: i64) -> Option<Msg> {
    (n > 0).then(|| msg!("messages-new", n = n))
}

/// Who may join and talk in a restricted channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Members {
    Admins,
}

/// Channels not everyone may join or talk in.
const RESTRICTED: &[(u8, Members)] = &[(0, Members::Admins)];

fn restriction(channel: u8) -> Option<Members> {
    RESTRICTED
        .iter()
        .find(|(c, _)| *c == channel)
        .map(|(_, m)| *m)
}

fn allowed(members: Members, titles: &Titles) -> bool {
    match members {
        Members::Admins => titles.admin,
    }
}

/// May this user join the channel? Err is the reply line.
pub fn may_join(channel: u8, titles: &Titles) -> Result<(), Msg> {
    match restriction(channel) {
        Some(m) if !allowed(m, titles) => Err(msg!("channel-join-admins", channel = channel)),
        _ => Ok(()),
    }
}

/// May this user send tells to the channel? Err is the reply line.
pub fn may_talk(channel: u8, titles: &Titles, registered: bool) -> Result<(), Msg> {
    match restriction(channel) {
        Some(m) if !allowed(m, titles) => {
            return Err(msg!("channel-talk-admins", channel = channel));
        }
        _ => {}
    }
    if !registered && !GUEST_TALK.contains(&channel) {
        let list: Vec<String> = GUEST_TALK.iter().map(u8::to_string).collect();
        return Err(msg!(
            "channel-guests-only",
            channels = crate::event::And(list)
        ));
    }
    Ok(())
}

/// Talk state of the whole server (the world's `talk` field).
#[derive(Debug, Default)]
pub struct TalkWorld {
    /// Last shout of each user (lowercase name): the quota holds across
    /// reconnections.
    last_shout: HashMap<String, Instant>,
}

/// Entries older than this are dropped from the shout table when it grows.
const SHOUT_TABLE_PRUNE: usize = 4096;

impl World {
    /// Whether this session is playing a game (tells say
    /// `(told Bob, who is playing)`).
    pub fn is_playing(&self, id: SessionId) -> bool {
        self.players.get(&id).is_some_and(|p| p.game.is_some())
    }

    /// Whether `who` has `whom` on their censor list: tells, shouts,
    /// channel tells and messages from `whom` do not reach `who`, and
    /// `match` should refuse `whom`'s challenges to `who` with
    /// `Bob is censoring you.`
    pub fn censors(&self, who: SessionId, whom: SessionId) -> bool {
        match (self.players.get(&who), self.players.get(&whom)) {
            (Some(a), Some(b)) => a.talk.lists.censor.contains(&b.name),
            _ => false,
        }
    }

    /// Whether `who` has `whom` on their noplay list: `match` should refuse
    /// `whom`'s challenges to `who` (`You are on Bob's noplay list.`).
    pub fn noplays(&self, who: SessionId, whom: SessionId) -> bool {
        match (self.players.get(&who), self.players.get(&whom)) {
            (Some(a), Some(b)) => a.talk.lists.noplay.contains(&b.name),
            _ => false,
        }
    }

    /// Everyone in a channel, by name.
    pub fn channel_members(&self, channel: u8) -> Vec<&Player> {
        let mut members: Vec<&Player> = self
            .players()
            .filter(|p| p.talk.lists.channels.contains(&channel))
            .collect();
        members.sort_by_key(|p| p.name.to_ascii_lowercase());
        members
    }

    /// Seconds this user must still wait before shouting (0: now).
    pub fn shout_wait(&self, name: &str, now: Instant) -> u64 {
        let quota = Quota {
            interval: SHOUT_INTERVAL,
        };
        let last = self
            .talk
            .last_shout
            .get(&name.to_ascii_lowercase())
            .copied();
        quota.wait_secs(last, now)
    }

    /// Records a shout for the quota.
    pub fn record_shout(&mut self, name: &str, now: Instant) {
        let table = &mut self.talk.last_shout;
        if table.len() >= SHOUT_TABLE_PRUNE {
            table.retain(|_, t| now.saturating_duration_since(*t) < SHOUT_INTERVAL);
        }
        table.insert(name.to_ascii_lowercase(), now);
    }

    /// Tells others that a user arrived (`pin`, `pinform`, `iset pin`,
    /// `notify`); returns the newcomer's own notices ("Present company
    /// includes: ...", "Your arrival was noted by: ...").
    pub fn announce_arrival(&self, id: SessionId) -> Vec<Msg> {
        let Some(me) = self.players.get(&id) else {
            return Vec::new();
        };
        let mut noted: Vec<&str> = Vec::new();
        let copies = PresenceCopies::new(me, true);
        for p in self.players.values().filter(|p| p.id != id) {
            let notified = me.is_registered() && p.talk.lists.notify.contains(&me.name);
            if notified {
                noted.push(&p.name);
            }
            if let Some(event) = copies.for_recipient(p, notified) {
                p.share(event);
            }
        }
        let mut notices = Vec::new();
        if me.is_registered() {
            let mut present: Vec<&str> = me
                .talk
                .lists
                .notify
                .sorted()
                .iter()
                .filter_map(|n| self.by_name(n))
                .filter(|p| p.id != id)
                .map(|p| p.name.as_str())
                .collect();
            present.sort_by_key(|n| n.to_ascii_lowercase());
            if !present.is_empty() {
                notices.push(msg!("notify-present", names = present.join(" ")));
            }
            noted.sort_by_key(|n| n.to_ascii_lowercase());
            if !noted.is_empty() {
                notices.push(msg!("notify-noted", names = noted.join(" ")));
            }
        }
        notices
    }

    /// Tells others that a user left (`pin`, `pinform`, `iset pin`, `notify`).
    pub fn announce_departure(&self, gone: &Player) {
        let copies = PresenceCopies::new(gone, false);
        for p in self.players.values().filter(|p| p.id != gone.id) {
            let notified = gone.is_registered() && p.talk.lists.notify.contains(&gone.name);
            if let Some(event) = copies.for_recipient(p, notified) {
                p.share(event);
            }
        }
    }
}

/// The four copies of an arrival or departure, made once and shared: with
/// or without the address (only admins and TDs with `pinform` get it), for
/// a recipient who has the user on their notify list or not.
struct PresenceCopies {
    /// `[with address][notified]`.
    copies: [[std::sync::Arc<Event>; 2]; 2],
}

impl PresenceCopies {
    fn new(who: &Player, arrived: bool) -> PresenceCopies {
        let make = |addr: bool, notified: bool| {
            let p = Presence {
                name: who.name.clone(),
                who_line: who.who_line(),
                registered: who.is_registered(),
                addr: addr.then(|| who.addr.to_string()),
                notified,
            };
            std::sync::Arc::new(if arrived {
                Event::Arrived(p)
            } else {
                Event::Departed(p)
            })
        };
        PresenceCopies {
            copies: [
                [make(false, false), make(false, true)],
                [make(true, false), make(true, true)],
            ],
        }
    }

    /// The copy for `to`, if they hear of it at all (the world decides who:
    /// `pin`, `iset pin`, `pinform`, notify; the renderer how).
    fn for_recipient(&self, to: &Player, notified: bool) -> Option<&std::sync::Arc<Event>> {
        let informed = to.vars.switch(Switch::Pinform) && (to.titles.admin || to.titles.td);
        let follows = to.ivars.get(Ivar::PIN) || to.vars.switch(Switch::Pin) || informed;
        (follows || notified).then(|| &self.copies[usize::from(informed)][usize::from(notified)])
    }
}
