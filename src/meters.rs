//! The server's counters, gauges and histograms, shown at `/metrics` in the
//! Prometheus text format.
//!
//! Each server has its own recorder (not the process-wide one of the
//! `metrics` macros), so two servers in one process, as in the tests, count
//! apart. Every handle is registered once, here; recording is then an
//! atomic add on a handle that the recording code already holds, with no
//! name lookup, no formatting and no lock, so it may happen anywhere, the
//! world lock included. Figures that are cheap to read when asked (games
//! running, players online, the store's queue) are read at scrape time
//! instead of being kept up to date on every change.

use std::sync::Arc;
use std::time::Duration;

use metrics::{Counter, Gauge, Histogram, Key, Label, Level, Metadata, Recorder, Unit};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle, PrometheusRecorder};

use crate::net::socket::Transport;

/// Histogram buckets for latencies, in seconds: 50 µs to 5 s.
const LATENCY_BUCKETS: &[f64] = &[
    0.000_05, 0.000_1, 0.000_2, 0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0,
    2.0, 5.0,
];

/// How often the histograms' raw samples are folded into their buckets
/// when nobody scrapes (else they would pile up in memory).
pub const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The handles of one transport.
pub struct ByTransport {
    pub connections: Counter,
    pub open: Gauge,
    pub bytes_written: Counter,
}

/// Every figure of one server.
pub struct Meters {
    recorder: PrometheusRecorder,
    telnet: ByTransport,
    ws_text: ByTransport,
    ws_binary: ByTransport,
    ws_json: ByTransport,
    pub login_guest: Counter,
    pub login_unregistered: Counter,
    pub login_registered: Counter,
    pub login_failed: Counter,
    /// Moves whose board reached the opponent.
    pub moves_relayed: Counter,
    /// From the move's command to the opponent's board written, seconds.
    pub relay_latency: Histogram,
    pub slow_clients_cut: Counter,
    /// Sessions cut for staying far behind their command budget.
    pub flooders_cut: Counter,
    pub store_commit: Histogram,
    /// Jobs the store ran in its transactions (over the commits: jobs per
    /// commit).
    pub store_jobs: Counter,
    /// How long each board that had to wait for its move's commit waited.
    pub board_wait: Histogram,
    /// Boards whose move was committed when they were written.
    pub boards_at_once: Counter,
    pub store_queue: Gauge,
    /// Writes the database refused, kept in memory to be written later.
    pub store_kept: Gauge,
    /// Transactions the database refused (disk full, I/O errors).
    pub store_failures: Counter,
    /// Awaited store jobs refused because the store thread was too far behind.
    pub store_refused: Counter,
    /// Boards written before the store had handled their move (it was slow
    /// or failing).
    pub boards_unconfirmed: Counter,
    pub games_running: Gauge,
    pub players_online: Gauge,
    pub api_requests: Counter,
    pub api_limited: Counter,
    pub ws_refused_origin: Counter,
    pub web_misdirected: Counter,
}

fn key(name: &'static str, labels: &[(&'static str, &'static str)]) -> Key {
    Key::from_parts(
        name,
        labels
            .iter()
            .map(|(k, v)| Label::new(*k, *v))
            .collect::<Vec<_>>(),
    )
}

static METADATA: Metadata<'static> = Metadata::new(module_path!(), Level::INFO, None);

impl Meters {
    /// A fresh recorder with every handle registered.
    pub fn new() -> Arc<Meters> {
        let recorder = PrometheusBuilder::new()
            .set_buckets(LATENCY_BUCKETS)
            .expect("the bucket list is not empty")
            .build_recorder();
        let r = &recorder;
        let counter =
            |name: &'static str, labels: &[(&'static str, &'static str)], help: &'static str| {
                r.describe_counter(name.into(), None, help.into());
                r.register_counter(&key(name, labels), &METADATA)
            };
        let gauge =
            |name: &'static str, labels: &[(&'static str, &'static str)], help: &'static str| {
                r.describe_gauge(name.into(), None, help.into());
                r.register_gauge(&key(name, labels), &METADATA)
            };
        let histogram = |name: &'static str, help: &'static str| {
            r.describe_histogram(name.into(), Some(Unit::Seconds), help.into());
            r.register_histogram(&key(name, &[]), &METADATA)
        };
        let transport = |label| ByTransport {
            connections: counter(
                "atomicd_connections_total",
                &[("transport", label)],
                "Connections accepted, by transport.",
            ),
            open: gauge(
                "atomicd_connections_open",
                &[("transport", label)],
                "Connections open now, by transport.",
            ),
            bytes_written: counter(
                "atomicd_bytes_written_total",
                &[("transport", label)],
                "Bytes queued for clients, by transport.",
            ),
        };
        let login = |kind| {
            counter(
                "atomicd_logins_total",
                &[("kind", kind)],
                "Logins, by kind (failed: a wrong password).",
            )
        };
        let meters = Meters {
            telnet: transport(Transport::Telnet.label()),
            ws_text: transport(Transport::WebSocketText.label()),
            ws_binary: transport(Transport::WebSocketBinary.label()),
            ws_json: transport(Transport::WebSocketJson.label()),
            login_guest: login("guest"),
            login_unregistered: login("unregistered"),
            login_registered: login("registered"),
            login_failed: login("failed"),
            moves_relayed: counter(
                "atomicd_moves_relayed_total",
                &[],
                "Moves whose board was written to the opponent.",
            ),
            relay_latency: histogram(
                "atomicd_relay_latency_seconds",
                "From a move's command to the opponent's board written.",
            ),
            slow_clients_cut: counter(
                "atomicd_slow_clients_cut_total",
                &[],
                "Sessions disconnected because they stopped reading.",
            ),
            flooders_cut: counter(
                "atomicd_flooders_cut_total",
                &[],
                "Sessions disconnected because they sent commands far faster than their budget.",
            ),
            store_commit: histogram(
                "atomicd_store_commit_seconds",
                "Time of one store transaction, jobs and commit.",
            ),
            store_jobs: counter(
                "atomicd_store_jobs_total",
                &[],
                "Jobs run in store transactions (divided by the commits: jobs per commit).",
            ),
            board_wait: histogram(
                "atomicd_board_wait_seconds",
                "How long a board that had to wait for its move's commit waited.",
            ),
            boards_at_once: counter(
                "atomicd_boards_committed_at_once_total",
                &[],
                "Boards whose move was committed already when they were written.",
            ),
            store_queue: gauge(
                "atomicd_store_queue_depth",
                &[],
                "Store jobs waiting for the store thread, kept writes included.",
            ),
            store_kept: gauge(
                "atomicd_store_kept_writes",
                &[],
                "Writes the database refused, kept in memory and tried again.",
            ),
            store_failures: counter(
                "atomicd_store_failures_total",
                &[],
                "Store transactions the database refused (disk full, I/O errors).",
            ),
            store_refused: counter(
                "atomicd_store_refused_total",
                &[],
                "Awaited store jobs (reads, new accounts) refused because the store thread was too far behind.",
            ),
            boards_unconfirmed: counter(
                "atomicd_boards_unconfirmed_total",
                &[],
                "Boards written before the store had handled their move (slow or failing disk).",
            ),
            games_running: gauge("atomicd_games_running", &[], "Games in progress."),
            players_online: gauge("atomicd_players_online", &[], "Users logged in."),
            api_requests: counter("atomicd_api_requests_total", &[], "Requests to /api."),
            api_limited: counter(
                "atomicd_api_rate_limited_total",
                &[],
                "Requests to /api refused by the per-address rate limit.",
            ),
            ws_refused_origin: counter(
                "atomicd_ws_refused_origin_total",
                &[],
                "WebSocket upgrades refused for their Origin.",
            ),
            web_misdirected: counter(
                "atomicd_web_misdirected_total",
                &[],
                "HTTP requests refused (421) for a host name the server is not known by.",
            ),
            recorder,
        };
        Arc::new(meters)
    }

    /// The handles of one transport.
    pub fn transport(&self, t: Transport) -> &ByTransport {
        match t {
            Transport::Telnet => &self.telnet,
            Transport::WebSocketText => &self.ws_text,
            Transport::WebSocketBinary => &self.ws_binary,
            Transport::WebSocketJson => &self.ws_json,
        }
    }

    /// A handle on the recorder, for rendering and upkeep.
    pub fn handle(&self) -> PrometheusHandle {
        self.recorder.handle()
    }

    /// Everything in the Prometheus text format.
    pub fn render(&self) -> String {
        self.recorder.handle().render()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_server_counts_apart_and_renders_prometheus_text() {
        let a = Meters::new();
        let b = Meters::new();
        a.login_guest.increment(2);
        a.transport(Transport::WebSocketText)
            .connections
            .increment(1);
        a.relay_latency.record(0.000_3);
        let text = a.render();
        assert!(
            text.contains("atomicd_logins_total{kind=\"guest\"} 2"),
            "{text}"
        );
        assert!(text.contains("atomicd_connections_total{transport=\"ws_text\"} 1"));
        assert!(text.contains("atomicd_relay_latency_seconds_bucket{le=\"0.0005\"} 1"));
        assert!(text.contains("# TYPE atomicd_relay_latency_seconds histogram"));
        assert!(
            b.render()
                .contains("atomicd_logins_total{kind=\"guest\"} 0")
        );
    }
}
