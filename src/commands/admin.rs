//! Admin commands on the live server: `announce`, `nuke`, `ban`/`unban`,
//! `muzzle`/`unmuzzle`, `adjudicate`, `shutdown`. Only users with the admin
//! title see them (the table marks them `Rights::Admin`); everyone else is
//! told the command does not exist.
//!
//! Every action is logged with `tracing` and written to the `admin_log`
//! table; actions on a user also add a comment to that user's record, so
//! `showcomment` is the audit trail of a user.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use super::Ctx;
use crate::event::Msg;
use crate::msg;
use crate::shared::Shared;
use crate::store::{accounts, admin as db};
use crate::timefmt::unix_now;
use crate::world::admin::{Adjudicated, AdjudicatedGame, Verdict};
use crate::world::shutdown::framed;

/// Logs an admin action and stores it; `comment` also goes on the
/// target's record.
pub fn record(
    shared: &Arc<Shared>,
    admin: &str,
    action: &'static str,
    target: Option<&str>,
    detail: &str,
    comment: Option<&str>,
) {
    tracing::info!(
        admin,
        action,
        target = target.unwrap_or(""),
        detail,
        "admin action"
    );
    let (admin, target, detail, comment) = (
        admin.to_string(),
        target.map(str::to_string),
        detail.to_string(),
        comment.map(str::to_string),
    );
    shared.store.write("admin log", move |c| {
        let now = unix_now();
        db::log_action(c, now, &admin, action, target.as_deref(), &detail)?;
        if let (Some(t), Some(text)) = (&target, &comment) {
            db::add_comment(c, t, &admin, text, now)?;
        }
        Ok(())
    });
}

/// The first word and the rest of the line.
pub fn first_word(args: &str) -> (&str, &str) {
    let args = args.trim();
    match args.split_once(char::is_whitespace) {
        Some((w, rest)) => (w, rest.trim()),
        None => (args, ""),
    }
}

/// `announce text`: a line to everyone online.
pub fn announce(ctx: &mut Ctx<'_>, args: &str) {
    let text = args.trim();
    if text.is_empty() {
        return ctx.usage("announce message");
    }
    let me = ctx.session.name.clone();
    let n = ctx.world().tell_everyone(
        framed(msg!("announcement", by = &me, text = text)),
        Some(ctx.session.id),
    );
    record(ctx.shared(), &me, "announce", None, text, None);
    ctx.say(&msg!("announcement-sent", n = n, by = &me, text = text));
}

/// `nuke name`: throws a user off the server (their game is adjourned, or
/// waits for them as after any lost connection).
pub fn nuke(ctx: &mut Ctx<'_>, args: &str) {
    let (name, _) = first_word(args);
    if name.is_empty() {
        return ctx.usage("nuke user");
    }
    let me = ctx.session.name.clone();
    let result = {
        let world = ctx.world();
        match world.by_name(name) {
            None => Err(msg!("player-not-logged-in", name = name)),
            Some(p) if p.titles.admin && p.id != ctx.session.id => Err(msg!("nuke-admin")),
            Some(_) => Ok(world
                .kick(name, msg!("kick-nuked", by = &me))
                .unwrap_or_default()),
        }
    };
    match result {
        Ok(shown) => {
            record(ctx.shared(), &me, "nuke", Some(&shown), "", Some("Nuked."));
            ctx.say(&msg!("nuked", name = &shown));
        }
        Err(e) => ctx.say(&e),
    }
}

/// `ban name` / `unban name`: refuses (or allows again) logins of an
/// account; the account and its games are kept.
pub fn ban(ctx: &mut Ctx<'_>, args: &str) {
    set_ban(ctx, args, true);
}

pub fn unban(ctx: &mut Ctx<'_>, args: &str) {
    set_ban(ctx, args, false);
}

fn set_ban(ctx: &mut Ctx<'_>, args: &str, on: bool) {
    let (name, _) = first_word(args);
    if name.is_empty() {
        return ctx.usage(if on { "ban user" } else { "unban user" });
    }
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let name = name.to_string();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lookup = name.clone();
        let done = shared
            .store
            .call(move |c| -> rusqlite::Result<Result<String, Msg>> {
                match accounts::find(c, &lookup)? {
                    None => Ok(Err(msg!("admin-no-account", name = &lookup))),
                    Some(a) if a.titles.admin && on => Ok(Err(msg!("admin-ban-admin"))),
                    Some(a) => {
                        db::set_banned(c, &a.name, on)?;
                        Ok(Ok(a.name))
                    }
                }
            })
            .await;
        let shown = match done {
            Ok(Ok(Ok(shown))) => shown,
            Ok(Ok(Err(e))) => return voice.line(&e),
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if on {
            shared.world().kick(&shown, msg!("kick-banned", by = &me));
            record(&shared, &me, "ban", Some(&shown), "", Some("Banned."));
            voice.line(&msg!("admin-banned", name = &shown))
        } else {
            record(&shared, &me, "unban", Some(&shown), "", Some("Ban lifted."));
            voice.line(&msg!("admin-unbanned", name = &shown))
        }
    });
}

/// `muzzle name` / `unmuzzle name`: no shouts or channel tells. Kept on
/// the account of a registered user; for a guest, until they log out.
pub fn muzzle(ctx: &mut Ctx<'_>, args: &str) {
    set_muzzle(ctx, args, true);
}

pub fn unmuzzle(ctx: &mut Ctx<'_>, args: &str) {
    set_muzzle(ctx, args, false);
}

fn set_muzzle(ctx: &mut Ctx<'_>, args: &str, on: bool) {
    let (name, _) = first_word(args);
    if name.is_empty() {
        return ctx.usage(if on { "muzzle user" } else { "unmuzzle user" });
    }
    let shared = ctx.shared().clone();
    let me = ctx.session.name.clone();
    let name = name.to_string();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lookup = name.clone();
        let account = shared.store.call(move |c| accounts::find(c, &lookup)).await;
        let account = match account {
            Ok(Ok(a)) => a,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if account.as_ref().is_some_and(|a| a.titles.admin) && on {
            return voice.line(&msg!("admin-muzzle-admin"));
        }
        let online = shared.world().set_muzzle_online(&name, on);
        let shown = match (&account, online) {
            (Some(a), _) => {
                let n = a.name.clone();
                shared
                    .store
                    .write("muzzle", move |c| db::set_muzzled(c, &n, on).map(|_| ()));
                a.name.clone()
            }
            (None, Some(shown)) => shown,
            (None, None) => return voice.line(&msg!("admin-no-player", name = &name)),
        };
        if on {
            record(&shared, &me, "muzzle", Some(&shown), "", Some("Muzzled."));
            voice.line(&msg!("admin-muzzled", name = &shown))
        } else {
            record(
                &shared,
                &me,
                "unmuzzle",
                Some(&shown),
                "",
                Some("Muzzle lifted."),
            );
            voice.line(&msg!("admin-unmuzzled", name = &shown))
        }
    });
}

/// `adjudicate white black white|black|draw|abort`: decides a game, the
/// one in progress between them or else their adjourned one (a rated one
/// moves the ratings as if it had been played out).
pub fn adjudicate(ctx: &mut Ctx<'_>, args: &str) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let [white, black, result] = words.as_slice() else {
        return ctx.usage("adjudicate white_player black_player white|black|draw|abort");
    };
    let Some(verdict) = Verdict::parse(result) else {
        return ctx.usage("adjudicate white_player black_player white|black|draw|abort");
    };
    let me = ctx.session.name.clone();
    let done = ctx
        .world()
        .adjudicate(white, black, verdict, &me, Instant::now());
    let reply = adjudicated(ctx.shared(), &me, white, black, verdict, done);
    ctx.say(&reply);
}

/// Records an adjudication in the admin log and says what was done.
fn adjudicated(
    shared: &Arc<Shared>,
    me: &str,
    white: &str,
    black: &str,
    verdict: Verdict,
    done: Option<Adjudicated>,
) -> Msg {
    let Some(done) = done else {
        return msg!("admin-no-such-game", white = white, black = black);
    };
    let (white, black) = (done.white.as_str(), done.black.as_str());
    let end = verdict.end();
    let reason = end.reason(white, black);
    let detail = format!("{white} vs. {black}: {reason} {}", end.result);
    for player in [white, black] {
        record(
            shared,
            me,
            "adjudicate",
            Some(player),
            &detail,
            Some(&format!("Adjudicated: {detail}")),
        );
    }
    // The reason as the store keeps it.
    match done.game {
        AdjudicatedGame::Live(no) => msg!(
            "admin-adjudicated-live",
            no = no,
            white = white,
            black = black,
            reason = &reason,
            result = end.result
        ),
        AdjudicatedGame::Stored(_) => msg!(
            "admin-adjudicated-stored",
            white = white,
            black = black,
            reason = &reason,
            result = end.result
        ),
    }
}

/// `shutdown [now|minutes|Ns|cancel]`: stops the server, at once or after
/// a countdown (`shutdown 5` for five minutes, `shutdown 30s` for thirty
/// seconds); every game is adjourned or aborted first.
pub fn shutdown(ctx: &mut Ctx<'_>, args: &str) {
    let me = ctx.session.name.clone();
    let arg = args.trim().to_ascii_lowercase();
    let after = match arg.as_str() {
        "" | "now" | "0" => None,
        "cancel" => {
            let cancelled = ctx.world().cancel_shutdown(&me);
            if cancelled {
                record(ctx.shared(), &me, "shutdown", None, "cancel", None);
                return ctx.say(&msg!("admin-shutdown-canceled"));
            }
            return ctx.say(&msg!("admin-no-shutdown-is-scheduled"));
        }
        s => {
            let parsed = match s.strip_suffix('s') {
                Some(secs) => secs.parse::<u64>().ok(),
                None => s.parse::<u64>().ok().map(|m| m.saturating_mul(60)),
            };
            match parsed {
                Some(secs) if (1..=7 * 24 * 3600).contains(&secs) => {
                    Some(Duration::from_secs(secs))
                }
                _ => return ctx.usage("shutdown [now | minutes | seconds followed by s | cancel]"),
            }
        }
    };
    match after {
        None => {
            record(ctx.shared(), &me, "shutdown", None, "now", None);
            ctx.say(&msg!("admin-shutting-down-now"));
            ctx.world().shut_down_now(Instant::now());
        }
        Some(d) => {
            record(
                ctx.shared(),
                &me,
                "shutdown",
                None,
                &format!("in {} s", d.as_secs()),
                None,
            );
            ctx.world().schedule_shutdown(&me, d, Instant::now());
            let secs = d.as_secs();
            ctx.say(&if secs >= 60 && secs.is_multiple_of(60) {
                msg!("shutdown-scheduled-minutes", n = secs / 60)
            } else {
                msg!("shutdown-scheduled-seconds", n = secs)
            });
        }
    }
}
