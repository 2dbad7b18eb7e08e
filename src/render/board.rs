//! Boards as one user sees them: their style, language, clock precision
//! and orientation. Rendering happens here, in the session, never under the
//! world lock.

use std::cell::RefCell;

use crate::chess::{BoardSnapshot, Lang, style1};
use crate::event::Viewer;
use crate::net::telnet;
use crate::render::output::{self, Shape};

thread_local! {
    /// Where a board that nobody shares is drawn before it is copied to
    /// the connection's buffer: one per thread, so no board allocates.
    static SCRATCH: RefCell<String> = const { RefCell::new(String::new()) };
}

/// How one user draws boards, taken from the session so that a reply that
/// waits for the database (and no longer has the session) draws them the
/// same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardStyle {
    style12: bool,
    /// `set flip` and the `flip` command, together.
    flip: bool,
    ms: bool,
    lang: Lang,
}

impl BoardStyle {
    /// A user's style: style 12 or 1, boards turned over (`set flip` and
    /// the `flip` command together), clocks in milliseconds, the language
    /// of style 1's letters.
    pub fn new(style12: bool, flip: bool, ms: bool, lang: Lang) -> BoardStyle {
        BoardStyle {
            style12,
            flip,
            ms,
            lang,
        }
    }

    /// The board body as `viewer` sees it.
    pub fn body(self, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
        self.body_as(snap, viewer.relation(snap), viewer.black_at_bottom(), out);
    }

    /// The board body with a relation of its own (`-3` for a position
    /// outside any game, `-4` for a start position).
    pub fn body_as(
        self,
        snap: &BoardSnapshot,
        relation: i8,
        black_at_bottom: bool,
        out: &mut String,
    ) {
        let flip = black_at_bottom ^ self.flip;
        if self.style12 {
            snap.own_style12(relation, flip, self.ms, out);
        } else {
            style1::render(snap, flip, self.lang, out);
        }
    }

    /// A board sent on its own (after a move, to the other player and
    /// every observer), as bytes for the wire: the same bytes as
    /// [`output::unsolicited`] of `ping` and the board, with no text built
    /// on the way. An observer's style-12 line is drawn once per board and
    /// kind of viewer and copied (see [`BoardSnapshot::shared_style12`]).
    pub fn unsolicited(
        self,
        snap: &BoardSnapshot,
        viewer: Viewer,
        ping: &str,
        shape: &Shape,
        out: &mut Vec<u8>,
    ) {
        let relation = viewer.relation(snap);
        let flip = viewer.black_at_bottom() ^ self.flip;
        if !self.style12 {
            return SCRATCH.with_borrow_mut(|text| {
                text.clear();
                text.push_str(ping);
                style1::render(snap, flip, self.lang, text);
                output::unsolicited_into(text, shape, out);
            });
        }
        // The `[G]` line is short and the `<12>` line is a machine line:
        // the layout (tabs, word wrap) leaves both as they are, so only the
        // newlines change on the way to the wire.
        out.extend_from_slice(b"\n\r");
        telnet::to_wire(ping, out);
        match snap.shared_style12(relation, flip, self.ms) {
            Some(line) => telnet::to_wire(line, out),
            None => SCRATCH.with_borrow_mut(|line| {
                line.clear();
                snap.own_style12(relation, flip, self.ms, line);
                telnet::to_wire(line, out);
            }),
        }
        telnet::to_wire(&shape.prompt, out);
    }

    /// A board in a reply: the delivery newline, then the board.
    pub fn board(self, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
        out.push('\n');
        self.body(snap, viewer, out);
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use shakmaty::Color;

    use super::*;
    use crate::chess::AtomicGame;

    /// The fast way to the wire gives the bytes the plain way gives: the
    /// board's text with the ping before it, laid out and framed.
    #[test]
    fn unsolicited_boards_are_the_laid_out_text() {
        let mut game = AtomicGame::new();
        for san in ["e4", "d5", "Nf3"] {
            let mv = game
                .parse_move(san, Lang::En, shakmaty::Role::Queen)
                .unwrap();
            game.play(mv);
        }
        let mut snap = game.snapshot(7, "Alice", "Bob");
        snap.white_clock_ms = 3_601_234;
        snap.black_clock_ms = 59_999;
        let shapes = [
            (Some(79), "fics% "),
            (Some(20), "fics% "),
            (None, "ics% "),
            (Some(9), "a\nb% "),
        ];
        let viewers = [
            Viewer::Player(Color::White),
            Viewer::Player(Color::Black),
            Viewer::Observer,
            Viewer::Examiner,
            Viewer::ExamObserver,
        ];
        for (wrap, prompt) in shapes {
            let shape = Shape {
                wrap,
                prompt: Cow::Borrowed(prompt),
            };
            for style12 in [true, false] {
                for (flip, ms) in [(false, false), (true, false), (false, true), (true, true)] {
                    for lang in [Lang::En, Lang::Fr] {
                        let style = BoardStyle {
                            style12,
                            flip,
                            ms,
                            lang,
                        };
                        for viewer in viewers {
                            for ping in ["", "[G]\n"] {
                                let mut text = ping.to_string();
                                style.body(&snap, viewer, &mut text);
                                let plain = output::unsolicited(&text, &shape);
                                // Twice: drawn, then shared.
                                for _ in 0..2 {
                                    let mut fast = b"before".to_vec();
                                    style.unsolicited(&snap, viewer, ping, &shape, &mut fast);
                                    assert_eq!(
                                        String::from_utf8_lossy(&fast[6..]),
                                        String::from_utf8_lossy(&plain),
                                        "{style:?} {viewer:?} {shape:?} {ping:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
