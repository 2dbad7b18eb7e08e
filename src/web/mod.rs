//! The server on HTTP, in the same process and the same world as the
//! telnet port: `/ws` (the FICS protocol over WebSocket, a session like any
//! other), `/api/...` (read-only JSON), `/healthz` and `/metrics`.
//!
//! One file per job: `router` (routes and the headers of every response),
//! `listener` (connection limits on the web port), `ws` (the WebSocket
//! transport), `origin` (which pages may open `/ws`), `api/` (the JSON
//! API), `ratelimit` (the API's per-address budget), `health` (`/healthz`,
//! `/metrics`), `pages` (the browser client, embedded).

pub mod api;
pub mod health;
pub mod listener;
pub mod origin;
pub mod pages;
pub mod ratelimit;
pub mod router;
pub mod ws;

use std::sync::{Arc, Weak};

use tokio::net::TcpListener;

use crate::shared::Shared;

/// Serves HTTP on `listener` until the server shuts down.
pub async fn serve(shared: Arc<Shared>, listener: TcpListener) {
    let app = router::router(shared.clone());
    let stop = shared.shutdown.clone();
    let web = listener::WebListener {
        listener,
        shared: shared.clone(),
    };
    drop(shared);
    let served = axum::serve(
        web,
        app.into_make_service_with_connect_info::<listener::Peer>(),
    )
    .with_graceful_shutdown(async move { stop.cancelled().await })
    .await;
    if let Err(e) = served {
        tracing::error!(error = %e, "the web listener failed");
    }
}

/// Folds the histograms' samples into their buckets every few seconds, so
/// that they do not pile up when nobody scrapes `/metrics`; ends with the
/// server.
pub async fn upkeep(shared: Weak<Shared>) {
    let handle = match shared.upgrade() {
        Some(s) => s.meters.handle(),
        None => return,
    };
    let mut tick = tokio::time::interval(crate::meters::UPKEEP_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        match shared.upgrade() {
            Some(s) if !s.shutdown.is_cancelled() => drop(s),
            _ => return,
        }
        handle.run_upkeep();
    }
}
