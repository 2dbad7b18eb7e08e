//! The load generator against a real server, small: 50 games, 200 idle
//! users, observers and a connect storm. Nothing may fail; speed is
//! measured elsewhere (docs/PERFORMANCE.md), never asserted here.

mod support;

use atomicd::account::Titles;
use atomicd::load::{LoadConfig, run};
use support::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_load_runs_without_a_single_error() {
    let server = TestServer::start().await;
    for name in ["LoadAcctOne", "LoadAcctTwo"] {
        server.add_user(name, "pw", Titles::default());
    }
    let cfg = LoadConfig {
        addr: server.addr,
        pairs: 50,
        moves: 40,
        idle: 200,
        observers: 5,
        connect_storm: 100,
        accounts: vec![
            ("LoadAcctOne".into(), "pw".into()),
            ("LoadAcctTwo".into(), "pw".into()),
        ],
        login_rate: 5,
        concurrency: 50,
        server_pid: Some(std::process::id()),
        ..LoadConfig::default()
    };
    let report = run(cfg).await;
    assert_eq!(report["errors"], 0, "{report}");
    assert_eq!(report["moves"], 50 * 40, "{report}");
    assert_eq!(report["relay_ms"]["n"], 50 * 40, "{report}");
    assert_eq!(report["storm_connect_ms"]["n"], 100, "{report}");
    assert_eq!(report["login_ms"]["n"], 200 + 100 + 5, "{report}");
    assert!(report["observer_ms"]["n"].as_u64().unwrap() > 0, "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generator_plays_over_websocket_too() {
    let server = TestServer::start().await;
    let cfg = LoadConfig {
        addr: server.addr,
        websocket: Some(server.web),
        pairs: 20,
        moves: 30,
        idle: 20,
        observers: 2,
        concurrency: 20,
        ..LoadConfig::default()
    };
    let report = run(cfg).await;
    assert_eq!(report["errors"], 0, "{report}");
    assert_eq!(report["transport"], "ws_text", "{report}");
    assert_eq!(report["relay_ms"]["n"], 20 * 30, "{report}");
    assert!(report["observer_ms"]["n"].as_u64().unwrap() > 0, "{report}");
}
