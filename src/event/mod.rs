//! What the world says, as values: events (something happened, and the
//! world chose who hears it) and refusals (why a command did not happen).
//!
//! Plain data, no text: the renderers (`render/fics` for the FICS text
//! protocol, in the recipient's language; later a JSON one for the browser)
//! decide how each looks for one user. Everything here is `Serialize`.
//! See docs/events.md for the design and its rules (one event, one
//! message; the world decides who, rendering decides how).

pub mod end;
pub mod msg;
pub mod viewer;

use std::sync::Arc;

use serde::Serialize;

pub use end::EndKind;
pub use msg::{And, Arg, Ctime, Date, Msg, Span};
pub use viewer::Viewer;

/// The type of an offer, without its terms: what pendinfo's `t=` names,
/// `accept t=...` picks, and lookups compare (never a word).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferType {
    Match,
    Draw,
    Abort,
    Adjourn,
    Takeback,
    /// Exchange colours (`switch`).
    Switch,
    /// Stop both clocks until a player unpauses (`pause`).
    Pause,
}

impl OfferType {
    /// The type word of pendinfo's `t=` and of `accept t=...`.
    pub fn word(self) -> &'static str {
        match self {
            OfferType::Match => "match",
            OfferType::Draw => "draw",
            OfferType::Abort => "abort",
            OfferType::Adjourn => "adjourn",
            OfferType::Takeback => "takeback",
            OfferType::Switch => "switch",
            OfferType::Pause => "pause",
        }
    }
}

/// A game as lines name it: `Game 12 (Alice vs. Bob)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameRef {
    pub no: u32,
    pub white: String,
    pub black: String,
    /// The type word of its lines, `atomic` or `atomic960` (left out of
    /// the JSON for atomic, which is what every page expects).
    #[serde(skip_serializing_if = "is_atomic")]
    pub variant: &'static str,
}

fn is_atomic(word: &&'static str) -> bool {
    *word == "atomic"
}

/// The terms of a game as lines show them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TermsView {
    pub minutes: u32,
    pub inc: u32,
    pub rated: bool,
}

/// Everything the start of a game shows its players: the `Creating:` (or
/// `Continuing`) lines, and the `<g1>` line for clients with `gameinfo`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameIntro {
    pub game: GameRef,
    /// The game's row in the database (its `/history/ID` once it ends).
    pub db_id: i64,
    /// Ratings as `Creating:` shows them in parentheses (`1500`, `++++`).
    pub white_rating: String,
    pub black_rating: String,
    pub terms: TermsView,
    pub how: Beginning,
    /// The `<g1>` line's values.
    pub info: GameInfo,
}

/// How a game begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Beginning {
    /// A new game.
    Created,
    /// Taken up again: an adjourned game (` (adjourned)` on `Creating:`),
    /// or a player back from a dropped connection.
    Continued { adjourned: bool },
}

/// The values of a `<g1>` line (protocol.md, "Game information").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    pub no: u32,
    pub rated: bool,
    pub registered: (bool, bool),
    pub initial_secs: u32,
    pub inc: u32,
    /// Ratings as `<g1>` writes them (`1500`, `0`).
    pub ratings: (String, String),
    pub timeseal: (bool, bool),
    /// `t=`: `atomic` or `atomic960` (left out of the JSON for atomic).
    #[serde(skip_serializing_if = "is_atomic")]
    pub variant: &'static str,
}

/// A challenge's terms as data: what pendinfo's `p=` and the `Challenge:`
/// line say in words (`Alice (1500) [white] Bob (----) rated atomic 5 0`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchTerms {
    pub from: String,
    /// Ratings as the text shows them (`1500`, `1500P`, `----`, `++++`).
    pub from_rating: String,
    pub to: String,
    pub to_rating: String,
    /// The colour the challenger asked for (`white`, `black`), if any.
    pub color: Option<&'static str>,
    pub rated: bool,
    pub variant: &'static str,
    pub minutes: u32,
    pub inc: u32,
    /// It resumes an adjourned game.
    pub adjourned: bool,
    /// A set-up start position.
    pub fen: Option<String>,
}

/// Who sees an end line, and what follows it for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndFor {
    /// A player: the rating change (or none).
    Player { rating: Option<(i32, i32)> },
    /// An observer, who stops observing.
    Observer,
    /// Someone who follows every game's results.
    Follower,
}

/// An offer inside a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameOffer {
    Draw,
    Abort,
    Adjourn,
    Takeback { plies: u32 },
    Switch,
    Pause,
}

/// What became of an offer, as its other party hears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Accepted,
    Declined,
    Withdrawn,
    /// A challenge replaced by a new one with other terms.
    Updated,
}

/// A seek, as its ad and its `<s>` line show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeekAd {
    pub id: u32,
    pub name: String,
    /// The name with its titles, as the text ad shows it.
    pub display_name: String,
    /// The title flags of `<s>`'s `ti=`.
    pub title_flags: u32,
    /// The rating as the ad shows it in parentheses, and as `<s>` does.
    pub rating: String,
    pub seekinfo_rating: String,
    pub terms: TermsView,
    /// `W`, `B` or none.
    pub color: Option<char>,
    pub manual: bool,
    pub formula: bool,
    pub range: (u32, u32),
    /// The type word: `atomic` or `atomic960` (`<s>`'s `tp=`).
    pub variant: &'static str,
    /// The Atomic960 start the seeker chose (0-959), if any.
    pub start: Option<u16>,
}

/// Someone arrived or left, as the users who follow that hear it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Presence {
    pub name: String,
    /// The `who I` form, sent as `<wa>`.
    pub who_line: String,
    pub registered: bool,
    /// The address, only in the copy for those entitled to it (admins
    /// and TDs with `pinform`).
    pub addr: Option<String>,
    /// On the recipient's notify list.
    pub notified: bool,
}

/// Why a session is closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KickReason {
    /// The same name logged in again.
    LoggedInElsewhere { name: String },
    /// Idle longer than the limit (`2 minutes`, in the recipient's words).
    Idle { secs: u64 },
    /// An admin's words (`nuke`).
    Said(Msg),
}

/// Something the world tells a user without being asked, or the events
/// of a command's own reply.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Lines of the catalogue with their values, in one message: the long
    /// tail of notices that need no client logic.
    Lines { lines: Vec<Msg> },
    /// An empty line between two parts of a reply: the text protocol's
    /// layout, which other renderers leave out.
    Blank,
    /// A game's end line, and what follows it for this recipient.
    GameEnded {
        game: GameRef,
        kind: EndKind,
        result: String,
        /// The mamer suffix (` [3 0 1 0 4]`), when both players asked.
        suffix: String,
        to: EndFor,
    },
    /// `{Game 12 (A vs. B) Creating rated atomic match.}` for those who
    /// follow every game.
    GameBegins {
        game: GameRef,
        rated: bool,
        how: Beginning,
    },
    /// An offer was made to the recipient (`<pf>`); a challenge's terms
    /// come typed too.
    OfferReceived {
        id: u32,
        from: String,
        kind: OfferType,
        params: String,
        terms: Option<Arc<MatchTerms>>,
    },
    /// The recipient made an offer (`<pt>`). `spaced`: a blank line
    /// before it in the text protocol (FICS's layout of some replies).
    OfferSent {
        id: u32,
        to: String,
        kind: OfferType,
        params: String,
        terms: Option<Arc<MatchTerms>>,
        spaced: bool,
    },
    /// An offer the recipient made or received is gone (`<pr>`).
    OfferRemoved { id: u32, spaced: bool },
    /// The opponent offers something in the game.
    GameOffered {
        game: u32,
        from: String,
        offer: GameOffer,
    },
    /// An observer hears of an offer in the game.
    GameOfferSeen {
        game: u32,
        from: String,
        offer: GameOffer,
    },
    /// The other party answered the recipient's offer (or withdrew theirs).
    OfferAnswered {
        by: String,
        kind: OfferType,
        answer: Answer,
    },
    /// An observer hears that a player declined an offer.
    OfferDeclinedSeen {
        game: u32,
        by: String,
        kind: OfferType,
    },
    /// A challenge to the recipient.
    Challenged {
        text: String,
        /// The challenger is a computer account.
        computer: Option<String>,
        /// The recipient's rating preview (win, draw, loss, new RD).
        preview: Option<(i32, i32, i32, f64)>,
        fen: Option<String>,
    },
    /// A new seek the recipient may answer, or their own (`own`).
    SeekPosted { ad: Arc<SeekAd>, own: bool },
    /// Seeks that are gone.
    SeeksRemoved { ids: Vec<u32> },
    /// The two preview lines of a rated offer (win, draw, loss, new RD).
    RatingPreview { change: (i32, i32, i32, f64) },
    /// A refusal inside a longer reply (a seek answered with a challenge
    /// that was refused).
    Refused(Refusal),
    /// The tournament director speaks: in its channel (`Director(TD)(49):
    /// ...`), or to a participant who does not listen there.
    DirectorSays { channel: Option<u8>, text: Msg },
    /// A game's `<g1>` line, for clients with `gameinfo`.
    GameInfo(GameInfo),
    /// A user arrived.
    Arrived(Presence),
    /// A user left.
    Departed(Presence),
    /// How many watch a game now, for the clients that show it (the
    /// browser's); the text protocol has no line for it.
    Observers { game: u32, count: usize },
}

impl Event {
    /// One catalogue line as an event.
    pub fn line(msg: Msg) -> Event {
        Event::Lines { lines: vec![msg] }
    }
}

/// Why a command was refused: typed where a client may act on it, a
/// catalogue line for the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum Refusal {
    /// The player has left.
    Gone,
    /// `Player "Bob" is not open to match requests.`
    NotOpen(String),
    /// `Bob is censoring you.`
    Censored(String),
    /// `You are on Bob's noplay list.`
    NoPlay(String),
    /// `Bob is playing a game.`
    Playing(String),
    /// `You can't match yourself.`
    SelfMatch,
    /// `Only registered players can play rated games.`
    RatedNeedsRegistration,
    /// A formula does not accept the game (owner, formula text).
    Formula { owner: String, formula: String },
    /// Anything else, as a catalogue line.
    Other(Msg),
}

impl From<Msg> for Refusal {
    fn from(m: Msg) -> Refusal {
        Refusal::Other(m)
    }
}
