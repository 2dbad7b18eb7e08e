//! What every integration test needs: a real server on port 0 with a
//! temporary database, and a client that talks to it over TCP exactly as a
//! telnet user or a GUI would.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use atomicd::account::Titles;
use atomicd::{Config, ServerHandle};

/// How long a test waits for text before it fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The repository's own `data/` folder (help pages, motd).
pub fn repo_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// A running server with its own database in a temporary folder.
pub struct TestServer {
    pub addr: SocketAddr,
    /// The HTTP/WebSocket port (`/ws`, `/api`).
    pub web: SocketAddr,
    pub handle: Option<ServerHandle>,
    pub dir: tempfile::TempDir,
    pub config: Config,
}

impl TestServer {
    pub async fn start() -> TestServer {
        TestServer::start_with(|_| {}).await
    }

    /// Starts a server after `tweak` has adjusted its configuration.
    pub async fn start_with(tweak: impl FnOnce(&mut Config)) -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config {
            listen: "127.0.0.1:0".parse().unwrap(),
            database: dir.path().join("atomicd.sqlite3"),
            data_dir: repo_data(),
            web_listen: "127.0.0.1:0".to_string(),
            ..Config::default()
        };
        tweak(&mut config);
        let handle = atomicd::start(config.clone()).await.expect("server starts");
        TestServer {
            addr: handle.local_addr,
            web: handle.web_addr.expect("tests serve the web port"),
            handle: Some(handle),
            dir,
            config,
        }
    }

    /// Stops the server and starts a new one on the same database.
    pub async fn restart(&mut self) {
        if let Some(h) = self.handle.take() {
            h.shutdown();
            h.wait().await;
        }
        let mut config = self.config.clone();
        config.listen = "127.0.0.1:0".parse().unwrap();
        config.web_listen = "127.0.0.1:0".to_string();
        let handle = atomicd::start(config).await.expect("server restarts");
        self.addr = handle.local_addr;
        self.web = handle.web_addr.expect("tests serve the web port");
        self.handle = Some(handle);
    }

    /// Waits until every write the server has queued is in the database.
    pub async fn flush_store(&self) {
        let handle = self.handle.as_ref().expect("a running server");
        handle
            .shared()
            .store
            .flush()
            .await
            .expect("the store is open");
    }

    /// Registers an account directly in the database (cost-10 bcrypt).
    pub fn add_user(&self, name: &str, password: &str, titles: Titles) {
        let conn = atomicd::store::open_connection(&self.config.database).unwrap();
        let hash = bcrypt::hash(password, 10).unwrap();
        atomicd::store::accounts::create(&conn, name, &hash, titles, 0).unwrap();
    }

    /// Gives the account `name` a `rating` in `variant` (RD 80) directly in
    /// the database, as if it had won `games` rated games; read at login.
    pub fn rate(&self, name: &str, variant: atomicd::chess::Variant, rating: f64, games: u32) {
        let conn = atomicd::store::open_connection(&self.config.database).unwrap();
        let account = atomicd::store::accounts::find(&conn, name)
            .unwrap()
            .unwrap();
        let mut r = atomicd::rating::Rating::new();
        r.rating = rating;
        r.rd = 80.0;
        r.wins = games;
        atomicd::store::ratings::save_in(&conn, account.id, variant, &r).unwrap();
    }

    /// A client on the transport `ATOMICD_TEST_TRANSPORT` names: `telnet`
    /// (the default), `ws` (WebSocket text frames) or `ws-binary`. The
    /// session tests run over each (scripts/test.sh runs a set of them
    /// again over WebSocket).
    pub async fn connect(&self) -> Client {
        match std::env::var("ATOMICD_TEST_TRANSPORT").as_deref() {
            Ok("ws") => self.connect_ws(Framing::Text).await,
            Ok("ws-binary") => self.connect_ws(Framing::Binary).await,
            _ => Client::connect(self.addr).await,
        }
    }

    /// A telnet client, whatever the transport of the run.
    pub async fn connect_telnet(&self) -> Client {
        Client::connect(self.addr).await
    }

    /// A WebSocket client on `/ws`.
    pub async fn connect_ws(&self, framing: Framing) -> Client {
        Client::connect_ws(self.web, framing).await
    }

    /// A guest who is logged in and at the prompt.
    pub async fn guest(&self) -> (Client, String) {
        let mut c = self.connect().await;
        let name = c.login_guest().await;
        (c, name)
    }

    /// A registered user who is logged in and at the prompt.
    pub async fn user(&self, name: &str, password: &str) -> Client {
        let mut c = self.connect().await;
        c.login(name, password).await;
        c
    }
}

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

impl TestServer {
    /// An unregistered user logged in under `name`.
    pub async fn named(&self, name: &str) -> Client {
        let mut c = self.connect().await;
        c.expect("login: ").await;
        c.send(name).await;
        c.expect("Press return").await;
        c.send("").await;
        c.expect("fics% ").await;
        c
    }

    /// Two unregistered users in a game: `white` challenges `black` with
    /// `terms` (e.g. "0 0"), `black` accepts. Both have `bell` off and the
    /// given style, and have read up to the start board and its prompt.
    pub async fn game(&self, white: &str, black: &str, terms: &str, style: u8) -> (Client, Client) {
        let mut w = self.named(white).await;
        let mut b = self.named(black).await;
        for c in [&mut w, &mut b] {
            c.command("set bell 0").await;
            c.command(&format!("set style {style}")).await;
        }
        w.start_game_with(&mut b, terms).await;
        (w, b)
    }
}

impl Client {
    /// Challenges `other` (as White, with `terms`), who accepts; both read
    /// through the start board.
    pub async fn start_game_with(&mut self, other: &mut Client, terms: &str) {
        let name = other.command("finger").await;
        let name = name
            .split_whitespace()
            .nth(2)
            .unwrap_or_default()
            .trim_end_matches(':')
            .to_string();
        let name = name.split('(').next().unwrap_or_default().to_string();
        let issued = self.command(&format!("match {name} {terms} white")).await;
        assert!(issued.contains("Issuing:"), "{issued}");
        other.expect("You can \"accept\"").await;
        other.expect("fics% ").await;
        let accepted = other.command("accept").await;
        assert!(
            accepted.starts_with("You accept the match offer"),
            "{accepted}"
        );
        other.expect("Creating: ").await;
        other.expect("fics% ").await;
        self.expect("accepts the match offer.").await;
        self.expect("Creating: ").await;
        self.expect("fics% ").await;
    }

    /// Sends a move; returns the mover's reply (their board).
    pub async fn play(&mut self, mv: &str) -> String {
        self.command(mv).await
    }

    /// Waits for the next unsolicited message (up to and including its prompt).
    pub async fn next_message(&mut self) -> String {
        let m = self.expect("fics% ").await;
        m.strip_suffix("fics% ").unwrap_or(&m).to_string()
    }
}

/// The fields of the last `<12>` line in `text`.
pub fn style12_fields(text: &str) -> Vec<String> {
    let line = text
        .lines()
        .rfind(|l| l.starts_with("<12> "))
        .unwrap_or_else(|| panic!("no <12> in {text:?}"));
    line.split(' ').map(str::to_string).collect()
}

/// The style-12 line format of docs/protocol.md §2.3, as a regex.
pub const STYLE12_REGEX: &str = r"^<12> ([-pnbrqkPNBRQK]{8} ){8}[WB] -?\d+ [01] [01] [01] [01] \d+ \d+ \S+ \S+ -?\d+ \d+ \d+ \d+ \d+ -?\d+ -?\d+ \d+ \S+ \(\d+:\d\d(:\d\d)?(\.\d{3})?\) \S+ [01]( [01])?( -?\d+)?$";

/// One line as a timeseal client sends it, stamped `stamp` (client ms).
pub fn timeseal_line(text: &str, stamp: u32) -> Vec<u8> {
    let mut seed = stamp.wrapping_mul(2_654_435_761) | 1;
    let filler = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        b"123456789abcdefghijkLMNOP"[seed as usize % 25]
    };
    let mut line =
        atomicd::net::timeseal::encode(text.as_bytes(), stamp, (stamp % 50) as u8, filler);
    line.push(b'\n');
    line
}

/// One of the crate's examples (`examples/NAME.rs`), built once per test
/// binary; `cargo test` has usually built it already.
pub fn example(name: &'static str) -> PathBuf {
    static BUILT: std::sync::Mutex<Vec<(&str, PathBuf)>> = std::sync::Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, path)) = built.iter().find(|(n, _)| *n == name) {
        return path.clone();
    }
    let status = std::process::Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--example", name, "--manifest-path"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build --example {name} failed");
    let path = Path::new(env!("CARGO_BIN_EXE_atomicd"))
        .parent()
        .expect("target dir")
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "no {}", path.display());
    built.push((name, path.clone()));
    path
}
