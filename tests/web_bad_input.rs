//! Bad input on the web port: oversized frames and lines, invalid UTF-8, a
//! flood of frames, a forbidden Origin, junk HTTP. Each gets a clear answer
//! or a clean close; the server stays up and other sessions go on.

mod support;
mod web_common;

use support::{Client, Framing, TestServer};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

/// A telnet user and a WebSocket user, both at the prompt: they must not
/// notice anything of what the tests do to others.
async fn bystanders(server: &TestServer) -> (Client, Client) {
    let telnet = server.named("Telly").await;
    let mut web = server.connect_ws(Framing::Text).await;
    web.expect("login: ").await;
    web.send("Webby").await;
    web.expect("Press return").await;
    web.send("").await;
    web.expect("fics% ").await;
    (telnet, web)
}

async fn still_fine(telnet: &mut Client, web: &mut Client) {
    assert!(
        telnet
            .command("finger webby")
            .await
            .contains("Finger of Webby")
    );
    assert!(
        web.command("finger telly")
            .await
            .contains("Finger of Telly")
    );
}

async fn logged_in(server: &TestServer, name: &str) -> Client {
    let mut c = server.connect_ws(Framing::Text).await;
    c.expect("login: ").await;
    c.send(name).await;
    c.expect("Press return").await;
    c.send("").await;
    c.expect("fics% ").await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_lines_are_refused_and_oversized_frames_close_the_socket() {
    let server = TestServer::start().await;
    let (mut telnet, mut web) = bystanders(&server).await;
    let mut c = logged_in(&server, "Longa").await;
    // A line over 1,024 bytes: the telnet port's answer, and the session goes on.
    c.send(&"x".repeat(2000)).await;
    assert_eq!(
        c.expect("fics% ").await,
        "Your line was too long and has been ignored.\nfics% "
    );
    assert!(c.command("finger").await.contains("Finger of Longa"));
    // A message over the limit closes the connection with 1009.
    c.send_message(Message::text("y".repeat(100 * 1024))).await;
    c.expect_closed().await;
    assert_eq!(c.close_codes, [1009]);
    still_fine(&mut telnet, &mut web).await;
    let who = telnet.command("who").await;
    assert!(!who.contains("Longa"), "{who}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_utf8_in_a_text_frame_closes_with_1007() {
    let server = TestServer::start().await;
    let (mut telnet, mut web) = bystanders(&server).await;
    let mut c = logged_in(&server, "Badbytes").await;
    let frame = Frame::message(vec![b'w', 0xff, 0xfe, b'o'], OpCode::Data(Data::Text), true);
    c.send_message(Message::Frame(frame)).await;
    c.expect_closed().await;
    assert_eq!(c.close_codes, [1007]);
    still_fine(&mut telnet, &mut web).await;
    // Raw bytes in a binary frame on a binary socket are fine: dropped
    // like telnet's. (On a text socket a binary frame closes it: see
    // a_frame_of_the_other_framing_closes_with_1003.)
    let mut b = server.connect_ws(Framing::Binary).await;
    b.expect("login: ").await;
    b.send("Binbytes").await;
    b.expect("Press return").await;
    b.send("").await;
    b.expect("fics% ").await;
    b.send_message(Message::binary(b"fin\xe9ger\n".to_vec()))
        .await;
    assert!(b.expect("fics% ").await.contains("Finger of Binbytes"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_flood_costs_only_the_flooder() {
    // A flooder far behind its command budget is cut after 5 s (not the
    // default minute), so that the test does not wait for it.
    let server = TestServer::start_with(|c| c.command_budget.disconnect_after_seconds = 5.0).await;
    let (mut telnet, mut web) = bystanders(&server).await;
    let mut flood = logged_in(&server, "Flooder").await;
    // Ten thousand frames, never reading a reply: the input waits in the
    // socket, the replies fill the flooder's own buffer.
    for i in 0..10_000 {
        flood
            .send_message(Message::text(format!("tell flooder {i}")))
            .await;
    }
    still_fine(&mut telnet, &mut web).await;
    // The flooder is still served once it reads again, or was cut for not
    // reading or for flooding: never stuck, and nobody else paid.
    flood.send("finger").await;
    if flood.expect_or_closed("Finger of Flooder").await.is_none() {
        let metrics = web_common::get(&server, "/metrics").await;
        assert!(
            !metrics.body.contains("atomicd_slow_clients_cut_total 0")
                || !metrics.body.contains("atomicd_flooders_cut_total 0"),
            "a cut flooder is counted: {}",
            metrics.body
        );
    }
    still_fine(&mut telnet, &mut web).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_gets_403_and_listed_ones_get_in() {
    let server =
        TestServer::start_with(|c| c.web_origins = vec!["https://play.example.org".into()]).await;
    let upgrade = |origin: &str| {
        format!(
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: {origin}\r\n"
        )
    };
    let evil = web_common::get_with(&server, "/ws", &upgrade("https://evil.example")).await;
    assert_eq!(evil.status, 403);
    assert!(
        evil.body.contains("may not open a session"),
        "{}",
        evil.body
    );
    let own = format!("http://{}", server.web);
    for origin in ["https://play.example.org", own.as_str()] {
        let mut request =
            tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
                format!("ws://{}/ws", server.web),
            )
            .unwrap();
        request
            .headers_mut()
            .insert("Origin", origin.parse().unwrap());
        let (_ws, response) = tokio_tungstenite::connect_async(request)
            .await
            .unwrap_or_else(|e| panic!("{origin}: {e}"));
        assert_eq!(response.status(), 101, "{origin}");
    }
    let metrics = web_common::get(&server, "/metrics").await;
    assert!(
        metrics.body.contains("atomicd_ws_refused_origin_total 1"),
        "{}",
        metrics.body
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_http_gets_400_or_a_close_and_the_server_goes_on() {
    let server = TestServer::start().await;
    let (mut telnet, mut web) = bystanders(&server).await;
    for junk in [
        &b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"[..], // a TLS hello
        b"GET\r\n\r\n",
        b"NONSENSE / HTTP/9.9\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
        b"\xff\xfb\x01\xff\xfd\x03login\n",
        b"GET /api/games HTTP/1.1\r\nHost: x\r\nX: \x01\x02\r\n\r\n",
    ] {
        let answer = web_common::raw(&server, junk).await;
        let text = String::from_utf8_lossy(&answer);
        assert!(
            answer.is_empty()
                || text.starts_with("HTTP/1.1 400")
                || text.starts_with("HTTP/1.1 505"),
            "{junk:?}: {text:?}"
        );
    }
    let long_path = format!("/api/players/{}", "a".repeat(100_000));
    let answer = web_common::get(&server, &long_path).await;
    assert!(answer.status >= 400, "{}", answer.status);
    let not_ws = web_common::get(&server, "/ws").await;
    assert!(
        not_ws.status >= 400 && not_ws.status < 500,
        "{}",
        not_ws.status
    );
    assert_eq!(web_common::get(&server, "/healthz").await.status, 200);
    still_fine(&mut telnet, &mut web).await;
}

/// A frame of the other framing's kind closes the socket with 1003: raw
/// bytes in a binary frame must not slip past the text framing's rules
/// (UTF-8, no telnet commands), nor text into a telnet byte stream.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_of_the_other_framing_closes_with_1003() {
    let server = TestServer::start().await;
    let (mut telnet, mut web) = bystanders(&server).await;
    let mut text = logged_in(&server, "Textual").await;
    text.send_message(Message::binary(b"finger\n\xff\xfd\x01".to_vec()))
        .await;
    text.expect_closed().await;
    assert_eq!(text.close_codes, [1003]);
    let mut binary = server.connect_ws(Framing::Binary).await;
    binary.expect("login: ").await;
    binary.send_message(Message::text("guest")).await;
    binary.expect_closed().await;
    assert_eq!(binary.close_codes, [1003]);
    still_fine(&mut telnet, &mut web).await;
    let who = telnet.command("who").await;
    assert!(!who.contains("Textual"), "{who}");
}

/// A browser that closes with 1000 gets its close frame back (RFC 6455
/// §5.5.1), not a dropped connection (which it would report as 1006).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_from_the_browser_is_answered_in_kind() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    let server = TestServer::start().await;
    let (mut telnet, mut web) = bystanders(&server).await;
    let mut ws = logged_in(&server, "Leaving").await.into_ws();
    ws.send(Message::Close(Some(CloseFrame {
        code: CloseCode::Normal,
        reason: "bye".into(),
    })))
    .await
    .unwrap();
    let answer = loop {
        match tokio::time::timeout(support::PATIENCE, ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => continue, // output sent before the close
            other => panic!("no close frame from the server: {other:?}"),
        }
    };
    assert_eq!(answer.map(|f| f.code), Some(CloseCode::Normal));
    still_fine(&mut telnet, &mut web).await;
}
