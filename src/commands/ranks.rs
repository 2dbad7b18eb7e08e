//! Lists of the best: `best`, `hbest`, `rank`, and a player's `stats`.

use super::{Ctx, Said};
use crate::chess::Variant;
use crate::event::Msg;
use crate::msg;
use crate::rating;
use crate::store::ratings::{self, Ranked};
use crate::timefmt::{short_date, unix_now};

/// How many players `best` and `hbest` list.
const TOP: usize = 10;

/// The variant a ranking list is asked for: Atomic960 when a word names it
/// (`atomic960`, `a960`), atomic otherwise; and the other words.
fn variant_of(args: &str) -> (Variant, Vec<&str>) {
    let all: Vec<&str> = args.split_whitespace().collect();
    let rest: Vec<&str> = all
        .iter()
        .copied()
        .filter(|w| !super::terms::names_atomic960(w))
        .collect();
    let variant = if rest.len() < all.len() {
        Variant::Atomic960
    } else {
        Variant::Atomic
    };
    (variant, rest)
}

fn load(
    ctx: &mut Ctx<'_>,
    by_best: bool,
    variant: Variant,
    render: impl FnOnce(Vec<Ranked>) -> Vec<Msg> + Send + 'static,
) {
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let ranked = store.call(move |db| ratings::ranking_in(db, by_best, variant));
        let lines = match ranked.await {
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

/// `best [atomic960]`: the highest Atomic (or Atomic960) ratings now.
pub fn best(ctx: &mut Ctx<'_>, args: &str) {
    let (variant, _) = variant_of(args);
    load(ctx, false, variant, move |list| {
        let mut s = vec![match variant {
            Variant::Atomic => msg!("best-header"),
            Variant::Atomic960 => msg!("best-header-atomic960"),
        }];
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

/// `hbest [atomic960]`: the highest Atomic (or Atomic960) ratings ever
/// reached.
pub fn hbest(ctx: &mut Ctx<'_>, args: &str) {
    let (variant, _) = variant_of(args);
    load(ctx, true, variant, move |list| {
        let mut s = vec![match variant {
            Variant::Atomic => msg!("hbest-header"),
            Variant::Atomic960 => msg!("hbest-header-atomic960"),
        }];
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

/// `rank [name] [atomic960]`: a player's place among everyone rated (in
/// Atomic960 with the word).
pub fn rank(ctx: &mut Ctx<'_>, args: &str) {
    let (variant, rest) = variant_of(args);
    let name = rest
        .first()
        .copied()
        .unwrap_or(&ctx.session.name)
        .to_string();
    load(ctx, false, variant, move |list| {
        let at = list.iter().position(|r| r.name.eq_ignore_ascii_case(&name));
        vec![match (at, variant) {
            (Some(i), Variant::Atomic) => msg!(
                "rank-of",
                name = &list[i].name,
                place = i + 1,
                total = list.len(),
                rating = list[i].rating
            ),
            (Some(i), Variant::Atomic960) => msg!(
                "rank-of-atomic960",
                name = &list[i].name,
                place = i + 1,
                total = list.len(),
                rating = list[i].rating
            ),
            (None, Variant::Atomic) => msg!("rank-none", name = name),
            (None, Variant::Atomic960) => msg!("rank-none-atomic960", name = name),
        }]
    });
}

/// `stats [name]` (also `statistics`): a player's Atomic record, and the
/// Atomic960 one once there is a rated Atomic960 game.
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
        .map(|p| (p.name.clone(), p.rating.clone(), p.rating960.clone()));
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let (shown, rating, rating960) = match online {
            Some(x) => x,
            None => {
                let lookup = name.clone();
                let found = store
                    .call(move |db| {
                        let account = crate::store::accounts::find(db, &lookup)?;
                        Ok::<_, rusqlite::Error>(match account {
                            Some(a) => Some((
                                a.name.clone(),
                                Some(ratings::load(db, a.id)?),
                                Some(ratings::load_in(db, a.id, Variant::Atomic960)?),
                            )),
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
        let Some(r) = rating else {
            return voice.line(&msg!("stats-guest", name = shown));
        };
        // A row per variant played rated, as finger lists them.
        let rows = played_rows(&r, rating960.as_ref());
        if rows.is_empty() {
            voice.line(&msg!("stats-no-games", name = shown))
        } else {
            let mut s = voice.line(&msg!("stats-header", name = shown));
            s.push_str(&voice.line(&msg!("blank")));
            for m in rating_rows(&rows) {
                s.push_str(&voice.line(&m));
            }
            s
        }
    });
}

/// The variants a player has played rated, with their ratings, in the
/// order of the table: atomic's, then Atomic960's (`finger`, `stats`).
pub fn played_rows<'a>(
    atomic: &'a rating::Rating,
    a960: Option<&'a rating::Rating>,
) -> Vec<(&'static str, &'a rating::Rating)> {
    [("Atomic", Some(atomic)), ("Atomic960", a960)]
        .into_iter()
        .filter_map(|(label, r)| r.filter(|r| r.total() > 0).map(|r| (label, r)))
        .collect()
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
