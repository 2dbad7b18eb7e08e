//! `/ws`: the FICS protocol over WebSocket, over real sockets. Every kind
//! of login, whole games against telnet players in text and binary
//! frames (timeseal included), block mode, a browser that leaves mid-game,
//! and the keep-alive pings.

mod support;
mod web_common;

use atomicd::account::Titles;
use futures_util::{SinkExt, StreamExt};
use support::{Client, Framing, TestServer, style12_fields, timeseal_line};
use tokio_tungstenite::tungstenite::Message;

/// Frames the text client has read so far hold no telnet command.
fn no_telnet_commands(text: &str) {
    assert!(
        !text.contains('\u{fffd}') && !text.contains('\u{ff}'),
        "{text:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_login_kind_over_text_frames() {
    let server = TestServer::start().await;
    server.add_user("Alice", "secret", Titles::default());

    let mut guest = server.connect_ws(Framing::Text).await;
    let name = guest.login_guest().await;
    assert!(name.starts_with("Guest") && name.len() == 9, "{name}");
    let who = guest.command("who").await;
    assert!(who.contains(&format!("{name}(U)")), "{who}");

    let mut named = server.connect_ws(Framing::Text).await;
    named.expect("login: ").await;
    named.send("Webster").await;
    named.expect("\"Webster\" is not a registered name.").await;
    named.expect("Press return").await;
    named.send("").await;
    let start = named.expect("fics% ").await;
    assert!(
        start.contains("**** Starting FICS session as Webster(U) ****"),
        "{start}"
    );

    // A wrong password, then the right one: no telnet command in any frame
    // (the echo-off of the password prompt is dropped for text frames).
    let mut alice = server.connect_ws(Framing::Text).await;
    alice.expect("login: ").await;
    alice.send("alice").await;
    let prompt = alice.expect("password: ").await;
    no_telnet_commands(&prompt);
    alice.send("wrong").await;
    let refused = alice.expect("login: ").await;
    assert!(refused.contains("**** Invalid password! ****"), "{refused}");
    no_telnet_commands(&refused);
    alice.send("alice").await;
    alice.expect("password: ").await;
    alice.send("secret").await;
    let start = alice.expect("fics% ").await;
    assert!(
        start.contains("**** Starting FICS session as Alice ****"),
        "{start}"
    );
    no_telnet_commands(&start);

    // The telnet side sees them all, as anyone else.
    let mut t = server.connect_telnet().await;
    t.login_guest().await;
    let who = t.command("who").await;
    for n in [name.as_str(), "Webster(U)", "Alice"] {
        assert!(who.contains(n), "{n} in {who}");
    }
    let metrics = web_common::get(&server, "/metrics").await.body;
    assert!(
        metrics.contains("atomicd_logins_total{kind=\"registered\"} 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("atomicd_logins_total{kind=\"failed\"} 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("atomicd_logins_total{kind=\"guest\"} 2"),
        "{metrics}"
    );
    assert!(
        metrics.contains("atomicd_connections_open{transport=\"ws_text\"} 3"),
        "{metrics}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_text_frames_against_a_telnet_player() {
    let server = TestServer::start().await;
    let mut web = server.connect_ws(Framing::Text).await;
    web.expect("login: ").await;
    web.send("Webby").await;
    web.expect("Press return").await;
    web.send("").await;
    web.expect("fics% ").await;
    let mut tel = server.named("Telly").await;
    for c in [&mut web, &mut tel] {
        c.command("set bell 0").await;
        c.command("style 12").await;
    }
    web.start_game_with(&mut tel, "3 0").await;
    // The trap: 1. Nf3 a6 2. Ng5 a5 3. Nxf7 blows up the black king.
    for (i, mv) in ["Nf3", "a6", "Ng5", "a5"].iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut web, &mut tel)
        } else {
            (&mut tel, &mut web)
        };
        let mine = mover.play(mv).await;
        let theirs = other.next_message().await;
        assert_eq!(style12_fields(&mine)[1..19], style12_fields(&theirs)[1..19]);
    }
    let last = web.play("Nxf7").await;
    assert!(
        last.contains("{Game 1 (Webby vs. Telly) Telly's king exploded} 1-0"),
        "{last}"
    );
    let heard = tel.expect("king exploded} 1-0").await;
    assert!(
        heard.contains("{Game 1 (Webby vs. Telly) Telly's king exploded} 1-0"),
        "{heard}"
    );
    no_telnet_commands(&last);
    let metrics = web_common::get(&server, "/metrics").await.body;
    assert!(
        metrics.contains("atomicd_moves_relayed_total 5"),
        "{metrics}"
    );
    assert!(
        metrics.contains("atomicd_relay_latency_seconds_count 5"),
        "{metrics}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeseal_game_in_binary_frames() {
    let server = TestServer::start().await;
    let mut stamp = 10_000u32;
    let mut tim = server.connect_ws(Framing::Binary).await;
    let mut line = |text: &str| {
        stamp += 100;
        timeseal_line(text, stamp)
    };
    tim.send_raw(&line("TIMESEAL2|tester|test suite|")).await;
    tim.expect("login: ").await;
    tim.send_raw(&line("Tim")).await;
    tim.expect("Press return").await;
    tim.send_raw(&line("")).await;
    tim.expect("fics% ").await;
    for cmd in ["set bell 0", "style 12", "iset ms 1"] {
        tim.send_raw(&line(cmd)).await;
        tim.expect("fics% ").await;
    }
    let mut bob = server.named("Bob").await;
    bob.command("set bell 0").await;
    bob.command("style 12").await;
    tim.send_raw(&line("match bob 1 0 white")).await;
    tim.expect("fics% ").await;
    bob.next_message().await;
    bob.command("accept").await;
    bob.next_message().await;
    tim.expect("Creating: ").await;
    let start = tim.expect_bytes(b"fics% ").await;
    assert!(
        start.windows(4).any(|w| w == b"[G]\n"),
        "{:?}",
        support::text(&start)
    );
    tim.send_raw(&line("\u{2}9")).await;
    tim.send_raw(&line("e4")).await;
    tim.expect("fics% ").await;
    bob.next_message().await;
    bob.play("e5").await;
    let board = tim.expect_bytes(b"fics% ").await;
    assert!(
        board.windows(4).any(|w| w == b"[G]\n"),
        "{:?}",
        support::text(&board)
    );
    tim.send_raw(&line("\u{2}9")).await;
    tim.send_raw(&line("Nf3")).await;
    let mine = tim.next_message().await;
    assert_eq!(style12_fields(&mine)[27], "N/g1-f3", "{mine}");
    bob.next_message().await;
    let finger = bob.command("finger tim").await;
    assert!(finger.contains("Timeseal 1 : On"), "{finger}");
    // The raw stream keeps its telnet bytes: a registered login's echo-off.
    server.add_user("Alice", "pw", Titles::default());
    let mut alice = server.connect_ws(Framing::Binary).await;
    alice.expect("login: ").await;
    alice.send("Alice").await;
    let prompt = alice.expect_bytes(b"password: ").await;
    assert!(!prompt.contains(&0xff), "echo-off comes after the prompt");
    let echo_off = alice.expect_bytes(&[0xff, 0xfb, 0x01]).await;
    assert!(echo_off.len() == 3, "{echo_off:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn block_mode_over_websocket() {
    let server = TestServer::start().await;
    let mut c = server.connect_ws(Framing::Text).await;
    c.login_guest().await;
    let set = c.command("iset block 1").await;
    assert_eq!(set, "block set.\n\u{17}\n");
    c.send("12 set style 12").await;
    let reply = c.expect("fics% ").await;
    assert_eq!(
        reply,
        "\u{15}12\u{16}109\u{16}Style 12 set.\n\u{17}\nfics% "
    );
    c.send("who").await;
    let reply = c.expect("fics% ").await;
    assert_eq!(reply, "\u{15}0\u{16}519\u{16}\u{17}\nfics% ");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_that_closes_mid_game_leaves_an_adjourned_game() {
    let server = TestServer::start().await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut web = server.connect_ws(Framing::Text).await;
    web.login("Bob", "pw").await;
    let mut alice = server.connect_telnet().await;
    alice.login("Alice", "pw").await;
    for c in [&mut web, &mut alice] {
        c.command("set bell 0").await;
        c.command("style 12").await;
    }
    alice.start_game_with(&mut web, "3 0").await;
    alice.play("d4").await;
    web.next_message().await;
    web.hang_up().await;
    let end = alice.expect("} *").await;
    assert!(
        end.contains("{Game 1 (Alice vs. Bob) Bob lost connection; game adjourned} *"),
        "{end}"
    );
    alice.expect("fics% ").await;
    let stored = alice.command("stored").await;
    assert!(stored.contains("Bob"), "{stored}");
    // Bob comes back in a browser and the game goes on from d4.
    let mut web = server.connect_ws(Framing::Text).await;
    web.login("Bob", "pw").await;
    web.command("set bell 0").await;
    web.command("style 12").await;
    web.send("resume alice").await;
    alice.expect("Challenge:").await;
    alice.expect("fics% ").await;
    alice.send("resume bob").await;
    let mut board = web.expect("fics% ").await;
    while !board.contains("<12> ") {
        board = web.expect("fics% ").await;
    }
    assert_eq!(style12_fields(&board)[27], "P/d2-d4", "{board}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_pings_and_drops_a_browser_that_never_answers() {
    let server = TestServer::start_with(|c| c.web_ping_seconds = 1).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.web))
        .await
        .unwrap();
    // Read until a ping comes (tungstenite answers it when we read on).
    let ping = tokio::time::timeout(support::PATIENCE, async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Ping(_))) => return true,
                Some(Ok(_)) => continue,
                _ => return false,
            }
        }
    })
    .await
    .expect("a ping within the patience");
    assert!(ping);
    // A client that stops reading never sends its pongs: it is dropped,
    // and its login slot and name with it.
    drop(ws);
    let mut raw = tokio::net::TcpStream::connect(server.web).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        server.web
    );
    raw.write_all(upgrade.as_bytes()).await.unwrap();
    // Never answer anything: the server closes within a few pings.
    let mut sink = Vec::new();
    let closed = tokio::time::timeout(support::PATIENCE, raw.read_to_end(&mut sink)).await;
    assert!(closed.is_ok(), "the silent client was dropped");
    assert!(String::from_utf8_lossy(&sink).starts_with("HTTP/1.1 101"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subprotocol_chooses_binary_frames() {
    let server = TestServer::start().await;
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
            "ws://{}/ws",
            server.web
        ))
        .unwrap();
    request
        .headers_mut()
        .insert("Sec-WebSocket-Protocol", "binary".parse().unwrap());
    let (mut ws, response) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(
        response.headers().get("sec-websocket-protocol").unwrap(),
        "binary"
    );
    let first = tokio::time::timeout(support::PATIENCE, ws.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(matches!(first, Message::Binary(_)), "{first:?}");
    ws.send(Message::Close(None)).await.unwrap();
    // Without it, text frames.
    let mut text = Client::connect_ws(server.web, Framing::Text).await;
    text.expect("login: ").await;
}
