//! The bot's connection to a FICS server: the login dialogue, timeseal,
//! block mode, and reading what the server says as [`Piece`]s.

use std::collections::VecDeque;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;

use super::fics::{self, Event};
use super::wire::{self, Encoding, Framer, PING_REPLY, PROMPT, Piece, TIMESEAL_HELLO};

/// How long the login dialogue may take.
const LOGIN_TIME: Duration = Duration::from_secs(30);

/// Why a login failed.
#[derive(Debug)]
pub enum LoginError {
    /// The connection failed or closed: try again later.
    Lost(String),
    /// The server refused the name or password: trying again will not help.
    Refused(String),
}

impl std::fmt::Display for LoginError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoginError::Lost(why) | LoginError::Refused(why) => f.write_str(why),
        }
    }
}

/// A connection to the server.
pub struct Conn {
    stream: TcpStream,
    framer: Framer,
    pieces: VecDeque<Piece>,
    encoding: Encoding,
    opened: Instant,
    /// The last block-mode command id; 0 while block mode is off.
    last_id: u32,
    seed: u64,
}

impl Conn {
    /// Connects; with `timeseal`, the first line is the timeseal handshake.
    pub async fn connect(server: &str, timeseal: bool) -> std::io::Result<Conn> {
        let stream = tokio::time::timeout(Duration::from_secs(10), TcpStream::connect(server))
            .await
            .map_err(|_| {
                std::io::Error::new(std::io::ErrorKind::TimedOut, "connect timed out")
            })??;
        stream.set_nodelay(true)?;
        let mut conn = Conn {
            stream,
            framer: Framer::new(),
            pieces: VecDeque::new(),
            encoding: if timeseal {
                Encoding::Timeseal
            } else {
                Encoding::Plain
            },
            opened: Instant::now(),
            last_id: 0,
            seed: crate::random::u64(),
        };
        if timeseal {
            conn.write_line(TIMESEAL_HELLO).await?;
        }
        Ok(conn)
    }

    async fn write_line(&mut self, line: &str) -> std::io::Result<()> {
        let stamp = self.opened.elapsed().as_millis() as u32;
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let bytes = wire::encode_line(line, self.encoding, stamp, self.seed >> 33);
        self.stream.write_all(&bytes).await
    }

    /// Sends a command, with a block-mode id once block mode is on.
    pub async fn send(&mut self, command: &str) -> std::io::Result<()> {
        tracing::debug!(to_server = command);
        if self.last_id == 0 {
            return self.write_line(command).await;
        }
        self.last_id += 1;
        let line = format!("{} {command}", self.last_id);
        self.write_line(&line).await
    }

    /// Answers a timeseal ping (not a command: no id).
    pub async fn pong(&mut self) -> std::io::Result<()> {
        if self.encoding == Encoding::Timeseal {
            self.write_line(PING_REPLY).await?;
        }
        Ok(())
    }

    /// Reads what the server sent next into the queue of pieces; false
    /// once the server has closed the connection. Cancel-safe.
    pub async fn fill(&mut self) -> std::io::Result<bool> {
        let mut chunk = [0u8; 8192];
        let n = self.stream.read(&mut chunk).await?;
        if n == 0 {
            return Ok(false);
        }
        self.pieces.extend(self.framer.push(&chunk[..n]));
        Ok(true)
    }

    /// The next piece already read.
    pub fn pop(&mut self) -> Option<Piece> {
        self.pieces.pop_front()
    }

    /// Logs in; returns the name the server gave the bot, and whether it
    /// mentioned adjourned games. Lines that come with the login (the
    /// message of the day, notices) are used up here.
    pub async fn login(
        &mut self,
        name: &str,
        password: Option<&str>,
    ) -> Result<(String, bool), LoginError> {
        match tokio::time::timeout(LOGIN_TIME, self.login_dialogue(name, password)).await {
            Ok(result) => result,
            Err(_) => Err(LoginError::Lost("the login dialogue timed out".into())),
        }
    }

    async fn login_dialogue(
        &mut self,
        name: &str,
        password: Option<&str>,
    ) -> Result<(String, bool), LoginError> {
        let lost = |e: std::io::Error| LoginError::Lost(e.to_string());
        let mut sent_name = false;
        let mut session: Option<String> = None;
        let mut adjourned = false;
        loop {
            while let Some(piece) = self.pop() {
                let Piece::Line { text, .. } = piece else {
                    continue;
                };
                tracing::trace!(%text, "login");
                if text.contains("Invalid password") {
                    return Err(LoginError::Refused(format!(
                        "the server refused the password for {name}"
                    )));
                }
                match fics::parse(&text) {
                    Some(Event::Session { name }) => session = Some(name),
                    Some(Event::Adjourned) => adjourned = true,
                    _ => {}
                }
            }
            let partial = self.framer.partial();
            tracing::trace!(%partial, "login");
            if let Some(me) = &session {
                if partial.ends_with(PROMPT) {
                    self.framer.clear_partial();
                    return Ok((me.clone(), adjourned));
                }
            } else if partial.ends_with("login: ") {
                if sent_name {
                    return Err(LoginError::Refused(format!(
                        "the server did not take the name {name}"
                    )));
                }
                self.framer.clear_partial();
                self.write_line(name).await.map_err(lost)?;
                sent_name = true;
            } else if partial.ends_with("password: ") {
                self.framer.clear_partial();
                let Some(password) = password else {
                    return Err(LoginError::Refused(format!(
                        "{name} is registered: give its password (--password-stdin)"
                    )));
                };
                self.write_line(password).await.map_err(lost)?;
            } else if partial.contains("Press return to enter the server as")
                && partial.ends_with(':')
            {
                self.framer.clear_partial();
                self.write_line("").await.map_err(lost)?;
            }
            if !self.fill().await.map_err(lost)? {
                return Err(LoginError::Lost("the server closed the connection".into()));
            }
        }
    }

    /// Turns on what the bot reads: block mode, the fixed prompt, no wrap,
    /// millisecond style-12 boards, no bell, no seek ads or shouts.
    pub async fn setup(&mut self, interface: &str) -> std::io::Result<()> {
        // Block mode is off until this command has run: it has no id.
        self.write_line("iset block 1").await?;
        self.last_id = 1;
        for command in [
            "iset defprompt 1",
            "iset nowrap 1",
            "iset ms 1",
            "set style 12",
            "set bell 0",
            "set seek 0",
            "set shout 0",
            "set cshout 0",
            "set open 1",
        ] {
            self.send(command).await?;
        }
        self.send(&format!("set interface {interface}")).await
    }
}
