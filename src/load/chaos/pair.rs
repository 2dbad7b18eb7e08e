//! One game of the chaos run, from the players' side: two registered
//! accounts that log in again after every kill, resume their game and play
//! it to the end, writing down every move a board acknowledged.
//!
//! The record is a file per pair, `acked/NNNN.txt`: a line `PLY UCI` for
//! each half-move as soon as a board showing it arrived (the opponent's,
//! which comes first), and `end` once both saw the game end. It is written
//! as the game goes, so that it is the players' word, not the driver's
//! memory, that [`super::check`] compares with the database.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use super::PASSWORD;
use crate::load::client::{Board, Client, Step, Via, parse_board};
use crate::load::stats::Errors;

/// How long one step (a login, a board) may take before the session is
/// given up and started again.
const PATIENCE: Duration = Duration::from_secs(30);

/// The terms of every game: rated, and long enough never to flag.
const TERMS: &str = "30 0 r white";

/// What the pairs share.
pub struct Ctx {
    /// The half-moves of every game, in coordinates.
    pub line: Arc<Vec<String>>,
    /// Mean time before each move.
    pub think: Duration,
    /// The work folder.
    pub dir: PathBuf,
    /// Games between their first board and their end, right now.
    pub live: Arc<AtomicUsize>,
    /// Past it a pair stops trying.
    pub deadline: Instant,
}

/// How a pair's game went.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Both players saw the game end.
    pub finished: bool,
    /// Logins of the pair.
    pub sessions: usize,
    pub errors: Errors,
}

/// The accounts of pair `i`: White, Black.
pub fn names(i: usize) -> [String; 2] {
    [
        crate::load::handle("Ch", 'w', i),
        crate::load::handle("Ch", 'b', i),
    ]
}

/// The record file of pair `i`.
pub fn record_path(dir: &Path, i: usize) -> PathBuf {
    dir.join("acked").join(format!("{i:04}.txt"))
}

/// The pair's record, appended to as the game goes.
struct Record {
    file: std::fs::File,
    /// Half-moves acknowledged so far.
    acked: u32,
}

impl Record {
    fn ack(&mut self, ply: u32, uci: &str) {
        if ply > self.acked {
            self.acked = ply;
            let _ = writeln!(self.file, "{ply} {uci}");
        }
    }

    fn end(&mut self) {
        let _ = writeln!(self.file, "end");
    }
}

/// Counts a game as live while it is held.
struct Live(Arc<AtomicUsize>);

impl Live {
    fn new(n: &Arc<AtomicUsize>) -> Live {
        n.fetch_add(1, Ordering::Relaxed);
        Live(n.clone())
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Plays pair `i`'s game to its end through every kill.
pub async fn run(ctx: Arc<Ctx>, i: usize, addr: watch::Receiver<Option<SocketAddr>>) -> Outcome {
    let mut out = Outcome::default();
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(record_path(&ctx.dir, i));
    let mut record = match file {
        Ok(file) => Record { file, acked: 0 },
        Err(e) => {
            out.errors.add("record", e.to_string());
            return out;
        }
    };
    // Not all at once: the first logins spread over a second.
    pause(1000).await;
    while Instant::now() < ctx.deadline {
        let Some(at) = *addr.borrow() else {
            pause(200).await;
            continue;
        };
        out.sessions += 1;
        match session(&ctx, i, at, &mut record).await {
            Ok(()) => {
                out.finished = true;
                return out;
            }
            Err(f) => {
                out.errors.add(f.kind, f.detail);
                pause(500).await;
            }
        }
    }
    out.errors
        .add("deadline", format!("pair {i} never finished"));
    out
}

/// Sleeps a random time up to `ms` milliseconds.
async fn pause(ms: u64) {
    let ms = crate::random::u64() % ms.max(1);
    tokio::time::sleep(Duration::from_millis(ms)).await;
}

async fn login(at: SocketAddr, name: &str) -> Step<Client> {
    let (mut c, _) = Client::connect(Via::Telnet(at), PATIENCE, false).await?;
    c.login_account(name, PASSWORD, PATIENCE).await?;
    for setting in ["set style 12", "set bell 0", "set seek 0", "set shout 0"] {
        c.command(setting, PATIENCE).await?;
    }
    Ok(c)
}

/// One life of the pair between two kills: log in, find the game where
/// the server left it, play on. `Ok` once the game is over.
async fn session(ctx: &Ctx, i: usize, at: SocketAddr, record: &mut Record) -> Step<()> {
    let [wn, bn] = names(i);
    let mut w = login(at, &wn).await?;
    let mut b = login(at, &bn).await?;
    // Over already (the kill came after the end, before they saw it)?
    let history = w.command_text("history", PATIENCE).await?;
    if !history.contains("No games in history") {
        record.end();
        w.quit().await;
        b.quit().await;
        return Ok(());
    }
    // Already back in play (a server that resumes games by itself)?
    if let Some(start) = in_play(&mut w).await? {
        in_play(&mut b).await?;
        return play_on(ctx, i, start.plies as usize, w, b, record).await;
    }
    // `match` with the name alone resumes their adjourned game.
    let stored = w.command_text("stored", PATIENCE).await?;
    let terms = if stored.contains(bn.as_str()) {
        String::new()
    } else {
        format!(" {TERMS}")
    };
    w.command(&format!("match {bn}{terms}"), PATIENCE).await?;
    b.expect(b"You can \"accept\"", PATIENCE, "challenge")
        .await?;
    b.send("accept").await?;
    let start = w.next_board(PATIENCE).await?;
    b.next_board(PATIENCE).await?;
    play_on(ctx, i, start.plies as usize, w, b, record).await
}

/// The board of the game `c` is playing, if any (`refresh`).
async fn in_play(c: &mut Client) -> Step<Option<Board>> {
    let shown = c.command_text("refresh", PATIENCE).await?;
    Ok(shown
        .lines()
        .find(|l| l.starts_with("<12> "))
        .and_then(|l| parse_board(l.as_bytes()))
        .filter(|b| b.relation == 1 || b.relation == -1))
}

/// Plays the game on from half-move `ply` to its end.
async fn play_on(
    ctx: &Ctx,
    i: usize,
    mut ply: usize,
    mut w: Client,
    mut b: Client,
    record: &mut Record,
) -> Step<()> {
    let _live = Live::new(&ctx.live);
    if (ply as u32) < record.acked {
        // The check will find it too; say it where it happened.
        tracing::error!(
            pair = i,
            acked = record.acked,
            resumed_at = ply,
            "acknowledged moves lost"
        );
    }
    while ply < ctx.line.len() {
        let (mover, other) = if ply.is_multiple_of(2) {
            (&mut w, &mut b)
        } else {
            (&mut b, &mut w)
        };
        if !ctx.think.is_zero() {
            let spread = (crate::random::u64() % 1000) as f64 / 1000.0;
            tokio::time::sleep(ctx.think.mul_f64(0.5 + spread)).await;
        }
        let mv = &ctx.line[ply];
        mover.send(mv).await?;
        other.board_at(ply as u32 + 1, PATIENCE).await?;
        record.ack(ply as u32 + 1, mv);
        mover.board_at(ply as u32 + 1, PATIENCE).await?;
        ply += 1;
    }
    let mover = if ply.is_multiple_of(2) {
        &mut w
    } else {
        &mut b
    };
    mover.send("resign").await?;
    w.expect(b"resigns}", PATIENCE, "end").await?;
    b.expect(b"resigns}", PATIENCE, "end").await?;
    record.end();
    w.quit().await;
    b.quit().await;
    Ok(())
}
