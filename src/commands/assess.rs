//! `assess [name1 [name2]] [atomic960]`: what a rated game would do to
//! two players' ratings, for a win, a draw and a loss of each.
//!
//! With no name it assesses the user's game in progress (in its variant);
//! with one, a game between the user and that player; with two, a game
//! between them. `atomic960` (or `a960`) assesses an Atomic960 game, on
//! that variant's own rating. A player may be offline: a registered one's
//! rating is read from the store.

use super::Ctx;
use crate::chess::Variant;
use crate::event::Msg;
use crate::msg;
use crate::rating::{self, Rating};
use crate::store::{accounts, ratings};
use crate::timefmt::unix_now;

/// A player as `assess` knows them: the name as spelled, and the rating
/// (`None` for a guest or an unregistered name).
type Side = (String, Option<Rating>);

/// Who is meant: an online player (by a unique beginning of the name), or
/// an offline account to read from the store.
enum Who {
    Known(Side),
    Offline(String),
}

/// `assess [name1 [name2]] [atomic960]`
pub fn assess(ctx: &mut Ctx<'_>, args: &str) {
    let all: Vec<&str> = args.split_whitespace().collect();
    let words: Vec<&str> = all
        .iter()
        .copied()
        .filter(|w| !super::terms::names_atomic960(w))
        .collect();
    let mut variant = if words.len() < all.len() {
        Variant::Atomic960
    } else {
        Variant::Atomic
    };
    let me = ctx.session.name.clone();
    let pair: (Who, Who) = {
        let world = ctx.world();
        if words.is_empty()
            && let Some(g) = world.game_of(ctx.session.id)
        {
            variant = g.chess.variant();
        }
        let online = |name: &str| match world.find(name) {
            Ok(p) => Who::Known((p.name.clone(), p.rating_in(variant).cloned())),
            Err(_) => Who::Offline(name.to_string()),
        };
        match words[..] {
            [] => match world.game_of(ctx.session.id) {
                Some(g) => {
                    let opponent = if g.white.name == me {
                        &g.black.name
                    } else {
                        &g.white.name
                    };
                    (online(&me), online(opponent))
                }
                None => {
                    drop(world);
                    return ctx.say(&msg!("assess-not-playing"));
                }
            },
            [a] => (online(&me), online(a)),
            [a, b] => (online(a), online(b)),
            _ => {
                drop(world);
                return ctx.usage("assess [player1 [player2]] [atomic960]");
            }
        }
    };
    let store = ctx.shared().store.clone();
    let voice = ctx.voice();
    ctx.reply_later(async move {
        let mut sides = Vec::new();
        for who in [pair.0, pair.1] {
            let side = match who {
                Who::Known(side) => side,
                Who::Offline(name) => {
                    let lookup = name.clone();
                    let found = store
                        .call(move |db| -> rusqlite::Result<Option<Side>> {
                            match accounts::find(db, &lookup)? {
                                Some(a) => {
                                    let r = ratings::load_in(db, a.id, variant)?;
                                    Ok(Some((a.name.clone(), Some(r))))
                                }
                                None => Ok(None),
                            }
                        })
                        .await;
                    match found {
                        Ok(Ok(Some(side))) => side,
                        Ok(Ok(None)) => {
                            return voice.line(&msg!("assess-no-such-player", name = &name));
                        }
                        _ => return voice.line(&msg!("database-unavailable")),
                    }
                }
            };
            sides.push(side);
        }
        let mut out = String::new();
        for m in lines(&sides[0], &sides[1], variant) {
            out.push_str(&voice.line(&m));
        }
        out
    });
}

/// The reply: a heading, then a line for each player.
fn lines(a: &Side, b: &Side, variant: Variant) -> Vec<Msg> {
    if a.0.eq_ignore_ascii_case(&b.0) {
        return vec![msg!("assess-same-player")];
    }
    let (Some(ra), Some(rb)) = (&a.1, &b.1) else {
        let guest = if a.1.is_none() { &a.0 } else { &b.0 };
        return vec![msg!("assess-unrated-player", name = guest)];
    };
    let now = unix_now();
    let (a_rating, b_rating) = (ra.whole(), rb.whole());
    let heading = match variant {
        Variant::Atomic => msg!(
            "assess-heading",
            a = &a.0,
            a_rating = a_rating,
            b = &b.0,
            b_rating = b_rating
        ),
        Variant::Atomic960 => msg!(
            "assess-heading-atomic960",
            a = &a.0,
            a_rating = a_rating,
            b = &b.0,
            b_rating = b_rating
        ),
    };
    let mut out = vec![heading];
    for (name, mine, theirs) in [(&a.0, ra, rb), (&b.0, rb, ra)] {
        let p = rating::preview(mine, theirs, now);
        out.push(msg!(
            "assess-line",
            name = name,
            win = format!("{:+}", p.win),
            draw = format!("{:+}", p.draw),
            loss = format!("{:+}", p.loss),
            rd = format!("{:.1}", p.new_rd)
        ));
    }
    out
}
