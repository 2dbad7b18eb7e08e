//! Playing a game: moves (tried before any command), resign, the offers
//! of a game in progress, flag, time, moretime, refresh, flip, promote.

use shakmaty::Role;
use tokio::time::Instant;

use super::Ctx;
use crate::render::board as render;
use crate::render::output::code;
use crate::world::World;
use crate::world::game::Viewer;
use crate::world::games::{End, MoveOutcome};
use crate::world::offers::OfferKind;

const NOT_PLAYING: &str = "You are not playing a game.";

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
            ctx.fail(code::GAME_MOVE, message);
            // Jin and eboard take a move back only when the board comes again.
            if let Some((snap, viewer)) = board {
                render::board(ctx.session, &snap, viewer, &mut ctx.out);
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
            ctx.out.push_str(&before);
            render::board(ctx.session, &board, viewer, &mut ctx.out);
            if !after.is_empty() {
                ctx.out.push('\n');
                ctx.out.push_str(&after);
            }
        }
        MoveOutcome::TooLate => {
            ctx.code.get_or_insert(code::GAME_MOVE);
        }
    }
    true
}

/// Ends the user's game; their own lines join the reply.
fn end_my_game(ctx: &mut Ctx<'_>, world: &mut World, end: End) {
    let id = ctx.session.id;
    if let Some(no) = world.player(id).and_then(|p| p.game)
        && let Some(text) = world.end_game(no, end, Instant::now(), Some(id))
    {
        ctx.out.push('\n');
        ctx.out.push_str(&text);
    }
}

/// `resign`
pub fn resign(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(game) = world.game_of(ctx.session.id) else {
        drop(world);
        return ctx.fail(code::NOT_PLAYING, NOT_PLAYING);
    };
    let Some(color) = game.color_of(ctx.session.id) else {
        return;
    };
    let end = End::win(!color, format!("{} resigns", game.seat(color).name), "Res");
    end_my_game(ctx, &mut world, end);
}

/// `draw`: claims a draw that is due, accepts the opponent's offer, or offers one.
pub fn draw(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(game) = world.game_of(ctx.session.id) else {
        drop(world);
        return ctx.fail(code::NOT_PLAYING, NOT_PLAYING);
    };
    if let Some(claim) = game.chess.draw_claim() {
        let end = End::finished(claim.reason().to_string(), "1/2-1/2", claim.code());
        return end_my_game(ctx, &mut world, end);
    }
    let reply = world.offer_in_game(ctx.session.id, OfferKind::Draw, Instant::now());
    ctx.out.push_str(&reply);
}

/// `abort`: at once before the second half-move, else by agreement.
pub fn abort(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(game) = world.game_of(ctx.session.id) else {
        drop(world);
        return ctx.fail(code::NOT_PLAYING, NOT_PLAYING);
    };
    if game.plies() < 2 {
        return end_my_game(
            ctx,
            &mut world,
            End::aborted("Game aborted on move 1".into()),
        );
    }
    let reply = world.offer_in_game(ctx.session.id, OfferKind::Abort, Instant::now());
    ctx.out.push_str(&reply);
}

/// `adjourn`: by agreement, between registered players.
pub fn adjourn(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(game) = world.game_of(ctx.session.id) else {
        drop(world);
        return ctx.fail(code::NOT_PLAYING, NOT_PLAYING);
    };
    if game.white.account_id.is_none() || game.black.account_id.is_none() {
        drop(world);
        return ctx.line(
            "Only games between registered players can be adjourned; use \"abort\" instead.",
        );
    }
    let reply = world.offer_in_game(ctx.session.id, OfferKind::Adjourn, Instant::now());
    ctx.out.push_str(&reply);
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
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(game) = world.game_of(ctx.session.id) else {
        drop(world);
        return ctx.fail(code::NOT_PLAYING, NOT_PLAYING);
    };
    if n as usize > game.plies() {
        let plies = game.plies();
        drop(world);
        return ctx.line(format!("There are only {plies} half moves to take back."));
    }
    let reply = world.offer_in_game(ctx.session.id, OfferKind::Takeback(n), Instant::now());
    ctx.out.push_str(&reply);
}

/// `flag`: the server flags by itself, but a player may still ask.
pub fn flag(ctx: &mut Ctx<'_>, _args: &str) {
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    let Some(game) = world.game_of(ctx.session.id) else {
        drop(world);
        return ctx.fail(code::NOT_PLAYING, NOT_PLAYING);
    };
    let no = game.no;
    let line = if game.clock.is_untimed() {
        "You can't flag an untimed game."
    } else if !game.clock.ticking() && game.plies() < 2 {
        "You cannot flag before both players have moved.\nUse abort instead."
    } else {
        let turn = game.chess.turn();
        if game.color_of(ctx.session.id) != Some(turn) && world.out_of_time(no, Instant::now()) {
            world.check_flag(no, Instant::now());
            return;
        }
        "Your opponent is not out of time!"
    };
    drop(world);
    ctx.line(line);
}

/// `moretime seconds`: gives the opponent extra time.
pub fn moretime(ctx: &mut Ctx<'_>, args: &str) {
    let Ok(secs) = args.trim().parse::<u32>() else {
        return ctx.usage("moretime seconds");
    };
    if !(1..=36_000).contains(&secs) {
        return ctx.line("You can add from 1 to 36000 seconds.");
    }
    let shared = ctx.shared().clone();
    let mut world = shared.world();
    match world.add_time(ctx.session.id, secs, Instant::now()) {
        Ok(()) => {
            drop(world);
            ctx.line(format!("{secs} seconds were added to your opponents clock"));
        }
        Err(e) => {
            drop(world);
            ctx.line(e);
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
            return ctx.line(e);
        }
    };
    let game = &world.games[&no];
    let now = Instant::now();
    let (w, b) = game.clock.both(game.chess.turn(), now);
    let words = |ms: i64| {
        let s = ms.max(0) / 1000;
        format!("{} mins, {} secs", s / 60, s % 60)
    };
    let text = format!(
        "White ({}) : {}\nBlack ({}) : {}\n",
        game.white.name,
        words(w),
        game.black.name,
        words(b)
    );
    drop(world);
    ctx.out.push_str(&text);
}

/// The board of the game `args` names (or the user's own), as this user sees it.
fn board_for(
    ctx: &Ctx<'_>,
    args: &str,
) -> Result<(std::sync::Arc<crate::chess::BoardSnapshot>, Viewer), String> {
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
        Ok((snap, viewer)) => render::board(ctx.session, &snap, viewer, &mut ctx.out),
        Err(e) => ctx.line(e),
    }
}

/// `flip`: turns this user's boards over, and shows the board if there is one.
pub fn flip(ctx: &mut Ctx<'_>, _args: &str) {
    ctx.session.flipped = !ctx.session.flipped;
    match board_for(ctx, "") {
        Ok((snap, viewer)) => render::board(ctx.session, &snap, viewer, &mut ctx.out),
        Err(_) => ctx.line(if ctx.session.flipped {
            "Flip on."
        } else {
            "Flip off."
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
    ctx.line(format!("Promotion piece set to {name}."));
}
