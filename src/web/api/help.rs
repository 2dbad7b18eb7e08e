//! `GET /api/help/atomic?lang=en|fr`: the rules page of `help atomic` and
//! its ready positions, for the browser's rules page; `GET
//! /api/help/atomic960`: the page of `help atomic960` (no examples), for
//! the browser's Atomic960 page.
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

/// The reader's language from `?lang=`.
fn language(query: &HashMap<String, String>) -> Result<Lang, ApiError> {
    match query.get("lang").map(String::as_str) {
        None | Some("en") => Ok(Lang::En),
        Some("fr") => Ok(Lang::Fr),
        Some(other) => Err(ApiError::bad_request(format!(
            "\"{other}\" is not a language here (en, fr)."
        ))),
    }
}

/// The help page `topic` in `lang`, as telnet users read it.
fn page_text(state: &State, topic: &str, lang: Lang) -> Result<String, ApiError> {
    match state.shared.help().find(topic, lang) {
        Lookup::Page(page) => Ok(page.to_string()),
        _ => Err(ApiError::not_found(format!(
            "There is no help page on {topic}."
        ))),
    }
}

fn lang_word(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Fr => "fr",
    }
}

/// `GET /api/help/atomic`
pub async fn atomic(state: State, Query(query): Query<HashMap<String, String>>) -> ApiResult {
    let lang = language(&query)?;
    let text = page_text(&state, "atomic", lang)?;
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
        "lang": lang_word(lang),
        "text": text,
        "boards": boards,
    })))
}

/// `GET /api/help/atomic960`
pub async fn atomic960(state: State, Query(query): Query<HashMap<String, String>>) -> ApiResult {
    let lang = language(&query)?;
    let text = page_text(&state, "atomic960", lang)?;
    Ok(Json(json!({
        "lang": lang_word(lang),
        "text": text,
        "boards": [],
    })))
}
