//! `seek`, `unseek`, `sought`, `play` (docs/protocol.md §3).

use tokio::time::Instant;

use super::{Ctx, terms};
use crate::chess::Variant;
use crate::msg;
use crate::settings::vars::Switch;
use crate::world::game::Terms;
use crate::world::seeks::SeekRequest;

/// `seek [time [inc]] [r|u] [w|b] [atomic|atomic960 [N]] [m|a] [f] [min-max]`
pub fn seek(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let t = match terms::parse(&words, true) {
        Ok(t) => t,
        Err(e) => return ctx.say(&e.msg()),
    };
    // Atomic960 has a rating line of its own; it is rated only when
    // asked (`rated`, `r`): the `rated` variable stays atomic's.
    let atomic960 = t.variant == Variant::Atomic960;
    let vars = &ctx.session.vars;
    let (minutes, inc) = t.clock(vars);
    let registered = ctx.session.is_registered();
    let mut rated = t
        .rated
        .unwrap_or(registered && !atomic960 && vars.switch(Switch::Rated));
    if rated && !registered {
        // Guests may only seek unrated games (docs/protocol.md §3.1).
        ctx.say(&msg!("seek-set-unrated"));
        rated = false;
    }
    let req = SeekRequest {
        terms: Terms {
            minutes,
            inc,
            rated,
        },
        color: t.color,
        manual: t.manual,
        formula: t.formula,
        range: t.range.unwrap_or((0, 9999)),
        variant: t.variant,
        start: t.start,
    };
    let reply = ctx.world().post_seek(ctx.session.id, req, Instant::now());
    ctx.events(&reply);
}

/// `unseek [N]`
pub fn unseek(ctx: &mut Ctx<'_>, args: &str) {
    let which = match args.trim() {
        "" => None,
        n => match n.parse() {
            Ok(n) => Some(n),
            Err(_) => return ctx.usage("unseek [index]"),
        },
    };
    let reply = ctx.world().unseek(ctx.session.id, which);
    ctx.say(&reply);
}

/// `sought [all]`
pub fn sought(ctx: &mut Ctx<'_>, args: &str) {
    let all = args.trim().eq_ignore_ascii_case("all");
    let reply = ctx.world().sought(ctx.session.id, all);
    for m in &reply {
        ctx.say(m);
    }
}

/// `play N|name`
pub fn play(ctx: &mut Ctx<'_>, args: &str) {
    if args.trim().is_empty() {
        return ctx.usage("play index|name");
    }
    let reply = ctx.world().play_seek(ctx.session.id, args, Instant::now());
    ctx.events(&reply);
}
