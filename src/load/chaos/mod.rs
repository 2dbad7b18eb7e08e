//! `atomicd chaos`: rated games between registered players while the
//! server is killed with `SIGKILL` again and again, then a check that
//! nothing a player saw was lost.
//!
//! The driver owns the server: it makes the database (the accounts), starts
//! the binary, and at random moments of the run kills it (`kill -9`) and
//! starts it again at once. Each pair of players ([`pair`]) reconnects,
//! logs in, resumes its adjourned game (or starts it, or sees in `history`
//! that it is over) and plays on, writing down every move it saw
//! acknowledged by a board, in files under the work folder. After the last
//! game the server is stopped cleanly and [`check`] compares those files
//! with the database: every acknowledged move stored, in order; one game
//! per pair; each finished game's ratings applied exactly once.
//!
//! The long run is `scripts/chaos.sh` (100 games, 10 kills in 5 minutes);
//! `tests/durable_chaos.rs` runs a short one.

pub mod check;
pub mod pair;

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde::Serialize;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio::time::Instant;

use super::stats::Errors;

/// The password of every account the driver makes.
pub const PASSWORD: &str = "chaos";

/// What to run.
#[derive(Debug, Clone, clap::Args)]
pub struct ChaosOptions {
    /// The server binary (default: this one).
    #[arg(long)]
    pub server_binary: Option<PathBuf>,
    /// A work folder of the run's own: the database, the server's log and
    /// the players' records go there. It must not hold a database yet.
    #[arg(long)]
    pub dir: PathBuf,
    /// The server's data folder (help pages).
    #[arg(long, default_value = "data")]
    pub data_dir: PathBuf,
    /// Games played at once, each by its own pair of accounts.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Times the server is killed.
    #[arg(long, default_value_t = 10)]
    pub kills: usize,
    /// Seconds over which the kills are spread.
    #[arg(long, default_value_t = 300.0)]
    pub seconds: f64,
    /// Half-moves of each game before the side to move resigns.
    #[arg(long, default_value_t = 60)]
    pub plies: usize,
    /// Mean milliseconds a player thinks before a move (default: what
    /// makes the games last about as long as the kills).
    #[arg(long)]
    pub think_ms: Option<f64>,
}

/// What the run found; `ok` when every property holds.
#[derive(Debug, Clone, Serialize)]
pub struct ChaosReport {
    pub games: usize,
    pub kills: usize,
    /// Games being played at each kill.
    pub live_at_kills: Vec<usize>,
    /// Sessions (logins of a pair) the players needed, all games together.
    pub sessions: usize,
    pub finished_seen: usize,
    pub check: check::Findings,
    /// Client-side failures by kind (mostly connections the kills cut).
    pub client_errors: std::collections::BTreeMap<String, u64>,
    pub seconds: f64,
    pub ok: bool,
}

/// A running server and what it says.
struct Server {
    child: Child,
    addr: SocketAddr,
}

/// Starts the server and waits for its address (read from its log, which
/// is appended to `server.log`).
fn spawn(binary: &Path, dir: &Path) -> Result<Server, String> {
    let mut child = Command::new(binary)
        .args(["--listen", "127.0.0.1:0", "--web-listen", ""])
        .args(["--db", "chaos.sqlite3", "--config", "config.toml"])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let err = child.stderr.take().ok_or("no stderr")?;
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("server.log"))
        .map_err(|e| e.to_string())?;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut tx = Some(tx);
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = writeln!(log, "{line}");
            if let Some(rest) = line.split("local_addr=").nth(1)
                && let Some(addr) = rest.split_whitespace().next()
                && let Some(tx) = tx.take()
            {
                let _ = tx.send(addr.to_string());
            }
        }
    });
    let addr = rx
        .recv_timeout(Duration::from_secs(60))
        .map_err(|_| "the server did not start (see server.log)".to_string())?;
    let addr = addr.parse().map_err(|e| format!("{addr}: {e}"))?;
    Ok(Server { child, addr })
}

/// Makes the database with one pair of accounts per game.
fn prepare(opts: &ChaosOptions) -> Result<(), String> {
    std::fs::create_dir_all(opts.dir.join("acked")).map_err(|e| e.to_string())?;
    let db = opts.dir.join("chaos.sqlite3");
    if db.exists() {
        return Err(format!("{} exists: give a fresh --dir", db.display()));
    }
    let data = std::fs::canonicalize(&opts.data_dir).map_err(|e| format!("--data-dir: {e}"))?;
    // Boards wait for their move's commit however slow the shared machine
    // is, so that "acknowledged" means "committed".
    let config = format!(
        "data_dir = {:?}\n\n[store]\nboard_wait_ms = 20000\n",
        data.display().to_string()
    );
    std::fs::write(opts.dir.join("config.toml"), config).map_err(|e| e.to_string())?;
    let conn = crate::store::open_connection(&db).map_err(|e| e.to_string())?;
    // The lowest cost: two hundred logins after every restart.
    let hash = bcrypt::hash(PASSWORD, 4).map_err(|e| e.to_string())?;
    for i in 0..opts.games {
        for name in pair::names(i) {
            crate::store::accounts::create(
                &conn,
                &name,
                &hash,
                crate::account::Titles::default(),
                0,
            )
            .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Runs the whole thing and reports.
pub async fn run(opts: ChaosOptions) -> Result<ChaosReport, String> {
    let t0 = Instant::now();
    let binary = match &opts.server_binary {
        Some(b) => b.clone(),
        None => std::env::current_exe().map_err(|e| e.to_string())?,
    };
    prepare(&opts)?;
    let line = Arc::new(crate::load::moves::quiet_line(opts.plies));
    let kill_span = Duration::from_secs_f64(opts.seconds.max(1.0));
    let think = match opts.think_ms {
        Some(ms) => Duration::from_secs_f64(ms.max(0.0) / 1000.0),
        None => kill_span.mul_f64(0.9) / line.len().max(1) as u32,
    };
    let dir = opts.dir.clone();
    let spawn_in = {
        let (binary, dir) = (binary.clone(), dir.clone());
        move || {
            let (binary, dir) = (binary.clone(), dir.clone());
            tokio::task::spawn_blocking(move || spawn(&binary, &dir))
        }
    };
    let server = spawn_in().await.map_err(|e| e.to_string())??;
    let (addr_tx, addr_rx) = watch::channel(Some(server.addr));
    let live = Arc::new(AtomicUsize::new(0));
    let ctx = Arc::new(pair::Ctx {
        line,
        think,
        dir: dir.clone(),
        live: live.clone(),
        // Long enough for every game after the last kill, on a busy machine.
        deadline: t0 + kill_span * 2 + Duration::from_secs(600),
    });
    let mut pairs = JoinSet::new();
    for i in 0..opts.games {
        pairs.spawn(pair::run(ctx.clone(), i, addr_rx.clone()));
    }
    let mut server = server;
    let mut live_at_kills = Vec::new();
    for k in 0..opts.kills {
        // One kill at a random moment of each slice of the span.
        let slot = kill_span / opts.kills as u32;
        let within = 0.2 + 0.6 * (crate::random::u64() % 1000) as f64 / 1000.0;
        let at = t0 + slot * k as u32 + slot.mul_f64(within);
        tokio::time::sleep_until(at).await;
        live_at_kills.push(live.load(Ordering::Relaxed));
        addr_tx.send_replace(None);
        let mut dead = server.child;
        tokio::task::spawn_blocking(move || {
            let _ = dead.kill();
            let _ = dead.wait();
        })
        .await
        .map_err(|e| e.to_string())?;
        tracing::info!(kill = k + 1, "server killed; starting it again");
        server = spawn_in().await.map_err(|e| e.to_string())??;
        addr_tx.send_replace(Some(server.addr));
    }
    let mut errors = Errors::default();
    let (mut sessions, mut finished_seen) = (0, 0);
    while let Some(done) = pairs.join_next().await {
        let outcome = done.map_err(|e| e.to_string())?;
        sessions += outcome.sessions;
        finished_seen += usize::from(outcome.finished);
        errors.merge(outcome.errors);
    }
    stop(server.child).await?;
    let db = dir.join("chaos.sqlite3");
    let games = opts.games;
    let line = ctx.line.clone();
    let findings = tokio::task::spawn_blocking(move || check::check(&db, &dir, games, &line))
        .await
        .map_err(|e| e.to_string())??;
    let ok = findings.holds() && finished_seen == games;
    Ok(ChaosReport {
        games,
        kills: opts.kills,
        live_at_kills,
        sessions,
        finished_seen,
        check: findings,
        client_errors: errors.by_kind,
        seconds: t0.elapsed().as_secs_f64(),
        ok,
    })
}

/// Stops the server cleanly (SIGTERM) and waits for it.
async fn stop(mut child: Child) -> Result<(), String> {
    tokio::task::spawn_blocking(move || {
        let status = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .map_err(|e| e.to_string())?;
        if !status.success() {
            return Err("kill -TERM failed".to_string());
        }
        let exit = child.wait().map_err(|e| e.to_string())?;
        if exit.success() {
            Ok(())
        } else {
            Err(format!("the server stopped with {exit}"))
        }
    })
    .await
    .map_err(|e| e.to_string())?
}
