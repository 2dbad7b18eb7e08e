//! `tourney` (the built-in director: create, list, info, join, leave,
//! start, standings, pairings, crosstable, cancel, berserk) and `berserk`.

use std::time::Duration;

use tokio::time::Instant;

use super::Ctx;
use crate::chess::Variant;
use crate::event::Msg;
use crate::msg;
use crate::store::tourneys as db;
use crate::tourney::{Format, Tournament, standings};
use crate::world::tourneys::{Event, NewEvent, Status};

const USAGE: &str =
    "tourney create|list|info|join|leave|start|standings|pairings|crosstable|cancel|berserk [ID]";
const CREATE_USAGE: &str = "tourney create NAME swiss|rr|arena|ko TIME INC [rated|unrated] [atomic960] [rounds=N] [minutes=M] [games=K] [cycles=C] [max=N] [minrating=R]";

/// `tourney SUBCOMMAND [args]` (any unique prefix of the subcommand).
pub fn tourney(ctx: &mut Ctx<'_>, args: &str) {
    let (word, rest) = match args.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (args, ""),
    };
    if word.is_empty() {
        return ctx.usage(USAGE);
    }
    const SUBS: &[&str] = &[
        "berserk",
        "cancel",
        "create",
        "crosstable",
        "info",
        "join",
        "leave",
        "list",
        "pairings",
        "standings",
        "start",
    ];
    let lower = word.to_ascii_lowercase();
    let found: Vec<&str> = match SUBS.iter().find(|s| **s == lower) {
        Some(s) => vec![*s],
        None => SUBS
            .iter()
            .copied()
            .filter(|s| s.starts_with(&lower))
            .collect(),
    };
    let sub = match found.as_slice() {
        [one] => *one,
        [] => return ctx.usage(USAGE),
        many => {
            return ctx.say(&msg!(
                "tourney-ambiguous",
                word = word,
                matches = many.join(" ")
            ));
        }
    };
    match sub {
        "create" => create(ctx, rest),
        "list" => list(ctx),
        "berserk" => berserk(ctx, rest),
        _ => {
            let Some(id) = parse_id(rest.split_whitespace().next().unwrap_or("")) else {
                return ctx.usage(&format!("tourney {sub} ID"));
            };
            let extra = rest.split_whitespace().nth(1);
            match sub {
                "info" => info(ctx, id),
                "join" => join(ctx, id),
                "leave" => leave(ctx, id),
                "start" => start(ctx, id),
                "cancel" => cancel(ctx, id),
                _ => table(ctx, sub, id, extra),
            }
        }
    }
}

/// `3` or `#3`.
fn parse_id(word: &str) -> Option<u32> {
    word.trim_start_matches('#').parse().ok().filter(|n| *n > 0)
}

/// `berserk`: see `World::berserk`.
pub fn berserk(ctx: &mut Ctx<'_>, _args: &str) {
    let reply = ctx.world().berserk(ctx.session.id, Instant::now());
    match reply {
        Ok(text) | Err(text) => ctx.say(&text),
    }
}

/// `Bad rounds "x".`: an option's value refused (`what` is the option as
/// typed).
fn bad_value(what: &str, word: &str) -> Msg {
    msg!("tourney-bad-value", what = what, word = word)
}

/// The options of `tourney create` after NAME.
fn parse_create(name: &str, words: &[&str]) -> Result<NewEvent, Msg> {
    if name.is_empty()
        || name.chars().count() > 30
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(msg!("tourney-bad-name"));
    }
    let [kind, time, inc, rest @ ..] = words else {
        return Err(msg!("usage", syntax = CREATE_USAGE));
    };
    let number = |w: &str, what: &str, max: u32| -> Result<u32, Msg> {
        w.parse::<u32>()
            .ok()
            .filter(|n| *n <= max)
            .ok_or_else(|| bad_value(what, w))
    };
    let minutes = number(time, "time", 999)?;
    let inc = number(inc, "increment", 999)?;
    let mut rated = None;
    let mut variant = Variant::Atomic;
    let (mut rounds, mut cycles, mut games) = (5, 1, 1);
    let mut arena_minutes = 30.0;
    let (mut max_players, mut min_rating) = (None, None);
    for w in rest {
        let lower = w.to_ascii_lowercase();
        match lower.split_once('=') {
            None if lower == "rated" || lower == "r" => rated = Some(true),
            None if lower == "unrated" || lower == "u" => rated = Some(false),
            None if super::terms::names_atomic960(&lower) => variant = Variant::Atomic960,
            Some(("rounds", v)) => rounds = number(v, "rounds", 99)?.max(1),
            Some(("cycles", v)) => cycles = number(v, "cycles", 4)?.max(1),
            Some(("games", v)) => games = number(v, "games", 20)?.max(1),
            Some(("max", v)) => max_players = Some(number(v, "max", 1000)?.max(2)),
            Some(("minrating", v)) => {
                min_rating = Some(v.parse::<i32>().map_err(|_| bad_value("minrating", v))?)
            }
            Some(("minutes", v)) => {
                arena_minutes = v
                    .parse::<f64>()
                    .ok()
                    .filter(|m| m.is_finite() && *m > 0.0 && *m <= 10_080.0)
                    .ok_or_else(|| bad_value("minutes", v))?
            }
            _ => {
                return Err(msg!(
                    "tourney-unknown-option",
                    word = *w,
                    syntax = CREATE_USAGE
                ));
            }
        }
    }
    let format = match kind.to_ascii_lowercase().as_str() {
        "swiss" => Format::Swiss { rounds },
        "rr" | "roundrobin" => Format::RoundRobin { cycles },
        "arena" => Format::Arena,
        "ko" | "knockout" => Format::Knockout { games },
        other => {
            return Err(msg!("tourney-unknown-kind", kind = other));
        }
    };
    // As a match: an Atomic960 event is rated only when asked (its games
    // then move the Atomic960 line, and it seeds by that line).
    let rated = rated.unwrap_or(variant == Variant::Atomic);
    Ok(NewEvent {
        name: name.to_string(),
        format,
        minutes,
        inc,
        rated,
        variant,
        arena: Duration::from_secs_f64(arena_minutes * 60.0),
        max_players,
        min_rating,
    })
}

fn create(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some((name, rest)) = words.split_first() else {
        return ctx.usage(CREATE_USAGE);
    };
    let titles = ctx.session.titles;
    let anyone = ctx.world().tourneys.settings.anyone_creates;
    let allowed = titles.td || titles.admin || (anyone && ctx.session.is_registered());
    if !allowed {
        return ctx.say(&msg!("tourney-only-tournament-directors-and-admins"));
    }
    let new = match parse_create(name, rest) {
        Ok(n) => n,
        Err(e) => return ctx.say(&e),
    };
    let by = ctx.session.name.clone();
    let id = ctx.world().create_tourney(&by, new);
    ctx.say(&msg!(
        "tourney-tourney-created-tourney-start-starts",
        id = id.to_string()
    ));
}

fn list(ctx: &mut Ctx<'_>) {
    let voice = ctx.voice();
    let columns = voice.line(&msg!("tourney-list-columns"));
    // The kind and the status in the reader's words, padded to their columns.
    let words = |m: &Msg| {
        let mut s = String::new();
        crate::render::fics::msg(&voice.view(), m, &mut s);
        s
    };
    let world = ctx.world();
    let mut text = String::new();
    let events: Vec<&Event> = world.tourneys.events.values().collect();
    if events.is_empty() {
        drop(world);
        return ctx.say(&msg!("tourney-there-are-no-tourneys"));
    }
    text.push_str(&columns);
    // The rows are data, laid out in columns.
    for e in events {
        text.push_str(&format!(
            "{:>3}  {:<19.19} {:<20.20} {:<8.8} {:>7} {}\n",
            e.id,
            e.name,
            words(&e.kind()),
            format!("{} {}", e.minutes, e.inc),
            e.t.players().len(),
            words(&msg!("tourney-status", status = e.status.word()))
        ));
    }
    drop(world);
    ctx.out.push_str(&text);
}

fn info(ctx: &mut Ctx<'_>, id: u32) {
    let world = ctx.world();
    let text = world.tourney(id).map(info_text);
    drop(world);
    match text {
        Ok(lines) => {
            for m in &lines {
                ctx.say(m);
            }
        }
        Err(e) => ctx.say(&e),
    }
}

fn info_text(e: &Event) -> Vec<Msg> {
    let mut s = vec![msg!(
        "tourney-info",
        id = e.id,
        name = &e.name,
        kind = e.kind(),
        terms = e.terms(),
        status = msg!("tourney-status", status = e.status.word())
    )];
    let director = msg!("tourney-info-director", name = &e.created_by);
    s.push(match (e.max_players, e.min_rating) {
        (Some(max), Some(min)) => director
            .with("max", max)
            .with("min", min)
            .with("limits", "both"),
        (Some(max), None) => director.with("max", max).with("limits", "max"),
        (None, Some(min)) => director.with("min", min).with("limits", "min"),
        (None, None) => director.with("limits", "none"),
    });
    if e.status == Status::Running && e.t.format() != Format::Arena {
        s.push(msg!("tourney-info-round", round = e.t.current_round()));
    }
    let names: Vec<String> =
        e.t.players()
            .iter()
            .map(|p| {
                let out = if p.withdrawn.is_some() { " (out)" } else { "" };
                format!("{} ({}){out}", p.name, p.rating_text())
            })
            .collect();
    s.push(msg!(
        "tourney-info-players",
        n = names.len(),
        names = names.join(", ")
    ));
    s
}

fn join(ctx: &mut Ctx<'_>, id: u32) {
    let me = ctx.session.id;
    let reply = ctx.world().join_tourney(me, id);
    match reply {
        Ok(t) | Err(t) => ctx.say(&t),
    }
}

fn leave(ctx: &mut Ctx<'_>, id: u32) {
    let name = ctx.session.name.clone();
    let reply = ctx.world().leave_tourney(&name, id);
    match reply {
        Ok(t) | Err(t) => ctx.say(&t),
    }
}

fn start(ctx: &mut Ctx<'_>, id: u32) {
    let me = ctx.session.id;
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let reply = world
        .may_manage(id, me)
        .and_then(|_| world.start_tourney(id, Instant::now()));
    drop(world);
    match reply {
        Ok(t) | Err(t) => ctx.say(&t),
    }
}

fn cancel(ctx: &mut Ctx<'_>, id: u32) {
    let me = ctx.session.id;
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let reply = world
        .may_manage(id, me)
        .and_then(|_| world.cancel_tourney(id));
    drop(world);
    match reply {
        Ok(t) | Err(t) => ctx.say(&t),
    }
}

/// `standings`, `pairings [ROUND]` and `crosstable`, from the live event or,
/// for one that ended in an earlier run, from the database.
fn table(ctx: &mut Ctx<'_>, sub: &'static str, id: u32, extra: Option<&str>) {
    let round = match extra.map(str::parse::<u32>) {
        Some(Ok(r)) => Some(r),
        Some(Err(_)) => return ctx.usage("tourney pairings ID [ROUND]"),
        None => None,
    };
    let live = ctx.world().tourney(id).map(|e| e.t.clone()).ok();
    let voice = ctx.voice();
    if let Some(t) = live {
        return ctx.out.push_str(&render(&voice, sub, &t, round));
    }
    let store = ctx.shared().store.clone();
    ctx.reply_later(async move {
        let row = store.call(move |c| db::load(c, i64::from(id))).await;
        let Ok(Ok(Some(row))) = row else {
            return voice.line(&msg!("tourney-no-such", id = id));
        };
        let now = Instant::now();
        match Event::from_row(row, now, Duration::ZERO, |_| false) {
            Ok(e) => render(&voice, sub, &e.t, round),
            Err(_) => voice.line(&msg!("tourney-unreadable", id = id)),
        }
    });
}

/// A table as text for this reader: the words of the standings and the
/// pairings in their language (the rows are data; the crosstable is all
/// data and stays as it is).
fn render(voice: &super::Voice, sub: &str, t: &Tournament, round: Option<u32>) -> String {
    match sub {
        "standings" => standings::standings_messages(t)
            .iter()
            .map(|m| voice.line(m))
            .collect(),
        "crosstable" => standings::crosstable(t),
        _ => {
            let round = round.unwrap_or_else(|| t.current_round()).max(1);
            standings::pairings_messages(t, round)
                .iter()
                .map(|m| voice.line(m))
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn create_options() {
        let e = parse_create(
            "Spring",
            &["swiss", "3", "0", "unrated", "rounds=4", "max=8"],
        )
        .unwrap();
        assert_eq!(e.format, Format::Swiss { rounds: 4 });
        assert!(!e.rated);
        assert_eq!(e.max_players, Some(8));
        let a = parse_create("A", &["arena", "1", "0", "minutes=0.5"]).unwrap();
        assert_eq!(a.format, Format::Arena);
        assert_eq!(a.arena, Duration::from_secs(30));
        assert!(parse_create("A", &["arena", "1"]).is_err());
        assert!(parse_create("A b", &["ko", "1", "0"]).is_err());
        assert!(parse_create("A", &["chess960", "1", "0"]).is_err());
        assert!(parse_create("A", &["ko", "1", "0", "colour=red"]).is_err());
        assert_eq!(
            parse_create("K", &["ko", "1", "0", "games=2"])
                .unwrap()
                .format,
            Format::Knockout { games: 2 }
        );
        assert_eq!(parse_id("#12"), Some(12));
        assert_eq!(e.variant, Variant::Atomic);
        let a960 = parse_create("F", &["swiss", "3", "0", "atomic960"]).unwrap();
        assert_eq!((a960.variant, a960.rated), (Variant::Atomic960, false));
        let short = parse_create("F", &["arena", "3", "0", "A960", "unrated"]).unwrap();
        assert_eq!(short.variant, Variant::Atomic960);
        let rated = parse_create("F", &["rr", "3", "0", "rated", "atomic960"]).unwrap();
        assert_eq!((rated.variant, rated.rated), (Variant::Atomic960, true));
        assert_eq!(parse_id("x"), None);
    }
}
