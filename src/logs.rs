//! Log lines on standard error: text for people, JSON for programs.
//!
//! The events an operator's tools look for are one line each, with stable
//! names and fields: `login` (`name`, `addr`, `registered`, `transport`),
//! `game started` (`game`, `db_id`, `white`, `black`, `rated`, `minutes`,
//! `inc`), `game over` (`game`, `white`, `black`, `result`, `reason`),
//! `admin action` (`admin`, `action`, `target`, `detail`) and the store's
//! errors (level `ERROR`, target `atomicd::store`, SQLite's message in an
//! `error` field where there is one; their text still names the write,
//! so it is not yet a stable name).

/// `--log-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Sends the `tracing` events to standard error, as text or as JSON lines
/// (`{"timestamp", "level", "message", the event's fields…, "target"}`,
/// every field at the top level so that a reader finds `message` and
/// `name` without knowing how tracing nests them).
pub fn init(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Json => logs
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .init(),
        LogFormat::Text => logs
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .init(),
    }
}
