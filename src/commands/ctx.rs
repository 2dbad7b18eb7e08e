//! What a command runs with ([`Ctx`]: the session, the reply so far, a
//! reply that must wait) and how a reply that waits renders lines in the
//! user's language ([`Voice`]).

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, MutexGuard};

use crate::event::{Event, Msg, Refusal};
use crate::render::fics;
use crate::render::output::code;
use crate::shared::Shared;
use crate::user::User;
use crate::world::World;

/// Output of a command that must wait (for the database, say) before it is
/// complete. It owns what it needs, so the session can await it freely.
pub type Later = Pin<Box<dyn Future<Output = String> + Send>>;

/// What a command may touch while it runs, and its reply so far.
pub struct Ctx<'a> {
    pub session: &'a mut User,
    /// The reply text; every line ends in `\n`.
    pub out: String,
    /// The block-mode code of the reply.
    pub code: Option<u16>,
    /// The rest of the reply, if it has to wait.
    pub later: Option<Later>,
}

impl Ctx<'_> {
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

    /// How this user reads lines, owned, for a reply that waits for the
    /// database (and no longer has the session).
    pub fn voice(&self) -> Voice {
        Voice {
            vars: self.session.vars.clone(),
            ivars: self.session.ivars,
            sealed: self.session.timing.is_timesealed(),
        }
    }

    /// Appends one catalogue line, in this user's language.
    pub fn say(&mut self, m: &Msg) {
        let view = self.session.view();
        fics::line(&view, m, &mut self.out);
    }

    /// Appends the events of a world method's reply.
    pub fn events(&mut self, events: &[Event]) {
        let view = self.session.view();
        fics::events(&view, events, &mut self.out);
    }

    /// Appends a refusal's line.
    pub fn refuse(&mut self, r: &Refusal) {
        let view = self.session.view();
        fics::refusal(&view, r, &mut self.out);
        self.out.push('\n');
    }

    /// Replies with a catalogue line as an error, with its block-mode code.
    pub fn fail_msg(&mut self, code: u16, m: &Msg) {
        self.code = Some(code);
        self.say(m);
    }

    /// Replies with a command's usage line (block code 513).
    pub fn usage(&mut self, usage: &str) {
        self.fail_msg(code::BAD_PARAMS, &crate::msg!("usage", syntax = usage));
    }

    /// Replies with an error line and its block-mode code.
    pub fn fail(&mut self, code: u16, text: impl AsRef<str>) {
        self.code = Some(code);
        self.line(text);
    }

    /// Finishes the reply later, with text the future produces.
    pub fn reply_later(&mut self, later: impl Future<Output = String> + Send + 'static) {
        self.later = Some(Box::pin(later));
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
}

impl Voice {
    pub fn view(&self) -> crate::render::view::View<'_> {
        crate::render::view::View::new(&self.vars, self.ivars, self.sealed)
    }

    /// One catalogue line and its newline, as text.
    pub fn line(&self, m: &Msg) -> String {
        let mut out = String::new();
        fics::line(&self.view(), m, &mut out);
        out
    }
}
