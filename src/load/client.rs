//! A lean FICS client for load: connect (over telnet, or over `/ws` in
//! text frames as a browser would), log in, send lines, and wait for
//! patterns or style-12 boards in what the server sends.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Why a client step failed; the kind names the error in the report.
#[derive(Debug)]
pub struct Failure {
    pub kind: &'static str,
    pub detail: String,
}

pub type Step<T> = Result<T, Failure>;

fn fail<T>(kind: &'static str, detail: impl Into<String>) -> Step<T> {
    Err(Failure {
        kind,
        detail: detail.into(),
    })
}

/// Where a load client connects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// The telnet port.
    Telnet(SocketAddr),
    /// `/ws` on the web port, text frames.
    WebSocket(SocketAddr),
}

enum Link {
    Tcp(TcpStream),
    Ws(Box<WebSocketStream<MaybeTlsStream<TcpStream>>>),
}

/// One connection.
pub struct Client {
    link: Link,
    buf: Vec<u8>,
    /// Re-arm `TCP_QUICKACK` after every read (see `LoadConfig::quickack`).
    quickack: bool,
}

/// A board as a load client needs it: whose turn and which half-move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Style-12 relation (1: my move).
    pub relation: i8,
    /// Half-moves made so far.
    pub plies: u32,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Reads relation and half-moves from a `<12>` line.
pub fn parse_board(line: &[u8]) -> Option<Board> {
    let text = std::str::from_utf8(line).ok()?;
    let f: Vec<&str> = text.split(' ').collect();
    let relation = f.get(19)?.parse().ok()?;
    let fullmove: u32 = f.get(26)?.parse().ok()?;
    let black_to_move = *f.get(9)? == "B";
    Some(Board {
        relation,
        plies: (fullmove - 1) * 2 + u32::from(black_to_move),
    })
}

impl Client {
    /// Connects and waits for `login: `; returns the time that took.
    pub async fn connect(via: Via, wait: Duration, quickack: bool) -> Step<(Client, Duration)> {
        let t0 = Instant::now();
        let link = match via {
            Via::Telnet(addr) => {
                let stream = match timeout(wait, TcpStream::connect(addr)).await {
                    Ok(Ok(s)) => s,
                    Ok(Err(e)) => return fail("connect", e.to_string()),
                    Err(_) => return fail("connect_timeout", addr.to_string()),
                };
                let _ = stream.set_nodelay(true);
                Link::Tcp(stream)
            }
            Via::WebSocket(addr) => {
                let url = format!("ws://{addr}/ws");
                // As a browser's: no Nagle, and a small read buffer (the
                // default 128 KiB is zeroed at every read, which would make
                // this client, not the server, the slow part).
                let config = WebSocketConfig::default().read_buffer_size(512);
                let connecting =
                    tokio_tungstenite::connect_async_with_config(url, Some(config), true);
                match timeout(wait, connecting).await {
                    Ok(Ok((ws, _))) => Link::Ws(Box::new(ws)),
                    Ok(Err(e)) => return fail("connect", e.to_string()),
                    Err(_) => return fail("connect_timeout", addr.to_string()),
                }
            }
        };
        let mut c = Client {
            link,
            buf: Vec::with_capacity(4096),
            quickack,
        };
        c.expect(b"login: ", wait, "banner").await?;
        Ok((c, t0.elapsed()))
    }

    /// Sends one line: with its `\n` on telnet, as one text frame over
    /// WebSocket.
    pub async fn send(&mut self, line: &str) -> Step<()> {
        let sent = match &mut self.link {
            Link::Tcp(stream) => {
                let mut bytes = Vec::with_capacity(line.len() + 1);
                bytes.extend_from_slice(line.as_bytes());
                bytes.push(b'\n');
                stream.write_all(&bytes).await.map_err(|e| e.to_string())
            }
            Link::Ws(ws) => ws
                .send(Message::text(line))
                .await
                .map_err(|e| e.to_string()),
        };
        match sent {
            Ok(()) => Ok(()),
            Err(e) => fail("write", e),
        }
    }

    async fn fill(&mut self, deadline: Instant, kind: &'static str) -> Step<()> {
        match &mut self.link {
            Link::Tcp(stream) => {
                let mut chunk = [0u8; 8192];
                match tokio::time::timeout_at(deadline, stream.read(&mut chunk)).await {
                    Ok(Ok(0)) => fail("closed", kind),
                    Ok(Ok(n)) => {
                        self.buf.extend_from_slice(&chunk[..n]);
                        if self.quickack {
                            // The kernel leaves quick-ack mode on its own; each
                            // read asks again. Failing to is harmless: acks
                            // are only delayed.
                            let _ = socket2::SockRef::from(&*stream).set_tcp_quickack(true);
                        }
                        Ok(())
                    }
                    Ok(Err(e)) => fail("read", e.to_string()),
                    Err(_) => fail("timeout", kind),
                }
            }
            Link::Ws(ws) => loop {
                match tokio::time::timeout_at(deadline, ws.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => {
                        self.buf.extend_from_slice(t.as_bytes());
                        return Ok(());
                    }
                    Ok(Some(Ok(Message::Binary(b)))) => {
                        self.buf.extend_from_slice(&b);
                        return Ok(());
                    }
                    Ok(Some(Ok(Message::Close(_))) | None) => return fail("closed", kind),
                    // Pings are answered by tungstenite as it reads on.
                    Ok(Some(Ok(_))) => continue,
                    Ok(Some(Err(e))) => return fail("read", e.to_string()),
                    Err(_) => return fail("timeout", kind),
                }
            },
        }
    }

    /// Waits for `pattern`; drops everything up to and including it.
    pub async fn expect(&mut self, pattern: &[u8], wait: Duration, kind: &'static str) -> Step<()> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(i) = find(&self.buf, pattern) {
                self.buf.drain(..i + pattern.len());
                return Ok(());
            }
            self.fill(deadline, kind).await?;
        }
    }

    /// Logs in under an unregistered name (or `guest`).
    pub async fn login_name(&mut self, name: &str, wait: Duration) -> Step<()> {
        self.send(name).await?;
        self.expect(b"Press return", wait, "login").await?;
        self.send("").await?;
        self.expect(b"fics% ", wait, "login").await
    }

    /// Logs in with a registered name and password.
    pub async fn login_account(&mut self, name: &str, password: &str, wait: Duration) -> Step<()> {
        self.send(name).await?;
        self.expect(b"password: ", wait, "login").await?;
        self.send(password).await?;
        let deadline = Instant::now() + wait;
        loop {
            if find(&self.buf, b"Invalid password").is_some() {
                return fail("bad_password", name.to_string());
            }
            if let Some(i) = find(&self.buf, b"fics% ") {
                self.buf.drain(..i + 6);
                return Ok(());
            }
            self.fill(deadline, "login").await?;
        }
    }

    /// Sends a command and waits for its prompt.
    pub async fn command(&mut self, line: &str, wait: Duration) -> Step<()> {
        self.send(line).await?;
        self.expect(b"fics% ", wait, "command").await
    }

    /// Sends a command and returns what came before its prompt.
    pub async fn command_text(&mut self, line: &str, wait: Duration) -> Step<String> {
        self.send(line).await?;
        let deadline = Instant::now() + wait;
        loop {
            if let Some(i) = find(&self.buf, b"fics% ") {
                let text = String::from_utf8_lossy(&self.buf[..i]).into_owned();
                self.buf.drain(..i + 6);
                return Ok(text);
            }
            self.fill(deadline, "command").await?;
        }
    }

    /// Waits for the next style-12 board (skipping everything else).
    pub async fn next_board(&mut self, wait: Duration) -> Step<Board> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(i) = find(&self.buf, b"<12> ")
                && let Some(end) = self.buf[i..].iter().position(|&b| b == b'\n')
            {
                let line: Vec<u8> = self.buf[i..i + end].to_vec();
                self.buf.drain(..i + end);
                return match parse_board(&line) {
                    Some(b) => Ok(b),
                    None => fail("bad_board", String::from_utf8_lossy(&line).to_string()),
                };
            }
            self.fill(deadline, "board").await?;
        }
    }

    /// Waits until a board with half-moves `plies` (or more) arrives.
    pub async fn board_at(&mut self, plies: u32, wait: Duration) -> Step<Board> {
        loop {
            let b = self.next_board(wait).await?;
            if b.plies >= plies {
                return Ok(b);
            }
        }
    }

    /// The TCP socket, for a client that reads and writes on its own (the
    /// flooder); None over WebSocket. What was read and not yet consumed
    /// is dropped.
    pub fn into_stream(self) -> Option<TcpStream> {
        match self.link {
            Link::Tcp(stream) => Some(stream),
            Link::Ws(_) => None,
        }
    }

    /// Ends the session politely.
    pub async fn quit(mut self) {
        let _ = self.send("quit").await;
        let _ = match &mut self.link {
            Link::Tcp(stream) => timeout(Duration::from_secs(2), stream.shutdown())
                .await
                .map(|_| ()),
            Link::Ws(ws) => timeout(Duration::from_secs(2), ws.close())
                .await
                .map(|_| ()),
        };
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn board_fields() {
        let line = b"<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 A B -1 0 0 39 39 0 0 1 P/e2-e4 (0:00) e4 0 0 0";
        let b = super::parse_board(line).unwrap();
        assert_eq!((b.relation, b.plies), (-1, 1));
    }
}
