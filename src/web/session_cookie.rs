//! `/session`: the browser's resume cookie (session/resume.rs).
//!
//! A WebSocket cannot set a cookie, so after a login over `/ws` the page
//! gets a short ticket in a `ticket` message and trades it here, once, for
//! the cookie: `POST /session` with the ticket as its body answers 204 with
//! `Set-Cookie: atomicd_resume=…; HttpOnly; SameSite=Strict; Path=/` (and
//! `Secure` for a page served over https), a token the page's script never
//! sees. `DELETE /session` (logging out) clears it. Both take only this
//! server's own pages (the `Origin` check of `/ws`), so another site can
//! neither log a browser in as someone else nor out.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::router::State;
use crate::session::resume::{self, COOKIE, Claim, Use};
use crate::shared::Shared;
use crate::timefmt::unix_now;

/// The claim of the valid resume token a request's cookie carries.
pub fn claim(shared: &Shared, headers: &HeaderMap) -> Option<Claim> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|h| resume::cookie(h, COOKIE))
        .and_then(|token| resume::verify(&shared.resume_key, token, Use::Token, unix_now()))
}

fn answer(status: StatusCode, error: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::json!({ "error": error }).to_string(),
    )
        .into_response()
}

/// The request comes from one of this server's pages (or from a program,
/// which sends no `Origin`); and whether that page is served over https.
fn own_page(shared: &Shared, headers: &HeaderMap) -> Option<bool> {
    let text = |h| headers.get(h).and_then(|v| v.to_str().ok());
    let config = shared.config();
    let ok = super::origin::allowed(
        text(header::ORIGIN),
        text(header::HOST),
        &config.web_origins,
        config.public_origin().as_deref(),
    );
    let https = text(header::ORIGIN).is_some_and(|o| o.starts_with("https://"))
        || config
            .public_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://"));
    ok.then_some(https)
}

fn set_cookie(value: &str, max_age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let cookie =
        format!("{COOKIE}={value}; Max-Age={max_age}; Path=/; HttpOnly; SameSite=Strict{secure}");
    HeaderValue::from_str(&cookie).expect("a token is URL-safe base64")
}

/// `POST /session`: a ticket in, the cookie out.
pub async fn trade(
    axum::extract::State(state): State,
    headers: HeaderMap,
    body: String,
) -> Response {
    let shared = &state.shared;
    let Some(secure) = own_page(shared, &headers) else {
        return answer(
            StatusCode::FORBIDDEN,
            "This page may not set this server's session.",
        );
    };
    let now = unix_now();
    let ticket = body.trim();
    let Some(claim) = resume::verify(&shared.resume_key, ticket, Use::Ticket, now) else {
        return answer(StatusCode::BAD_REQUEST, "That is no valid ticket.");
    };
    if !shared.spent_tickets.first_use(ticket, claim.exp, now) {
        return answer(StatusCode::BAD_REQUEST, "That ticket was used already.");
    }
    let token = resume::sign(&shared.resume_key, &claim.as_use(Use::Token, now));
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        set_cookie(&token, resume::TOKEN_SECS, secure),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `DELETE /session`: the cookie cleared (a logout).
pub async fn clear(axum::extract::State(state): State, headers: HeaderMap) -> Response {
    let Some(secure) = own_page(&state.shared, &headers) else {
        return answer(
            StatusCode::FORBIDDEN,
            "This page may not end this server's session.",
        );
    };
    let mut response = StatusCode::NO_CONTENT.into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, set_cookie("", 0, secure));
    response
}
