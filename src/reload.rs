//! Live configuration: `SIGHUP` re-reads `config.toml`, the help pages and
//! the message of the day while the server runs.
//!
//! Readers take a snapshot ([`Shared::config`], [`Shared::help`],
//! [`Shared::motd`]): one atomic load, no lock, so a reload never waits for
//! a reader nor a reader for a reload. What a session reads when it needs
//! it changes for what comes next (the next connection, login or command);
//! what the world keeps (the reconnection grace, the idle timeout, the
//! computer rules, the director's delays) and the login throttle are set
//! anew under their locks.
//!
//! Some keys cannot change under a running server ([`NEEDS_RESTART`]: the
//! sockets it listens on, the database it holds, the folder its pages come
//! from, the web rate limiter made at start, the `[store]` table its writer
//! thread took at start). A new value there is reported as needing a
//! restart and the running one is kept. A file that does not parse or
//! check changes nothing.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::help::HelpPages;
use crate::shared::Shared;

/// Keys a running server cannot take up: they wait for a restart.
pub const NEEDS_RESTART: &[&str] = &[
    "listen",
    "web_listen",
    "database",
    "data_dir",
    "api_requests_per_minute",
    // The writer thread takes its queue bound and delay when it starts.
    "store",
    // The computer opponents and the analysis start with their engine.
    "engine",
    "house_bots",
    "house",
    "analysis",
];

/// What a reload changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reloaded {
    /// Keys that took their new value.
    pub changed: Vec<String>,
    /// Keys whose new value waits for a restart.
    pub need_restart: Vec<String>,
}

/// The top-level keys (`channels`, `computers` as a whole) whose values
/// differ between two configurations.
fn changed_keys(old: &Config, new: &Config) -> Vec<String> {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(old), serde_json::to_value(new))
    else {
        return Vec::new();
    };
    let mut keys: Vec<String> = a
        .keys()
        .filter(|k| a.get(*k) != b.get(*k))
        .cloned()
        .collect();
    keys.sort();
    keys
}

/// `new` as the running server can take it: the keys that need a restart
/// keep their running values; and what changed, sorted by the two kinds.
pub fn merge(running: &Config, mut new: Config) -> (Config, Reloaded) {
    let mut report = Reloaded::default();
    for key in changed_keys(running, &new) {
        if NEEDS_RESTART.contains(&key.as_str()) {
            report.need_restart.push(key);
        } else {
            report.changed.push(key);
        }
    }
    new.listen = running.listen;
    new.web_listen.clone_from(&running.web_listen);
    new.database.clone_from(&running.database);
    new.data_dir.clone_from(&running.data_dir);
    new.api_requests_per_minute = running.api_requests_per_minute;
    new.store = running.store;
    new.engine.clone_from(&running.engine);
    new.house_bots.clone_from(&running.house_bots);
    new.house = running.house;
    new.analysis = running.analysis;
    (new, report)
}

/// The message of the day in each language a user may choose: French
/// readers get `motd.fr.txt` where the operator wrote one, English
/// `motd.txt` otherwise (a server with one motd still greets everyone).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Motd {
    pub en: String,
    pub fr: Option<String>,
}

impl Motd {
    /// The text a reader of `lang` gets.
    pub fn for_lang(&self, lang: crate::chess::Lang) -> &str {
        match (lang, &self.fr) {
            (crate::chess::Lang::Fr, Some(fr)) => fr,
            _ => &self.en,
        }
    }
}

/// The messages of the day in `data_dir`, each ending in a newline; the
/// English one empty when there is none.
pub fn load_motd(data_dir: &Path) -> Motd {
    Motd {
        en: read_motd(&data_dir.join("motd.txt")).unwrap_or_default(),
        fr: read_motd(&data_dir.join("motd.fr.txt")),
    }
}

fn read_motd(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok().map(|m| {
        if m.ends_with('\n') || m.is_empty() {
            m
        } else {
            format!("{m}\n")
        }
    })
}

/// One message per SIGHUP, the handler installed now. Where signals
/// cannot be had, none ever comes.
pub fn hangups() -> tokio::sync::mpsc::Receiver<()> {
    let (tx, rx) = tokio::sync::mpsc::channel(1);
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::hangup()) {
            Ok(mut hup) => {
                tokio::spawn(async move {
                    while hup.recv().await.is_some() {
                        // A reload already waiting covers this signal too.
                        let _ = tx.try_send(());
                    }
                });
                return rx;
            }
            Err(e) => tracing::warn!(error = %e, "no SIGHUP handler: changes need a restart"),
        }
    }
    // Keeps the channel open: the serve loop waits on it for ever.
    tokio::spawn(async move {
        std::future::pending::<()>().await;
        drop(tx);
    });
    rx
}

impl Shared {
    /// Takes up a configuration read again (`SIGHUP`), with the help pages
    /// and the message of the day; an unreadable or invalid file (`Err`,
    /// one line) is logged and changes nothing.
    pub fn reload(&self, loaded: Result<Config, String>) -> Option<Reloaded> {
        let new = match loaded {
            Ok(c) => c,
            Err(error) => {
                tracing::error!(%error, "configuration not reloaded; the running one is kept");
                return None;
            }
        };
        let running = self.config();
        let (config, report) = merge(&running, new);
        drop(running);
        self.help
            .store(Arc::new(HelpPages::load(&config.data_dir.join("help"))));
        self.motd.store(Arc::new(load_motd(&config.data_dir)));
        self.throttle()
            .set_free_failures(config.login_failures_before_delay);
        {
            let mut world = self.world();
            world.durable.grace = Duration::from_secs(config.disconnect_grace);
            world.durable.idle_timeout = config.idle_timeout();
            world.computers.rules = config.computers;
            let (countdown, forfeit_after) = config.tourney_delays();
            let settings = &mut world.tourneys.settings;
            settings.countdown = countdown;
            settings.forfeit_after = forfeit_after;
            settings.anyone_creates = config.tourney_anyone_creates;
        }
        self.config.store(Arc::new(config));
        for key in &report.need_restart {
            tracing::warn!(%key, "configuration key changed; it takes effect after a restart");
        }
        tracing::info!(
            changed = %report.changed.join(","),
            needs_restart = %report.need_restart.join(","),
            "configuration reloaded"
        );
        Some(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_keys_change_and_the_others_wait_for_a_restart() {
        let running = Config::default();
        let new = Config::parse(
            "max_connections = 7\nlisten = \"127.0.0.1:5999\"\n[channels]\n50 = \"Chatter\"\n",
        )
        .unwrap();
        let (merged, report) = merge(&running, new);
        assert_eq!(report.changed, ["channels", "max_connections"]);
        assert_eq!(report.need_restart, ["listen"]);
        assert_eq!(merged.max_connections, 7);
        assert_eq!(merged.channel_name(50), Some("Chatter"));
        assert_eq!(merged.listen, running.listen);
    }

    #[test]
    fn the_same_file_changes_nothing() {
        let (_, report) = merge(&Config::default(), Config::default());
        assert_eq!(report, Reloaded::default());
    }
}
