//! `GET /api/games` and `GET /api/games/{n}`: the games in progress.

use std::sync::Arc;

use axum::Json;
use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use serde_json::{Value, json};
use shakmaty::Color;
use shakmaty::fen::Fen;
use tokio::time::Instant;

use super::{ApiError, ApiResult, number, segment};
use crate::chess::BoardSnapshot;
use crate::web::router::State;
use crate::world::World;
use crate::world::game::{Game, Seat};

/// One side, as copied out of the world.
struct Side {
    name: String,
    titles: crate::account::Titles,
    rating: String,
}

/// A live game, as copied out of the world under its lock.
struct Live {
    no: u32,
    /// The game's row in the database: its `/api/history/{id}` once it ends.
    db_id: i64,
    white: Side,
    black: Side,
    minutes: u32,
    inc: u32,
    rated: bool,
    plies: usize,
    board: Arc<BoardSnapshot>,
    white_ms: i64,
    black_ms: i64,
    observers: usize,
    tourney: Option<(u32, String, u32)>,
    /// (SAN, UCI) of every move, for the one-game answer.
    moves: Option<Vec<(String, String)>>,
    /// The position before the first move (X-FEN), when it is not the
    /// usual one, for the one-game answer: a page that opens an Atomic960
    /// game late replays its moves from there.
    start_fen: Option<String>,
}

fn side(seat: &Seat) -> Side {
    Side {
        name: seat.name.clone(),
        titles: seat.titles,
        rating: seat.rating.column(),
    }
}

/// The event, name and round of a game played in a tournament.
fn tourney_of(world: &World, game: &Game) -> Option<(u32, String, u32)> {
    world.tourneys.events.values().find_map(|e| {
        let i = e.links.iter().position(|l| l.db_id == Some(game.db_id))?;
        let round = e.t.games().get(i).map_or(0, |g| g.round);
        Some((e.id, e.name.clone(), round))
    })
}

fn copy(world: &World, g: &Game, now: Instant, with_moves: bool) -> Live {
    let (white_ms, black_ms) = g.clock.both(g.chess.turn(), now);
    Live {
        no: g.no,
        db_id: g.db_id,
        white: side(&g.white),
        black: side(&g.black),
        minutes: g.terms.minutes,
        inc: g.terms.inc,
        rated: g.terms.rated,
        plies: g.plies(),
        board: g.snapshot.clone(),
        white_ms,
        black_ms,
        observers: g.observers.len(),
        tourney: tourney_of(world, g),
        moves: with_moves.then(|| {
            g.chess
                .moves()
                .iter()
                .map(|m| (m.san.clone(), m.uci.clone()))
                .collect()
        }),
        start_fen: with_moves
            .then(|| g.chess.start_fen().map(str::to_owned))
            .flatten(),
    }
}

fn side_json(s: &Side) -> Value {
    json!({ "name": s.name, "titles": super::players::titles(s.titles), "rating": s.rating })
}

fn to_json(g: Live) -> Value {
    let turn = match g.board.turn() {
        Color::White => "white",
        Color::Black => "black",
    };
    let mut v = json!({
        "number": g.no,
        "id": g.db_id,
        "white": side_json(&g.white),
        "black": side_json(&g.black),
        "time_control": { "minutes": g.minutes, "increment": g.inc },
        "rated": g.rated,
        "variant": g.board.variant.word(),
        "ply": g.plies,
        "turn": turn,
        "fen": Fen::try_from_setup(g.board.position.clone())
            .unwrap_or_else(|lossy| lossy.ignore())
            .to_string(),
        "clocks": { "white_ms": g.white_ms, "black_ms": g.black_ms },
        "observers": g.observers,
        "tourney": g.tourney.map(|(id, name, round)| json!({ "id": id, "name": name, "round": round })),
    });
    if let Some(n) = g.board.chess960 {
        v["chess960"] = n.into();
    }
    if let Some(fen) = g.start_fen {
        v["start_fen"] = fen.into();
    }
    if let Some(moves) = g.moves {
        v["moves"] = moves
            .into_iter()
            .map(|(san, uci)| json!({ "san": san, "uci": uci }))
            .collect();
    }
    v
}

/// `GET /api/games`
pub async fn list(axum::extract::State(state): State) -> ApiResult {
    let live: Vec<Live> = {
        let world = state.shared.world();
        let now = Instant::now();
        world
            .games
            .values()
            .map(|g| copy(&world, g, now, false))
            .collect()
    };
    let games: Vec<Value> = live.into_iter().map(to_json).collect();
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/games/{n}`
pub async fn one(
    axum::extract::State(state): State,
    path: Result<Path<String>, PathRejection>,
) -> ApiResult {
    let n: u32 = number(&segment(path)?, "game number")?;
    let live = {
        let world = state.shared.world();
        world
            .games
            .get(&n)
            .map(|g| copy(&world, g, Instant::now(), true))
    };
    match live {
        Some(g) => Ok(Json(to_json(g))),
        None => Err(ApiError::not_found(format!("There is no game {n}."))),
    }
}
