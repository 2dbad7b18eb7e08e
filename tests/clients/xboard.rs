//! The real xboard (Debian's 4.9.1, GTK) in ICS mode against a test
//! server: as a person who types in its ICS console and clicks moves on its
//! board, or as a zippy bot whose engine plays by itself.
//!
//! xboard is watched through its debug log (`-debug`), where it writes
//! every byte it reads from and sends to the server and what it made of
//! it. The test waits for what it needs in that log (logged in, the game
//! recognised as atomic, a board parsed, the end) instead of sleeping for
//! fixed times; `xboard_log` judges the log at the end.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Duration;

use super::ProcessGroup;
use super::x11::Display;

/// How xboard takes part.
pub enum Role {
    /// A person: no engine (`-ncp`); the test types and clicks.
    Person,
    /// A zippy bot with this CECP engine command.
    Zippy { engine: String },
}

/// Square size in pixels (`-size`); the board grid has a 1-pixel line
/// between squares.
const SQUARE: u32 = 49;

/// A running xboard, stopped (with its engine) when dropped.
pub struct Xboard {
    pub out: PathBuf,
    debug: PathBuf,
    /// xboard's standard input is its ICS console; closing it would end
    /// xboard, so it stays open for the whole run.
    console: ChildStdin,
    child: Child,
    _group: ProcessGroup,
    /// The top-left corner of the board grid on the screen, once found.
    origin: Option<(u32, u32)>,
}

impl Xboard {
    /// Starts xboard on `display` against the server on 127.0.0.1:`port`.
    /// `login` is `guest`, a name, or `name:password`; xboard sends it from
    /// its `-icslogon` file as soon as it sees `login:`.
    pub fn start(display: &Display, port: u16, login: &str, role: Role, out: &Path) -> Xboard {
        let home = out.join("home");
        std::fs::create_dir_all(&home).unwrap();
        let logon = out.join("icslogon");
        let lines = match login.split_once(':') {
            Some((name, password)) => format!("{name}\n{password}\n"),
            // A guest or a new name: the empty line answers "Press return".
            None => format!("{login}\n\n"),
        };
        std::fs::write(&logon, lines).unwrap();
        let debug = out.join("xboard.debug");
        let mut args: Vec<String> = [
            "-ics",
            "-icshost",
            "127.0.0.1",
            "-icsport",
            &port.to_string(),
            "-icslogon",
            &logon.display().to_string(),
            // The spelling matters: `-debugFile` is refused.
            "-debug",
            "-debugfile",
            &debug.display().to_string(),
            "-engineDebugOutput",
            "2",
            "-saveSettingsOnExit",
            "false",
            "-settingsFile",
            &home.join("xboardrc").display().to_string(),
            "-size",
            &SQUARE.to_string(),
            "-x",
            "0",
            "-y",
            "0",
            "-popupExitMessage",
            "false",
            // Booleans take no value in their short form; a stray value is
            // read as a game file and every later option is ignored, so the
            // long forms with values are used throughout.
            "-autoCallFlag",
            "false",
            "-keepAlive",
            "0",
            // A tip xboard pops up over the middle of the board at start.
            "-messageSuppress",
            "Right-clicking menu item or dialog text pops up help on it",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        match role {
            Role::Person => args.push("-ncp".into()),
            Role::Zippy { engine } => args.extend(
                [
                    "-zp",
                    "-fcp",
                    &engine,
                    "-fd",
                    &out.display().to_string(),
                    // xboard's default list has no atomic.
                    "-zippyVariants",
                    "normal,atomic",
                    "-zippyGameEnd",
                    "",
                    "-ponderNextMove",
                    "false",
                ]
                .iter()
                .map(|s| s.to_string()),
            ),
        }
        std::fs::write(
            out.join("command.txt"),
            format!("xboard {}\n", args.join(" ")),
        )
        .unwrap();
        let stdout = std::fs::File::create(out.join("xboard.stdout")).unwrap();
        let mut child = Command::new("/usr/games/xboard")
            .args(&args)
            .env("HOME", &home)
            .env("DISPLAY", &display.name)
            .current_dir(&home)
            .stdin(Stdio::piped())
            .stdout(stdout.try_clone().unwrap())
            .stderr(stdout)
            .process_group(0)
            .spawn()
            .expect("xboard starts");
        let console = child.stdin.take().expect("piped stdin");
        let group = ProcessGroup(child.id());
        Xboard {
            out: out.to_path_buf(),
            debug,
            console,
            child,
            _group: group,
            origin: None,
        }
    }

    /// The debug log so far (xboard writes it unbuffered). Control bytes
    /// appear as octal escapes (`\015\012`); the rest is Latin-1.
    pub fn log(&self) -> String {
        std::fs::read(&self.debug)
            .map(|b| b.iter().map(|&c| c as char).collect())
            .unwrap_or_default()
    }

    /// Waits until `ready` holds for the log, up to `secs` seconds; fails
    /// with `what` and the end of the log otherwise.
    pub async fn wait_for(&mut self, what: &str, secs: u64, ready: impl Fn(&str) -> bool) {
        for _ in 0..secs * 5 {
            if ready(&self.log()) {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "xboard exited ({status}) before {what}:\n{}",
                    tail(&self.log())
                );
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!(
            "xboard: no {what} after {secs} s; its log ends:\n{}",
            tail(&self.log())
        );
    }

    /// Types a line into xboard's ICS console, as a person would.
    pub fn type_line(&mut self, line: &str) {
        writeln!(self.console, "{line}")
            .and_then(|()| self.console.flush())
            .expect("xboard reads its console");
    }

    /// Clicks a move (`e2e4`) on the board: the piece, then its target.
    /// The board is White at the bottom (xboard's person plays White here).
    pub async fn click_move(&mut self, display: &Display, mv: &str) {
        let origin = match self.origin {
            Some(o) => o,
            None => {
                let found = find_board(display).unwrap_or_else(|| {
                    let shot = self.out.join("shot-no-board.png");
                    display.screenshot(&shot);
                    panic!(
                        "xboard's board grid is not on the screen (see {})",
                        shot.display()
                    )
                });
                self.origin = Some(found);
                found
            }
        };
        let (from, to) = mv.split_at(2);
        let (x, y) = square_centre(origin, from);
        display.click(x, y);
        tokio::time::sleep(Duration::from_millis(400)).await;
        let (x, y) = square_centre(origin, to);
        display.click(x, y);
    }

    /// Stops xboard (its process group, with the engine) and returns the
    /// whole debug log.
    pub fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.log()
    }
}

/// The last lines of a log, for a failure message.
fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(25)..].join("\n")
}

/// The centre of `square` (`e2`) on the screen, White at the bottom.
fn square_centre((ox, oy): (u32, u32), square: &str) -> (u32, u32) {
    let b = square.as_bytes();
    let file = u32::from(b[0] - b'a');
    let rank = u32::from(b[1] - b'0');
    let pitch = SQUARE + 1;
    (
        ox + 1 + file * pitch + pitch / 2,
        oy + 1 + (8 - rank) * pitch + pitch / 2,
    )
}

/// Finds the board on the screen: the top-left crossing of its grid, a
/// point from which 1-pixel black lines run every `SQUARE + 1` pixels
/// right and down. xboard's window sits at (0, 0), so the board is in the
/// top-left part of the screen.
fn find_board(display: &Display) -> Option<(u32, u32)> {
    let img = display.pixels()?;
    let p = i64::from(SQUARE + 1);
    for y in 20..600i64 {
        for x in 0..40i64 {
            // Four horizontal lines crossing one column inside the first
            // file, each one pixel thick...
            let rows = (0..4).all(|k| img.is_black(x + 15, y + k * p))
                && !img.is_black(x + 15, y + 1)
                && !img.is_black(x + 15, y - 1);
            // ...and four vertical lines crossing the middle of the first
            // rank, the first one pixel thick.
            let cols = (0..4).all(|k| img.is_black(x + k * p, y + p / 2))
                && !img.is_black(x + 1, y + p / 2);
            if rows && cols {
                return Some((x as u32, y as u32));
            }
        }
    }
    None
}

/// Whether the log shows that xboard logged in and set itself up: it sends
/// `style 12` (as `$style 12`) only once it has seen a prompt.
pub fn logged_in(log: &str) -> bool {
    super::xboard_log::Session::read(log).logged_in()
}
