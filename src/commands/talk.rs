//! `tell`, `xtell`, `.`, `,`, `say`, `shout`, `cshout`, `it`, `qtell`: talking to
//! one user, to a channel, or to everyone (docs/protocol.md §6.2 "Communication").
//!
//! What others must see is queued in their outboxes under the world lock;
//! the sender's reply is the command's own output.

use std::sync::Arc;
use std::time::Instant;

use super::Ctx;
use crate::event::Msg;
use crate::msg;
use crate::settings::lists::parse_channel;
use crate::settings::vars::Switch;
use crate::store::{Store, accounts};
use crate::user::User;
use crate::world::speech::{Broadcast, Speaker};
use crate::world::talk::may_talk;
use crate::world::watching::find_error;
use crate::world::{FindError, Player};

/// The one who talks, copied out of the session.
fn speaker(session: &User) -> Speaker {
    Speaker {
        id: session.id,
        name: session.name.clone(),
        display: session.display_name(),
        registered: session.is_registered(),
        titles: session.titles,
    }
}

/// Counts one talk line against the session's rate limit (10 lines in 5
/// seconds). False, after replying `Please slow down.`, when over it. TD
/// accounts (bots that pair tournaments) are not limited.
pub(super) fn flood_ok(ctx: &mut Ctx<'_>) -> bool {
    if ctx.session.titles.td {
        return true;
    }
    let id = ctx.session.id;
    let ok = ctx
        .world()
        .player_mut(id)
        .is_none_or(|p| p.talk.flood.allow(Instant::now()));
    if !ok {
        ctx.say(&msg!("talk-slow-down"));
    }
    ok
}

/// `target text`, both present.
fn split_target(args: &str) -> Option<(&str, &str)> {
    let (target, text) = args.split_once(char::is_whitespace)?;
    let text = text.trim();
    (!target.is_empty() && !text.is_empty()).then_some((target, text))
}

/// `tell user|channel message`
pub fn tell(ctx: &mut Ctx<'_>, args: &str) {
    tell_or_xtell(ctx, args, true, "tell user|channel message");
}

/// `xtell user|channel message`: a tell that does not change what `.`
/// and `,` talk to (for scripts and bots).
pub fn xtell(ctx: &mut Ctx<'_>, args: &str) {
    tell_or_xtell(ctx, args, false, "xtell user|channel message");
}

fn tell_or_xtell(ctx: &mut Ctx<'_>, args: &str, remember: bool, usage: &str) {
    let Some((target, text)) = split_target(args) else {
        return ctx.usage(usage);
    };
    if target.bytes().all(|b| b.is_ascii_digit()) {
        match parse_channel(target) {
            Some(ch) => {
                if flood_ok(ctx) {
                    tell_channel(ctx, ch, text, remember);
                }
            }
            None => ctx.say(&msg!("channel-max")),
        }
    } else if flood_ok(ctx) {
        tell_person(ctx, Whom::Prefix(target), text, remember);
    }
}

/// `. message`: tells the last person you told.
pub fn dot(ctx: &mut Ctx<'_>, args: &str) {
    if args.is_empty() {
        return ctx.usage(". message");
    }
    let id = ctx.session.id;
    let last = ctx
        .world()
        .player(id)
        .and_then(|p| p.talk.last_tell.clone());
    match last {
        None => ctx.say(&msg!("tell-no-previous")),
        Some(name) => {
            if flood_ok(ctx) {
                tell_person(ctx, Whom::Exact(&name), args, true);
            }
        }
    }
}

/// `, message`: tells the last channel you told.
pub fn comma(ctx: &mut Ctx<'_>, args: &str) {
    if args.is_empty() {
        return ctx.usage(", message");
    }
    let id = ctx.session.id;
    let last = ctx.world().player(id).and_then(|p| p.talk.last_channel);
    match last {
        None => ctx.say(&msg!("channel-no-previous")),
        Some(ch) => {
            if flood_ok(ctx) {
                tell_channel(ctx, ch, args, true);
            }
        }
    }
}

/// `say message`: to the opponent of the game being played, or after it
/// to the last opponent. During the game the line carries its number
/// (`Alice[12] says: hi`), afterwards not.
pub fn say(ctx: &mut Ctx<'_>, args: &str) {
    if args.is_empty() {
        return ctx.usage("say message");
    }
    if !flood_ok(ctx) {
        return;
    }
    let me = speaker(ctx.session);
    let Some(reply) = ctx.world().say(&me, args) else {
        return;
    };
    ctx.say(&reply);
}

/// How the receiver of a tell is named.
enum Whom<'a> {
    /// As typed: an exact name or the unique beginning of one.
    Prefix(&'a str),
    /// The exact name (`.`).
    Exact(&'a str),
}

fn tell_person(ctx: &mut Ctx<'_>, whom: Whom<'_>, text: &str, remember: bool) {
    let me = speaker(ctx.session);
    let typed = match whom {
        Whom::Prefix(n) | Whom::Exact(n) => n.to_string(),
    };
    let outcome: Result<Msg, Option<Msg>> = {
        let mut world = ctx.world();
        let found = match whom {
            Whom::Prefix(name) => world.find(name),
            Whom::Exact(name) => world.by_name(name).ok_or(FindError::NotFound),
        };
        let result = match found {
            Ok(to) => {
                let (name, id) = (to.name.clone(), to.id);
                world
                    .tell(&me, id, text)
                    .map(|reply| (reply, name))
                    .map_err(Some)
            }
            Err(e @ FindError::Ambiguous(_)) => Err(Some(find_error(&typed, e))),
            Err(FindError::NotFound) => Err(None),
        };
        result.map(|(reply, name)| {
            if remember && let Some(p) = world.player_mut(me.id) {
                p.talk.last_tell = Some(name);
            }
            reply
        })
    };
    match outcome {
        Ok(reply) => ctx.say(&reply),
        Err(Some(error)) => ctx.say(&error),
        Err(None) => {
            let store = ctx.shared().store.clone();
            let voice = ctx.voice();
            ctx.reply_later(async move { voice.line(&not_online(store, typed).await) });
        }
    }
}

/// Why a name is not online: a registered user who is away, or nobody.
async fn not_online(store: Store, name: String) -> Msg {
    let lookup = name.clone();
    match store.call(move |db| accounts::find(db, &lookup)).await {
        Ok(Ok(Some(account))) => msg!("player-not-logged-in", name = account.name),
        Ok(Ok(None)) => msg!("tell-no-such-player", name = name),
        _ => msg!("database-unavailable"),
    }
}

fn tell_channel(ctx: &mut Ctx<'_>, ch: u8, text: &str, remember: bool) {
    if muzzled(ctx) {
        return;
    }
    let me = speaker(ctx.session);
    if let Err(e) = may_talk(ch, &me.titles, me.registered) {
        return ctx.say(&e);
    }
    let title = match ctx.shared().config().channel_name(u16::from(ch)) {
        Some(name) => format!("{ch} \"{name}\""),
        None => ch.to_string(),
    };
    let sent = ctx.world().channel_tell(&me, ch, text, remember);
    match sent {
        Ok(n) => ctx.say(&msg!("channel-told", n = n, title = title)),
        Err(e) => ctx.say(&e),
    }
}

fn command_of(kind: Broadcast) -> &'static str {
    match kind {
        Broadcast::Shout => "shout",
        Broadcast::CShout => "cshout",
        Broadcast::It => "it",
    }
}

fn done(kind: Broadcast, n: usize) -> Msg {
    match kind {
        Broadcast::Shout => msg!("shouted-to", n = n),
        Broadcast::CShout => msg!("cshouted-to", n = n),
        Broadcast::It => msg!("itshouted-to", n = n),
    }
}

fn deaf(kind: Broadcast) -> Msg {
    match kind {
        Broadcast::Shout => msg!("shout-deaf"),
        Broadcast::CShout => msg!("cshout-deaf"),
        Broadcast::It => msg!("itshout-deaf"),
    }
}

/// `shout message` (`!`, `sh`); `shout` alone tells when the next may go.
pub fn shout(ctx: &mut Ctx<'_>, args: &str) {
    shout_like(ctx, args, Broadcast::Shout);
}

/// `cshout message`
pub fn cshout(ctx: &mut Ctx<'_>, args: &str) {
    shout_like(ctx, args, Broadcast::CShout);
}

/// `it action` (`i`, `:`): `--> Alice waves`.
pub fn it(ctx: &mut Ctx<'_>, args: &str) {
    shout_like(ctx, args, Broadcast::It);
}

/// True, after replying so, when an admin has muzzled this user (no
/// shouts, no channel tells).
fn muzzled(ctx: &mut Ctx<'_>) -> bool {
    let id = ctx.session.id;
    let muzzled = ctx.world().player(id).is_some_and(|p| p.muzzled);
    if muzzled {
        ctx.say(&msg!("muzzled"));
    }
    muzzled
}

fn shout_like(ctx: &mut Ctx<'_>, args: &str, kind: Broadcast) {
    let me = speaker(ctx.session);
    if !args.is_empty() && muzzled(ctx) {
        return;
    }
    if !me.registered {
        return ctx.say(&msg!("shout-registered-only", command = command_of(kind)));
    }
    let now = Instant::now();
    if args.is_empty() {
        if kind == Broadcast::CShout {
            return ctx.usage("cshout message");
        }
        let wait = if me.titles.admin {
            0
        } else {
            ctx.world().shout_wait(&me.name, now)
        };
        return if wait > 0 {
            ctx.say(&msg!("shout-next-in", n = wait))
        } else {
            ctx.say(&msg!("shout-ready"))
        };
    }
    if !flood_ok(ctx) {
        return;
    }
    if !ctx.session.vars.switch(kind.var()) {
        return ctx.say(&deaf(kind));
    }
    let sent = ctx.world().shout(&me, kind, args, now);
    match sent {
        Ok(n) => ctx.say(&done(kind, n)),
        Err(wait) => ctx.say(&msg!("shout-not-sent", n = wait)),
    }
}

/// A qtell's text as its receiver sees it: each `\n` starts a new line,
/// every line starts with `:`, `\b` is a bell (for users with `bell` on)
/// and the highlight codes `\H`, `\h` are dropped.
pub fn qtell_text(text: &str, bell: bool) -> String {
    let mut out = String::from(":");
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('n') => {
                    out.push_str("\n:");
                    chars.next();
                    continue;
                }
                Some('b') => {
                    if bell {
                        out.push('\u{7}');
                    }
                    chars.next();
                    continue;
                }
                Some('H' | 'h') => {
                    chars.next();
                    continue;
                }
                _ => {}
            }
        }
        out.push(c);
    }
    out.push('\n');
    out
}

/// `qtell name|channel text` (TD and computer accounts): text for bots'
/// users, answered with the machine line `*qtell name 0*` (delivered) or
/// `*qtell name 1*` (not).
pub fn qtell(ctx: &mut Ctx<'_>, args: &str) {
    let me = speaker(ctx.session);
    if !me.titles.td && !me.titles.computer {
        return ctx.say(&msg!("qtell-td-only"));
    }
    let Some((target, text)) = split_target(args) else {
        return ctx.usage("qtell name|channel message");
    };
    // A qtell's text is the bot's own: it reaches its users as it is.
    let plain: Arc<str> = qtell_text(text, false).into();
    let belled: Arc<str> = qtell_text(text, true).into();
    let pick = |p: &Player| {
        if p.vars.switch(Switch::Bell) {
            belled.clone()
        } else {
            plain.clone()
        }
    };
    let reply = if target.bytes().all(|b| b.is_ascii_digit()) {
        match parse_channel(target) {
            Some(ch) if may_talk(ch, &me.titles, me.registered).is_ok() => {
                let world = ctx.world();
                for p in world.players() {
                    if p.id != me.id
                        && p.talk.lists.channels.contains(&ch)
                        && !p.talk.lists.censor.contains(&me.name)
                    {
                        p.send_text(pick(p));
                    }
                }
                format!("*qtell {ch} 0*")
            }
            _ => format!("*qtell {target} 1*"),
        }
    } else {
        let world = ctx.world();
        match world.by_name(target) {
            Some(p) => {
                p.send_text(pick(p));
                format!("*qtell {} 0*", p.name)
            }
            None => format!("*qtell {target} 1*"),
        }
    };
    ctx.line(reply);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qtell_escapes() {
        assert_eq!(
            qtell_text("Tourney #3 starts.\\nType \"join\".", false),
            ":Tourney #3 starts.\n:Type \"join\".\n"
        );
        assert_eq!(qtell_text("\\bDing\\Hbold\\h", true), ":\u{7}Dingbold\n");
        assert_eq!(qtell_text("\\bDing", false), ":Ding\n");
        assert_eq!(qtell_text("a\\\\x\\", false), ":a\\\\x\\\n");
    }

    #[test]
    fn targets_need_text() {
        assert_eq!(split_target("bob hi there"), Some(("bob", "hi there")));
        assert_eq!(split_target("bob"), None);
        assert_eq!(split_target("bob   "), None);
        assert_eq!(split_target(""), None);
    }
}
