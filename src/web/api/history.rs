//! `GET /api/history/{id}` and `GET /api/history/{id}.pgn`: a finished
//! game from the database, by the id `/api/players/{name}` lists.

use axum::Json;
use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{ApiError, number, segment};
use crate::chess::{StartPosition, Variant};
use crate::store::games::{self, GameRow, MoveRow};
use crate::web::router::State;

/// A finished game, its moves, and its evaluations for the PGN.
type Stored = (GameRow, Vec<MoveRow>, Vec<Option<String>>);

/// `GET /api/history/{id}[.pgn]`
pub async fn one(
    axum::extract::State(state): State,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let text = segment(path)?;
    let (id, pgn) = match text.strip_suffix(".pgn") {
        Some(id) => (id, true),
        None => (text.as_str(), false),
    };
    let id: i64 = number(id, "game id")?;
    let found = state
        .shared
        .store
        .call(move |db| -> rusqlite::Result<Option<Stored>> {
            match games::get(db, id)? {
                Some(row) if row.status == games::status::FINISHED => {
                    let moves = games::moves(db, id)?;
                    let evals = if pgn {
                        crate::export::evals(db, id)?
                    } else {
                        Vec::new()
                    };
                    Ok(Some((row, moves, evals)))
                }
                _ => Ok(None),
            }
        })
        .await;
    let (row, moves, evals) = match found {
        Ok(Ok(Some(found))) => found,
        Ok(Ok(None)) => {
            return Err(ApiError::not_found(format!(
                "There is no finished game {id}."
            )));
        }
        _ => return Err(ApiError::unavailable()),
    };
    if pgn {
        let site = &state.shared.config().server_name;
        let sans = moves.into_iter().map(|m| m.san).collect();
        let text = crate::export::game_pgn(&row, sans, evals, site);
        return Ok((
            [(
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            )],
            text,
        )
            .into_response());
    }
    let moves: Vec<_> = moves
        .iter()
        .map(|m| json!({ "san": m.san, "uci": m.uci, "time_ms": m.time_ms }))
        .collect();
    // The stored start says the variant (an Atomic960 start keeps Shredder
    // castling letters, docs/atomic960.md), and which of the 960 it is.
    let variant = row
        .start_fen
        .as_deref()
        .map_or(Variant::Atomic, Variant::of_start_fen);
    let chess960 = match variant {
        Variant::Atomic => None,
        Variant::Atomic960 => row
            .start_fen
            .as_deref()
            .and_then(StartPosition::from_fen)
            .map(StartPosition::number),
    };
    let mut body = json!({
        "id": row.id,
        "white": { "name": row.white, "rating": row.white_rating },
        "black": { "name": row.black, "rating": row.black_rating },
        "time_control": { "minutes": row.minutes, "increment": row.inc },
        "rated": row.rated,
        "variant": variant.word(),
        "start_fen": row.start_fen,
        "started_at": row.started_at,
        "ended_at": row.ended_at,
        "result": row.result,
        "reason": row.reason,
        "end_code": row.end_code,
        "clocks": { "white_ms": row.white_ms, "black_ms": row.black_ms },
        "moves": moves,
    });
    if let Some(n) = chess960 {
        body["chess960"] = n.into();
    }
    Ok(Json(body).into_response())
}
