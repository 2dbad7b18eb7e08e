//! `addlist`, `sublist`, `showlist` (`+`, `-`, `=`) on the personal lists
//! (channel, censor, noplay, notify), and `inchannel`, `znotify`.
//!
//! Replies follow lasker's list.c: `[Bob] added to your censor list.`,
//! `-- censor list: 1 name --`. Registered users' changes are saved at once
//! (fire-and-forget); guests' lists last as long as the session.

use std::collections::BTreeMap;

use super::Ctx;
use super::computers;
use super::info::columns;
use crate::event::Msg;
use crate::msg;
use crate::settings::lists::{ListKind, ListNameError, MAX_NAMES, parse_channel};
use crate::settings::vars::Number;
use crate::store::{Store, accounts, lists as saved};
use crate::world::talk::may_join;
use crate::world::watching::find_error;
use crate::world::{FindError, SessionId, World};

/// A list name as typed: one of the personal lists, or the public
/// `computer` list (`src/commands/computers.rs`).
enum Which {
    Personal(ListKind),
    Computer,
}

/// Resolves a list name, or the only list it is a prefix of, among the
/// personal lists and `computer`.
fn resolve(text: &str) -> Result<Which, ListNameError> {
    let lower = text.to_ascii_lowercase();
    if lower.is_empty() || !computers::NAME.starts_with(&lower) {
        return ListKind::lookup(text).map(Which::Personal);
    }
    let mut others: Vec<&'static str> = ListKind::ALL
        .into_iter()
        .map(ListKind::name)
        .filter(|n| n.starts_with(&lower))
        .collect();
    if lower == computers::NAME || others.is_empty() {
        return Ok(Which::Computer);
    }
    others.push(computers::NAME);
    Err(ListNameError::Ambiguous(text.to_string(), others))
}

/// Splits `list item`; the item may be missing.
fn list_and_item(args: &str) -> (&str, &str) {
    match args.split_once(char::is_whitespace) {
        Some((list, item)) => (list, item.trim()),
        None => (args, ""),
    }
}

/// Saves or forgets one entry for a registered user.
fn save(store: &Store, account: Option<i64>, kind: ListKind, item: &str, add: bool) {
    let Some(account) = account else { return };
    let item = item.to_string();
    if add {
        store.write("save list entry", move |db| {
            saved::add(db, account, kind, &item)
        });
    } else {
        store.write("forget list entry", move |db| {
            saved::remove(db, account, kind, &item)
        });
    }
}

/// `addlist list item` (`+list item`)
pub fn addlist(ctx: &mut Ctx<'_>, args: &str) {
    let (list, item) = list_and_item(args);
    if list.is_empty() || item.is_empty() {
        return ctx.usage("addlist list item");
    }
    let kind = match resolve(list) {
        Ok(Which::Personal(kind)) => kind,
        Ok(Which::Computer) => return computers::change(ctx, list, item, true),
        Err(e) => return ctx.say(&crate::render::errors::list_name_error(&e)),
    };
    if kind == ListKind::Channel {
        return add_channel(ctx, item);
    }
    // The name as registered or as online; an offline name is looked up.
    let found = {
        let world = ctx.world();
        match world.find(item) {
            Ok(p) => Ok(Some((p.name.clone(), p.is_registered()))),
            Err(e @ FindError::Ambiguous(_)) => Err(find_error(item, e)),
            Err(FindError::NotFound) => Ok(None),
        }
    };
    match found {
        Ok(Some((name, registered))) => {
            let reply = add_name(ctx, kind, &name, registered);
            ctx.say(&reply);
        }
        Err(e) => ctx.say(&e),
        Ok(None) => {
            let shared = ctx.shared().clone();
            let me = ctx.session.id;
            let me_name = ctx.session.name.clone();
            let account = ctx.session.account_id;
            let typed = item.to_string();
            let voice = ctx.voice();
            ctx.reply_later(async move {
                let lookup = typed.clone();
                match shared
                    .store
                    .call(move |db| accounts::find(db, &lookup))
                    .await
                {
                    Ok(Ok(Some(a))) => {
                        let (reply, added) = {
                            let mut world = shared.world();
                            add_name_in(&mut world, me, &me_name, kind, &a.name, true)
                        };
                        if added {
                            save(&shared.store, account, kind, &a.name, true);
                        }
                        voice.line(&reply)
                    }
                    Ok(Ok(None)) => voice.line(&msg!("tell-no-such-player", name = typed)),
                    _ => voice.line(&msg!("database-unavailable")),
                }
            });
        }
    }
}

/// Adds a name the world knows; the reply line.
fn add_name(ctx: &mut Ctx<'_>, kind: ListKind, name: &str, registered: bool) -> Msg {
    let me = ctx.session.id;
    let me_name = ctx.session.name.clone();
    let (reply, added) = {
        let mut world = ctx.world();
        add_name_in(&mut world, me, &me_name, kind, name, registered)
    };
    // Guest names are given out again to other guests: they stay on the
    // list for this session only.
    if added && registered {
        save(
            &ctx.shared().store,
            ctx.session.account_id,
            kind,
            name,
            true,
        );
    }
    reply
}

/// Adds a name to one of `me`'s lists: the reply line, and whether it
/// was added (and must be saved).
fn add_name_in(
    world: &mut World,
    me: SessionId,
    me_name: &str,
    kind: ListKind,
    name: &str,
    registered: bool,
) -> (Msg, bool) {
    let list = kind.name();
    if kind == ListKind::Notify {
        if name.eq_ignore_ascii_case(me_name) {
            return (msg!("list-notify-self"), false);
        }
        if !registered {
            return (msg!("list-notify-unregistered"), false);
        }
    }
    let Some(names) = world
        .player_mut(me)
        .and_then(|p| p.talk.lists.names_mut(kind))
    else {
        return (msg!("blank"), false);
    };
    if names.contains(name) {
        (msg!("list-already-on", name = name, list = list), false)
    } else if names.len() >= MAX_NAMES {
        (msg!("list-full", list = list), false)
    } else {
        names.insert(name);
        (msg!("list-added", name = name, list = list), true)
    }
}

fn add_channel(ctx: &mut Ctx<'_>, item: &str) {
    let Some(ch) = parse_channel(item) else {
        return ctx.say(&msg!("lists-the-channel-to-add-must"));
    };
    if let Err(e) = may_join(ch, &ctx.session.titles) {
        return ctx.say(&e);
    }
    let id = ctx.session.id;
    let added = ctx
        .world()
        .player_mut(id)
        .is_some_and(|p| p.talk.lists.channels.insert(ch));
    if added {
        let store = ctx.shared().store.clone();
        save(
            &store,
            ctx.session.account_id,
            ListKind::Channel,
            &ch.to_string(),
            true,
        );
        ctx.say(&msg!(
            "lists-added-to-your-channel-list",
            ch = ch.to_string()
        ));
    } else {
        ctx.say(&msg!(
            "lists-is-already-on-your-channel",
            ch = ch.to_string()
        ));
    }
}

/// `sublist list item` (`-list item`)
pub fn sublist(ctx: &mut Ctx<'_>, args: &str) {
    let (list, item) = list_and_item(args);
    if list.is_empty() || item.is_empty() {
        return ctx.usage("sublist list item");
    }
    let kind = match resolve(list) {
        Ok(Which::Personal(kind)) => kind,
        Ok(Which::Computer) => return computers::change(ctx, list, item, false),
        Err(e) => return ctx.say(&crate::render::errors::list_name_error(&e)),
    };
    let id = ctx.session.id;
    let removed: Option<String> = {
        let mut world = ctx.world();
        if kind == ListKind::Channel {
            parse_channel(item).and_then(|ch| {
                world
                    .player_mut(id)
                    .is_some_and(|p| p.talk.lists.channels.remove(&ch))
                    .then(|| ch.to_string())
            })
        } else {
            // The entry as written, else the online user the text names.
            let online = world.find(item).ok().map(|p| p.name.clone());
            world
                .player_mut(id)
                .and_then(|p| p.talk.lists.names_mut(kind))
                .and_then(|names| {
                    names
                        .remove(item)
                        .or_else(|| online.and_then(|n| names.remove(&n)))
                })
        }
    };
    let list = kind.name();
    match removed {
        Some(entry) => {
            let store = ctx.shared().store.clone();
            save(&store, ctx.session.account_id, kind, &entry, false);
            ctx.say(&msg!(
                "lists-removed-from-your-list",
                entry = entry.to_string(),
                list = list.to_string()
            ));
        }
        None => ctx.say(&msg!(
            "lists-is-not-in-your-list",
            item = item.to_string(),
            list = list.to_string()
        )),
    }
}

/// `showlist [list]` (`=list`): the lists there are, or one of yours.
pub fn showlist(ctx: &mut Ctx<'_>, args: &str) {
    let list = args.split_whitespace().next().unwrap_or("");
    if list.is_empty() {
        ctx.say(&msg!("lists-lists"));
        ctx.say(&msg!("blank"));
        // The names padded as FICS pads them: PyChess reads these rows.
        let padded = |name: &str| format!("{name:<20}");
        ctx.say(&msg!("lists-public", name = padded(computers::NAME)));
        for kind in ListKind::ALL {
            ctx.say(&msg!("lists-personal", name = padded(kind.name())));
        }
        return;
    }
    let kind = match resolve(list) {
        Ok(Which::Personal(kind)) => kind,
        Ok(Which::Computer) => return computers::show(ctx),
        Err(e) => return ctx.say(&crate::render::errors::list_name_error(&e)),
    };
    let id = ctx.session.id;
    let entries = ctx
        .world()
        .player(id)
        .map(|p| p.talk.lists.entries(kind))
        .unwrap_or_default();
    ctx.say(&msg!(
        "list-show-header",
        list = kind.name(),
        n = entries.len()
    ));
    let width = ctx.session.vars.number(Number::Width) as usize;
    let text = columns(&entries, width);
    ctx.out.push_str(&text);
}

/// `znotify`: who of your notify list is here, and who has you on theirs.
pub fn znotify(ctx: &mut Ctx<'_>, _args: &str) {
    let id = ctx.session.id;
    let me = ctx.session.name.clone();
    let (mine, theirs) = {
        let world = ctx.world();
        let mut mine: Vec<String> = world
            .player(id)
            .map(|p| p.talk.lists.notify.sorted())
            .unwrap_or_default()
            .iter()
            .filter_map(|n| world.by_name(n))
            .filter(|p| p.id != id)
            .map(|p| p.name.clone())
            .collect();
        let mut theirs: Vec<String> = world
            .players()
            .filter(|p| p.id != id && p.talk.lists.notify.contains(&me))
            .map(|p| p.name.clone())
            .collect();
        mine.sort_by_key(|n| n.to_ascii_lowercase());
        theirs.sort_by_key(|n| n.to_ascii_lowercase());
        (mine, theirs)
    };
    if mine.is_empty() {
        ctx.say(&msg!("lists-no-one-from-your-notify"));
    } else {
        ctx.say(&msg!("lists-present-company-on-your-notify"));
        ctx.say(&msg!("raw", text = format!("   {}", mine.join(" "))));
    }
    if theirs.is_empty() {
        ctx.say(&msg!("lists-no-one-logged-in-has"));
    } else {
        ctx.say(&msg!("lists-the-following-players-have-you"));
        ctx.say(&msg!("raw", text = format!("   {}", theirs.join(" "))));
    }
}

/// `Channel 53 "Guest Chat": Alice Bob(U)`
fn channel_line(ctx: &Ctx<'_>, ch: u8, members: &[String]) -> Msg {
    msg!(
        "channel-members",
        title = channel_title(ctx, ch),
        names = members.join(" ")
    )
}

fn channel_title(ctx: &Ctx<'_>, ch: u8) -> String {
    match ctx.shared().config().channel_name(u16::from(ch)) {
        Some(name) => format!("{ch} \"{name}\""),
        None => ch.to_string(),
    }
}

/// `inchannel [channel|name]`: who is in a channel (every channel with
/// someone in it, without an argument), or the channels a user is in.
pub fn inchannel(ctx: &mut Ctx<'_>, args: &str) {
    let arg = args.split_whitespace().next().unwrap_or("");
    if arg.is_empty() {
        // One pass over the players, then the channels in order.
        let mut channels: BTreeMap<u8, Vec<(String, String)>> = BTreeMap::new();
        for p in ctx.world().players() {
            for ch in &p.talk.lists.channels {
                channels
                    .entry(*ch)
                    .or_default()
                    .push((p.name.to_ascii_lowercase(), p.display_name()));
            }
        }
        if channels.is_empty() {
            return ctx.say(&msg!("lists-nobody-is-in-any-channel"));
        }
        for (ch, mut members) in channels {
            members.sort();
            let names: Vec<String> = members.into_iter().map(|(_, d)| d).collect();
            let line = channel_line(ctx, ch, &names);
            ctx.say(&line);
        }
        return;
    }
    if arg.bytes().all(|b| b.is_ascii_digit()) {
        let Some(ch) = parse_channel(arg) else {
            return ctx.say(&msg!("lists-no-such-channel-the-largest"));
        };
        let names: Vec<String> = ctx
            .world()
            .channel_members(ch)
            .iter()
            .map(|p| p.display_name())
            .collect();
        let line = if names.is_empty() {
            msg!("channel-empty", title = channel_title(ctx, ch))
        } else {
            channel_line(ctx, ch, &names)
        };
        return ctx.say(&line);
    }
    let found = {
        let world = ctx.world();
        match world.find(arg) {
            Ok(p) => Ok((p.name.clone(), p.talk.lists.entries(ListKind::Channel))),
            Err(e) => Err(find_error(arg, e)),
        }
    };
    match found {
        Ok((name, channels)) if channels.is_empty() => ctx.say(&msg!(
            "lists-is-not-in-any-channel",
            name = name.to_string()
        )),
        Ok((name, channels)) => {
            ctx.say(&msg!(
                "lists-is-in-the-following-channels",
                name = name.to_string()
            ));
            let width = ctx.session.vars.number(Number::Width) as usize;
            let text = columns(&channels, width);
            ctx.out.push_str(&text);
        }
        Err(e) => ctx.say(&e),
    }
}
