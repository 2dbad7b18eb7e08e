//! `config.toml` → a typed [`Config`] with a default for every key.
//!
//! The operator edits one file; every key is optional and documented in the
//! README. Command-line flags (`--listen`, `--db`) override what the file says.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Everything the server reads from `config.toml`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Shown in the banner and in `help`; never the word "FatICS" (PyChess
    /// would switch to another protocol mode).
    pub server_name: String,
    /// Address and port to listen on; port 0 picks a free port (tests).
    pub listen: SocketAddr,
    /// The SQLite file, created with its schema on first start.
    pub database: PathBuf,
    /// Help pages (`help/en`, `help/fr`) and the message of the day (`motd.txt`).
    pub data_dir: PathBuf,
    /// bcrypt cost for new passwords (at least 10).
    pub bcrypt_cost: u32,
    /// Seconds a game with a guest waits for a dropped player to come back.
    pub disconnect_grace: u64,
    /// Minutes without input before a user who is not playing is logged out.
    pub idle_timeout_minutes: u64,
    /// The same in seconds; when set it wins over `idle_timeout_minutes`
    /// (tests use it). 0 turns idle logouts off.
    pub idle_timeout_seconds: Option<u64>,
    /// Output (in KiB) that may wait for a client that stopped reading;
    /// past it the client is disconnected and its game adjourned.
    pub output_buffer_kb: usize,
    /// Connections the server accepts at once (the rest are refused politely).
    pub max_connections: usize,
    /// Connections from one address at once.
    pub max_connections_per_ip: usize,
    /// Failed password attempts from one address or on one account before
    /// each new attempt there is delayed (the delay doubles with every
    /// further failure).
    pub login_failures_before_delay: u32,
    /// Channel names shown by `tell N` and `inchannel`, keyed by number.
    pub channels: BTreeMap<u16, String>,
    /// What computer accounts (`(C)`, bots) may do: `[computers]`.
    pub computers: ComputerRules,
    /// Seconds between a tournament pairing and the start of its game.
    pub tourney_countdown_seconds: f64,
    /// Seconds a tournament game waits for an absent player before that
    /// player forfeits it.
    pub tourney_forfeit_seconds: f64,
    /// Every registered user may create tournaments, not only TDs and admins.
    pub tourney_anyone_creates: bool,
    /// Address of the HTTP/WebSocket listener (`/ws`, `/api`, `/metrics`);
    /// empty: no web listener.
    pub web_listen: String,
    /// Browser origins besides the server's own that may open `/ws`
    /// (`https://play.example.org`), or `*` for any.
    pub web_origins: Vec<String>,
    /// Seconds between WebSocket pings; a browser that answers nothing
    /// for two of them is disconnected. 0: no pings.
    pub web_ping_seconds: u64,
    /// `/api` requests one address may make per minute (bursts of a tenth
    /// of it at once).
    pub api_requests_per_minute: u32,
    /// Seconds an HTTP connection may take to send the head of a request:
    /// from its opening for the first, from the first byte of each later
    /// one. Past it the connection is closed (slowloris, silent sockets).
    pub web_header_timeout_seconds: f64,
    /// Seconds a kept-alive HTTP connection may wait, idle, for its next
    /// request before it is closed.
    pub web_idle_timeout_seconds: f64,
    /// The address users type to reach the web port
    /// (`https://chess.example.org`); by default `http://` and
    /// `web_listen`. Requests for another host name are refused (421).
    pub public_url: Option<String>,
    /// Reverse proxies (addresses or blocks) whose `Forwarded` and
    /// `X-Forwarded-For` headers name the real client; nobody else's are
    /// believed.
    pub trusted_proxies: Vec<crate::net::address::AddrRange>,
    /// Seconds output over `output_buffer_kb` may wait without the client
    /// reading a byte of it before the client counts as gone.
    pub output_stall_seconds: f64,
    /// How many commands a connection may send: `[command_budget]`.
    pub command_budget: BudgetConfig,
    /// The store's queue and how long boards wait for it: `[store]`.
    pub store: StoreConfig,
    /// The UCI engine of the computer opponents and of the analysis: a
    /// program and its arguments (config.toml: `engines/fairy-stockfish`,
    /// which scripts/engines.sh installs). None: neither is available.
    pub engine: Option<String>,
    /// The computer opponents, one account per level: `[[house_bots]]`.
    pub house_bots: Vec<crate::house::config::HouseBot>,
    /// What the computer opponents may cost: `[house]`.
    pub house: crate::house::config::HouseRules,
    /// The computer analysis of finished games: `[analysis]`.
    pub analysis: crate::analysis::config::AnalysisConfig,
    /// Who may make an account on the web page `/register`: `open`,
    /// `approval` (an admin approves each) or `closed`.
    pub registration: crate::signup::Registration,
    /// Accounts one address may sign up for in an hour.
    pub signups_per_hour: u32,
    /// The SMTP server for mailed games and password resets: `[mail]`.
    pub mail: Option<crate::mail::MailConfig>,
}

/// The `[store]` table: the writer thread's queue, and how much a slow or
/// failing disk may cost play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct StoreConfig {
    /// Jobs that may wait for the database (writes kept in memory after
    /// the disk refused them included) before optional ones are refused:
    /// live games then keep their moves themselves, settings are not saved.
    pub queue_limit: usize,
    /// Milliseconds a board waits for its move to be committed before it
    /// goes out anyway (the store is then slow or failing, and boards stop
    /// waiting for it until it has caught up).
    pub board_wait_ms: u64,
    /// Extra milliseconds every transaction takes: a slow disk on purpose,
    /// for tests and chaos runs. 0 in production.
    pub delay_ms: u64,
}

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            queue_limit: 10_000,
            board_wait_ms: 250,
            delay_ms: 0,
        }
    }
}

/// The `[computers]` table: limits that keep bots good citizens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ComputerRules {
    /// Games one computer account may play at once. A name logs in once
    /// and a login plays one game at a time, so 1 is already the most
    /// there can be; 0 keeps computer accounts from playing at all.
    pub max_games: u32,
    /// Challenges (`match`) a computer account may send in any minute to
    /// players who have not challenged it; seeks are not limited.
    pub challenges_per_minute: u32,
    /// Whether a computer account may play rated games against a human.
    pub rated_vs_humans: bool,
    /// Whether two computer accounts may play a rated game.
    pub rated_vs_computers: bool,
}

impl Default for ComputerRules {
    fn default() -> Self {
        ComputerRules {
            max_games: 1,
            challenges_per_minute: 4,
            rated_vs_humans: true,
            rated_vs_computers: true,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        let channels = [
            (0, "Admins"),
            (1, "Help"),
            (49, "Tournaments"),
            (50, "General"),
            (53, "Guest Chat"),
        ]
        .into_iter()
        .map(|(n, s)| (n, s.to_string()))
        .collect();
        Config {
            server_name: "atomicd".to_string(),
            listen: SocketAddr::from(([127, 0, 0, 1], 5000)),
            database: PathBuf::from("data/atomicd.sqlite3"),
            data_dir: PathBuf::from("data"),
            bcrypt_cost: 10,
            disconnect_grace: 60,
            idle_timeout_minutes: 60,
            idle_timeout_seconds: None,
            output_buffer_kb: 256,
            max_connections: 25_000,
            max_connections_per_ip: 2_000,
            login_failures_before_delay: 3,
            channels,
            computers: ComputerRules::default(),
            tourney_countdown_seconds: 10.0,
            tourney_forfeit_seconds: 120.0,
            tourney_anyone_creates: false,
            web_listen: "127.0.0.1:8080".to_string(),
            web_origins: Vec::new(),
            web_ping_seconds: 30,
            api_requests_per_minute: 600,
            web_header_timeout_seconds: 10.0,
            web_idle_timeout_seconds: 60.0,
            public_url: None,
            trusted_proxies: Vec::new(),
            output_stall_seconds: 10.0,
            command_budget: Default::default(),
            store: StoreConfig::default(),
            engine: None,
            house_bots: Vec::new(),
            house: Default::default(),
            analysis: Default::default(),
            registration: Default::default(),
            signups_per_hour: 3,
            mail: None,
        }
    }
}

/// Why a configuration could not be loaded; `Display` is one line for the operator.
#[derive(Debug)]
pub enum ConfigError {
    Missing(PathBuf),
    Unreadable(PathBuf, std::io::Error),
    Invalid(PathBuf, String),
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::Missing(p) => write!(
                f,
                "config file {} not found (copy config.toml from the atomicd sources or pass --config PATH)",
                p.display()
            ),
            ConfigError::Unreadable(p, e) => {
                write!(f, "cannot read config file {}: {e}", p.display())
            }
            ConfigError::Invalid(p, e) => write!(f, "config file {} is invalid: {e}", p.display()),
        }
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Reads and checks a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => ConfigError::Missing(path.to_path_buf()),
            _ => ConfigError::Unreadable(path.to_path_buf(), e),
        })?;
        Config::parse(&text).map_err(|e| ConfigError::Invalid(path.to_path_buf(), e))
    }

    /// Parses configuration text; the error is a one-line description.
    pub fn parse(text: &str) -> Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| one_line(&e.to_string()))?;
        config.validate()?;
        Ok(config)
    }

    fn validate(&self) -> Result<(), String> {
        if self.server_name.trim().is_empty() {
            return Err("server_name must not be empty".into());
        }
        if self.server_name.to_ascii_lowercase().contains("fatics") {
            return Err(
                "server_name must not contain \"FatICS\" (PyChess would misread the server)".into(),
            );
        }
        if !(10..=31).contains(&self.bcrypt_cost) {
            return Err("bcrypt_cost must be between 10 and 31".into());
        }
        if self.max_connections == 0 || self.max_connections_per_ip == 0 {
            return Err("max_connections and max_connections_per_ip must be at least 1".into());
        }
        if self.output_buffer_kb == 0 {
            return Err("output_buffer_kb must be at least 1".into());
        }
        for (key, v) in [
            ("tourney_countdown_seconds", self.tourney_countdown_seconds),
            ("tourney_forfeit_seconds", self.tourney_forfeit_seconds),
            ("output_stall_seconds", self.output_stall_seconds),
            (
                "web_header_timeout_seconds",
                self.web_header_timeout_seconds,
            ),
            ("web_idle_timeout_seconds", self.web_idle_timeout_seconds),
        ] {
            if !(0.0..=86_400.0).contains(&v) {
                return Err(format!("{key} must be between 0 and 86400"));
            }
        }
        if !self.web_listen.trim().is_empty() && self.web_address().is_none() {
            return Err(format!(
                "web_listen \"{}\" is not an address and port (or \"\" for none)",
                self.web_listen
            ));
        }
        if let Some(o) = self.web_origins.iter().find(|o| !valid_origin(o)) {
            return Err(format!(
                "web_origins: \"{o}\" is not an origin (scheme://host[:port], or *)"
            ));
        }
        if self.web_header_timeout_seconds <= 0.0 || self.web_idle_timeout_seconds <= 0.0 {
            return Err(
                "web_header_timeout_seconds and web_idle_timeout_seconds must be more than 0"
                    .into(),
            );
        }
        if let Some(url) = &self.public_url
            && public_origin(url).is_none()
        {
            return Err(format!(
                "public_url \"{url}\" is not an http:// or https:// address (https://chess.example.org)"
            ));
        }
        if self.api_requests_per_minute == 0 {
            return Err("api_requests_per_minute must be at least 1".into());
        }
        self.command_budget.validate()?;
        if let Some(mail) = &self.mail {
            mail.check()?;
        }
        if self.store.queue_limit == 0 {
            return Err("[store] queue_limit must be at least 1".into());
        }
        if self.engine.as_ref().is_some_and(|e| e.trim().is_empty()) {
            return Err("engine must name a program (leave the key out for none)".into());
        }
        crate::house::config::validate(&self.house_bots)?;
        self.analysis.validate()?;
        if let Some(n) = self.channels.keys().find(|n| **n > 255) {
            return Err(format!("channel {n} is out of range (0-255)"));
        }
        Ok(())
    }

    /// How long a user who is not playing may stay idle; None: for ever.
    pub fn idle_timeout(&self) -> Option<std::time::Duration> {
        let secs = self
            .idle_timeout_seconds
            .unwrap_or(self.idle_timeout_minutes.saturating_mul(60));
        (secs > 0).then(|| std::time::Duration::from_secs(secs))
    }

    /// The tournament director's delays: countdown before a game, wait for
    /// an absent player.
    pub fn tourney_delays(&self) -> (std::time::Duration, std::time::Duration) {
        (
            std::time::Duration::from_secs_f64(self.tourney_countdown_seconds),
            std::time::Duration::from_secs_f64(self.tourney_forfeit_seconds),
        )
    }

    /// The web listener's address; None when it is turned off.
    pub fn web_address(&self) -> Option<SocketAddr> {
        let text = self.web_listen.trim();
        if text.is_empty() {
            return None;
        }
        text.parse().ok()
    }

    /// The web port's origin as users reach it (`https://chess.example.org`,
    /// no path): `public_url`'s, or `http://` and the listen address.
    pub fn public_origin(&self) -> Option<String> {
        match &self.public_url {
            Some(url) => public_origin(url),
            None => self.web_address().map(|a| format!("http://{a}")),
        }
    }

    /// How long an HTTP connection may take over a request's head, and
    /// wait idle for the next one.
    pub fn web_timeouts(&self) -> (std::time::Duration, std::time::Duration) {
        (
            std::time::Duration::from_secs_f64(self.web_header_timeout_seconds),
            std::time::Duration::from_secs_f64(self.web_idle_timeout_seconds),
        )
    }

    /// Name of a channel, if the operator gave it one.
    pub fn channel_name(&self, channel: u16) -> Option<&str> {
        self.channels.get(&channel).map(String::as_str)
    }
}

/// `scheme://host[:port]` with nothing after it, as browsers send `Origin`.
fn valid_origin(o: &str) -> bool {
    if o == "*" {
        return true;
    }
    match o.split_once("://") {
        Some((scheme, rest)) => {
            !scheme.is_empty()
                && !rest.is_empty()
                && !rest.contains('/')
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        }
        None => false,
    }
}

/// The origin (`scheme://host[:port]`, lowercase) of an http or https
/// address; None for anything else.
fn public_origin(url: &str) -> Option<String> {
    let uri: axum::http::Uri = url.trim().parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let authority = uri.authority()?;
    if !matches!(scheme.as_str(), "http" | "https") || authority.as_str().contains('@') {
        return None;
    }
    Some(format!(
        "{scheme}://{}",
        authority.as_str().to_ascii_lowercase()
    ))
}

/// toml errors span several lines (with a caret diagram); operators get one.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with('|') && !l.chars().all(|c| c == '^' || c == ' ')
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `[command_budget]` table of `config.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct BudgetConfig {
    /// Commands a session may send at once; 0 turns the budget off.
    pub burst: u32,
    /// Commands a second after the burst.
    pub per_second: f64,
    /// Seconds a session may stay behind its budget before it is
    /// disconnected; 0: never.
    pub disconnect_after_seconds: f64,
}

impl Default for BudgetConfig {
    fn default() -> Self {
        BudgetConfig {
            burst: 50,
            per_second: 20.0,
            disconnect_after_seconds: 60.0,
        }
    }
}

impl BudgetConfig {
    /// Refuses values that would stop every session or never refill.
    pub fn validate(&self) -> Result<(), String> {
        if self.burst > 0 && !(self.per_second > 0.0 && self.per_second.is_finite()) {
            return Err("command_budget.per_second must be more than 0".into());
        }
        if !(0.0..=86_400.0).contains(&self.disconnect_after_seconds) {
            return Err(
                "command_budget.disconnect_after_seconds must be between 0 and 86400".into(),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
