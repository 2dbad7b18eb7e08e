//! The simul commands: `simopen`, `simmatch`, `simnext`, `simprev`,
//! `goboard`, `gonum`, `simgames`, `simpass`, `simabort`, `simadjourn`,
//! `simallabort`, `simalladjourn` (the rules are the world's:
//! `world/simul.rs`).

use tokio::time::Instant;

use super::Ctx;
use crate::event::{Event, Msg};
use crate::render::output::code;

fn reply(ctx: &mut Ctx<'_>, done: Result<Vec<Event>, Msg>) {
    match done {
        Ok(events) => ctx.events(&events),
        Err(m) if m.id == "not-playing" => ctx.fail_msg(code::NOT_PLAYING, &m),
        Err(m) => ctx.say(&m),
    }
}

/// `simopen`: whether you take simul requests (a toggle).
pub fn simopen(ctx: &mut Ctx<'_>, _args: &str) {
    let id = ctx.session.id;
    let m = ctx.world().simopen(id);
    ctx.say(&m);
}

/// `simmatch NAME`: asks NAME for a simul board, or takes NAME's request.
pub fn simmatch(ctx: &mut Ctx<'_>, args: &str) {
    let Some(name) = args.split_whitespace().next() else {
        return ctx.usage("simmatch player");
    };
    let id = ctx.session.id;
    let done = ctx.world().simmatch(id, name, Instant::now());
    reply(ctx, done);
}

/// `simnext`: the exhibitor goes to the next board.
pub fn simnext(ctx: &mut Ctx<'_>, _args: &str) {
    let id = ctx.session.id;
    let events = ctx.world().simul_step(id, 1, Instant::now());
    ctx.events(&events);
}

/// `simprev`: the exhibitor goes back to the previous board.
pub fn simprev(ctx: &mut Ctx<'_>, _args: &str) {
    let id = ctx.session.id;
    let events = ctx.world().simul_step(id, -1, Instant::now());
    ctx.events(&events);
}

/// `goboard NAME`: the exhibitor goes to NAME's board.
pub fn goboard(ctx: &mut Ctx<'_>, args: &str) {
    let Some(name) = args.split_whitespace().next() else {
        return ctx.usage("goboard player");
    };
    let id = ctx.session.id;
    let events = ctx.world().goboard(id, name, Instant::now());
    ctx.events(&events);
}

/// `gonum N`: the exhibitor goes to the board of game N.
pub fn gonum(ctx: &mut Ctx<'_>, args: &str) {
    let Some(no) = args
        .split_whitespace()
        .next()
        .and_then(|w| w.parse::<u32>().ok())
    else {
        return ctx.usage("gonum game-number");
    };
    let id = ctx.session.id;
    let events = ctx.world().gonum(id, no, Instant::now());
    ctx.events(&events);
}

/// `simgames [NAME]`: how many simul boards someone plays.
pub fn simgames(ctx: &mut Ctx<'_>, args: &str) {
    let name = args
        .split_whitespace()
        .next()
        .map_or_else(|| ctx.session.name.clone(), str::to_string);
    let m = ctx.world().simgames(&name);
    match m {
        Ok(m) | Err(m) => ctx.say(&m),
    }
}

/// `simpass`: sends the exhibitor at your board on to the next one.
pub fn simpass(ctx: &mut Ctx<'_>, _args: &str) {
    let id = ctx.session.id;
    let done = ctx.world().simpass(id, Instant::now());
    reply(ctx, done);
}

fn end(ctx: &mut Ctx<'_>, all: bool, adjourn: bool) {
    let id = ctx.session.id;
    let events = ctx.world().simul_end(id, all, adjourn, Instant::now());
    ctx.events(&events);
}

/// `simabort`: aborts the board the exhibitor is at.
pub fn simabort(ctx: &mut Ctx<'_>, _args: &str) {
    end(ctx, false, false);
}

/// `simadjourn`: adjourns the board the exhibitor is at.
pub fn simadjourn(ctx: &mut Ctx<'_>, _args: &str) {
    end(ctx, false, true);
}

/// `simallabort`: aborts every board of the simul.
pub fn simallabort(ctx: &mut Ctx<'_>, _args: &str) {
    end(ctx, true, false);
}

/// `simalladjourn`: adjourns every board of the simul.
pub fn simalladjourn(ctx: &mut Ctx<'_>, _args: &str) {
    end(ctx, true, true);
}
