//! Adjourned games: `stored [name]` lists them, `resume [name]` asks the
//! stored opponent to go on (as `match name` does).

use tokio::time::Instant;

use super::Ctx;
use crate::msg;
use crate::store::adjourned::StoredGame;
use crate::world::FindError;
use crate::world::adjourn::stored_text;

/// `stored [name]`: the adjourned games of a player (yourself by default).
pub fn stored(ctx: &mut Ctx<'_>, args: &str) {
    let name = match args.split_whitespace().next() {
        None => ctx.session.name.clone(),
        Some(n) => match ctx.world().find(n) {
            Ok(p) => p.name.clone(),
            Err(_) => n.to_string(),
        },
    };
    let games: Vec<(StoredGame, bool)> = {
        let world = ctx.world();
        world
            .durable
            .stored_of(&name)
            .into_iter()
            .map(|g| (g.clone(), world.by_name(g.opponent_of(&name)).is_some()))
            .collect()
    };
    // The name as the games spell it, when the user typed it otherwise.
    let shown = games
        .first()
        .map(|(g, _)| {
            if g.white.eq_ignore_ascii_case(&name) {
                g.white.clone()
            } else {
                g.black.clone()
            }
        })
        .unwrap_or(name);
    for m in &stored_text(&shown, &games) {
        ctx.say(m);
    }
}

/// `resume [name]`: offers to go on with an adjourned game.
pub fn resume(ctx: &mut Ctx<'_>, args: &str) {
    let me = ctx.session.id;
    let my_name = ctx.session.name.clone();
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let mine: Vec<String> = world
        .durable
        .stored_of(&my_name)
        .iter()
        .map(|g| g.opponent_of(&my_name).to_string())
        .collect();
    if mine.is_empty() {
        drop(world);
        return ctx.say(&msg!("stored-you-have-no-adjourned-games"));
    }
    let them = match args.split_whitespace().next() {
        Some(n) => match world.find(n) {
            Ok(p) => p.id,
            Err(FindError::NotFound) => {
                drop(world);
                return ctx.say(&msg!("stored-no-user-named-is-logged", n = n.to_string()));
            }
            Err(FindError::Ambiguous(names)) => {
                drop(world);
                return ctx.say(&msg!("name-ambiguous", name = n, matches = names.join(" ")));
            }
        },
        None => {
            let mut online: Vec<u64> = mine
                .iter()
                .filter_map(|n| world.by_name(n))
                .map(|p| p.id)
                .collect();
            online.dedup();
            match online.as_slice() {
                [one] => *one,
                [] => {
                    drop(world);
                    return ctx.say(&crate::msg!("resume-nobody-online"));
                }
                _ => {
                    drop(world);
                    return ctx.say(&crate::msg!("resume-several-online"));
                }
            }
        }
    };
    let reply = world.resume_request(me, them, Instant::now());
    drop(world);
    match reply {
        Ok(events) => ctx.events(&events),
        Err(e) => ctx.refuse(&e),
    }
}
