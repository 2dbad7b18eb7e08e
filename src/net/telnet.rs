//! Telnet line discipline (docs/protocol.md §1.1–1.2).
//!
//! Input: bytes → lines. IAC sequences are removed and answered, a line ends
//! at `\n`, and a line longer than the limit is thrown away with one
//! [`Input::TooLong`]. Bytes are kept raw (the caller may still find a
//! timeseal line in them, whose bytes lie above 0x7F); [`sanitize`] then drops
//! control and non-ASCII bytes from plain lines.
//!
//! Output: [`layout`] expands tabs and word-wraps human text, [`to_wire`]
//! turns every `\n` into `\n\r`, the order FICS clients expect.

use std::borrow::Cow;

/// Telnet command bytes (RFC 854).
const IAC: u8 = 255;
const DONT: u8 = 254;
const DO: u8 = 253;
const WONT: u8 = 252;
const WILL: u8 = 251;
const SB: u8 = 250;
const AYT: u8 = 246;
const IP: u8 = 244;
const SE: u8 = 240;
/// Telnet options we answer.
const OPT_ECHO: u8 = 1;
const OPT_SGA: u8 = 3;
const OPT_TM: u8 = 6;

/// Sent right after `password: ` so that telnet stops echoing.
pub const WILL_ECHO: &[u8] = &[IAC, WILL, OPT_ECHO];
/// Sent after the password line: echo is the client's job again.
pub const WONT_ECHO: &[u8] = &[IAC, WONT, OPT_ECHO];
const WILL_TM: &[u8] = &[IAC, WILL, OPT_TM];
const WILL_SGA: &[u8] = &[IAC, WILL, OPT_SGA];
const AYT_REPLY: &[u8] = b"[Responding to AYT: Yes, I'm here.]\n\r";

/// The longest line a user may send (FICS's MAX_STRING_LENGTH is about 1 KB).
pub const MAX_LINE: usize = 1024;

/// What one chunk of client bytes means.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// One line without its `\n`, raw bytes.
    Line(Vec<u8>),
    /// A line was longer than the limit; it was dropped.
    TooLong,
    /// Bytes to send back at once (telnet negotiation answers).
    Reply(&'static [u8]),
    /// `IAC IP`: the client asked to be disconnected.
    Interrupt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Data,
    Iac,
    Option(u8),
    Sub,
    SubIac,
}

/// Turns a byte stream into [`Input`]s. Holds only the unfinished line, so an
/// idle connection costs no buffer at all.
#[derive(Debug)]
pub struct TelnetDecoder {
    line: Vec<u8>,
    state: State,
    overflow: bool,
    max_line: usize,
}

impl Default for TelnetDecoder {
    fn default() -> Self {
        TelnetDecoder::new(MAX_LINE)
    }
}

impl TelnetDecoder {
    /// A decoder that drops lines longer than `max_line` bytes.
    pub fn new(max_line: usize) -> Self {
        TelnetDecoder {
            line: Vec::new(),
            state: State::Data,
            overflow: false,
            max_line,
        }
    }

    /// Changes the limit (a timeseal line carries some bytes of envelope).
    pub fn set_max_line(&mut self, max_line: usize) {
        self.max_line = max_line;
    }

    /// Feeds received bytes; complete inputs are appended to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut impl Extend<Input>) {
        for &b in bytes {
            self.state = match self.state {
                State::Data => match b {
                    IAC => State::Iac,
                    b'\n' => {
                        self.end_line(out);
                        State::Data
                    }
                    _ => {
                        self.push(b);
                        State::Data
                    }
                },
                State::Iac => match b {
                    DO | DONT | WILL | WONT => State::Option(b),
                    SB => State::Sub,
                    AYT => {
                        out.extend([Input::Reply(AYT_REPLY)]);
                        State::Data
                    }
                    IP => {
                        out.extend([Input::Interrupt]);
                        State::Data
                    }
                    // IAC IAC is a literal 0xFF: not ASCII, so it is dropped.
                    _ => State::Data,
                },
                State::Option(verb) => {
                    if verb == DO && b == OPT_TM {
                        out.extend([Input::Reply(WILL_TM)]);
                    } else if verb == DO && b == OPT_SGA {
                        out.extend([Input::Reply(WILL_SGA)]);
                    }
                    State::Data
                }
                State::Sub => match b {
                    IAC => State::SubIac,
                    _ => State::Sub,
                },
                State::SubIac => match b {
                    SE => State::Data,
                    _ => State::Sub,
                },
            };
        }
    }

    fn push(&mut self, b: u8) {
        if self.overflow {
            return;
        }
        if self.line.len() >= self.max_line {
            self.overflow = true;
            self.line = Vec::new();
        } else {
            self.line.push(b);
        }
    }

    fn end_line(&mut self, out: &mut impl Extend<Input>) {
        if std::mem::take(&mut self.overflow) {
            out.extend([Input::TooLong]);
        } else {
            out.extend([Input::Line(std::mem::take(&mut self.line))]);
        }
    }

    /// Bytes of an unfinished line held right now (for memory accounting).
    pub fn pending(&self) -> usize {
        self.line.capacity()
    }
}

/// A plain (non-timeseal) line as text: printable ASCII and tabs only;
/// everything else, including `\r`, is dropped.
pub fn sanitize(raw: &[u8]) -> String {
    raw.iter()
        .filter(|&&b| b == b'\t' || (0x20..0x7f).contains(&b))
        .map(|&b| if b == b'\t' { ' ' } else { b as char })
        .collect()
}

/// Expands tabs to the next multiple of 8 columns and, when `width` is
/// given, breaks human lines longer than it with FICS's `\   ` continuation.
/// Width is counted in characters, not bytes: `é` is one column on the
/// user's terminal, though two bytes of UTF-8.
/// Machine lines (starting with `<`) are never wrapped: clients parse them
/// whole. Text that needs neither (nearly all of it: boards, prompts,
/// short replies) is given back as it is, without a copy.
pub fn layout(text: &str, width: Option<usize>) -> Cow<'_, str> {
    if !text.contains('\t')
        && width
            .is_none_or(|w| w <= 8 || !text.split('\n').any(|l| wider(l, w) && !is_machine_line(l)))
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let expanded = expand_tabs(line);
        match width {
            Some(w) if wider(&expanded, w) && !is_machine_line(&expanded) && w > 8 => {
                wrap_line(&expanded, w, &mut out)
            }
            _ => out.push_str(&expanded),
        }
    }
    Cow::Owned(out)
}

/// Lines that programs parse whole and that must never be wrapped: the
/// `<..>` lines, and the game, challenge and start lines that xboard,
/// PyChess, zippy and mamer match with patterns.
/// Whether `line` takes more than `width` columns (one per character; the
/// byte length is an upper bound that settles nearly every line at once).
fn wider(line: &str, width: usize) -> bool {
    line.len() > width && line.chars().count() > width
}

/// The byte index where the first `columns` characters of `s` end (its
/// length if it is shorter).
fn columns_end(s: &str, columns: usize) -> usize {
    s.char_indices().nth(columns).map_or(s.len(), |(i, _)| i)
}

fn is_machine_line(line: &str) -> bool {
    const PREFIXES: [&str; 5] = ["<", "{Game ", "Creating: ", "Challenge: ", "Issuing: "];
    // A bell may come first (`set bell 1` rings before a challenge).
    let line = line.trim_start_matches('\u{7}');
    PREFIXES.iter().any(|p| line.starts_with(p))
}

fn expand_tabs(line: &str) -> Cow<'_, str> {
    if !line.contains('\t') {
        return line.into();
    }
    let mut s = String::with_capacity(line.len() + 16);
    for c in line.chars() {
        if c == '\t' {
            let n = 8 - s.chars().count() % 8;
            s.extend(std::iter::repeat_n(' ', n));
        } else {
            s.push(c);
        }
    }
    s.into()
}

/// The continuation that starts every wrapped piece after the first.
const CONTINUATION: &str = "\\   ";

fn wrap_line(line: &str, width: usize, out: &mut String) {
    let mut rest = line;
    let mut first = true;
    loop {
        let room = if first {
            width
        } else {
            width - CONTINUATION.len()
        };
        if !first {
            out.push_str(CONTINUATION);
        }
        let fits = columns_end(rest, room);
        if fits == rest.len() {
            out.push_str(rest);
            return;
        }
        // Break after the last space that fits; a word longer than the line is cut.
        let cut = match rest.as_bytes()[..fits].iter().rposition(|&b| b == b' ') {
            Some(0) | None => fits,
            Some(space) => space + 1,
        };
        out.push_str(&rest[..cut]);
        out.push('\n');
        rest = &rest[cut..];
        first = false;
    }
}

/// Appends `text` to `out` with every `\n` sent as `\n\r` (docs/protocol.md §1.1).
pub fn to_wire(text: &str, out: &mut Vec<u8>) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len() + bytes.len() / 16);
    // memchr finds the newlines a word at a time: every board and reply
    // goes through here, once per recipient.
    let mut from = 0;
    for at in memchr::memchr_iter(b'\n', bytes) {
        out.extend_from_slice(&bytes[from..=at]);
        out.push(b'\r');
        from = at + 1;
    }
    out.extend_from_slice(&bytes[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(bytes: &[u8]) -> Vec<Input> {
        let mut d = TelnetDecoder::default();
        let mut out = Vec::new();
        d.feed(bytes, &mut out);
        out
    }

    #[test]
    fn lines_end_at_newline_and_keep_typeahead() {
        let out = feed(b"%b0101\nalice\r\nsecret\npartial");
        assert_eq!(
            out,
            vec![
                Input::Line(b"%b0101".to_vec()),
                Input::Line(b"alice\r".to_vec()),
                Input::Line(b"secret".to_vec())
            ]
        );
    }

    #[test]
    fn iac_sequences_are_stripped_and_answered() {
        let out = feed(&[b'h', IAC, DO, OPT_TM, b'i', IAC, WILL, 24, IAC, AYT, b'\n']);
        assert_eq!(
            out,
            vec![
                Input::Reply(WILL_TM),
                Input::Reply(AYT_REPLY),
                Input::Line(b"hi".to_vec())
            ]
        );
        let out = feed(&[IAC, SB, 24, 0, b'x', b'\n', IAC, SE, b'o', b'k', b'\n']);
        assert_eq!(out, vec![Input::Line(b"ok".to_vec())]);
        assert_eq!(feed(&[IAC, IP]), vec![Input::Interrupt]);
        assert_eq!(feed(&[IAC, DO, OPT_SGA]), vec![Input::Reply(WILL_SGA)]);
    }

    #[test]
    fn a_half_finished_iac_waits_for_the_next_packet() {
        let mut d = TelnetDecoder::default();
        let mut out = Vec::new();
        d.feed(&[b'a', IAC], &mut out);
        d.feed(&[DO], &mut out);
        d.feed(&[OPT_TM, b'b', b'\n'], &mut out);
        assert_eq!(
            out,
            vec![Input::Reply(WILL_TM), Input::Line(b"ab".to_vec())]
        );
    }

    #[test]
    fn an_overlong_line_is_dropped_once_and_the_next_one_works() {
        let mut bytes = vec![b'x'; 100_000];
        bytes.extend_from_slice(b"\nwho\n");
        let mut d = TelnetDecoder::default();
        let mut out = Vec::new();
        d.feed(&bytes, &mut out);
        assert_eq!(out, vec![Input::TooLong, Input::Line(b"who".to_vec())]);
        assert!(d.pending() < 2 * MAX_LINE);
        let exact = vec![b'y'; MAX_LINE];
        out.clear();
        d.feed(&exact, &mut out);
        d.feed(b"\n", &mut out);
        assert_eq!(out, vec![Input::Line(exact)]);
    }

    #[test]
    fn sanitize_keeps_printable_ascii_only() {
        assert_eq!(sanitize(b"t\x00ell\x07 b\xe9ob\r hi\x1b"), "tell bob hi");
    }

    #[test]
    fn wire_newlines_are_lf_cr() {
        let mut out = Vec::new();
        to_wire("a\nb\n", &mut out);
        assert_eq!(out, b"a\n\rb\n\r");
        for (text, wire) in [
            ("", &b""[..]),
            ("no newline", b"no newline"),
            ("\n\n", b"\n\r\n\r"),
            ("\nfics% ", b"\n\rfics% "),
        ] {
            let mut out = b"kept".to_vec();
            to_wire(text, &mut out);
            assert_eq!(out[4..], *wire, "{text:?}");
        }
    }

    #[test]
    fn tabs_expand_to_eight_columns() {
        assert_eq!(layout("\tx\nab\ty", None), "        x\nab      y");
    }

    #[test]
    fn long_human_lines_wrap_with_continuation_but_machine_lines_do_not() {
        let text = "word ".repeat(30);
        let wrapped = layout(text.trim_end(), Some(40));
        let lines: Vec<&str> = wrapped.split('\n').collect();
        assert!(lines.len() > 3);
        assert!(lines.iter().all(|l| l.len() <= 40), "{lines:?}");
        assert!(lines[1..].iter().all(|l| l.starts_with("\\   ")));
        assert_eq!(wrapped.replace("\n\\   ", ""), text.trim_end());
        for machine in [
            format!("<12> {}", "x ".repeat(60)),
            format!("{{Game 1 (A vs. B) {}}} 1-0", "long ".repeat(20)),
            format!("\u{7}Challenge: {}", "long ".repeat(20)),
        ] {
            assert_eq!(layout(&machine, Some(40)), machine);
        }
    }

    #[test]
    fn width_is_counted_in_characters_not_bytes() {
        // 79 columns of French: 83 bytes, one line on a 79-column terminal.
        let line = format!("{}{}", "é".repeat(4), "a".repeat(75));
        assert_eq!(line.chars().count(), 79);
        assert_eq!(layout(&line, Some(79)), line);
        // Longer: each piece is at most 79 columns, cut between characters.
        let long = "déjà vu ".repeat(20);
        let wrapped = layout(long.trim_end(), Some(40));
        let lines: Vec<&str> = wrapped.split('\n').collect();
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.len() > 40),
            "some piece has 2-byte letters"
        );
        assert_eq!(wrapped.replace("\n\\   ", ""), long.trim_end());
        // A word longer than the line is cut on a character boundary.
        let word = "é".repeat(50);
        let cut = layout(&word, Some(20));
        assert!(cut.split('\n').all(|l| l.chars().count() <= 20), "{cut}");
    }
}
