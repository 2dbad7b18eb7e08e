//! `logons [name]` (a user's last logins and logouts) and `llogons` (the
//! server's). Addresses are shown to admins, and to a user for their own
//! logons; nobody else learns where a player connects from.

use super::Ctx;
use crate::msg;
use crate::store::logons::{self, Logon};
use crate::timefmt::ctime;

/// How many rows `logons` and `llogons` show.
const MINE: u32 = 10;
const SERVER: u32 = 30;

/// `logons [name]`
pub fn logons(ctx: &mut Ctx<'_>, args: &str) {
    let name = match args.split_whitespace().next() {
        Some(n) => ctx.spelled(n),
        None => ctx.session.name.clone(),
    };
    let addresses = ctx.session.titles.admin || name.eq_ignore_ascii_case(&ctx.session.name);
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lookup = name.clone();
        let rows = match store
            .call(move |db| logons::of_name(db, &lookup, MINE))
            .await
        {
            Ok(Ok(rows)) => rows,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if rows.is_empty() {
            return voice.line(&msg!("logons-none", name = &name));
        }
        let mut out = voice.line(&msg!("logons-header", name = &rows[0].name));
        for r in &rows {
            out.push_str(&voice.line(&row(r, addresses)));
        }
        out
    });
}

/// `llogons`
pub fn llogons(ctx: &mut Ctx<'_>, _args: &str) {
    let addresses = ctx.session.titles.admin;
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let rows = match store.call(move |db| logons::latest(db, SERVER)).await {
            Ok(Ok(rows)) => rows,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if rows.is_empty() {
            return voice.line(&msg!("llogons-none"));
        }
        let mut out = voice.line(&msg!("llogons-header"));
        for r in &rows {
            out.push_str(&voice.line(&row(r, addresses)));
        }
        out
    });
}

/// One row: when, who, in or out, and from where for those who may know.
fn row(r: &Logon, addresses: bool) -> crate::event::Msg {
    let date = ctime(r.at);
    let name = if r.registered {
        r.name.clone()
    } else {
        format!("{}(U)", r.name)
    };
    match (r.login, addresses) {
        (true, true) => msg!("logons-in-from", date = date, name = name, addr = &r.addr),
        (true, false) => msg!("logons-in", date = date, name = name),
        (false, true) => msg!("logons-out-from", date = date, name = name, addr = &r.addr),
        (false, false) => msg!("logons-out", date = date, name = name),
    }
}
