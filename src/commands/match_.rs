//! `match`, `accept`, `decline`, `withdraw`, `pending` (docs/protocol.md §4).

use tokio::time::Instant;

use super::{Ctx, terms};
use crate::chess::{AtomicGame, StartPosition, Variant};
use crate::msg;
use crate::settings::vars::Switch;
use crate::world::challenges::MatchRequest;
use crate::world::game::Terms;
use crate::world::negotiation::Pick;
use crate::world::watching::find_error;

const USAGE: &str = "match user [time [inc]] [r|u] [w|b] [atomic|atomic960 [N]] [fen FEN]";

/// Asks `target` to resume our adjourned game, if there is one and they
/// are here; false (nothing said) otherwise.
fn resume(ctx: &mut Ctx<'_>, target: &str) -> bool {
    let reply = {
        let mut world = ctx.world();
        let Ok(them) = world.find(target) else {
            return false;
        };
        let to = them.id;
        if world
            .durable
            .stored_between(&ctx.session.name, &them.name)
            .is_none()
        {
            return false;
        }
        world.resume_request(ctx.session.id, to, Instant::now())
    };
    match reply {
        Ok(events) => ctx.events(&events),
        Err(e) => ctx.refuse(&e),
    }
    true
}

/// `match user [time [inc]] [r|u] [w|b] [atomic] [fen FEN]`
pub fn match_(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some((target, rest)) = words.split_first() else {
        return ctx.usage(USAGE);
    };
    // `match name` alone, with a stored game between us: resume it (also
    // while examining it).
    if rest.is_empty() && resume(ctx, target) {
        return;
    }
    // A computer opponent that cannot play now says why at once.
    if let Some(refusal) = super::house::match_refusal(ctx, target) {
        return ctx.say(&refusal);
    }
    // `fen` and everything after it is a set-up start position; without
    // one, a game from an examined board starts from its position.
    let (rest, fen, from_exam) = match rest.iter().position(|w| w.eq_ignore_ascii_case("fen")) {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" ")), false),
        None => match super::examine::examined_fen(ctx) {
            Ok(examined) => (rest, examined.clone(), examined.is_some()),
            Err(e) => return ctx.say(&e),
        },
    };
    // Atomic960 starts from one of the 960, never from a FEN; an examined
    // board does not count then.
    let wants_960 = rest.iter().any(|w| terms::names_atomic960(w));
    if wants_960 && fen.is_some() && !from_exam {
        return ctx.say(&msg!("match-atomic960-fen"));
    }
    let (fen, from_exam) = if wants_960 {
        (None, false)
    } else {
        (fen, from_exam)
    };
    if let Some(fen) = &fen {
        match AtomicGame::from_fen(fen) {
            Err(e) => return ctx.say(&crate::render::errors::setup_error(&e)),
            Ok(g) if g.end().is_some() => {
                return ctx.say(&msg!("match-position-decided"));
            }
            Ok(_) => {}
        }
        if rest
            .iter()
            .any(|w| w.eq_ignore_ascii_case("r") || w.eq_ignore_ascii_case("rated"))
        {
            return ctx.say(&msg!("match-position-unrated"));
        }
    }
    let t = match terms::parse(rest, false) {
        Ok(t) => t,
        Err(e) => return ctx.say(&e.msg()),
    };
    // An Atomic960 game is asked for by its start, Shredder-FEN as the
    // store keeps it (the FEN's castling field is what says Atomic960).
    // It has a rating line of its own, and is rated only when asked
    // (`rated`, `r`): the `rated` variable stays atomic's.
    let atomic960 = t.variant == Variant::Atomic960;
    let (fen, from_exam) = match t.variant {
        Variant::Atomic => (fen, from_exam),
        Variant::Atomic960 => {
            let start = t.start.unwrap_or_else(StartPosition::random);
            (Some(start.shredder_fen()), false)
        }
    };
    let id = ctx.session.id;
    let vars = &ctx.session.vars;
    let (minutes, inc) = t.clock(vars);
    let default_rated = vars.switch(Switch::Rated);
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let them = match world.find(target) {
        Ok(p) => p,
        Err(e) => {
            drop(world);
            return ctx.say(&find_error(target, e));
        }
    };
    let to = them.id;
    let both_registered = them.is_registered() && ctx.session.is_registered();
    let rated = if atomic960 {
        t.rated == Some(true)
    } else {
        fen.is_none() && t.rated.unwrap_or(default_rated && both_registered)
    };
    let req = MatchRequest {
        terms: Terms {
            minutes,
            inc,
            rated,
        },
        color: t.color,
        variant: fen
            .as_deref()
            .map_or(Variant::Atomic, Variant::of_start_fen),
        fen,
        resume: None,
    };
    let reply = world.challenge_limited(id, to, req, Instant::now());
    drop(world);
    match reply {
        Ok(events) => {
            if from_exam {
                ctx.say(&msg!("match-from-examined"));
            }
            ctx.events(&events);
        }
        Err(e) => ctx.refuse(&e),
    }
}

/// `accept [N|name|t=type]`
pub fn accept(ctx: &mut Ctx<'_>, args: &str) {
    let reply = ctx
        .world()
        .accept(ctx.session.id, &Pick::parse(args), Instant::now());
    ctx.events(&reply);
}

/// `decline [N|name|t=type]`
pub fn decline(ctx: &mut Ctx<'_>, args: &str) {
    let reply = ctx.world().decline(ctx.session.id, &Pick::parse(args));
    ctx.events(&reply);
}

/// `withdraw [N|name|t=type]`
pub fn withdraw(ctx: &mut Ctx<'_>, args: &str) {
    let reply = ctx.world().withdraw(ctx.session.id, &Pick::parse(args));
    ctx.events(&reply);
}

/// `pending`
pub fn pending(ctx: &mut Ctx<'_>, _args: &str) {
    let reply = ctx.world().pending(ctx.session.id);
    for m in &reply {
        ctx.say(m);
    }
}
