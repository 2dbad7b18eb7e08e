//! `journal`, `jsave`, `jkill`: 26 slots (A–Z) per registered user, each
//! keeping a stored game to come back to (`examine name A`, `smoves name A`).
//! `set jprivate 1` keeps a journal to its owner (and administrators).

use super::Ctx;
use super::stored_games::{self as stored, Asker, Source};
use crate::event::Msg;
use crate::msg;
use crate::store::{games, journal};
use crate::timefmt::unix_now;

/// `journal [name]`: the filled slots.
pub fn journal(ctx: &mut Ctx<'_>, args: &str) {
    let name = match args.split_whitespace().next() {
        Some(n) => ctx.spelled(n),
        None if ctx.session.is_registered() => ctx.session.name.clone(),
        None => return ctx.say(&msg!("journal-registered-only")),
    };
    let asker = Asker::of(ctx);
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let listing = store
            .call(move |db| -> Result<(Vec<Msg>, String), Msg> {
                let owner = stored::open_journal(db, &name, &asker)?;
                let entries =
                    journal::entries(db, owner.id).map_err(|_| msg!("database-unavailable"))?;
                if entries.is_empty() {
                    return Ok((
                        vec![msg!("journal-empty", name = &owner.name)],
                        String::new(),
                    ));
                }
                let head = vec![
                    msg!("journal-header", name = &owner.name),
                    msg!("journal-columns"),
                ];
                // The rows are data, laid out in columns.
                let mut s = String::new();
                for (slot, id) in entries {
                    let Ok(Some(r)) = games::get(db, id) else {
                        continue;
                    };
                    s.push_str(&format!(
                        "{slot}: {:<13.13} {:>6}  {:<13.13} {:>6}  [ x{}{:3}{:4}] --- {:>3} {}\n",
                        r.white,
                        r.white_rating.trim(),
                        r.black,
                        r.black_rating.trim(),
                        if r.rated { 'r' } else { 'u' },
                        r.minutes,
                        r.inc,
                        r.end_code.as_deref().unwrap_or(""),
                        r.result.as_deref().unwrap_or("*"),
                    ));
                }
                Ok((head, s))
            })
            .await;
        match listing {
            Ok(Ok((head, rows))) => head.iter().map(|m| voice.line(m)).collect::<String>() + &rows,
            Ok(Err(line)) => voice.line(&line),
            Err(_) => voice.line(&msg!("database-unavailable")),
        }
    });
}

/// `jsave slot name N|slot`: puts a game from someone's history or journal
/// in one of my slots.
pub fn jsave(ctx: &mut Ctx<'_>, args: &str) {
    let Some(me) = ctx.session.account_id else {
        return ctx.say(&msg!("journal-registered-only"));
    };
    let words: Vec<&str> = args.split_whitespace().collect();
    let [to, name, from] = words.as_slice() else {
        return ctx.usage("jsave slot name history-number|journal-slot");
    };
    let Some(to) = journal::slot(to) else {
        return ctx.say(&msg!("journal-letters"));
    };
    let source = match stored::parse(ctx, &[name, from], stored::last_in_history) {
        Some(s @ (Source::History { .. } | Source::Journal { .. })) => s,
        _ => return ctx.say(&msg!("journal-letters")),
    };
    if let Source::Journal { name, slot } = &source
        && name.eq_ignore_ascii_case(&ctx.session.name)
        && *slot == to
    {
        return ctx.say(&msg!("journal-source-and-destination-entries-are"));
    }
    let asker = Asker::of(ctx);
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let saved = store
            .call(move |db| -> Result<Option<Msg>, Msg> {
                let found = stored::find(db, &source, &asker)?;
                journal::save(db, me, to, found.row.id, unix_now())
                    .map_err(|_| msg!("database-unavailable"))?;
                Ok(match &source {
                    Source::History { name, n } => Some(msg!(
                        "journal-saved-game",
                        name = name,
                        n = n.unwrap_or(0),
                        slot = to
                    )),
                    Source::Journal { name, slot } => Some(msg!(
                        "journal-saved-entry",
                        name = name,
                        from = *slot,
                        slot = to
                    )),
                    Source::Adjourned { .. } => None,
                })
            })
            .await;
        match saved {
            Ok(Ok(Some(line))) => voice.line(&line),
            Ok(Ok(None)) => String::new(),
            Ok(Err(line)) => voice.line(&line),
            Err(_) => voice.line(&msg!("database-unavailable")),
        }
    });
}

/// `jkill slot`: empties one of my slots.
pub fn jkill(ctx: &mut Ctx<'_>, args: &str) {
    let Some(me) = ctx.session.account_id else {
        return ctx.say(&msg!("journal-registered-only"));
    };
    let Some(slot) = args
        .split_whitespace()
        .next()
        .filter(|_| args.split_whitespace().count() == 1)
        .and_then(journal::slot)
    else {
        return ctx.say(&msg!("journal-letters"));
    };
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        voice.line(
            &match store.call(move |db| journal::kill(db, me, slot)).await {
                Ok(Ok(true)) => msg!("journal-deleted", slot = slot),
                Ok(Ok(false)) => msg!("journal-no-entry", slot = slot),
                _ => msg!("database-unavailable"),
            },
        )
    });
}
