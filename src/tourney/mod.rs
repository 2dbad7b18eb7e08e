//! The built-in tournament director's pure half: pairing engines and
//! standings for Swiss (FIDE Dutch), round robin (Berger tables), arena
//! (lichess rules) and knockout tournaments.
//!
//! Nothing here does I/O, reads a clock or draws a random number on its own:
//! values in, values out. The server owns timers, games and SQLite; this
//! module tells it who plays whom, and how everybody stands.
//!
//! # The state is a few lists of rows
//!
//! A [`Tournament`] is fully determined by
//!
//! * its [`Format`] and a `seed` (every "drawing of lots" derives from it, so
//!   a replay gives the same answers),
//! * the list of [`Player`]s (id, name, rating, the round they joined, the
//!   round from which they are withdrawn),
//! * the list of [`Game`]s (round, white, black, result once finished, plies,
//!   berserk flags, the order in which games finished),
//! * the list of [`Bye`]s (round, player, kind).
//!
//! The server stores those rows and rebuilds the state with
//! [`Tournament::from_rows`]; every standing, pairing and table is computed
//! from them. No derived value is stored, so nothing can disagree.
//!
//! # How the server drives it
//!
//! ```text
//! create       t = Tournament::new(format, seed)
//! join/leave   t.join(name, rating) -> PlayerId        t.leave(id)
//! Swiss / RR   let rp = tourney::pair_next_round(&t)?  (swiss:: or roundrobin::pair_round)
//!              t.add_round(&rp)?; create rp.games; rp.byes are already scored
//!              t.record_result(white, black, result, plies)? as games end
//!              (a forfeit: GameResult::WhiteWinsByForfeit / BlackWinsByForfeit)
//!              when t.round_finished(t.current_round()): pair the next round
//!              until tourney::is_over(&t); Error::NoPairing also ends it
//! knockout     for (round, p) in knockout::next_games(&t)? { t.add_game(round, p)? }
//!              after every result, call next_games again; knockout::winner(&t)
//! arena        when players are free: for p in arena::pair_waiting(&t, &waiting, salt)
//!              { t.add_game(1, p)? }; t.berserk(player)? before the first move;
//!              results as above; at the end unfinished games are simply left
//!              unfinished: they never count
//! display      standings::standings_table(&t), standings::pairings_table(&t, round),
//!              standings::crosstable(&t): plain text, at most 79 columns
//! export       trf::write(&t, &trf::Header { .. }): FIDE TRF-16 text
//! ```
//!
//! Randomness: [`SplitMix64`], a tiny seeded generator, so that tests are
//! deterministic without pulling in `rand` for three coin flips.

mod combinations;
mod history;
mod matching;
mod state;

pub mod arena;
pub mod knockout;
pub mod roundrobin;
pub mod standings;
pub mod swiss;
mod swiss_colour;
mod table_words;
mod tables;
pub mod trf;

#[cfg(test)]
mod tests_sim;

use std::fmt;

pub use shakmaty::Color;
pub use state::{Game, Player, Tournament};

/// A player's number inside one tournament (the server maps handles to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Points counted in half points, so that ½ is exact: `Points(3)` is 1.5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Points(pub u32);

impl Points {
    pub const ZERO: Points = Points(0);
    pub const HALF: Points = Points(1);
    pub const ONE: Points = Points(2);
}

impl fmt::Display for Points {
    /// `4.5`, `3.0`: the form of chess standings and of TRF.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = format!("{}.{}", self.0 / 2, if self.0 % 2 == 1 { 5 } else { 0 });
        f.pad(&s)
    }
}

/// How a game ended, from the tournament's point of view.
///
/// A forfeit (the game was not played, one side was absent) scores like a
/// win but does not count as a game played: the two players may be paired
/// again and it does not change their colour history (FIDE C.04.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    WhiteWinsByForfeit,
    BlackWinsByForfeit,
}

impl GameResult {
    /// The points `side` earns with this result.
    pub fn points(self, side: Color) -> Points {
        match (self, side) {
            (GameResult::Draw, _) => Points::HALF,
            (GameResult::WhiteWins | GameResult::WhiteWinsByForfeit, Color::White)
            | (GameResult::BlackWins | GameResult::BlackWinsByForfeit, Color::Black) => Points::ONE,
            _ => Points::ZERO,
        }
    }

    /// The winning side, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => Some(Color::White),
            GameResult::BlackWins | GameResult::BlackWinsByForfeit => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// True when the game was not actually played.
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWinsByForfeit | GameResult::BlackWinsByForfeit
        )
    }

    /// `1-0`, `0-1`, `1/2-1/2`, `+:-`, `-:+`: the form used in tables.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteWinsByForfeit => "+:-",
            GameResult::BlackWinsByForfeit => "-:+",
        }
    }
}

/// Who plays whom, and with which colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub white: PlayerId,
    pub black: PlayerId,
}

impl Pairing {
    pub fn new(white: PlayerId, black: PlayerId) -> Pairing {
        Pairing { white, black }
    }

    /// True when `p` is one of the two players.
    pub fn involves(&self, p: PlayerId) -> bool {
        self.white == p || self.black == p
    }
}

/// What kind of round without a game a player had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// The pairing-allocated bye of an odd field (Swiss), or the walkover
    /// against a withdrawn opponent (round robin): one point (TRF `U`).
    Full,
    /// A half-point bye for a round missed by a late entrant (TRF `H`).
    Half,
    /// No game and no point: the rest round of an odd round robin (TRF `Z`).
    Zero,
}

impl ByeKind {
    pub fn points(self) -> Points {
        match self {
            ByeKind::Full => Points::ONE,
            ByeKind::Half => Points::HALF,
            ByeKind::Zero => Points::ZERO,
        }
    }
}

/// A round without a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bye {
    pub round: u32,
    pub player: PlayerId,
    pub kind: ByeKind,
}

/// The games and byes of one round of a Swiss or round robin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundPairing {
    pub round: u32,
    /// In board order: board 1 first.
    pub games: Vec<Pairing>,
    pub byes: Vec<Bye>,
}

/// The tournament system, with the parameters it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// FIDE Dutch Swiss over a fixed number of rounds.
    Swiss { rounds: u32 },
    /// All-play-all, `cycles` times (1 = single, 2 = double).
    RoundRobin { cycles: u32 },
    /// Lichess-style arena; its duration is the server's business.
    Arena,
    /// Single elimination with mini-matches of `games` games.
    Knockout { games: u32 },
}

impl Format {
    /// The short word used in `tourney create`: `swiss`, `rr`, `arena`, `ko`.
    pub fn word(self) -> &'static str {
        match self {
            Format::Swiss { .. } => "swiss",
            Format::RoundRobin { .. } => "rr",
            Format::Arena => "arena",
            Format::Knockout { .. } => "ko",
        }
    }

    /// The format a stored event names with [`Format::word`] and its one
    /// parameter (rounds, cycles or games per match; at least 1).
    pub fn from_word(word: &str, param: u32) -> Option<Format> {
        let n = param.max(1);
        Some(match word {
            "swiss" => Format::Swiss { rounds: n },
            "rr" => Format::RoundRobin { cycles: n },
            "ko" => Format::Knockout { games: n },
            "arena" => Format::Arena,
            _ => return None,
        })
    }
}

/// Everything that can go wrong; every message fits one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The call does not apply to this format (e.g. `swiss::pair_round` on an arena).
    WrongFormat,
    UnknownPlayer(PlayerId),
    AlreadyJoined(String),
    AlreadyWithdrawn(PlayerId),
    /// Joining is closed (started round robin or knockout, Swiss past half).
    JoinClosed,
    /// Fewer than two players can be paired.
    NotEnoughPlayers,
    /// A game of the current round has no result yet.
    RoundInProgress,
    /// Every round has been played.
    Finished,
    /// The round does not follow the current one, or names a player twice.
    BadRound(u32),
    /// The player already has a game in progress.
    Busy(PlayerId),
    /// No game in progress between these players (or for this player).
    NoSuchGame,
    /// Nobody can be paired without a rematch (more rounds than opponents).
    NoPairing,
    /// Rows that do not make a consistent tournament.
    BadRows(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::WrongFormat => write!(f, "Not possible in this kind of tournament."),
            Error::UnknownPlayer(p) => write!(f, "Player {p} is not in this tournament."),
            Error::AlreadyJoined(name) => write!(f, "{name} is already in this tournament."),
            Error::AlreadyWithdrawn(p) => write!(f, "Player {p} has already withdrawn."),
            Error::JoinClosed => write!(f, "This tournament no longer accepts players."),
            Error::NotEnoughPlayers => write!(f, "At least two players are needed."),
            Error::RoundInProgress => write!(f, "The current round is not finished."),
            Error::Finished => write!(f, "All rounds have been played."),
            Error::BadRound(r) => write!(f, "Round {r} is not the next round."),
            Error::Busy(p) => write!(f, "Player {p} is already playing."),
            Error::NoSuchGame => write!(f, "There is no such game in progress."),
            Error::NoPairing => write!(f, "No pairing is possible without a rematch."),
            Error::BadRows(why) => write!(f, "Inconsistent tournament data: {why}"),
        }
    }
}

impl std::error::Error for Error {}

/// Pairs the next round of a Swiss or round robin.
pub fn pair_next_round(t: &Tournament) -> Result<RoundPairing, Error> {
    match t.format() {
        Format::Swiss { .. } => swiss::pair_round(t),
        Format::RoundRobin { .. } => roundrobin::pair_round(t),
        Format::Arena | Format::Knockout { .. } => Err(Error::WrongFormat),
    }
}

/// True when a Swiss or round robin has played all its rounds, or a
/// knockout has its winner. An arena ends when the server's clock says so.
pub fn is_over(t: &Tournament) -> bool {
    match t.format() {
        Format::Swiss { .. } => swiss::is_over(t),
        Format::RoundRobin { .. } => roundrobin::is_over(t),
        Format::Knockout { .. } => knockout::is_over(t),
        Format::Arena => false,
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, well-mixed seeded generator
/// for drawing lots. Good enough for colours and orders; not for secrets.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n` > 0), by rejection so it is unbiased.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A colour drawn by lot.
    pub fn colour(&mut self) -> Color {
        if self.next_u64() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_display_in_half_points() {
        assert_eq!(Points(9).to_string(), "4.5");
        assert_eq!(Points(6).to_string(), "3.0");
        assert_eq!(format!("{:>5}", Points(1)), "  0.5");
    }

    #[test]
    fn splitmix_matches_reference_values() {
        // First outputs of the reference C implementation for seed 1234567.
        let mut r = SplitMix64::new(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
    }

    #[test]
    fn results_score_both_sides() {
        assert_eq!(GameResult::WhiteWins.points(Color::White), Points::ONE);
        assert_eq!(GameResult::WhiteWins.points(Color::Black), Points::ZERO);
        assert_eq!(GameResult::Draw.points(Color::Black), Points::HALF);
        assert_eq!(
            GameResult::BlackWinsByForfeit.points(Color::Black),
            Points::ONE
        );
        assert!(GameResult::BlackWinsByForfeit.is_forfeit());
    }
}
