//! The frame of the pages the server writes itself, without the client's
//! script (`/register`, `/account`, `/approvals`, `/reset`): the reader's
//! language, the head with the client's style sheet, the heading, a notice
//! above the forms, and the response that carries the page.

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::router::WebState;
use crate::chess::Lang;
use crate::event::Msg;
use crate::render::catalogue::{plain, text};

/// The browser's first language, if it is one of ours.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    let first = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .unwrap_or("");
    if first.trim().to_ascii_lowercase().starts_with("fr") {
        Lang::Fr
    } else {
        Lang::En
    }
}

/// The server's name, for the window's title.
pub fn server_name(state: &WebState) -> String {
    state.shared.config().server_name.clone()
}

/// A page as the answer: never cached, since it may carry a name or a
/// reset token.
pub fn respond(status: StatusCode, html: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response()
}

/// Text made safe inside HTML, between tags or in a quoted attribute.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A page's start, up to and with its heading: the catalogue line `title`
/// in `lang`, then the server's name in the window's title; the page's
/// content goes in `<main class="{class}">`.
pub fn start(lang: Lang, class: &str, title: &str, server: &str) -> String {
    let title = escape(&plain(lang, title));
    format!(
        "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} · {}</title>\n<link rel=\"icon\" href=\"data:,\">\n<link rel=\"stylesheet\" href=\"/assets/app.css\">\n</head>\n\
         <body>\n<main class=\"{class}\">\n<h1>{title}</h1>\n",
        match lang {
            Lang::En => "en",
            Lang::Fr => "fr",
        },
        escape(server),
    )
}

/// The line that says how the last form went, good or bad.
pub fn push_notice(html: &mut String, lang: Lang, good: bool, m: &Msg) {
    let class = if good { "good" } else { "bad" };
    html.push_str(&format!(
        "<p class=\"notice {class}\" role=\"status\">{}</p>\n",
        escape(&text(lang, m))
    ));
}
