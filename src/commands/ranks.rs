//! Lists of the best: `best`, `hbest`, `rank`, and a player's `stats`.

use super::Ctx;
use crate::rating;
use crate::store::ratings::{self, Ranked};
use crate::timefmt::{short_date, unix_now};

/// How many players `best` and `hbest` list.
const TOP: usize = 10;

fn load(
    ctx: &mut Ctx<'_>,
    by_best: bool,
    render: impl FnOnce(Vec<Ranked>) -> String + Send + 'static,
) {
    let store = ctx.shared().store.clone();
    ctx.reply_later(async move {
        match store.call(move |db| ratings::ranking(db, by_best)).await {
            Ok(Ok(list)) => render(list),
            _ => "The database is not available; try again later.\n".to_string(),
        }
    });
}

/// `best`: the highest Atomic ratings now.
pub fn best(ctx: &mut Ctx<'_>, _args: &str) {
    load(ctx, false, |list| {
        let mut s = String::from("Atomic\n");
        if list.is_empty() {
            s.push_str("  Nobody has played a rated game yet.\n");
        }
        for (i, r) in list.iter().take(TOP).enumerate() {
            s.push_str(&format!("{:3}. {:4} {}\n", i + 1, r.rating, r.name));
        }
        s
    });
}

/// `hbest`: the highest Atomic ratings ever reached.
pub fn hbest(ctx: &mut Ctx<'_>, _args: &str) {
    load(ctx, true, |list| {
        let mut s = String::from("Atomic (best ever)\n");
        if list.is_empty() {
            s.push_str("  Nobody has an established rating yet.\n");
        }
        for (i, r) in list.iter().take(TOP).enumerate() {
            let (best, at) = r.best.unwrap_or_default();
            s.push_str(&format!(
                "{:3}. {:4} {:<17} ({})\n",
                i + 1,
                best,
                r.name,
                short_date(at)
            ));
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
        match list.iter().position(|r| r.name.eq_ignore_ascii_case(&name)) {
            Some(i) => format!(
                "Atomic rank of {}: {} of {} (rating {}).\n",
                list[i].name,
                i + 1,
                list.len(),
                list[i].rating
            ),
            None => format!("{name} has no Atomic rank (no rated games).\n"),
        }
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
                    Ok(Ok(None)) => {
                        return format!("There is no player matching the name {name}.\n");
                    }
                    _ => return "The database is not available; try again later.\n".to_string(),
                }
            }
        };
        match rating {
            None => format!("{shown} is a guest and has no rating.\n"),
            Some(r) if r.total() == 0 => format!("{shown} has not played any rated games.\n"),
            Some(r) => format!("Statistics for {shown}:\n\n{}", rating_table(&r)),
        }
    });
}

/// The rating table of `finger` and `stats`: a header and the Atomic row.
pub fn rating_table(r: &rating::Rating) -> String {
    let rd = rating::rd_now(r, unix_now());
    let mut row = format!(
        "{:<11}{:>4}    {:>5.1}{:>8}{:>8}{:>8}{:>8}",
        "Atomic",
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
    format!("          rating     RD      win    loss    draw   total   best\n{row}\n")
}
