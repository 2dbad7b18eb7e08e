//! The house's computer opponents: `[[house_bots]]` accounts that the
//! server logs in and plays with Fairy-Stockfish, so that a newcomer on an
//! empty server has someone to play.
//!
//! Each one is the bot bridge of `atomicd bot` (`src/bot/`), run in-process
//! as a task of its own that connects to the server's own telnet port, as
//! any bot does: the server treats it as the registered computer account
//! it is, with its rating, its history and the `[computers]` rules, and
//! nothing in the world knows it is in the same process. A task that stops
//! (an error, a panic) is started again with backoff (`supervise.rs`); the
//! server's shutdown stops them all.
//!
//! The engine is checked once at start (`bot::engine::probe`); without it
//! no bot logs in, and the commands say why ([`Availability`]). A bot
//! starts its engine when it accepts a game and stops it
//! `engine_idle_seconds` after (`[house]`): a waiting computer opponent
//! holds no process and takes no CPU.

pub mod config;
mod supervise;

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};

use tokio_util::task::TaskTracker;

use crate::config::Config;
use crate::server::Shared;
use config::{HouseBot, HouseRules};

/// Whether computer play can be offered, and if not, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    /// The engine is being checked; the bots log in once it answers.
    Starting,
    /// The engine plays atomic (its name).
    Ready(String),
    /// No engine, or none that works: why, in one sentence.
    Unavailable(String),
}

/// The computer opponents as the rest of the server sees them.
pub struct House {
    bots: Vec<HouseBot>,
    pub rules: HouseRules,
    engine: Option<String>,
    state: Arc<Mutex<State>>,
    tasks: TaskTracker,
}

#[derive(Debug)]
struct State {
    availability: Availability,
    /// Bots that cannot log in, by lowercase name, and why.
    problems: HashMap<String, String>,
}

fn lock(m: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl House {
    pub fn new(config: &Config) -> House {
        // Whether the engine works: the analysis asks it too.
        let availability = match &config.engine {
            None => Availability::Unavailable(
                "the server has no engine (config.toml has no engine key)".into(),
            ),
            Some(_) => Availability::Starting,
        };
        House {
            bots: config.house_bots.clone(),
            rules: config.house,
            engine: config.engine.clone(),
            state: Arc::new(Mutex::new(State {
                availability,
                problems: HashMap::new(),
            })),
            tasks: TaskTracker::new(),
        }
    }

    /// Every configured computer opponent, in the order of config.toml.
    pub fn bots(&self) -> &[HouseBot] {
        &self.bots
    }

    /// The computer opponent this text names: its whole name, or the
    /// beginning of only one (any case).
    pub fn find(&self, typed: &str) -> Option<&HouseBot> {
        let lower = typed.to_ascii_lowercase();
        if let Some(b) = self
            .bots
            .iter()
            .find(|b| b.name.eq_ignore_ascii_case(typed))
        {
            return Some(b);
        }
        let mut found = self
            .bots
            .iter()
            .filter(|b| b.name.to_ascii_lowercase().starts_with(&lower));
        match (found.next(), found.next()) {
            (Some(b), None) => Some(b),
            _ => None,
        }
    }

    /// Whether `name` is one of the computer opponents.
    pub fn is_house_bot(&self, name: &str) -> bool {
        self.bots.iter().any(|b| b.name.eq_ignore_ascii_case(name))
    }

    /// Whether the engine works (for the computer opponents and the
    /// analysis alike).
    pub fn availability(&self) -> Availability {
        lock(&self.state).availability.clone()
    }

    /// Why this bot is not logged in, if it cannot be.
    pub fn problem(&self, name: &str) -> Option<String> {
        lock(&self.state)
            .problems
            .get(&name.to_ascii_lowercase())
            .cloned()
    }

    /// Waits until every bot's task has ended (after the shutdown).
    pub async fn stopped(&self) {
        self.tasks.close();
        self.tasks.wait().await;
    }
}

/// Where a bot in this process reaches the telnet port: the listener's
/// own address, or the loopback one if it listens on every address.
fn loopback(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port())
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::new(IpAddr::V6(Ipv6Addr::LOCALHOST), addr.port())
        }
        _ => addr,
    }
}

/// Checks the engine, then starts every computer opponent (if any);
/// returns at once (the work is on tasks of the server's runtime).
pub fn start(shared: &Arc<Shared>, telnet: SocketAddr) {
    let house = &shared.house;
    let (Some(engine), Availability::Starting) = (house.engine.clone(), house.availability())
    else {
        if let Availability::Unavailable(why) = house.availability() {
            tracing::info!(%why, "no computer opponents");
        }
        return;
    };
    let shared = shared.clone();
    let server = loopback(telnet);
    house.tasks.clone().spawn(async move {
        let answer = tokio::select! {
            _ = shared.shutdown.cancelled() => return,
            answer = crate::bot::engine::probe(&engine) => answer,
        };
        let house = &shared.house;
        match answer {
            Ok(name) => {
                tracing::info!(engine = %name, bots = house.bots.len(), "engine ready; computer opponents starting");
                lock(&house.state).availability = Availability::Ready(name);
                for bot in house.bots.clone() {
                    house
                        .tasks
                        .spawn(supervise::run(shared.clone(), bot, engine.clone(), server));
                }
            }
            Err(e) => {
                let why = format!(
                    "the engine \"{engine}\" cannot be used: {e} (the operator installs it with scripts/engines.sh)"
                );
                tracing::error!(%why, "no computer opponents");
                lock(&house.state).availability = Availability::Unavailable(why);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_are_found_by_a_unique_beginning_and_the_engine_is_checked_only_when_named() {
        let config = Config::parse(
            "[[house_bots]]\nname = \"FairyOne\"\nlevel = 1\n[[house_bots]]\nname = \"FairyOnePlus\"\nlevel = 2\n[[house_bots]]\nname = \"FairyTwo\"\nlevel = 2\n",
        )
        .unwrap();
        let house = House::new(&config);
        // An exact name wins over the names it begins.
        assert_eq!(house.find("fairyone").map(|b| b.level), Some(1));
        assert_eq!(house.find("FairyOneP").map(|b| b.level), Some(2));
        assert_eq!(
            house.find("fairyt").map(|b| b.name.as_str()),
            Some("FairyTwo")
        );
        assert!(house.find("Fairy").is_none(), "ambiguous");
        assert!(house.find("Bob").is_none());
        assert!(house.is_house_bot("FAIRYTWO") && !house.is_house_bot("Fairy"));
        assert!(
            matches!(house.availability(), Availability::Unavailable(why) if why.contains("no engine"))
        );
        let with_engine = Config::parse("engine = \"engines/fairy-stockfish\"").unwrap();
        assert_eq!(
            House::new(&with_engine).availability(),
            Availability::Starting
        );
        assert_eq!(
            loopback("0.0.0.0:5000".parse().unwrap()),
            "127.0.0.1:5000".parse().unwrap()
        );
        assert_eq!(
            loopback("[::]:5000".parse().unwrap()),
            "[::1]:5000".parse().unwrap()
        );
        assert_eq!(
            loopback("127.0.0.2:5000".parse().unwrap()),
            "127.0.0.2:5000".parse().unwrap()
        );
    }
}
