//! What a command works with ([`Ctx`]) and what its reply is made of.
//!
//! A reply is text for the text protocol. For a session in the JSON
//! framing it is also a list of typed [`Part`]s, in order: the catalogue
//! lines, events, refusals and boards the command produced, and between
//! them the text that came as it is (table rows). The same calls make
//! both, so no command knows which framing its user speaks.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, MutexGuard};

use crate::chess::BoardSnapshot;
use crate::event::{Event, Msg, Refusal, Viewer};
use crate::render::board::BoardStyle;
use crate::render::fics;
use crate::render::output::code;
use crate::shared::Shared;
use crate::user::User;
use crate::world::World;

/// One typed piece of a reply.
#[derive(Debug, Clone)]
pub enum Part {
    /// Text as the command wrote it (rows of a table, a help page).
    Text(String),
    Line(Msg),
    Event(Event),
    Refusal(Refusal),
    Board {
        board: Arc<BoardSnapshot>,
        viewer: Viewer,
    },
}

/// The typed parts of a reply so far, and whether it refused.
#[derive(Debug, Default)]
pub struct Parts {
    pub items: Vec<Part>,
    /// Where in the reply's text the text not yet in `items` starts.
    mark: usize,
    /// A refusal, an error code or a failed move: the reply says no.
    pub failed: bool,
}

impl Parts {
    /// Takes the text written since the last part as a part of its own.
    fn flush(&mut self, out: &str, upto: usize) {
        let text = &out[self.mark.min(upto)..upto];
        if !text.trim().is_empty() {
            self.items.push(Part::Text(text.to_string()));
        }
        self.mark = upto;
    }

    /// A part whose text was written into `out` from `start` on.
    fn note(&mut self, out: &str, start: usize, part: Part) {
        self.flush(out, start);
        self.items.push(part);
        self.mark = out.len();
    }
}

/// What a reply that had to wait says: its text and, for the JSON
/// framing, its parts (none: the text is the whole of it).
#[derive(Debug, Default)]
pub struct Said {
    pub text: String,
    pub parts: Vec<Part>,
}

impl From<String> for Said {
    fn from(text: String) -> Said {
        Said {
            text,
            parts: Vec::new(),
        }
    }
}

/// Output of a command that must wait (for the database, say) before it is
/// complete. It owns what it needs, so the session can await it freely.
pub type Later = Pin<Box<dyn Future<Output = Said> + Send>>;

/// What a command may touch while it runs, and its reply so far.
pub struct Ctx<'a> {
    pub session: &'a mut User,
    /// The reply text; every line ends in `\n`.
    pub out: String,
    /// The block-mode code of the reply.
    pub code: Option<u16>,
    /// The rest of the reply, if it has to wait.
    pub later: Option<Later>,
    /// The reply's typed parts, for a session in the JSON framing.
    pub parts: Option<Parts>,
}

impl<'a> Ctx<'a> {
    pub fn new(session: &'a mut User) -> Ctx<'a> {
        let parts = session.json().then(Parts::default);
        Ctx {
            session,
            out: String::new(),
            code: None,
            later: None,
            parts,
        }
    }

    pub fn shared(&self) -> &Arc<Shared> {
        &self.session.shared
    }

    /// Locks the world; never hold the guard across an `.await`.
    pub fn world(&self) -> MutexGuard<'_, World> {
        self.session.shared.world()
    }

    /// Appends one line to the reply.
    pub fn line(&mut self, text: impl AsRef<str>) {
        self.out.push_str(text.as_ref());
        self.out.push('\n');
    }

    fn note(&mut self, start: usize, part: impl FnOnce() -> Part) {
        if let Some(parts) = &mut self.parts {
            parts.note(&self.out, start, part());
        }
    }

    /// How this user reads lines, owned, for a reply that waits for the
    /// database (and no longer has the session).
    pub fn voice(&self) -> Voice {
        Voice {
            vars: self.session.vars.clone(),
            ivars: self.session.ivars,
            sealed: self.session.timing.is_timesealed(),
            json: self.session.json(),
        }
    }

    /// Appends one catalogue line, in this user's language.
    pub fn say(&mut self, m: &Msg) {
        let start = self.out.len();
        let view = self.session.view();
        fics::line(&view, m, &mut self.out);
        self.note(start, || Part::Line(m.clone()));
    }

    /// Appends the events of a world method's reply.
    pub fn events(&mut self, events: &[Event]) {
        for ev in events {
            let start = self.out.len();
            let view = self.session.view();
            fics::event(&view, ev, &mut self.out);
            if !matches!(ev, Event::Blank) {
                self.note(start, || Part::Event(ev.clone()));
            }
            if let (Event::Refused(_), Some(parts)) = (ev, &mut self.parts) {
                parts.failed = true;
            }
        }
    }

    /// Appends a refusal's line.
    pub fn refuse(&mut self, r: &Refusal) {
        let start = self.out.len();
        let view = self.session.view();
        fics::refusal(&view, r, &mut self.out);
        self.out.push('\n');
        self.note(start, || Part::Refusal(r.clone()));
        self.mark_failed();
    }

    /// A board in the reply: the delivery newline and the board in the
    /// user's style (docs/protocol.md §2.1), or the board as data.
    pub fn board(&mut self, board: &Arc<BoardSnapshot>, viewer: Viewer) {
        let start = self.out.len();
        if self.parts.is_none() {
            self.session.board(board, viewer, &mut self.out);
        }
        self.note(start, || Part::Board {
            board: board.clone(),
            viewer,
        });
    }

    fn mark_failed(&mut self) {
        if let Some(parts) = &mut self.parts {
            parts.failed = true;
        }
    }

    /// Replies with a catalogue line as an error, with its block-mode code.
    pub fn fail_msg(&mut self, code: u16, m: &Msg) {
        self.code = Some(code);
        self.say(m);
        self.mark_failed();
    }

    /// Replies with a command's usage line (block code 513).
    pub fn usage(&mut self, usage: &str) {
        self.fail_msg(code::BAD_PARAMS, &crate::msg!("usage", syntax = usage));
    }

    /// Replies with an error line and its block-mode code.
    pub fn fail(&mut self, code: u16, text: impl AsRef<str>) {
        self.code = Some(code);
        self.line(text);
        self.mark_failed();
    }

    /// Finishes the reply later, with what the future produces (text, or
    /// a [`Said`] with its parts).
    pub fn reply_later<S: Into<Said>>(&mut self, later: impl Future<Output = S> + Send + 'static) {
        self.later = Some(Box::pin(async move { later.await.into() }));
    }

    /// Appends what a reply that waited said.
    pub fn take_said(&mut self, said: Said) {
        let start = self.out.len();
        self.out.push_str(&said.text);
        if let Some(parts) = &mut self.parts
            && !said.parts.is_empty()
        {
            parts.flush(&self.out, start);
            parts.items.extend(said.parts);
            parts.mark = self.out.len();
        }
    }

    /// The typed parts of the reply, once it is complete.
    pub fn finish(&mut self) -> Option<Parts> {
        let mut parts = self.parts.take()?;
        parts.flush(&self.out, self.out.len());
        Some(parts)
    }

    /// A name as typed, spelled as its owner spells it when they are
    /// online (and the typed text is a unique beginning of it).
    pub fn spelled(&self, typed: &str) -> String {
        self.world()
            .find(typed)
            .map_or_else(|_| typed.to_string(), |p| p.name.clone())
    }
}

/// A user's view, owned (see [`Ctx::voice`]).
#[derive(Debug, Clone)]
pub struct Voice {
    vars: crate::settings::vars::Vars,
    ivars: crate::settings::ivars::Ivars,
    sealed: bool,
    json: bool,
}

impl Voice {
    pub fn view(&self) -> crate::render::view::View<'_> {
        let mut view = crate::render::view::View::new(&self.vars, self.ivars, self.sealed);
        if self.json {
            view.gui = false;
        }
        view
    }

    /// One catalogue line and its newline, as text.
    pub fn line(&self, m: &Msg) -> String {
        let mut out = String::new();
        fics::line(&self.view(), m, &mut out);
        out
    }

    /// One catalogue line, as text and as the typed part it is.
    pub fn said(&self, m: &Msg) -> Said {
        let mut said = Said::default();
        self.add(&mut said, m);
        said
    }

    /// Adds a catalogue line to what a waiting reply says.
    pub fn add(&self, said: &mut Said, m: &Msg) {
        said.text.push_str(&self.line(m));
        if self.json {
            said.parts.push(Part::Line(m.clone()));
        }
    }

    /// Adds text as it is (rows of a table).
    pub fn add_text(&self, said: &mut Said, text: &str) {
        said.text.push_str(text);
        if self.json && !text.trim().is_empty() {
            said.parts.push(Part::Text(text.to_string()));
        }
    }

    /// Adds a board in `style` (text), or as data.
    pub fn add_board(
        &self,
        said: &mut Said,
        style: BoardStyle,
        board: &Arc<BoardSnapshot>,
        viewer: Viewer,
    ) {
        if self.json {
            said.parts.push(Part::Board {
                board: board.clone(),
                viewer,
            });
        } else {
            style.board(board, viewer, &mut said.text);
        }
    }
}
