//! `GET /api/players/{name}` (the public part of `finger`: titles, the
//! Atomic rating, the last games) and `GET /api/who` (everyone online).

use axum::Json;
use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use serde_json::{Value, json};

use super::{ApiError, ApiResult, segment};
use crate::account::{Titles, check_handle};
use crate::rating::Rating;
use crate::store::games::{self, GameRow};
use crate::store::{accounts, ratings};
use crate::web::router::State;
use crate::world::Player;

/// Games listed with a player, as `history` shows them.
const LAST_GAMES: u32 = 10;

/// Titles as words: `admin`, `td`, `computer`, `unregistered`.
pub fn titles(t: Titles) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (has, name) in [
        (t.admin, "admin"),
        (t.td, "td"),
        (t.computer, "computer"),
        (t.unregistered, "unregistered"),
    ] {
        if has {
            v.push(name);
        }
    }
    v
}

/// `who`'s status character as a word.
fn status_word(c: char) -> &'static str {
    match c {
        '^' => "playing",
        '#' => "examining",
        ':' => "closed",
        '&' => "tourney",
        '.' => "idle",
        _ => "available",
    }
}

fn rating_json(r: &Rating) -> Value {
    json!({
        "rating": (r.total() > 0).then(|| r.whole()),
        "rd": (r.rd * 10.0).round() / 10.0,
        "provisional": r.is_provisional(),
        "wins": r.wins,
        "losses": r.losses,
        "draws": r.draws,
        "games": r.total(),
        "best": r.best.map(|(rating, at)| json!({ "rating": rating, "at": at })),
    })
}

fn game_json(g: &GameRow) -> Value {
    json!({
        "id": g.id,
        "white": g.white,
        "black": g.black,
        "white_rating": g.white_rating,
        "black_rating": g.black_rating,
        "rated": g.rated,
        "time_control": { "minutes": g.minutes, "increment": g.inc },
        "result": g.result,
        "end_code": g.end_code,
        "reason": g.reason,
        "started_at": g.started_at,
        "ended_at": g.ended_at,
    })
}

/// A rating as a game row stores it (`1662`, `1500P`), as a number; `----`
/// (no rated game yet) is the rating everyone starts from.
fn stored_rating(text: &str) -> Option<i64> {
    let text = text.trim();
    if text == "----" {
        return Some(i64::from(Rating::new().whole()));
    }
    text.trim_end_matches(['P', 'E']).parse().ok()
}

/// The rating graph's points: the player's rating when each rated game
/// began (the rating after the game before it), then the rating now, each
/// with its time (Unix seconds), oldest first.
fn rating_history(name: &str, games: &[GameRow], now: Option<(i64, i64)>) -> Vec<Value> {
    let mut points: Vec<Value> = games
        .iter()
        .filter(|g| g.rated)
        // Atomic's line only: an Atomic960 game moved the other one.
        .filter(|g| {
            crate::chess::Variant::of_start_fen(g.start_fen.as_deref().unwrap_or(""))
                == crate::chess::Variant::Atomic
        })
        .filter_map(|g| {
            let mine = if g.white.eq_ignore_ascii_case(name) {
                &g.white_rating
            } else {
                &g.black_rating
            };
            stored_rating(mine).map(|r| json!({ "at": g.started_at, "rating": r, "game": g.id }))
        })
        .collect();
    if let Some((at, rating)) = now {
        points.push(json!({ "at": at, "rating": rating, "game": null }));
    }
    points
}

/// What `who` knows of an online user, copied out of the world.
struct Online {
    name: String,
    titles: Titles,
    rating: String,
    rating_number: i32,
    status: char,
    game: Option<u32>,
}

impl Online {
    fn of(p: &Player) -> Online {
        Online {
            name: p.name.clone(),
            titles: p.titles,
            rating: p.rating_text(),
            rating_number: p.rating_number(),
            status: p.status_char(),
            game: p.game,
        }
    }

    fn json(&self) -> Value {
        json!({
            "name": self.name,
            "titles": titles(self.titles),
            "rating": self.rating,
            "status": status_word(self.status),
            "game": self.game,
        })
    }
}

/// `GET /api/players/{name}`
pub async fn one(
    axum::extract::State(state): State,
    path: Result<Path<String>, PathRejection>,
) -> ApiResult {
    let name = segment(path)?;
    check_handle(&name)
        .map_err(|_| ApiError::bad_request(format!("\"{name}\" is not a handle.")))?;
    let online = state.shared.world().by_name(&name).map(Online::of);
    let lookup = name.clone();
    let guest_online = online.is_some();
    let stored = state
        .shared
        .store
        .call(move |db| {
            let Some(account) = accounts::find(db, &lookup)? else {
                // An unregistered user's games are theirs while they are online
                // (the name goes to someone else later).
                let last = if guest_online {
                    games::history(db, &lookup, LAST_GAMES)?
                } else {
                    Vec::new()
                };
                return Ok::<_, rusqlite::Error>(Err(last));
            };
            let rating = ratings::load(db, account.id)?;
            let a960 = ratings::load_in(db, account.id, crate::chess::Variant::Atomic960)?;
            let last = games::history(db, &account.name, LAST_GAMES)?;
            let all = games::finished(db, Some(&account.name))?;
            Ok(Ok((account, (rating, a960), last, all)))
        })
        .await;
    let stored = match stored {
        Ok(Ok(stored)) => stored,
        _ => return Err(ApiError::unavailable()),
    };
    let mut v = match (&stored, &online) {
        (Ok((account, (rating, a960), last, all)), _) => {
            // Atomic960's line is listed once it has a rated game.
            let mut lines = json!({ "atomic": rating_json(rating) });
            if a960.total() > 0 {
                lines["atomic960"] = rating_json(a960);
            }
            let now = (rating.total() > 0).then(|| {
                let at = all.last().and_then(|g| g.ended_at).unwrap_or_default();
                (at, i64::from(rating.whole()))
            });
            json!({
                "name": account.name,
                "titles": titles(account.titles),
                "registered": true,
                "ratings": lines,
                "rating_history": rating_history(&account.name, all, now),
                "last_login": account.last_login,
                "last_logout": account.last_logout,
                "last_games": last.iter().map(game_json).collect::<Vec<_>>(),
            })
        }
        (Err(last), Some(p)) => json!({
            "name": p.name,
            "titles": titles(p.titles),
            "registered": false,
            "ratings": {},
            "last_games": last.iter().map(game_json).collect::<Vec<_>>(),
        }),
        (Err(_), None) => {
            return Err(ApiError::not_found(format!(
                "There is no player named {name}."
            )));
        }
    };
    v["online"] = json!(online.is_some());
    if let Some(p) = &online {
        v["status"] = json!(status_word(p.status));
        v["game"] = json!(p.game);
    }
    Ok(Json(v))
}

/// `GET /api/who`: highest rated first, as `who` lists them.
pub async fn who(axum::extract::State(state): State) -> ApiResult {
    let mut online: Vec<Online> = state.shared.world().players().map(Online::of).collect();
    online.sort_by(|a, b| {
        b.rating_number.cmp(&a.rating_number).then_with(|| {
            a.name
                .to_ascii_lowercase()
                .cmp(&b.name.to_ascii_lowercase())
        })
    });
    let players: Vec<Value> = online.iter().map(Online::json).collect();
    Ok(Json(json!({ "count": players.len(), "players": players })))
}
