//! The bot's side of the wire: server bytes → lines (with their block-mode
//! frame), and lines → bytes (timeseal-encoded or plain).
//!
//! A FICS server ends lines with `\n\r`, frames the reply to each numbered
//! command as `\x15id\x16code\x16text\x17` (block mode, docs/protocol.md §6.6),
//! ends every burst of output with the prompt `fics% ` (no newline), and
//! may ask a timesealed client for a stamp with `[G]` + NUL (timeseal 2)
//! or a `[G]` line (timeseal 1). Pure code: bytes in, pieces out.

use crate::net::timeseal;

const BLOCK_START: u8 = 0x15;
const BLOCK_SEPARATOR: u8 = 0x16;
const BLOCK_END: u8 = 0x17;
/// Telnet's "interpret as command".
const IAC: u8 = 0xFF;
/// The timeseal 2 ping; a timeseal 1 ping is a line that reads `[G]`.
const PING_V2: &[u8] = b"[G]\0";
/// The prompt the bot asks for (`iset defprompt 1`).
pub const PROMPT: &str = "fics% ";

/// The frame of a command's reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    pub id: u32,
    pub code: u16,
}

/// One thing the server said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A line of text (without its line end or a leading prompt), and the
    /// reply it belongs to, if it came inside a block.
    Line { text: String, frame: Option<Frame> },
    /// A block ended (`None`: the end marker without a start, which is
    /// what the reply to `iset block 1` itself looks like).
    BlockEnd(Option<Frame>),
    /// The server asked for a timeseal stamp.
    Ping,
}

/// Cuts the server's byte stream into [`Piece`]s.
#[derive(Debug, Default)]
pub struct Framer {
    /// Bytes not yet consumed (an unfinished line or block header).
    buf: Vec<u8>,
    /// The current line so far.
    line: Vec<u8>,
    /// The block we are inside, if any.
    frame: Option<Frame>,
}

impl Framer {
    pub fn new() -> Framer {
        Framer::default()
    }

    /// The text of the unfinished last line: where `login: ` and
    /// `password: ` prompts show up, since they end with no newline.
    pub fn partial(&self) -> String {
        let mut bytes = self.line.clone();
        bytes.extend(self.buf.iter().filter(|b| **b != b'\r'));
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// Forgets the unfinished line (once a prompt in it has been answered).
    pub fn clear_partial(&mut self) {
        self.line.clear();
    }

    /// Takes more bytes; returns every piece they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Piece> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.buf.len() {
            let rest = &self.buf[i..];
            if rest.starts_with(PING_V2) {
                out.push(Piece::Ping);
                i += PING_V2.len();
                continue;
            }
            if PING_V2.starts_with(rest) {
                break; // maybe a ping cut in two: wait for the rest
            }
            match rest[0] {
                // Telnet commands (the echo switch around passwords).
                IAC => {
                    let len = match rest.get(1) {
                        Some(0xFB..=0xFE) => 3,
                        Some(_) => 2,
                        None => break,
                    };
                    if rest.len() < len {
                        break;
                    }
                    i += len;
                }
                BLOCK_START => {
                    let Some((frame, used)) = block_head(rest) else {
                        if rest.len() > 32 {
                            i += 1; // not a header after all: drop the marker
                            continue;
                        }
                        break;
                    };
                    self.end_line(&mut out);
                    self.frame = Some(frame);
                    i += used;
                }
                BLOCK_END => {
                    self.end_line(&mut out);
                    out.push(Piece::BlockEnd(self.frame.take()));
                    i += 1;
                }
                b'\n' => {
                    self.end_line(&mut out);
                    i += 1;
                }
                b'\r' | BLOCK_SEPARATOR => i += 1,
                b => {
                    self.line.push(b);
                    i += 1;
                }
            }
        }
        self.buf.drain(..i);
        out
    }

    fn end_line(&mut self, out: &mut Vec<Piece>) {
        let raw = String::from_utf8_lossy(&self.line).into_owned();
        self.line.clear();
        let mut text = raw.as_str();
        while let Some(rest) = text.strip_prefix(PROMPT) {
            text = rest;
        }
        let text = text.trim_start_matches('\u{7}');
        if text.is_empty() {
            return;
        }
        if text == "[G]" {
            out.push(Piece::Ping);
            return;
        }
        out.push(Piece::Line {
            text: text.to_string(),
            frame: self.frame,
        });
    }
}

/// Reads `\x15id\x16code\x16`; the frame and the bytes it took.
fn block_head(bytes: &[u8]) -> Option<(Frame, usize)> {
    let body = &bytes[1..];
    let first = body.iter().position(|&b| b == BLOCK_SEPARATOR)?;
    let second = body[first + 1..]
        .iter()
        .position(|&b| b == BLOCK_SEPARATOR)?
        + first
        + 1;
    let id = std::str::from_utf8(&body[..first]).ok()?.parse().ok()?;
    let code = std::str::from_utf8(&body[first + 1..second])
        .ok()?
        .parse()
        .ok()?;
    Some((Frame { id, code }, second + 2))
}

/// How the bot's lines are put on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Plain,
    /// Timeseal: each line scrambled and stamped with the bot's clock.
    Timeseal,
}

/// The bytes of one line the bot sends, with its `\n`. `stamp_ms` is the
/// bot's own millisecond clock; `seed` varies the scrambling offset and
/// the filler, as real clients do.
pub fn encode_line(line: &str, encoding: Encoding, stamp_ms: u32, seed: u64) -> Vec<u8> {
    let mut bytes = match encoding {
        Encoding::Plain => line.as_bytes().to_vec(),
        Encoding::Timeseal => {
            const FILLER: &[u8] = b"123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
            let mut state = seed | 1;
            let filler = move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                FILLER[(state % FILLER.len() as u64) as usize]
            };
            timeseal::encode(line.as_bytes(), stamp_ms, (seed % 50) as u8, filler)
        }
    };
    bytes.push(b'\n');
    bytes
}

/// The first line a timesealed client sends (timeseal 2's handshake).
pub const TIMESEAL_HELLO: &str = "TIMESEAL2|openseal|atomicd bot|";

/// The text of the answer to a ping.
pub const PING_REPLY: &str = "\u{2}9";

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, frame: Option<(u32, u16)>) -> Piece {
        Piece::Line {
            text: text.into(),
            frame: frame.map(|(id, code)| Frame { id, code }),
        }
    }

    #[test]
    fn lines_blocks_prompts_and_the_iset_block_quirk() {
        let mut f = Framer::new();
        // Bytes as the server writes them (output.rs's own test vectors).
        let out =
            f.push(b"block set.\n\r\x17\n\rfics% \x1511\x16109\x16Style 12 set.\n\r\x17\n\rfics% ");
        assert_eq!(
            out,
            vec![
                line("block set.", None),
                Piece::BlockEnd(None),
                line("Style 12 set.", Some((11, 109))),
                Piece::BlockEnd(Some(Frame { id: 11, code: 109 })),
            ]
        );
        assert_eq!(f.partial(), "fics% ");
        let out = f.push(b"\n\rBob tells you: hi\n\rfics% ");
        assert_eq!(out, vec![line("Bob tells you: hi", None)]);
    }

    #[test]
    fn pieces_cut_anywhere_come_out_whole() {
        let wire = b"\x1512\x161\x16\n\r<12> rnbqkbnr W\n\r\x17\n\rfics% [G]\0\n\rAlice offers you a draw.\n\rfics% ";
        let whole = Framer::new().push(wire);
        for cut in 0..wire.len() {
            let mut f = Framer::new();
            let mut out = f.push(&wire[..cut]);
            out.extend(f.push(&wire[cut..]));
            assert_eq!(out, whole, "cut at {cut}");
        }
        assert_eq!(
            whole,
            vec![
                line("<12> rnbqkbnr W", Some((12, 1))),
                Piece::BlockEnd(Some(Frame { id: 12, code: 1 })),
                Piece::Ping,
                line("Alice offers you a draw.", None),
            ]
        );
    }

    #[test]
    fn login_prompts_are_partial_lines_and_v1_pings_are_lines() {
        let mut f = Framer::new();
        // The echo switch may come in the same read as the prompt, or cut.
        assert!(f.push(b"Welcome\n\rpassword: \xff").len() == 1);
        assert_eq!(f.push(b"\xfb"), vec![]);
        assert_eq!(f.push(b"\x01"), vec![]);
        assert_eq!(f.partial(), "password: ");
        f.clear_partial();
        assert!(f.push(b"\xff\xfc\x01\n\rlogin: ").is_empty());
        assert_eq!(f.partial(), "login: ");
        f.clear_partial();
        assert_eq!(f.push(b"\n\r[G]\n\r"), vec![Piece::Ping]);
        assert_eq!(
            f.push(b"\x07Challenge: x\n\r"),
            vec![line("Challenge: x", None)]
        );
    }

    #[test]
    fn timeseal_lines_decode_on_the_server() {
        for seed in 0..60 {
            let bytes = encode_line("e2e4", Encoding::Timeseal, 123_456, seed);
            assert_eq!(bytes.last(), Some(&b'\n'));
            let decoded = timeseal::decode(&bytes[..bytes.len() - 1]).expect("timeseal");
            assert_eq!(decoded.text, b"e2e4");
            assert_eq!(decoded.timestamp, 123_456);
        }
        let hello = encode_line(TIMESEAL_HELLO, Encoding::Timeseal, 0, 7);
        let decoded = timeseal::decode(&hello[..hello.len() - 1]).unwrap();
        assert!(timeseal::handshake(&decoded.text).is_some());
        assert_eq!(encode_line("who", Encoding::Plain, 0, 0), b"who\n");
    }
}
