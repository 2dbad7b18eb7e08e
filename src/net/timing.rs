//! Timeseal on a session: the `[G]` pings before a user's boards, the
//! client stamps that come back, and how a move's time is measured from
//! them (docs/protocol.md §8.3).
//!
//! The client stamps the moment a board arrives (its reply to `[G]`) and the
//! moment the user's move leaves; the difference is the thinking time on
//! the client's own clock. The server still measures its own time, and the
//! [`LagAllowance`] decides how much of the gap it credits.

use tokio::time::Instant;

use crate::net::timeseal::{self, Handshake, LagAllowance};

/// What the server knows of a timesealed client's clock.
#[derive(Debug)]
pub struct Timing {
    version: Option<Handshake>,
    /// The client answers `[G]` pings.
    pings: bool,
    /// Credit left for lag, refilled with time.
    pub allowance: LagAllowance,
    /// Client stamp of the reply to the last `[G]` (when the board arrived).
    board_stamp: Option<u32>,
    /// Client stamp of the line being handled now.
    line_stamp: Option<u32>,
    /// When the last `[G]` went out, for the round trip.
    ping_sent: Option<Instant>,
    /// The last `[G]` only measures the round trip (`ping`): its reply says
    /// nothing about when a board arrived.
    probe: bool,
    /// The last measured round trip, in ms.
    pub last_round_trip: Option<u32>,
    started: Instant,
}

/// What a move's clock needs from timeseal.
#[derive(Debug)]
pub struct MoveTiming<'a> {
    /// Thinking time by the client's clock, if the stamps allow it.
    pub client_elapsed: Option<u32>,
    pub allowance: &'a mut LagAllowance,
    /// A monotonic millisecond clock for the allowance's refill.
    pub now_ms: u64,
}

impl Timing {
    pub fn new(version: Option<Handshake>, pings: bool) -> Timing {
        Timing {
            version,
            pings,
            allowance: LagAllowance::new(),
            board_stamp: None,
            line_stamp: None,
            ping_sent: None,
            probe: false,
            last_round_trip: None,
            started: Instant::now(),
        }
    }

    pub fn is_timesealed(&self) -> bool {
        self.version.is_some()
    }

    /// The `[G]` to put before a board this user must answer; remembers
    /// that a reply is due. Empty without timeseal.
    pub fn ping(&mut self) -> &'static str {
        match self.version.filter(|_| self.pings) {
            Some(v) => {
                self.ping_sent = Some(Instant::now());
                self.board_stamp = None;
                self.probe = false;
                match v {
                    // "[G]\0" is version 2's own ping, but the version 2
                    // clients met in practice (PyChess, eboard) look for
                    // "[G]\n" at the start of a line, as version 1 does.
                    Handshake::V1 | Handshake::V2 => "[G]\n",
                }
            }
            None => "",
        }
    }

    /// A `[G]` that only measures the round trip (the `ping` command). Its
    /// reply must not count as a board's arrival: a player who pings while
    /// thinking would otherwise shorten his own thinking time.
    pub fn ping_probe(&mut self) -> &'static str {
        let keep = self.board_stamp;
        let ping = self.ping();
        if !ping.is_empty() {
            self.board_stamp = keep;
            self.probe = true;
        }
        ping
    }

    /// The client answered a `[G]`; returns the round trip if one was due.
    pub fn on_ping_reply(&mut self, stamp: u32) -> Option<u32> {
        if !std::mem::take(&mut self.probe) {
            self.board_stamp = Some(stamp);
        }
        let rtt = self
            .ping_sent
            .take()
            .map(|t| t.elapsed().as_millis().min(u128::from(u32::MAX)) as u32);
        if rtt.is_some() {
            self.last_round_trip = rtt;
        }
        rtt
    }

    /// The client stamp of the line about to be handled.
    pub fn on_line(&mut self, stamp: Option<u32>) {
        self.line_stamp = stamp;
    }

    /// Timing for a move typed on the current line.
    pub fn for_move(&mut self) -> Option<MoveTiming<'_>> {
        self.version?;
        let client_elapsed = match (self.board_stamp, self.line_stamp) {
            (Some(board), Some(line)) => timeseal::elapsed(board, line),
            _ => None,
        };
        Some(MoveTiming {
            client_elapsed,
            allowance: &mut self.allowance,
            now_ms: self.started.elapsed().as_millis() as u64,
        })
    }

    /// A game starts: the lag allowance is per game, so it starts full.
    pub fn new_game(&mut self) {
        self.allowance = LagAllowance::new();
    }

    /// A move was played: its board stamp is spent, the next move needs
    /// the next board's.
    pub fn moved(&mut self) {
        self.board_stamp = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_clients_have_no_pings_and_no_timing() {
        let mut t = Timing::new(None, false);
        assert_eq!(t.ping(), "");
        assert!(t.for_move().is_none());
    }

    #[test]
    fn stamps_give_the_client_time_once() {
        let mut t = Timing::new(Some(Handshake::V1), true);
        assert_eq!(t.ping(), "[G]\n");
        assert!(t.on_ping_reply(1_000).is_some());
        t.on_line(Some(3_500));
        assert_eq!(t.for_move().unwrap().client_elapsed, Some(2_500));
        t.moved();
        // The same board stamp does not time a second move.
        t.on_line(Some(4_000));
        assert_eq!(t.for_move().unwrap().client_elapsed, None);
        let mut v2 = Timing::new(Some(Handshake::V2), true);
        assert_eq!(v2.ping(), "[G]\n");
        let mut zseal = Timing::new(Some(Handshake::V2), false);
        assert_eq!(zseal.ping(), "");
    }

    #[test]
    fn a_ping_while_thinking_does_not_restart_the_move_time() {
        let mut t = Timing::new(Some(Handshake::V1), true);
        t.ping();
        t.on_ping_reply(1_000); // the board arrived
        assert_eq!(t.ping_probe(), "[G]\n");
        assert!(
            t.on_ping_reply(3_000).is_some(),
            "the round trip is measured"
        );
        t.on_line(Some(3_500));
        assert_eq!(t.for_move().unwrap().client_elapsed, Some(2_500));
    }
}
