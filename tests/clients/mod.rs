//! The harness of the real-client tests: the programs people use (xboard,
//! PyChess, eboard), run headless under a private X server and driven as a
//! person or a bot would drive them. See `README.md` beside this file.
//!
//! Everything a harness starts it stops itself, by process or process
//! group, however the test ends: a GUI left behind would spin on a closed
//! socket and slow every later test.

#![allow(dead_code)]

pub mod x11;
pub mod xboard;
pub mod xboard_log;

use std::path::{Path, PathBuf};
use std::process::{Child, Command};

/// Fails (never skips) when a program the test drives is missing. A name
/// with a slash is a path; any other is looked up on `PATH`.
pub fn require(programs: &[&str]) {
    for p in programs {
        let found = if p.contains('/') {
            Path::new(p).exists()
        } else {
            Command::new("sh")
                .args(["-c", &format!("command -v {p}")])
                .output()
                .is_ok_and(|o| o.status.success())
        };
        assert!(
            found,
            "{p} is missing: run scripts/test.sh, which installs xboard, xvfb, xdotool, imagemagick, pychess and eboard"
        );
    }
}

/// A fresh folder for one test's logs and screenshots, under
/// `target/tmp/clients/`.
pub fn artefacts(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("clients")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// This file's folder: where the harness's own scripts are.
pub fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients")
}

/// A child process killed when the value is dropped.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A process group (a child started with `process_group(0)` and all it
/// started in turn: an engine, `Xvfb` under `xvfb-run`, Python), killed
/// when the value is dropped.
pub struct ProcessGroup(pub u32);

impl Drop for ProcessGroup {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.0)])
            .stderr(std::process::Stdio::null())
            .status();
    }
}
