//! `messages` and `clearmessages`: notes to registered users that wait in
//! the database until they are cleared (FICS/FatICS wording).

use super::Ctx;
use super::talk::flood_ok;
use crate::store::messages::{self, Delivery, MAX_LENGTH, Message, Outgoing, Pick};
use crate::timefmt::{fics_date, unix_now};
use crate::world::FindError;

const GUESTS: &str = "Unregistered players may not send or receive messages.";

/// `Alice at Sat Jan 23, 14:34 UTC 2016: hello`
fn body(sender: &str, sent_at: i64, text: &str) -> String {
    format!("{sender} at {}: {text}", fics_date(sent_at))
}

fn numbered(m: &Message) -> String {
    format!("{}. {}\n", m.number, body(&m.sender, m.sent_at, &m.text))
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
        return ctx.line(GUESTS);
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
    ctx.reply_later(async move {
        let query = choice.clone();
        let found = store
            .call(move |db| match &query {
                Pick::All => messages::read_all(db, account),
                pick => messages::read(db, account, pick),
            })
            .await;
        let Ok(Ok(found)) = found else {
            return "The database is not available; try again later.\n".to_string();
        };
        let mut out = String::new();
        match (&choice, found.is_empty()) {
            (Pick::All, true) => out.push_str("You have no messages.\n"),
            (Pick::All, false) => out.push_str("Messages:\n"),
            (Pick::Number(_), true) => out.push_str("There is no such message.\n"),
            (Pick::Number(_), false) => {}
            (Pick::From(name), true) => {
                out.push_str(&format!("You have no messages from {name}.\n"))
            }
            (Pick::From(_), false) => {
                out.push_str(&format!("Messages from {}:\n", found[0].sender))
            }
        }
        for m in &found {
            out.push_str(&numbered(m));
        }
        out
    });
}

/// `messages name text`: stores a message; shows it to the recipient at
/// once if they are online.
fn send(ctx: &mut Ctx<'_>, to: &str, text: &str) {
    if text.chars().count() > MAX_LENGTH {
        return ctx.line(format!(
            "Your message is too long; messages may be at most {MAX_LENGTH} characters."
        ));
    }
    if !flood_ok(ctx) {
        return;
    }
    let online: Result<Option<String>, String> = {
        let world = ctx.world();
        match world.find(to) {
            Ok(p) if !p.is_registered() => Err(format!(
                "Player \"{}\" is unregistered and cannot receive messages.",
                p.name
            )),
            Ok(p) => Ok(Some(p.name.clone())),
            Err(FindError::Ambiguous(names)) => Err(format!(
                "Ambiguous name \"{to}\". Matches: {}",
                names.join(" ")
            )),
            Err(FindError::NotFound) => Ok(None),
        }
    };
    let online = match online {
        Ok(online) => online,
        Err(e) => return ctx.line(e),
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
    ctx.reply_later(async move {
        let m = outgoing.clone();
        let delivery = shared.store.call(move |db| messages::deliver(db, &m)).await;
        let Ok(Ok(delivery)) = delivery else {
            return "The database is not available; try again later.\n".to_string();
        };
        let line = body(&outgoing.from, outgoing.sent_at, &outgoing.text);
        match delivery {
            Delivery::Sent(name) => {
                if online.is_some()
                    && let Some(p) = shared.world().by_name(&name)
                {
                    p.send_event(crate::event::Event::Lines {
                        lines: vec![
                            crate::msg!("message-received"),
                            crate::msg!("raw", text = &line),
                        ],
                    });
                }
                format!("The following message was sent to {name}:\n{line}\n")
            }
            Delivery::NoSuchPlayer => {
                format!("There is no player matching the name {}.\n", outgoing.to)
            }
            Delivery::Censored(name) => format!("{name} is censoring you.\n"),
            Delivery::Full(name) => format!("{name}'s message box is full.\n"),
        }
    });
}

/// `clearmessages [*|N|name]`: deletes all your messages, one, or those
/// from a user.
pub fn clearmessages(ctx: &mut Ctx<'_>, args: &str) {
    let Some(account) = ctx.session.account_id else {
        return ctx.line(GUESTS);
    };
    let choice = pick(args.split_whitespace().next().unwrap_or(""));
    let store = ctx.shared().store.clone();
    ctx.reply_later(async move {
        let query = choice.clone();
        let cleared = store
            .call(move |db| messages::clear(db, account, &query))
            .await;
        let Ok(Ok(n)) = cleared else {
            return "The database is not available; try again later.\n".to_string();
        };
        match (n, &choice) {
            (0, Pick::All) => "You have no messages.\n".to_string(),
            (0, Pick::Number(_)) => "There is no such message.\n".to_string(),
            (0, Pick::From(name)) => format!("You have no messages from {name}.\n"),
            (1, _) => "Cleared 1 message.\n".to_string(),
            (n, _) => format!("Cleared {n} messages.\n"),
        }
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
