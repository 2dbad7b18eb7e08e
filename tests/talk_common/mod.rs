//! What the talk tests share: registered users in one call, exact checks
//! of unsolicited lines, and a login that keeps its start text.

#![allow(dead_code)]

use atomicd::account::Titles;

use crate::support::{Client, TestServer};

/// Registers `name` (password `pw`) with these titles.
pub fn register(server: &TestServer, name: &str, titles: Titles) {
    server.add_user(name, "pw", titles);
}

/// Registers `name` and logs in.
pub async fn registered(server: &TestServer, name: &str) -> Client {
    register(server, name, Titles::default());
    server.user(name, "pw").await
}

/// Logs in a registered user; returns the client and the start text (the
/// session line, the message of the day and the notices).
pub async fn login_with_start(server: &TestServer, name: &str) -> (Client, String) {
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send(name).await;
    c.expect("password: ").await;
    c.send("pw").await;
    let start = c.expect("fics% ").await;
    assert!(start.contains("**** Starting FICS session as"), "{start}");
    (c, start)
}

/// Asserts that the next thing the client receives is exactly this
/// unsolicited text (lines ending in `\n`), framed as the server frames
/// it: a newline first, the prompt after.
pub async fn heard(c: &mut Client, text: &str) {
    let got = c.expect("fics% ").await;
    assert_eq!(got, format!("\n{text}fics% "));
}

/// Logs out and waits until the server has closed the connection.
pub async fn quit(mut c: Client) {
    c.send("quit").await;
    c.expect_closed().await;
}
