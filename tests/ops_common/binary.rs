//! The `atomicd` binary, running: started on a configuration and a
//! database, its standard error read line by line, signalled like an
//! operator would.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;

use crate::support::PATIENCE;

/// The server binary, running.
pub struct Binary {
    pub child: Child,
    pub addr: SocketAddr,
    /// Lines of its standard error, as they come.
    log: mpsc::Receiver<String>,
}

/// A test that fails half-way leaves no server behind.
impl Drop for Binary {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Binary {
    /// Starts `atomicd` on `db` with the configuration at `config`, on a
    /// free port, and waits until it listens.
    pub fn start(config: &Path, db: &Path) -> Binary {
        Binary::start_with(config, db, &[])
    }

    /// The same with more arguments (`--log-format json`).
    pub fn start_with(config: &Path, db: &Path, args: &[&str]) -> Binary {
        let mut child = Command::new(env!("CARGO_BIN_EXE_atomicd"))
            .args(["--config", config.to_str().unwrap()])
            .args(["--db", db.to_str().unwrap()])
            .args(["--listen", "127.0.0.1:0", "--web-listen", ""])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("atomicd starts");
        let (tx, log) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut binary = Binary {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            log,
        };
        let line = binary.log_line("listening");
        let at = line.find("local_addr").expect("the address is logged");
        let addr: String = line[at + "local_addr".len()..]
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ':')
            .collect();
        binary.addr = addr.parse().unwrap();
        binary
    }

    /// The next line of the log that contains `needle` (the lines before
    /// it are passed over).
    pub fn log_line(&mut self, needle: &str) -> String {
        self.log_until(needle).pop().unwrap()
    }

    /// The lines of the log up to the next that contains `needle`, that
    /// one last.
    pub fn log_until(&mut self, needle: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .log
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("the server logs {needle:?}; it logged {lines:#?}"));
            let found = line.contains(needle);
            lines.push(line);
            if found {
                return lines;
            }
        }
    }

    /// Every log line that came so far.
    pub fn log_so_far(&mut self) -> Vec<String> {
        self.log.try_iter().collect()
    }

    /// Sends a signal (`TERM`, `HUP`) to the server.
    pub fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{name}");
    }

    /// Sends SIGTERM and waits for a clean exit; returns what it logged
    /// meanwhile.
    pub fn terminate(mut self) -> Vec<String> {
        self.signal("TERM");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "exit after SIGTERM: {status:?}");
        // The reader thread ends with the pipe; all lines are in.
        let mut lines = Vec::new();
        while let Ok(line) = self.log.recv_timeout(PATIENCE) {
            lines.push(line);
        }
        lines
    }
}
