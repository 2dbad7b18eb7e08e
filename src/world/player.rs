//! A user who is logged in, as the world sees them.

use std::collections::BTreeSet;
use std::net::IpAddr;
use std::sync::Arc;

use shakmaty::{Color, Role};

use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::account::Titles;
use crate::chess::BoardSnapshot;
use crate::chess::Variant;
use crate::event::{Event, GameIntro, KickReason};
use crate::formula::{Formula, UserFormulas};
use crate::rating::{Rating, RatingDisplay};
use crate::settings::ivars::Ivars;
use crate::settings::vars::Vars;
use crate::settings::vars::{Switch, Text};
use crate::store::{Store, Ticket};
use crate::world::game::Viewer;

/// Identifies one connection for its whole life.
pub type SessionId = u64;

/// Something a session must show its user without being asked.
#[derive(Debug, Clone)]
pub enum Out {
    /// Finished text lines (each ending in `\n`), for the few senders not
    /// yet speaking in events; the session puts a newline before them and
    /// the prompt after them.
    Text(Arc<str>),
    /// An event, rendered by the session in its user's language and
    /// settings; one allocation shared by every recipient.
    Event(Arc<Event>),
    /// Say why, then close the connection (double login, idle, nuke).
    Kick(KickReason),
    /// A board after a move, to render in the user's own style.
    Board {
        board: Arc<BoardSnapshot>,
        viewer: Viewer,
        /// The store's last job when the board was sent: the board is
        /// written once that job is handled (its move is committed).
        stored: Ticket,
    },
    /// A game starts: the `Creating:` lines (and `<g1>`), then the board,
    /// with nothing in between (PyChess reads them as one group).
    GameStart {
        intro: Arc<GameIntro>,
        board: Arc<BoardSnapshot>,
        viewer: Viewer,
        /// As for `Board`: the game's row is stored first.
        stored: Ticket,
    },
}

/// Seconds without input after which `who` shows a user as idle (`.`).
const IDLE_MARK_SECS: u64 = 300;

/// A logged-in user.
#[derive(Debug)]
pub struct Player {
    pub id: SessionId,
    /// The handle as displayed.
    pub name: String,
    /// The account, for registered users.
    pub account_id: Option<i64>,
    pub titles: Titles,
    pub vars: Vars,
    pub ivars: Ivars,
    pub addr: IpAddr,
    pub timeseal: bool,
    /// When the session logged in, as a Unix time and as a monotonic instant.
    pub login_unix: i64,
    pub login_at: Instant,
    /// Last command typed (not `$$` commands): for idle display and logout.
    pub last_input: Instant,
    /// Commands the session has sent since it logged in (every piece of a
    /// `;` line, `$$` ones too): what a client costs the server, counted
    /// where it arrives, so that a test can tell an idle bot from a busy one.
    pub commands: u64,
    pub outbox: super::outbox::Sender,
    /// Cancelled to end the session (slow client, kick, shutdown).
    pub kill: CancellationToken,
    /// The game this user plays, by number.
    pub game: Option<u32>,
    /// The game this user examines, by number (`World::exams`).
    pub examining: Option<u32>,
    /// Games this user observes.
    pub observing: BTreeSet<u32>,
    /// The opponent of the last game (for `say` after a game).
    pub last_opponent: Option<String>,
    /// The colour of the last game, for balancing colours.
    pub last_color: Option<Color>,
    /// The piece a promotion without a piece letter makes (`promote`).
    pub promote: Role,
    /// The Atomic rating of a registered user; `None` for guests.
    pub rating: Option<Rating>,
    /// The Atomic960 rating, a line of its own (issue 27); `None` for guests.
    pub rating960: Option<Rating>,
    /// The last timeseal round trip (`[G]` out, reply in), in ms.
    pub round_trip_ms: Option<u32>,
    /// Lag credited on the user's last move, in ms (timeseal).
    pub last_lag_ms: u32,
    /// Channels, lists, last tell, talk rate limit.
    pub talk: super::talk::Talk,
    /// Muzzled by an admin: no shouts or channel tells (talk reads this).
    pub muzzled: bool,
    /// A browser's session (the JSON framing of `/ws`), with the number
    /// its resume token carries: such a session gets the reconnection
    /// grace whoever it plays, and hears how many watch its games.
    pub web: Option<u64>,
}

impl Player {
    pub fn is_registered(&self) -> bool {
        self.account_id.is_some()
    }

    /// The rating, ready to show in any of its forms.
    pub fn rating_display(&self) -> RatingDisplay {
        match &self.rating {
            Some(r) => RatingDisplay::of(r),
            None => RatingDisplay::Guest,
        }
    }

    /// The rating in `variant`: each variant has its own Glicko line.
    pub fn rating_in(&self, variant: Variant) -> Option<&Rating> {
        match variant {
            Variant::Atomic => self.rating.as_ref(),
            Variant::Atomic960 => self.rating960.as_ref(),
        }
    }

    /// Replaces the rating in `variant` (after a rated game of it).
    pub fn set_rating_in(&mut self, variant: Variant, rating: Rating) {
        match variant {
            Variant::Atomic => self.rating = Some(rating),
            Variant::Atomic960 => self.rating960 = Some(rating),
        }
    }

    /// [`rating_display`](Self::rating_display) in `variant`.
    pub fn rating_display_in(&self, variant: Variant) -> RatingDisplay {
        match self.rating_in(variant) {
            Some(r) => RatingDisplay::of(r),
            None => RatingDisplay::Guest,
        }
    }

    /// The rating as list columns show it: `1500`, `----` for registered
    /// players without rated games, `++++` for guests.
    pub fn rating_text(&self) -> String {
        self.rating_display().column()
    }

    /// The status character of `who` (docs/protocol.md §6.2): `^` playing, `:` not
    /// open, `&` in a tournament, `.` idle over five minutes.
    pub fn status_char(&self) -> char {
        if self.game.is_some() {
            '^'
        } else if self.examining.is_some() {
            '#'
        } else if !self.vars.switch(Switch::Open) {
            ':'
        } else if self.vars.switch(Switch::Tourney) {
            '&'
        } else if self.last_input.elapsed().as_secs() > IDLE_MARK_SECS {
            '.'
        } else {
            ' '
        }
    }

    /// This user in `who I` form, also sent as `<wa>`: name, status, title
    /// flags in hex, then the ratings of FICS's nine categories in the
    /// order b s l w B z S L x, each with its `P`/`E`/space mark; only
    /// Atomic (x, the last) is ever rated here.
    pub fn who_line(&self) -> String {
        let atomic = match self.rating_display() {
            RatingDisplay::Rated {
                rating,
                provisional: false,
            } => format!("{rating} "),
            RatingDisplay::Rated {
                rating,
                provisional: true,
            } => format!("{rating}P"),
            RatingDisplay::Guest | RatingDisplay::Unrated => "0P".to_string(),
        };
        format!(
            "{}{}{:02x}{}{atomic}",
            self.name,
            self.status_char(),
            self.titles.flags(),
            "0P".repeat(8)
        )
    }

    /// The rating as a number (0 without one), for formulas and ranges.
    pub fn rating_number(&self) -> i32 {
        self.rating_number_in(Variant::Atomic)
    }

    /// [`rating_number`](Self::rating_number) in `variant`.
    pub fn rating_number_in(&self, variant: Variant) -> i32 {
        self.rating_in(variant)
            .filter(|r| r.total() > 0)
            .map_or(0, Rating::whole)
    }

    /// The user's formula and f-variables, parsed from their variables
    /// (which only ever hold formulas that parse: `set` checks them).
    pub fn formulas(&self) -> UserFormulas {
        let mut f = UserFormulas::default();
        let text = self.vars.text(Text::Formula);
        if !text.trim().is_empty() {
            f.formula = Formula::parse(text).ok();
        }
        for n in 1..=9u8 {
            let text = self.vars.f_var(n);
            if !text.trim().is_empty() {
                f.f[usize::from(n - 1)] = Formula::parse_f(n, text).ok();
            }
        }
        f
    }

    /// Name with titles, as `who`, tells and `finger` show it.
    pub fn display_name(&self) -> String {
        format!("{}{}", self.name, self.titles.suffix())
    }

    /// Queues a message; a client whose queue is full has stopped reading
    /// and is disconnected, so that nobody else ever waits for it.
    pub fn send(&self, out: Out) {
        let queued = self.outbox.try_send(out);
        self.queued_or_cut(queued);
    }

    /// Queues a board that waits for the store's `ticket`: the session is
    /// woken once it is handled ([`super::outbox::Sender::try_send_stored`]).
    pub fn send_stored(&self, out: Out, ticket: Ticket, store: &Store, now: Instant) {
        let queued = self.outbox.try_send_stored(out, ticket, store, now);
        self.queued_or_cut(queued);
    }

    fn queued_or_cut(&self, queued: Result<(), super::outbox::NotQueued>) {
        if queued.is_err() && !self.kill.is_cancelled() {
            tracing::warn!(player = %self.name, "outgoing queue full; disconnecting");
            self.kill.cancel();
        }
    }

    /// Queues unsolicited text (ending in `\n`).
    pub fn send_text(&self, text: impl Into<Arc<str>>) {
        self.send(Out::Text(text.into()));
    }

    /// Queues an event for this user alone.
    pub fn send_event(&self, event: Event) {
        self.send(Out::Event(Arc::new(event)));
    }

    /// Queues an event shared with other recipients.
    pub fn share(&self, event: &Arc<Event>) {
        self.send(Out::Event(event.clone()));
    }
}
