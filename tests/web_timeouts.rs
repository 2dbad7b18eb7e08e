//! HTTP connections that hold a place without using it are closed: one
//! that connects and says nothing, one that sends its request's head a
//! byte at a time (slowloris), one kept alive and quiet after its answer,
//! one that stops reading an answer. Before, each stayed open for ever,
//! and a few hundred of them locked everybody out of the telnet port too.
//!
//! The tests shorten the limits (1 s for a head, 3 s idle) so as not to
//! wait the defaults' 10 s and 60 s; every bound they check has a margin
//! of a second or more for a loaded machine.

mod support;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::Instant;

use support::{Client, Framing, PATIENCE, TestServer};

fn quick(c: &mut atomicd::Config) {
    c.web_header_timeout_seconds = 1.0;
    c.web_idle_timeout_seconds = 3.0;
}

fn local(n: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, n])
}

async fn tcp_from(to: SocketAddr, from: IpAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    socket.connect(to).await.unwrap()
}

/// Reads until the server closes the connection; how long that took from
/// `since`, and what came.
async fn until_closed(stream: &mut TcpStream, since: Instant) -> (Duration, Vec<u8>) {
    let mut got = Vec::new();
    let read = tokio::time::timeout(PATIENCE, async {
        let mut chunk = [0u8; 4096];
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&chunk[..n]),
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the connection is still open after {PATIENCE:?}"
    );
    (since.elapsed(), got)
}

/// Whether the server has closed `stream` (it is read for a moment).
async fn is_closed(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    match tokio::time::timeout(Duration::from_millis(50), stream.read(&mut byte)).await {
        Ok(Ok(0)) | Ok(Err(_)) => true,
        Ok(Ok(_)) => panic!("unexpected bytes from the server"),
        Err(_) => false,
    }
}

/// Sends `byte` every 150 ms, as a slowloris client does, until the
/// server closes the connection; how long that took from `since`.
async fn drip_until_closed(stream: &mut TcpStream, byte: u8, since: Instant) -> Duration {
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(150)).await;
        if stream.write_all(&[byte]).await.is_err() || is_closed(stream).await {
            return since.elapsed();
        }
    }
    panic!("still open after 100 bytes over 15 s");
}

/// Reads one whole answer to `GET /healthz` (its body is "ok\n").
async fn read_answer(stream: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let mut chunk = [0u8; 4096];
    while !String::from_utf8_lossy(&got).ends_with("ok\n") {
        let n = tokio::time::timeout(PATIENCE, stream.read(&mut chunk))
            .await
            .expect("an answer")
            .unwrap();
        assert!(
            n > 0,
            "closed before the answer: {:?}",
            String::from_utf8_lossy(&got)
        );
        got.extend_from_slice(&chunk[..n]);
    }
    String::from_utf8_lossy(&got).into_owned()
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_nothing_is_closed_after_the_header_time() {
    let server = TestServer::start_with(quick).await;
    let start = Instant::now();
    let mut silent = tcp_from(server.web, local(1)).await;
    let (after, got) = until_closed(&mut silent, start).await;
    assert!(got.is_empty(), "{:?}", String::from_utf8_lossy(&got));
    assert!(
        after >= Duration::from_millis(900),
        "closed too soon: {after:?}"
    );
    assert!(
        after < Duration::from_millis(2900),
        "closed after {after:?}, not ~1 s"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_sent_a_byte_at_a_time_is_cut_off() {
    let server = TestServer::start_with(quick).await;
    let start = Instant::now();
    let mut slow = tcp_from(server.web, local(1)).await;
    slow.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
    let after = drip_until_closed(&mut slow, b'X', start).await;
    assert!(
        after >= Duration::from_millis(900),
        "closed too soon: {after:?}"
    );
    assert!(
        after < Duration::from_millis(2900),
        "closed after {after:?}, not ~1 s"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_alive_connection_may_idle_then_is_closed() {
    let server = TestServer::start_with(quick).await;
    let mut conn = tcp_from(server.web, local(1)).await;
    conn.write_all(HEALTHZ).await.unwrap();
    assert!(read_answer(&mut conn).await.starts_with("HTTP/1.1 200"));
    // Past the header time, a quiet kept-alive connection is still open...
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(
        !is_closed(&mut conn).await,
        "closed at the header time, not the idle time"
    );
    // ...and serves the next request.
    conn.write_all(HEALTHZ).await.unwrap();
    assert!(read_answer(&mut conn).await.starts_with("HTTP/1.1 200"));
    let (after, _) = until_closed(&mut conn, Instant::now()).await;
    assert!(
        after >= Duration::from_millis(2500),
        "closed too soon: {after:?}"
    );
    assert!(
        after < Duration::from_secs(8),
        "closed after {after:?}, not ~3 s"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_later_request_has_the_header_time_from_its_first_byte() {
    let server = TestServer::start_with(quick).await;
    let mut conn = tcp_from(server.web, local(1)).await;
    conn.write_all(HEALTHZ).await.unwrap();
    read_answer(&mut conn).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let first_byte = Instant::now();
    conn.write_all(b"G").await.unwrap();
    let after = drip_until_closed(&mut conn, b'E', first_byte).await;
    assert!(
        after >= Duration::from_millis(900),
        "closed too soon: {after:?}"
    );
    assert!(
        after < Duration::from_millis(2500),
        "closed after {after:?}, not ~1 s"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_an_answer_is_closed_after_the_idle_time() {
    let server = TestServer::start_with(quick).await;
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.bind(SocketAddr::new(local(1), 0)).unwrap();
    let mut conn = socket.connect(server.web).await.unwrap();
    // The script, uncompressed: far more than both sockets' buffers hold.
    conn.write_all(b"GET /assets/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_secs(6)).await;
    let (_, got) = until_closed(&mut conn, Instant::now()).await;
    let text = String::from_utf8_lossy(&got);
    let length: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("a content-length");
    assert!(length > 50_000, "{length}");
    assert!(
        got.len() < length,
        "the whole answer came ({} bytes): the stalled write was not cut",
        got.len()
    );
}

/// With `max_connections` silent web connections from other addresses,
/// nobody else could log in: the server is full. Once they have been
/// closed (after the header time), telnet and the web take people again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_connections_cannot_lock_out_everybody() {
    let server = TestServer::start_with(|c| {
        quick(c);
        c.max_connections = 24;
    })
    .await;
    let mut hogs = Vec::new();
    for n in 0..24u8 {
        hogs.push(tcp_from(server.web, local(2 + n % 4)).await);
    }
    // Give the listener a moment to take them all.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut refused = Client::connect_from(server.addr, local(1)).await;
    let said = refused.expect_closed().await;
    assert!(said.contains("too many connections"), "{said}");
    // The hogs are closed after the header time...
    for hog in &mut hogs {
        until_closed(hog, Instant::now()).await;
    }
    // ...and the server is open to others at once.
    let mut telnet = Client::connect_from(server.addr, local(1)).await;
    telnet.login_guest().await;
    let mut web = Client::try_ws(server.web, local(1), Framing::Text, &[])
        .await
        .expect("a WebSocket");
    web.login_guest().await;
}

/// A WebSocket session, once upgraded, is not an idle HTTP connection: it
/// lives past both limits (its own pings keep watch over it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_session_outlives_the_http_limits() {
    let server = TestServer::start_with(quick).await;
    let mut web = server.connect_ws(Framing::Text).await;
    let name = web.login_guest().await;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let finger = web.command("finger").await;
    assert!(finger.contains(&format!("Finger of {name}")), "{finger}");
}
