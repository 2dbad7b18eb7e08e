//! One computer opponent's life: its account made ready, then the bot
//! bridge run until the server stops, started again with backoff whenever
//! it ends (a refused login, an engine that cannot start, a panic).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use super::config::HouseBot;
use crate::account::Titles;
use crate::bot::engine::{Engine, EngineCommand};
use crate::bot::level::Level;
use crate::bot::policy::Policy;
use crate::bot::session::Settings;
use crate::server::Shared;
use crate::store::accounts;

/// The first wait before a stopped bot is started again; it doubles up
/// to [`MOST_BACKOFF`], and starts over after a run of that long.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);
const MOST_BACKOFF: Duration = Duration::from_secs(60);

/// A password nobody knows, new at every start: the bot logs in with it
/// over the loopback, and no person can log in as a house bot.
fn fresh_password() -> String {
    let mut bits = crate::random::u64();
    let mut more = crate::random::u64();
    (0..24)
        .map(|i| {
            if i == 12 {
                bits = std::mem::take(&mut more);
            }
            let c = (b'a' + (bits % 26) as u8) as char;
            bits /= 26;
            c
        })
        .collect()
}

/// The bot's account: created as a computer account if missing, given the
/// fresh password if it is one. A person's account of that name is never
/// taken over.
async fn ready_account(shared: &Shared, name: &str, password: &str) -> Result<(), String> {
    let hash = shared
        .hash_password(password.to_string())
        .await
        .ok_or("the password hashing threads are gone")?;
    let name = name.to_string();
    let result = shared
        .store
        .call(move |db| match accounts::find(db, &name)? {
            Some(a) if !a.titles.computer => Ok(Err(format!(
                "{} is the account of a person, not a computer; give the house bot another name",
                a.name
            ))),
            Some(_) => accounts::set_password(db, &name, &hash).map(|_| Ok(())),
            None => {
                let titles = Titles {
                    computer: true,
                    ..Titles::default()
                };
                match accounts::create(db, &name, &hash, titles, crate::timefmt::unix_now()) {
                    Ok(_) => Ok(Ok(())),
                    Err(accounts::CreateError::Db(e)) => Err(e),
                    Err(e) => Ok(Err(e.to_string())),
                }
            }
        })
        .await;
    match result {
        Ok(Ok(answer)) => answer,
        Ok(Err(e)) => Err(format!("the database refused the account: {e}")),
        Err(e) => Err(format!("the database is not available: {e}")),
    }
}

/// The bridge's settings for this bot.
fn settings(shared: &Shared, bot: &HouseBot, server: SocketAddr, password: String) -> Settings {
    let level = Level::new(bot.level).ok();
    Settings {
        server: server.to_string(),
        login: bot.name.clone(),
        password: Some(password),
        // Over the loopback there is no lag to take off the clock.
        timeseal: false,
        seeks: Vec::new(),
        policy: Policy {
            accept_rated: true,
            accept_unrated: true,
            max_games: None,
            draw_at_most: -150,
        },
        whisper_eval: false,
        movetime: level.map_or(Duration::from_secs(1), Level::movetime),
        level,
        engine_idle: Some(Duration::from_secs(shared.house.rules.engine_idle_seconds)),
    }
}

fn engine(command: &str, bot: &HouseBot) -> Result<Engine, String> {
    let command = EngineCommand::parse(command)?;
    let skill = Level::new(bot.level)?.skill();
    let options = [
        ("UCI_Variant", "atomic".to_string()),
        // A thinking bot uses one thread.
        ("Threads", "1".to_string()),
        ("Hash", "16".to_string()),
        ("Skill Level", skill.to_string()),
    ];
    Ok(Engine::new(
        command,
        options
            .into_iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect(),
    ))
}

/// Runs one computer opponent until the server stops.
pub async fn run(shared: Arc<Shared>, bot: HouseBot, command: String, server: SocketAddr) {
    let stop = shared.shutdown.clone();
    let key = bot.name.to_ascii_lowercase();
    let mut backoff = FIRST_BACKOFF;
    while !stop.is_cancelled() {
        let started = Instant::now();
        let password = fresh_password();
        let outcome = match ready_account(&shared, &bot.name, &password).await {
            Err(why) => Err(why),
            Ok(()) => match engine(&command, &bot) {
                Err(why) => Err(why),
                Ok(engine) => {
                    super::lock(&shared.house.state).problems.remove(&key);
                    let settings = settings(&shared, &bot, server, password);
                    let task = tokio::spawn(crate::bot::run(
                        settings,
                        engine,
                        Duration::from_secs(10),
                        stop.clone(),
                    ));
                    match task.await {
                        Ok(result) => result,
                        Err(e) => Err(format!("the bot's task failed: {e}")),
                    }
                }
            },
        };
        if stop.is_cancelled() {
            break;
        }
        let why = match outcome {
            Ok(()) => "the bot stopped".to_string(),
            Err(why) => why,
        };
        if started.elapsed() >= MOST_BACKOFF {
            backoff = FIRST_BACKOFF;
        }
        tracing::error!(bot = %bot.name, %why, retry_in_secs = backoff.as_secs(), "computer opponent stopped; starting it again");
        super::lock(&shared.house.state)
            .problems
            .insert(key.clone(), why);
        tokio::select! {
            _ = stop.cancelled() => break,
            _ = tokio::time::sleep(backoff) => {}
        }
        backoff = (backoff * 2).min(MOST_BACKOFF);
    }
}
