//! What shapes a line for one user: their language and the settings that
//! change how the server talks to them (the bell, `pendinfo`, `seekinfo`,
//! `seekremove`, `gameinfo`, `ms`, `pin`, ...), and whether their client is
//! a GUI, which reads some lines with patterns and gets those in English.

use crate::chess::Lang;
use crate::settings::ivars::{Ivar, Ivars};
use crate::settings::vars::{Switch, Vars};

/// One recipient's view, borrowed from their session for one rendering.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    pub lang: Lang,
    pub vars: &'a Vars,
    pub ivars: Ivars,
    /// Style 12, an interface variable, timeseal or block mode: a program
    /// reads this user's lines (see `render::fics::GUI_PARSED`).
    pub gui: bool,
}

impl<'a> View<'a> {
    pub fn new(vars: &'a Vars, ivars: Ivars, timeseal: bool) -> View<'a> {
        View {
            lang: vars.lang,
            vars,
            ivars,
            gui: vars.style == 12 || ivars != Ivars::default() || timeseal,
        }
    }

    pub fn ivar(&self, v: Ivar) -> bool {
        self.ivars.get(v)
    }

    pub fn switch(&self, s: Switch) -> bool {
        self.vars.switch(s)
    }
}
