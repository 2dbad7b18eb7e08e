//! A game's two clocks (docs/protocol.md §5.4, docs/protocol.md decision 5), in milliseconds.
//!
//! Neither clock runs, and no increment is added, until both sides have
//! made their first move. From then on the side to move loses the time it
//! takes and gains the increment after moving. Untimed games (0 0) never
//! run. Time comes in as an argument, so the rules are tested without
//! waiting.

use shakmaty::Color;
use tokio::time::Instant;

/// Both clocks of one game.
#[derive(Debug, Clone)]
pub struct Clock {
    white_ms: i64,
    black_ms: i64,
    inc_ms: i64,
    untimed: bool,
    /// Half-moves made so far (the clock starts after the second).
    plies: u32,
    /// When the side to move started thinking, once the clock runs.
    turn_started: Option<Instant>,
    /// Stopped (`pause`) or the game is over.
    stopped: bool,
}

impl Clock {
    /// Fresh clocks: `initial_secs` each, `inc_secs` per move.
    pub fn new(initial_secs: u32, inc_secs: u32) -> Clock {
        let initial = i64::from(initial_secs) * 1000;
        Clock {
            white_ms: initial,
            black_ms: initial,
            inc_ms: i64::from(inc_secs) * 1000,
            untimed: initial_secs == 0 && inc_secs == 0,
            plies: 0,
            turn_started: None,
            stopped: false,
        }
    }

    /// Clocks as they stood at some ply of a game being resumed; they start
    /// running again at `now` if both sides had moved.
    pub fn resume(
        initial_secs: u32,
        inc_secs: u32,
        white_ms: i64,
        black_ms: i64,
        plies: u32,
        now: Instant,
    ) -> Clock {
        let mut c = Clock::new(initial_secs, inc_secs);
        c.white_ms = white_ms;
        c.black_ms = black_ms;
        c.plies = plies;
        c.turn_started = (plies >= 2 && !c.untimed).then_some(now);
        c
    }

    pub fn is_untimed(&self) -> bool {
        self.untimed
    }

    /// Style-12 field 31: the side to move's clock is running.
    pub fn ticking(&self) -> bool {
        self.turn_started.is_some() && !self.stopped
    }

    /// How long the side to move has been thinking at `now`, as the server
    /// measures it (0 while the clock does not run).
    pub fn thinking_ms(&self, now: Instant) -> u64 {
        match self.turn_started {
            Some(t) if !self.stopped && !self.untimed => now.duration_since(t).as_millis() as u64,
            _ => 0,
        }
    }

    /// What `side` has left at `now` (negative once its flag has fallen).
    pub fn remaining(&self, side: Color, to_move: Color, now: Instant) -> i64 {
        let base = match side {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        };
        match self.turn_started {
            Some(t) if side == to_move && !self.stopped => {
                base - now.duration_since(t).as_millis() as i64
            }
            _ => base,
        }
    }

    /// The instant the side to move runs out, if its clock is running.
    pub fn deadline(&self, to_move: Color) -> Option<Instant> {
        if self.untimed || self.stopped {
            return None;
        }
        let t = self.turn_started?;
        let left = match to_move {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        };
        Some(t + std::time::Duration::from_millis(left.max(0) as u64))
    }

    /// Charges the mover for a move made at `now` and starts the other
    /// clock. `charged` overrides the time measured by the server (timeseal
    /// clients); returns the time the move is shown to have taken.
    pub fn on_move(&mut self, mover: Color, now: Instant, charged: Option<u64>) -> u64 {
        let used = match self.turn_started {
            Some(t) if !self.untimed => {
                charged.unwrap_or_else(|| now.duration_since(t).as_millis() as u64)
            }
            _ => 0,
        };
        if self.turn_started.is_some() && !self.untimed {
            let left = match mover {
                Color::White => &mut self.white_ms,
                Color::Black => &mut self.black_ms,
            };
            *left = *left - used as i64 + self.inc_ms;
        }
        self.plies += 1;
        if self.plies >= 2 && !self.untimed && !self.stopped {
            self.turn_started = Some(now);
        }
        used
    }

    /// Gives `side` extra time (`moretime`).
    pub fn add(&mut self, side: Color, ms: i64) {
        match side {
            Color::White => self.white_ms += ms,
            Color::Black => self.black_ms += ms,
        }
    }

    /// Freezes both clocks at `now` (the game ended or was adjourned).
    pub fn stop(&mut self, to_move: Color, now: Instant) {
        if let Some(t) = self.turn_started.take() {
            let used = now.duration_since(t).as_millis() as i64;
            match to_move {
                Color::White => self.white_ms -= used,
                Color::Black => self.black_ms -= used,
            }
        }
        self.stopped = true;
    }

    /// Undoes half-moves for a takeback: the clocks keep their values and
    /// the side to move starts thinking at `now`.
    pub fn take_back(&mut self, half_moves: u32, now: Instant) {
        self.plies = self.plies.saturating_sub(half_moves);
        self.turn_started = (self.plies >= 2 && !self.untimed && !self.stopped).then_some(now);
    }

    /// Clock values at `now`, as (White, Black).
    pub fn both(&self, to_move: Color, now: Instant) -> (i64, i64) {
        (
            self.remaining(Color::White, to_move, now),
            self.remaining(Color::Black, to_move, now),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn nothing_runs_until_both_have_moved() {
        let t0 = Instant::now();
        let mut c = Clock::new(180, 2);
        assert!(!c.ticking());
        assert_eq!(c.on_move(Color::White, t0 + ms(5000), None), 0);
        assert_eq!(c.on_move(Color::Black, t0 + ms(9000), None), 0);
        assert_eq!(c.both(Color::White, t0 + ms(9000)), (180_000, 180_000));
        assert!(c.ticking());
        // White thinks 3 s, then gains the 2 s increment.
        assert_eq!(
            c.remaining(Color::White, Color::White, t0 + ms(12_000)),
            177_000
        );
        assert_eq!(c.on_move(Color::White, t0 + ms(12_000), None), 3000);
        assert_eq!(c.both(Color::Black, t0 + ms(12_000)), (179_000, 180_000));
        assert_eq!(
            c.deadline(Color::Black),
            Some(t0 + ms(12_000) + ms(180_000))
        );
    }

    #[test]
    fn untimed_games_never_run_or_flag() {
        let t0 = Instant::now();
        let mut c = Clock::new(0, 0);
        for i in 0..4 {
            let side = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(c.on_move(side, t0 + ms(1000 * i), None), 0);
        }
        assert!(!c.ticking());
        assert_eq!(c.deadline(Color::White), None);
        assert_eq!(c.both(Color::White, t0 + ms(99_999)), (0, 0));
    }

    #[test]
    fn timeseal_charge_overrides_server_time_and_moretime_adds() {
        let t0 = Instant::now();
        let mut c = Clock::new(60, 0);
        c.on_move(Color::White, t0, None);
        c.on_move(Color::Black, t0, None);
        assert_eq!(c.on_move(Color::White, t0 + ms(2000), Some(1500)), 1500);
        assert_eq!(c.both(Color::Black, t0 + ms(2000)).0, 58_500);
        c.add(Color::White, 30_000);
        assert_eq!(c.both(Color::Black, t0 + ms(2000)).0, 88_500);
        c.stop(Color::Black, t0 + ms(3000));
        assert!(!c.ticking());
        assert_eq!(c.both(Color::Black, t0 + ms(9000)), (88_500, 59_000));
        assert_eq!(c.deadline(Color::Black), None);
    }

    #[test]
    fn resumed_clocks_run_from_the_resume() {
        let t0 = Instant::now();
        let c = Clock::resume(60, 0, 30_000, 20_000, 5, t0);
        assert!(c.ticking());
        assert_eq!(
            c.remaining(Color::Black, Color::Black, t0 + ms(1000)),
            19_000
        );
        assert_eq!(
            c.remaining(Color::White, Color::Black, t0 + ms(1000)),
            30_000
        );
        let fresh = Clock::resume(60, 0, 60_000, 60_000, 1, t0);
        assert!(!fresh.ticking());
    }
}
