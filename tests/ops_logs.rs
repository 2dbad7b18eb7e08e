//! `--log-format json`, with the real binary: every line of standard error
//! is one JSON object, and a login, a game's start and end and an admin
//! action are each one line with stable field names.

mod durable_common;
mod ops_common;
mod support;

use atomicd::account::Titles;
use ops_common::TRAP;
use ops_common::binary::Binary;
use serde_json::Value;
use support::Client;

async fn login(server: &Binary, name: &str) -> Client {
    let mut c = Client::connect(server.addr).await;
    c.login(name, "pw").await;
    c
}

/// The one event named `message` whose fields include `with`.
fn one<'a>(events: &'a [Value], message: &str, with: &[(&str, Value)]) -> &'a Value {
    let found: Vec<&Value> = events
        .iter()
        .filter(|e| e["message"] == message && with.iter().all(|(k, v)| &e[*k] == v))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one {message:?} with {with:?} in {events:#?}"
    );
    found[0]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_give_one_line_per_login_game_and_admin_action() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("atomicd.sqlite3");
    let conn = atomicd::store::open_connection(&db).unwrap();
    let hash = bcrypt::hash("pw", 10).unwrap();
    for (name, admin) in [("Alice", false), ("Bob", false), ("Boss", true)] {
        let titles = Titles {
            admin,
            ..Titles::default()
        };
        atomicd::store::accounts::create(&conn, name, &hash, titles, 0).unwrap();
    }
    drop(conn);
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "idle_timeout_minutes = 0\n").unwrap();
    let server = Binary::start_with(&config, &db, &["--log-format", "json"]);

    let mut alice = login(&server, "Alice").await;
    let mut bob = login(&server, "Bob").await;
    durable_common::machine(&mut alice).await;
    durable_common::machine(&mut bob).await;
    durable_common::start_game(&mut alice, &mut bob, "Bob", "3 0 r").await;
    for (i, mv) in TRAP.iter().enumerate() {
        if i % 2 == 0 {
            durable_common::play(&mut alice, &mut bob, mv).await;
        } else {
            durable_common::play(&mut bob, &mut alice, mv).await;
        }
    }
    let mut boss = login(&server, "Boss").await;
    boss.command("announce Back in five minutes").await;

    let lines = server.terminate();
    let events: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    for e in &events {
        assert!(e["timestamp"].is_string() && e["level"].is_string(), "{e}");
    }
    let l = one(&events, "login", &[("name", "Alice".into())]);
    assert_eq!(l["registered"], true, "{l}");
    assert_eq!(l["addr"], "127.0.0.1", "{l}");
    assert_eq!(l["transport"], "telnet", "{l}");
    let g = one(&events, "game started", &[("white", "Alice".into())]);
    assert_eq!(
        (&g["black"], &g["rated"], &g["minutes"]),
        (&"Bob".into(), &true.into(), &3.into()),
        "{g}"
    );
    let o = one(&events, "game over", &[("white", "Alice".into())]);
    assert_eq!(
        (&o["result"], &o["game"]),
        (&"1-0".into(), &g["game"]),
        "{o}"
    );
    assert!(
        o["reason"].as_str().unwrap().contains("king exploded"),
        "{o}"
    );
    let a = one(&events, "admin action", &[("admin", "Boss".into())]);
    assert_eq!(a["action"], "announce", "{a}");
}
