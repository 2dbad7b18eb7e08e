//! Everything a client sends, from bytes to the lines a session reads:
//! the telnet decoder, then timeseal decoding (handshake and ping replies
//! are taken in here), then the reduction to printable ASCII.
//!
//! It is apart from the socket (`session::conn` owns one per connection
//! and feeds it what it reads) so that the whole input path is a pure
//! value: the fuzz targets and their corpus replay drive exactly the code
//! a connection runs, byte for byte, without a socket.

use std::collections::VecDeque;

use super::telnet::{self, Input, MAX_LINE, TelnetDecoder};
use super::timeseal::{self, Handshake};

/// Bytes a timeseal envelope adds to a line (stamp, filler, offset byte).
const TIMESEAL_ENVELOPE: usize = 64;

/// One line of user input, after the telnet layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text (printable ASCII).
    Text(String),
    /// The client sent a line longer than the limit; it was dropped.
    TooLong,
}

/// Inputs decoded and not yet taken, in order: the first one inline, the
/// others (typed ahead) in a queue that exists only while they do, so
/// that a connection between two lines (an idle one, most of all) holds
/// no buffer.
#[derive(Debug, Default)]
struct Inputs {
    /// None only when `rest` is empty too.
    first: Option<Input>,
    rest: VecDeque<Input>,
}

impl Inputs {
    fn pop_front(&mut self) -> Option<Input> {
        let input = self.first.take()?;
        self.first = self.rest.pop_front();
        if self.rest.is_empty() && self.rest.capacity() > 0 {
            self.rest = VecDeque::new();
        }
        Some(input)
    }

    fn iter(&self) -> impl Iterator<Item = &Input> {
        self.first.iter().chain(&self.rest)
    }

    fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    fn clear(&mut self) {
        *self = Inputs::default();
    }
}

impl Extend<Input> for Inputs {
    fn extend<T: IntoIterator<Item = Input>>(&mut self, inputs: T) {
        for input in inputs {
            if self.first.is_none() {
                self.first = Some(input);
            } else {
                self.rest.push_back(input);
            }
        }
    }
}

/// The input side of one connection.
#[derive(Debug)]
pub struct ClientInput {
    decoder: TelnetDecoder,
    inputs: Inputs,
    /// Telnet negotiation answers waiting to be written.
    replies: Vec<u8>,
    /// The client asked to be disconnected (`IAC IP`).
    interrupted: bool,
    /// Set once the client has sent a timeseal handshake.
    timeseal: Option<Handshake>,
    /// The client timestamp of the last line returned, if timesealed.
    last_stamp: Option<u32>,
    /// The client timestamp of the last reply to a `[G]` ping.
    ping_reply: Option<u32>,
    /// Whether the timeseal client understands `[G]` pings.
    pings: bool,
    /// The longest line taken.
    max_line: usize,
}

impl Default for ClientInput {
    fn default() -> Self {
        ClientInput::new()
    }
}

impl ClientInput {
    /// Input of a new connection: plain telnet until a timeseal handshake.
    pub fn new() -> ClientInput {
        ClientInput::with_max_line(MAX_LINE)
    }

    /// Input whose lines may be up to `max_line` bytes: the JSON framing's
    /// (a command line of [`MAX_LINE`] bytes, in JSON with its escapes).
    pub fn with_max_line(max_line: usize) -> ClientInput {
        ClientInput {
            decoder: TelnetDecoder::new(max_line + TIMESEAL_ENVELOPE),
            inputs: Inputs::default(),
            replies: Vec::new(),
            interrupted: false,
            timeseal: None,
            last_stamp: None,
            ping_reply: None,
            pings: false,
            max_line,
        }
    }

    /// Takes bytes as they came from the socket. After `IAC IP` nothing
    /// more is taken, however the bytes were cut into reads.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.interrupted {
            return;
        }
        self.decoder.feed(bytes, &mut self.inputs);
    }

    /// Whether a complete line is already waiting (typed ahead).
    pub fn line_waiting(&self) -> bool {
        self.inputs
            .iter()
            .any(|i| matches!(i, Input::Line(_) | Input::TooLong))
    }

    /// Whether nothing received is left to read.
    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty()
    }

    /// Whether the client asked to be disconnected (`IAC IP`); what it
    /// sent after that is dropped.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Pieces of input (lines, telnet commands) decoded and not yet taken:
    /// the session stops reading ahead past a limit.
    pub fn queued(&self) -> usize {
        self.inputs.len()
    }

    /// Bytes held for an unfinished line (for memory accounting).
    pub fn pending(&self) -> usize {
        self.decoder.pending()
    }

    /// Telnet negotiation answers to send, taken out.
    pub fn take_replies(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.replies)
    }

    /// Whether `[G]` pings may be sent to this client.
    pub fn timeseal_pings(&self) -> bool {
        self.pings
    }

    /// The timeseal version the client announced, if any.
    pub fn timeseal(&self) -> Option<Handshake> {
        self.timeseal
    }

    /// The client's timestamp on the last line returned by
    /// [`ClientInput::pop_line`].
    pub fn last_stamp(&self) -> Option<u32> {
        self.last_stamp
    }

    /// Takes the client timestamp of the latest `[G]` reply, if one came.
    pub fn take_ping_reply(&mut self) -> Option<u32> {
        self.ping_reply.take()
    }

    /// The next line already received, if any (typeahead is kept in order).
    pub fn pop_line(&mut self) -> Option<Line> {
        while let Some(input) = self.inputs.pop_front() {
            match input {
                Input::Line(raw) => {
                    if let Some(line) = self.interpret(raw) {
                        return Some(line);
                    }
                }
                Input::TooLong => return Some(Line::TooLong),
                Input::Reply(bytes) => self.replies.extend_from_slice(bytes),
                Input::Interrupt => {
                    self.interrupted = true;
                    self.inputs.clear();
                }
            }
        }
        None
    }

    /// One raw line as the user meant it: timeseal lines are decoded (the
    /// handshake and ping replies are consumed here), everything is reduced
    /// to printable ASCII, and lines over the limit are refused.
    fn interpret(&mut self, mut raw: Vec<u8>) -> Option<Line> {
        if raw.last() == Some(&b'\r') {
            raw.pop(); // an encoded byte is never \r, so this is only line-end noise
        }
        let text = match timeseal::decode(&raw) {
            Some(decoded) => {
                if self.timeseal.is_none()
                    && let Some(version) = timeseal::handshake(&decoded.text)
                {
                    let text = String::from_utf8_lossy(&decoded.text);
                    tracing::debug!(handshake = %text, "timeseal client");
                    // eboard's built-in "zseal" announces TIMESEAL2 but
                    // neither strips nor answers pings, and it crashes on
                    // "[G]\0": its moves are timed by the server instead.
                    self.pings = !text.contains("zseal");
                    self.timeseal = Some(version);
                    return None;
                }
                if self.timeseal.is_some() {
                    if timeseal::is_ping_reply(&decoded.text) {
                        self.ping_reply = Some(decoded.timestamp);
                        return None;
                    }
                    self.last_stamp = Some(decoded.timestamp);
                    decoded.text
                } else {
                    raw
                }
            }
            None => {
                self.last_stamp = None;
                raw
            }
        };
        if text.len() > self.max_line {
            return Some(Line::TooLong);
        }
        Some(Line::Text(telnet::sanitize(&text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &mut ClientInput) -> Vec<Line> {
        std::iter::from_fn(|| input.pop_line()).collect()
    }

    /// Found by the telnet fuzz target: a line typed after `IAC IP` was
    /// dropped when it came in the same read, and run when it came in the
    /// next one.
    #[test]
    fn nothing_after_an_interrupt_whatever_the_reads() {
        let mut whole = ClientInput::new();
        whole.feed(
            b"who
\xff\xf4e4
",
        );
        let mut cut = ClientInput::new();
        cut.feed(
            b"who
\xff\xf4",
        );
        let mut got = lines(&mut cut);
        cut.feed(
            b"e4
",
        );
        got.extend(lines(&mut cut));
        assert_eq!(lines(&mut whole), vec![Line::Text("who".into())]);
        assert_eq!(got, vec![Line::Text("who".into())]);
        assert!(whole.interrupted() && cut.interrupted());
    }

    #[test]
    fn timeseal_lines_are_decoded_and_stamped() {
        let mut input = ClientInput::new();
        let mut wire = timeseal::encode(b"TIMESEAL2|me|os|", 1, 0, || b'1');
        wire.push(b'\n');
        wire.extend(timeseal::encode(b"e4", 4242, 3, || b'x'));
        wire.extend_from_slice(b"\r\n");
        input.feed(&wire);
        assert_eq!(lines(&mut input), vec![Line::Text("e4".into())]);
        assert_eq!(input.timeseal(), Some(Handshake::V2));
        assert_eq!(input.last_stamp(), Some(4242));
    }
}
