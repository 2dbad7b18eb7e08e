//! Who hears what is said: tells, `say`, channel tells and shouts. The
//! world decides the recipients (their `tell`, `ctell`, `shout`,
//! `cshout` variables, channel lists and censor lists) and sends each the
//! same shared event; the sender gets back the line of their reply.

use std::sync::Arc;
use std::time::Instant;

use crate::account::Titles;
use crate::event::{Event, Msg};
use crate::msg;
use crate::settings::vars::Switch;
use crate::world::{Player, SessionId, World};

/// Idle time from which `(told Bob, who has been idle 7 mins)` is shown.
const IDLE_NOTE_SECS: u64 = 180;

/// The one who talks.
#[derive(Debug, Clone)]
pub struct Speaker {
    pub id: SessionId,
    pub name: String,
    /// Name with titles, as receivers see it.
    pub display: String,
    pub registered: bool,
    pub titles: Titles,
}

/// The three ways of talking to everyone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Broadcast {
    Shout,
    CShout,
    It,
}

impl Broadcast {
    /// The variable that decides who hears it.
    pub fn var(self) -> Switch {
        match self {
            Broadcast::CShout => Switch::Cshout,
            _ => Switch::Shout,
        }
    }

    fn heard(self, who: &str, text: &str) -> Msg {
        match self {
            Broadcast::Shout => msg!("shout-heard", name = who, text = text),
            Broadcast::CShout => msg!("cshout-heard", name = who, text = text),
            Broadcast::It => msg!("it-heard", name = who, text = text),
        }
    }
}

impl World {
    /// The sender's line after a tell (or a `say`) that arrived:
    /// `(told Bob)`, `(told Bob, who is playing)` or
    /// `(told Bob, who has been idle 7 mins)`.
    pub fn told(&self, to: &Player) -> Msg {
        if self.is_playing(to.id) {
            return msg!("told-playing", name = &to.name);
        }
        let idle = to.last_input.elapsed().as_secs();
        if idle >= IDLE_NOTE_SECS {
            // The idle time in words, in the reader's language.
            msg!(
                "told-idle",
                name = &to.name,
                idle = crate::event::Span(idle)
            )
        } else {
            msg!("told", name = &to.name)
        }
    }

    /// A tell to `to`, if they take it (their `tell` variable for
    /// unregistered senders, their censor list); Ok is the sender's line.
    pub fn tell(&self, me: &Speaker, to: SessionId, text: &str) -> Result<Msg, Msg> {
        let Some(to) = self.player(to) else {
            return Err(msg!("refuse-gone"));
        };
        if !me.registered && !to.vars.switch(Switch::Tell) {
            return Err(msg!("tell-not-listening", name = &to.name));
        }
        if !me.titles.admin && to.talk.lists.censor.contains(&me.name) {
            return Err(msg!("refuse-censored", name = &to.name));
        }
        to.send_event(Event::line(msg!(
            "tell-heard",
            name = &me.display,
            text = text
        )));
        Ok(self.told(to))
    }

    /// `say`: to the opponent of the game being played (the line carries
    /// its number), or after it to the last opponent.
    pub fn say(&self, me: &Speaker, text: &str) -> Option<Msg> {
        let player = self.player(me.id)?;
        let opponent = match player
            .game
            .and_then(|no| self.games.get(&no).map(|g| (no, g)))
        {
            Some((no, game)) => game
                .color_of(me.id)
                .map(|c| (game.seat(!c).name.clone(), Some(no))),
            None => player.last_opponent.clone().map(|name| (name, None)),
        };
        Some(match opponent {
            None => msg!("say-nobody"),
            Some((name, game)) => match self.by_name(&name) {
                None => msg!("player-not-logged-in", name = &name),
                Some(to) if !me.titles.admin && to.talk.lists.censor.contains(&me.name) => {
                    msg!("refuse-censored", name = &to.name)
                }
                Some(to) => {
                    let number = game.map(|no| format!("[{no}]")).unwrap_or_default();
                    to.send_event(Event::line(msg!(
                        "say-heard",
                        name = &me.display,
                        game = number,
                        text = text
                    )));
                    self.told(to)
                }
            },
        })
    }

    /// A channel tell: to every member but the sender, except those who
    /// censor them and, from an unregistered sender, those with `ctell`
    /// off. Non-members may not talk there (admins and TDs may). Returns
    /// how many heard it.
    pub fn channel_tell(
        &mut self,
        me: &Speaker,
        ch: u8,
        text: &str,
        remember: bool,
    ) -> Result<usize, Msg> {
        let member = self
            .player(me.id)
            .is_some_and(|p| p.talk.lists.channels.contains(&ch));
        if !member && !me.titles.admin && !me.titles.td {
            return Err(msg!("channel-not-member", channel = ch));
        }
        let line = Arc::new(Event::line(msg!(
            "channel-heard",
            name = &me.display,
            channel = ch,
            text = text
        )));
        let mut count = 0;
        for p in self.players() {
            if p.id == me.id
                || !p.talk.lists.channels.contains(&ch)
                || (!me.registered && !p.vars.switch(Switch::Ctell))
                || p.talk.lists.censor.contains(&me.name)
            {
                continue;
            }
            p.share(&line);
            count += 1;
        }
        if remember && let Some(p) = self.player_mut(me.id) {
            p.talk.last_channel = Some(ch);
        }
        Ok(count)
    }

    /// A shout (`shout`, `cshout`, `it`) to everyone who listens and does
    /// not censor the sender, within the shout quota (admins have none).
    /// Ok is how many heard it; Err the seconds until the next may go.
    pub fn shout(
        &mut self,
        me: &Speaker,
        kind: Broadcast,
        text: &str,
        now: Instant,
    ) -> Result<usize, u64> {
        let wait = if me.titles.admin {
            0
        } else {
            self.shout_wait(&me.name, now)
        };
        if wait > 0 {
            return Err(wait);
        }
        let line = Arc::new(Event::line(kind.heard(&me.display, text)));
        let mut count = 0;
        for p in self.players() {
            if p.id == me.id || !p.vars.switch(kind.var()) || p.talk.lists.censor.contains(&me.name)
            {
                continue;
            }
            p.share(&line);
            count += 1;
        }
        self.record_shout(&me.name, now);
        Ok(count)
    }
}
