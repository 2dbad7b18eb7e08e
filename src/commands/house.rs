//! The computer opponents as players meet them: `bots` lists them, and
//! `match` to one of them is answered here first when it cannot be played
//! (no engine, the bot is busy, the house plays all the games it may).
//!
//! Their lines are in the message catalogue (`house-*`); the reasons why
//! computer play is off (`why`) are the server's own diagnostics.

use super::Ctx;
use crate::event::Msg;
use crate::house::{Availability, House};
use crate::msg;
use crate::world::{Player, World};

/// The house's bot of this name, if it is the one logged in (a person's
/// account of that name, which the house never takes over, is not).
fn online<'w>(world: &'w World, house: &House, name: &str) -> Option<&'w Player> {
    world
        .by_name(name)
        .filter(|p| p.titles.computer && house.is_house_bot(name) && house.problem(name).is_none())
}

/// The bots logged in now with a game, and the free ones (with levels).
fn occupancy(world: &World, house: &House) -> (usize, Vec<(String, u8)>) {
    let mut playing = 0;
    let mut free = Vec::new();
    for bot in house.bots() {
        match online(world, house, &bot.name) {
            Some(p) if p.game.is_some() => playing += 1,
            Some(p) => free.push((p.name.clone(), bot.level)),
            None => {}
        }
    }
    (playing, free)
}

/// The answer to `match target` when `target` is a computer opponent
/// who cannot play now; `None` when the challenge may go (or `target` is
/// no computer opponent).
pub fn match_refusal(ctx: &Ctx<'_>, target: &str) -> Option<Msg> {
    let house = &ctx.shared().house;
    if house.bots().is_empty() {
        return None;
    }
    let world = ctx.world();
    let found = world.find(target).ok().map(|p| p.name.clone());
    let name = match found {
        Some(name) if online(&world, house, &name).is_some() => name,
        // Someone else, a person holding a bot's name included: the
        // challenge goes to them as to anyone.
        Some(_) => return None,
        None => {
            // Not logged in: say why, if it is one of ours.
            let bot = house.find(target)?;
            return Some(match (house.availability(), house.problem(&bot.name)) {
                (Availability::Unavailable(why), _) => msg!("house-unavailable", why = why),
                (_, Some(why)) => msg!("house-cannot-play", name = &bot.name, why = why),
                _ => msg!("house-getting-ready", name = &bot.name),
            });
        }
    };
    let me_playing = world
        .by_name(&ctx.session.name)
        .is_some_and(|p| p.game.is_some());
    if me_playing {
        // The world's own answer ("You are already playing") says it.
        return None;
    }
    let busy = world.by_name(&name).is_some_and(|p| p.game.is_some());
    let (playing, free) = occupancy(&world, house);
    let most = house.rules.max_games as usize;
    if busy {
        return Some(if free.is_empty() || playing >= most {
            msg!("house-all-busy", name = &name)
        } else {
            msg!("house-busy", name = &name, free = free_list(ctx, &free))
        });
    }
    if playing >= most {
        return Some(msg!("house-at-most", most = most, playing = playing));
    }
    None
}

/// The free bots with their levels, in the user's language.
fn free_list(ctx: &Ctx<'_>, free: &[(String, u8)]) -> String {
    let voice = ctx.voice();
    free.iter()
        .map(|(name, level)| {
            let text = voice.line(&msg!("house-free-bot", name = name, level = *level));
            text.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `bots`: the computer opponents, their levels, ratings and whether they
/// are free.
pub fn bots(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let house = &shared.house;
    if house.bots().is_empty() {
        return ctx.say(&msg!("house-no-bots"));
    }
    let voice = ctx.voice();
    let text = |m: Msg| voice.line(&m).trim_end().to_string();
    let engine = match house.availability() {
        Availability::Unavailable(why) => return ctx.say(&msg!("house-unavailable", why = why)),
        Availability::Starting => text(msg!("house-engine-starting")),
        Availability::Ready(name) => name,
    };
    let mut rows = Vec::new();
    let (playing, free) = {
        let world = ctx.world();
        for bot in house.bots() {
            let (rating, status) = match online(&world, house, &bot.name) {
                Some(p) => (
                    p.rating_text(),
                    match p.game {
                        Some(no) => text(msg!("house-status-playing", no = no)),
                        None => text(msg!("house-status-free")),
                    },
                ),
                None => (
                    "----".to_string(),
                    match house.problem(&bot.name) {
                        Some(why) => text(msg!("house-status-cannot-play", why = why)),
                        None => text(msg!("house-status-getting-ready")),
                    },
                ),
            };
            rows.push(format!(
                "  {:<17} level {}  {:>4}  {status}",
                bot.name, bot.level, rating
            ));
        }
        occupancy(&world, house)
    };
    let most = house.rules.max_games;
    ctx.say(&msg!(
        "house-list-title",
        engine = engine,
        most = most,
        playing = playing
    ));
    for row in rows {
        ctx.line(row);
    }
    let example = free
        .first()
        .map_or(house.bots()[0].name.as_str(), |(name, _)| name.as_str())
        .to_string();
    ctx.say(&msg!("house-play-one", example = example));
}
