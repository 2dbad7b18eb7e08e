//! `GET /api/tourneys` and `GET /api/tourneys/{id}`: events of the built-in
//! director with their players, standings and pairings.
//!
//! The standings come both as rows and as the very text of `tourney
//! standings ID`, so a page can show either and both always agree.

use std::time::Duration;

use axum::Json;
use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use serde_json::{Value, json};
use tokio::time::Instant;

use super::{ApiError, ApiResult, number, segment};
use crate::chess::Variant;
use crate::store::tourneys as db;
use crate::tourney::{Color, Format, Points, Tournament, arena, standings};
use crate::web::router::State;
use crate::world::tourneys::Event;

/// An event's facts, copied out of the world (or read from the store).
struct Copied {
    id: u32,
    name: String,
    kind: String,
    minutes: u32,
    inc: u32,
    rated: bool,
    /// Atomic or Atomic960: its games' variant, and the rating line it reads.
    variant: Variant,
    status: &'static str,
    director: String,
    t: Tournament,
}

impl Copied {
    fn of(e: &Event) -> Copied {
        Copied {
            id: e.id,
            name: e.name.clone(),
            kind: e.kind_text(),
            minutes: e.minutes,
            inc: e.inc,
            rated: e.rated,
            variant: e.variant,
            status: e.status.word(),
            director: e.created_by.clone(),
            t: e.t.clone(),
        }
    }

    fn summary(&self) -> Value {
        let format = match self.t.format() {
            Format::Swiss { .. } => "swiss",
            Format::RoundRobin { .. } => "round robin",
            Format::Knockout { .. } => "knockout",
            Format::Arena => "arena",
        };
        json!({
            "id": self.id,
            "name": self.name,
            "format": format,
            "kind": self.kind,
            "time_control": { "minutes": self.minutes, "increment": self.inc },
            "rated": self.rated,
            "variant": self.variant.word(),
            "status": self.status,
            "director": self.director,
            "players": self.t.players().len(),
            "round": self.t.current_round(),
        })
    }
}

fn name(t: &Tournament, p: crate::tourney::PlayerId) -> String {
    t.player(p)
        .map_or_else(|| format!("#{p}"), |p| p.name.clone())
}

/// Standings as rows: rank, name, rating, points, and the format's
/// tie-breaks.
fn standing_rows(t: &Tournament) -> Vec<Value> {
    let rating = |p| t.player(p).map_or(0, |p| p.rating);
    match t.format() {
        Format::Swiss { .. } | Format::RoundRobin { .. } => standings::standings(t)
            .iter()
            .map(|s| {
                json!({
                    "rank": s.rank,
                    "name": name(t, s.player),
                    "rating": rating(s.player),
                    "points": s.points.to_string(),
                    "buchholz": s.buchholz.to_string(),
                    "sonneborn_berger": standings::quarters(s.sonneborn_berger),
                })
            })
            .collect(),
        Format::Arena => arena::ranking(t)
            .iter()
            .enumerate()
            .map(|(i, s)| {
                json!({
                    "rank": i + 1,
                    "name": name(t, s.player),
                    "rating": rating(s.player),
                    "points": s.points.to_string(),
                    "performance": s.performance,
                    "on_fire": s.on_fire,
                })
            })
            .collect(),
        Format::Knockout { .. } => t
            .players()
            .iter()
            .map(|p| {
                let points: u32 = t
                    .games()
                    .iter()
                    .filter_map(|g| {
                        let side = if g.white == p.id {
                            Color::White
                        } else if g.black == p.id {
                            Color::Black
                        } else {
                            return None;
                        };
                        g.result.map(|r| r.points(side).0)
                    })
                    .sum();
                json!({
                    "name": p.name,
                    "rating": p.rating,
                    "points": Points(points).to_string(),
                    "out": p.withdrawn.is_some(),
                })
            })
            .collect(),
    }
}

fn detail(c: &Copied) -> Value {
    let t = &c.t;
    let mut v = c.summary();
    v["entrants"] = t
        .players()
        .iter()
        .map(|p| json!({ "name": p.name, "rating": p.rating, "withdrawn": p.withdrawn.is_some() }))
        .collect();
    v["standings"] = standing_rows(t).into();
    v["standings_text"] = standings::standings_table(t).into();
    v["byes"] = t
        .byes()
        .iter()
        .map(|b| {
            let kind = match b.kind {
                crate::tourney::ByeKind::Full => "full",
                crate::tourney::ByeKind::Half => "half",
                crate::tourney::ByeKind::Zero => "zero",
            };
            json!({ "round": b.round, "name": name(t, b.player), "kind": kind })
        })
        .collect();
    v["pairings"] = t
        .games()
        .iter()
        .map(|g| {
            json!({
                "round": g.round,
                "white": name(t, g.white),
                "black": name(t, g.black),
                "result": g.result.map(|r| r.as_str()),
                "plies": g.plies,
            })
        })
        .collect();
    v
}

/// `GET /api/tourneys`: the events of this run and those still going, and
/// whether any registered user may create one (else directors and admins).
pub async fn list(axum::extract::State(state): State) -> ApiResult {
    let (events, anyone_creates) = {
        let world = state.shared.world();
        let events: Vec<Copied> = world.tourneys.events.values().map(Copied::of).collect();
        (events, world.tourneys.settings.anyone_creates)
    };
    let events: Vec<Value> = events.iter().map(Copied::summary).collect();
    Ok(Json(
        json!({ "tourneys": events, "anyone_creates": anyone_creates }),
    ))
}

/// Each standing's rating now (`rating_now`) in the event's `variant`,
/// beside the one it entered with: after a rated event's games the
/// players' ratings have moved.
async fn ratings_now(state: &crate::web::router::WebState, variant: Variant, v: &mut Value) {
    let names: Vec<String> = v["standings"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(|r| r["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let found = state
        .shared
        .store
        .call(move |db| {
            names
                .into_iter()
                .map(|n| {
                    let now = crate::store::accounts::find(db, &n)
                        .ok()
                        .flatten()
                        .and_then(|a| crate::store::ratings::load_in(db, a.id, variant).ok())
                        .filter(|r| r.total() > 0)
                        .map(|r| r.whole());
                    (n, now)
                })
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default();
    if let Some(rows) = v["standings"].as_array_mut() {
        for (row, (_, now)) in rows.iter_mut().zip(found) {
            row["rating_now"] = json!(now);
        }
    }
}

/// `GET /api/tourneys/{id}`: from the live director, or from the database
/// for an event of an earlier run.
pub async fn one(
    axum::extract::State(state): State,
    path: Result<Path<String>, PathRejection>,
) -> ApiResult {
    let text = segment(path)?;
    let id: u32 = number(text.trim_start_matches('#'), "tourney number")?;
    let live = state.shared.world().tourney(id).ok().map(Copied::of);
    let copied = match live {
        Some(c) => c,
        None => {
            let row = state
                .shared
                .store
                .call(move |c| db::load(c, i64::from(id)))
                .await;
            let row = match row {
                Ok(Ok(Some(row))) => row,
                Ok(Ok(None)) => {
                    return Err(ApiError::not_found(format!("There is no tourney #{id}.")));
                }
                _ => return Err(ApiError::unavailable()),
            };
            let event = Event::from_row(row, Instant::now(), Duration::ZERO, |_| false)
                .map_err(|_| ApiError::unavailable())?;
            Copied::of(&event)
        }
    };
    let mut v = detail(&copied);
    ratings_now(&state, copied.variant, &mut v).await;
    Ok(Json(v))
}
