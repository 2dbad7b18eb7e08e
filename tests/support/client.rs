//! The test client: a TCP connection (or a WebSocket one, as a browser
//! would have) with a receive buffer, and the waits a test reads text by.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::PATIENCE;

/// How a WebSocket test client frames what it sends and reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// Lines as text frames (no line end); the server answers in text.
    Text,
    /// The telnet byte stream in binary frames, both ways.
    Binary,
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The connection under a test client.
enum Link {
    Tcp(TcpStream),
    Ws(Box<Ws>, Framing),
}

/// A client (TCP, or WebSocket as a browser would be) with a receive buffer.
pub struct Client {
    link: Link,
    buf: Vec<u8>,
    /// Closing codes the server sent over WebSocket.
    pub close_codes: Vec<u16>,
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Wire text as a test reads it: `\n\r` becomes `\n`.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace("\n\r", "\n")
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).await.expect("connect");
        stream.set_nodelay(true).unwrap();
        Client {
            link: Link::Tcp(stream),
            buf: Vec::new(),
            close_codes: Vec::new(),
        }
    }

    /// The TCP socket, for a test that reads and writes it on its own.
    pub fn into_tcp(self) -> TcpStream {
        match self.link {
            Link::Tcp(stream) => stream,
            Link::Ws(..) => panic!("not a telnet client"),
        }
    }

    /// Opens `/ws` on the web port, as a browser's script would.
    pub async fn connect_ws(web: SocketAddr, framing: Framing) -> Client {
        let query = match framing {
            Framing::Text => "",
            Framing::Binary => "?framing=binary",
        };
        let (ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{web}/ws{query}"),
            None,
            true,
        )
        .await
        .expect("WebSocket upgrade");
        Client {
            link: Link::Ws(Box::new(ws), framing),
            buf: Vec::new(),
            close_codes: Vec::new(),
        }
    }

    /// Opens `/ws` as [`Client::connect_ws`] does, but from the loopback
    /// address `local` and with extra request headers (`Origin`, `Host`,
    /// `X-Forwarded-For`); Err with the HTTP status when the server
    /// refuses the upgrade.
    pub async fn try_ws(
        web: SocketAddr,
        local: std::net::IpAddr,
        framing: Framing,
        headers: &[(&'static str, &str)],
    ) -> Result<Client, u16> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let query = match framing {
            Framing::Text => "",
            Framing::Binary => "?framing=binary",
        };
        let mut request = format!("ws://{web}/ws{query}")
            .into_client_request()
            .expect("a request");
        for (name, value) in headers {
            request
                .headers_mut()
                .insert(*name, value.parse().expect("a header value"));
        }
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.bind(SocketAddr::new(local, 0)).expect("bind");
        let stream = socket.connect(web).await.expect("connect");
        stream.set_nodelay(true).unwrap();
        let stream = MaybeTlsStream::Plain(stream);
        match tokio_tungstenite::client_async(request, stream).await {
            Ok((ws, _)) => Ok(Client {
                link: Link::Ws(Box::new(ws), framing),
                buf: Vec::new(),
                close_codes: Vec::new(),
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
                Err(answer.status().as_u16())
            }
            Err(e) => panic!("WebSocket upgrade failed: {e}"),
        }
    }

    /// The WebSocket itself, for a test that reads and writes frames on its
    /// own (WebSocket clients only).
    pub fn into_ws(self) -> WebSocketStream<MaybeTlsStream<TcpStream>> {
        match self.link {
            Link::Ws(ws, _) => *ws,
            Link::Tcp(_) => panic!("not a WebSocket client"),
        }
    }

    /// Connects from a given loopback address (any of 127.0.0.0/8), as a
    /// second machine would.
    pub async fn connect_from(addr: SocketAddr, local: std::net::IpAddr) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.bind(SocketAddr::new(local, 0)).expect("bind");
        let stream = socket.connect(addr).await.expect("connect");
        stream.set_nodelay(true).unwrap();
        Client {
            link: Link::Tcp(stream),
            buf: Vec::new(),
            close_codes: Vec::new(),
        }
    }

    /// Sends a WebSocket message as it is (WebSocket clients only).
    pub async fn send_message(&mut self, message: Message) {
        use futures_util::SinkExt;
        match &mut self.link {
            Link::Ws(ws, _) => ws.send(message).await.expect("send"),
            Link::Tcp(_) => panic!("not a WebSocket client"),
        }
    }

    /// Sends bytes: on TCP as they are; over WebSocket as one text frame
    /// when they are text and the framing is text, else one binary frame.
    pub async fn send_raw(&mut self, bytes: &[u8]) {
        let message = match &mut self.link {
            Link::Tcp(stream) => return stream.write_all(bytes).await.expect("send"),
            Link::Ws(_, Framing::Text) => match std::str::from_utf8(bytes) {
                Ok(t) => Message::text(t),
                Err(_) => Message::binary(bytes.to_vec()),
            },
            Link::Ws(_, Framing::Binary) => Message::binary(bytes.to_vec()),
        };
        self.send_message(message).await;
    }

    /// Sends one line: with its `\n` on TCP and in binary frames, as a text
    /// frame of its own (no line end, as a browser sends it) in text mode.
    pub async fn send(&mut self, line: &str) {
        if let Link::Ws(_, Framing::Text) = self.link {
            return self.send_message(Message::text(line)).await;
        }
        self.send_raw(format!("{line}\n").as_bytes()).await;
    }

    /// Reads what comes next into the buffer; false once the server closed.
    async fn read_some(&mut self, wait: Duration) -> Option<bool> {
        use futures_util::StreamExt;
        match &mut self.link {
            Link::Tcp(stream) => {
                let mut chunk = [0u8; 16384];
                match tokio::time::timeout(wait, stream.read(&mut chunk)).await {
                    Ok(Ok(0)) | Ok(Err(_)) => Some(false),
                    Ok(Ok(n)) => {
                        self.buf.extend_from_slice(&chunk[..n]);
                        Some(true)
                    }
                    Err(_) => None,
                }
            }
            Link::Ws(ws, _) => loop {
                match tokio::time::timeout(wait, ws.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => {
                        self.buf.extend_from_slice(t.as_bytes());
                        return Some(true);
                    }
                    Ok(Some(Ok(Message::Binary(b)))) => {
                        self.buf.extend_from_slice(&b);
                        return Some(true);
                    }
                    Ok(Some(Ok(Message::Close(frame)))) => {
                        if let Some(f) = frame {
                            self.close_codes.push(f.code.into());
                        }
                        return Some(false);
                    }
                    Ok(Some(Ok(_))) => continue, // pings are answered by tungstenite
                    Ok(Some(Err(_)) | None) => return Some(false),
                    Err(_) => return None,
                }
            },
        }
    }

    async fn fill(&mut self) -> bool {
        match self.read_some(PATIENCE).await {
            Some(open) => open,
            None => panic!("timed out; received so far: {:?}", text(&self.buf)),
        }
    }

    /// Reads until `pattern` (raw bytes) arrives; returns everything up to and
    /// including it, and keeps the rest for later.
    pub async fn expect_bytes(&mut self, pattern: &[u8]) -> Vec<u8> {
        loop {
            if let Some(i) = find(&self.buf, pattern) {
                let rest = self.buf.split_off(i + pattern.len());
                return std::mem::replace(&mut self.buf, rest);
            }
            if !self.fill().await {
                panic!(
                    "connection closed while waiting for {:?}; got {:?}",
                    text(pattern),
                    text(&self.buf)
                );
            }
        }
    }

    /// Reads until `pattern` (with `\n` meaning the wire's `\n\r`) arrives;
    /// returns the text up to and including it, with `\n\r` shown as `\n`.
    pub async fn expect(&mut self, pattern: &str) -> String {
        let wire = pattern.replace('\n', "\n\r");
        text(&self.expect_bytes(wire.as_bytes()).await)
    }

    /// Sends a command and returns its reply, without the prompt.
    pub async fn command(&mut self, line: &str) -> String {
        self.send(line).await;
        let reply = self.expect("fics% ").await;
        reply.strip_suffix("fics% ").unwrap_or(&reply).to_string()
    }

    /// Sends a command and returns its reply, from `reply_start` to the
    /// prompt. Whatever the server sent before the reply began (a game that
    /// started as the user logged in, say) stays unread for later reads.
    pub async fn command_keeping(&mut self, line: &str, reply_start: &str) -> String {
        self.send(line).await;
        let wire = reply_start.replace('\n', "\n\r");
        let mut before = self.expect_bytes(wire.as_bytes()).await;
        before.truncate(before.len() - wire.len());
        let rest = self.expect("fics% ").await;
        before.append(&mut self.buf);
        self.buf = before;
        let reply = format!("{reply_start}{rest}");
        reply.strip_suffix("fics% ").unwrap_or(&reply).to_string()
    }

    /// Reads until `pattern` arrives (then Some, with everything up to it)
    /// or the server closes the connection (None).
    pub async fn expect_or_closed(&mut self, pattern: &str) -> Option<String> {
        let wire = pattern.replace('\n', "\n\r");
        loop {
            if let Some(i) = find(&self.buf, wire.as_bytes()) {
                let rest = self.buf.split_off(i + wire.len());
                return Some(text(&std::mem::replace(&mut self.buf, rest)));
            }
            // Keep only a pattern's length of what did not match.
            let keep = self.buf.len().saturating_sub(wire.len());
            self.buf.drain(..keep);
            if !self.fill().await {
                return None;
            }
        }
    }

    /// Waits until the server closes the connection; returns what came first.
    pub async fn expect_closed(&mut self) -> String {
        while self.fill().await {}
        text(&std::mem::take(&mut self.buf))
    }

    /// Everything received so far and not yet consumed, after a short wait.
    pub async fn drain(&mut self, wait: Duration) -> String {
        while let Some(true) = self.read_some(wait).await {}
        text(&std::mem::take(&mut self.buf))
    }

    /// Closes the connection at once, as a browser tab that is shut.
    pub async fn hang_up(self) {
        match self.link {
            Link::Tcp(stream) => drop(stream),
            Link::Ws(mut ws, _) => {
                let _ = ws.close(None).await;
            }
        }
    }

    /// Logs in as a guest; returns the guest name.
    pub async fn login_guest(&mut self) -> String {
        self.expect("login: ").await;
        self.send("guest").await;
        let greeting = self.expect("Press return to enter the server as \"").await;
        assert!(greeting.contains("Logging you in as \"Guest"), "{greeting}");
        let name = self.expect("\":\n").await;
        let name = name.trim_end_matches("\":\n").to_string();
        self.send("").await;
        self.expect("fics% ").await;
        name
    }

    /// Logs in with a registered name and password.
    pub async fn login(&mut self, name: &str, password: &str) {
        self.expect("login: ").await;
        self.send(name).await;
        self.expect("password: ").await;
        self.send(password).await;
        let start = self.expect("fics% ").await;
        assert!(start.contains("**** Starting FICS session as"), "{start}");
    }
}
