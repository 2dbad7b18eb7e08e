//! What the tests with the real engine share: where scripts/engines.sh
//! installed Fairy-Stockfish (WebAssembly under Node.js), and a plain UCI
//! conversation with it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// `engines/fairy-stockfish`, the command of config.toml's `engine`.
/// scripts/test.sh installs it first (scripts/engines.sh); a test run
/// without it fails here, saying so.
pub fn fairy_stockfish() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("engines/fairy-stockfish");
    let installed = path
        .parent()
        .unwrap()
        .join("node_modules/fairy-stockfish-nnue.wasm/uci.js");
    assert!(
        installed.is_file(),
        "Fairy-Stockfish is not installed: run scripts/engines.sh (it installs {})",
        installed.display()
    );
    path
}

/// The engine as a child process, spoken to line by line.
pub struct Uci {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Uci {
    /// Starts the engine and sets it up for atomic (`uci`, `UCI_Variant`,
    /// `isready`).
    pub fn atomic() -> Uci {
        let mut child = Command::new(fairy_stockfish())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut uci = Uci {
            child,
            stdin,
            stdout,
        };
        uci.send("uci");
        uci.until(|l| l == "uciok");
        uci.send("setoption name UCI_Variant value atomic");
        uci.send("isready");
        uci.until(|l| l == "readyok");
        uci
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().unwrap();
    }

    /// Reads lines up to the first for which `last` holds; returns them all.
    pub fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("the engine writes");
            assert!(n > 0, "the engine exited; it said:\n{}", lines.join("\n"));
            let line = line.trim().to_string();
            let done = last(&line);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
