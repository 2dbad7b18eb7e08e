//! `switch`, `pause`, `unpause`, `courtesyabort`: what two players may
//! agree on in a game, and what one may do for the other (the rules are
//! the world's: `world/courtesy.rs`).

use tokio::time::Instant;

use super::Ctx;
use crate::event::{Event, Msg};
use crate::render::output::code;
use crate::world::{SessionId, World};

/// Runs a courtesy on the world, then renders it once the lock is given back.
fn run(
    ctx: &mut Ctx<'_>,
    f: impl FnOnce(&mut World, SessionId, Instant) -> Result<Vec<Event>, Msg>,
) {
    let id = ctx.session.id;
    let done = {
        let mut world = ctx.world();
        f(&mut world, id, Instant::now())
    };
    match done {
        Ok(events) => ctx.events(&events),
        Err(m) if m.id == "not-playing" => ctx.fail_msg(code::NOT_PLAYING, &m),
        Err(m) => ctx.say(&m),
    }
}

/// `switch`: asks to exchange colours (or accepts the opponent's asking).
pub fn switch(ctx: &mut Ctx<'_>, _args: &str) {
    run(ctx, |w, id, now| w.offer_switch(id, now));
}

/// `pause`: asks to stop the clocks (or accepts the opponent's asking).
pub fn pause(ctx: &mut Ctx<'_>, _args: &str) {
    run(ctx, |w, id, now| w.offer_pause(id, now));
}

/// `unpause`: starts the clocks of a paused game again.
pub fn unpause(ctx: &mut Ctx<'_>, _args: &str) {
    run(ctx, |w, id, now| w.unpause(id, now));
}

/// `courtesyabort`: aborts a game the opponent can no longer play.
pub fn courtesyabort(ctx: &mut Ctx<'_>, _args: &str) {
    run(ctx, |w, id, now| w.courtesy_abort(id, now));
}
