//! `/api/...`: the public facts of the server as JSON, read only.
//!
//! Every handler copies what it needs out of the world under the lock,
//! lets go of it, and only then builds JSON (or asks the store, on its own
//! thread): the lock is never held across an `.await` nor while anything
//! is formatted. Unknown names and numbers are 404, bad input 400, both
//! with a JSON body `{"error": "..."}`; each client address has a budget
//! of requests ([`super::ratelimit`]), past which it gets 429.

pub mod analysis;
pub mod bots;
pub mod games;
pub mod help;
pub mod history;
pub mod players;
pub mod tourneys;

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::{Extension, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

use super::proxy::Client;
use super::router::{State, WebState};

/// The API's routes, behind the per-address rate limit.
pub fn routes(state: Arc<WebState>) -> Router<Arc<WebState>> {
    Router::new()
        .route("/analysis/{id}", get(analysis::one))
        .route("/bots", get(bots::list))
        .route("/games", get(games::list))
        .route("/games/{n}", get(games::one))
        .route("/help/atomic", get(help::atomic))
        .route("/help/atomic960", get(help::atomic960))
        .route("/history/{id}", get(history::one))
        .route("/players/{name}", get(players::one))
        .route("/who", get(players::who))
        .route("/tourneys", get(tourneys::list))
        .route("/tourneys/{id}", get(tourneys::one))
        .fallback(|| async { ApiError::not_found("There is no such API address.") })
        .layer(middleware::from_fn_with_state(state, limit))
}

/// A refusal, as JSON.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// The store did not answer (only while the server stops).
    pub fn unavailable() -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "The database is not available; try again later.".into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

pub type ApiResult = Result<Json<serde_json::Value>, ApiError>;

/// The text of a path segment; 400 when it is not even that (bad
/// percent-encoding, not UTF-8).
pub fn segment(
    path: Result<axum::extract::Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<String, ApiError> {
    path.map(|p| p.0)
        .map_err(|e| ApiError::bad_request(e.body_text()))
}

/// A path segment that must be a positive number.
pub fn number<T: std::str::FromStr + PartialOrd + Default>(
    text: &str,
    what: &str,
) -> Result<T, ApiError> {
    text.parse::<T>()
        .ok()
        .filter(|n| *n > T::default())
        .ok_or_else(|| ApiError::bad_request(format!("\"{text}\" is not a {what}.")))
}

/// Counts the request and refuses it past the address's budget.
async fn limit(
    axum::extract::State(state): State,
    Extension(client): Extension<Client>,
    request: Request,
    next: Next,
) -> Response {
    let meters = &state.shared.meters;
    meters.api_requests.increment(1);
    if !state.limiter.allow(client.ip, tokio::time::Instant::now()) {
        meters.api_limited.increment(1);
        let mut response = ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: "Too many requests from your address; slow down.".into(),
        }
        .into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return response;
    }
    next.run(request).await
}
