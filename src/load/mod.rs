//! `atomicd load`: a load generator for any FICS-style server on loopback.
//!
//! It plays N games at once between 2N connections (each side waits for
//! the opponent's board before it answers, with a fixed line of quiet
//! atomic moves), keeps K idle users logged in, can open C connections at
//! once (a connect storm), log registered accounts in at a steady rate
//! while the games run (bcrypt on the server), and put M observers on one
//! game. It prints one JSON line: latency percentiles, moves per second,
//! errors by kind, and (given the server's PID) its memory, CPU and open
//! descriptors from `/proc`.

pub mod chaos;
pub mod client;
pub mod flood;
pub mod moves;
pub mod procfs;
pub mod stats;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{Barrier, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;

use client::{Client, Via};
use stats::{Errors, Samples};

/// What to run.
#[derive(Debug, Clone)]
pub struct LoadConfig {
    pub addr: SocketAddr,
    /// Connect every client over `/ws` (text frames) at this web address
    /// instead of the telnet port.
    pub websocket: Option<SocketAddr>,
    /// Games played at once.
    pub pairs: usize,
    /// Half-moves per game.
    pub moves: usize,
    /// Users who log in and stay idle.
    pub idle: usize,
    /// Observers of the first game.
    pub observers: usize,
    /// Connections opened at once before anything else.
    pub connect_storm: usize,
    /// Registered accounts (name, password) for the login storm.
    pub accounts: Vec<(String, String)>,
    /// Registered logins per second while the games run.
    pub login_rate: u32,
    /// Logins in flight at once.
    pub concurrency: usize,
    /// The server's PID, for `/proc` readings.
    pub server_pid: Option<u32>,
    /// Seconds everyone stays connected after the games.
    pub hold: Duration,
    /// Mean time a player thinks before each move (each think is drawn
    /// uniformly from half to one and a half times this, so that games do
    /// not move in lockstep). Zero: every reply goes at once, and the
    /// relay latency is the queue of a saturated server (Little's law:
    /// games in flight / moves per second), not the cost of one relay.
    pub think: Duration,
    /// Handles start with this (letters only).
    pub prefix: String,
    /// Words after the terms of each `match` (`atomic`, `wild 27`), for
    /// servers where atomic is not the default; empty: the server's
    /// default game (atomic here, normal chess on the C servers, where the
    /// quiet line is just as legal).
    pub variant: String,
    /// Re-arm `TCP_QUICKACK` on the clients' sockets after every read, so
    /// that a server without `TCP_NODELAY` is not held up by the clients'
    /// delayed acks (Nagle waits ~40 ms for them): run a server without it
    /// both ways, to tell its processing from that stall.
    pub quickack: bool,
    /// How long any single wait may take.
    pub patience: Duration,
    /// Commands one more client sends as fast as it can while the games
    /// run (0: no flooder).
    pub flood: usize,
}

impl Default for LoadConfig {
    fn default() -> Self {
        LoadConfig {
            addr: "127.0.0.1:5000".parse().expect("literal address"),
            websocket: None,
            pairs: 10,
            moves: 60,
            idle: 0,
            observers: 0,
            connect_storm: 0,
            accounts: Vec::new(),
            login_rate: 0,
            concurrency: 200,
            server_pid: None,
            hold: Duration::ZERO,
            think: Duration::ZERO,
            prefix: "Ld".to_string(),
            variant: String::new(),
            quickack: false,
            patience: Duration::from_secs(30),
            flood: 0,
        }
    }
}

impl LoadConfig {
    /// Where the clients connect.
    fn via(&self) -> Via {
        match self.websocket {
            Some(web) => Via::WebSocket(web),
            None => Via::Telnet(self.addr),
        }
    }
}

/// A handle made of letters: `prefix` + `kind` + the number in base 26.
fn handle(prefix: &str, kind: char, mut n: usize) -> String {
    let mut s = format!("{prefix}{kind}");
    for _ in 0..5 {
        s.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
    }
    s
}

#[derive(Default)]
struct Tally {
    connect: Samples,
    login: Samples,
    relay: Samples,
    ack: Samples,
    observe: Samples,
    storm_connect: Samples,
    registered_login: Samples,
    errors: Errors,
    moves: u64,
}

impl Tally {
    fn merge(&mut self, o: Tally) {
        self.connect.extend(o.connect);
        self.login.extend(o.login);
        self.relay.extend(o.relay);
        self.ack.extend(o.ack);
        self.observe.extend(o.observe);
        self.storm_connect.extend(o.storm_connect);
        self.registered_login.extend(o.registered_login);
        self.errors.merge(o.errors);
        self.moves += o.moves;
    }
}

/// Connects and logs in under an unregistered name.
async fn join(cfg: &LoadConfig, name: &str, t: &mut Tally) -> Option<Client> {
    let t0 = Instant::now();
    let (mut c, connect) = match Client::connect(cfg.via(), cfg.patience, cfg.quickack).await {
        Ok(x) => x,
        Err(f) => {
            t.errors.add(f.kind, f.detail);
            return None;
        }
    };
    t.connect.add(connect);
    if let Err(f) = c.login_name(name, cfg.patience).await {
        t.errors.add(f.kind, f.detail);
        return None;
    }
    t.login.add(t0.elapsed());
    Some(c)
}

/// Sets a load client up for games: style 12, no bell, no seek ads.
async fn prepare(cfg: &LoadConfig, c: &mut Client) -> client::Step<()> {
    for setting in ["set style 12", "set bell 0", "set seek 0", "set shout 0"] {
        c.command(setting, cfg.patience).await?;
    }
    Ok(())
}

/// Send times of the first game's half-moves, for its observers.
struct Clocked {
    epoch: Instant,
    sent: Vec<AtomicU64>,
}

impl Clocked {
    fn mark(&self, ply: usize) {
        if let Some(slot) = self.sent.get(ply) {
            slot.store(
                self.epoch.elapsed().as_nanos() as u64 + 1,
                Ordering::Release,
            );
        }
    }

    fn since(&self, ply: usize) -> Option<Duration> {
        let sent = self.sent.get(ply)?.load(Ordering::Acquire);
        (sent > 0).then(|| {
            self.epoch
                .elapsed()
                .saturating_sub(Duration::from_nanos(sent - 1))
        })
    }
}

/// One game: `a` (White) challenges `b`, then they play the quiet line.
async fn play_pair(
    cfg: Arc<LoadConfig>,
    i: usize,
    line: Arc<Vec<String>>,
    start: Arc<Barrier>,
    logins: Arc<Semaphore>,
    watched: Option<(Arc<Clocked>, Arc<Barrier>)>,
) -> Tally {
    let mut t = Tally::default();
    let (an, bn) = (handle(&cfg.prefix, 'w', i), handle(&cfg.prefix, 'b', i));
    let pair = {
        let _permit = logins.acquire().await;
        match (join(&cfg, &an, &mut t).await, join(&cfg, &bn, &mut t).await) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        }
    };
    start.wait().await;
    let mut released = false;
    let Some((mut a, mut b)) = pair else {
        if let Some((_, watching)) = &watched {
            watching.wait().await;
        }
        return t;
    };
    let result: client::Step<()> = async {
        prepare(&cfg, &mut a).await?;
        prepare(&cfg, &mut b).await?;
        let terms = format!("match {bn} 0 0 u white {}", cfg.variant);
        a.command(terms.trim_end(), cfg.patience).await?;
        b.expect(b"Challenge:", cfg.patience, "challenge").await?;
        b.send("accept").await?;
        a.next_board(cfg.patience).await?;
        b.next_board(cfg.patience).await?;
        // The watched game waits for its observers before the first move.
        if let Some((_, watching)) = &watched {
            released = true;
            watching.wait().await;
        }
        let clocked = watched.as_ref().map(|(c, _)| c.clone());
        for (ply, mv) in line.iter().take(cfg.moves).enumerate() {
            let (mover, other) = if ply % 2 == 0 {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            if !cfg.think.is_zero() {
                let spread = crate::random::u64() % 1000;
                tokio::time::sleep(cfg.think.mul_f64(0.5 + spread as f64 / 1000.0)).await;
            }
            let t0 = Instant::now();
            if let Some(c) = &clocked {
                c.mark(ply);
            }
            mover.send(mv).await?;
            other.board_at(ply as u32 + 1, cfg.patience).await?;
            t.relay.add(t0.elapsed());
            mover.board_at(ply as u32 + 1, cfg.patience).await?;
            t.ack.add(t0.elapsed());
            t.moves += 1;
        }
        a.command("resign", cfg.patience).await?;
        Ok(())
    }
    .await;
    if let Err(f) = result {
        t.errors.add(f.kind, f.detail);
        // Observers waiting for this game must not wait forever.
        if let Some((_, watching)) = watched.filter(|_| !released) {
            watching.wait().await;
        }
    }
    tokio::time::sleep(cfg.hold).await;
    a.quit().await;
    b.quit().await;
    t
}

/// An observer of the first game: measures how long each board took from
/// the mover's send.
async fn observe(
    cfg: Arc<LoadConfig>,
    i: usize,
    clocked: Arc<Clocked>,
    ready: Arc<Barrier>,
    watching: Arc<Barrier>,
) -> Tally {
    let mut t = Tally::default();
    let name = handle(&cfg.prefix, 'o', i);
    let Some(mut c) = join(&cfg, &name, &mut t).await else {
        ready.wait().await;
        watching.wait().await;
        return t;
    };
    if let Err(f) = prepare(&cfg, &mut c).await {
        t.errors.add(f.kind, f.detail);
    }
    let target = handle(&cfg.prefix, 'w', 0);
    ready.wait().await;
    // The first game may not have started yet.
    let mut watching_ok = false;
    for _ in 0..200 {
        if c.send(&format!("observe {target}")).await.is_err() {
            break;
        }
        match c.next_board(Duration::from_millis(200)).await {
            Ok(_) => {
                watching_ok = true;
                break;
            }
            Err(_) => continue,
        }
    }
    watching_barrier_wait(&watching).await;
    if !watching_ok {
        t.errors.add("observe", target);
        return t;
    }
    loop {
        match c.next_board(cfg.patience).await {
            Ok(b) if b.plies as usize >= cfg.moves => {
                if let Some(d) = clocked.since(b.plies as usize - 1) {
                    t.observe.add(d);
                }
                break;
            }
            Ok(b) if b.plies > 0 => {
                if let Some(d) = clocked.since(b.plies as usize - 1) {
                    t.observe.add(d);
                }
            }
            Ok(_) => {}
            Err(f) => {
                t.errors.add(f.kind, f.detail);
                break;
            }
        }
    }
    c.quit().await;
    t
}

async fn watching_barrier_wait(b: &Barrier) {
    b.wait().await;
}

/// Logs registered accounts in (and out) at `rate` per second until `stop`.
async fn login_storm(cfg: Arc<LoadConfig>, stop: Arc<tokio::sync::Notify>) -> Tally {
    let mut t = Tally::default();
    if cfg.accounts.is_empty() || cfg.login_rate == 0 {
        return t;
    }
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(cfg.login_rate)));
    let mut tasks = JoinSet::new();
    let mut n = 0;
    loop {
        tokio::select! {
            _ = stop.notified() => break,
            _ = tick.tick() => {
                let (name, pw) = cfg.accounts[n % cfg.accounts.len()].clone();
                n += 1;
                let cfg = cfg.clone();
                tasks.spawn(async move {
                    let t0 = Instant::now();
                    let (mut c, _) = Client::connect(cfg.via(), cfg.patience, cfg.quickack).await?;
                    c.login_account(&name, &pw, cfg.patience).await?;
                    let d = t0.elapsed();
                    c.quit().await;
                    Ok::<_, client::Failure>(d)
                });
            }
        }
    }
    while let Some(r) = tasks.join_next().await {
        match r {
            Ok(Ok(d)) => t.registered_login.add(d),
            Ok(Err(f)) => t.errors.add(f.kind, f.detail),
            Err(e) => t.errors.add("task", e.to_string()),
        }
    }
    t
}

fn reading(cfg: &LoadConfig) -> Option<procfs::Reading> {
    cfg.server_pid.and_then(procfs::read)
}

/// Runs the load and returns the report.
pub async fn run(mut cfg: LoadConfig) -> Value {
    if cfg.pairs == 0 {
        cfg.observers = 0; // they watch the first game
    }
    let cfg = Arc::new(cfg);
    let mut tally = Tally::default();
    let mut phases = serde_json::Map::new();
    let mut mark = |name: &str, cfg: &LoadConfig| {
        if let Some(r) = reading(cfg) {
            phases.insert(name.to_string(), r.json());
        }
        reading(cfg)
    };
    let start = mark("start", &cfg);
    let client_cpu0 = procfs::read(std::process::id()).map_or(0.0, |r| r.cpu_s);

    // A connect storm: C connections at once, each waits for `login: `.
    if cfg.connect_storm > 0 {
        let go = Arc::new(Barrier::new(cfg.connect_storm));
        let mut set = JoinSet::new();
        for _ in 0..cfg.connect_storm {
            let (cfg, go) = (cfg.clone(), go.clone());
            set.spawn(async move {
                go.wait().await;
                Client::connect(cfg.via(), cfg.patience, cfg.quickack).await
            });
        }
        let mut open = Vec::new();
        while let Some(r) = set.join_next().await {
            match r {
                Ok(Ok((c, d))) => {
                    tally.storm_connect.add(d);
                    open.push(c);
                }
                Ok(Err(f)) => tally.errors.add(f.kind, f.detail),
                Err(e) => tally.errors.add("task", e.to_string()),
            }
        }
        drop(open);
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    // Idle users, logged in and left alone.
    let logins = Arc::new(Semaphore::new(cfg.concurrency.max(1)));
    let mut idle_clients = Vec::new();
    {
        let mut set = JoinSet::new();
        for i in 0..cfg.idle {
            let (cfg, logins) = (cfg.clone(), logins.clone());
            set.spawn(async move {
                let _permit = logins.acquire().await;
                let mut t = Tally::default();
                let c = join(&cfg, &handle(&cfg.prefix, 'i', i), &mut t).await;
                (c, t)
            });
        }
        while let Some(r) = set.join_next().await {
            if let Ok((c, t)) = r {
                tally.merge(t);
                idle_clients.extend(c);
            }
        }
    }
    let after_idle = mark("after_idle", &cfg);

    // The games, with their observers and the login storm alongside.
    let line = Arc::new(moves::quiet_line(cfg.moves));
    let start_games = Arc::new(Barrier::new(cfg.pairs + cfg.observers + 1));
    let clocked = Arc::new(Clocked {
        epoch: Instant::now(),
        sent: (0..cfg.moves).map(|_| AtomicU64::new(0)).collect(),
    });
    let watching = Arc::new(Barrier::new(cfg.observers + 1));
    let mut set = JoinSet::new();
    for i in 0..cfg.pairs {
        let w = (i == 0 && cfg.observers > 0).then(|| (clocked.clone(), watching.clone()));
        set.spawn(play_pair(
            cfg.clone(),
            i,
            line.clone(),
            start_games.clone(),
            logins.clone(),
            w,
        ));
    }
    for i in 0..cfg.observers {
        set.spawn(observe(
            cfg.clone(),
            i,
            clocked.clone(),
            start_games.clone(),
            watching.clone(),
        ));
    }
    start_games.wait().await;
    let game_start = mark("game_start", &cfg);
    let t_games = Instant::now();
    let stop_storm = Arc::new(tokio::sync::Notify::new());
    let storm = tokio::spawn(login_storm(cfg.clone(), stop_storm.clone()));
    let stop_flood = tokio_util::sync::CancellationToken::new();
    let flood = (cfg.flood > 0).then(|| tokio::spawn(flood::run(cfg.clone(), stop_flood.clone())));
    while let Some(r) = set.join_next().await {
        match r {
            Ok(t) => tally.merge(t),
            Err(e) => tally.errors.add("task", e.to_string()),
        }
    }
    // Players hold after their own game; without games, the idle users hold.
    let game_secs = if cfg.pairs > 0 {
        (t_games.elapsed().as_secs_f64() - cfg.hold.as_secs_f64()).max(0.0)
    } else {
        tokio::time::sleep(cfg.hold).await;
        0.0
    };
    stop_storm.notify_one();
    if let Ok(t) = storm.await {
        tally.merge(t);
    }
    stop_flood.cancel();
    let flood = match flood {
        Some(task) => task.await.unwrap_or(Value::Null),
        None => Value::Null,
    };
    let after_games = mark("after_games", &cfg);
    for c in idle_clients {
        c.quit().await;
    }
    let end = mark("end", &cfg);
    let client_cpu = procfs::read(std::process::id()).map_or(0.0, |r| r.cpu_s) - client_cpu0;

    let mut server = serde_json::Map::new();
    if let (Some(s), Some(a)) = (start, after_idle)
        && cfg.idle > 0
    {
        let per = (a.rss_kb as f64 - s.rss_kb as f64) / cfg.idle as f64;
        server.insert(
            "rss_per_idle_conn_kb".into(),
            json!((per * 100.0).round() / 100.0),
        );
    }
    if let (Some(g), Some(a)) = (game_start, after_games)
        && tally.moves > 0
    {
        let us = (a.cpu_s - g.cpu_s) * 1e6 / tally.moves as f64;
        server.insert("cpu_us_per_ply".into(), json!((us * 10.0).round() / 10.0));
        server.insert(
            "game_cpu_s".into(),
            json!(((a.cpu_s - g.cpu_s) * 1000.0).round() / 1000.0),
        );
    }
    if let Some(e) = end {
        server.insert("vmhwm_kb".into(), json!(e.hwm_kb));
    }
    server.insert("phases".into(), Value::Object(phases));
    json!({
        "transport": if cfg.websocket.is_some() { "ws_text" } else { "telnet" },
        "pairs": cfg.pairs,
        "moves_per_game": cfg.moves,
        "think_ms": cfg.think.as_secs_f64() * 1000.0,
        "idle": cfg.idle,
        "observers": cfg.observers,
        "connect_storm": cfg.connect_storm,
        "moves": tally.moves,
        "game_phase_s": (game_secs * 1000.0).round() / 1000.0,
        "moves_per_s": if game_secs > 0.0 { (tally.moves as f64 / game_secs).round() } else { 0.0 },
        "connect_ms": tally.connect.summary(),
        "login_ms": tally.login.summary(),
        "relay_ms": tally.relay.summary(),
        "ack_ms": tally.ack.summary(),
        "observer_ms": tally.observe.summary(),
        "storm_connect_ms": tally.storm_connect.summary(),
        "registered_login_ms": tally.registered_login.summary(),
        "errors": tally.errors.total(),
        "error_kinds": tally.errors.by_kind,
        "error_samples": tally.errors.samples,
        "client_cpu_s": (client_cpu * 1000.0).round() / 1000.0,
        "flood": flood,
        "server": Value::Object(server),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn handles_are_letters() {
        let h = super::handle("Ld", 'w', 12345);
        assert!(
            h.len() <= 17 && h.chars().all(|c| c.is_ascii_alphabetic()),
            "{h}"
        );
        assert_ne!(super::handle("Ld", 'w', 1), super::handle("Ld", 'w', 2));
    }
}
