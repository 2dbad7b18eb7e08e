//! `news [N | all]`: the server's bulletins; admins post and delete them
//! with `news post TEXT` and `news delete N` (everyone else is told those
//! forms are for administrators).

use super::Ctx;
use super::admin::record;
use crate::msg;
use crate::store::news::{self, Item};
use crate::timefmt::{fics_date, unix_now};

/// Items `news` lists by default, and at most with `news all`.
const LATEST: u32 = 10;
const ALL: u32 = 1000;
/// The longest bulletin (one line).
const MAX_TEXT: usize = 400;

/// `news [N | all | post TEXT | delete N]`
pub fn news(ctx: &mut Ctx<'_>, args: &str) {
    let (word, rest) = match args.trim().split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (args.trim(), ""),
    };
    match word.to_ascii_lowercase().as_str() {
        "" => list(ctx, LATEST),
        "all" => list(ctx, ALL),
        "post" | "delete" if !ctx.session.titles.admin => ctx.say(&msg!("news-admins-only")),
        "post" => post(ctx, rest),
        "delete" => match rest.parse::<i64>() {
            Ok(n) => delete(ctx, n),
            Err(_) => ctx.usage("news delete N"),
        },
        n => match n.parse::<i64>() {
            Ok(n) => one(ctx, n),
            Err(_) => ctx.usage("news [N | all]"),
        },
    }
}

fn list(ctx: &mut Ctx<'_>, limit: u32) {
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let items = match store.call(move |db| news::latest(db, limit)).await {
            Ok(Ok(items)) => items,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if items.is_empty() {
            return voice.line(&msg!("news-none"));
        }
        let mut out = voice.line(&msg!("news-header"));
        for item in &items {
            out.push_str(&voice.line(&heading(item)));
        }
        out.push_str(&voice.line(&msg!("news-how")));
        out
    });
}

fn heading(item: &Item) -> crate::event::Msg {
    msg!(
        "news-item",
        id = item.id,
        date = fics_date(item.posted_at),
        poster = &item.poster,
        text = &item.text
    )
}

fn one(ctx: &mut Ctx<'_>, id: i64) {
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        match store.call(move |db| news::get(db, id)).await {
            Ok(Ok(Some(item))) => voice.line(&heading(&item)),
            Ok(Ok(None)) => voice.line(&msg!("news-no-such", id = id)),
            _ => voice.line(&msg!("database-unavailable")),
        }
    });
}

fn post(ctx: &mut Ctx<'_>, text: &str) {
    if text.is_empty() {
        return ctx.usage("news post TEXT");
    }
    if text.chars().count() > MAX_TEXT {
        return ctx.say(&msg!("news-too-long", max = MAX_TEXT));
    }
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let text = text.to_string();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let (by, t) = (me.clone(), text.clone());
        match shared
            .store
            .call(move |db| news::post(db, &by, &t, unix_now()))
            .await
        {
            Ok(Ok(id)) => {
                record(&shared, &me, "news post", None, &text, None);
                voice.line(&msg!("news-posted", id = id))
            }
            _ => voice.line(&msg!("database-unavailable")),
        }
    });
}

fn delete(ctx: &mut Ctx<'_>, id: i64) {
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        match shared.store.call(move |db| news::delete(db, id)).await {
            Ok(Ok(true)) => {
                record(&shared, &me, "news delete", None, &id.to_string(), None);
                voice.line(&msg!("news-deleted", id = id))
            }
            Ok(Ok(false)) => voice.line(&msg!("news-no-such", id = id)),
            _ => voice.line(&msg!("database-unavailable")),
        }
    });
}
