//! The computer opponents as players meet them: `bots` lists them, and
//! `match` to one of them is answered here first when it cannot be played
//! (no engine, the bot is busy, the house plays all the games it may).
//!
//! Every line a user reads about them is in this file, so that the
//! message catalogue can take them over in one place.

use super::Ctx;
use crate::house::{Availability, House};
use crate::world::{Player, World};

/// Why computer play is not on, as players are told.
fn unavailable(why: &str) -> String {
    format!("Computer opponents are not available: {why}.")
}

/// The house's bot of this name, if it is the one logged in (a person's
/// account of that name, which the house never takes over, is not).
fn online<'w>(world: &'w World, house: &House, name: &str) -> Option<&'w Player> {
    world
        .by_name(name)
        .filter(|p| p.titles.computer && house.is_house_bot(name) && house.problem(name).is_none())
}

/// The bots logged in now with a game, and the free ones (with levels).
fn occupancy(world: &World, house: &House) -> (usize, Vec<String>) {
    let mut playing = 0;
    let mut free = Vec::new();
    for bot in house.bots() {
        match online(world, house, &bot.name) {
            Some(p) if p.game.is_some() => playing += 1,
            Some(p) => free.push(format!("{} (level {})", p.name, bot.level)),
            None => {}
        }
    }
    (playing, free)
}

/// The answer to `match target` when `target` is a computer opponent
/// who cannot play now; `None` when the challenge may go (or `target` is
/// no computer opponent).
pub fn match_refusal(ctx: &Ctx<'_>, target: &str) -> Option<String> {
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
                (Availability::Unavailable(why), _) => unavailable(&why),
                (_, Some(why)) => format!("{} cannot play now: {why}.", bot.name),
                _ => format!("{} is getting ready; try again in a few seconds.", bot.name),
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
            format!(
                "{name} is playing a game, and so are all the computer opponents that may play now; try again when a game ends."
            )
        } else {
            format!("{name} is playing a game. Free now: {}.", free.join(", "))
        });
    }
    if playing >= most {
        return Some(format!(
            "The computer opponents play at most {most} game{} at once, and {playing} {} going on; try again when one ends.",
            if most == 1 { "" } else { "s" },
            if playing == 1 { "is" } else { "are" },
        ));
    }
    None
}

/// `bots`: the computer opponents, their levels, ratings and whether they
/// are free.
pub fn bots(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let house = &shared.house;
    if house.bots().is_empty() {
        return ctx.line(unavailable(
            "the server has no computer opponents (config.toml has no [[house_bots]])",
        ));
    }
    let engine = match house.availability() {
        Availability::Unavailable(why) => return ctx.line(unavailable(&why)),
        Availability::Starting => "the engine is being started".to_string(),
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
                        Some(no) => format!("playing game {no}"),
                        None => "free".to_string(),
                    },
                ),
                None => (
                    "----".to_string(),
                    house
                        .problem(&bot.name)
                        .map_or("getting ready".to_string(), |why| {
                            format!("cannot play: {why}")
                        }),
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
    ctx.line(format!(
        "Computer opponents ({engine}; lichess's levels 1 to 8; at most {most} game{} at once, {playing} going on):",
        if most == 1 { "" } else { "s" }
    ));
    for row in rows {
        ctx.line(row);
    }
    let example = free
        .first()
        .and_then(|f| f.split(' ').next())
        .unwrap_or(house.bots()[0].name.as_str())
        .to_string();
    ctx.line(format!(
        "Play one with \"match {example} 5 0\" (any time and increment; add white or black to choose your colour)."
    ));
}
