//! `messages` and `clearmessages`: notes to registered users that wait in
//! the database until they are cleared (FICS/FatICS wording).

use super::Ctx;
use super::talk::flood_ok;
use crate::event::Date;
use crate::event::Msg;
use crate::msg;
use crate::store::messages::{self, Delivery, MAX_LENGTH, Message, Outgoing, Pick};
use crate::timefmt::unix_now;
use crate::world::FindError;

/// `Alice at Sat Jan 23, 14:34 UTC 2016: hello`
fn body(sender: &str, sent_at: i64, text: &str) -> Msg {
    msg!(
        "message-body",
        sender = sender,
        date = Date(sent_at),
        text = text
    )
}

/// `1. Alice at ...: text`, as `messages` lists one (and `mailmess` mails it).
pub(super) fn numbered(m: &Message) -> Msg {
    msg!(
        "message-numbered",
        n = m.number,
        sender = &m.sender,
        date = Date(m.sent_at),
        text = &m.text
    )
}

/// What the first word of `messages`/`clearmessages` picks.
fn pick(word: &str) -> Pick {
    match word {
        "" | "*" => Pick::All,
        w if w.bytes().all(|b| b.is_ascii_digit()) => {
            // Beyond any real number: matches nothing.
            Pick::Number(w.parse().unwrap_or(usize::MAX))
        }
        w => Pick::From(w.to_string()),
    }
}

/// `messages` lists yours; `messages N` shows one; `messages name` those
/// from a user; `messages name text` sends one (also as `message`).
pub fn messages(ctx: &mut Ctx<'_>, args: &str) {
    let Some(account) = ctx.session.account_id else {
        return ctx.say(&msg!("messages-guests"));
    };
    let (first, rest) = match args.split_once(char::is_whitespace) {
        Some((first, rest)) => (first, rest.trim()),
        None => (args, ""),
    };
    if !rest.is_empty() {
        return send(ctx, first, rest);
    }
    let choice = pick(first);
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let query = choice.clone();
        let found = store
            .call(move |db| match &query {
                Pick::All => messages::read_all(db, account),
                pick => messages::read(db, account, pick),
            })
            .await;
        let Ok(Ok(found)) = found else {
            return voice.line(&msg!("database-unavailable"));
        };
        let mut lines = Vec::new();
        match (&choice, found.is_empty()) {
            (Pick::All, true) => lines.push(msg!("messages-none")),
            (Pick::All, false) => lines.push(msg!("messages-header")),
            (Pick::Number(_), true) => lines.push(msg!("messages-no-such")),
            (Pick::Number(_), false) => {}
            (Pick::From(name), true) => lines.push(msg!("messages-none-from", name = name)),
            (Pick::From(_), false) => {
                lines.push(msg!("messages-from-header", name = &found[0].sender))
            }
        }
        lines.extend(found.iter().map(numbered));
        lines.iter().map(|m| voice.line(m)).collect()
    });
}

/// `messages name text`: stores a message; shows it to the recipient at
/// once if they are online.
fn send(ctx: &mut Ctx<'_>, to: &str, text: &str) {
    if text.chars().count() > MAX_LENGTH {
        return ctx.say(&msg!("message-too-long", max = MAX_LENGTH));
    }
    if !flood_ok(ctx) {
        return;
    }
    let online: Result<Option<String>, Msg> = {
        let world = ctx.world();
        match world.find(to) {
            Ok(p) if !p.is_registered() => Err(msg!("message-unregistered", name = &p.name)),
            Ok(p) => Ok(Some(p.name.clone())),
            Err(e @ FindError::Ambiguous(_)) => Err(crate::world::watching::find_error(to, e)),
            Err(FindError::NotFound) => Ok(None),
        }
    };
    let online = match online {
        Ok(online) => online,
        Err(e) => return ctx.say(&e),
    };
    let outgoing = Outgoing {
        to: online.clone().unwrap_or_else(|| to.to_string()),
        from: ctx.session.name.clone(),
        bypass_censor: ctx.session.titles.admin,
        text: text.to_string(),
        sent_at: unix_now(),
        unread: online.is_none(),
    };
    let shared = ctx.shared().clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let m = outgoing.clone();
        let delivery = shared.store.call(move |db| messages::deliver(db, &m)).await;
        let Ok(Ok(delivery)) = delivery else {
            return voice.line(&msg!("database-unavailable"));
        };
        let line = body(&outgoing.from, outgoing.sent_at, &outgoing.text);
        match delivery {
            Delivery::Sent(name) => {
                if online.is_some()
                    && let Some(p) = shared.world().by_name(&name)
                {
                    p.send_event(crate::event::Event::Lines {
                        lines: vec![crate::msg!("message-received"), line.clone()],
                    });
                }
                voice.line(&msg!("message-sent-to", name = &name)) + &voice.line(&line)
            }
            Delivery::NoSuchPlayer => voice.line(&msg!("tell-no-such-player", name = &outgoing.to)),
            Delivery::Censored(name) => voice.line(&msg!("refuse-censored", name = name)),
            Delivery::Full(name) => voice.line(&msg!("message-box-full", name = name)),
        }
    });
}

/// `clearmessages [*|N|name]`: deletes all your messages, one, or those
/// from a user.
pub fn clearmessages(ctx: &mut Ctx<'_>, args: &str) {
    let Some(account) = ctx.session.account_id else {
        return ctx.say(&msg!("messages-guests"));
    };
    let choice = pick(args.split_whitespace().next().unwrap_or(""));
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let query = choice.clone();
        let cleared = store
            .call(move |db| messages::clear(db, account, &query))
            .await;
        let Ok(Ok(n)) = cleared else {
            return voice.line(&msg!("database-unavailable"));
        };
        voice.line(&match (n, &choice) {
            (0, Pick::All) => msg!("messages-none"),
            (0, Pick::Number(_)) => msg!("messages-no-such"),
            (0, Pick::From(name)) => msg!("messages-none-from", name = name),
            (n, _) => msg!("messages-cleared", n = n),
        })
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks() {
        assert_eq!(pick(""), Pick::All);
        assert_eq!(pick("*"), Pick::All);
        assert_eq!(pick("3"), Pick::Number(3));
        assert_eq!(pick("99999999999999999999999"), Pick::Number(usize::MAX));
        assert_eq!(pick("Bob"), Pick::From("Bob".into()));
    }
}
