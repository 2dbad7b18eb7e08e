//! How text becomes bytes for one user: layout (tabs, word wrap), block-mode
//! framing (spec §6.6) and the prompt (spec §1.6).

use crate::net::telnet;

/// Block mode markers.
pub const BLOCK_START: char = '\u{15}';
pub const BLOCK_SEPARATOR: char = '\u{16}';
pub const BLOCK_END: char = '\u{17}';

/// Block-mode error codes (spec §6.6).
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
    pub prompt: String,
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
    let body = telnet::layout(text, shape.wrap);
    let mut s = String::with_capacity(body.len() + shape.prompt.len() + 16);
    match block {
        Some(b) if b.start || b.end => {
            if b.start {
                s.push(BLOCK_START);
                s.push_str(&b.id.to_string());
                s.push(BLOCK_SEPARATOR);
                s.push_str(&b.code.to_string());
                s.push(BLOCK_SEPARATOR);
            }
            s.push_str(&body);
            s.push(BLOCK_END);
            s.push('\n');
        }
        _ => s.push_str(&body),
    }
    s.push_str(&shape.prompt);
    wire(&s)
}

/// The bytes of unsolicited text: a newline, the text, the prompt.
pub fn unsolicited(text: &str, shape: &Shape) -> Vec<u8> {
    let mut s = String::with_capacity(text.len() + shape.prompt.len() + 2);
    s.push('\n');
    s.push_str(&telnet::layout(text, shape.wrap));
    s.push_str(&shape.prompt);
    wire(&s)
}

/// The reply to a block-mode line that carries no command id.
pub fn missing_block_id(shape: &Shape) -> Vec<u8> {
    let s = format!(
        "{BLOCK_START}0{BLOCK_SEPARATOR}{}{BLOCK_SEPARATOR}{BLOCK_END}\n{}",
        code::NO_SEQUENCE,
        shape.prompt
    );
    wire(&s)
}

fn wire(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 16 + 4);
    telnet::to_wire(text, &mut out);
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
