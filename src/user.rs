//! A logged-in user's state on their connection: name, titles, their own
//! copy of their variables, aliases, board orientation, timeseal timing.
//!
//! It lives below both the session (which owns it and runs the connection)
//! and the commands (which read and change it), so that neither imports
//! the other's module to reach it.

use std::net::SocketAddr;
use std::sync::Arc;

use crate::account::Titles;
use crate::chess::BoardSnapshot;
use crate::event::Viewer;
use crate::net::timing;
use crate::render::board::BoardStyle;
use crate::render::output::Shape;
use crate::render::view::View;
use crate::settings::ivars::{Ivar, Ivars};
use crate::settings::vars::{Number, Switch, Text, Vars};
use crate::shared::Shared;
use crate::world::SessionId;

/// A logged-in user's connection state.
pub struct User {
    pub shared: Arc<Shared>,
    pub id: SessionId,
    pub name: String,
    pub account_id: Option<i64>,
    pub titles: Titles,
    /// The user's variables; the world holds the same copy for what others
    /// need to know (open, tell, seek, ...). Change both through
    /// [`User::update_vars`].
    pub vars: Vars,
    pub ivars: Ivars,
    pub aliases: Vec<(String, String)>,
    pub addr: SocketAddr,
    /// Set by `quit`: the session ends after this command's reply.
    pub quit: bool,
    /// `flip` turns the boards of this session over.
    pub flipped: bool,
    /// Timeseal pings and client stamps.
    pub timing: timing::Timing,
    /// Moves this session has played in its games (the command budget
    /// gives them back: a game paces its own moves).
    pub moves_played: u32,
    /// A browser's session in the JSON framing of `/ws`, with the number
    /// of its resume tokens: its replies carry typed parts, and its lines
    /// are never a GUI's (French is French).
    pub web: Option<u64>,
}

impl User {
    pub fn is_registered(&self) -> bool {
        self.account_id.is_some()
    }

    /// Name with titles.
    pub fn display_name(&self) -> String {
        format!("{}{}", self.name, self.titles.suffix())
    }

    /// How this user's output is laid out right now.
    pub fn shape(&self) -> Shape {
        const USUAL: &str = "fics% ";
        let prompt = if self.ivars.get(Ivar::DEFPROMPT) {
            USUAL.into()
        } else {
            match self.vars.text(Text::Prompt) {
                "fics%" | USUAL => USUAL.into(),
                _ => self.vars.prompt().into(),
            }
        };
        let wrap =
            (!self.ivars.get(Ivar::NOWRAP)).then(|| self.vars.number(Number::Width) as usize);
        Shape { wrap, prompt }
    }

    /// How this user draws boards (taken once, so that a reply that waits
    /// for the database draws them the same way).
    pub fn board_style(&self) -> BoardStyle {
        BoardStyle::new(
            self.vars.style == 12,
            self.vars.switch(Switch::Flip) ^ self.flipped,
            self.ivars.get(Ivar::MS),
            self.vars.lang,
        )
    }

    /// The board text (style 12 line or style 1 board), without the
    /// newline that precedes every board on the wire.
    pub fn board_body(&self, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
        self.board_style().body(snap, viewer, out);
    }

    /// A board as part of a command's reply: the delivery newline, then
    /// the board (docs/protocol.md §2.1).
    pub fn board(&self, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
        out.push('\n');
        self.board_body(snap, viewer, out);
    }

    /// Whether this session speaks the JSON framing.
    pub fn json(&self) -> bool {
        self.web.is_some()
    }

    /// How lines look for this user: language and settings.
    pub fn view(&self) -> View<'_> {
        let mut view = View::new(&self.vars, self.ivars, self.timing.is_timesealed());
        if self.json() {
            view.gui = false;
        }
        view
    }

    /// Changes variables here and in the world's copy at once.
    pub fn update_vars<R>(&mut self, f: impl FnOnce(&mut Vars) -> R) -> R {
        let r = f(&mut self.vars);
        if let Some(p) = self.shared.world().player_mut(self.id) {
            p.vars = self.vars.clone();
        }
        r
    }

    /// Changes ivars here and in the world's copy at once.
    pub fn update_ivars<R>(&mut self, f: impl FnOnce(&mut Ivars) -> R) -> R {
        let r = f(&mut self.ivars);
        if let Some(p) = self.shared.world().player_mut(self.id) {
            p.ivars = self.ivars;
        }
        r
    }
}
