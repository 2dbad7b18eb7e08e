//! Watching games: `games`, `observe`, `unobserve`, `allobservers`,
//! `moves`, `kibitz`, `whisper`.

use std::sync::Arc;

use tokio::time::Instant;

use super::Ctx;
use crate::chess::movelist::{self, MoveListData, TimedMove};
use crate::chess::{AtomicGame, BoardSnapshot, style12};
use crate::event::Msg;
use crate::msg;
use crate::settings::ivars::Ivar;
use crate::timefmt::fics_date;
use crate::world::World;
use crate::world::game::Viewer;

/// `games [N|name|/x]`: the games in progress.
pub fn games(ctx: &mut Ctx<'_>, args: &str) {
    let filter = args.trim().to_ascii_lowercase();
    let mut lines: Vec<(u32, String)> = {
        let world = ctx.world();
        let now = Instant::now();
        world
            .games
            .values()
            .filter(|g| match filter.as_str() {
                "" => true,
                f if f.starts_with('/') => f[1..].contains('x'),
                f => match f.parse::<u32>() {
                    Ok(n) => g.no == n,
                    Err(_) => {
                        g.white.name.to_ascii_lowercase().starts_with(f)
                            || g.black.name.to_ascii_lowercase().starts_with(f)
                    }
                },
            })
            .map(|g| (g.no, World::games_line(g, now)))
            .collect()
    };
    lines.extend(super::examine::games_lines(ctx, &filter));
    lines.sort_by_key(|(no, _)| *no);
    for (_, l) in &lines {
        ctx.line(l);
    }
    ctx.say(&msg!("blank"));
    ctx.say(&msg!("games-count", n = lines.len()));
}

/// `observe N|name`
pub fn observe(ctx: &mut Ctx<'_>, args: &str) {
    if args.trim().is_empty() {
        return ctx.usage("observe [game number | user name]");
    }
    if super::examine::observe(ctx, args) {
        return;
    }
    let id = ctx.session.id;
    let result = {
        let mut world = ctx.world();
        world
            .resolve_game(id, args)
            .and_then(|no| world.observe(id, no, Instant::now()))
    };
    match result {
        Ok((events, snap)) => {
            ctx.events(&events);
            ctx.board(&snap, Viewer::Observer);
        }
        Err(e) => ctx.say(&e),
    }
}

/// `unobserve [N|name]`: stop watching one game, or all.
pub fn unobserve(ctx: &mut Ctx<'_>, args: &str) {
    let id = ctx.session.id;
    let reply = {
        let mut world = ctx.world();
        if args.trim().is_empty() {
            world.unobserve(id, None)
        } else {
            let examined = world.exam_for(id, args).ok_or(());
            match examined.or_else(|_| world.resolve_game(id, args)) {
                Ok(no) => world.unobserve(id, Some(no)),
                Err(e) => vec![e],
            }
        }
    };
    for m in &reply {
        ctx.say(m);
    }
}

/// `allobservers [N|name]`
pub fn allobservers(ctx: &mut Ctx<'_>, args: &str) {
    let examined = super::examine::observers_lines(ctx, args);
    if !args.trim().is_empty() && !examined.is_empty() {
        return examined.iter().for_each(|l| ctx.say(l));
    }
    let lines: Result<Vec<Msg>, Msg> = {
        let world = ctx.world();
        if args.trim().is_empty() {
            Ok(world
                .games
                .values()
                .filter(|g| !g.observers.is_empty())
                .map(|g| world.observers_line(g))
                .collect())
        } else {
            world.resolve_game(ctx.session.id, args).map(|no| {
                let g = &world.games[&no];
                if g.observers.is_empty() {
                    vec![msg!("allobservers-none", no = no)]
                } else {
                    vec![world.observers_line(g)]
                }
            })
        }
    };
    let lines = lines.map(|mut l| {
        l.extend(examined);
        l
    });
    match lines {
        Ok(lines) if lines.is_empty() => ctx.say(&msg!("allobservers-nobody")),
        Ok(lines) => lines.iter().for_each(|l| ctx.say(l)),
        Err(e) => ctx.say(&e),
    }
}

/// `moves [N|name]`: the move list of a game in progress.
pub fn moves(ctx: &mut Ctx<'_>, args: &str) {
    if super::examine::moves(ctx, args) {
        return;
    }
    let ms = ctx.session.ivars.get(Ivar::MS);
    let found = {
        let world = ctx.world();
        world.resolve_game(ctx.session.id, args).map(|no| {
            let g = &world.games[&no];
            let start_game = g
                .chess
                .start_fen()
                .and_then(|f| AtomicGame::from_fen_in(g.chess.variant(), f).ok())
                .unwrap_or_default();
            let data = MoveListData {
                game_no: g.no,
                white: g.white.name.clone(),
                black: g.black.name.clone(),
                white_rating: g.white.rating.parenthesised(),
                black_rating: g.black.rating.parenthesised(),
                date: fics_date(g.started_unix),
                rated: g.terms.rated,
                variant: g.chess.variant(),
                initial_secs: g.terms.minutes * 60,
                increment_secs: g.terms.inc,
                first_move_number: start_game.fullmove_number(),
                black_moves_first: start_game.turn() == shakmaty::Color::Black,
                moves: g
                    .chess
                    .moves()
                    .iter()
                    .zip(&g.times)
                    .map(|(m, &t)| TimedMove {
                        san: m.san.clone(),
                        time_ms: t,
                    })
                    .collect(),
                ms,
                end: None,
            };
            let mut start = BoardSnapshot::new(&start_game, g.no, &g.white.name, &g.black.name);
            start.initial_secs = g.terms.minutes * 60;
            start.increment_secs = g.terms.inc;
            start.white_clock_ms = i64::from(g.terms.minutes) * 60_000;
            start.black_clock_ms = start.white_clock_ms;
            (data, Arc::new(start))
        })
    };
    match found {
        Ok((data, start)) => {
            movelist::write_header(&data, &mut ctx.out);
            if ctx.session.ivars.get(Ivar::STARTPOS) {
                style12::render(&start, -4, false, ms, &mut ctx.out);
                ctx.out.push('\n');
            }
            movelist::write_moves(&data, &mut ctx.out);
        }
        Err(e) => ctx.say(&e),
    }
}

fn talk_to_game(ctx: &mut Ctx<'_>, args: &str, whisper: bool) {
    let text = args.trim();
    if text.is_empty() {
        return ctx.usage(if whisper {
            "whisper message"
        } else {
            "kibitz message"
        });
    }
    if !super::talk::flood_ok(ctx) {
        return;
    }
    let result = {
        let world = ctx.world();
        world
            .exam_kibitz(ctx.session.id, text, whisper)
            .unwrap_or_else(|| world.kibitz(ctx.session.id, text, whisper))
    };
    match result {
        Ok(n) if whisper => ctx.say(&msg!("whispered-to", n = n)),
        Ok(n) => ctx.say(&msg!("kibitzed-to", n = n)),
        Err(e) => ctx.say(&e),
    }
}

/// `kibitz text`: to the players and observers of your game.
pub fn kibitz(ctx: &mut Ctx<'_>, args: &str) {
    talk_to_game(ctx, args, false);
}

/// `whisper text`: to the observers of your game only.
pub fn whisper(ctx: &mut Ctx<'_>, args: &str) {
    talk_to_game(ctx, args, true);
}
