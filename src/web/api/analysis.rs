//! `GET /api/analysis/{id}`: the computer analysis of a finished game, for
//! the analysis page: where its request stands, and once done every move
//! with the evaluation after it (White's side), the engine's best move
//! before it and lichess's mark, with the counts of each side.

use axum::Json;
use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{ApiError, number, segment};
use crate::analysis::judge::Eval;
use crate::analysis::report;
use crate::store::analysis as rows;
use crate::store::games;
use crate::web::router::State;

fn eval_json(e: Option<Eval>) -> Value {
    match e {
        Some(Eval::Cp(cp)) => json!({ "cp": cp }),
        Some(Eval::Mate(m)) => json!({ "mate": m }),
        None => Value::Null,
    }
}

/// `GET /api/analysis/{id}`
pub async fn one(
    axum::extract::State(state): State,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id: i64 = number(&segment(path)?, "game id")?;
    let found = state
        .shared
        .store
        .call(move |db| -> rusqlite::Result<_> {
            let Some(row) = games::get(db, id)? else {
                return Ok(None);
            };
            let moves = games::moves(db, id)?;
            Ok(Some((
                row,
                moves,
                rows::request(db, id)?,
                rows::plies(db, id)?,
            )))
        })
        .await;
    let (row, moves, request, plies) = match found {
        Ok(Ok(Some(found))) => found,
        Ok(Ok(None)) => return Err(ApiError::not_found(format!("There is no game {id}."))),
        _ => return Err(ApiError::unavailable()),
    };
    let Some(request) = request else {
        return Err(ApiError::not_found(format!(
            "Game {id} has no computer analysis; \"analyse {id}\" asks for one."
        )));
    };
    let mut body = json!({
        "id": id,
        // The analysis page replays the moves from here (a game from a
        // set-up position has one; null: the standard start).
        "start_fen": row.start_fen,
        "status": request.status,
        "engine": request.engine,
        "requested_by": request.requested_by,
        "requested_at": request.requested_at,
        "finished_at": request.finished_at,
        "error": request.error,
    });
    if request.status == "done" {
        let ucis: Vec<String> = moves.iter().map(|m| m.uci.clone()).collect();
        let r = report::build(row.start_fen.as_deref(), &ucis, &plies).map_err(|e| {
            ApiError::not_found(format!("The analysis of game {id} cannot be read: {e}."))
        })?;
        let counts = |side| {
            let [i, m, b] = r.counts(side);
            json!({ "inaccuracies": i, "mistakes": m, "blunders": b })
        };
        body["start"] = eval_json(r.start);
        body["moves"] = r
            .moves
            .iter()
            .zip(&moves)
            .map(|(m, stored)| {
                json!({
                    "ply": m.ply,
                    "san": m.san,
                    "uci": stored.uci,
                    "eval": eval_json(m.eval),
                    "winning_chances": m.eval.map(Eval::winning_chances),
                    "best": m.best,
                    "judgement": m.judgement.map(|j| j.name().to_ascii_lowercase()),
                })
            })
            .collect::<Vec<_>>()
            .into();
        body["white"] = counts(shakmaty::Color::White);
        body["black"] = counts(shakmaty::Color::Black);
    }
    Ok(Json(body).into_response())
}
