//! `/ws?framing=json`: the typed protocol of docs/json-protocol.md over a
//! real WebSocket. One scenario makes the server send every message type;
//! each example of the document must be one of them. Then the rules every
//! session keeps: a refusal says why, a reply is one message, the command
//! budget, bad frames answered and never a panic.

mod json_common;
mod support;

use std::time::Duration;

use atomicd::account::Titles;
use json_common::{JsonClient, board_of, line_ids};
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
    server.add_user("Alice", "apple", Titles {
        td: true,
        ..Titles::default()
    });
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
    seen.push(carol.expect_where("an offer seen", |m| m["type"] == "game_offer").await);
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
    assert!(undocumented.is_empty(), "not in the document: {undocumented:?}");
}
