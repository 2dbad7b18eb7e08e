//! `journal`, `jsave`, `jkill`: 26 slots (A–Z) per registered user, each
//! keeping a stored game to come back to (`examine name A`, `smoves name A`).
//! `set jprivate 1` keeps a journal to its owner (and administrators).

use super::Ctx;
use super::stored_games::{self as stored, Asker, Source};
use crate::msg;
use crate::store::{games, journal};
use crate::timefmt::unix_now;

const ONLY_REGISTERED: &str = "Only registered players may keep a journal.";
const LETTERS: &str = "Journal entries are referenced by single letters.";
const BROKEN: &str = "The database is not available; try again later.";

/// `journal [name]`: the filled slots.
pub fn journal(ctx: &mut Ctx<'_>, args: &str) {
    let name = match args.split_whitespace().next() {
        Some(n) => ctx.spelled(n),
        None if ctx.session.is_registered() => ctx.session.name.clone(),
        None => return ctx.line(ONLY_REGISTERED),
    };
    let asker = Asker::of(ctx);
    let store = ctx.shared().store.clone();
    ctx.reply_later(async move {
        let listing = store
            .call(move |db| -> Result<String, String> {
                let owner = stored::open_journal(db, &name, &asker)?;
                let entries = journal::entries(db, owner.id).map_err(|_| BROKEN.to_string())?;
                if entries.is_empty() {
                    return Ok(format!("{}'s journal is empty.\n", owner.name));
                }
                let mut s = format!("Journal for {}:\n", owner.name);
                s.push_str(
                    "   White         Rating  Black         Rating  Type         ECO End Result\n",
                );
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
                Ok(s)
            })
            .await;
        match listing {
            Ok(Ok(text)) => text,
            Ok(Err(line)) => format!("{line}\n"),
            Err(_) => format!("{BROKEN}\n"),
        }
    });
}

/// `jsave slot name N|slot`: puts a game from someone's history or journal
/// in one of my slots.
pub fn jsave(ctx: &mut Ctx<'_>, args: &str) {
    let Some(me) = ctx.session.account_id else {
        return ctx.line(ONLY_REGISTERED);
    };
    let words: Vec<&str> = args.split_whitespace().collect();
    let [to, name, from] = words.as_slice() else {
        return ctx.usage("jsave slot name history-number|journal-slot");
    };
    let Some(to) = journal::slot(to) else {
        return ctx.line(LETTERS);
    };
    let source = match stored::parse(ctx, &[name, from], stored::last_in_history) {
        Some(s @ (Source::History { .. } | Source::Journal { .. })) => s,
        _ => return ctx.line(LETTERS),
    };
    if let Source::Journal { name, slot } = &source
        && name.eq_ignore_ascii_case(&ctx.session.name)
        && *slot == to
    {
        return ctx.say(&msg!("journal-source-and-destination-entries-are"));
    }
    let asker = Asker::of(ctx);
    let store = ctx.shared().store.clone();
    ctx.reply_later(async move {
        let saved = store
            .call(move |db| -> Result<String, String> {
                let found = stored::find(db, &source, &asker)?;
                journal::save(db, me, to, found.row.id, unix_now())
                    .map_err(|_| BROKEN.to_string())?;
                Ok(match &source {
                    Source::History { name, n } => format!(
                        "Game {name} {} saved in slot {to} in journal.\n",
                        n.unwrap_or(0)
                    ),
                    Source::Journal { name, slot } => {
                        format!("Journal entry {name} {slot} saved in slot {to} in journal.\n")
                    }
                    Source::Adjourned { .. } => String::new(),
                })
            })
            .await;
        match saved {
            Ok(Ok(text)) => text,
            Ok(Err(line)) => format!("{line}\n"),
            Err(_) => format!("{BROKEN}\n"),
        }
    });
}

/// `jkill slot`: empties one of my slots.
pub fn jkill(ctx: &mut Ctx<'_>, args: &str) {
    let Some(me) = ctx.session.account_id else {
        return ctx.line(ONLY_REGISTERED);
    };
    let Some(slot) = args
        .split_whitespace()
        .next()
        .filter(|_| args.split_whitespace().count() == 1)
        .and_then(journal::slot)
    else {
        return ctx.line(LETTERS);
    };
    let store = ctx.shared().store.clone();
    ctx.reply_later(async move {
        match store.call(move |db| journal::kill(db, me, slot)).await {
            Ok(Ok(true)) => format!("Journal entry {slot} deleted.\n"),
            Ok(Ok(false)) => format!("You have no journal entry {slot}.\n"),
            _ => format!("{BROKEN}\n"),
        }
    });
}
