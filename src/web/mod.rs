//! The server on HTTP, in the same process and the same world as the
//! telnet port: `/ws` (the FICS protocol over WebSocket, a session like any
//! other), `/api/...` (read-only JSON), `/healthz` and `/metrics`.
//!
//! One file per job: `router` (routes and the headers of every response),
//! `listener` (connection limits on the web port), `head_timer` (how long
//! a request's head and an idle connection may take), `host` (which host
//! names the port answers for), `proxy` (the real client behind a trusted
//! reverse proxy), `ws` (the WebSocket
//! transport), `origin` (which pages may open `/ws`), `api/` (the JSON
//! API), `ratelimit` (the API's per-address budget), `health` (`/healthz`,
//! `/metrics`), `pages` (the browser client, embedded), `register` (the sign-up
//! page), `account_page` (one's own account: password, closing).

pub mod account_page;
pub mod analysis_page;
pub mod api;
pub mod approvals;
pub mod form_page;
pub mod head_timer;
pub mod health;
pub mod host;
pub mod listener;
pub mod origin;
pub mod pages;
pub mod proxy;
pub mod ratelimit;
pub mod register;
pub mod reset;
pub mod router;
pub mod session_cookie;
pub mod ws;

use std::net::SocketAddr;
use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::shared::Shared;

/// Serves HTTP on `listener` until the server shuts down, then lets the
/// requests in progress finish (WebSocket sessions are the server's
/// sessions, and stop with them).
///
/// Each connection is hyper's HTTP/1.1 with the head timer of
/// [`head_timer`]; HTTP/2 is not offered (browsers speak it only over
/// TLS, which a reverse proxy in front ends, and an h2 connection has no
/// idle limit in hyper).
pub async fn serve(shared: Arc<Shared>, listener: TcpListener) {
    let app = router::router(shared.clone());
    let stop = shared.shutdown.clone();
    let connections = TaskTracker::new();
    loop {
        let (conn, peer) = tokio::select! {
            _ = stop.cancelled() => break,
            accepted = listener::accept(&listener, &shared) => accepted,
        };
        let (header, idle) = shared.config().web_timeouts();
        connections.spawn(serve_connection(
            app.clone(),
            conn,
            peer,
            (header, idle),
            stop.clone(),
        ));
    }
    drop(listener);
    connections.close();
    connections.wait().await;
}

/// One HTTP connection, until it closes, times out or the server stops.
async fn serve_connection(
    app: Router,
    conn: listener::Admitted,
    peer: SocketAddr,
    (header, idle): (Duration, Duration),
    stop: CancellationToken,
) {
    let timer = head_timer::HeadTimer {
        wait: conn.head_wait(),
        header,
        idle,
    };
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(axum::body::Body::new);
        request
            .extensions_mut()
            .insert(ConnectInfo(listener::Peer(peer)));
        tower::ServiceExt::oneshot(app.clone(), request)
    });
    let http = hyper::server::conn::http1::Builder::new()
        .timer(timer)
        .header_read_timeout(header)
        .serve_connection(TokioIo::new(conn), service)
        .with_upgrades();
    let mut http = std::pin::pin!(http);
    let served = tokio::select! {
        served = http.as_mut() => served,
        _ = stop.cancelled() => {
            http.as_mut().graceful_shutdown();
            http.await
        }
    };
    if let Err(e) = served {
        // Timeouts, resets and junk: the client's business, not an error.
        tracing::debug!(addr = %peer.ip(), error = %e, "web connection ended");
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
