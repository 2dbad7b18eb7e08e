//! `/ws?framing=json`: the typed protocol of docs/json-protocol.md over a
//! real WebSocket. One scenario makes the server send every message type;
//! each example of the document must be one of them. Then the rules every
//! session keeps: a refusal says why, a reply is one message, the command
//! budget, bad frames answered and never a panic.

mod json_common;
mod support;

use std::time::Duration;

use atomicd::account::Titles;
use json_common::{JsonClient, line_ids};
use serde_json::{Value, json};
use support::TestServer;

/// Keys whose values differ from run to run: the example shows one.
const VARIES: &[&str] = &["ticket", "white_ms", "black_ms", "time_ms", "lag_ms", "rd"];

/// Whether `got` is what the example `doc` shows: the same keys at every
/// level, the same values (strings, numbers, booleans, null) but where
/// they vary, arrays element by element.
fn matches(doc: &Value, got: &Value, key: &str) -> Result<(), String> {
    match (doc, got) {
        (Value::Object(d), Value::Object(g)) => {
            let dk: Vec<_> = d.keys().collect();
            let gk: Vec<_> = g.keys().collect();
            if dk != gk {
                return Err(format!("keys {dk:?} ≠ {gk:?}"));
            }
            for (k, v) in d {
                matches(v, &g[k], k).map_err(|e| format!("{k}: {e}"))?;
            }
            Ok(())
        }
        (Value::Array(d), Value::Array(g)) if d.len() == g.len() => {
            for (i, (a, b)) in d.iter().zip(g).enumerate() {
                matches(a, b, key).map_err(|e| format!("[{i}]: {e}"))?;
            }
            Ok(())
        }
        (a, b) if VARIES.contains(&key) => {
            if std::mem::discriminant(a) == std::mem::discriminant(b) {
                Ok(())
            } else {
                Err(format!("{a} and {b} are not of one kind"))
            }
        }
        (a, b) if a == b => Ok(()),
        (a, b) => Err(format!("{a} ≠ {b}")),
    }
}

/// The JSON examples of docs/json-protocol.md, each after its `### type`
/// heading.
fn documented() -> Vec<(String, Value)> {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/json-protocol.md"
    ))
    .expect("docs/json-protocol.md");
    let mut out = Vec::new();
    let mut heading = String::new();
    let mut block: Option<String> = None;
    for line in doc.lines() {
        if let Some(h) = line.strip_prefix("### ") {
            heading = h.trim_matches('`').to_string();
        } else if line == "```json" {
            block = Some(String::new());
        } else if line == "```" && block.is_some() {
            let text = block.take().unwrap();
            let v: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("the example of {heading} is no JSON ({e}): {text}"));
            out.push((heading.clone(), v));
        } else if let Some(b) = &mut block {
            b.push_str(line);
            b.push('\n');
        }
    }
    out
}

/// Every message, and every message inside a reply.
fn flatten(all: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for m in all {
        out.push(m.clone());
        if let Some(inner) = m["messages"].as_array() {
            out.extend(inner.iter().cloned());
        }
    }
    out
}

const WAIT: Duration = Duration::from_millis(300);

/// A scenario in which the server sends every type of message once at
/// least, with names and numbers the document can show.
async fn every_message() -> Vec<Value> {
    let server = TestServer::start_with(|c| {
        c.tourney_countdown_seconds = 600.0;
    })
    .await;
    server.add_user(
        "Alice",
        "apple",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    server.add_user("Bob", "banana", Titles::default());
    let mut seen = Vec::new();

    let mut carol = JsonClient::connect(server.web, None, None).await;
    seen.push(carol.expect("hello").await);
    let login = carol.login("Carol", None).await;
    assert_eq!(login["result"], "ok");
    seen.push(login);
    for c in ["set pin 1", "set gin 1", "+channel 49", "set open 0"] {
        seen.push(carol.cmd(c).await);
    }
    let mut alice = JsonClient::connect(server.web, None, None).await;
    seen.push(alice.login("Alice", Some("pear")).await);
    seen.push(alice.login("Alice", None).await);
    assert_eq!(alice.login("Alice", Some("apple")).await["result"], "ok");
    seen.push(carol.expect("arrived").await);
    let mut bob = JsonClient::connect(server.web, None, None).await;
    assert_eq!(bob.login("Bob", Some("banana")).await["result"], "ok");

    // Seeks come and go; a challenge to someone not open is refused.
    seen.push(bob.cmd("seek 5 0 unrated").await);
    seen.push(carol.expect("seek").await);
    seen.push(bob.cmd("unseek").await);
    seen.push(carol.expect("seeks_removed").await);
    seen.push(alice.cmd("match Carol 1 0").await);

    // A rated game, observed, with an offer declined.
    seen.push(alice.cmd("match Bob 5 0 rated white").await);
    seen.push(bob.expect("challenge").await);
    seen.push(bob.expect("offer").await);
    seen.push(bob.cmd("accept").await);
    seen.push(alice.expect("game_start").await);
    seen.push(carol.expect("game_begins").await);
    seen.push(carol.cmd("observe Alice").await);
    seen.push(alice.expect("observers").await);
    seen.push(alice.cmd("e4").await);
    seen.push(bob.expect("board").await);
    seen.push(bob.cmd("e5").await);
    seen.push(alice.cmd("draw").await);
    seen.push(bob.expect("game_offer").await);
    seen.push(
        carol
            .expect_where("an offer seen", |m| m["type"] == "game_offer")
            .await,
    );
    seen.push(bob.cmd("decline").await);
    seen.push(alice.expect("offer_answered").await);
    seen.push(carol.expect("offer_declined").await);
    seen.push(bob.cmd("tell Alice good luck").await);
    seen.push(alice.expect("talk").await);
    carol.send_text("this is no JSON").await;
    seen.push(carol.expect("error").await);

    // Alice again, in another tab: the first is sent away.
    let mut again = JsonClient::connect(server.web, None, None).await;
    assert_eq!(again.login("Alice", Some("apple")).await["result"], "ok");
    seen.push(alice.expect("kick").await);
    seen.push(bob.cmd("resign").await);
    seen.push(again.expect("game_end").await);
    seen.push(carol.expect("game_end").await);

    // A tournament is announced in channel 49.
    seen.push(again.cmd("tourney create Cup rr 1 0").await);
    seen.push(carol.expect("director").await);
    bob.hang_up().await;
    seen.push(carol.expect("departed").await);
    server.handle.as_ref().unwrap().shutdown();
    seen.push(carol.expect("bye").await);
    seen.extend(carol.drain(WAIT).await);
    seen.extend(again.drain(WAIT).await);
    flatten(&seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_documented_message_is_what_the_server_sends() {
    let sent = every_message().await;
    if std::env::var_os("ATOMICD_PRINT_JSON").is_some() {
        for m in &sent {
            println!("{m}");
        }
    }
    let docs = documented();
    assert!(docs.len() >= 30, "one example per type: {}", docs.len());
    for (heading, example) in &docs {
        let kind = example["type"].as_str().unwrap_or_default();
        assert!(
            heading.starts_with(kind),
            "the example under {heading} is a {kind}"
        );
        let same_kind: Vec<&Value> = sent.iter().filter(|m| m["type"] == kind).collect();
        assert!(!same_kind.is_empty(), "the server sent no {kind}");
        let errors: Vec<String> = same_kind
            .iter()
            .map(|m| matches(example, m, "").err().unwrap_or_default())
            .collect();
        assert!(
            errors.iter().any(String::is_empty),
            "the example of {heading} is none of what the server sent:\n{}\n{errors:#?}",
            same_kind
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    let types: std::collections::BTreeSet<&str> =
        sent.iter().filter_map(|m| m["type"].as_str()).collect();
    let documented: std::collections::BTreeSet<&str> = docs
        .iter()
        .filter_map(|(_, v)| v["type"].as_str())
        .collect();
    let undocumented: Vec<_> = types.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "not in the document: {undocumented:?}"
    );
}

/// The ids of the catalogue lines a message carries.
fn ids_of(m: &Value) -> Vec<String> {
    m["lines"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l["id"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_replies_and_bad_frames_are_answered_and_the_session_goes_on() {
    let server = TestServer::start().await;
    let mut c = JsonClient::connect(server.web, None, None).await;
    c.expect("hello").await;
    // Nothing runs before a login.
    c.send(json!({ "type": "cmd", "line": "who", "id": 1 }))
        .await;
    let e = c.expect("error").await;
    assert_eq!(
        (&e["error"], &e["id"]),
        (&json!("not_logged_in"), &json!(1))
    );
    let me = c.guest().await;

    // An unknown command and a move outside a game: refused, typed.
    let r = c.cmd("frobnicate").await;
    assert_eq!((&r["ok"], &r["code"]), (&json!(false), &json!(512)), "{r}");
    assert_eq!(line_ids(&r), ["command-not-found"]);
    assert_eq!(r["text"], "frobnicate: Command not found.");
    let r = c.cmd("e4").await;
    assert_eq!(r["ok"], false, "{r}");
    // A challenge to oneself is a typed refusal.
    let r = c.cmd(&format!("match {me} 5 0")).await;
    assert_eq!(r["messages"][0]["refusal"]["refusal"], "self_match", "{r}");
    // One reply per cmd, with its id, even for several commands on one line.
    let r = c.cmd("date; uptime").await;
    assert_eq!(r["ok"], true);
    let ids = line_ids(&r);
    assert!(ids.iter().any(|i| i == "basic-local-time-utc"), "{ids:?}");
    assert!(ids.iter().any(|i| i == "uptime-server"), "{ids:?}");

    // Bad frames of every kind: an error each, and never a panic.
    for (frame, kind) in [
        ("{not json", "bad_json"),
        ("", "bad_json"),
        ("[1, 2]", "bad_message"),
        ("\"cmd\"", "bad_message"),
        ("{\"type\": \"cmd\"}", "bad_message"),
        ("{\"type\": \"cmd\", \"line\": 42}", "bad_message"),
        ("{\"type\": \"teleport\"}", "unknown_type"),
        ("{\"type\": \"login\", \"name\": \"x\"}", "logged_in"),
        ("\u{0}\u{1}\u{7f}", "bad_json"),
    ] {
        c.send_text(frame).await;
        let e = c.expect("error").await;
        assert_eq!(e["error"], kind, "{frame:?}: {e}");
        assert!(!e["text"].as_str().unwrap().is_empty());
    }
    let long = "x".repeat(1100);
    c.send(json!({ "type": "cmd", "line": format!("tell {me} {long}"), "id": "long" }))
        .await;
    let e = c.expect("error").await;
    assert_eq!(
        (&e["error"], &e["id"]),
        (&json!("too_long"), &json!("long"))
    );
    c.send_text(&format!(
        "{{\"type\":\"cmd\",\"line\":\"{}\"}}",
        "y".repeat(7000)
    ))
    .await;
    assert_eq!(c.expect("error").await["error"], "too_long");
    // Text outside printable ASCII is what telnet would make of it.
    let r = c.cmd("tell nobody\u{e9}\u{7}x hi").await;
    assert!(r["text"].as_str().unwrap().contains("nobodyx"), "{r}");
    // Still a session: it answers.
    assert_eq!(c.cmd("date").await["ok"], true);

    // A binary frame closes the socket (1003), as on the text framing.
    let mut raw = JsonClient::connect(server.web, None, None).await;
    raw.expect("hello").await;
    raw.send_binary(&[0xff, 0x00]).await;
    assert_eq!(raw.drain(Duration::from_secs(5)).await.len(), 0);
    assert_eq!(raw.closed, Some(1003));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_page_reads_french_even_where_a_gui_reads_english() {
    let server = TestServer::start().await;
    let mut c = JsonClient::connect(server.web, None, Some("fr")).await;
    c.expect("hello").await;
    c.guest().await;
    // `move-illegal` and `not-playing` stay English for a GUI (style 12,
    // ivars): never for the JSON framing.
    let r = c.cmd("set style 12").await;
    assert_eq!(r["ok"], true);
    let r = c.cmd("resign").await;
    assert_eq!(line_ids(&r), ["not-playing"]);
    assert_eq!(r["text"], "Vous ne jouez pas de partie.");
    let r = c.cmd("frobnicate").await;
    assert!(
        r["text"].as_str().unwrap().contains("commande inconnue"),
        "{r}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_budget_and_the_output_cap_hold_in_json_too() {
    use atomicd::session::budget::BudgetConfig;
    let server = TestServer::start_with(|c| {
        c.command_budget = BudgetConfig {
            burst: 5,
            per_second: 5.0,
            disconnect_after_seconds: 1.0,
        }
    })
    .await;
    // One line of many commands: its output is capped as on telnet.
    let mut c = JsonClient::connect(server.web, None, None).await;
    c.expect("hello").await;
    c.guest().await;
    let r = c.cmd(&vec!["help atomic"; 60].join(";")).await;
    assert_eq!(r["ok"], false);
    assert!(
        line_ids(&r).contains(&"line-output-too-long".to_string()),
        "{r}"
    );

    // A flood: told to slow down once, then sent away.
    let mut flood = JsonClient::connect(server.web, None, None).await;
    flood.expect("hello").await;
    flood.guest().await;
    for i in 0..200 {
        flood
            .send(json!({ "type": "cmd", "line": "date", "id": i }))
            .await;
    }
    let all = flood.drain(Duration::from_secs(5)).await;
    let slow: Vec<&Value> = all
        .iter()
        .filter(|m| ids_of(m) == ["budget-slow-down"])
        .collect();
    assert_eq!(slow.len(), 1, "{all:#?}");
    let bye = all.iter().find(|m| m["type"] == "bye").expect("a bye");
    assert_eq!(bye["reason"], "flood");
    assert!(
        bye["text"].as_str().unwrap().contains("far faster"),
        "{bye}"
    );
    let replies = all.iter().filter(|m| m["type"] == "reply").count();
    assert!((5..100).contains(&replies), "{replies} replies");
    assert!(flood.closed.is_some());
}
