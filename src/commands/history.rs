//! `history [name]`: the last ten games a player finished.

use super::Ctx;
use crate::chess::Variant;
use crate::msg;
use crate::store::games;
use crate::timefmt::ctime;

/// How many games `history` shows.
const SHOWN: u32 = 10;

/// `history [name]`
pub fn history(ctx: &mut Ctx<'_>, args: &str) {
    let name = match args.split_whitespace().next() {
        Some(n) => ctx.spelled(n),
        None => ctx.session.name.clone(),
    };
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lookup = name.clone();
        let rows = match store
            .call(move |db| games::history(db, &lookup, SHOWN))
            .await
        {
            Ok(Ok(rows)) => rows,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if rows.is_empty() {
            return voice.line(&msg!("history-none", name = &name));
        }
        let shown = if rows.iter().any(|r| r.white.eq_ignore_ascii_case(&name)) {
            rows[0].white.clone()
        } else if rows.iter().any(|r| r.black.eq_ignore_ascii_case(&name)) {
            rows[0].black.clone()
        } else {
            name.clone()
        };
        let whose = if shown.eq_ignore_ascii_case(&name) {
            &shown
        } else {
            &name
        };
        let mut s = voice.line(&msg!("history-header", name = whose));
        s.push_str(&voice.line(&msg!("history-columns")));
        // The rows are data, laid out in columns (PyChess reads them).
        for (i, r) in rows.iter().enumerate() {
            let white = r.white.eq_ignore_ascii_case(&name);
            let (mine, theirs, opponent) = if white {
                (&r.white_rating, &r.black_rating, &r.black)
            } else {
                (&r.black_rating, &r.white_rating, &r.white)
            };
            let outcome = match (r.result.as_deref(), white) {
                (Some("1-0"), true) | (Some("0-1"), false) => '+',
                (Some("1-0"), false) | (Some("0-1"), true) => '-',
                _ => '=',
            };
            s.push_str(&format!(
                "{:2}: {outcome} {:>4} {} {:>4} {:<13.13} [ {}{}{:3}{:4}] --- {:>3} {}\n",
                i,
                mine,
                if white { 'W' } else { 'B' },
                theirs,
                opponent,
                // The type letter, read from the stored start (Shredder
                // castling says Atomic960).
                Variant::of_start_fen(r.start_fen.as_deref().unwrap_or("")).type_letter(),
                if r.rated { 'r' } else { 'u' },
                r.minutes,
                r.inc,
                r.end_code.as_deref().unwrap_or(""),
                ctime(r.ended_at.unwrap_or(r.started_at)),
            ));
        }
        s
    });
}
