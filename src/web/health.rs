//! `/healthz` for load balancers and `/metrics` for Prometheus.

use std::time::Duration;

use axum::http::{StatusCode, header};
use axum::response::IntoResponse;

use super::router::State;

/// Longer than this and the store counts as not answering.
const STORE_PATIENCE: Duration = Duration::from_secs(2);

/// 200 when the store thread answers a query, 503 otherwise.
pub async fn healthz(axum::extract::State(state): State) -> impl IntoResponse {
    let probe = state
        .shared
        .store
        .call(|db| db.query_row("SELECT 1", [], |r| r.get::<_, i64>(0)));
    let ok = matches!(
        tokio::time::timeout(STORE_PATIENCE, probe).await,
        Ok(Ok(Ok(1)))
    );
    let (status, body) = if ok {
        (StatusCode::OK, "ok\n")
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "the database does not answer\n",
        )
    };
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
}

/// Every figure in the Prometheus text format. The few read from the world
/// are read under its lock and formatted after it.
pub async fn metrics(axum::extract::State(state): State) -> impl IntoResponse {
    let shared = &state.shared;
    let (games, players) = {
        let world = shared.world();
        (world.games.len(), world.count())
    };
    let m = &shared.meters;
    m.games_running.set(games as f64);
    m.players_online.set(players as f64);
    m.store_queue.set(shared.store.queue_depth() as f64);
    m.store_kept.set(shared.store.kept_writes() as f64);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        m.render(),
    )
}
