//! How text becomes bytes for one user: layout (tabs, word wrap), block-mode
//! framing (docs/protocol.md §6.6) and the prompt (docs/protocol.md §1.6).

use std::borrow::Cow;

use crate::net::telnet;

/// Block mode markers.
pub const BLOCK_START: char = '\u{15}';
pub const BLOCK_SEPARATOR: char = '\u{16}';
pub const BLOCK_END: char = '\u{17}';

/// Block-mode error codes (docs/protocol.md §6.6).
pub mod code {
    pub const GAME_MOVE: u16 = 1;
    pub const BAD_COMMAND: u16 = 512;
    pub const BAD_PARAMS: u16 = 513;
    pub const AMBIGUOUS: u16 = 514;
    pub const RIGHTS: u16 = 515;
    pub const NOT_PLAYING: u16 = 518;
    pub const NO_SEQUENCE: u16 = 519;
    pub const LENGTH: u16 = 520;
}

/// What shapes a user's output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// `None` with `iset nowrap 1`, else the user's `width`.
    pub wrap: Option<usize>,
    /// Borrowed for the usual prompt, so that no output allocates it.
    pub prompt: Cow<'static, str>,
}

/// Block framing of one command's reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    pub id: u32,
    pub code: u16,
    /// Block mode was on when the command started (else no start marker:
    /// the quirk of the reply to `iset block 1` itself).
    pub start: bool,
    /// Block mode is on after the command (else no end marker).
    pub end: bool,
}

/// The bytes of a command's reply: its text (framed in block mode) and the
/// prompt.
pub fn reply(text: &str, block: Option<Block>, shape: &Shape) -> Vec<u8> {
    let mut out = Vec::new();
    reply_into(text, block, shape, &mut out);
    out
}

/// [`reply`], appended to `out`: the connection's own buffer, so that a
/// reply is copied once, not built in pieces and then copied.
pub fn reply_into(text: &str, block: Option<Block>, shape: &Shape, out: &mut Vec<u8>) {
    let body = telnet::layout(text, shape.wrap);
    out.reserve(body.len() + body.len() / 16 + shape.prompt.len() + 24);
    match block {
        Some(b) if b.start || b.end => {
            if b.start {
                // The markers and the numbers hold no newline: as they are.
                out.push(BLOCK_START as u8);
                out.extend_from_slice(itoa::Buffer::new().format(b.id).as_bytes());
                out.push(BLOCK_SEPARATOR as u8);
                out.extend_from_slice(itoa::Buffer::new().format(b.code).as_bytes());
                out.push(BLOCK_SEPARATOR as u8);
            }
            telnet::to_wire(&body, out);
            out.extend_from_slice(&[BLOCK_END as u8, b'\n', b'\r']);
        }
        _ => telnet::to_wire(&body, out),
    }
    telnet::to_wire(&shape.prompt, out);
}

/// The bytes of unsolicited text: a newline, the text, the prompt.
pub fn unsolicited(text: &str, shape: &Shape) -> Vec<u8> {
    let mut out = Vec::new();
    unsolicited_into(text, shape, &mut out);
    out
}

/// [`unsolicited`], appended to `out`.
pub fn unsolicited_into(text: &str, shape: &Shape, out: &mut Vec<u8>) {
    let body = telnet::layout(text, shape.wrap);
    out.reserve(body.len() + body.len() / 16 + shape.prompt.len() + 4);
    out.extend_from_slice(b"\n\r");
    telnet::to_wire(&body, out);
    telnet::to_wire(&shape.prompt, out);
}

/// The reply to a block-mode line that carries no command id.
pub fn missing_block_id(shape: &Shape) -> Vec<u8> {
    let s = format!(
        "{BLOCK_START}0{BLOCK_SEPARATOR}{}{BLOCK_SEPARATOR}{BLOCK_END}\n{}",
        code::NO_SEQUENCE,
        shape.prompt
    );
    let mut out = Vec::with_capacity(s.len() + 4);
    telnet::to_wire(&s, &mut out);
    out
}

/// Splits a block-mode line into its id and the command.
pub fn split_block_id(line: &str) -> Option<(u32, &str)> {
    let line = line.trim_start();
    let end = line
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(line.len());
    let id = line[..end].parse::<u32>().ok()?;
    let rest = &line[end..];
    if !rest.is_empty() && !rest.starts_with(' ') {
        return None;
    }
    Some((id, rest.trim_start()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape() -> Shape {
        Shape {
            wrap: Some(79),
            prompt: "fics% ".into(),
        }
    }

    #[test]
    fn plain_reply_is_text_then_prompt() {
        assert_eq!(
            reply("Style 12 set.\n", None, &shape()),
            b"Style 12 set.\n\rfics% "
        );
    }

    #[test]
    fn block_reply_matches_the_real_bytes() {
        let b = Block {
            id: 11,
            code: 109,
            start: true,
            end: true,
        };
        assert_eq!(
            reply("Style 12 set.\n", Some(b), &shape()),
            b"\x1511\x16109\x16Style 12 set.\n\r\x17\n\rfics% "
        );
        let quirk = Block {
            id: 0,
            code: 56,
            start: false,
            end: true,
        };
        assert_eq!(
            reply("block set.\n", Some(quirk), &shape()),
            b"block set.\n\r\x17\n\rfics% "
        );
        assert_eq!(
            missing_block_id(&shape()),
            b"\x150\x16519\x16\x17\n\rfics% "
        );
    }

    #[test]
    fn unsolicited_text_gets_a_newline_first() {
        assert_eq!(
            unsolicited("Bob tells you: hi\n", &shape()),
            b"\n\rBob tells you: hi\n\rfics% "
        );
    }

    #[test]
    fn block_ids() {
        assert_eq!(
            split_block_id("12 set style 12"),
            Some((12, "set style 12"))
        );
        assert_eq!(split_block_id("4294967295 who"), Some((u32::MAX, "who")));
        assert_eq!(split_block_id("who"), None);
        assert_eq!(split_block_id("12who"), None);
        assert_eq!(split_block_id("99999999999 who"), None);
    }
}
