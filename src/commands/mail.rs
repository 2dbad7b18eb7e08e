//! The mail commands of FICS: `mailmoves`, `mailoldmoves`, `mailstored`
//! (a game's PGN), `mailhelp` (a help page), `mailmess` (one's messages)
//! and `mailsource` (where the server's source is). They need an SMTP
//! server (`[mail]` in config.toml) and an e-mail address on the
//! account; without the first they say so in one line.

use std::sync::Arc;

use super::Ctx;
use super::stored_games::{self, Asker, Source};
use crate::event::Msg;
use crate::mail::MailConfig;
use crate::msg;
use crate::render::catalogue::text;
use crate::store::selfserve;

/// Says that mail is not set up; true if so (the command stops there).
fn not_set_up(ctx: &mut Ctx<'_>) -> bool {
    ctx.say(&msg!("mail-not-set-up"));
    true
}

/// The `[mail]` table, or the line saying there is none.
fn mail_config(ctx: &mut Ctx<'_>) -> Option<MailConfig> {
    let config = ctx.shared().config().mail.clone();
    if config.is_none() {
        not_set_up(ctx);
    }
    config
}

/// What to mail: a stored game (the live ones are in the store too, move
/// by move), or the database id of a game in progress.
enum What {
    Stored(Source),
    Live(i64),
}

/// Mails the PGN of `what` to the user's own address, on a task: the
/// reply says where it went, or why not.
fn mail_game(ctx: &mut Ctx<'_>, what: What) {
    let Some(config) = mail_config(ctx) else {
        return;
    };
    let Some(account_id) = ctx.session.account_id else {
        return ctx.say(&msg!("mail-no-address"));
    };
    let shared = Arc::clone(ctx.shared());
    let asker = Asker::of(ctx);
    let lang = ctx.session.vars.lang;
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let site = shared.config().server_name.clone();
        let found = shared
            .store
            .call(move |db| -> Result<(String, String, String), Msg> {
                let broken = |_| msg!("database-unavailable");
                let email = selfserve::email(db, account_id)
                    .map_err(broken)?
                    .ok_or_else(|| msg!("mail-no-address"))?;
                let (row, moves) = match &what {
                    What::Stored(source) => {
                        let f = stored_games::find(db, source, &asker)?;
                        (f.row, f.moves)
                    }
                    What::Live(id) => {
                        let row = crate::store::games::get(db, *id)
                            .map_err(broken)?
                            .ok_or_else(|| msg!("database-unavailable"))?;
                        (row, crate::store::games::moves(db, *id).map_err(broken)?)
                    }
                };
                let evals = crate::export::evals(db, row.id).map_err(broken)?;
                let sans = moves.into_iter().map(|m| m.san).collect();
                let pgn = crate::export::game_pgn(&row, sans, evals, &site);
                let players = text(lang, &stored_games::players(&row));
                Ok((email, players, pgn))
            })
            .await;
        let (email, players, pgn) = match found {
            Ok(Ok(found)) => found,
            Ok(Err(line)) => return voice.line(&line),
            Err(_) => return voice.line(&msg!("database-unavailable")),
        };
        let server = shared.config().server_name.clone();
        let subject = text(
            lang,
            &msg!("mail-game-subject", server = &server, players = &players),
        );
        match crate::mail::send(&config, &email, &subject, pgn).await {
            Ok(()) => voice.line(&msg!("mail-game-sent", players = &players, email = &email)),
            Err(e) => {
                tracing::warn!(error = %e, "mail of a game not sent");
                voice.line(&msg!("mail-failed"))
            }
        }
    });
}

/// `mailmoves [game]`: the PGN of a game in progress (one's own or the one
/// watched, or the game of that number or that player), else of the game
/// one just played.
pub fn mailmoves(ctx: &mut Ctx<'_>, args: &str) {
    let arg = args.split_whitespace().next();
    let live = {
        let world = ctx.world();
        match arg {
            None => world.game_of(ctx.session.id).map(|g| g.db_id).or_else(|| {
                // Else the game one watches (the first, if several).
                let watched = world
                    .player(ctx.session.id)?
                    .observing
                    .iter()
                    .next()
                    .copied();
                watched.and_then(|n| world.games.get(&n)).map(|g| g.db_id)
            }),
            Some(a) => match a.parse::<u32>() {
                Ok(n) => world.games.get(&n).map(|g| g.db_id),
                Err(_) => world
                    .find(a)
                    .ok()
                    .and_then(|p| world.game_of(p.id))
                    .map(|g| g.db_id),
            },
        }
    };
    match (live, arg) {
        (Some(id), _) => mail_game(ctx, What::Live(id)),
        (None, None) => {
            let me = ctx.session.name.clone();
            mail_game(ctx, What::Stored(stored_games::last_in_history(&me, &me)));
        }
        (None, Some(_)) => {
            if mail_config(ctx).is_some() {
                ctx.say(&msg!("mail-no-such-game"));
            }
        }
    }
}

/// `mailoldmoves [name]`: the PGN of a player's last finished game.
pub fn mailoldmoves(ctx: &mut Ctx<'_>, args: &str) {
    let name = match args.split_whitespace().next() {
        Some(n) => ctx
            .world()
            .find(n)
            .map(|p| p.name.clone())
            .unwrap_or_else(|_| n.to_string()),
        None => ctx.session.name.clone(),
    };
    let me = ctx.session.name.clone();
    mail_game(ctx, What::Stored(stored_games::last_in_history(&me, &name)));
}

/// `mailstored name [N|slot]`, `mailstored name1 name2`: the PGN of a
/// stored game, named as `smoves` names it.
pub fn mailstored(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some(source) = stored_games::parse(ctx, &words, stored_games::last_in_history) else {
        if mail_config(ctx).is_some() {
            ctx.usage("mailstored name [history-number|journal-slot] | mailstored name1 name2");
        }
        return;
    };
    mail_game(ctx, What::Stored(source));
}

/// `mailhelp topic`: a help page.
pub fn mailhelp(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}

/// `mailmess`: one's stored messages.
pub fn mailmess(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}

/// `mailsource`: where to get the server's source.
pub fn mailsource(ctx: &mut Ctx<'_>, _args: &str) {
    not_set_up(ctx);
}
