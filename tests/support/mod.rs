//! What every integration test needs: a real server on port 0 with a
//! temporary database, and a client that talks to it over TCP exactly as a
//! telnet user or a GUI would.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use atomicd::account::Titles;
use atomicd::{Config, ServerHandle};

mod client;

// Not every test reads every item.
#[allow(unused_imports)]
pub use client::{Client, Framing, text};

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
