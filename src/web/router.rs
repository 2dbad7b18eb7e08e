//! The routes of the web port, and the headers every response carries.
//!
//! The browser client's pages ([`super::pages`]) are served beside the API;
//! the Content-Security-Policy allows what they need (scripts, styles and
//! sockets of this origin only) and forbids inline script, so that a name
//! or a tell that slips through a page's escaping cannot run.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

use super::ratelimit::RateLimiter;
use crate::shared::Shared;

/// What every handler of the web port can reach.
pub struct WebState {
    pub shared: Arc<Shared>,
    pub limiter: RateLimiter,
    /// Sign-ups per address in the last hour (`/register`).
    pub signups: crate::signup::limit::SignupLimit,
    /// Password-reset requests per address in the last hour (`/reset`).
    pub resets: crate::signup::limit::SignupLimit,
}

pub type State = axum::extract::State<Arc<WebState>>;

/// Every route of the web port.
pub fn router(shared: Arc<Shared>) -> Router {
    let state = Arc::new(WebState {
        limiter: RateLimiter::per_minute(shared.config().api_requests_per_minute),
        signups: Default::default(),
        resets: Default::default(),
        shared,
    });
    Router::new()
        .route("/", get(super::pages::shell))
        .route("/game/{n}", get(super::pages::numbered))
        .route("/tourney/{id}", get(super::pages::numbered))
        .route("/history/{id}", get(super::pages::numbered))
        .route("/player/{name}", get(super::pages::named))
        .route("/help/atomic", get(super::pages::shell))
        .route("/help/atomic960", get(super::pages::shell))
        // The exhibitor's page of boards: reloaded, it must come back.
        .route("/simul", get(super::pages::shell))
        .route(
            "/register",
            get(super::register::form).post(super::register::submit),
        )
        .route("/account", get(super::account_page::form))
        .route(
            "/account/password",
            axum::routing::post(super::account_page::password),
        )
        .route(
            "/account/close",
            axum::routing::post(super::account_page::close),
        )
        .route("/reset", get(super::reset::form).post(super::reset::ask))
        .route(
            "/reset/new",
            axum::routing::post(super::reset::new_password),
        )
        .route(
            "/approvals",
            get(super::approvals::form).post(super::approvals::submit),
        )
        .route("/analysis/{id}", get(super::analysis_page::page))
        .route("/engine/{file}", get(super::analysis_page::engine_file))
        .route("/assets/{file}", get(super::pages::asset))
        .route("/ws", get(super::ws::upgrade))
        .route(
            "/session",
            post(super::session_cookie::trade).delete(super::session_cookie::clear),
        )
        .route("/healthz", get(super::health::healthz))
        .route("/metrics", get(super::health::metrics))
        .nest("/api", super::api::routes(state.clone()))
        .fallback(not_found)
        // Innermost first: the request's real client, then the host check,
        // then the time limits; every answer, refusals included, carries
        // the security headers.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            super::proxy::resolve,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            super::host::check,
        ))
        .layer(RequestBodyTimeoutLayer::new(BODY_TIMEOUT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            HANDLER_TIMEOUT,
        ))
        .layer(middleware::map_response(secure_headers))
        .with_state(state)
}

/// The longest a handler may take to answer (it waits for the database at
/// most): past it the client gets 503 and the connection its place back.
const HANDLER_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest a request body may take to arrive between two of its parts.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The policy of every response: this origin's scripts, styles, images and
/// sockets only; no inline script, no plugins, no framing by other sites.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

async fn secure_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    // A page that needs more (the analysis board's WebAssembly) sets its
    // own policy, no wider than it must be.
    h.entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(CSP));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

async fn not_found() -> impl IntoResponse {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found.\n",
    )
}
