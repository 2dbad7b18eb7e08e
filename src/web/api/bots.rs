//! `GET /api/bots`: the computer opponents for the lobby's "Play with the
//! computer": whether computer play is available (and why not), and each
//! bot's level, rating and whether it is free.

use axum::Json;
use serde_json::{Value, json};

use crate::house::Availability;
use crate::web::router::State;

/// `GET /api/bots`
pub async fn list(axum::extract::State(state): State) -> Json<Value> {
    let house = &state.shared.house;
    let (available, why, engine) = match house.availability() {
        Availability::Ready(name) => (true, None, Some(name)),
        Availability::Starting => (false, Some("the engine is being started".to_string()), None),
        Availability::Unavailable(why) => (false, Some(why), None),
    };
    let (available, why) = if house.bots().is_empty() && why.is_none() {
        (
            false,
            Some("the server has no computer opponents (config.toml has no [[house_bots]])".into()),
        )
    } else {
        (available, why)
    };
    let bots: Vec<Value> = {
        let world = state.shared.world();
        house
            .bots()
            .iter()
            .map(|b| {
                // Only the house's own bot (a person's account of that
                // name, never taken over, is not it).
                let problem = house.problem(&b.name);
                let online = world
                    .by_name(&b.name)
                    .filter(|p| p.titles.computer && problem.is_none());
                json!({
                    "name": b.name,
                    "level": b.level,
                    "rating": online.map(|p| p.rating_text()),
                    "status": match online {
                        Some(p) if p.game.is_some() => "playing",
                        Some(_) => "free",
                        None => "offline",
                    },
                    "game": online.and_then(|p| p.game),
                    "problem": problem,
                })
            })
            .collect()
    };
    Json(json!({
        "available": available,
        "why": why,
        "engine": engine,
        "max_games": house.rules.max_games,
        "bots": bots,
    }))
}
