//! `handles [prefix]` (registered names) and `hrank [name | m-n]` (the
//! Atomic ranking of people, without computer accounts).

use super::Ctx;
use crate::msg;
use crate::store::directory;
use crate::store::ratings::Ranked;

/// How many names `handles` lists, and how they are laid out.
const HANDLES: u32 = 100;
const COLUMNS: usize = 4;
const COLUMN_WIDTH: usize = 19;

/// Players shown on each side of the one `hrank` asks about.
const AROUND: usize = 5;
/// The longest range `hrank m-n` shows.
const RANGE: usize = 50;

/// `handles [prefix]`
pub fn handles(ctx: &mut Ctx<'_>, args: &str) {
    let prefix = args.split_whitespace().next().unwrap_or("").to_string();
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let p = prefix.clone();
        let (names, more) = match store
            .call(move |db| directory::handles(db, &p, HANDLES))
            .await
        {
            Ok(Ok(found)) => found,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        if names.is_empty() {
            return voice.line(&msg!("handles-none", prefix = &prefix));
        }
        let mut out = voice.line(&msg!("handles-header", prefix = &prefix, n = names.len()));
        for row in names.chunks(COLUMNS) {
            let cells: Vec<String> = row.iter().map(|n| format!("{n:<COLUMN_WIDTH$}")).collect();
            out.push_str(&voice.line(&msg!("raw", text = cells.concat().trim_end())));
        }
        if more {
            out.push_str(&voice.line(&msg!("handles-more", n = HANDLES)));
        }
        out
    });
}

/// What `hrank` was asked: a player, or a range of places.
enum Ask {
    Name(String),
    Range(usize, usize),
}

/// `hrank [name | m-n]`
pub fn hrank(ctx: &mut Ctx<'_>, args: &str) {
    let ask = match args.split_whitespace().next() {
        None => Ask::Name(ctx.session.name.clone()),
        Some(w) => match w.split_once('-') {
            Some((m, n)) => match (m.parse::<usize>(), n.parse::<usize>()) {
                (Ok(m), Ok(n)) if m >= 1 && n >= m => Ask::Range(m, n.min(m + RANGE - 1)),
                _ => return ctx.usage("hrank [player | m-n]"),
            },
            None => Ask::Name(ctx.spelled(w)),
        },
    };
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let list = match store.call(directory::human_ranking).await {
            Ok(Ok(list)) => list,
            _ => return voice.line(&msg!("database-unavailable")),
        };
        let (from, to, header) = match &ask {
            Ask::Range(m, n) => (
                m - 1,
                (*n).min(list.len()),
                msg!("hrank-range", m = *m, n = *n),
            ),
            Ask::Name(name) => match list.iter().position(|r| r.name.eq_ignore_ascii_case(name)) {
                Some(i) => (
                    i.saturating_sub(AROUND),
                    (i + AROUND + 1).min(list.len()),
                    msg!(
                        "hrank-of",
                        name = &list[i].name,
                        rank = i + 1,
                        total = list.len()
                    ),
                ),
                None => return voice.line(&msg!("hrank-unranked", name = name)),
            },
        };
        let mut out = voice.line(&header);
        if from >= to {
            return out + &voice.line(&msg!("hrank-empty", total = list.len()));
        }
        for (i, r) in list.iter().enumerate().take(to).skip(from) {
            out.push_str(&voice.line(&msg!("raw", text = row(i + 1, r))));
        }
        out
    });
}

fn row(rank: usize, r: &Ranked) -> String {
    format!("{rank:4}. {:4} {}", r.rating, r.name)
}
