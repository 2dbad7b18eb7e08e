//! Playing a game: moves (tried before any command), resign, the offers
//! of a game in progress, flag, time, moretime, refresh, flip, promote.

use shakmaty::Role;
use tokio::time::Instant;

use super::Ctx;
use crate::event::{EndKind, Event, Msg};
use crate::msg;
use crate::render::output::code;
use crate::world::game::Viewer;
use crate::world::game_end::End;
use crate::world::games::MoveOutcome;
use crate::world::offers::OfferKind;
use crate::world::{SessionId, World};

fn not_playing() -> Msg {
    msg!("not-playing")
}

/// Tries a line as a move of the user's game; false if it is not one.
pub fn try_move(ctx: &mut Ctx<'_>, text: &str) -> bool {
    if let Some(played) = super::examine::try_move(ctx, text) {
        return played;
    }
    let id = ctx.session.id;
    let lang = ctx.session.vars.lang;
    let shared = ctx.shared().clone();
    let timing = ctx.session.timing.for_move();
    let outcome = {
        let mut world = shared.world();
        let Some(promote) = world
            .player(id)
            .filter(|p| p.game.is_some())
            .map(|p| p.promote)
        else {
            return false;
        };
        world.play_move(id, text, lang, promote, Instant::now(), timing)
    };
    match outcome {
        MoveOutcome::NotAMove => return false,
        MoveOutcome::Refused { message, board } => {
            ctx.fail_msg(code::GAME_MOVE, &message);
            // Jin and eboard take a move back only when the board comes again.
            if let Some((snap, viewer)) = board {
                ctx.board(&snap, viewer);
            }
        }
        MoveOutcome::Played {
            board,
            viewer,
            before,
            after,
        } => {
            ctx.session.timing.moved();
            ctx.session.moves_played = ctx.session.moves_played.wrapping_add(1);
            ctx.code.get_or_insert(code::GAME_MOVE);
            ctx.events(&before);
            ctx.board(&board, viewer);
            if !after.is_empty() {
                ctx.out.push('\n');
                ctx.events(&after);
            }
        }
        MoveOutcome::TooLate => {
            ctx.code.get_or_insert(code::GAME_MOVE);
        }
    }
    true
}

/// Ends the user's game; returns their own event for the reply.
fn end_my_game(id: SessionId, world: &mut World, end: End) -> Vec<Event> {
    match world.player(id).and_then(|p| p.game) {
        Some(no) => match world.end_game(no, end, Instant::now(), Some(id)) {
            Some(event) => vec![Event::Blank, event],
            None => Vec::new(),
        },
        None => Vec::new(),
    }
}

/// What a game command did: the events of the reply, or a refusal line.
type Done = Result<Vec<Event>, Msg>;

/// Runs `f` on the world with the user's game, then renders the outcome
/// once the lock is given back.
fn in_game(ctx: &mut Ctx<'_>, f: impl FnOnce(SessionId, &mut World) -> Done) {
    let shared = ctx.shared().clone();
    let id = ctx.session.id;
    let done = {
        let mut world = shared.world();
        if world.game_of(id).is_none() {
            Err(not_playing())
        } else {
            f(id, &mut world)
        }
    };
    match done {
        Ok(events) => ctx.events(&events),
        Err(m) if m.id == "not-playing" => ctx.fail_msg(code::NOT_PLAYING, &m),
        Err(m) => ctx.say(&m),
    }
}

/// `resign`
pub fn resign(ctx: &mut Ctx<'_>, _args: &str) {
    in_game(ctx, |id, world| {
        let Some(color) = world.game_of(id).and_then(|g| g.color_of(id)) else {
            return Ok(Vec::new());
        };
        Ok(end_my_game(
            id,
            world,
            End::of(EndKind::Resigned { loser: color }),
        ))
    });
}

/// `draw`: claims a draw that is due, accepts the opponent's offer, or offers one.
pub fn draw(ctx: &mut Ctx<'_>, _args: &str) {
    in_game(ctx, |id, world| {
        if let Some(claim) = world.game_of(id).and_then(|g| g.chess.draw_claim()) {
            return Ok(end_my_game(id, world, End::of(EndKind::claim(claim))));
        }
        Ok(world.offer_in_game(id, OfferKind::Draw, Instant::now()))
    });
}

/// `abort`: at once before the second half-move, else by agreement.
pub fn abort(ctx: &mut Ctx<'_>, _args: &str) {
    in_game(ctx, |id, world| {
        if world.game_of(id).is_some_and(|g| g.plies() < 2) {
            return Ok(end_my_game(id, world, End::of(EndKind::AbortedOnMove1)));
        }
        Ok(world.offer_in_game(id, OfferKind::Abort, Instant::now()))
    });
}

/// `adjourn`: by agreement, between registered players.
pub fn adjourn(ctx: &mut Ctx<'_>, _args: &str) {
    in_game(ctx, |id, world| {
        let guest = world
            .game_of(id)
            .is_some_and(|g| g.white.account_id.is_none() || g.black.account_id.is_none());
        if guest {
            return Err(msg!("adjourn-needs-registered"));
        }
        Ok(world.offer_in_game(id, OfferKind::Adjourn, Instant::now()))
    });
}

/// `takeback [n]`: asks to take back n half-moves (1 by default).
pub fn takeback(ctx: &mut Ctx<'_>, args: &str) {
    let n: u32 = match args.trim() {
        "" => 1,
        s => match s.parse() {
            Ok(n) if n >= 1 => n,
            _ => return ctx.usage("takeback [half-moves]"),
        },
    };
    in_game(ctx, |id, world| {
        let plies = world.game_of(id).map_or(0, |g| g.plies());
        if n as usize > plies {
            return Err(msg!("takeback-too-many", plies = plies));
        }
        Ok(world.offer_in_game(id, OfferKind::Takeback(n), Instant::now()))
    });
}

/// `flag`: the server flags by itself, but a player may still ask.
pub fn flag(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(game) = world.game_of(ctx.session.id) else {
        drop(world);
        return ctx.fail_msg(code::NOT_PLAYING, &not_playing());
    };
    let no = game.no;
    let lines = if game.clock.is_untimed() {
        vec![msg!("flag-untimed")]
    } else if !game.clock.ticking() && game.plies() < 2 {
        vec![msg!("flag-too-early"), msg!("flag-too-early-abort")]
    } else {
        let turn = game.chess.turn();
        if game.color_of(ctx.session.id) != Some(turn) && world.out_of_time(no, Instant::now()) {
            world.check_flag(no, Instant::now());
            return;
        }
        vec![msg!("flag-not-out")]
    };
    drop(world);
    for m in &lines {
        ctx.say(m);
    }
}

/// `moretime seconds`: gives the opponent extra time.
pub fn moretime(ctx: &mut Ctx<'_>, args: &str) {
    let Ok(secs) = args.trim().parse::<u32>() else {
        return ctx.usage("moretime seconds");
    };
    if !(1..=36_000).contains(&secs) {
        return ctx.say(&msg!("moretime-range"));
    }
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    match world.add_time(ctx.session.id, secs, Instant::now()) {
        Ok(()) => {
            drop(world);
            ctx.say(&msg!("moretime-added", secs = secs));
        }
        Err(e) => {
            drop(world);
            ctx.say(&e);
        }
    }
}

/// `time [game|name]`: both clocks in words.
pub fn time(ctx: &mut Ctx<'_>, args: &str) {
    let world = ctx.world();
    let no = match world.resolve_game(ctx.session.id, args) {
        Ok(no) => no,
        Err(e) => {
            drop(world);
            return ctx.say(&e);
        }
    };
    let game = &world.games[&no];
    let now = Instant::now();
    let (w, b) = game.clock.both(game.chess.turn(), now);
    let clock = |name: &str, ms: i64, white: bool| {
        let s = ms.max(0) / 1000;
        let m = msg!("time-clock", name = name, mins = s / 60, secs = s % 60);
        if white {
            m.with("side", "white")
        } else {
            m.with("side", "black")
        }
    };
    let lines = [
        clock(&game.white.name, w, true),
        clock(&game.black.name, b, false),
    ];
    drop(world);
    for m in &lines {
        ctx.say(m);
    }
}

/// The board of the game `args` names (or the user's own), as this user sees it.
fn board_for(
    ctx: &Ctx<'_>,
    args: &str,
) -> Result<(std::sync::Arc<crate::chess::BoardSnapshot>, Viewer), Msg> {
    let world = ctx.world();
    if let Some(found) = world
        .exam_for(ctx.session.id, args)
        .and_then(|no| world.exam_view(ctx.session.id, no))
    {
        return Ok(found);
    }
    let no = world.resolve_game(ctx.session.id, args)?;
    let game = &world.games[&no];
    let viewer = game.viewer(ctx.session.id).unwrap_or(Viewer::Observer);
    Ok((std::sync::Arc::new(game.board_at(Instant::now())), viewer))
}

/// `refresh [game|name]`: the board again.
pub fn refresh(ctx: &mut Ctx<'_>, args: &str) {
    match board_for(ctx, args) {
        Ok((snap, viewer)) => ctx.board(&snap, viewer),
        Err(e) => ctx.say(&e),
    }
}

/// `flip`: turns this user's boards over, and shows the board if there is one.
pub fn flip(ctx: &mut Ctx<'_>, _args: &str) {
    ctx.session.flipped = !ctx.session.flipped;
    match board_for(ctx, "") {
        Ok((snap, viewer)) => ctx.board(&snap, viewer),
        Err(_) => ctx.say(&if ctx.session.flipped {
            msg!("set-flip-on")
        } else {
            msg!("set-flip-off")
        }),
    }
}

/// `promote [q|r|b|n]`: the piece a promotion without a letter makes.
pub fn promote(ctx: &mut Ctx<'_>, args: &str) {
    let role = match args.trim().to_ascii_lowercase().as_str() {
        "" => None,
        "q" | "queen" => Some(Role::Queen),
        "r" | "rook" => Some(Role::Rook),
        "b" | "bishop" => Some(Role::Bishop),
        "n" | "knight" => Some(Role::Knight),
        _ => return ctx.usage("promote [q|r|b|n]"),
    };
    let id = ctx.session.id;
    let now = {
        let mut world = ctx.world();
        let Some(p) = world.player_mut(id) else {
            return;
        };
        if let Some(role) = role {
            p.promote = role;
        }
        p.promote
    };
    let name = match now {
        Role::Queen => "QUEEN",
        Role::Rook => "ROOK",
        Role::Bishop => "BISHOP",
        _ => "KNIGHT",
    };
    ctx.say(&msg!("promote-set", piece = name));
}
