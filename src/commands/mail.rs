//! The mail commands of FICS: `mailmoves`, `mailoldmoves`, `mailstored`
//! (a game's PGN), `mailhelp` (a help page), `mailmess` (one's messages)
//! and `mailsource` (where the server's source is). They need an SMTP
//! server (`[mail]` in config.toml) and an e-mail address on the
//! account; without the first they say so in one line.

use std::sync::Arc;

use super::Ctx;
use super::stored_games::{self, Asker, Source};
use crate::event::Msg;
use crate::help::Lookup;
use crate::mail::MailConfig;
use crate::msg;
use crate::render::catalogue::text;
use crate::store::{messages, selfserve};

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

/// A letter to the user's own address: its subject, its body, and the
/// line that tells the user it went; or the line that says why not.
type Letter = Result<(String, String, Msg), Msg>;

/// Mails the letter `compose` writes (on the store's thread, from the
/// database and the user's address) to the user's own address, on a
/// task: the reply says where it went, or why not. Nothing is read or
/// sent without `[mail]` and an account.
fn mail_self<F>(ctx: &mut Ctx<'_>, compose: F)
where
    F: FnOnce(&rusqlite::Connection, &str) -> Letter + Send + 'static,
{
    let Some(config) = mail_config(ctx) else {
        return;
    };
    let Some(account_id) = ctx.session.account_id else {
        return ctx.say(&msg!("mail-no-address"));
    };
    let shared = Arc::clone(ctx.shared());
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let found = shared
            .store
            .call(move |db| -> Result<(String, String, String, Msg), Msg> {
                let email = selfserve::email(db, account_id)
                    .map_err(|_| msg!("database-unavailable"))?
                    .ok_or_else(|| msg!("mail-no-address"))?;
                let (subject, body, sent) = compose(db, &email)?;
                Ok((email, subject, body, sent))
            })
            .await;
        let (email, subject, body, sent) = match found {
            Ok(Ok(found)) => found,
            Ok(Err(line)) => return voice.line(&line),
            Err(_) => return voice.line(&msg!("database-unavailable")),
        };
        match crate::mail::send(&config, &email, &subject, body).await {
            Ok(()) => voice.line(&sent),
            Err(e) => {
                tracing::warn!(error = %e, "mail not sent");
                voice.line(&msg!("mail-failed"))
            }
        }
    });
}

/// Mails the PGN of `what` to the user's own address.
fn mail_game(ctx: &mut Ctx<'_>, what: What) {
    let asker = Asker::of(ctx);
    let lang = ctx.session.vars.lang;
    let server = ctx.shared().config().server_name.clone();
    mail_self(ctx, move |db, email| {
        let broken = |_| msg!("database-unavailable");
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
        let pgn = crate::export::game_pgn(&row, sans, evals, &server);
        let players = text(lang, &stored_games::players(&row));
        let subject = text(
            lang,
            &msg!("mail-game-subject", server = &server, players = &players),
        );
        let sent = msg!("mail-game-sent", players = &players, email = email);
        Ok((subject, pgn, sent))
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

/// `mailhelp [topic]`: a help page, in the user's language (the index
/// without a topic), as `help` shows it.
pub fn mailhelp(ctx: &mut Ctx<'_>, args: &str) {
    if ctx.shared().config().mail.is_none() {
        not_set_up(ctx);
        return;
    }
    let topic = args
        .split_whitespace()
        .next()
        .unwrap_or("index")
        .to_string();
    let lang = ctx.session.vars.lang;
    let shared = Arc::clone(ctx.shared());
    let page = match shared.help().find(&topic, lang) {
        Lookup::Page(page) => page.to_string(),
        Lookup::Ambiguous(names) => {
            let names = names.join(" ");
            return ctx.say(&msg!("help-ambiguous", topic = &topic, matches = names));
        }
        Lookup::Missing => {
            return ctx.say(&msg!("help-there-is-no-help-available", topic = &topic));
        }
    };
    let server = shared.config().server_name.clone();
    mail_self(ctx, move |_, email| {
        let subject = text(
            lang,
            &msg!("mail-help-subject", server = &server, topic = &topic),
        );
        Ok((
            subject,
            page,
            msg!("mail-help-sent", topic = &topic, email = email),
        ))
    });
}

/// `mailmess`: the messages stored for the user, numbered as `messages`
/// lists them (mailed, they count as read); none, and nothing is sent.
pub fn mailmess(ctx: &mut Ctx<'_>, _args: &str) {
    let lang = ctx.session.vars.lang;
    let server = ctx.shared().config().server_name.clone();
    let account = ctx.session.account_id;
    mail_self(ctx, move |db, email| {
        // mail_self sends nothing without an account: this is always one.
        let account = account.ok_or_else(|| msg!("mail-no-address"))?;
        let found = messages::read_all(db, account).map_err(|_| msg!("database-unavailable"))?;
        if found.is_empty() {
            return Err(msg!("messages-none"));
        }
        let mut body = String::new();
        for m in &found {
            body.push_str(&text(lang, &super::messages::numbered(m)));
            body.push('\n');
        }
        let subject = text(lang, &msg!("mail-messages-subject", server = &server));
        let sent = msg!("mail-messages-sent", n = found.len(), email = email);
        Ok((subject, body, sent))
    });
}

/// `mailsource`: where the server's source is (it is free software).
pub fn mailsource(ctx: &mut Ctx<'_>, _args: &str) {
    let lang = ctx.session.vars.lang;
    let server = ctx.shared().config().server_name.clone();
    mail_self(ctx, move |_, email| {
        let subject = text(lang, &msg!("mail-source-subject", server = &server));
        let body = text(
            lang,
            &msg!(
                "mail-source-body",
                server = &server,
                version = env!("CARGO_PKG_VERSION"),
                url = source_url()
            ),
        );
        Ok((subject, body, msg!("mail-source-sent", email = email)))
    });
}

/// The repository's address as Cargo.toml gives it (`none` when it gives
/// none: the mail then says the operator hands the source out).
fn source_url() -> &'static str {
    match env!("CARGO_PKG_REPOSITORY") {
        "" => "none",
        url => url,
    }
}
