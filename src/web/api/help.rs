//! `GET /api/help/atomic?lang=en|fr`: the rules page of `help atomic` and
//! its ready positions, for the browser's rules page.
//!
//! The page draws each example as a board and opens it with the command
//! given here (`examine atomic NAME`), so the boards, their captions and
//! the text are the ones telnet users read: one source, two readers.

use std::collections::HashMap;

use axum::Json;
use axum::extract::Query;
use serde_json::json;

use super::{ApiError, ApiResult};
use crate::chess::{Lang, lessons};
use crate::help::Lookup;
use crate::web::router::State;

/// `GET /api/help/atomic`
pub async fn atomic(
    axum::extract::State(state): State,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult {
    let lang = match query.get("lang").map(String::as_str) {
        None | Some("en") => Lang::En,
        Some("fr") => Lang::Fr,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "\"{other}\" is not a language here (en, fr)."
            )));
        }
    };
    let text = match state.shared.help().find("atomic", lang) {
        Lookup::Page(page) => page.to_string(),
        _ => return Err(ApiError::not_found("There is no help page on atomic.")),
    };
    let boards: Vec<_> = lessons::LESSONS
        .iter()
        .map(|l| {
            json!({
                "name": l.name,
                "about": l.about(lang),
                "fen": l.board().fen(),
                "command": format!("examine {} {}", lessons::CATEGORY, l.name),
            })
        })
        .collect();
    Ok(Json(json!({
        "lang": match lang { Lang::En => "en", Lang::Fr => "fr" },
        "text": text,
        "boards": boards,
    })))
}
