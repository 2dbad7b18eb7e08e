//! Timeseal: the line encoding FICS clients use so that moves are charged on
//! the client's clock instead of the server's, and network lag is not.
//!
//! A timesealed client (PyChess by default, xboard/Jin/eboard through the
//! `timeseal` helper, the freechess.club web client) scrambles every line it
//! sends and stamps it with its own millisecond clock. The server decodes
//! each line ([`decode`]), and before each board it asks the player whose
//! turn it is for a stamp ([`Handshake::ping`]); the client answers with the
//! text `"\x029"` ([`is_ping_reply`]). Move time is then the difference of
//! two client stamps ([`elapsed`]), and [`LagAllowance`] decides how much of
//! the gap to the server's own measure the player may be credited.
//!
//! The wire format, after FatICS `timeseal/openseal.c` and
//! `openseal_decoder.c`, PyChess `ic/TimeSeal.py`, lasker `src/timeseal.c`:
//!
//! 1. `text + 0x18 + decimal timestamp + 0x19`, then filler bytes up to a
//!    multiple of 12 (PyChess and Jin always add 1–12 bytes; openseal adds
//!    0–11, all `'1'`);
//! 2. in each 12-byte block swap bytes 0↔11, 2↔9, 4↔7;
//! 3. byte `i` becomes `((b | 0x80) ^ KEY[(i + off) % 50]) - 32`;
//! 4. one last byte `0x80 | off` (openseal always uses `off = 0`).
//!
//! **Version 2** (`TIMESEAL2|…` handshake, FatICS `openseal2.c` and
//! `session.py`) encodes lines exactly like version 1 and answers pings
//! with the same `"\x029"`. What changes is the ping the server sends: a
//! version 1 client only recognises `[G]` on a line of its own, a version 2
//! client only recognises `[G]` followed by a NUL byte, anywhere in the
//! stream. So the server must remember the version ([`Handshake`]) and send
//! the matching [`Handshake::ping`].

/// The scrambling key every timeseal implementation shares.
pub const KEY: &[u8; 50] = b"Timestamp (FICS) v1.0 - programmed by Henrik Gram.";

/// Encoded text comes in blocks of this many bytes.
const BLOCK: usize = 12;
/// Byte pairs swapped inside each block, before scrambling.
const SWAPS: [(usize, usize); 3] = [(0, 11), (2, 9), (4, 7)];
/// Opens the decimal timestamp after the command text.
const STAMP_START: u8 = 0x18;
/// Closes the decimal timestamp; filler follows.
const STAMP_END: u8 = 0x19;
/// Set on every scrambled byte and on the final offset byte.
const HIGH: u8 = 0x80;

/// One decoded client line: the command text (bytes, may still contain junk
/// the caller sanitises) and the client timestamp in ms (wrapping).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The command text, without the timestamp and filler. Timeseal is a
    /// 7-bit code: a byte ≥ 0x80 typed by the user arrives with its top bit
    /// cleared.
    pub text: Vec<u8>,
    /// The client's clock in milliseconds, reduced modulo 2^32. Clients
    /// start it anywhere and wrap it differently (see [`elapsed`]); only
    /// differences mean something. Jin sends 0 on its first lines: 0 is a
    /// valid timestamp, not a failure.
    pub timestamp: u32,
}

/// Decodes one line as received, without its `\n` (an encoded line never
/// contains `\n`, `\r` or `0xFF`, so the telnet layer can cut lines first).
///
/// `None` means "not a timeseal line": the caller treats it as plain text.
/// That covers a wrong length (not 12·k + 1), a last byte without 0x80 or
/// with an offset ≥ 50, a byte that does not descramble with 0x80 set, and
/// a missing or malformed `0x18 digits 0x19` stamp.
pub fn decode(line: &[u8]) -> Option<Decoded> {
    let (&last, body) = line.split_last()?;
    if line.len() % BLOCK != 1 || last & HIGH == 0 {
        return None;
    }
    let off = usize::from(last & !HIGH);
    if off >= KEY.len() {
        return None;
    }
    let mut buf = Vec::with_capacity(body.len());
    for (i, &byte) in body.iter().enumerate() {
        let plain = byte.wrapping_add(32) ^ KEY[(i + off) % KEY.len()];
        if plain & HIGH == 0 {
            return None;
        }
        buf.push(plain & !HIGH);
    }
    swap_blocks(&mut buf);
    // The last 0x18: the text itself may contain one (ctrl-X), the filler
    // never does.
    let start = buf.iter().rposition(|&b| b == STAMP_START)?;
    let digits = &buf[start + 1..];
    let end = digits.iter().position(|&b| b == STAMP_END)?;
    let timestamp = parse_timestamp(&digits[..end])?;
    buf.truncate(start);
    Some(Decoded {
        text: buf,
        timestamp,
    })
}

/// Encodes one line the way a client does (PyChess's padding: 1–12 filler
/// bytes). The result has no `\n`: append one when sending. Used by tests
/// and by our own bot client.
///
/// `off` is taken modulo 50; `filler` supplies the padding bytes (PyChess
/// picks them at random from `[0-9a-zA-Z]`); a control byte from it is
/// replaced by `'1'` so that it cannot be mistaken for a stamp delimiter.
pub fn encode(text: &[u8], timestamp: u32, off: u8, mut filler: impl FnMut() -> u8) -> Vec<u8> {
    let off = off % KEY.len() as u8;
    let mut buf = Vec::with_capacity(text.len() + 2 * BLOCK);
    buf.extend_from_slice(text);
    buf.push(STAMP_START);
    buf.extend_from_slice(timestamp.to_string().as_bytes());
    buf.push(STAMP_END);
    let padding = BLOCK - buf.len() % BLOCK;
    for _ in 0..padding {
        let byte = filler();
        buf.push(if byte.is_ascii_graphic() { byte } else { b'1' });
    }
    swap_blocks(&mut buf);
    for (i, byte) in buf.iter_mut().enumerate() {
        *byte = ((*byte | HIGH) ^ KEY[(i + usize::from(off)) % KEY.len()]).wrapping_sub(32);
    }
    buf.push(HIGH | off);
    buf
}

/// Swaps the byte pairs of every whole 12-byte block; its own inverse.
fn swap_blocks(buf: &mut [u8]) {
    for block in buf.chunks_exact_mut(BLOCK) {
        for (a, b) in SWAPS {
            block.swap(a, b);
        }
    }
}

/// Reads the decimal stamp: one or more ASCII digits, kept modulo 2^32
/// (freechess.club's client sends full Unix milliseconds, ~1.7·10^12).
fn parse_timestamp(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    Some(value as u32) // wrapping on purpose: only differences matter
}

/// Which timeseal a client announced with its first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handshake {
    /// `TIMESTAMP|user|os|`: PyChess, the classic `timeseal` helper, Jin,
    /// openseal.
    V1,
    /// `TIMESEAL2|user|os|`: timeseal 2, openseal2, Raptor, freechess.club.
    V2,
}

impl Handshake {
    /// The ping that asks this client for a `"\x029"` reply, as logical
    /// bytes (the output layer turns `\n` into `\n\r` as for any text).
    ///
    /// * V1: `[G]\n`, which must start a line. Board delivery (docs/protocol.md §2.1)
    ///   puts it right after the `\n` that precedes the
    ///   board, so the wire shows `\n\r[G]\n\r` as Jin requires; PyChess
    ///   finds `[G]\n\r` anywhere.
    /// * V2: `[G]` and a NUL byte, valid anywhere in the stream; a V2 client
    ///   does not answer the V1 form (it would show it as text).
    pub fn ping(self) -> &'static [u8] {
        match self {
            Handshake::V1 => b"[G]\n",
            Handshake::V2 => b"[G]\0",
        }
    }
}

/// Recognises the handshake in the decoded text of a connection's first
/// timeseal line: `TIMESTAMP|user|os|` (V1) or `TIMESEAL2|user|os|` (V2).
/// The user and system fields are informational and not checked. The
/// handshake is swallowed: it is not a login name.
pub fn handshake(text: &[u8]) -> Option<Handshake> {
    if text.starts_with(b"TIMESTAMP|") {
        Some(Handshake::V1)
    } else if text.starts_with(b"TIMESEAL2|") {
        Some(Handshake::V2)
    } else {
        None
    }
}

/// Whether decoded text is the answer to a ping: `"\x029"` (PyChess, the
/// timeseal helpers, FatICS) or a bare `"9"` (lasker checks for this after
/// stripping control bytes). It is not a command: no output, no prompt.
pub fn is_ping_reply(text: &[u8]) -> bool {
    text == b"\x029" || text == b"9"
}

/// Where PyChess's and openseal's clocks wrap: PyChess sends
/// `Unix ms mod 10^7`, openseal `(s mod 10^4)·1000 + ms`, the same range.
/// Jin counts ms since it connected and freechess.club sends full Unix ms
/// (kept modulo 2^32 by [`decode`]); neither wraps at 10^7.
pub const CLOCK_WRAP_MS: u32 = 10_000_000;

/// The longest client-measured move [`elapsed`] accepts: half the 10^7 wrap
/// (83 minutes). Past that a 10^7 wrap cannot be told from a clock jump; the
/// caller falls back on server time, which for a move that long costs the
/// player nothing worth counting.
pub const MAX_ELAPSED_MS: u32 = CLOCK_WRAP_MS / 2;

/// Client milliseconds between two stamps `from` and `to`, through
/// wrap-around, or `None` when the answer is nonsense (the caller then uses
/// the server's own measure).
///
/// `to < from` means a wrap: at 10^7 when both stamps are below 10^7
/// (PyChess, openseal), otherwise at 2^32 (stamps [`decode`] reduced). A
/// result above [`MAX_ELAPSED_MS`] is refused, which also refuses a clock
/// that ran backwards.
pub fn elapsed(from: u32, to: u32) -> Option<u32> {
    let ms = if to >= from {
        to - from
    } else if from < CLOCK_WRAP_MS && to < CLOCK_WRAP_MS {
        CLOCK_WRAP_MS - from + to
    } else {
        to.wrapping_sub(from)
    };
    (ms <= MAX_ELAPSED_MS).then_some(ms)
}

/// The most lag a single move may be credited: a slow line gets relief, a
/// doctored client cannot stop its clock.
pub const LAG_CAP_PER_MOVE_MS: u32 = 1_000;
/// The lag credit a player holds when a game starts, and the most he can
/// bank: 30 moves at the per-move cap.
pub const LAG_QUOTA_MS: u32 = 30_000;
/// Wall-clock milliseconds that earn back one millisecond of quota: 1 s per
/// 10 s, so a steady 10 % of the time spent may be lag, which covers honest
/// connections (a 300 ms round trip on 3-second moves) but not a client that
/// claims to think in no time at all.
pub const LAG_REFILL_EVERY_MS: u64 = 10;

/// What a move costs the mover's clock, and the lag credited for it (shown
/// in style 12 field 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charged {
    /// Milliseconds to take off the clock.
    pub charged_ms: u32,
    /// `server elapsed − charged`, the part forgiven as network lag.
    pub lag_ms: u32,
}

/// A player's lag credit for one game (issue #5).
///
/// With timeseal the server would charge a move the client's own measure of
/// it (from the ping reply to the move line), but a client can lie about its
/// clock. So the credit `server_elapsed − client_elapsed` is capped at
/// [`LAG_CAP_PER_MOVE_MS`] per move and drawn from a quota of
/// [`LAG_QUOTA_MS`] that refills at 1 ms per [`LAG_REFILL_EVERY_MS`] of
/// wall time. Pure: the caller passes its monotonic clock in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LagAllowance {
    quota_ms: u32,
    /// The wall time up to which refill has been counted; `None` until the
    /// first charge.
    refilled_to_ms: Option<u64>,
}

impl Default for LagAllowance {
    fn default() -> Self {
        Self::new()
    }
}

impl LagAllowance {
    /// A full quota.
    pub fn new() -> Self {
        LagAllowance {
            quota_ms: LAG_QUOTA_MS,
            refilled_to_ms: None,
        }
    }

    /// The credit left, in milliseconds.
    pub fn quota_ms(&self) -> u32 {
        self.quota_ms
    }

    /// Charges one move. `server_elapsed_ms` is the server's measure (from
    /// sending the board to reading the move), `client_elapsed_ms` the
    /// client's (from [`elapsed`]; `None` without timeseal, without a ping
    /// reply, or when [`elapsed`] refused the stamps), `now_ms` the server's
    /// monotonic clock. The move is never charged more than the server
    /// measured, nor less than the client claims.
    pub fn charge(
        &mut self,
        server_elapsed_ms: u32,
        client_elapsed_ms: Option<u32>,
        now_ms: u64,
    ) -> Charged {
        self.refill(now_ms);
        let wanted = client_elapsed_ms.map_or(0, |client| server_elapsed_ms.saturating_sub(client));
        let lag_ms = wanted.min(LAG_CAP_PER_MOVE_MS).min(self.quota_ms);
        self.quota_ms -= lag_ms;
        Charged {
            charged_ms: server_elapsed_ms - lag_ms,
            lag_ms,
        }
    }

    fn refill(&mut self, now_ms: u64) {
        let Some(since) = self.refilled_to_ms else {
            self.refilled_to_ms = Some(now_ms);
            return;
        };
        if now_ms <= since {
            return; // a clock that did not move (or moved back) earns nothing
        }
        let earned = (now_ms - since) / LAG_REFILL_EVERY_MS;
        let room = u64::from(LAG_QUOTA_MS - self.quota_ms);
        if earned >= room {
            // Full: time spent full is not banked.
            self.quota_ms = LAG_QUOTA_MS;
            self.refilled_to_ms = Some(now_ms);
        } else {
            self.quota_ms += earned as u32; // earned < room ≤ LAG_QUOTA_MS
            self.refilled_to_ms = Some(since + earned * LAG_REFILL_EVERY_MS);
        }
    }
}
