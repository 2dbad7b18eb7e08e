//! What a TD program (mamer and the like, docs/protocol.md §7) needs beyond `qtell`:
//! `rmatch`, `tournset`, `getpi`, `getgi`. Only `(TD)` accounts (and
//! admins) see these commands.

use tokio::time::Instant;

use super::Ctx;
use crate::msg;
use crate::settings::vars::Switch;
use crate::store::accounts;
use crate::world::FindError;
use crate::world::game::Terms;

/// `rmatch p1 p2 time inc r|u [atomic|wild N...] [white|black]`: starts a
/// game between two online players at once, with no offer, whatever their
/// `open`, censor and noplay settings. `white`/`black` is p1's colour
/// (White by default); the variant words are accepted and ignored, every
/// game here being atomic.
pub fn rmatch(ctx: &mut Ctx<'_>, args: &str) {
    const USAGE: &str = "rmatch player1 player2 time inc r|u [atomic] [white|black]";
    let words: Vec<&str> = args.split_whitespace().collect();
    let [p1, p2, time, inc, rated, rest @ ..] = words.as_slice() else {
        return ctx.usage(USAGE);
    };
    let (Ok(minutes), Ok(inc)) = (time.parse::<u32>(), inc.parse::<u32>()) else {
        return ctx.usage(USAGE);
    };
    if minutes > 999 || inc > 999 {
        return ctx.say(&msg!("td-time-and-increment-go-up"));
    }
    let rated = match rated.to_ascii_lowercase().as_str() {
        "r" | "rated" => true,
        "u" | "unrated" => false,
        _ => return ctx.usage(USAGE),
    };
    let p1_black = rest.iter().any(|w| w.eq_ignore_ascii_case("black"));
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let mut ids = Vec::new();
    // mamer sends `rmatch a b ... white ; rmatch b a ... black`: the
    // second finds the game the first started, and has nothing to do.
    if let (Ok(a), Ok(b)) = (world.find(p1), world.find(p2))
        && a.game.is_some()
        && a.game == b.game
    {
        return;
    }
    for name in [p1, p2] {
        match world.find(name) {
            Ok(p) if p.game.is_some() => {
                let text = msg!("refuse-playing", name = &p.name);
                drop(world);
                return ctx.say(&text);
            }
            Ok(p) if rated && !p.is_registered() => {
                drop(world);
                return ctx.say(&msg!("refuse-rated-registration"));
            }
            Ok(p) => ids.push(p.id),
            Err(FindError::NotFound | FindError::Ambiguous(_)) => {
                drop(world);
                return ctx.say(&msg!("name-not-logged-in", name = name.to_string()));
            }
        }
    }
    if ids[0] == ids[1] {
        drop(world);
        return ctx.say(&msg!("td-a-player-cannot-play-himself"));
    }
    let (white, black) = if p1_black {
        (ids[1], ids[0])
    } else {
        (ids[0], ids[1])
    };
    let terms = Terms {
        minutes,
        inc,
        rated,
    };
    let started = world.start_game(white, black, terms, None, Instant::now());
    if started.is_some() {
        world.peak_games = world.peak_games.max(world.games.len());
    }
    drop(world);
    if started.is_none() {
        ctx.say(&msg!("td-the-game-could-not-be"));
    }
}

/// `tournset name 0|1`: sets a player's `tourney` variable (the `&` of
/// `who`, the mamer suffix of game end lines).
pub fn tournset(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let [name, value] = words.as_slice() else {
        return ctx.usage("tournset name 0|1");
    };
    let on = match *value {
        "0" => false,
        "1" => true,
        _ => return ctx.usage("tournset name 0|1"),
    };
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(id) = world.by_name(name).map(|p| p.id) else {
        drop(world);
        return ctx.say(&msg!("name-not-logged-in", name = name.to_string()));
    };
    let Some(p) = world.player_mut(id) else {
        return;
    };
    let word = if on { "1" } else { "0" };
    let reply = p.vars.set("tourney", word).map(|c| c.reply);
    let (target, account) = (p.name.clone(), p.account_id);
    if reply.is_ok() && id != ctx.session.id {
        p.send_event(crate::event::Event::line(if on {
            msg!("set-tourney-on")
        } else {
            msg!("set-tourney-off")
        }));
    }
    drop(world);
    if reply.is_err() {
        return ctx.say(&msg!("td-the-tourney-variable-cannot-be"));
    }
    if id == ctx.session.id {
        adopt_world_vars(ctx);
    }
    if let Some(account) = account {
        shared.store.write("save variable", move |db| {
            accounts::save_var(db, account, "tourney", Some(word))
        });
    }
    ctx.say(&msg!(
        "td-s-tourney-variable-is-now",
        target = target.to_string(),
        word = word.to_string()
    ));
}

/// Takes into the session's copy of its variables what others may have
/// changed in the world's copy (`tournset` by a TD).
pub fn adopt_world_vars(ctx: &mut Ctx<'_>) {
    let theirs = ctx
        .world()
        .player(ctx.session.id)
        .map(|p| p.vars.switch(Switch::Tourney));
    if let Some(on) = theirs
        && on != ctx.session.vars.switch(Switch::Tourney)
    {
        let _ = ctx.session.vars.set("tourney", if on { "1" } else { "0" });
    }
}

/// `getpi name` → `*getpi name wild blitz standard lightning bughouse
/// suicide*`. An atomic server has one rating: it goes in every slot, so a
/// TD program seeds by it whatever category its tourney is; 0 without
/// rated games, -1 for an unregistered user. Nothing for nobody online
/// (lasker's way).
pub fn getpi(ctx: &mut Ctx<'_>, args: &str) {
    let Some(name) = args.split_whitespace().next() else {
        return ctx.usage("getpi name");
    };
    let world = ctx.world();
    let Some(p) = world.by_name(name) else {
        return;
    };
    let r = if p.is_registered() {
        p.rating_number_in(crate::chess::Variant::Atomic)
    } else {
        -1
    };
    let line = format!("*getpi {} {r} {r} {r} {r} {r} {r}*", p.name);
    drop(world);
    ctx.line(line);
}

/// `getgi name` → `*getgi name white black game initial-tenths
/// inc-tenths rated private*`, or `name is not playing a game.`
pub fn getgi(ctx: &mut Ctx<'_>, args: &str) {
    let Some(name) = args.split_whitespace().next() else {
        return ctx.usage("getgi name");
    };
    let world = ctx.world();
    let Some(p) = world.by_name(name) else {
        return;
    };
    // The `*getgi ...*` line is the TD bot's protocol, as it is.
    let line = match world.game_of(p.id) {
        Some(g) => msg!(
            "raw",
            text = format!(
                "*getgi {} {} {} {} {} {} {} 0*",
                p.name,
                g.white.name,
                g.black.name,
                g.no,
                g.terms.minutes * 600,
                g.terms.inc * 10,
                u8::from(g.terms.rated)
            )
        ),
        None => msg!("game-player-not-playing", name = &p.name),
    };
    drop(world);
    ctx.say(&line);
}
