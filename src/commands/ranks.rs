//! Lists of the best: `best`, `hbest`, `rank`, and a player's `stats`.

use super::{Ctx, Said};
use crate::event::Msg;
use crate::msg;
use crate::rating;
use crate::store::ratings::{self, Ranked};
use crate::timefmt::{short_date, unix_now};

/// How many players `best` and `hbest` list.
const TOP: usize = 10;

fn load(
    ctx: &mut Ctx<'_>,
    by_best: bool,
    render: impl FnOnce(Vec<Ranked>) -> Vec<Msg> + Send + 'static,
) {
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let lines = match store.call(move |db| ratings::ranking(db, by_best)).await {
            Ok(Ok(list)) => render(list),
            _ => vec![msg!("database-unavailable")],
        };
        let mut said = Said::default();
        for m in &lines {
            voice.add(&mut said, m);
        }
        said
    });
}

/// `best`: the highest Atomic ratings now.
pub fn best(ctx: &mut Ctx<'_>, _args: &str) {
    load(ctx, false, |list| {
        let mut s = vec![msg!("best-header")];
        if list.is_empty() {
            s.push(msg!("best-none"));
        }
        for (i, r) in list.iter().take(TOP).enumerate() {
            // The rows are data: place, rating, name.
            let row = format!("{:3}. {:4} {}", i + 1, r.rating, r.name);
            s.push(msg!("raw", text = row));
        }
        s
    });
}

/// `hbest`: the highest Atomic ratings ever reached.
pub fn hbest(ctx: &mut Ctx<'_>, _args: &str) {
    load(ctx, true, |list| {
        let mut s = vec![msg!("hbest-header")];
        if list.is_empty() {
            s.push(msg!("hbest-none"));
        }
        for (i, r) in list.iter().take(TOP).enumerate() {
            let (best, at) = r.best.unwrap_or_default();
            let row = format!(
                "{:3}. {:4} {:<17} ({})",
                i + 1,
                best,
                r.name,
                short_date(at)
            );
            s.push(msg!("raw", text = row));
        }
        s
    });
}

/// `rank [name]`: a player's place among everyone rated.
pub fn rank(ctx: &mut Ctx<'_>, args: &str) {
    let name = args
        .split_whitespace()
        .next()
        .unwrap_or(&ctx.session.name)
        .to_string();
    load(ctx, false, move |list| {
        vec![
            match list.iter().position(|r| r.name.eq_ignore_ascii_case(&name)) {
                Some(i) => msg!(
                    "rank-of",
                    name = &list[i].name,
                    place = i + 1,
                    total = list.len(),
                    rating = list[i].rating
                ),
                None => msg!("rank-none", name = name),
            },
        ]
    });
}

/// `stats [name]` (also `statistics`): a player's Atomic record.
pub fn stats(ctx: &mut Ctx<'_>, args: &str) {
    let name = args
        .split_whitespace()
        .next()
        .unwrap_or(&ctx.session.name)
        .to_string();
    let online = ctx
        .world()
        .find(&name)
        .ok()
        .map(|p| (p.name.clone(), p.rating.clone()));
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let (shown, rating) = match online {
            Some((n, r)) => (n, r),
            None => {
                let lookup = name.clone();
                let found = store
                    .call(move |db| {
                        let account = crate::store::accounts::find(db, &lookup)?;
                        Ok::<_, rusqlite::Error>(match account {
                            Some(a) => Some((a.name.clone(), Some(ratings::load(db, a.id)?))),
                            None => None,
                        })
                    })
                    .await;
                match found {
                    Ok(Ok(Some(x))) => x,
                    Ok(Ok(None)) => return voice.line(&msg!("stats-no-player", name = name)),
                    _ => return voice.line(&msg!("database-unavailable")),
                }
            }
        };
        match rating {
            None => voice.line(&msg!("stats-guest", name = shown)),
            Some(r) if r.total() == 0 => voice.line(&msg!("stats-no-games", name = shown)),
            Some(r) => {
                let mut s = voice.line(&msg!("stats-header", name = shown));
                s.push_str(&voice.line(&msg!("blank")));
                for m in rating_table(&r) {
                    s.push_str(&voice.line(&m));
                }
                s
            }
        }
    });
}

/// The rating table of `finger` and `stats`: the column headings (a
/// catalogue line) and the Atomic row (data).
pub fn rating_table(r: &rating::Rating) -> Vec<Msg> {
    rating_rows(&[("Atomic", r)])
}

/// The headings and one row per variant given (`Atomic`, `Atomic960`),
/// as FICS lists only the categories a player has played.
pub fn rating_rows(rows: &[(&str, &rating::Rating)]) -> Vec<Msg> {
    let mut out = vec![msg!("rating-table-columns")];
    out.extend(
        rows.iter()
            .map(|(label, r)| msg!("raw", text = rating_row(label, r))),
    );
    out
}

/// One row of the rating table: the variant's label, then the figures.
fn rating_row(label: &str, r: &rating::Rating) -> String {
    let rd = rating::rd_now(r, unix_now());
    let mut row = format!(
        "{:<11}{:>4}    {:>5.1}{:>8}{:>8}{:>8}{:>8}",
        label,
        r.whole(),
        rd,
        r.wins,
        r.losses,
        r.draws,
        r.total()
    );
    if let Some((best, at)) = r.best {
        row.push_str(&format!("{best:>7} ({})", short_date(at)));
    }
    row
}
