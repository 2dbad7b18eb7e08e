//! The UCI engine as a child process (`tokio::process`).
//!
//! The engine's standard output is read by a task of its own into a
//! channel, so that waiting for its next line can sit in a `select!` next
//! to the server connection and a deadline, and be dropped without losing
//! anything. An engine that exits, or that the bot kills because it hung,
//! is started again for the next search: a broken engine costs a game,
//! never the bot.

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;

/// How long an engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(30);

/// The program to run and its arguments: `--engine` split on whitespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl EngineCommand {
    /// `"fairy-stockfish"`, `"/path/random_uci --illegal-at 3"`.
    pub fn parse(text: &str) -> Result<EngineCommand, String> {
        let mut words = text.split_whitespace().map(str::to_string);
        let program = words.next().ok_or("--engine is empty")?;
        Ok(EngineCommand {
            program,
            args: words.collect(),
        })
    }
}

/// Why the engine could not do what was asked.
#[derive(Debug)]
pub enum EngineError {
    /// The program could not be started.
    Spawn(String, std::io::Error),
    /// It exited (or closed its output).
    Died,
    /// It did not answer `what` in time.
    Silent(&'static str),
    /// Writing to it failed.
    Io(std::io::Error),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Spawn(p, e) => write!(f, "cannot start engine \"{p}\": {e}"),
            EngineError::Died => f.write_str("the engine exited"),
            EngineError::Silent(what) => write!(f, "the engine did not answer {what} in time"),
            EngineError::Io(e) => write!(f, "cannot write to the engine: {e}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// A running engine process.
struct Running {
    /// Killed when dropped (`kill_on_drop`).
    _child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

/// The engine: started on demand, restarted after it fails.
pub struct Engine {
    command: EngineCommand,
    options: Vec<(String, String)>,
    running: Option<Running>,
    /// `bestmove` lines still owed by searches the bot stopped.
    stale: usize,
    /// `id name` of the engine, once it has said it.
    pub name: String,
    /// The values of its `UCI_Variant` option (empty if it has none).
    pub variants: Vec<String>,
    /// It has the `UCI_Chess960` option (Atomic960's castling).
    pub knows_chess960: bool,
    /// `UCI_Chess960` as last set in the running process (false in a new
    /// one: the UCI default).
    chess960: bool,
}

impl Engine {
    pub fn new(command: EngineCommand, options: Vec<(String, String)>) -> Engine {
        let name = command.program.clone();
        Engine {
            command,
            options,
            running: None,
            stale: 0,
            name,
            variants: Vec::new(),
            knows_chess960: false,
            chess960: false,
        }
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Starts the engine if it is not running: `uci`, the options,
    /// `isready`.
    pub async fn ensure_started(&mut self) -> Result<(), EngineError> {
        if self.running.is_some() {
            return Ok(());
        }
        let mut child = Command::new(&self.command.program)
            .args(&self.command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| EngineError::Spawn(self.command.program.clone(), e))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(EngineError::Died);
        };
        let (tx, lines) = mpsc::channel(1024);
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                if tx.send(line).await.is_err() {
                    break;
                }
            }
        });
        self.running = Some(Running {
            _child: child,
            stdin,
            lines,
        });
        self.stale = 0;
        self.chess960 = false;
        let started = self.handshake().await;
        if started.is_err() {
            self.kill();
        }
        started
    }

    async fn handshake(&mut self) -> Result<(), EngineError> {
        self.send("uci").await?;
        loop {
            let line = self.wait_line("uciok").await?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            }
            if let Some(variants) = variant_values(&line) {
                self.variants = variants;
            }
            if line.starts_with("option name UCI_Chess960 ") {
                self.knows_chess960 = true;
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in self.options.clone() {
            self.send(&format!("setoption name {name} value {value}"))
                .await?;
        }
        self.ready().await?;
        tracing::info!(engine = %self.name, "engine ready");
        Ok(())
    }

    /// `isready` and its `readyok`.
    async fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready").await?;
        while self.wait_line("readyok").await?.trim() != "readyok" {}
        Ok(())
    }

    async fn wait_line(&mut self, what: &'static str) -> Result<String, EngineError> {
        match tokio::time::timeout(HANDSHAKE, self.next_line()).await {
            Ok(Some(line)) => Ok(line),
            Ok(None) => Err(EngineError::Died),
            Err(_) => Err(EngineError::Silent(what)),
        }
    }

    async fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let Some(running) = self.running.as_mut() else {
            return Err(EngineError::Died);
        };
        tracing::debug!(to_engine = line);
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        let written = async {
            running.stdin.write_all(&bytes).await?;
            running.stdin.flush().await
        };
        match written.await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(EngineError::Died),
            Err(e) => Err(EngineError::Io(e)),
        }
    }

    /// Sets an option between searches (`setoption`, then `isready`).
    pub async fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.ensure_started().await?;
        self.send(&format!("setoption name {name} value {value}"))
            .await?;
        self.ready().await
    }

    /// Chess960 castling on or off (`UCI_Chess960`) for the next search:
    /// on for an Atomic960 game, off again for an atomic one. Sent only
    /// when it changes, so an engine that plays atomic only never sees it.
    pub async fn set_chess960(&mut self, on: bool) -> Result<(), EngineError> {
        self.ensure_started().await?;
        if self.chess960 != on {
            self.set_option("UCI_Chess960", if on { "true" } else { "false" })
                .await?;
            self.chess960 = on;
        }
        Ok(())
    }

    /// A new game: `ucinewgame`, then `isready`.
    pub async fn new_game(&mut self) -> Result<(), EngineError> {
        self.ensure_started().await?;
        self.send("ucinewgame").await?;
        self.ready().await
    }

    /// Starts a search: `position …` then `go …`. The answer comes as a
    /// `bestmove` line from [`Engine::next_line`].
    pub async fn go(&mut self, position: &str, go: &str) -> Result<(), EngineError> {
        self.ensure_started().await?;
        self.send(position).await?;
        self.send(go).await
    }

    /// Ends a search whose answer is no longer wanted; its `bestmove`
    /// will be dropped.
    pub async fn stop(&mut self) {
        if self.running.is_some() && self.send("stop").await.is_ok() {
            self.stale += 1;
        }
    }

    /// The engine's next line, without the `bestmove`s of stopped
    /// searches; `None` once it has died (it is then forgotten, and
    /// started again when next needed). Never ready while no engine runs.
    /// Cancel-safe.
    pub async fn next_line(&mut self) -> Option<String> {
        let Some(running) = self.running.as_mut() else {
            return std::future::pending().await;
        };
        loop {
            let Some(line) = running.lines.recv().await else {
                self.running = None;
                return None;
            };
            tracing::trace!(from_engine = %line);
            if line.starts_with("bestmove") && self.stale > 0 {
                self.stale -= 1;
                continue;
            }
            return Some(line);
        }
    }

    /// Kills the engine at once (it hung); it starts again when needed.
    pub fn kill(&mut self) {
        self.running = None;
        self.stale = 0;
    }

    /// `quit`, a moment to go, then kill.
    pub async fn quit(&mut self) {
        if self.running.is_some() {
            let _ = self.send("quit").await;
            if let Some(running) = self.running.as_mut() {
                let _ = tokio::time::timeout(Duration::from_secs(2), async {
                    while running.lines.recv().await.is_some() {}
                })
                .await;
            }
        }
        self.kill();
    }
}

/// Starts `command` once to see that it is a UCI engine that plays atomic,
/// then quits it: the engine's name, or why it cannot be used (one line,
/// for the log and for players).
pub async fn probe(command: &str) -> Result<String, String> {
    let parsed = EngineCommand::parse(command).map_err(|e| e.replace("--engine", "engine"))?;
    let atomic = vec![("UCI_Variant".to_string(), "atomic".to_string())];
    let mut engine = Engine::new(parsed, atomic);
    let started = engine.ensure_started().await;
    let answer = match started {
        Err(e) => Err(e.to_string()),
        Ok(()) if !engine.variants.iter().any(|v| v == "atomic") => Err(format!(
            "the engine {} does not play atomic (its UCI_Variant option has no atomic)",
            engine.name
        )),
        Ok(()) => Ok(engine.name.clone()),
    };
    engine.quit().await;
    answer
}

/// The values of a `UCI_Variant` combo option line (`option name
/// UCI_Variant type combo default chess var 3check var atomic …`).
fn variant_values(line: &str) -> Option<Vec<String>> {
    let rest = line.strip_prefix("option name UCI_Variant ")?;
    let mut words = rest.split_whitespace();
    let mut values = Vec::new();
    while let Some(w) = words.next() {
        if w == "var"
            && let Some(v) = words.next()
        {
            values.push(v.to_string());
        }
    }
    Some(values)
}

/// The rank and first move of a UCI `info … [multipv K] … pv MOVE …`
/// line (rank 1 when the engine gives none); `None` for other lines.
pub fn pv_line(line: &str) -> Option<(u32, &str)> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut rank = 1;
    while let Some(w) = words.next() {
        match w {
            "multipv" => rank = words.next()?.parse().ok()?,
            "pv" => return words.next().map(|m| (rank, m)),
            // Free text: nothing after it is a field.
            "string" => return None,
            _ => {}
        }
    }
    None
}

/// The move of a `bestmove` line (`bestmove e2e4 ponder e7e5`).
pub fn bestmove(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    (words.next() == Some("bestmove")).then(|| words.next().unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_bestmove_lines() {
        assert_eq!(
            EngineCommand::parse("  /opt/fsf  --x 1 ").unwrap(),
            EngineCommand {
                program: "/opt/fsf".into(),
                args: vec!["--x".into(), "1".into()]
            }
        );
        assert!(EngineCommand::parse("   ").is_err());
        assert_eq!(bestmove("bestmove e2e4 ponder e7e5"), Some("e2e4"));
        assert_eq!(bestmove("bestmove"), Some(""));
        assert_eq!(bestmove("info depth 1"), None);
    }

    #[test]
    fn pv_and_variant_lines() {
        assert_eq!(
            pv_line("info depth 9 seldepth 11 multipv 3 score cp 0 nodes 10 pv f6e5 b1c3"),
            Some((3, "f6e5"))
        );
        assert_eq!(
            pv_line("info depth 1 score cp 5 pv e2e4"),
            Some((1, "e2e4"))
        );
        assert_eq!(pv_line("info depth 1 score cp 5"), None);
        assert_eq!(pv_line("info string pv e2e4"), None);
        assert_eq!(pv_line("info multipv x pv e2e4"), None);
        assert_eq!(pv_line("bestmove e2e4"), None);
        assert_eq!(
            variant_values("option name UCI_Variant type combo default chess var atomic var chess"),
            Some(vec!["atomic".to_string(), "chess".to_string()])
        );
        assert_eq!(variant_values("option name Threads type spin"), None);
    }
}
