//! A user who is logged in, as the world sees them.

use std::collections::BTreeSet;
use std::net::IpAddr;
use std::sync::Arc;

use shakmaty::{Color, Role};

use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::account::Titles;
use crate::chess::BoardSnapshot;
use crate::session::ivars::Ivars;
use crate::session::vars::Vars;
use crate::world::game::Viewer;

/// Identifies one connection for its whole life.
pub type SessionId = u64;

/// Something a session must show its user without being asked.
#[derive(Debug, Clone)]
pub enum Out {
    /// Text lines (each ending in `\n`); the session puts a newline before
    /// them and the prompt after them.
    Text(Arc<str>),
    /// Say this, then close the connection (double login, nuke, shutdown).
    Kick(Arc<str>),
    /// A board after a move, to render in the user's own style.
    Board { board: Arc<BoardSnapshot>, viewer: Viewer },
    /// A game starts: the `Creating:` lines (and `<g1>`), then the board,
    /// with nothing in between (PyChess reads them as one group).
    GameStart { intro: Arc<str>, board: Arc<BoardSnapshot>, viewer: Viewer },
}

/// How many unsolicited messages may wait for a session before it counts as
/// a client that stopped reading and is disconnected.
pub const OUTBOX: usize = 256;

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
    pub outbox: mpsc::Sender<Out>,
    /// Cancelled to end the session (slow client, kick, shutdown).
    pub kill: CancellationToken,
    /// The game this user plays, by number.
    pub game: Option<u32>,
    /// Games this user observes.
    pub observing: BTreeSet<u32>,
    /// The opponent of the last game (for `say` after a game).
    pub last_opponent: Option<String>,
    /// The colour of the last game, for balancing colours.
    pub last_color: Option<Color>,
    /// The piece a promotion without a piece letter makes (`promote`).
    pub promote: Role,
    /// Muzzled by an admin: no shouts or channel tells (talk reads this).
    pub muzzled: bool,
}

impl Player {
    pub fn is_registered(&self) -> bool {
        self.account_id.is_some()
    }

    /// The rating as lists show it: `++++` for guests, `----` for
    /// registered players without a rating.
    pub fn rating_text(&self) -> String {
        if self.is_registered() { "----".to_string() } else { "++++".to_string() }
    }

    /// Name with titles, as `who`, tells and `finger` show it.
    pub fn display_name(&self) -> String {
        format!("{}{}", self.name, self.titles.suffix())
    }

    /// Queues a message; a client whose queue is full has stopped reading
    /// and is disconnected, so that nobody else ever waits for it.
    pub fn send(&self, out: Out) {
        if self.outbox.try_send(out).is_err() && !self.kill.is_cancelled() {
            tracing::warn!(player = %self.name, "outgoing queue full; disconnecting");
            self.kill.cancel();
        }
    }

    /// Queues unsolicited text (ending in `\n`).
    pub fn send_text(&self, text: impl Into<Arc<str>>) {
        self.send(Out::Text(text.into()));
    }
}
